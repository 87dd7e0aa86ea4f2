//===- mpi/PlanCache.cpp - the runtime's plan cache -----------------------===//

#include "mpi/PlanCache.h"
#include "mpi/Exec.h"

#include "plan/RankSteps.h"
#include "plan/Scheduler.h"
#include "plan/StaticPlanCodec.h"

#include <chrono>
#include <list>
#include <memory>
#include <string>
#include <unordered_map>

namespace hpf::rt {

namespace {

std::uint64_t mix(std::uint64_t H, std::uint64_t V) {
  H ^= V + 0x9e3779b97f4a7c15ull + (H << 6) + (H >> 2);
  return H;
}

std::uint64_t hashDist(const plan::DistributionND &X) {
  std::uint64_t H = std::uint64_t(X.rank());
  for (int G : X.grid())
    H = mix(H, std::uint64_t(G));
  for (const plan::Distribution &D : X.dims()) {
    H = mix(H, std::uint64_t(D.kind()));
    H = mix(H, std::uint64_t(D.size()));
    H = mix(H, std::uint64_t(D.procs()));
    H = mix(H, std::uint64_t(D.blockSize()));
    H = mix(H, std::uint64_t(D.parameter()));
    for (plan::Index S : D.genBlockSizes())
      H = mix(H, std::uint64_t(S));
    for (int O : D.indirectMap())
      H = mix(H, std::uint64_t(O));
  }
  return H;
}

struct Key {
  plan::DistributionND Src, Dst;
  std::string Scheduler; ///< empty for a static plan or RankOnly
  const static_plan *Static;
  PlanView View = PlanView::Whole;

  std::uint64_t hash() const {
    std::uint64_t H = mix(mix(hashDist(Src), hashDist(Dst)),
                          std::hash<std::string>()(Scheduler));
    H = mix(H, std::uint64_t(View));
    return mix(H, std::uint64_t(reinterpret_cast<std::uintptr_t>(Static)));
  }
  bool operator==(const Key &O) const {
    return Static == O.Static && View == O.View && Scheduler == O.Scheduler &&
           Src == O.Src && Dst == O.Dst;
  }
};

struct Slot {
  Key K;
  std::uint64_t Hash;
  std::unique_ptr<CacheEntry> E;
};

/// Hash -> entries, most recently used first; bounded so that a program
/// redistributing through many shapes does not grow forever.
struct Cache {
  std::unordered_multimap<std::uint64_t, std::list<Slot>::iterator> Index;
  std::list<Slot> Slots;
  CacheStats Stats;
  static constexpr std::size_t Limit = 64;

  void clear() {
    Index.clear();
    Slots.clear();
  }
  void dropLeastRecent() {
    auto Last = std::prev(Slots.end());
    auto [B, E] = Index.equal_range(Last->Hash);
    for (auto It = B; It != E; ++It)
      if (It->second == Last) {
        Index.erase(It);
        break;
      }
    Slots.pop_back();
  }
};

/// Never destroyed: finalize (at exit) clears it, and static destructors
/// may run before that exit handler.
Cache &cache() {
  static Cache *C = [] {
    atFinalize(clearPlanCache); // frees MPI datatypes while MPI is alive
    return new Cache;
  }();
  return *C;
}

/// The entry's plan; for RankSteps, *WholeFingerprint gets the whole
/// plan's fingerprint.
plan::Plan computePlan(const Key &K, const char *Where,
                       std::uint64_t *WholeFingerprint) {
  plan::Plan P;
  if (K.View == PlanView::RankOnly) {
    try {
      return plan::makeRankPlan(K.Src, K.Dst, rank(), /*WithRuns=*/true);
    } catch (const plan::PlanError &Err) {
      fail("redistribute", Err.what(), Where);
    }
  }
  if (K.Static) {
    std::string Why = plan::checkStaticPlan(*K.Static, K.Src, K.Dst, P);
    if (!Why.empty())
      fail("redistribute", Why, Where);
    return P;
  }
  if (!plan::findScheduler(K.Scheduler))
    fail("redistribute",
         "unknown scheduler '" + K.Scheduler +
             "' (HPF_SCHEDULER or option; known: " + plan::schedulerNames() +
             ")",
         Where);
  plan::PlanOptions PO;
  PO.Scheduler = K.Scheduler;
  PO.WithRuns = true;
  try {
    P = K.View == PlanView::RankSteps
            ? plan::makeRankStepsPlan(K.Src, K.Dst, rank(), PO,
                                      WholeFingerprint)
            : plan::makePlan(K.Src, K.Dst, PO);
  } catch (const plan::PlanError &Err) {
    fail("redistribute", Err.what(), Where);
  }
  if (!P.Valid)
    fail("redistribute", "the plan library returned an invalid plan", Where);
  return P;
}

} // namespace

const char *schedulerFor(const redistribute_options &O) {
  if (const char *E = env("HPF_SCHEDULER"))
    return E;
  return O.scheduler ? O.scheduler : "auto";
}

PlanView rankPlanFor(const char *Executor, const redistribute_options &O) {
  const std::string X = Executor;
  bool Static = O.plan && !env("HPF_SCHEDULER");
  const char *Off = env("HPF_RANK_PLAN");
  if (Static || (Off && std::string(Off) == "0"))
    return PlanView::Whole;
  if (X == "async" || X == "alltoallv" || X == "alltoallw")
    return PlanView::RankOnly;
  return X == "steps" ? PlanView::RankSteps : PlanView::Whole;
}

CacheEntry &lookupEntry(const plan::DistributionND &Src,
                        const plan::DistributionND &Dst,
                        const redistribute_options &O, PlanView View) {
  Cache &C = cache();
  const static_plan *Static =
      View != PlanView::Whole || env("HPF_SCHEDULER") ? nullptr : O.plan;
  const bool RankOnly = View == PlanView::RankOnly;
  Key K{Src, Dst, Static || RankOnly ? "" : schedulerFor(O), Static, View};
  std::uint64_t H = K.hash();
  auto [B, E] = C.Index.equal_range(H);
  for (auto It = B; It != E; ++It)
    if (It->second->K == K) {
      ++C.Stats.Hits;
      C.Slots.splice(C.Slots.begin(), C.Slots, It->second);
      return *C.Slots.front().E;
    }
  ++C.Stats.Misses;
  auto T0 = std::chrono::steady_clock::now();
  auto Entry = std::make_unique<CacheEntry>();
  C.Stats.StaticPlans += Static != nullptr;
  std::uint64_t Whole = 0;
  Entry->Plan = computePlan(K, O.where, &Whole);
  // A rank plan differs between ranks: HPF_VERIFY compares the key's
  // hash instead (the same on every rank; the element counts and the
  // checksums still check what moved), and the whole plan's fingerprint
  // for a rank's steps.
  Entry->Fingerprint = RankOnly ? H
                       : View == PlanView::RankSteps
                           ? Whole
                           : plan::fingerprint(Entry->Plan);
  prepareEntry(*Entry, rank());
  C.Stats.LastComputeSeconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - T0)
          .count();
  if (C.Slots.size() >= Cache::Limit)
    C.dropLeastRecent();
  C.Slots.push_front(Slot{std::move(K), H, std::move(Entry)});
  C.Index.emplace(H, C.Slots.begin());
  return *C.Slots.front().E;
}

const plan::Plan &lookupPlan(const plan::DistributionND &Src,
                             const plan::DistributionND &Dst,
                             const redistribute_options &Opts) {
  init();
  return lookupEntry(Src, Dst, Opts, PlanView::Whole).Plan;
}

CacheStats cacheStats() { return cache().Stats; }

void countNoOp() { ++cache().Stats.NoOps; }

void clearPlanCache() { cache().clear(); }

} // namespace hpf::rt
