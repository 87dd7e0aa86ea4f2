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

CacheEntry &lookupEntry(const plan::DistributionND &Src,
                        const plan::DistributionND &Dst,
                        const redistribute_options &O);

} // namespace hpf::rt

#endif // HPF_MPI_PLANCACHE_H
