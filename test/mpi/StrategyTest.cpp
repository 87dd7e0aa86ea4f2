//===- test/mpi/StrategyTest.cpp - the executor chosen for the placement --===//
//
// The default executor depends on where the ranks are (mpi/Strategy.h):
// shm on one node, async across nodes (hybrid where a node holds several
// ranks); an explicit shm that cannot run
// falls back visibly (Fallback set, a reason given). The choice itself is a
// pure function, checked here on made-up placements (1 node, 4 nodes, 2
// ranks per node, HPF_SHM=0); the real placement of a test run is one
// node, where the default must really run shm (rt::lastExecutor) and an
// explicit async must run async. Exits non-zero on every rank if anything
// is wrong.
//
//===----------------------------------------------------------------------===//

#include "mpi/Strategy.h"
#include "mpi/hpfrt.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>

namespace {

long Errors = 0;

void expect(bool Ok, const std::string &What) {
  if (!Ok) {
    ++Errors;
    std::fprintf(stderr, "rank %d: FAILED %s\n", hpf::rank(), What.c_str());
  }
}

using hpf::rt::chooseStrategy;
using hpf::rt::Placement;
using hpf::rt::StrategyChoice;

void expectChoice(const char *Requested, Placement P, const std::string &Name,
                  bool Default, bool Fallback, const std::string &WhyHas) {
  StrategyChoice C = chooseStrategy(Requested, P, "StrategyTest.cpp");
  std::string What = std::string(Requested ? Requested : "(default)") + " on " +
                     std::to_string(P.Nodes) + " node(s)" +
                     (P.ShmAllowed ? "" : ", HPF_SHM=0") + ": got " + C.Name +
                     " (" + C.Why + ")";
  expect(C.Name == Name, What + ", want " + Name);
  expect(C.Default == Default, What + ": default flag");
  expect(C.Fallback == Fallback, What + ": fallback flag");
  expect(C.Why.find(WhyHas) != std::string::npos,
         What + ": reason should mention '" + WhyHas + "'");
}

void choices() {
  const Placement OneNode{1, 4, true, {}}, FourHosts{4, 1, true, {}},
      FourHostsTwoEach{4, 2, true, {}}, OneNodeNoShm{1, 4, false, {}},
      FourHostsNoShm{4, 2, false, {}};
  expectChoice(nullptr, OneNode, "shm", true, false, "one node");
  expectChoice(nullptr, FourHosts, "async", true, false, "span 4 nodes");
  expectChoice(nullptr, FourHostsTwoEach, "hybrid", true, false,
               "up to 2 on one");
  expectChoice(nullptr, OneNodeNoShm, "steps", true, false, "HPF_SHM=0");
  expectChoice(nullptr, FourHostsNoShm, "async", true, false, "4 nodes");
  // An explicit shm that cannot run says so and runs the placement's
  // network executor (async), or steps where the user turned windows off.
  expectChoice("shm", OneNode, "shm", false, false, "requested");
  expectChoice("shm", FourHosts, "async", false, true, "span 4 nodes");
  expectChoice("shm", OneNodeNoShm, "steps", false, true, "HPF_SHM=0");
  // hybrid's host windows are shared memory: HPF_SHM=0 turns them off too.
  expectChoice("hybrid", FourHostsNoShm, "async", false, true, "HPF_SHM=0");
  // Every other executor runs where it is asked to, on any placement.
  for (const char *S :
       {"steps", "host-steps", "nodes", "async", "alltoallv", "alltoallw"})
    for (const Placement &P : {OneNode, FourHosts, OneNodeNoShm})
      expectChoice(S, P, S, false, false, "requested");
  expectChoice("hybrid", OneNode, "hybrid", false, false, "requested");
  expectChoice("hybrid", FourHostsTwoEach, "hybrid", false, false, "requested");
  // Nothing inside a host: hybrid is exactly async (no note: not a
  // fallback, the same thing).
  expectChoice("hybrid", FourHosts, "async", false, false, "one rank per host");
}

void realPlacement() {
  const Placement &P = hpf::rt::placement();
  expect(P.Nodes == 1,
         "a test run is on one node, probe says " + std::to_string(P.Nodes));
  expect(P.MaxRanksPerNode == hpf::nranks(), "every rank on that node");
  // Hosts for host-steps: one, or blocks of HPF_RANKS_PER_HOST ranks.
  const char *K = std::getenv("HPF_RANKS_PER_HOST");
  bool HostsOk = int(P.HostOf.size()) == hpf::nranks();
  for (int R = 0; HostsOk && R < hpf::nranks(); ++R)
    HostsOk = P.HostOf[std::size_t(R)] == (K ? R / std::atoi(K) : 0);
  expect(HostsOk, "host of every rank");
  const int Largest = K ? std::min(std::atoi(K), hpf::nranks()) : hpf::nranks();
  expect(P.MaxRanksPerHost == Largest,
         "ranks of the largest host: " + std::to_string(P.MaxRanksPerHost) +
             ", want " + std::to_string(Largest));
  const char *Off = std::getenv("HPF_SHM");
  bool ShmOff = Off && std::string(Off) == "0";
  expect(std::string(hpf::default_strategy()) == (ShmOff ? "steps" : "shm"),
         std::string("default_strategy() is ") + hpf::default_strategy());
  // A redistribution that moves data (1-D on one rank is a no-op).
  if (hpf::nranks() < 2)
    return;
  hpf::darray<double> A(1000, hpf::block());
  for (hpf::index_t G : A.owned())
    A[G] = double(G);
  hpf::redistribute(A, hpf::cyclic(3), "StrategyTest.cpp:default");
  const char *Ran = hpf::rt::lastExecutor();
  expect(Ran && std::string(Ran) == (ShmOff ? "steps" : "shm"),
         std::string("the default ran ") + (Ran ? Ran : "nothing"));
  // A's storage was private: shm wrote from it into the destination
  // window (no window for the old layout, no copy into one).
  expect(hpf::rt::shmStats().Pushes == (ShmOff ? 0u : 1u),
         "the first default redistribution pushed " +
             std::to_string(hpf::rt::shmStats().Pushes) + " times");
  hpf::redistribute_options O;
  O.strategy = "async";
  O.where = "StrategyTest.cpp:async";
  hpf::redistribute(A, hpf::block(), A.procs(), O);
  Ran = hpf::rt::lastExecutor();
  expect(Ran && std::string(Ran) == "async",
         std::string("async ran ") + (Ran ? Ran : "nothing"));
  O.strategy = "host-steps";
  O.where = "StrategyTest.cpp:host-steps";
  hpf::redistribute(A, hpf::cyclic(5), A.procs(), O);
  Ran = hpf::rt::lastExecutor();
  expect(Ran && std::string(Ran) == "host-steps",
         std::string("host-steps ran ") + (Ran ? Ran : "nothing"));
  O.strategy = "nodes";
  O.where = "StrategyTest.cpp:nodes";
  hpf::redistribute(A, hpf::block(), A.procs(), O);
  Ran = hpf::rt::lastExecutor();
  expect(Ran && std::string(Ran) == "nodes",
         std::string("nodes ran ") + (Ran ? Ran : "nothing"));
  // hybrid: a shared window inside each (made-up) host of several ranks.
  O.strategy = "hybrid";
  O.where = "StrategyTest.cpp:hybrid";
  hpf::redistribute(A, hpf::cyclic(3), A.procs(), O);
  Ran = hpf::rt::lastExecutor();
  const char *PerHost = std::getenv("HPF_RANKS_PER_HOST");
  bool Inside = hpf::nranks() > 1 && !(PerHost && std::atoi(PerHost) == 1);
  const char *Want = ShmOff || !Inside ? "async" : "hybrid";
  expect(Ran && std::string(Ran) == Want,
         std::string("hybrid ran ") + (Ran ? Ran : "nothing"));
  hpf::redistribute(A, hpf::block(), A.procs(), O);
  bool Values = true;
  for (hpf::index_t G : A.owned())
    Values &= A[G] == double(G);
  expect(Values, "values kept");
}

} // namespace

int main(int argc, char **argv) {
  hpf::init(&argc, &argv);
  choices();
  realPlacement();
  long Total = hpf::allreduce_sum(Errors);
  hpf::printf("strategy test: %ld errors\n", Total);
  return Total == 0 ? 0 : 1;
}
