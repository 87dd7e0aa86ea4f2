//===- CommTableOracleTest.cpp - closed forms vs the per-element oracle ---===//
//
// Sweeps distribution pairs and checks, against a brute-force per-element
// oracle: the message sizes, and that the index runs of every message map,
// element by element on both sides, to the same global indices and cover
// every element exactly once. Every registered scheduler's output on every
// table is validated, and `coloring` uses exactly max-degree steps.
//
//===----------------------------------------------------------------------===//

#include "PlanTestUtil.h"

#include "plan/Plan.h"
#include "plan/Scheduler.h"

#include <gtest/gtest.h>

using namespace hpf::plan;
using namespace hpf::plan::test;

namespace {

/// Checks sizes and runs of computeCommTable(S, D) against the oracle.
void checkAgainstOracle(const Distribution &S, const Distribution &D) {
  SCOPED_TRACE(S.format() + " on " + std::to_string(S.procs()) + " -> " +
               D.format() + " on " + std::to_string(D.procs()) +
               ", n = " + std::to_string(S.size()));
  CommTable T = computeCommTable(S, D, /*WithRuns=*/true);
  ASSERT_EQ(asMap(T), bruteForceTable(S, D));
  ASSERT_EQ(T.Runs.size(), T.Messages.size());
  std::vector<bool> Covered(size_t(S.size()), false);
  for (size_t M = 0; M < T.Messages.size(); ++M) {
    const Message &Msg = T.Messages[M];
    const MessageRuns &R = T.Runs[M];
    ASSERT_EQ(R.SrcRuns.size(), R.DstRuns.size());
    Index Elements = 0;
    for (size_t K = 0; K < R.SrcRuns.size(); ++K) {
      const hpf::plan::Run &A = R.SrcRuns[K], &B = R.DstRuns[K];
      ASSERT_EQ(A.Length, B.Length);
      ASSERT_EQ(A.Count, B.Count);
      for (Index C = 0; C < A.Count; ++C)
        for (Index L = 0; L < A.Length; ++L) {
          Index GS = S.globalIndex(Msg.Src, A.Start + C * A.Stride + L);
          Index GD = D.globalIndex(Msg.Dst, B.Start + C * B.Stride + L);
          ASSERT_EQ(GS, GD) << "message " << Msg.Src << "->" << Msg.Dst;
          ASSERT_GE(GS, 0);
          ASSERT_LT(GS, S.size());
          ASSERT_EQ(S.owner(GS), Msg.Src);
          ASSERT_EQ(D.owner(GS), Msg.Dst);
          ASSERT_FALSE(Covered[size_t(GS)]) << "element " << GS << " twice";
          Covered[size_t(GS)] = true;
        }
      Elements += A.elements();
    }
    EXPECT_EQ(Elements, Msg.Size);
  }
  for (Index G = 0; G < S.size(); ++G)
    ASSERT_TRUE(Covered[size_t(G)]) << "element " << G << " never sent";
}

/// Every registered scheduler yields a valid schedule (auto included; the
/// exhaustive `exact` only on small tables); coloring uses max-degree steps.
void checkSchedulers(const Distribution &S, const Distribution &D) {
  CommTable T = computeCommTable(S, D);
  PlanRequest Req;
  Req.Table = &T;
  Req.Src = &S;
  Req.Dst = &D;
  for (const Scheduler *Sch : allSchedulers()) {
    if (!Sch->applicable(Req, nullptr) ||
        (Sch->name() == "exact" && T.Messages.size() > 12))
      continue;
    Schedule Sc = Sch->schedule(Req);
    Sc.dropEmptySteps();
    Validation V = validate(T, Sc);
    EXPECT_TRUE(V.Ok) << Sch->name() << " on " << S.format() << " -> "
                      << D.format() << ": "
                      << (V.Errors.empty() ? "" : V.Errors.front());
    if (Sch->name() == "coloring") {
      EXPECT_EQ(int(Sc.stepCount()), T.maxDegree());
    }
    EXPECT_GE(scheduleCost(T, Sc), T.volumeLowerBound());
  }
}

} // namespace

// x, y in 1..8, p, q in 1..8 (paper 000's setting), n = one period, a
// period plus a ragged tail, and an n shorter than the period.
class BlockCyclicSweep : public ::testing::TestWithParam<int> {};

TEST_P(BlockCyclicSweep, TablesRunsAndSchedules) {
  const int X = GetParam();
  for (int Y = 1; Y <= 8; ++Y)
    for (int P = 1; P <= 8; ++P)
      for (int Q = 1; Q <= 8; ++Q) {
        Index L = lcmOrOverflow(Index(X) * P, Index(Y) * Q);
        for (Index N : {L, L + 2 * Index(X) + 1, L / 2 + 1, Index(0)}) {
          Distribution S = Distribution::cyclic(N, P, X),
                       D = Distribution::cyclic(N, Q, Y);
          checkAgainstOracle(S, D);
          if (N == L)
            checkSchedulers(S, D);
        }
      }
}

INSTANTIATE_TEST_SUITE_P(X, BlockCyclicSweep, ::testing::Range(1, 9));

TEST(CommTableOracle, BlockAndBlockSizedAgainstEverything) {
  for (Index N : {0, 1, 13, 60, 97})
    for (int P : {1, 2, 3, 5})
      for (int Q : {1, 2, 4, 7}) {
        std::vector<Distribution> Src = {Distribution::block(N, P),
                                         Distribution::cyclic(N, P, 2),
                                         Distribution::cyclic(N, P, 5)};
        std::vector<Distribution> Dst = {Distribution::block(N, Q),
                                         Distribution::cyclic(N, Q),
                                         Distribution::cyclic(N, Q, 3)};
        Index K = (N + Q - 1) / Q + 2;
        Dst.push_back(Distribution::blockSized(N, Q, std::max<Index>(K, 1)));
        for (const auto &S : Src)
          for (const auto &D : Dst) {
            checkAgainstOracle(S, D);
            checkAgainstOracle(D, S);
            checkSchedulers(S, D);
          }
      }
}

TEST(CommTableOracle, LongRangesAgainstFewOwners) {
  // A contiguous range spanning many more blocks than the cyclic side has
  // ranks: the strided-run closed form (head / middle / tail per owner).
  for (Index N : {1000, 1001, 1037})
    for (int Q : {1, 2, 3, 7})
      for (Index Y : {1, 3, 8}) {
        checkAgainstOracle(Distribution::block(N, 3),
                           Distribution::cyclic(N, Q, Y));
        checkAgainstOracle(Distribution::cyclic(N, Q, Y),
                           Distribution::genBlock({100, 0, N - 350, 250}));
      }
}

TEST(CommTableOracle, RandomGenBlockPairs) {
  std::mt19937_64 Rng(42);
  for (int Case = 0; Case < 400; ++Case) {
    int P = 1 + int(Rng() % 9), Q = 1 + int(Rng() % 9);
    Index N = Case % 50 == 0 ? 0 : Index(Rng() % 120);
    Distribution S = Distribution::genBlock(randomGenBlock(Rng, N, P));
    Distribution D = Distribution::genBlock(randomGenBlock(Rng, N, Q));
    checkAgainstOracle(S, D);
    checkSchedulers(S, D);
    // gen_block against the regular kinds too.
    checkAgainstOracle(S, Distribution::cyclic(N, Q, 1 + Index(Rng() % 4)));
  }
}

TEST(CommTableOracle, Indirect) {
  std::mt19937_64 Rng(7);
  for (int Case = 0; Case < 60; ++Case) {
    int P = 1 + int(Rng() % 5);
    Index N = Index(Rng() % 50);
    std::vector<int> Map(static_cast<size_t>(N));
    for (int &O : Map)
      O = int(Rng() % unsigned(P));
    Distribution I = Distribution::indirect(Map, P);
    checkAgainstOracle(I, Distribution::cyclic(N, 3, 2));
    checkAgainstOracle(Distribution::block(N, 4), I);
    checkSchedulers(I, Distribution::block(N, 2));
  }
}
