//===- plan/StaticPlan.h - compiler-emitted redistribution plans -*- C++ -*-=//
//
// When every parameter of a redistribution is a compile-time constant, the
// compiler computes the plan with the plan library (hpf::plan::makePlan) and
// emits it as constant tables, so the program skips scheduling at run time.
// This header is plain data (no MPI, no plan classes); generated programs
// include it through mpi/hpfrt.h. plan/StaticPlanCodec.h turns a plan into
// these tables and C++ text, and checks tables against the distributions
// before the runtime uses them.
//
// Emission, for a plan `Pl` of src -> dst (any rank; a one-dimensional
// array is rank 1 on the grid {p}):
//
//   static const hpf::static_message __hpf_plan_1_msg[] = {   // messages
//       {0, 0, 3}, {0, 1, 2}, ...};                            // {src, dst,
//   static const int __hpf_plan_1_stepoff[] = {0, 3, 6};       //  size}
//   static const int __hpf_plan_1_stepmsg[] = {0, 4, 8, 1, 5, 6};
//   static const int __hpf_plan_1_groupoff[] = {0, 1, 2};      // optional
//   static const long long __hpf_plan_1_extents[] = {60};      // per dim
//   static const int __hpf_plan_1_grids[] = {5, 5};            // src, dst
//   static const hpf::static_plan __hpf_plan_1 = {
//       hpf::static_plan_version, 60, 5, 5,
//       "cyclic(4)", "cyclic(3)", "guo-pan", 0x1234abcdull,
//       6, __hpf_plan_1_msg, 2, __hpf_plan_1_stepoff, __hpf_plan_1_stepmsg,
//       2, __hpf_plan_1_groupoff,
//       1, __hpf_plan_1_extents, 1, 1, __hpf_plan_1_grids};
//   ...
//   hpf::redistribute(A, hpf::cyclic(3), Q, __hpf_plan_1, "f.cpp:12:3");
//
// Steps list indices into `messages` (Pl.Sched.Steps); groups (large steps)
// list step offsets (Pl.Sched.Groups as consecutive ranges; num_groups = 0
// and group_offsets = nullptr when there are none). The grids hold the
// source grid's extents, then the destination grid's (a collapsed dimension
// uses none). Empty arrays may be null pointers with a zero count.
//
// The runtime checks the plan before its first use (plan::checkStaticPlan):
// extents, grids and processor counts, every message against the
// communication table it computes from the distributions (it needs that
// table's index runs anyway), the validator on the schedule, and the
// fingerprint. A mismatch ends the program with an error naming the
// redistribute's source location. HPF_SCHEDULER, when set, takes precedence
// over a static plan.
//
//===----------------------------------------------------------------------===//
#ifndef HPF_PLAN_STATICPLAN_H
#define HPF_PLAN_STATICPLAN_H

namespace hpf {

/// 2: any rank (extents and grids of both mappings); 1 was 1-D only.
inline constexpr int static_plan_version = 2;

struct static_message {
  int src;        ///< rank in the source arrangement
  int dst;        ///< rank in the destination arrangement
  long long size; ///< elements
};

struct static_plan {
  int version;            ///< static_plan_version
  long long n;            ///< element count (product of the extents)
  int p;                  ///< source processor count
  int q;                  ///< destination processor count
  const char *src_format; ///< "cyclic(4)", "(block, cyclic(2))": messages
  const char *dst_format;
  const char *scheduler;          ///< Plan::Used
  unsigned long long fingerprint; ///< hpf::plan::fingerprint(plan)
  int num_messages;
  const static_message *messages; ///< sorted by (src, dst)
  int num_steps;
  const int *step_offsets;  ///< num_steps + 1 entries
  const int *step_messages; ///< indices into messages
  int num_groups;           ///< 0: one step per group
  const int *group_offsets; ///< num_groups + 1 entries (step indices)
  int rank;                 ///< array rank
  const long long *extents; ///< rank entries
  int src_grid_rank;        ///< source grid dimensions
  int dst_grid_rank;        ///< destination grid dimensions
  const int *grids;         ///< src_grid_rank + dst_grid_rank extents
};

} // namespace hpf

#endif // HPF_PLAN_STATICPLAN_H
