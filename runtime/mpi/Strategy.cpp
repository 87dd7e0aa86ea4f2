//===- mpi/Strategy.cpp - choosing and running an executor ----------------===//

#include "mpi/Strategy.h"
#include "mpi/Exec.h"
#include "mpi/Shm.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <set>
#include <string>

namespace hpf {

namespace {

enum class Strategy {
  Shm,
  Steps,
  HostSteps,
  Nodes,
  Async,
  Hybrid,
  Alltoallv,
  Alltoallw
};

Strategy parseStrategy(const std::string &S, const char *Where) {
  if (S == "shm")
    return Strategy::Shm;
  if (S == "steps")
    return Strategy::Steps;
  if (S == "host-steps")
    return Strategy::HostSteps;
  if (S == "nodes")
    return Strategy::Nodes;
  if (S == "async")
    return Strategy::Async;
  if (S == "hybrid")
    return Strategy::Hybrid;
  if (S == "alltoallv")
    return Strategy::Alltoallv;
  if (S == "alltoallw")
    return Strategy::Alltoallw;
  fail("redistribute",
       "unknown strategy '" + S +
           "' (HPF_STRATEGY or option; known: shm, steps, host-steps, "
           "nodes, async, hybrid, alltoallv, alltoallw)",
       Where);
}

/// The executor names as static strings (a choice outlives its request).
const char *nameOf(Strategy S) {
  switch (S) {
  case Strategy::Shm:
    return "shm";
  case Strategy::Steps:
    return "steps";
  case Strategy::HostSteps:
    return "host-steps";
  case Strategy::Nodes:
    return "nodes";
  case Strategy::Async:
    return "async";
  case Strategy::Hybrid:
    return "hybrid";
  case Strategy::Alltoallv:
    return "alltoallv";
  case Strategy::Alltoallw:
    return "alltoallw";
  }
  return "?";
}

const char *LastExecutor = nullptr;

/// The shared-memory group (node) of every world rank, numbered 0.. in
/// order of first rank: one split, and each node named by its lowest rank.
std::vector<int> nodesOf(MPI_Comm C, int Me, int Ranks) {
  MPI_Comm Node = MPI_COMM_NULL;
  rt::check(
      MPI_Comm_split_type(C, MPI_COMM_TYPE_SHARED, Me, MPI_INFO_NULL, &Node),
      "MPI_Comm_split_type", "redistribute", nullptr);
  int Lowest = Me;
  rt::check(MPI_Allreduce(MPI_IN_PLACE, &Lowest, 1, MPI_INT, MPI_MIN, Node),
            "MPI_Allreduce", "redistribute", nullptr);
  MPI_Comm_free(&Node);
  std::vector<int> NodeOf(static_cast<std::size_t>(Ranks));
  rt::check(MPI_Allgather(&Lowest, 1, MPI_INT, NodeOf.data(), 1, MPI_INT, C),
            "MPI_Allgather", "redistribute", nullptr);
  std::map<int, int> Number;
  for (int &N : NodeOf)
    N = Number.emplace(N, int(Number.size())).first->second;
  return NodeOf;
}

/// Hosts for host-steps and nodes: HPF_RANKS_PER_HOST=k makes consecutive
/// blocks of k ranks the hosts (testing them on one machine), else the
/// nodes.
std::vector<int> hostsOf(std::vector<int> NodeOf) {
  const char *K = rt::env("HPF_RANKS_PER_HOST");
  if (!K)
    return NodeOf;
  long PerHost = std::atol(K);
  if (PerHost < 1)
    fail("redistribute",
         std::string("HPF_RANKS_PER_HOST must be a positive number of "
                     "ranks, not '") +
             K + "'",
         nullptr);
  for (std::size_t R = 0; R < NodeOf.size(); ++R)
    NodeOf[R] = int(long(R) / PerHost);
  return NodeOf;
}

/// The most ranks any host holds (hosts as host-steps sees them; a
/// made-up placement without hosts: its nodes).
int ranksPerHost(const rt::Placement &P) {
  return P.MaxRanksPerHost > 0 ? P.MaxRanksPerHost : P.MaxRanksPerNode;
}

} // namespace

const std::vector<std::string> &strategies() {
  static const std::vector<std::string> S = {
      "shm",   "steps",  "host-steps", "nodes",
      "async", "hybrid", "alltoallv",  "alltoallw"};
  return S;
}

const char *default_strategy() {
  return rt::chooseStrategy(nullptr, rt::placement(), nullptr).Name;
}

namespace rt {

const Placement &placement() {
  static const Placement P = [] {
    Placement R;
    const char *Shm = env("HPF_SHM");
    R.ShmAllowed = !(Shm && std::string(Shm) == "0");
    const std::vector<int> NodeOf = nodesOf(comm(), rank(), nranks());
    std::vector<int> PerNode;
    for (int N : NodeOf) {
      if (std::size_t(N) >= PerNode.size())
        PerNode.resize(std::size_t(N) + 1, 0);
      ++PerNode[std::size_t(N)];
    }
    R.Nodes = int(PerNode.size());
    R.MaxRanksPerNode = *std::max_element(PerNode.begin(), PerNode.end());
    R.HostOf = hostsOf(NodeOf);
    // Counted once here, not at every redistribution's choice.
    std::map<int, int> PerHost;
    for (int H : R.HostOf)
      R.MaxRanksPerHost = std::max(R.MaxRanksPerHost, ++PerHost[H]);
    return R;
  }();
  return P;
}

StrategyChoice chooseStrategy(const char *Requested, const Placement &P,
                              const char *Where) {
  StrategyChoice C;
  const std::string Nodes = std::to_string(P.Nodes);
  if (!Requested) {
    C.Default = true;
    if (P.Nodes > 1 && P.MaxRanksPerNode > 1 && P.ShmAllowed &&
        ranksPerHost(P) > 1) {
      // Several ranks on a node: their messages through shared memory,
      // not the network stack (docs/bench-cluster.md).
      C.Name = "hybrid";
      C.Why = "default: the ranks span " + Nodes + " nodes, up to " +
              std::to_string(P.MaxRanksPerNode) + " on one";
    } else if (P.Nodes > 1) {
      C.Name = "async";
      C.Why = "default: the ranks span " + Nodes + " nodes";
    } else if (!P.ShmAllowed) {
      C.Name = "steps";
      C.Why = "default on one node with HPF_SHM=0";
    } else {
      C.Name = "shm";
      C.Why = "default: every rank on one node";
    }
    return C;
  }
  Strategy S = parseStrategy(Requested, Where);
  C.Name = nameOf(S);
  if (S == Strategy::Hybrid && !P.ShmAllowed) {
    // Its windows are shared memory too; messages inside a host then go
    // as every other message does.
    C.Name = "async";
    C.Fallback = true;
    C.Why = "HPF_SHM=0 turns hybrid's shared windows off";
    return C;
  }
  if (S == Strategy::Hybrid && ranksPerHost(P) == 1) {
    // Nothing stays inside a host: hybrid is async, with async's rank plan.
    C.Name = "async";
    C.Why = "hybrid with one rank per host is async";
    return C;
  }
  if (S != Strategy::Shm) {
    C.Why = "requested";
    return C;
  }
  if (P.Nodes > 1) {
    // Across nodes the network default, not steps: see Strategy.h.
    C.Name = "async";
    C.Fallback = true;
    C.Why =
        "shm needs every rank on one node; the ranks span " + Nodes + " nodes";
  } else if (!P.ShmAllowed) {
    C.Name = "steps";
    C.Fallback = true;
    C.Why = "HPF_SHM=0 turns shm off";
  } else {
    C.Why = "requested";
  }
  return C;
}

StrategyChoice strategyFor(const redistribute_options &O) {
  const char *Name = O.strategy ? O.strategy : env("HPF_STRATEGY");
  // An unknown name fails before the placement is probed.
  if (Name)
    parseStrategy(Name, O.where);
  return chooseStrategy(Name, placement(), O.where);
}

void reportChoice(const StrategyChoice &C, const char *Ran, const char *Where) {
  LastExecutor = Ran;
  bool Verify = verifyEnabled();
  // HPF_SHM=0 is the user's own setting: the verify line says it.
  bool Note = C.Fallback && std::string(C.Why).rfind("HPF_SHM", 0) != 0;
  if ((!Verify && !Note) || rank() != 0)
    return;
  static std::set<std::string> Said;
  std::string Why = C.Why;
  if (std::string(Ran) != C.Name)
    Why = "shared windows unavailable, " + Why; // runShm's own note said why
  if (Note && Said.insert(std::string("note:") + Why).second)
    std::fprintf(stderr, "hpfrt: note: %s: running %s\n", Why.c_str(), Ran);
  if (Verify && Said.insert(std::string(Ran) + ":" + Why).second)
    std::fprintf(stderr, "hpfrt: verify: executor %s (%s)%s%s\n", Ran,
                 Why.c_str(), Where && *Where ? " first at " : "",
                 Where && *Where ? Where : "");
}

const char *lastExecutor() { return LastExecutor; }

const char *runStrategy(CacheEntry &E, const StrategyChoice &Choice,
                        Storage &Data, std::size_t DataBytes, Storage &Spare,
                        std::size_t SpareBytes, std::size_t ES,
                        const char *Where) {
  Strategy S = parseStrategy(Choice.Name, Where);
  if (S == Strategy::Shm &&
      runShm(E, Data, DataBytes, Spare, SpareBytes, ES, Where))
    return "shm";
  if (Choice.Fallback || S == Strategy::Shm)
    ++shmCounters().Fallbacks;
  Spare.reserve(SpareBytes);
  ExecArgs A{&E, Data.data(), Spare.data(), ES, Where};
  switch (S) {
  case Strategy::Shm: // windows unavailable (Shm.cpp noted it)
  case Strategy::Steps:
    runSteps(A, E.Order, /*AllAtOnce=*/false);
    return "steps";
  case Strategy::HostSteps:
    runSteps(A, hostOrder(E, placement().HostOf), /*AllAtOnce=*/false);
    return "host-steps";
  case Strategy::Nodes:
    runNodes(A, E, placement().HostOf);
    return "nodes";
  case Strategy::Async:
    runSteps(A, E.Order, /*AllAtOnce=*/true);
    return "async";
  case Strategy::Hybrid:
    // async where this rank's host cannot share memory (a note said so)
    return runHybrid(A, E, placement().HostOf) ? "hybrid" : "async";
  case Strategy::Alltoallv:
    runAlltoallv(A);
    return "alltoallv";
  case Strategy::Alltoallw:
    runAlltoallw(A, E);
    return "alltoallw";
  }
  return "?";
}

} // namespace rt

} // namespace hpf
