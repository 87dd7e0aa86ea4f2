//===- test/mpi/NDTest.cpp - multi-dimensional arrays under mpiexec -------===//
//
// darray<T, 2> and darray<T, 3> on processor grids: every mapping of a list
// (block, cyclic(k), block(k), gen_block with an empty part, indirect and '*'
// in each dimension, on 2-D and 1-D grids of every shape the world allows,
// grids smaller than the world so that ranks sit outside) redistributed to
// others, with extents that are multiples of nothing and zero extents. After
// each redistribution, at every owner: every owned element has its value,
// owned() covers every index exactly once across the ranks (summed over the
// world), and local_size() is the product of the local extents. Strategies
// and schedulers rotate over the cases; the chained plan fingerprints must
// agree across ranks.
//
// Modes: `full` (every ordered pair of mappings, -n 1 and 2), `rotate` (a
// chain through the mappings, for the oversubscribed -n 3..6 runs: few
// communication rounds), `api` (get/set/update/gather/format_string, 2-D and
// 3-D, int elements), and error modes (err-*) that must end with a one-line
// message and a non-zero exit.
//
//===----------------------------------------------------------------------===//

#include "hpfcc/segments.h"
#include "mpi/hpfrt.h"
#include "plan/RunsND.h"
#include "plan/Scheduler.h"

#include <mpi.h>

#include <algorithm>
#include <cstdio>
#include <string>
#include <tuple>
#include <vector>

namespace {

using hpf::index_t;

long Errors = 0, Cases = 0;

void failed(const std::string &What) {
  ++Errors;
  std::fprintf(stderr, "rank %d: FAILED %s\n", hpf::rank(), What.c_str());
}

double valueOf(index_t Linear) { return double(Linear) * 1.5 + 0.25; }

/// A grid and one format per dimension.
struct Mapping {
  std::vector<int> Shape;
  std::vector<hpf::format> F;
};

hpf::processors gridOf(const std::vector<int> &S) {
  if (S.size() == 1)
    return hpf::processors(S[0]);
  if (S.size() == 2)
    return hpf::processors({S[0], S[1]});
  return hpf::processors({S[0], S[1], S[2]});
}

std::string nameOf(const Mapping &M) {
  std::string S = "(";
  for (std::size_t I = 0; I < M.F.size(); ++I)
    S += (I ? ", " : "") + M.F[I].str();
  S += ") onto (";
  for (std::size_t I = 0; I < M.Shape.size(); ++I)
    S += (I ? "," : "") + std::to_string(M.Shape[I]);
  return S + ")";
}

/// gen_block sizes for n over p with part 0 empty (when p > 1).
hpf::format unevenGenBlock(index_t N, int P) {
  std::vector<index_t> S(std::size_t(P), 0);
  if (P == 1) {
    S[0] = N;
  } else {
    for (int R = 1; R < P; ++R)
      S[std::size_t(R)] = N / (P - 1);
    S[std::size_t(P) - 1] += N - (N / (P - 1)) * (P - 1);
  }
  return hpf::gen_block(S);
}

hpf::format scrambledIndirect(index_t N, int P) {
  std::vector<int> Map(static_cast<std::size_t>(N));
  for (index_t G = 0; G < N; ++G)
    Map[std::size_t(G)] = int((G * 5 + G / 3) % P);
  return hpf::indirect(Map);
}

/// The 2-D mappings of an R x C array on this world.
std::vector<Mapping> mappings2D(index_t R, index_t C) {
  const int W = hpf::nranks();
  std::vector<std::vector<int>> Grids2 = {{1, W}, {W, 1}};
  if (W >= 2)
    Grids2.push_back({1, 1});
  if (W >= 3)
    Grids2.push_back({W - 1, 1}); // the last rank outside
  if (W >= 4)
    Grids2.push_back({2, 2});
  if (W >= 6)
    Grids2.insert(Grids2.end(), {{2, 3}, {3, 2}});
  std::vector<Mapping> Out;
  for (const auto &G : Grids2) {
    int A = G[0], B = G[1];
    Out.push_back({G, {hpf::block(), hpf::block()}});
    Out.push_back({G, {hpf::block(), hpf::cyclic(2)}});
    Out.push_back({G, {hpf::cyclic(), hpf::cyclic(3)}});
    Out.push_back({G, {hpf::cyclic(2), hpf::block()}});
    Out.push_back({G, {unevenGenBlock(R, A), hpf::cyclic()}});
    Out.push_back({G, {hpf::block(R / A + 2), scrambledIndirect(C, B)}});
  }
  std::vector<std::vector<int>> Grids1 = {{W}};
  if (W >= 2)
    Grids1.push_back({W - 1});
  for (const auto &G : Grids1) {
    int P = G[0];
    Out.push_back({G, {hpf::block(), hpf::collapsed()}});
    Out.push_back({G, {hpf::collapsed(), hpf::block()}});
    Out.push_back({G, {hpf::cyclic(3), hpf::collapsed()}});
    Out.push_back({G, {hpf::collapsed(), hpf::cyclic()}});
    Out.push_back({G, {hpf::collapsed(), unevenGenBlock(C, P)}});
    Out.push_back({G, {scrambledIndirect(R, P), hpf::collapsed()}});
  }
  return Out;
}

std::vector<Mapping> mappings3D() {
  const int W = hpf::nranks();
  std::vector<Mapping> Out;
  std::vector<std::vector<int>> Grids2 = {{1, W}, {W, 1}};
  if (W >= 4)
    Grids2.push_back({2, 2});
  for (const auto &G : Grids2) {
    Out.push_back({G, {hpf::block(), hpf::collapsed(), hpf::cyclic(2)}});
    Out.push_back({G, {hpf::collapsed(), hpf::cyclic(), hpf::block()}});
    Out.push_back({G, {hpf::cyclic(2), hpf::block(), hpf::collapsed()}});
  }
  Out.push_back({{W}, {hpf::collapsed(), hpf::collapsed(), hpf::block()}});
  Out.push_back({{W}, {hpf::cyclic(), hpf::collapsed(), hpf::collapsed()}});
  Out.push_back({{1, 1, W}, {hpf::block(), hpf::block(), hpf::cyclic()}});
  if (W >= 2)
    Out.push_back(
        {{1, 1, W - 1}, {hpf::cyclic(2), hpf::block(), hpf::block()}});
  return Out;
}

template <int Rank> std::array<hpf::format, Rank> formatsOf(const Mapping &M) {
  return [&]<std::size_t... K>(std::index_sequence<K...>) {
    return std::array<hpf::format, Rank>{M.F[K]...};
  }
  (std::make_index_sequence<Rank>());
}

/// Calls F(index array) for every element this rank owns, via owned().
template <class T, int Rank, class F>
void forOwned(const hpf::darray<T, Rank> &A, F &&Fn) {
  std::array<index_t, Rank> I{};
  auto Rec = [&](auto &&Self, int D) -> void {
    if (D == Rank) {
      Fn(I);
      return;
    }
    for (index_t G : A.owned(D, 0, A.extent(D))) {
      I[std::size_t(D)] = G;
      Self(Self, D + 1);
    }
  };
  Rec(Rec, 0);
}

template <int Rank>
index_t linearOf(const std::array<index_t, Rank> &I,
                 const std::array<index_t, Rank> &E) {
  index_t L = 0;
  for (int D = 0; D < Rank; ++D)
    L = L * E[std::size_t(D)] + I[std::size_t(D)];
  return L;
}

template <class T, int Rank>
T &at(hpf::darray<T, Rank> &A,
      const std::type_identity_t<std::array<index_t, Rank>> &I) {
  return std::apply([&](auto... X) -> T & { return A(X...); }, I);
}

/// Every owned element has its value, owned() covers the array exactly
/// once across the world, and the local storage matches.
template <int Rank>
void checkArray(hpf::darray<double, Rank> &A,
                const std::array<index_t, Rank> &E, const std::string &What) {
  const int Me = hpf::rank();
  std::vector<int> Mark(std::size_t(A.size()), 0);
  index_t Owned = 0;
  bool Bad = false;
  forOwned(A, [&](const std::array<index_t, Rank> &I) {
    index_t L = linearOf<Rank>(I, E);
    ++Mark[std::size_t(L)];
    ++Owned;
    std::vector<index_t> V(I.begin(), I.end());
    if (at(A, I) != valueOf(L) || A.distribution().owner(V) != Me)
      Bad = true;
  });
  index_t Product = 1;
  for (int D = 0; D < Rank; ++D)
    Product *= A.local_extent(D);
  if (Bad || Owned != A.local_size() || Product != A.local_size())
    failed(What + ": values or local storage");
  if (!Mark.empty())
    hpf::rt::check(MPI_Allreduce(MPI_IN_PLACE, Mark.data(), int(Mark.size()),
                                 MPI_INT, MPI_SUM, MPI_COMM_WORLD),
                   "MPI_Allreduce", "NDTest", nullptr);
  for (int M : Mark)
    if (M != 1) {
      failed(What + ": owned() does not cover every element once");
      break;
    }
}

struct Rotation {
  std::vector<std::string> Scheds;
  std::size_t Rot = 0;
  std::uint64_t Chain = 1469598103934665603ull;
  Rotation() {
    for (const hpf::plan::Scheduler *S : hpf::plan::allSchedulers())
      if (S->name() != "exact")
        Scheds.emplace_back(S->name());
  }
  hpf::redistribute_options next() {
    ++Rot;
    hpf::redistribute_options O;
    O.scheduler = Scheds[Rot % Scheds.size()].c_str();
    const auto &St = hpf::strategies();
    O.strategy = St[(Rot / Scheds.size() + Rot) % St.size()].c_str();
    O.where = "NDTest.cpp";
    return O;
  }
};

template <int Rank>
void redistributeAndCheck(hpf::darray<double, Rank> &A, const Mapping &To,
                          const std::array<index_t, Rank> &E, Rotation &Rot,
                          const std::string &From) {
  ++Cases;
  hpf::redistribute_options O = Rot.next();
  hpf::plan::DistributionND Old = A.distribution();
  hpf::redistribute(A, formatsOf<Rank>(To), gridOf(To.Shape), O);
  std::string What =
      From + " -> " + nameOf(To) + " [" + O.scheduler + ", " + O.strategy + "]";
  checkArray<Rank>(A, E, What);
  std::uint64_t F =
      hpf::plan::fingerprint(hpf::rt::lookupPlan(Old, A.distribution(), O));
  Rot.Chain = Rot.Chain * 1099511628211ull ^ F;
}

template <int Rank>
hpf::darray<double, Rank> filled(const Mapping &M,
                                 const std::array<index_t, Rank> &E) {
  hpf::darray<double, Rank> A(E, formatsOf<Rank>(M), gridOf(M.Shape),
                              "NDTest.cpp");
  forOwned(A, [&](const std::array<index_t, Rank> &I) {
    at(A, I) = valueOf(linearOf<Rank>(I, E));
  });
  return A;
}

void matrix(bool Full, Rotation &Rot) {
  using E2 = std::array<index_t, 2>;
  for (E2 E : {E2{7, 10}, E2{13, 1}, E2{0, 5}, E2{4, 0}, E2{9, 17}}) {
    if (!Full && (E[0] == 13 || E[1] == 0))
      continue;
    std::vector<Mapping> Ms = mappings2D(E[0], E[1]);
    if (Full) {
      for (const Mapping &From : Ms)
        for (const Mapping &To : Ms) {
          auto A = filled<2>(From, E);
          redistributeAndCheck<2>(A, To, E, Rot, nameOf(From));
        }
      continue;
    }
    // A chain: each mapping once in order, then jumps across the list.
    auto A = filled<2>(Ms[0], E);
    std::string Prev = nameOf(Ms[0]);
    std::size_t K = Ms.size();
    for (std::size_t I = 1; I <= 2 * K; ++I) {
      const Mapping &To = Ms[I <= K ? I % K : (I * 7 + 3) % K];
      redistributeAndCheck<2>(A, To, E, Rot, Prev);
      Prev = nameOf(To);
    }
  }
  using E3 = std::array<index_t, 3>;
  for (E3 E : {E3{3, 4, 5}, E3{2, 0, 3}}) {
    std::vector<Mapping> Ms = mappings3D();
    auto A = filled<3>(Ms[0], E);
    std::string Prev = nameOf(Ms[0]);
    for (std::size_t I = 1; I <= Ms.size(); ++I) {
      const Mapping &To = Ms[I % Ms.size()];
      redistributeAndCheck<3>(A, To, E, Rot, Prev);
      Prev = nameOf(To);
    }
  }
}

/// get/set/update/gather, 2-D and 3-D, plus the descriptors.
/// The runs a rank's elements form in the whole array (gather, replica
/// store-back) are found without a table of the local indices where they
/// are one stretch: a block dimension of 2^40 elements on every rank, alone
/// and with a '*' dimension after it, and a '*' dimension before a block
/// one (a run per row). A table would be 2^43 bytes.
void hugeRuns() {
  const int W = hpf::nranks(), Me = hpf::rank();
  const index_t N = index_t(1) << 40;
  std::vector<std::tuple<index_t, index_t, index_t>> Runs;
  auto Record = [&](index_t G, index_t L, index_t Count) {
    Runs.emplace_back(G, L, Count);
  };
  const hpf::plan::DistributionND D1 = hpf::rt::makeDistribution(
      N, hpf::block(), hpf::processors(W), "distribute", "runs.cpp:1:1");
  const index_t Part = (N + W - 1) / W;
  const index_t Lo = std::min(N, Part * Me), Hi = std::min(N, Lo + Part);
  hpf::rt::forEachLocalRun(D1, Me, Record);
  if (Lo < Hi &&
      (Runs.size() != 1 || Runs[0] != std::make_tuple(Lo, index_t(0), Hi - Lo)))
    failed("runs of a block of 2^40");
  Runs.clear();
  const hpf::plan::DistributionND D2 = hpf::rt::makeDistribution(
      {N, 3}, {hpf::block(), hpf::collapsed()}, hpf::processors(W),
      "distribute", "runs.cpp:2:1");
  hpf::rt::forEachLocalRun(D2, Me, Record);
  if (Lo < Hi &&
      (Runs.size() != 1 ||
       Runs[0] != std::make_tuple(3 * Lo, index_t(0), 3 * (Hi - Lo))))
    failed("runs of (block, *) rows of 2^40");
  Runs.clear();
  const hpf::plan::DistributionND D3 = hpf::rt::makeDistribution(
      {3, N}, {hpf::collapsed(), hpf::block()}, hpf::processors(W),
      "distribute", "runs.cpp:3:1");
  hpf::rt::forEachLocalRun(D3, Me, Record);
  bool Ok = Lo >= Hi || Runs.size() == (W == 1 ? 1 : 3);
  for (index_t R = 0; Ok && Lo < Hi && W > 1 && R < 3; ++R)
    Ok = Runs[std::size_t(R)] ==
         std::make_tuple(R * N + Lo, R * (Hi - Lo), Hi - Lo);
  if (!Ok)
    failed("runs of (*, block) rows of 2^40");
  ++Cases;
}

/// Gathered copies in a call site's kept buffer (hpfcc::gathered with a
/// gather_site, as generated loops make them): each copy holds the array's
/// values at its making, a later run of the site reuses the buffer, and a
/// run while an earlier copy of the site is alive gets a buffer of its own
/// (the earlier copy keeps its values).
void siteGathers() {
  const int W = hpf::nranks();
  hpf::darray<double, 2> M({5, 3}, {hpf::block(), hpf::collapsed()},
                           hpf::processors(W), "site.cpp:1:1");
  hpf::darray<double> V(11, hpf::cyclic(2), hpf::processors(W), "site.cpp:2:1");
  auto Fill = [&](double Add) {
    for (index_t I = 0; I < 5; ++I)
      for (index_t J = 0; J < 3; ++J)
        M.set(I, J, valueOf(I * 3 + J) + Add);
    for (index_t I = 0; I < 11; ++I)
      V.set(I, valueOf(I) + Add);
  };
  static hpfcc::gather_site<double> SiteM, SiteV;
  const double *Kept = nullptr;
  for (double Add : {0.0, 100.0}) {
    Fill(Add);
    const hpfcc::gathered<double, 2> G(SiteM, M);
    const hpfcc::gathered<double, 1> GV(SiteV, V);
    if (Kept && G.data() != Kept)
      failed("a site's second run did not reuse its buffer");
    Kept = G.data();
    Fill(Add + 1000);
    const hpfcc::gathered<double, 2> Inner(SiteM, M);
    if (Inner.data() == G.data())
      failed("a copy made while the site's buffer is in use shares it");
    for (index_t I = 0; I < 5; ++I)
      for (index_t J = 0; J < 3; ++J)
        if (G(I, J) != valueOf(I * 3 + J) + Add ||
            Inner(I, J) != valueOf(I * 3 + J) + Add + 1000)
          failed("site gather of M at " + std::to_string(I) + "," +
                 std::to_string(J));
    for (index_t I = 0; I < 11; ++I)
      if (GV[I] != valueOf(I) + Add)
        failed("site gather of V at " + std::to_string(I));
  }
  ++Cases;
}

void api() {
  const int W = hpf::nranks();
  hpf::processors G({1, W});
  hpf::darray<double, 2> M({5, 7}, {hpf::cyclic(2), hpf::block()}, G,
                           "api.cpp:1:1");
  if (M.format_string() != "(cyclic(2), block)")
    failed("format_string " + M.format_string());
  if (M.extent(0) != 5 || M.extent(1) != 7 || M.size() != 35)
    failed("extents");
  for (index_t I = 0; I < 5; ++I)
    for (index_t J = 0; J < 7; ++J)
      M.set(I, J, valueOf(I * 7 + J));
  for (index_t I = 0; I < 5; ++I)
    for (index_t J = 0; J < 7; ++J) {
      M.update<hpf::elem_op::add>(I, J, 1);
      M.update<hpf::elem_op::mul>(I, J, 2.0);
    }
  for (index_t I = 0; I < 5; ++I)
    for (index_t J = 0; J < 7; ++J) {
      double V = M.get(I, J);
      if (V != (valueOf(I * 7 + J) + 1) * 2)
        failed("get after set/update at " + std::to_string(I) + "," +
               std::to_string(J));
      if (M.is_local(I, J) != (M.owner(I, J) == hpf::rank()))
        failed("is_local/owner");
    }
  // Onto the same grid, other formats (the 3-argument form), then gather.
  hpf::redistribute(M, {hpf::block(), hpf::cyclic()}, "api.cpp:2:1");
  std::vector<double> All = M.gather();
  for (index_t L = 0; L < 35; ++L)
    if (All[std::size_t(L)] != (valueOf(L) + 1) * 2)
      failed("gather at " + std::to_string(L));
  if (M.format_string() != "(block, cyclic)")
    failed("format_string after redistribute " + M.format_string());

  // 3-D, int elements, a grid that leaves the last rank out.
  hpf::processors H({std::max(1, W - 1)});
  hpf::darray<int, 3> T({3, 2, 4},
                        {hpf::collapsed(), hpf::collapsed(), hpf::cyclic()}, H,
                        "api.cpp:3:1");
  for (index_t I = 0; I < 3; ++I)
    for (index_t J = 0; J < 2; ++J)
      for (index_t K = 0; K < 4; ++K)
        T.set(I, J, K, int(I * 100 + J * 10 + K));
  T.update<hpf::elem_op::bit_xor>(2, 1, 3, 0xff);
  hpf::redistribute(T, {hpf::block(), hpf::collapsed(), hpf::collapsed()},
                    hpf::processors(W), "api.cpp:4:1");
  std::vector<int> TAll = T.gather();
  for (index_t L = 0; L < 24; ++L) {
    index_t I = L / 8, J = L / 4 % 2, K = L % 4;
    int Want = int(I * 100 + J * 10 + K) ^ (L == 23 ? 0xff : 0);
    if (TAll[std::size_t(L)] != Want || T.get(I, J, K) != Want)
      failed("3-D gather/get at " + std::to_string(L));
  }
  index_t Mine = T.local_size();
  if (hpf::allreduce_sum(Mine) != 24)
    failed("3-D local sizes do not add up");
  // A (*, *) array on one processor: rank 0 holds everything.
  hpf::darray<double, 2> One({2, 3}, {hpf::collapsed(), hpf::collapsed()},
                             hpf::processors(1), "api.cpp:5:1");
  One.set(1, 2, 4.5);
  if (One.get(1, 2) != 4.5 || (hpf::rank() == 0) != (One.local_size() == 6))
    failed("(*, *) on one processor");
  Cases += 3;
}

int errorMode(const std::string &Mode) {
  const int W = hpf::nranks();
  if (Mode == "err-grid") { // 2 distributed dimensions on a 1-D grid
    hpf::darray<double, 2> M({4, 4}, {hpf::block(), hpf::block()},
                             hpf::processors(W), "nd.cpp:1:1");
  } else if (Mode == "err-gen-block") { // 3 sizes for 2 processors
    hpf::darray<double, 2> M(
        {12, 4}, {hpf::gen_block(std::vector<int>{3, 4, 5}), hpf::block()},
        hpf::processors({2, 1}), "nd.cpp:2:1");
  } else if (Mode == "err-redistribute-grid") {
    hpf::darray<double, 2> M({4, 4}, {hpf::block(), hpf::collapsed()},
                             hpf::processors(W));
    hpf::redistribute(M, {hpf::collapsed(), hpf::block()},
                      hpf::processors({1, W}), "nd.cpp:3:1");
  } else if (Mode == "err-index") {
    hpf::darray<double, 2> M({6, 4}, {hpf::block(), hpf::collapsed()},
                             hpf::processors(W));
    (void)M.get(5, 9);
  } else if (Mode == "err-negative") {
    hpf::darray<double, 2> M({-1, 4}, {hpf::block(), hpf::collapsed()},
                             hpf::processors(W), "nd.cpp:4:1");
  } else if (Mode == "err-get-in-loop") {
    hpf::darray<double, 2> M({6, 4}, {hpf::block(), hpf::collapsed()},
                             hpf::processors(W));
    hpf::rt::independent_scope Scope;
    for (index_t I : M.owned(0, 0, 6))
      (void)M.get(I, 0);
  } else if (Mode == "err-static") {
    hpf::darray<double, 2> M({6, 4}, {hpf::block(), hpf::collapsed()},
                             hpf::processors(W));
    hpf::static_plan S{};
    hpf::redistribute_options O;
    O.plan = &S;
    O.where = "nd.cpp:5:1";
    hpf::redistribute(M, {hpf::collapsed(), hpf::block()}, hpf::processors(W),
                      O);
  } else {
    hpf::fail("NDTest", "unknown mode " + Mode);
  }
  hpf::barrier();
  hpf::printf("not reached\n");
  return 0;
}

} // namespace

int main(int argc, char **argv) {
  hpf::init(&argc, &argv);
  std::string Mode = argc > 1 ? argv[1] : "full";
  if (Mode.rfind("err-", 0) == 0)
    return errorMode(Mode);
  Rotation Rot;
  if (Mode == "full" || Mode == "rotate")
    matrix(Mode == "full", Rot);
  else if (Mode == "api") {
    api();
    hugeRuns();
    siteGathers();
  } else
    hpf::fail("NDTest", "unknown mode " + Mode);
  std::uint64_t Lo = hpf::allreduce_min((unsigned long long)Rot.Chain);
  std::uint64_t Hi = hpf::allreduce_max((unsigned long long)Rot.Chain);
  if (Lo != Hi) {
    ++Errors;
    hpf::printf("plan fingerprints differ across ranks\n");
  }
  long Total = hpf::allreduce_sum(Errors);
  hpf::printf("nd %s: %d ranks, %ld cases, %ld failures\n", Mode.c_str(),
              hpf::nranks(), Cases, Total);
  return Total == 0 ? 0 : 1;
}
