//===- mpi/PlanCache.h - the runtime's plan cache ---------------*- C++ -*-===//
//
// Internal to hpfrt. One cache for every rank of array: the key is the
// source and target descriptors (plan::DistributionND), the scheduler and
// the static plan if any; it keeps the 64 most recently used entries. An
// entry is the plan plus what this rank derives from it once (mpi/Exec.h),
// so a repeated redistribution computes and allocates nothing.
//
//===----------------------------------------------------------------------===//
#ifndef HPF_MPI_PLANCACHE_H
#define HPF_MPI_PLANCACHE_H

#include "mpi/Redistribute.h"

namespace hpf::rt {

struct CacheEntry;

/// HPF_SCHEDULER, else the call's option, else "auto".
const char *schedulerFor(const redistribute_options &O);

/// The entry of Src -> Dst: cached, else computed (from O.plan after
/// plan::checkStaticPlan, unless HPF_SCHEDULER is set, else with the
/// scheduler) and cached. Errors end the program naming O.where.
/// Counts a redistribution that found the same mapping (CacheStats::NoOps).
void countNoOp();

/// What of a plan a cache entry keeps.
enum class PlanView {
  /// Every message with its runs, and the schedule (shm, host-steps,
  /// nodes, static plans, HPF_RANK_PLAN=0).
  Whole,
  /// This rank's messages in one step (plan::makeRankPlan: no scheduler,
  /// no O(P^2) table), for executors that need no global schedule.
  RankOnly,
  /// This rank's messages in the whole schedule's steps
  /// (plan::makeRankStepsPlan), for `steps`: the schedule is computed from
  /// the whole table without runs and only the rank's part is kept.
  RankSteps,
};

/// With a rank view (RankOnly, RankSteps) a static plan is not used.
CacheEntry &lookupEntry(const plan::DistributionND &Src,
                        const plan::DistributionND &Dst,
                        const redistribute_options &O, PlanView View);

/// The view Executor needs: RankOnly when it runs every message of a rank
/// at once ("async", "alltoallv", "alltoallw"), RankSteps for "steps",
/// else Whole; Whole too when the call gives a static plan (and
/// HPF_SCHEDULER does not override it) or HPF_RANK_PLAN=0 asks for the
/// whole plan on every rank.
PlanView rankPlanFor(const char *Executor, const redistribute_options &O);

} // namespace hpf::rt

#endif // HPF_MPI_PLANCACHE_H
