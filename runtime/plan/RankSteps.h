//===- plan/RankSteps.h - one rank's part of a scheduled plan ---*- C++ -*-===//
//
// The step-by-step executor needs a global schedule, but a rank runs only
// its own messages of each step. Keeping the whole plan (every message
// with its runs) on every rank costs O(P^2) memory over a job: 14 GB at
// 4096 simulated ranks in one SMPI process (docs/bench-simulate.md). A
// rank-steps plan keeps the whole schedule's shape (every step and group,
// a step without a message of the rank left empty, so step and group
// numbers are the whole plan's) but only the rank's messages, with runs
// from the rank's own row and column of the table (computeRankTable /
// computeRankTableND). The schedule itself is computed from the whole
// table without runs, which is what a scheduler reads.
//
//===----------------------------------------------------------------------===//
#ifndef HPF_PLAN_RANKSTEPS_H
#define HPF_PLAN_RANKSTEPS_H

#include "plan/Plan.h"

#include <cstdint>

namespace hpf::plan {

/// Whole's schedule restricted to Rank: Table becomes RankTable (the
/// messages of Whole.Table that Rank sends or receives, in the same order;
/// throws PlanError if it is not), every step lists the indices of its
/// messages in RankTable in Whole's order, Groups, Requested, Used, Notes,
/// Cost, Bounds and Valid are Whole's.
Plan rankView(const Plan &Whole, CommTable RankTable, int Rank);

/// rankView(makePlan(Src, Dst, Opts), rank's table with runs if
/// Opts.WithRuns): what the rank needs of makePlan(Src, Dst, Opts) to run
/// its steps. The whole plan is computed without runs and dropped.
/// WholeFingerprint, when given, receives fingerprint() of the whole plan
/// (the same on every rank, for cross-rank checks).
Plan makeRankStepsPlan(const DistributionND &Src, const DistributionND &Dst,
                       int Rank, const PlanOptions &Opts,
                       std::uint64_t *WholeFingerprint = nullptr);

} // namespace hpf::plan

#endif // HPF_PLAN_RANKSTEPS_H
