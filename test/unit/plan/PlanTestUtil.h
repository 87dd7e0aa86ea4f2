//===- PlanTestUtil.h - oracles shared by the plan-library tests -*- C++
//-*-===//
#ifndef HPF_TEST_UNIT_PLAN_PLANTESTUTIL_H
#define HPF_TEST_UNIT_PLAN_PLANTESTUTIL_H

#include "plan/CommTable.h"
#include "plan/Distribution.h"

#include <algorithm>
#include <map>
#include <random>
#include <utility>
#include <vector>

namespace hpf::plan::test {

/// The per-element oracle: elements per (src, dst) pair.
inline std::map<std::pair<int, int>, Index>
bruteForceTable(const Distribution &S, const Distribution &D) {
  std::map<std::pair<int, int>, Index> M;
  for (Index G = 0; G < S.size(); ++G)
    ++M[{S.owner(G), D.owner(G)}];
  return M;
}

inline std::map<std::pair<int, int>, Index> asMap(const CommTable &T) {
  std::map<std::pair<int, int>, Index> M;
  for (const Message &Msg : T.Messages)
    M[{Msg.Src, Msg.Dst}] = Msg.Size;
  return M;
}

/// Random gen_block sizes summing to N over P blocks, zeros likely.
inline std::vector<Index> randomGenBlock(std::mt19937_64 &Rng, Index N, int P) {
  std::vector<Index> Cuts{0, N};
  std::uniform_int_distribution<Index> Pick(0, N);
  for (int I = 1; I < P; ++I)
    Cuts.push_back(Rng() % 4 == 0 ? Cuts[size_t(Rng() % Cuts.size())]
                                  : Pick(Rng));
  std::sort(Cuts.begin(), Cuts.end());
  std::vector<Index> Sizes;
  for (size_t I = 1; I < Cuts.size(); ++I)
    Sizes.push_back(Cuts[I] - Cuts[I - 1]);
  return Sizes;
}

} // namespace hpf::plan::test

#endif
