//===- mpi/StaticPlan.h - compiler-emitted redistribution plans -*- C++ -*-===//
//
// When every parameter of a redistribution is a compile-time constant, the
// compiler computes the plan with the plan library (hpf::plan::makePlan) and
// emits it as constant tables, so the program skips scheduling at run time.
// This header is plain data (no MPI, no plan library): the compiler may
// include it to check the field order of what it emits.
//
// Emission, for a plan `Pl` (hpf::plan::Plan) of src -> dst:
//
//   static const hpf::static_message __hpf_msg_1[] = {   // Pl.Table.Messages
//       {0, 0, 3}, {0, 1, 2}, ...};                       // {src, dst, size}
//   static const int __hpf_stepoff_1[] = {0, 3, 6};        // num_steps + 1
//   static const int __hpf_stepmsg_1[] = {0, 4, 8, 1, 5, 6};  // message
//   indices static const int __hpf_groupoff_1[] = {0, 1, 2};      // num_groups
//   + 1 static const hpf::static_plan __hpf_plan_1 = {
//       hpf::static_plan_version, 60, 5, 5, "cyclic(4)", "cyclic(3)",
//       "guo-pan", 0x1234abcdull /* hpf::plan::fingerprint(Pl) */,
//       6, __hpf_msg_1, 2, __hpf_stepoff_1, __hpf_stepmsg_1,
//       2, __hpf_groupoff_1};
//   ...
//   hpf::redistribute(A, hpf::cyclic(3), Q, __hpf_plan_1, "f.cpp:12:3");
//
// Steps list indices into `messages` (Pl.Sched.Steps); groups (large steps)
// list step offsets (Pl.Sched.Groups as consecutive ranges; num_groups = 0
// and group_offsets = nullptr when there are none). Empty arrays may be
// null pointers with a zero count.
//
// The runtime checks the plan before its first use: extent and processor
// counts, every message against the communication table it computes from
// the distributions (it needs that table's index runs anyway), the validator
// on the schedule, and the fingerprint. A mismatch ends the program with an
// error naming the redistribute's source location. HPF_SCHEDULER, when set,
// takes precedence over a static plan.
//
//===----------------------------------------------------------------------===//
#ifndef HPF_MPI_STATICPLAN_H
#define HPF_MPI_STATICPLAN_H

namespace hpf {

inline constexpr int static_plan_version = 1;

struct static_message {
  int src;        ///< rank in the source arrangement
  int dst;        ///< rank in the destination arrangement
  long long size; ///< elements
};

struct static_plan {
  int version;            ///< static_plan_version
  long long n;            ///< array extent
  int p;                  ///< source processor count
  int q;                  ///< destination processor count
  const char *src_format; ///< Distribution::format(), for messages
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
};

} // namespace hpf

#endif // HPF_MPI_STATICPLAN_H
