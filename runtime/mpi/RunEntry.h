//===- mpi/RunEntry.h - running a cached plan (1-D and N-D) -----*- C++ -*-===//
//
// Internal to hpfrt. The 1-D redistribution (Redistribute.cpp) and the N-D
// one (RedistributeND.cpp) keep their own plan caches, keyed by their own
// distribution types, but choose the scheduler and the executor, run the
// plan and check it under HPF_VERIFY with the same code, declared here.
//
//===----------------------------------------------------------------------===//
#ifndef HPF_MPI_RUNENTRY_H
#define HPF_MPI_RUNENTRY_H

#include "mpi/Redistribute.h"

#include <cstddef>
#include <cstdint>
#include <string>

namespace hpf::rt {

struct CacheEntry;
class Storage;

/// A redistribution after its checks (each form checks its own
/// distributions): the plan, the executor and, under HPF_VERIFY, the
/// checksum of the source taken before running.
struct PreparedCall {
  const char *Strategy = nullptr;
  CacheEntry *E = nullptr;
  int Me = 0;
  bool Verify = false;
  std::uint64_t SumBefore = 0;
};

/// HPF_SCHEDULER, else the call's option, else "auto".
const char *schedulerFor(const redistribute_options &O);
/// The call's strategy, else HPF_STRATEGY, else the default; fails (naming
/// O.where) on an unknown name.
const char *strategyFor(const redistribute_options &O);
/// Runs E's plan with the named executor (see Redistribute.h).
void runEntry(CacheEntry &E, const char *StrategyName, const char *Src,
              char *Dst, std::size_t ElemSize, const char *Where);

/// Runs K on an array held in storages (Data: DataBytes now; Spare: room
/// for SpareBytes): the shm executor when it is K's strategy and usable
/// (it may turn both storages into window segments), else Spare gets room
/// and K's executor copies Data into it. The caller swaps them.
void runStorage(const PreparedCall &K, Storage &Data, std::size_t DataBytes,
                Storage &Spare, std::size_t SpareBytes, std::size_t ElemSize,
                const char *Where);

/// HPF_VERIFY, after running (collective; nothing without HPF_VERIFY): the
/// world's checksums before and after agree, else fails naming What (the
/// two mappings).
void verifyChecksums(const PreparedCall &K, std::uint64_t SumAfter,
                     const std::string &What, const char *Where);

/// HPF_VERIFY, before running (collective): every rank has the same plan
/// fingerprint, and the plan sends the Have elements this rank owns and
/// delivers the Want it will own.
void verifyEntry(const CacheEntry &E, index_t Have, index_t Want,
                 const char *Where);
/// HPF_VERIFY's checksum term of one element (global index, value bytes);
/// sums over all elements before and after must agree.
std::uint64_t elementHash(std::uint64_t Global, const char *Value,
                          std::size_t ElemSize);

/// The plan cache statistics (both caches count into them).
CacheStats &statsRef();
/// Drops the N-D plans (clearPlanCache calls it).
void clearPlanCacheND();

} // namespace hpf::rt

#endif // HPF_MPI_RUNENTRY_H
