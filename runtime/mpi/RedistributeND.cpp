//===- mpi/RedistributeND.cpp - N-D plans: cache, verification, dispatch --===//
//
// The N-D plan of a rank: computeCommTableND (one table over the ranks),
// runs flattened over local storage for this rank's messages only (a rank
// never touches the others', and they would cost memory proportional to the
// whole array's rows), then makePlan on the table. The cache is a short
// list: N-D programs redistribute between a few mappings, and comparing two
// DistributionNDs is a few integer comparisons per dimension.
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
    plan::flattenRunsND(T, Src, Dst, rank());
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
  std::vector<index_t> Ext = D.localExtents(Me);
  std::vector<int> Coords = D.coordinates(Me);
  std::vector<index_t> Stride(Rank, 1);
  for (std::size_t K = Rank; K-- > 1;)
    Stride[K - 1] = Stride[K] * D.dims()[K].size();
  std::vector<std::vector<index_t>> G(Rank);
  std::size_t GridDim = 0;
  for (std::size_t K = 0; K < Rank; ++K) {
    const plan::Distribution &X = D.dims()[K];
    bool Collapsed = X.kind() == plan::DistKind::Collapsed;
    int C = Collapsed ? 0 : Coords[GridDim++];
    for (index_t L = 0; L < Ext[K]; ++L)
      G[K].push_back((Collapsed ? L : X.globalIndex(C, L)) * Stride[K]);
  }
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
    while (K > 0 && ++Pos[K - 1] == Ext[K - 1]) {
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

void redistributeBytesND(const processors &SrcProcs,
                         const plan::DistributionND &Src, const void *SrcData,
                         const processors &DstProcs,
                         const plan::DistributionND &Dst, void *DstData,
                         std::size_t ElemSize,
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
  const char *Strategy = strategyFor(Opts);
  comm();
  CacheEntry &E = lookupEntryND(Src, Dst, Opts);
  int Me = rank();
  std::uint64_t Sums[2] = {0, 0};
  bool Verify = verifyEnabled();
  if (Verify) {
    verifyEntry(E, localCountND(Src, Me), localCountND(Dst, Me), Where);
    Sums[0] = checksumND(Src, Me, static_cast<const char *>(SrcData), ElemSize);
  }
  runEntry(E, Strategy, static_cast<const char *>(SrcData),
           static_cast<char *>(DstData), ElemSize, Where);
  if (Verify) {
    Sums[1] = checksumND(Dst, Me, static_cast<const char *>(DstData), ElemSize);
    check(MPI_Allreduce(MPI_IN_PLACE, Sums, 2, MPI_UINT64_T, MPI_SUM,
                        MPI_COMM_WORLD),
          "MPI_Allreduce", "redistribute (HPF_VERIFY)", Where);
    if (Sums[0] != Sums[1])
      fail("redistribute (HPF_VERIFY)",
           "checksum of (index, value) pairs differs after " +
               formatStringND(Src) + " -> " + formatStringND(Dst) + " (" +
               Strategy + ")",
           Where);
  }
}

} // namespace hpf::rt
