//===- hpf-plan/Study.h - random gen_block workloads for `study` -*- C++
//-*-===//
//
// The papers' simulation inputs, reproducible from a seed on any platform
// (splitmix64, no std:: distributions, whose output is implementation
// defined):
//  * uneven (paper 004, simulation A): P - 1 uniform cut points in [0, N],
//    so block sizes vary widely and zero blocks occur;
//  * even (paper 004, simulation B): every block within +-30% of N / P;
//  * bound (paper 002): source blocks uniform in [0, U]; destination blocks
//    the same, then adjusted by unit moves (staying in [0, U]) to the same
//    total.
//
//===----------------------------------------------------------------------===//
#ifndef HPF_TOOLS_HPF_PLAN_STUDY_H
#define HPF_TOOLS_HPF_PLAN_STUDY_H

#include "plan/Distribution.h"

#include <cstdint>
#include <string>
#include <vector>

namespace hpf::tools::study {

class Rng {
public:
  explicit Rng(std::uint64_t Seed) : State(Seed) {}
  std::uint64_t next();
  /// Uniform in [Lo, Hi] (inclusive).
  plan::Index uniform(plan::Index Lo, plan::Index Hi);

private:
  std::uint64_t State;
};

enum class Sizes { Uneven, Even, Bound };

/// Parses "uneven" / "even" / "bound"; throws plan::PlanError otherwise.
Sizes parseSizes(const std::string &S);

/// One source/destination pair of block-size lists with equal totals.
struct Workload {
  std::vector<plan::Index> Src, Dst;
};

/// P blocks each side. N is the total for uneven/even; U the bound.
Workload makeWorkload(Rng &R, Sizes Kind, int P, plan::Index N, plan::Index U);

/// "4..24" (step 1), "4..24:2" (step 2), "8..1024*2" (doubling) or
/// "4,6,8"; throws plan::PlanError with the syntax on bad input.
std::vector<int> parseProcessorList(const std::string &Spec);

} // namespace hpf::tools::study

#endif // HPF_TOOLS_HPF_PLAN_STUDY_H
