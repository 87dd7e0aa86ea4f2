//===- mpi/Redistribute.cpp - the redistribution entry point --------------===//
//
// Every redistribution of every rank of array comes here: the checks of the
// two mappings, the plan (mpi/PlanCache.h), HPF_VERIFY's checks before and
// after (mpi/Verify.h), and the executor (mpi/Strategy.h).
//
//===----------------------------------------------------------------------===//

#include "mpi/Redistribute.h"
#include "mpi/Exec.h"
#include "mpi/PlanCache.h"
#include "mpi/Strategy.h"
#include "mpi/Verify.h"
#include "mpi/Watchdog.h"

#include <new>
#include <string>

namespace hpf::rt {

bool redistributeStorage(const processors &SrcProcs,
                         const plan::DistributionND &Src, Storage &Data,
                         const processors &DstProcs,
                         const plan::DistributionND &Dst, Storage &Spare,
                         std::size_t ES, const redistribute_options &Opts) {
  init();
  const char *Where = Opts.where;
  const watchdog_scope Watch("redistribute", Where); // a dead host: no hang
  if (Src.rank() != Dst.rank() || Src.size() != Dst.size())
    fail("redistribute",
         "source " + Src.format() + " and target " + Dst.format() +
             " have different shapes",
         Where);
  if (SrcProcs.size() != Src.procs() || DstProcs.size() != Dst.procs())
    fail("redistribute", "distribution and processor arrangement sizes differ",
         Where);
  const StrategyChoice Choice = strategyFor(Opts);
  if (Src.sameMapping(Dst)) {
    countNoOp();
    return false;
  }
  const int Me = rank();
  const bool Verify = verifyEnabled();
  CacheEntry &E = lookupEntry(Src, Dst, Opts, rankPlanFor(Choice.Name, Opts));
  const index_t Have = localCountOf(Src, Me), Want = localCountOf(Dst, Me);
  std::uint64_t Before = 0;
  if (Verify) {
    verifyEntry(E, Have, Want, Where);
    Before = checksum(Src, Me, Data.data(), ES);
  }
  // The new part (or a pack buffer) may not fit in this rank's memory: say
  // so, naming the rank and the directive, instead of an uncaught
  // std::bad_alloc (fail() aborts every rank, so none waits for this one).
  const char *Ran = nullptr;
  try {
    Ran = runStrategy(E, Choice, Data, std::size_t(Have) * ES, Spare,
                      std::size_t(Want) * ES, ES, Where);
  } catch (const std::bad_alloc &) {
    fail("redistribute",
         "cannot allocate this rank's new part of the array: " +
             rt::elementsOfBytes(Want, ES) + " (or its message buffers)",
         Where);
  }
  reportChoice(Choice, Ran, Where);
  if (Verify)
    verifyChecksums(Before, checksum(Dst, Me, Spare.data(), ES),
                    Src.format() + " -> " + Dst.format(), Ran, Where);
  return true;
}

} // namespace hpf::rt
