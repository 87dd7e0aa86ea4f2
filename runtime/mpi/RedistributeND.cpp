//===- mpi/RedistributeND.cpp - N-D plans: cache, verification, dispatch --===//
//
// The N-D plan of a rank: computeCommTableND (one table over the ranks),
// runs flattened over local storage for every message (the shm executor
// lets a rank copy parts of messages between two other ranks; a run list
// costs about the rows of its message), then makePlan on the table. The cache
// is a short list: N-D programs redistribute between a few mappings, and
// comparing two DistributionNDs is a few integer comparisons per dimension.
//
//===----------------------------------------------------------------------===//

#include "mpi/RedistributeND.h"
#include "mpi/Exec.h"
#include "mpi/RunEntry.h"

#include "plan/RunsND.h"
#include "plan/Scheduler.h"

#include <chrono>
#include <list>
#include <memory>
#include <string>

namespace hpf::rt {

namespace {

bool same(const plan::DistributionND &A, const plan::DistributionND &B) {
  return A.grid() == B.grid() && A.dims() == B.dims();
}

struct SlotND {
  plan::DistributionND Src, Dst;
  std::string Scheduler;
  std::unique_ptr<CacheEntry> E;
};

constexpr std::size_t CacheLimit = 64;

/// Never destroyed (see Redistribute.cpp's cache); newest first.
std::list<SlotND> &cacheND() {
  static auto *C = new std::list<SlotND>;
  return *C;
}

CacheEntry &lookupEntryND(const plan::DistributionND &Src,
                          const plan::DistributionND &Dst,
                          const redistribute_options &O) {
  std::list<SlotND> &C = cacheND();
  const char *Sched = schedulerFor(O);
  CacheStats &Stats = statsRef();
  for (auto It = C.begin(); It != C.end(); ++It)
    if (It->Scheduler == Sched && same(It->Src, Src) && same(It->Dst, Dst)) {
      ++Stats.Hits;
      C.splice(C.begin(), C, It); // most recently used first
      return *C.front().E;
    }
  ++Stats.Misses;
  auto T0 = std::chrono::steady_clock::now();
  if (!plan::findScheduler(Sched))
    fail("redistribute",
         std::string("unknown scheduler '") + Sched +
             "' (HPF_SCHEDULER or option; known: " + plan::schedulerNames() +
             ")",
         O.where);
  auto Entry = std::make_unique<CacheEntry>();
  try {
    plan::CommTableND T = plan::computeCommTableND(Src, Dst, /*WithRuns=*/true);
    plan::flattenRunsND(T, Src, Dst);
    plan::PlanOptions PO;
    PO.Scheduler = Sched;
    Entry->Plan = plan::makePlan(std::move(T.Table), PO);
  } catch (const plan::PlanError &Err) {
    fail("redistribute", Err.what(), O.where);
  }
  if (!Entry->Plan.Valid)
    fail("redistribute", "the plan library returned an invalid plan", O.where);
  Entry->Fingerprint = plan::fingerprint(Entry->Plan);
  prepareEntry(*Entry, rank());
  Stats.LastComputeSeconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - T0)
          .count();
  if (C.size() >= CacheLimit)
    C.pop_back();
  C.push_front(SlotND{Src, Dst, Sched, std::move(Entry)});
  return *C.front().E;
}

/// HPF_VERIFY: order-independent checksum of (global linear index, value)
/// pairs of this rank's elements.
std::uint64_t checksumND(const plan::DistributionND &D, int Me,
                         const char *Data, std::size_t ES) {
  if (Me < 0 || Me >= D.procs() || D.localCount(Me) == 0)
    return 0;
  const std::size_t Rank = std::size_t(D.rank());
  std::vector<std::vector<index_t>> G = globalOffsetTables(D, Me);
  std::uint64_t Sum = 0;
  std::vector<index_t> Pos(Rank, 0);
  while (true) {
    index_t Outer = 0;
    for (std::size_t K = 0; K + 1 < Rank; ++K)
      Outer += G[K][std::size_t(Pos[K])];
    for (index_t Gi : G[Rank - 1]) {
      Sum += elementHash(std::uint64_t(Outer + Gi), Data, ES);
      Data += ES;
    }
    std::size_t K = Rank - 1;
    while (K > 0 && ++Pos[K - 1] == index_t(G[K - 1].size())) {
      Pos[K - 1] = 0;
      --K;
    }
    if (K == 0)
      return Sum;
  }
}

} // namespace

void clearPlanCacheND() { cacheND().clear(); }

const plan::Plan &lookupPlanND(const plan::DistributionND &Src,
                               const plan::DistributionND &Dst,
                               const redistribute_options &Opts) {
  init();
  return lookupEntryND(Src, Dst, Opts).Plan;
}

namespace {

/// What the pointer and the storage forms share before running: checks,
/// strategy, plan, HPF_VERIFY's checks.
PreparedCall begin(const processors &SrcProcs, const plan::DistributionND &Src,
                   const void *SrcData, const processors &DstProcs,
                   const plan::DistributionND &Dst, std::size_t ElemSize,
                   const redistribute_options &Opts) {
  init();
  const char *Where = Opts.where;
  if (Src.rank() != Dst.rank() || Src.size() != Dst.size())
    fail("redistribute",
         "source " + formatStringND(Src) + " and target " +
             formatStringND(Dst) + " have different shapes",
         Where);
  if (SrcProcs.size() != Src.procs() || DstProcs.size() != Dst.procs())
    fail("redistribute", "distribution and processor arrangement sizes differ",
         Where);
  if (Opts.plan)
    fail("redistribute",
         "static plans are for one-dimensional arrays; this array has " +
             std::to_string(Src.rank()) + " dimensions",
         Where);
  PreparedCall K{strategyFor(Opts), nullptr, rank(), verifyEnabled()};
  comm();
  K.E = &lookupEntryND(Src, Dst, Opts);
  if (K.Verify) {
    verifyEntry(*K.E, localCountND(Src, K.Me), localCountND(Dst, K.Me), Where);
    K.SumBefore =
        checksumND(Src, K.Me, static_cast<const char *>(SrcData), ElemSize);
  }
  return K;
}

void end(const PreparedCall &K, const plan::DistributionND &Src,
         const plan::DistributionND &Dst, const void *DstData,
         std::size_t ElemSize, const char *Where) {
  if (K.Verify)
    verifyChecksums(
        K, checksumND(Dst, K.Me, static_cast<const char *>(DstData), ElemSize),
        formatStringND(Src) + " -> " + formatStringND(Dst), Where);
}

} // namespace

void redistributeBytesND(const processors &SrcProcs,
                         const plan::DistributionND &Src, const void *SrcData,
                         const processors &DstProcs,
                         const plan::DistributionND &Dst, void *DstData,
                         std::size_t ElemSize,
                         const redistribute_options &Opts) {
  PreparedCall K = begin(SrcProcs, Src, SrcData, DstProcs, Dst, ElemSize, Opts);
  runEntry(*K.E, K.Strategy, static_cast<const char *>(SrcData),
           static_cast<char *>(DstData), ElemSize, Opts.where);
  end(K, Src, Dst, DstData, ElemSize, Opts.where);
}

void redistributeStorageND(const processors &SrcProcs,
                           const plan::DistributionND &Src, Storage &Data,
                           const processors &DstProcs,
                           const plan::DistributionND &Dst, Storage &Spare,
                           std::size_t ElemSize,
                           const redistribute_options &Opts) {
  PreparedCall K =
      begin(SrcProcs, Src, Data.data(), DstProcs, Dst, ElemSize, Opts);
  std::size_t DataBytes = std::size_t(localCountND(Src, K.Me)) * ElemSize;
  std::size_t SpareBytes = std::size_t(localCountND(Dst, K.Me)) * ElemSize;
  runStorage(K, Data, DataBytes, Spare, SpareBytes, ElemSize, Opts.where);
  end(K, Src, Dst, Spare.data(), ElemSize, Opts.where);
}

} // namespace hpf::rt
