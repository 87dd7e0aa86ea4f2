//===- plan/RunsND.h - N-D messages as runs over local storage --*- C++ -*-===//
//
// The runtime moves an N-D message with the same executors as a 1-D one, so
// its index set must be 1-D runs: the tensor product of the per-dimension
// runs of CommTableND, flattened over the row-major LOCAL linear index on
// both sides. Both sides enumerate the message in the same order: the
// elements of the outer dimensions (0 .. rank-2) in 1-D message order, outer
// dimension slowest, and for each of those positions ("a row") the last
// dimension's runs shifted to that row. SrcRuns[r] and DstRuns[r] keep the
// same Length and Count (the CommTable contract).
//
// Compaction, so run lists stay short where the layout allows it:
//  - rows whose part of the message is one contiguous segment on both sides
//    merge: consecutive segments on both sides into one longer segment,
//    equally spaced ones into one strided run ((block, *) -> (*, block) is
//    one run per message);
//  - the executors walk consecutive runs with the same block count > 1 as a
//    bundle, period by period (mpi/CopyKernel.h), which across rows would be a
//    column-order walk over memory; an empty run (Count 1) is put between
//    two rows whose boundary runs would bundle, so each row is walked in
//    order.
// What stays long: a last dimension with several blocks per row (cyclic(k)
// on both sides) needs one run per row and message; the run count is then
// about (rows of the message) x (runs of its last-dimension 1-D message).
//
//===----------------------------------------------------------------------===//
#ifndef HPF_PLAN_RUNSND_H
#define HPF_PLAN_RUNSND_H

#include "plan/CommTableND.h"

namespace hpf::plan {

/// Fills T.Table.Runs (one entry per message) from the per-dimension runs;
/// T must have been computed WithRuns from Src and Dst. With Rank >= 0 only
/// the messages Rank sends or receives get runs (a rank needs no others; the
/// rest stay empty), with Rank < 0 all of them.
void flattenRunsND(CommTableND &T, const DistributionND &Src,
                   const DistributionND &Dst, int Rank = -1);

/// Total number of run pairs in a table (for reports and tests).
std::size_t runCount(const CommTable &T);

} // namespace hpf::plan

#endif // HPF_PLAN_RUNSND_H
