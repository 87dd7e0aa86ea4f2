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

/// With RankOnly the entry holds only this rank's messages
/// (plan::makeRankPlan: no scheduler, no O(P^2) table), for executors that
/// need no global schedule; a static plan is then not used.
CacheEntry &lookupEntry(const plan::DistributionND &Src,
                        const plan::DistributionND &Dst,
                        const redistribute_options &O, bool RankOnly);

/// True when Executor ("async", "alltoallv", "alltoallw") runs every message
/// of a rank at once, so a rank plan serves it: unless the call gives a
/// static plan (and HPF_SCHEDULER does not override it) or HPF_RANK_PLAN=0
/// asks for the whole plan on every rank.
bool rankPlanFor(const char *Executor, const redistribute_options &O);

} // namespace hpf::rt

#endif // HPF_MPI_PLANCACHE_H
