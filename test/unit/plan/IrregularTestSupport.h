//===- IrregularTestSupport.h - helpers for the irregular scheduler tests -===//
//
// Running one registered scheduler on a gen_block pair (or a table) without
// makePlan's fallback, so a test sees exactly what the algorithm produced,
// and writing schedules as message-index sets for comparison with the
// papers' figures (the papers' m1 is index 0).
//
//===----------------------------------------------------------------------===//
#ifndef HPF_TEST_IRREGULARTESTSUPPORT_H
#define HPF_TEST_IRREGULARTESTSUPPORT_H

#include "plan/CommTable.h"
#include "plan/Schedule.h"
#include "plan/Scheduler.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <set>
#include <vector>

namespace hpf::plan::testing {

inline CommTable genBlockTable(const std::vector<Index> &Src,
                               const std::vector<Index> &Dst) {
  return computeCommTable(Distribution::genBlock(Src),
                          Distribution::genBlock(Dst));
}

/// The named scheduler's own schedule (empty steps dropped).
inline Schedule run(std::string_view Name, const CommTable &T,
                    double LocalRatio = 1.0, std::uint64_t Seed = 0) {
  const Scheduler *S = findScheduler(Name);
  EXPECT_NE(S, nullptr) << Name;
  PlanRequest Req;
  Req.Table = &T;
  Req.Seed = Seed;
  Req.Weights.LocalRatio = LocalRatio;
  std::string Why;
  EXPECT_TRUE(S->applicable(Req, &Why)) << Name << ": " << Why;
  Schedule Out = S->schedule(Req);
  Out.dropEmptySteps();
  return Out;
}

/// Steps as sets of message indices, in step order.
inline std::vector<std::set<std::size_t>> stepSets(const Schedule &S) {
  std::vector<std::set<std::size_t>> Out;
  for (const auto &Step : S.Steps)
    Out.emplace_back(Step.begin(), Step.end());
  return Out;
}

/// Random block sizes summing to N over P blocks: P - 1 uniform cut points,
/// so zero blocks and (between two such lists) coincident boundaries occur.
inline std::vector<Index> randomCuts(std::mt19937_64 &Rng, int P, Index N) {
  std::vector<Index> Cuts{0, N};
  std::uniform_int_distribution<Index> U(0, N);
  for (int I = 0; I + 1 < P; ++I)
    Cuts.push_back(U(Rng));
  std::sort(Cuts.begin(), Cuts.end());
  std::vector<Index> Sizes;
  for (std::size_t I = 1; I < Cuts.size(); ++I)
    Sizes.push_back(Cuts[I] - Cuts[I - 1]);
  return Sizes;
}

} // namespace hpf::plan::testing

#endif // HPF_TEST_IRREGULARTESTSUPPORT_H
