//===- CopySharesTest.cpp - who copies what on one shared-memory node -----===//
//
// Properties of plan::shareCopies over a sweep of redistributions and rank
// counts: every element of every message is copied by exactly one rank,
// the ranks' loads stay near Total / Ranks, balanced pulls stay with the
// destination owner, pushed parts are read by their own source rank, and
// helpers write disjoint stretches of a destination.
//
//===----------------------------------------------------------------------===//

#include "plan/CopyShares.h"
#include "plan/CommTable.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <string>

using namespace hpf::plan;

namespace {

/// Local indices of elements [First, Last) of a message's runs, in message
/// order (bundles of runs with one block count, walked block by block; the
/// order of mpi/CopyKernel.h).
std::vector<Index> elementsOf(const std::vector<Run> &Runs, Index First,
                              Index Last) {
  std::vector<Index> Out;
  Index Seq = 0;
  for (std::size_t R = 0; R < Runs.size();) {
    std::size_t R2 = R + 1;
    if (Runs[R].Count > 1)
      while (R2 < Runs.size() && Runs[R2].Count == Runs[R].Count)
        ++R2;
    for (Index C = 0; C < Runs[R].Count; ++C)
      for (std::size_t Q = R; Q < R2; ++Q)
        for (Index J = 0; J < Runs[Q].Length; ++J, ++Seq)
          if (Seq >= First && Seq < Last)
            Out.push_back(Runs[Q].Start + C * Runs[Q].Stride + J);
    R = R2;
  }
  return Out;
}

Index loadOf(const std::vector<CopyPiece> &Pieces) {
  Index L = 0;
  for (const CopyPiece &P : Pieces)
    L += P.Last - P.First;
  return L;
}

/// Every message element exactly once over all ranks' pieces.
void expectPartition(const CommTable &T,
                     const std::vector<std::vector<CopyPiece>> &Shares) {
  std::map<std::size_t, std::vector<std::pair<Index, Index>>> Parts;
  for (const auto &Rank : Shares)
    for (const CopyPiece &P : Rank) {
      ASSERT_LT(P.First, P.Last);
      ASSERT_LT(P.Msg, T.Messages.size());
      Parts[P.Msg].push_back({P.First, P.Last});
    }
  for (std::size_t M = 0; M < T.Messages.size(); ++M) {
    auto &V = Parts[M];
    std::sort(V.begin(), V.end());
    Index Next = 0;
    for (auto [F, L] : V) {
      ASSERT_EQ(F, Next) << "message " << M << ": gap or overlap";
      Next = L;
    }
    ASSERT_EQ(Next, T.Messages[M].Size) << "message " << M;
  }
}

struct Case {
  std::string Name;
  Distribution Src, Dst;
};

std::vector<Case> sweep(Index N) {
  std::vector<Case> Cs;
  for (int P = 1; P <= 4; ++P)
    for (int Q = 1; Q <= 4; ++Q) {
      auto Add = [&](const std::string &Name, Distribution S, Distribution D) {
        Cs.push_back({Name + " P=" + std::to_string(P) +
                          " Q=" + std::to_string(Q) + " N=" + std::to_string(N),
                      std::move(S), std::move(D)});
      };
      Add("block->cyclic", Distribution::block(N, P),
          Distribution::cyclic(N, Q));
      Add("cyclic(4)->cyclic(3)", Distribution::cyclic(N, P, 4),
          Distribution::cyclic(N, Q, 3));
      Add("cyclic(8)->cyclic(6)", Distribution::cyclic(N, P, 8),
          Distribution::cyclic(N, Q, 6));
      Add("cyclic(512)->block", Distribution::cyclic(N, P, 512),
          Distribution::block(N, Q));
      std::vector<Index> Up, Down;
      Index W = 0;
      for (int I = 0; I < P; ++I)
        W += 1 + 2 * I;
      Index Left = N;
      for (int I = 0; I < P; ++I) {
        Index S = I + 1 == P ? Left : N * (1 + 2 * I) / W;
        Up.push_back(S);
        Left -= S;
      }
      std::vector<Index> Even(std::size_t(Q), N / Q);
      Even.back() += N % Q;
      Add("gen_block", Distribution::genBlock(Up),
          Distribution::genBlock(Even));
    }
  return Cs;
}

} // namespace

TEST(CopyShares, EveryElementOnceAndLoadsNearTheShare) {
  for (Index N : {Index(0), Index(1), Index(97), Index(1000), Index(131072)})
    for (const Case &C : sweep(N))
      for (int Ranks = std::max(C.Src.procs(), C.Dst.procs()); Ranks <= 5;
           ++Ranks) {
        SCOPED_TRACE(C.Name + " ranks=" + std::to_string(Ranks));
        CommTable T = computeCommTable(C.Src, C.Dst, /*WithRuns=*/true);
        auto Shares = shareCopies(T, Ranks, {});
        ASSERT_EQ(Shares.size(), std::size_t(Ranks));
        expectPartition(T, Shares);
        // Rounding to whole periods can move a few periods more; the
        // period of these layouts is at most lcm(8 * 4, 6 * 4) = 96 or one
        // 512-element block per rank.
        Index Share = (N + Ranks - 1) / Ranks;
        for (const auto &R : Shares)
          EXPECT_LE(loadOf(R), Share + 4 * 512);
      }
}

TEST(CopyShares, BalancedPullStaysWithTheDestinationOwner) {
  const Index N = 131072;
  for (int P : {2, 3, 4}) {
    Distribution D = Distribution::cyclic(N, P);
    CommTable T = computeCommTable(Distribution::block(N, P), D, true);
    auto Shares = shareCopies(T, P, {});
    for (int R = 0; R < P; ++R) {
      EXPECT_EQ(loadOf(Shares[std::size_t(R)]), D.localCount(R));
      for (const CopyPiece &X : Shares[std::size_t(R)])
        EXPECT_EQ(T.Messages[X.Msg].Dst, R);
    }
  }
}

TEST(CopyShares, OverloadedContiguousDestinationPushesToSources) {
  // gen_block (1, 3) -> (3, 1) on 2 ranks: rank 0 would pull 3/4 of the
  // elements; rank 1 copies part of its own message to rank 0 instead.
  const Index N = 131072;
  CommTable T =
      computeCommTable(Distribution::genBlock({N / 4, 3 * N / 4}),
                       Distribution::genBlock({3 * N / 4, N / 4}), true);
  auto Shares = shareCopies(T, 2, {});
  EXPECT_EQ(loadOf(Shares[0]), N / 2);
  EXPECT_EQ(loadOf(Shares[1]), N / 2);
  for (const CopyPiece &X : Shares[1])
    EXPECT_EQ(T.Messages[X.Msg].Src, 1) << "rank 1 reads only its own lines";

  // block on 2 -> block on 1: each rank copies its own half.
  T = computeCommTable(Distribution::block(N, 2), Distribution::block(N, 1),
                       true);
  Shares = shareCopies(T, 2, {});
  for (int R = 0; R < 2; ++R) {
    ASSERT_EQ(Shares[std::size_t(R)].size(), 1u);
    EXPECT_EQ(T.Messages[Shares[std::size_t(R)][0].Msg].Src, R);
    EXPECT_EQ(loadOf(Shares[std::size_t(R)]), N / 2);
  }
}

TEST(CopyShares, HelpersWriteDisjointStretchesOfFineGrainedDestinations) {
  // cyclic(8) on 2 -> cyclic(6) on 1: the sources' blocks alternate every
  // 64 bytes in the destination, so pushing would put two writers on
  // every page. Both ranks write, but separate stretches.
  const Index N = 131072;
  for (auto [S, Ranks] : {std::pair{Distribution::cyclic(N, 2, 8), 2},
                          std::pair{Distribution::cyclic(N, 1), 3},
                          std::pair{Distribution::cyclic(N, 3, 1), 3}}) {
    CommTable T = computeCommTable(S, Distribution::cyclic(N, 1, 6), true);
    auto Shares = shareCopies(T, Ranks, {});
    Index PrevMax = -1;
    for (int R = 0; R < Ranks; ++R) {
      Index Lo = N, Hi = -1;
      for (const CopyPiece &X : Shares[std::size_t(R)])
        for (Index I : elementsOf(T.Runs[X.Msg].DstRuns, X.First, X.Last)) {
          Lo = std::min(Lo, I);
          Hi = std::max(Hi, I);
        }
      if (Hi < 0)
        continue;
      // Rank 0 owns the destination and keeps the first stretch; helpers
      // follow in rank order.
      EXPECT_GT(Lo, PrevMax) << "rank " << R << " overlaps an earlier stretch";
      PrevMax = Hi;
      EXPECT_NEAR(double(loadOf(Shares[std::size_t(R)])), double(N) / Ranks,
                  double(N) / 64);
    }
  }
}

TEST(CopyShares, SlicesInterleaveMessagesIntoOneDestination) {
  // Two messages into one destination of 1 MiB: with 256 KiB slices the
  // owner's pieces alternate between the messages.
  const Index N = 131072;
  CommTable T = computeCommTable(Distribution::cyclic(N, 2, 4),
                                 Distribution::cyclic(N, 2, 3), true);
  CopyShareOptions O;
  O.SliceBytes = 64 << 10;
  auto Shares = shareCopies(T, 2, O);
  const auto &Mine = Shares[0];
  ASSERT_GE(Mine.size(), 4u);
  for (std::size_t I = 1; I < Mine.size(); ++I)
    EXPECT_NE(Mine[I].Msg, Mine[I - 1].Msg);
}
