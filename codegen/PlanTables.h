//===- codegen/PlanTables.h - static plans as C++ constant tables -*- C++
//-*-===//
//
// A plan computed at compile time is emitted as the constant tables of
// hpf::static_plan (runtime/mpi/StaticPlan.h): messages, step offsets, step
// message indices and group offsets. Their size is O(messages), independent
// of the array extent. Free of Clang headers, unit-tested directly.
//
//===----------------------------------------------------------------------===//
#ifndef HPF_CODEGEN_PLANTABLES_H
#define HPF_CODEGEN_PLANTABLES_H

#include "plan/Plan.h"

#include <cstdint>
#include <string>
#include <vector>

namespace hpf::codegen {

/// The flattened form of a plan, field for field what hpf::static_plan
/// points to.
struct PlanTables {
  long long N = 0;
  int P = 0, Q = 0;
  std::string SrcFormat, DstFormat, Scheduler;
  std::uint64_t Fingerprint = 0;
  std::vector<plan::Message> Messages;
  std::vector<int> StepOffsets;  ///< steps + 1
  std::vector<int> StepMessages; ///< message indices
  std::vector<int> GroupOffsets; ///< empty, or groups + 1
};

PlanTables flattenPlan(const plan::Plan &Pl, const plan::Distribution &Src,
                       const plan::Distribution &Dst);

/// The inverse, for tests: the table and schedule the tables describe.
plan::Plan unflattenPlan(const PlanTables &T);

/// C++ definitions of `static const hpf::static_plan <Name>` and its
/// arrays, with a comment block summarising the plan.
std::string emitPlanTables(const PlanTables &T, const std::string &Name,
                           const std::string &Comment);

} // namespace hpf::codegen

#endif // HPF_CODEGEN_PLANTABLES_H
