//===- test/mpi/HaloTest.cpp - hpf::halo, the stencil neighbour exchange --===//
//
// For many (source, home) distribution pairs, loop ranges and offset
// ranges, every element of every rank's halo must equal the source array's
// value, the halo must cover exactly what the rank's iterations read, and
// the message counts must be the halo's promise: aligned contiguous arrays
// whose blocks hold at least max |c| elements use at most 2 messages each
// way per rank; small and empty blocks fetch from further owners;
// non-contiguous distributions fall back to the gather (or, through
// hpf::halo_tiles, get a halo per block). Exits non-zero on
// every rank (after an allreduce of the error count) if anything is wrong.
//
//===----------------------------------------------------------------------===//

#include "hpfcc/strides.h"
#include "mpi/hpfrt.h"

#include <algorithm>
#include <array>
#include <cstdio>
#include <string>
#include <vector>

namespace {
long Errors = 0;
void expect(bool Ok, const std::string &What, long long A = 0,
            long long B = 0) {
  if (!Ok) {
    ++Errors;
    std::fprintf(stderr, "rank %d: FAILED %s (%lld vs %lld)\n", hpf::rank(),
                 What.c_str(), A, B);
  }
}

long long valueOf(hpf::index_t G) { return G * 7 + 3; }

struct Case {
  std::string Name;
  hpf::format Src, Home;
  hpf::index_t N;
  bool Aligned; ///< Src and Home place every element identically
  int OnP;      ///< arrangement size (0: the world)
};

void run(const Case &C, hpf::index_t Lo, hpf::index_t Hi, hpf::index_t CMin,
         hpf::index_t CMax) {
  const int W = hpf::nranks(), Me = hpf::rank();
  hpf::processors P =
      C.OnP ? hpf::processors(std::min(C.OnP, W)) : hpf::processors::all();
  hpf::darray<long long> A(C.N, C.Src, P);
  hpf::darray<float> Home(C.N, C.Home, P);
  for (hpf::index_t G : A.owned())
    A[G] = valueOf(G);
  std::string What = C.Name + " [" + std::to_string(Lo) + "," +
                     std::to_string(Hi) + ") c in [" + std::to_string(CMin) +
                     "," + std::to_string(CMax) + "]";
  hpf::halo<long long> H(A, Home, Lo, Hi, CMin, CMax, "HaloTest.cpp:1:1");
  const hpf::rt::HaloStats St = hpf::rt::lastHaloStats();
  const auto &SD = A.distribution(), &HD = Home.distribution();
  const bool Contiguous = SD.isContiguous() && HD.isContiguous();
  expect(St.Gathered == !Contiguous, What + ": gathered iff not contiguous");
  // Every read the rank's iterations make is in the halo, with its value.
  for (hpf::index_t I : Home.owned(Lo, Hi))
    for (hpf::index_t Cc = CMin; Cc <= CMax; ++Cc) {
      hpf::index_t G = I + Cc;
      if (G < 0 || G >= C.N)
        continue;
      bool In = G >= H.first() && G < H.first() + H.size();
      expect(In, What + ": read outside the halo", G);
      if (In)
        expect(H[G] == valueOf(G), What + ": value", G, H[G]);
    }
  // Read through runs (hpf::halo_split): interior iterations read A's
  // storage in place, the others the copy, which holds the ghosts and the
  // frame of the block; only the frame is copied.
  hpf::halo<long long> Sp(hpf::halo_split, A, Home, Lo, Hi, CMin, CMax,
                          "HaloTest.cpp:2:1");
  const hpf::rt::HaloStats SpSt = hpf::rt::lastHaloStats();
  // Its receives travel until a run reads the copy; its sends are copies,
  // so the owners may change A at once (as the next loop may): the copy
  // keeps the values from the halo's construction, the interior reads
  // the new ones in place.
  if (!SpSt.Gathered)
    expect(Sp.in_flight() == (SpSt.Recvs > 0),
           What + ": split exchange in flight", Sp.in_flight());
  for (hpf::index_t G : A.owned())
    A[G] = -valueOf(G);
  for (hpf::index_t I : Home.owned(Lo, Hi)) {
    const hpf::rt::Range In = Sp.interior(0, 0);
    const bool Local = In.first < In.second && I >= In.first && I < In.second;
    const auto V = Sp.view(Local);
    for (hpf::index_t Cc = CMin; Cc <= CMax; ++Cc) {
      hpf::index_t G = I + Cc;
      if (G >= 0 && G < C.N)
        expect(V[G] == (Local && !SpSt.Gathered ? -1 : 1) * valueOf(G),
               What + ": split value", G, V[G]);
    }
  }
  for (hpf::index_t G : A.owned())
    A[G] = valueOf(G);
  // The same halo again (the next sweep): the exchange reuses the plan of
  // the first, with the same counts and values.
  const long Plans = hpf::rt::haloSetUps();
  hpf::halo<long long> Again(hpf::halo_split, A, Home, Lo, Hi, CMin, CMax,
                             "HaloTest.cpp:3:1");
  const hpf::rt::HaloStats AgSt = hpf::rt::lastHaloStats();
  if (Contiguous) {
    expect(!AgSt.SetUp && hpf::rt::haloSetUps() == Plans,
           What + ": a repeated exchange plans nothing",
           hpf::rt::haloSetUps() - Plans);
    expect(AgSt.Sends == SpSt.Sends && AgSt.Recvs == SpSt.Recvs &&
               AgSt.ElementsCopied == SpSt.ElementsCopied &&
               AgSt.ElementsReceived == SpSt.ElementsReceived,
           What + ": a repeated exchange moves the same");
  }
  for (hpf::index_t I : Home.owned(Lo, Hi)) {
    const hpf::rt::Range In = Again.interior(0, 0);
    const auto V =
        Again.view(In.first < In.second && I >= In.first && I < In.second);
    for (hpf::index_t Cc = CMin; Cc <= CMax; ++Cc) {
      hpf::index_t G = I + Cc;
      if (G >= 0 && G < C.N)
        expect(V[G] == valueOf(G), What + ": repeated value", G, V[G]);
    }
  }
  if (Contiguous)
    expect(SpSt.ElementsCopied <= 2 * (CMax - CMin),
           What + ": split copies the frame only", SpSt.ElementsCopied);
  if (Contiguous) {
    // Exactly the need: nothing more is held.
    auto Need = hpf::rt::haloNeed(SD, HD, Me, Lo, Hi, CMin, CMax);
    expect(H.first() == Need.first && H.size() == Need.second - Need.first,
           What + ": halo is the need", H.size(), Need.second - Need.first);
    for (hpf::index_t G = H.first(); G < H.first() + H.size(); ++G)
      expect(H[G] == valueOf(G), What + ": held value", G, H[G]);
    // Neighbours only, when blocks are large enough.
    hpf::index_t Reach = std::max<hpf::index_t>(-CMin, CMax);
    bool BigBlocks = true;
    for (int R = 0; R < SD.procs(); ++R)
      BigBlocks &= SD.localCount(R) >= Reach;
    if (C.Aligned && BigBlocks) {
      expect(St.Sends <= 2 && St.Recvs <= 2, What + ": at most 2 messages",
             St.Sends, St.Recvs);
      expect(St.ElementsReceived <= Reach * 2 &&
                 St.ElementsReceived <= std::max<hpf::index_t>(0, -CMin) +
                                            std::max<hpf::index_t>(0, CMax),
             What + ": halo size", St.ElementsReceived);
    }
  }
}

/// Halos per block (hpf::halo_tiles): every read of every iteration is in
/// the view of the iteration's block with its value; with the home's own
/// mapping and blocks wider than the offsets, only the two neighbouring
/// ranks send (one message each) and each block receives at most its
/// ghosts; a repeated exchange plans nothing; another home mapping gathers.
void runTiles(const Case &C, hpf::index_t Lo, hpf::index_t Hi,
              hpf::index_t CMin, hpf::index_t CMax) {
  const int W = hpf::nranks();
  hpf::processors P =
      C.OnP ? hpf::processors(std::min(C.OnP, W)) : hpf::processors::all();
  hpf::darray<long long> A(C.N, C.Src, P);
  hpf::darray<float> Home(C.N, C.Home, P);
  for (hpf::index_t G : A.owned())
    A[G] = valueOf(G);
  const std::string What =
      "tiles " + C.Name + " [" + std::to_string(Lo) + "," + std::to_string(Hi) +
      ") c in [" + std::to_string(CMin) + "," + std::to_string(CMax) + "]";
  for (int Round = 0; Round < 2; ++Round) {
    hpf::halo<long long> H(hpf::halo_tiles, A, Home, Lo, Hi, CMin, CMax,
                           "HaloTest.cpp:4:1");
    const hpf::rt::HaloStats St = hpf::rt::lastHaloStats();
    for (hpf::index_t I : Home.owned(Lo, Hi)) {
      const auto V = H.tile(I).view(false);
      for (hpf::index_t Cc = CMin; Cc <= CMax; ++Cc) {
        const hpf::index_t G = I + Cc;
        if (G >= 0 && G < C.N)
          expect(V[G] == valueOf(G), What + ": value", G, V[G]);
      }
    }
    // Read through runs (halo_split): a block's interior iterations read
    // A's storage in place, the others the copy of the ghosts and frame.
    hpf::halo<long long> Sp(hpf::halo_tiles, hpf::halo_split, A, Home, Lo, Hi,
                            CMin, CMax, "HaloTest.cpp:5:1");
    const hpf::rt::HaloStats SpSt = hpf::rt::lastHaloStats();
    for (hpf::index_t I : Home.owned(Lo, Hi)) {
      const auto &T = Sp.tile(I);
      const hpf::rt::Range In = T.interior(0, 0);
      const auto V = T.view(In.first <= I && I < In.second);
      for (hpf::index_t Cc = CMin; Cc <= CMax; ++Cc) {
        const hpf::index_t G = I + Cc;
        if (G >= 0 && G < C.N)
          expect(V[G] == valueOf(G), What + ": split value", G, V[G]);
      }
    }
    expect(SpSt.ElementsReceived == St.ElementsReceived &&
               SpSt.ElementsCopied <= St.ElementsCopied,
           What + ": split receives the same, copies less", SpSt.ElementsCopied,
           St.ElementsCopied);
    const bool Same = A.distribution().sameMapping(Home.distribution());
    expect(St.Gathered == !Same, What + ": gathered iff misaligned");
    if (!Same)
      continue;
    expect(St.SetUp == (Round == 0) && SpSt.SetUp == (Round == 0),
           What + ": planned once", Round);
    const auto &SD = A.distribution();
    const hpf::index_t K = SD.blockSize();
    const hpf::index_t Blocks =
        Home.local_extent(0) / std::max<hpf::index_t>(K, 1) + 1;
    if (K > std::max(-CMin, CMax) && SD.procs() > 2) {
      expect(St.Sends <= 2 && St.Recvs <= 2, What + ": neighbours only",
             St.Sends, St.Recvs);
      expect(St.ElementsReceived <= Blocks * (std::max<hpf::index_t>(0, -CMin) +
                                              std::max<hpf::index_t>(0, CMax)),
             What + ": ghosts only", St.ElementsReceived);
    }
  }
}

/// The runs of one halo (hpf::halo_split_runs, its own code for one halo)
/// cover [lo, hi), each maximal, local exactly inside the interior, the
/// local run first (the exchange travels meanwhile) and the edge runs in
/// order: checked against every small case.
void runsOfOneHalo() {
  for (hpf::index_t Lo = -2; Lo <= 6; ++Lo)
    for (hpf::index_t Hi = -2; Hi <= 6; ++Hi)
      for (hpf::index_t F = -2; F <= 7; ++F)
        for (hpf::index_t S = -2; S <= 7; ++S) {
          const std::string What = "runs [" + std::to_string(Lo) + "," +
                                   std::to_string(Hi) + ") interior [" +
                                   std::to_string(F) + "," + std::to_string(S) +
                                   ")";
          std::vector<hpf::halo_run> Runs;
          for (const hpf::halo_run R :
               hpf::halo_split_runs(Lo, Hi, hpf::rt::Range{F, S})) {
            expect(R.lo < R.hi, What + ": not empty", R.lo, R.hi);
            expect(Runs.empty() || !R.local(0), What + ": local run first");
            for (hpf::index_t X = R.lo; X < R.hi; ++X)
              expect(R.local(0) == (F < S && F <= X && X < S), What + ": local",
                     X);
            Runs.push_back(R);
          }
          // The edge runs ascend; all of them, sorted, tile [lo, hi) with
          // local and copy runs alternating (maximal).
          for (std::size_t K = 2; K < Runs.size(); ++K)
            expect(Runs[K - 1].hi <= Runs[K].lo, What + ": edges in order",
                   Runs[K - 1].hi, Runs[K].lo);
          std::sort(Runs.begin(), Runs.end(),
                    [](const auto &A, const auto &B) { return A.lo < B.lo; });
          hpf::index_t Next = Lo;
          int Last = -1;
          for (const hpf::halo_run &R : Runs) {
            expect(R.lo == Next, What + ": contiguous", R.lo, Next);
            expect(int(R.local(0)) != Last, What + ": maximal");
            Last = int(R.local(0));
            Next = R.hi;
          }
          expect(Next == std::max(Lo, Hi), What + ": covered", Next);
          // hpf::in_order: the same runs, ascending.
          std::size_t K = 0;
          for (const hpf::halo_run R : hpf::halo_split_runs(
                   hpf::in_order, Lo, Hi, hpf::rt::Range{F, S})) {
            const bool Same = K < Runs.size() && R.lo == Runs[K].lo &&
                              R.hi == Runs[K].hi && R.in == Runs[K].in;
            expect(Same, What + ": in order", R.lo);
            ++K;
          }
          expect(K == Runs.size(), What + ": in order, all runs");
        }
}
/// The runs of two halos: the run inside both interiors first, the others
/// ascending, together covering [lo, hi) with the right local bits.
void runsOfTwoHalos() {
  const hpf::index_t Lo = 0, Hi = 8;
  for (hpf::index_t F0 = 0; F0 <= 8; ++F0)
    for (hpf::index_t S0 = F0; S0 <= 8; ++S0)
      for (hpf::index_t F1 = 0; F1 <= 8; ++F1)
        for (hpf::index_t S1 = F1; S1 <= 8; ++S1) {
          const std::string What =
              "two halos, interiors [" + std::to_string(F0) + "," +
              std::to_string(S0) + ") [" + std::to_string(F1) + "," +
              std::to_string(S1) + ")";
          std::vector<hpf::halo_run> Runs;
          for (const hpf::halo_run R : hpf::halo_split_runs(
                   Lo, Hi, hpf::rt::Range{F0, S0}, hpf::rt::Range{F1, S1})) {
            expect(Runs.empty() || !(R.local(0) && R.local(1)),
                   What + ": the run local to both first");
            for (hpf::index_t X = R.lo; X < R.hi; ++X) {
              expect(R.local(0) == (F0 <= X && X < S0), What + ": local 0", X);
              expect(R.local(1) == (F1 <= X && X < S1), What + ": local 1", X);
            }
            Runs.push_back(R);
          }
          const bool Both =
              !Runs.empty() && Runs[0].local(0) && Runs[0].local(1);
          for (std::size_t K = Both ? 2 : 1; K < Runs.size(); ++K)
            expect(Runs[K - 1].hi <= Runs[K].lo, What + ": others in order");
          std::sort(Runs.begin(), Runs.end(),
                    [](const auto &A, const auto &B) { return A.lo < B.lo; });
          hpf::index_t Next = Lo;
          for (const hpf::halo_run &R : Runs) {
            expect(R.lo == Next && R.lo < R.hi, What + ": contiguous", R.lo,
                   Next);
            Next = R.hi;
          }
          expect(Next == Hi, What + ": covered", Next);
        }
}
/// hpfcc::planes_of, the compiler's view of a split halo that reads the
/// planes of a (block, *, *) array whole: with constant strides, every
/// element a run reads is the one halo_view reads, from the copy at the
/// block's edges and in place inside it; plane indices are global.
void planesOfSplitHalo(hpf::index_t N) {
  constexpr hpf::index_t J = 4, I = 5;
  const std::array<hpf::format, 3> Planes{hpf::block(), hpf::collapsed(),
                                          hpf::collapsed()};
  hpf::darray<long long, 3> A({N, J, I}, Planes, hpf::processors::all(),
                              "HaloTest.cpp:5:1");
  hpf::darray<float, 3> Home({N, J, I}, Planes, hpf::processors::all(),
                             "HaloTest.cpp:6:1");
  auto Value = [&](hpf::index_t K, hpf::index_t Jj, hpf::index_t Ii) {
    return (K * J + Jj) * I + Ii + 1;
  };
  for (hpf::index_t K : A.owned(0, 0, N))
    for (hpf::index_t Jj = 0; Jj < J; ++Jj)
      for (hpf::index_t Ii = 0; Ii < I; ++Ii)
        A(K, Jj, Ii) = Value(K, Jj, Ii);
  const std::string What = "planes_of, " + std::to_string(N) + " planes";
  hpf::halo<long long, 3> H(hpf::halo_split, A, Home, {1, 0, 0}, {N - 1, J, I},
                            {-1, 0, 0}, {1, 0, 0}, false, "HaloTest.cpp:7:1");
  long Reads = 0;
  for (hpf::index_t K : Home.owned(0, 1, N - 1))
    for (const hpf::halo_run R :
         hpf::halo_split_runs(K, K + 1, H.interior(0, 0, 0, 0))) {
      const auto V = H.view(R.local(0));
      const auto P = hpfcc::planes_of<J, I>(V, "HaloTest.cpp:8:1");
      for (hpf::index_t C = -1; C <= 1; ++C)
        for (hpf::index_t Jj = 0; Jj < J; ++Jj)
          for (hpf::index_t Ii = 0; Ii < I; ++Ii) {
            ++Reads;
            expect(&P(K + C, Jj, Ii) == &V(K + C, Jj, Ii),
                   What + ": the same element", K + C, Jj * I + Ii);
            expect(P(K + C, Jj, Ii) == Value(K + C, Jj, Ii), What + ": value",
                   P(K + C, Jj, Ii), Value(K + C, Jj, Ii));
          }
    }
  const hpf::index_t Mine =
      static_cast<hpf::index_t>(Home.owned(0, 1, N - 1).size());
  expect(Reads == Mine * 3 * J * I, What + ": every owned plane read", Reads,
         Mine * 3 * J * I);
}
} // namespace

int main(int argc, char **argv) {
  hpf::init(&argc, &argv);
  const int W = hpf::nranks();
  // gen_block with small and empty blocks: sizes 0, 1, 0, 2, ... then the
  // rest on the last rank.
  std::vector<long> Tiny(std::size_t(W), 0);
  const hpf::index_t N = 41;
  for (int R = 0; R + 1 < W; ++R)
    Tiny[std::size_t(R)] = R % 2 == 0 ? 0 : 1 + R % 3;
  long Used = 0;
  for (long S : Tiny)
    Used += S;
  Tiny[std::size_t(W - 1)] = N - Used;
  std::vector<long> Even(std::size_t(W), N / W);
  Even[0] += N % W;
  std::vector<long> Rev(Even.rbegin(), Even.rend());
  // block(k) with k larger than N / W: the last ranks own little or nothing.
  const hpf::index_t BigK = std::max<hpf::index_t>(20, (N + W - 1) / W);

  std::vector<Case> Cases = {
      {"block", hpf::block(), hpf::block(), N, true, 0},
      {"block(k)", hpf::block(BigK), hpf::block(BigK), N, true, 0},
      {"gen_block tiny", hpf::gen_block(Tiny), hpf::gen_block(Tiny), N, true,
       0},
      {"gen_block even", hpf::gen_block(Even), hpf::gen_block(Even), N, true,
       0},
      {"block src, gen_block home", hpf::block(), hpf::gen_block(Tiny), N,
       false, 0},
      {"gen_block src, other home", hpf::gen_block(Even), hpf::gen_block(Rev),
       N, false, 0},
      {"cyclic (gather)", hpf::cyclic(), hpf::cyclic(), N, true, 0},
      {"cyclic(3) src, block home (gather)", hpf::cyclic(3), hpf::block(), N,
       false, 0},
      {"block onto 2", hpf::block(), hpf::block(), N, true, 2},
      {"block, 3 elements", hpf::block(), hpf::block(), 3, true, 0},
      {"block, 0 elements", hpf::block(), hpf::block(), 0, true, 0},
  };
  struct Window {
    hpf::index_t Lo, Hi, CMin, CMax;
  };
  const std::vector<Window> Windows = {
      {1, N - 1, -1, 1}, {0, N, -1, 1},     {0, N - 2, 0, 2}, {3, N, -3, 0},
      {0, N, -4, 3},     {5, 9, -2, 2},     {0, N, 0, 0},     {0, N - 7, 7, 7},
      {10, 10, -1, 1},   {-5, N + 5, -1, 1}};
  for (const Case &C : Cases)
    for (const Window &Wn : Windows)
      run(C, Wn.Lo, Wn.Hi, Wn.CMin, Wn.CMax);
  runsOfOneHalo();
  runsOfTwoHalos();
  for (const hpf::index_t Planes : {hpf::index_t(11), hpf::index_t(3)})
    planesOfSplitHalo(Planes);
  const std::vector<Case> TileCases = {
      {"cyclic(4)", hpf::cyclic(4), hpf::cyclic(4), N, true, 0},
      {"cyclic(5)", hpf::cyclic(5), hpf::cyclic(5), N, true, 0},
      {"cyclic(3) onto 2", hpf::cyclic(3), hpf::cyclic(3), N, true, 2},
      {"cyclic(2), offsets wider", hpf::cyclic(2), hpf::cyclic(2), N, true, 0},
      {"block", hpf::block(), hpf::block(), N, true, 0},
      {"cyclic(3) src, block home (gather)", hpf::cyclic(3), hpf::block(), N,
       false, 0},
  };
  for (const Case &C : TileCases)
    for (const Window &Wn : Windows)
      runTiles(C, Wn.Lo, Wn.Hi, Wn.CMin, Wn.CMax);

  long Total = hpf::allreduce_sum(Errors);
  if (hpf::is_root())
    std::printf("halo test on %d ranks: %ld failures\n", W, Total);
  return Total == 0 ? 0 : 1;
}
