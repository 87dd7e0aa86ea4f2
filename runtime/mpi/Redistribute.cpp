//===- mpi/Redistribute.cpp - plan lookup, verification, dispatch ---------===//

#include "mpi/Redistribute.h"
#include "mpi/Exec.h"
#include "mpi/RunEntry.h"
#include "mpi/Runs.h"
#include "mpi/Shm.h"

#include "plan/Scheduler.h"

#include <chrono>
#include <cstring>
#include <list>
#include <memory>
#include <string>
#include <unordered_map>

namespace hpf {

namespace {

/// Where shm does not apply (ranks on several nodes, windows unavailable,
/// or a caller that passes raw pointers instead of darray storage), it runs
/// steps.
const char *const DefaultStrategy = "shm";

enum class Strategy { Shm, Steps, Async, Alltoallv, Alltoallw };

Strategy parseStrategy(const char *Name, const char *Where) {
  std::string S = Name;
  if (S == "shm")
    return Strategy::Shm;
  if (S == "steps")
    return Strategy::Steps;
  if (S == "async")
    return Strategy::Async;
  if (S == "alltoallv")
    return Strategy::Alltoallv;
  if (S == "alltoallw")
    return Strategy::Alltoallw;
  fail("redistribute",
       "unknown strategy '" + S +
           "' (HPF_STRATEGY or option; known: shm, steps, async, "
           "alltoallv, alltoallw)",
       Where);
}

std::uint64_t mix(std::uint64_t H, std::uint64_t V) {
  H ^= V + 0x9e3779b97f4a7c15ull + (H << 6) + (H >> 2);
  return H;
}

std::uint64_t hashDist(const plan::Distribution &D) {
  std::uint64_t H = mix(std::uint64_t(D.kind()), std::uint64_t(D.size()));
  H = mix(H, std::uint64_t(D.procs()));
  H = mix(H, std::uint64_t(D.blockSize()));
  H = mix(H, std::uint64_t(D.parameter()));
  for (plan::Index S : D.genBlockSizes())
    H = mix(H, std::uint64_t(S));
  for (int O : D.indirectMap())
    H = mix(H, std::uint64_t(O));
  return H;
}

struct Key {
  plan::Distribution Src, Dst;
  std::string Scheduler;
  const static_plan *Static;
  bool operator==(const Key &O) const {
    return Static == O.Static && Scheduler == O.Scheduler && Src == O.Src &&
           Dst == O.Dst;
  }
};

struct Slot {
  Key K;
  std::unique_ptr<rt::CacheEntry> E;
};

/// The plan cache: hash -> entries; bounded (oldest dropped first) so that
/// a program redistributing through many shapes does not grow forever.
struct Cache {
  std::unordered_multimap<std::uint64_t, std::list<Slot>::iterator> Index;
  std::list<Slot> Slots; // oldest first
  rt::CacheStats Stats;
  static constexpr std::size_t Limit = 64;

  void clear() {
    Index.clear();
    Slots.clear();
  }
};

/// Never destroyed: finalize (at exit) clears it, and static destructors
/// may run before that exit handler.
Cache &cache() {
  static Cache *C = new Cache;
  return *C;
}

MPI_Comm RuntimeComm = MPI_COMM_NULL;

plan::Plan fromStatic(const static_plan &S, const plan::Distribution &Src,
                      const plan::Distribution &Dst, const char *Where) {
  std::string What = std::string("static plan ") +
                     (S.src_format ? S.src_format : "?") + " -> " +
                     (S.dst_format ? S.dst_format : "?");
  auto Bad = [&](const std::string &Why) {
    fail("redistribute", What + " does not fit this redistribution: " + Why,
         Where);
  };
  if (S.version != static_plan_version)
    Bad("version " + std::to_string(S.version) + ", runtime expects " +
        std::to_string(static_plan_version));
  if (S.n != Src.size() || S.p != Src.procs() || S.q != Dst.procs())
    Bad("plan is for n=" + std::to_string(S.n) + " p=" + std::to_string(S.p) +
        " q=" + std::to_string(S.q) + ", arrays have n=" +
        std::to_string(Src.size()) + " p=" + std::to_string(Src.procs()) +
        " q=" + std::to_string(Dst.procs()) + " (" + Src.format() + " -> " +
        Dst.format() + ")");
  plan::Plan P;
  P.Table = plan::computeCommTable(Src, Dst, /*WithRuns=*/true);
  const auto &M = P.Table.Messages;
  if (S.num_messages != int(M.size()))
    Bad(std::to_string(S.num_messages) + " messages, the distributions give " +
        std::to_string(M.size()));
  for (std::size_t I = 0; I < M.size(); ++I) {
    const static_message &X = S.messages[I];
    if (X.src != M[I].Src || X.dst != M[I].Dst || X.size != M[I].Size)
      Bad("message " + std::to_string(I) + " is " + std::to_string(X.src) +
          "->" + std::to_string(X.dst) + " size " + std::to_string(X.size) +
          ", expected " + std::to_string(M[I].Src) + "->" +
          std::to_string(M[I].Dst) + " size " + std::to_string(M[I].Size));
  }
  if (S.num_steps < 0 || (S.num_steps > 0 && !S.step_offsets))
    Bad("malformed step table");
  for (int St = 0; St < S.num_steps; ++St) {
    int B = S.step_offsets[St], E = S.step_offsets[St + 1];
    if (B < 0 || E < B || B > S.step_offsets[S.num_steps])
      Bad("malformed step offsets");
    std::vector<std::size_t> Step;
    for (int I = B; I < E; ++I) {
      int Msg = S.step_messages[I];
      if (Msg < 0 || Msg >= S.num_messages)
        Bad("step " + std::to_string(St) + " names message " +
            std::to_string(Msg));
      Step.push_back(std::size_t(Msg));
    }
    P.Sched.Steps.push_back(std::move(Step));
  }
  for (int G = 0; G < S.num_groups; ++G) {
    int B = S.group_offsets[G], E = S.group_offsets[G + 1];
    if (B < 0 || E < B || E > S.num_steps)
      Bad("malformed group offsets");
    std::vector<std::size_t> Group;
    for (int St = B; St < E; ++St)
      Group.push_back(std::size_t(St));
    P.Sched.Groups.push_back(std::move(Group));
  }
  plan::Validation V = plan::validate(P.Table, P.Sched);
  if (!V.Ok)
    Bad("the validator rejects its schedule: " + V.Errors.front());
  P.Requested = "static";
  P.Used = S.scheduler ? S.scheduler : "static";
  P.Valid = true;
  P.Cost = plan::scheduleCost(P.Table, P.Sched);
  P.Bounds = plan::lowerBounds(P.Table);
  if (plan::fingerprint(P) != S.fingerprint)
    Bad("fingerprint differs from the plan's tables (corrupt emission?)");
  return P;
}

using rt::schedulerFor;

rt::CacheEntry &lookupEntry(const plan::Distribution &Src,
                            const plan::Distribution &Dst,
                            const redistribute_options &O) {
  Cache &C = cache();
  const char *Sched = schedulerFor(O);
  const static_plan *Static = rt::env("HPF_SCHEDULER") ? nullptr : O.plan;
  std::uint64_t H = mix(mix(hashDist(Src), hashDist(Dst)),
                        std::hash<std::string_view>()(Static ? "" : Sched));
  H = mix(H, std::uint64_t(reinterpret_cast<std::uintptr_t>(Static)));
  auto [B, E] = C.Index.equal_range(H);
  for (auto It = B; It != E; ++It) {
    Slot &S = *It->second;
    if (S.K.Static == Static && S.K.Src == Src && S.K.Dst == Dst &&
        (Static || S.K.Scheduler == Sched)) {
      ++C.Stats.Hits;
      return *S.E;
    }
  }
  ++C.Stats.Misses;
  auto T0 = std::chrono::steady_clock::now();
  auto Entry = std::make_unique<rt::CacheEntry>();
  if (Static) {
    ++C.Stats.StaticPlans;
    Entry->Plan = fromStatic(*Static, Src, Dst, O.where);
  } else {
    if (!plan::findScheduler(Sched))
      fail("redistribute",
           std::string("unknown scheduler '") + Sched +
               "' (HPF_SCHEDULER or option; known: " + plan::schedulerNames() +
               ")",
           O.where);
    plan::PlanOptions PO;
    PO.Scheduler = Sched;
    PO.WithRuns = true;
    try {
      Entry->Plan = plan::makePlan(Src, Dst, PO);
    } catch (const plan::PlanError &Err) {
      fail("redistribute", Err.what(), O.where);
    }
    if (!Entry->Plan.Valid)
      fail("redistribute", "the plan library returned an invalid plan",
           O.where);
  }
  Entry->Fingerprint = plan::fingerprint(Entry->Plan);
  rt::prepareEntry(*Entry, rank());
  C.Stats.LastComputeSeconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - T0)
          .count();
  if (C.Slots.size() >= Cache::Limit) {
    Slot &Old = C.Slots.front();
    std::uint64_t OH =
        mix(mix(hashDist(Old.K.Src), hashDist(Old.K.Dst)),
            std::hash<std::string_view>()(Old.K.Static ? "" : Old.K.Scheduler));
    OH = mix(OH, std::uint64_t(reinterpret_cast<std::uintptr_t>(Old.K.Static)));
    auto [OB, OE] = C.Index.equal_range(OH);
    for (auto It = OB; It != OE; ++It)
      if (It->second == C.Slots.begin()) {
        C.Index.erase(It);
        break;
      }
    C.Slots.pop_front();
  }
  C.Slots.push_back(
      Slot{Key{Src, Dst, Static ? "" : Sched, Static}, std::move(Entry)});
  C.Index.emplace(H, std::prev(C.Slots.end()));
  return *C.Slots.back().E;
}

/// Order-independent checksum of (global index, value bytes) pairs.
std::uint64_t checksum(const plan::Distribution &D, int Me, const char *Data,
                       std::size_t ES) {
  if (Me >= D.procs())
    return 0;
  std::uint64_t Sum = 0;
  plan::Index N = D.localCount(Me);
  for (plan::Index L = 0; L < N; ++L)
    Sum += rt::elementHash(std::uint64_t(D.globalIndex(Me, L)),
                           Data + L * plan::Index(ES), ES);
  return Sum;
}

} // namespace

namespace rt {

const char *schedulerFor(const redistribute_options &O) {
  if (const char *E = env("HPF_SCHEDULER"))
    return E;
  return O.scheduler ? O.scheduler : "auto";
}

std::uint64_t elementHash(std::uint64_t G, const char *Value, std::size_t ES) {
  std::uint64_t H = 1469598103934665603ull;
  const unsigned char *B = reinterpret_cast<const unsigned char *>(Value);
  for (std::size_t I = 0; I < ES; ++I)
    H = (H ^ B[I]) * 1099511628211ull;
  std::uint64_t X = H ^ (G * 0x9e3779b97f4a7c15ull);
  X ^= X >> 31;
  X *= 0xbf58476d1ce4e5b9ull;
  X ^= X >> 29;
  return X;
}

CacheStats &statsRef() { return cache().Stats; }

const char *strategyFor(const redistribute_options &O) {
  const char *Name = O.strategy ? O.strategy : env("HPF_STRATEGY");
  Name = Name ? Name : DefaultStrategy;
  parseStrategy(Name, O.where);
  return Name;
}

void runEntry(CacheEntry &E, const char *StrategyName, const char *Src,
              char *Dst, std::size_t ES, const char *Where) {
  ExecArgs A{&E, Src, Dst, ES, Where};
  switch (parseStrategy(StrategyName, Where)) {
  case Strategy::Shm:
    // Raw pointers are not window segments (redistributeStorage runs shm
    // itself): the fallback.
    ++shmCounters().Fallbacks;
    [[fallthrough]];
  case Strategy::Steps:
    runSteps(A, /*AllAtOnce=*/false);
    break;
  case Strategy::Async:
    runSteps(A, /*AllAtOnce=*/true);
    break;
  case Strategy::Alltoallv:
    runAlltoallv(A);
    break;
  case Strategy::Alltoallw:
    runAlltoallw(A, E);
    break;
  }
}

void verifyEntry(const CacheEntry &E, index_t Have, index_t Want,
                 const char *Where) {
  std::uint64_t F[2] = {E.Fingerprint, ~E.Fingerprint};
  rt::check(
      MPI_Allreduce(MPI_IN_PLACE, F, 2, MPI_UINT64_T, MPI_MAX, MPI_COMM_WORLD),
      "MPI_Allreduce", "redistribute (HPF_VERIFY)", Where);
  if (F[0] != E.Fingerprint || F[1] != ~E.Fingerprint)
    fail("redistribute (HPF_VERIFY)",
         "ranks computed different plans (fingerprint differs)", Where);
  plan::Index Sent = E.SelfElems, Recvd = E.SelfElems;
  for (const rt::Transfer &X : E.Sends)
    Sent += X.Elems;
  for (const rt::Transfer &X : E.Recvs)
    Recvd += X.Elems;
  if (Sent != Have || Recvd != Want)
    fail("redistribute (HPF_VERIFY)",
         "plan moves " + std::to_string(Sent) + " of the " +
             std::to_string(Have) + " elements this rank owns and delivers " +
             std::to_string(Recvd) + " of the " + std::to_string(Want) +
             " it will own",
         Where);
}

void runStorage(const PreparedCall &K, Storage &Data, std::size_t DataBytes,
                Storage &Spare, std::size_t SpareBytes, std::size_t ES,
                const char *Where) {
  if (parseStrategy(K.Strategy, Where) == Strategy::Shm &&
      runShm(*K.E, Data, DataBytes, Spare, SpareBytes, ES, Where))
    return;
  Spare.reserve(SpareBytes);
  runEntry(*K.E, K.Strategy, Data.data(), Spare.data(), ES, Where);
}

void verifyChecksums(const PreparedCall &K, std::uint64_t SumAfter,
                     const std::string &What, const char *Where) {
  if (!K.Verify)
    return;
  std::uint64_t Sums[2] = {K.SumBefore, SumAfter};
  check(MPI_Allreduce(MPI_IN_PLACE, Sums, 2, MPI_UINT64_T, MPI_SUM,
                      MPI_COMM_WORLD),
        "MPI_Allreduce", "redistribute (HPF_VERIFY)", Where);
  if (Sums[0] != Sums[1])
    fail("redistribute (HPF_VERIFY)",
         "checksum of (index, value) pairs differs after " + What + " (" +
             K.Strategy + ")",
         Where);
}

} // namespace rt

const std::vector<std::string> &strategies() {
  static const std::vector<std::string> S = {"shm", "steps", "async",
                                             "alltoallv", "alltoallw"};
  return S;
}

const char *default_strategy() { return DefaultStrategy; }

namespace rt {

MPI_Comm comm() {
  if (RuntimeComm == MPI_COMM_NULL) {
    init();
    check(MPI_Comm_dup(MPI_COMM_WORLD, &RuntimeComm), "MPI_Comm_dup",
          "redistribute", nullptr);
    MPI_Comm_set_errhandler(RuntimeComm, MPI_ERRORS_RETURN);
  }
  return RuntimeComm;
}

const plan::Plan &lookupPlan(const plan::Distribution &Src,
                             const plan::Distribution &Dst,
                             const redistribute_options &Opts) {
  init();
  return lookupEntry(Src, Dst, Opts).Plan;
}

CacheStats cacheStats() { return cache().Stats; }

void clearPlanCache() {
  cache().clear();
  clearPlanCacheND();
  int Done = 1;
  MPI_Finalized(&Done);
  if (!Done && RuntimeComm != MPI_COMM_NULL)
    MPI_Comm_free(&RuntimeComm);
  RuntimeComm = MPI_COMM_NULL;
}

namespace {

/// What redistributeBytes and redistributeStorage share before running:
/// checks, strategy, plan, HPF_VERIFY's checks.
PreparedCall begin(const processors &SrcProcs, const plan::Distribution &Src,
                   const void *SrcData, const processors &DstProcs,
                   const plan::Distribution &Dst, std::size_t ElemSize,
                   const redistribute_options &Opts) {
  init();
  const char *Where = Opts.where;
  if (Src.size() != Dst.size())
    fail("redistribute",
         "source has " + std::to_string(Src.size()) +
             " elements, target distribution " + std::to_string(Dst.size()),
         Where);
  if (SrcProcs.size() != Src.procs() || DstProcs.size() != Dst.procs())
    fail("redistribute", "distribution and processor arrangement sizes differ",
         Where);
  PreparedCall K{strategyFor(Opts), nullptr, rank(), verifyEnabled()};
  comm();
  K.E = &lookupEntry(Src, Dst, Opts);
  if (K.Verify) {
    int Me = K.Me;
    verifyEntry(*K.E, Me < Src.procs() ? Src.localCount(Me) : 0,
                Me < Dst.procs() ? Dst.localCount(Me) : 0, Where);
    K.SumBefore =
        checksum(Src, K.Me, static_cast<const char *>(SrcData), ElemSize);
  }
  return K;
}

void end(const PreparedCall &K, const plan::Distribution &Src,
         const plan::Distribution &Dst, const void *DstData,
         std::size_t ElemSize, const char *Where) {
  if (K.Verify)
    verifyChecksums(
        K, checksum(Dst, K.Me, static_cast<const char *>(DstData), ElemSize),
        Src.format() + " -> " + Dst.format(), Where);
}

} // namespace

void redistributeBytes(const processors &SrcProcs,
                       const plan::Distribution &Src, const void *SrcData,
                       const processors &DstProcs,
                       const plan::Distribution &Dst, void *DstData,
                       std::size_t ElemSize, const redistribute_options &Opts) {
  PreparedCall K = begin(SrcProcs, Src, SrcData, DstProcs, Dst, ElemSize, Opts);
  runEntry(*K.E, K.Strategy, static_cast<const char *>(SrcData),
           static_cast<char *>(DstData), ElemSize, Opts.where);
  end(K, Src, Dst, DstData, ElemSize, Opts.where);
}

void redistributeStorage(const processors &SrcProcs,
                         const plan::Distribution &Src, Storage &Data,
                         const processors &DstProcs,
                         const plan::Distribution &Dst, Storage &Spare,
                         std::size_t ElemSize,
                         const redistribute_options &Opts) {
  PreparedCall K =
      begin(SrcProcs, Src, Data.data(), DstProcs, Dst, ElemSize, Opts);
  int Me = K.Me;
  std::size_t DataBytes =
      std::size_t(SrcProcs.contains(Me) ? Src.localCount(Me) : 0) * ElemSize;
  std::size_t SpareBytes =
      std::size_t(DstProcs.contains(Me) ? Dst.localCount(Me) : 0) * ElemSize;
  runStorage(K, Data, DataBytes, Spare, SpareBytes, ElemSize, Opts.where);
  end(K, Src, Dst, Spare.data(), ElemSize, Opts.where);
}

} // namespace rt

} // namespace hpf
