//===- test/mpi/MatrixTest.cpp - every distribution to every other --------===//
//
// For every pair of distribution kinds (block, block(k), cyclic, cyclic(3),
// cyclic(5), cyclic(40), gen_block with an empty rank, indirect), every
// arrangement pair P -> Q (P == Q, P != Q, one rank, ranks outside an
// arrangement), extents that are not multiples of any period (0, 1, 97, 1000),
// every registered scheduler and every executor: each element arrives on its
// new owner at its new local index with its value (checked element by element),
// and every rank computed the same plan (fingerprints compared across ranks).
//
// `full` runs the whole product (for -n 1 and 2); `rotate` (for the
// oversubscribed -n 3..5 runs, where every communication round costs
// milliseconds) runs every (pair, kinds, extent) case once, rotating through
// the schedulers and executors so each still runs many times.
// `types` repeats a rotated matrix for 4-byte and 12-byte elements; `short`
// is `rotate` with extents 1 and 97 only. A second argument (an executor
// name) limits a run to that executor.
//
//===----------------------------------------------------------------------===//

#include "mpi/hpfrt.h"
#include "plan/Scheduler.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

namespace {

long Errors = 0, Cases = 0, ShmCases = 0;

/// Element values that identify their global index.
template <class T> T valueOf(hpf::index_t G);
template <> double valueOf<double>(hpf::index_t G) {
  return double(G) * 1.5 + 0.25;
}
template <> int valueOf<int>(hpf::index_t G) { return int(G * 7 + 3); }
struct Odd {
  int A;
  short B;
  char C[5];
  bool operator==(const Odd &O) const {
    return A == O.A && B == O.B && std::memcmp(C, O.C, 5) == 0;
  }
};
static_assert(sizeof(Odd) == 12);
template <> Odd valueOf<Odd>(hpf::index_t G) {
  Odd O{int(G), short(G % 1000), {}};
  for (int I = 0; I < 5; ++I)
    O.C[I] = char('a' + (G + I) % 26);
  return O;
}

/// The formats of the matrix for p processors and extent n.
std::vector<hpf::format> formatsFor(hpf::index_t N, int P) {
  // cyclic(40) against cyclic: bundles of more than 16 runs per message.
  std::vector<hpf::format> F = {hpf::block(), hpf::cyclic(), hpf::cyclic(3),
                                hpf::cyclic(5), hpf::cyclic(40)};
  F.push_back(hpf::block(N / P + 2)); // block(k) with k * p > n
  // gen_block: rank 0 empty when p > 1, the rest uneven.
  std::vector<hpf::index_t> Sizes(static_cast<std::size_t>(P), 0);
  hpf::index_t Left = N;
  for (int R = P - 1; R >= 1; --R) {
    hpf::index_t S = std::min<hpf::index_t>(Left, (N / P) + (R % 2 ? 3 : -1));
    S = std::max<hpf::index_t>(S, 0);
    Sizes[std::size_t(R)] = S;
    Left -= S;
  }
  Sizes[P > 1 ? 1 : 0] += Left;
  F.push_back(hpf::gen_block(Sizes));
  std::vector<int> Map(static_cast<std::size_t>(N));
  for (hpf::index_t G = 0; G < N; ++G)
    Map[std::size_t(G)] = int((G * 7 + G / 3) % P);
  F.push_back(hpf::indirect(Map));
  return F;
}

template <class T>
void runCase(hpf::index_t N, const hpf::processors &P, const hpf::processors &Q,
             const hpf::format &From, const hpf::format &To, const char *Sched,
             const char *Strategy, std::uint64_t &Chain) {
  ++Cases;
  ShmCases += std::string(Strategy) == "shm";
  hpf::darray<T> A(N, From, P);
  for (hpf::index_t G : A.owned())
    A[G] = valueOf<T>(G);
  hpf::redistribute_options O;
  O.scheduler = Sched;
  O.strategy = Strategy;
  O.where = "MatrixTest.cpp";
  hpf::plan::Distribution Target = To.instantiate(N, Q.size());
  hpf::redistribute(A, To, Q, O);
  int Me = hpf::rank();
  hpf::index_t Expect = Q.contains(Me) ? Target.localCount(Me) : 0;
  bool Ok = A.local_size() == Expect;
  for (hpf::index_t L = 0; Ok && L < A.local_size(); ++L) {
    hpf::index_t G = A.global_index(L);
    Ok = Target.owner(G) == Me && A.local(L) == valueOf<T>(G);
  }
  if (!Ok) {
    ++Errors;
    std::fprintf(stderr,
                 "rank %d: FAILED n=%lld %s on %d -> %s on %d, scheduler %s, "
                 "strategy %s\n",
                 Me, (long long)N, From.str().c_str(), P.size(),
                 To.str().c_str(), Q.size(), Sched, Strategy);
  }
  hpf::plan::Distribution Src = From.instantiate(N, P.size());
  std::uint64_t F = hpf::plan::fingerprint(
      hpf::rt::lookupPlan(hpf::plan::DistributionND::rank1(Src),
                          hpf::plan::DistributionND::rank1(Target), O));
  Chain = Chain * 1099511628211ull ^ F;
}

struct Pair {
  int P, Q;
};

/// A strategy the run is limited to (third argument), else every one.
std::string Only;
/// The extents of every case; `short` keeps 1 and 97 (oversubscribed runs
/// of one executor with HPF_VERIFY, where each case costs milliseconds).
std::vector<hpf::index_t> Extents = {0, 1, 97, 1000};

template <class T> void matrix(bool Full, std::uint64_t &Chain) {
  const int W = hpf::nranks();
  std::vector<Pair> Pairs = {{W, W}};
  if (W > 1)
    Pairs.insert(Pairs.end(), {{W, W - 1}, {W - 1, W}, {1, W}, {W, 1}});
  if (W > 3)
    Pairs.push_back({W - 1, W - 2});
  std::vector<std::string> Scheds;
  for (const hpf::plan::Scheduler *S : hpf::plan::allSchedulers())
    if (S->name() != "exact")
      Scheds.emplace_back(S->name());
  const std::vector<std::string> Strats =
      Only.empty() ? hpf::strategies() : std::vector<std::string>{Only};
  std::size_t Rot = 0;
  for (hpf::index_t N : Extents) {
    for (Pair PQ : Pairs) {
      hpf::processors P(PQ.P), Q(PQ.Q);
      auto FromF = formatsFor(N, PQ.P), ToF = formatsFor(N, PQ.Q);
      for (const hpf::format &From : FromF)
        for (const hpf::format &To : ToF) {
          if (Full) {
            for (const std::string &S : Scheds)
              for (const std::string &X : Strats)
                runCase<T>(N, P, Q, From, To, S.c_str(), X.c_str(), Chain);
          } else {
            ++Rot;
            const std::string &S = Scheds[Rot % Scheds.size()];
            const std::string &X =
                Strats[(Rot / Scheds.size() + Rot) % Strats.size()];
            runCase<T>(N, P, Q, From, To, S.c_str(), X.c_str(), Chain);
          }
        }
    }
  }
}

} // namespace

int main(int argc, char **argv) {
  hpf::init(&argc, &argv);
  std::string Mode = argc > 1 ? argv[1] : "full";
  Only = argc > 2 ? argv[2] : "";
  if (Mode == "short") {
    Extents = {1, 97};
    Mode = "rotate";
  }
  std::uint64_t Chain = 1469598103934665603ull;
  if (Mode == "full" || Mode == "rotate")
    matrix<double>(Mode == "full", Chain);
  else if (Mode == "types") {
    matrix<int>(false, Chain);
    matrix<Odd>(false, Chain);
  } else {
    hpf::fail("MatrixTest", "unknown mode " + Mode);
  }
  // Plans identical on every rank: the chained fingerprints agree.
  std::uint64_t Lo = hpf::allreduce_min((unsigned long long)Chain);
  std::uint64_t Hi = hpf::allreduce_max((unsigned long long)Chain);
  if (Lo != Hi) {
    ++Errors;
    hpf::printf("plan fingerprints differ across ranks\n");
  }
  // All ranks of a test run share one node: the shm strategy must really
  // have run (not fallen back to steps), unless HPF_SHM=0 turned it off.
  hpf::rt::ShmStats St = hpf::rt::shmStats();
  const char *Off = std::getenv("HPF_SHM");
  bool ShmOff = Off && std::string(Off) == "0";
  if (ShmCases > 0 && !ShmOff && (St.Runs == 0 || St.Fallbacks > 0)) {
    ++Errors;
    std::fprintf(stderr, "rank %d: shm ran %llu times, fell back %llu times\n",
                 hpf::rank(), (unsigned long long)St.Runs,
                 (unsigned long long)St.Fallbacks);
  }
  if (ShmOff && St.Runs > 0) {
    ++Errors;
    std::fprintf(stderr, "rank %d: shm ran although HPF_SHM=0\n", hpf::rank());
  }
  hpf::printf("shm: %llu runs, %llu windows created, %llu reused, %llu freed\n",
              (unsigned long long)St.Runs,
              (unsigned long long)St.WindowsCreated,
              (unsigned long long)St.WindowsReused,
              (unsigned long long)St.WindowsFreed);
  long Total = hpf::allreduce_sum(Errors);
  hpf::printf("matrix %s: %d ranks, %ld cases, %ld failures\n", Mode.c_str(),
              hpf::nranks(), Cases, Total);
  return Total == 0 ? 0 : 1;
}
