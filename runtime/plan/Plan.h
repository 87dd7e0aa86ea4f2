//===- plan/Plan.h - a validated, costed redistribution plan ----*- C++ -*-===//
//
// makePlan is the one entry point the compiler, the runtime and hpf-plan
// share: communication table + schedule from the named scheduler, checked by
// the validator. A scheduler that does not apply, or whose output fails
// validation, is replaced by `coloring` and the plan says so in Notes; an
// invalid schedule is never returned.
//
//===----------------------------------------------------------------------===//
#ifndef HPF_PLAN_PLAN_H
#define HPF_PLAN_PLAN_H

#include "plan/CommTable.h"
#include "plan/Distribution.h"
#include "plan/DistributionND.h"
#include "plan/Schedule.h"

#include <cstdint>
#include <string>
#include <vector>

namespace hpf::plan {

struct PlanOptions {
  std::string Scheduler = "auto";
  std::uint64_t Seed = 0;
  double LocalRatio = 1.0; ///< LMR weight of local messages (1 = off)
  bool WithRuns = false;   ///< also compute the index sets
};

struct Plan {
  CommTable Table;
  Schedule Sched;
  std::string Requested;          ///< scheduler asked for
  std::string Used;               ///< scheduler whose schedule this is
  std::vector<std::string> Notes; ///< fallbacks and choices, for the user
  Index Cost = 0;                 ///< scheduleCost
  LowerBounds Bounds;
  bool Valid = false; ///< validator verdict (always true)
};

/// Throws PlanError for an unknown scheduler name or mismatched extents.
Plan makePlan(const Distribution &Src, const Distribution &Dst,
              const PlanOptions &Opts = {});
/// Any rank. Two rank-1 distributions (one dimension on a one-dimensional
/// grid) give exactly the 1-D plan above (closed forms, and the schedulers
/// that need the distribution pair apply); otherwise one communication
/// table over the ranks of both grids (computeCommTableND, with runs
/// flattened over row-major local storage when WithRuns), where only
/// pattern-generic schedulers apply.
Plan makePlan(const DistributionND &Src, const DistributionND &Dst,
              const PlanOptions &Opts = {});
/// The communication table makePlan(Src, Dst) schedules (the static-plan
/// load check needs it without a schedule).
CommTable commTableFor(const DistributionND &Src, const DistributionND &Dst,
                       bool WithRuns);
/// One rank's part of makePlan(Src, Dst) for executors that need no global
/// schedule (every message of the rank in flight at once): the table holds
/// only the messages Rank sends or receives (computeRankTable /
/// computeRankTableND, equal to those of the full table), the schedule is
/// one step of all of them, Used is "none (rank's messages only)". No
/// scheduler runs and nothing is O(P^2): what a rank of a 4096-rank job
/// can afford at start-up. Not a contention-free schedule, so not
/// validated; fingerprints differ between ranks.
Plan makeRankPlan(const DistributionND &Src, const DistributionND &Dst,
                  int Rank, bool WithRuns);
/// For an arbitrary communication matrix (no distributions).
Plan makePlan(CommTable Table, const PlanOptions &Opts = {});

/// A 64-bit fingerprint of the table and the schedule (FNV-1a), to compare
/// plans across ranks and between compile time and run time.
std::uint64_t fingerprint(const Plan &P);

} // namespace hpf::plan

#endif // HPF_PLAN_PLAN_H
