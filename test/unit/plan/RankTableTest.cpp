//===- RankTableTest.cpp - one rank's row and column of the table ---------===//
//
// computeRankTable / computeRankTableND / makeRankPlan must give, for every
// rank, exactly the messages of the full table that the rank sends or
// receives: same order, sizes and runs (both sides of a message compute it
// separately, so they must enumerate its elements alike). Swept over
// block, block(k), cyclic(k), gen_block and indirect pairs, every rank, and
// rows and columns alone.
//
//===----------------------------------------------------------------------===//

#include "PlanTestUtil.h"

#include "plan/CommTableND.h"
#include "plan/FormatSpec.h"
#include "plan/Plan.h"
#include "plan/RunsND.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <optional>
#include <random>

using namespace hpf::plan;
using namespace hpf::plan::test;

namespace {

/// The messages of Full with Src == SR or Dst == DR, with their runs.
CommTable rowsOf(const CommTable &Full, int SR, int DR) {
  CommTable T;
  T.P = Full.P;
  T.Q = Full.Q;
  T.N = Full.N;
  for (size_t M = 0; M < Full.Messages.size(); ++M)
    if (Full.Messages[M].Src == SR || Full.Messages[M].Dst == DR) {
      T.Messages.push_back(Full.Messages[M]);
      if (!Full.Runs.empty())
        T.Runs.push_back(Full.Runs[M]);
    }
  return T;
}

void expectSame(const CommTable &Want, const CommTable &Got) {
  EXPECT_EQ(Got.P, Want.P);
  EXPECT_EQ(Got.Q, Want.Q);
  EXPECT_EQ(Got.N, Want.N);
  ASSERT_EQ(Got.Messages, Want.Messages);
  ASSERT_EQ(Got.Runs.size(), Want.Runs.size());
  for (size_t M = 0; M < Want.Runs.size(); ++M) {
    EXPECT_EQ(Got.Runs[M].SrcRuns, Want.Runs[M].SrcRuns) << "message " << M;
    EXPECT_EQ(Got.Runs[M].DstRuns, Want.Runs[M].DstRuns) << "message " << M;
  }
}

/// Every rank (and one beyond both sides), row and column together and
/// alone, with and without runs.
int checkPair(const Distribution &S, const Distribution &D) {
  SCOPED_TRACE(S.format(true) + " on " + std::to_string(S.procs()) + " -> " +
               D.format(true) + " on " + std::to_string(D.procs()) +
               ", n = " + std::to_string(S.size()));
  int Checked = 0;
  for (bool Runs : {false, true}) {
    CommTable Full = computeCommTable(S, D, Runs);
    for (int R = -1; R <= std::max(S.procs(), D.procs()); ++R) {
      SCOPED_TRACE("rank " + std::to_string(R));
      expectSame(rowsOf(Full, R, R), computeRankTable(S, D, R, R, Runs));
      expectSame(rowsOf(Full, R, -1), computeRankTable(S, D, R, -1, Runs));
      expectSame(rowsOf(Full, -1, R), computeRankTable(S, D, -1, R, Runs));
      // A row and another rank's column: the N-D product asks for these.
      int Other = (R + 1) % std::max(1, D.procs());
      expectSame(rowsOf(Full, R, Other),
                 computeRankTable(S, D, R, Other, Runs));
      Checked += 4;
    }
  }
  return Checked;
}

Distribution dist(const std::string &F, Index N, int P) {
  return parseFormat(F).instantiate(N, P);
}

TEST(RankTable, RegularPairsEqualRowsOfTheFullTable) {
  const char *Formats[] = {"block",     "cyclic",    "cyclic(2)", "cyclic(3)",
                           "cyclic(4)", "cyclic(7)", "block(40)", "block(9)"};
  int Checked = 0;
  for (Index N : {0, 1, 37, 160, 1001})
    for (int P : {1, 3, 4, 8})
      for (int Q : {1, 2, 5, 8})
        for (const char *SF : Formats)
          for (const char *DF : Formats) {
            std::optional<Distribution> S, D;
            try {
              S = dist(SF, N, P);
              D = dist(DF, N, Q);
            } catch (const PlanError &) {
              continue; // block(k) too small for this n
            }
            Checked += checkPair(*S, *D);
            if (HasFatalFailure())
              return;
          }
  EXPECT_GT(Checked, 10000);
}

TEST(RankTable, LongRangesAndManyPeriods) {
  // Contiguous ranges spanning many blocks (the strided closed form) and
  // block-cyclic pairs with many periods (one run per segment).
  for (Index N : {1000, 1037, 4099})
    for (int P : {1, 2, 5})
      for (int Q : {3, 7, 16}) {
        checkPair(Distribution::block(N, P), Distribution::cyclic(N, Q, 3));
        checkPair(Distribution::cyclic(N, Q, 5), Distribution::block(N, P));
        checkPair(Distribution::cyclic(N, P, 4), Distribution::cyclic(N, Q, 3));
        checkPair(Distribution::cyclic(N, Q, 2), Distribution::cyclic(N, P, 9));
      }
}

TEST(RankTable, GenBlockAndIndirect) {
  std::mt19937_64 Rng(15);
  for (int Case = 0; Case < 200; ++Case) {
    Index N = Index(Rng() % 300);
    int P = 1 + int(Rng() % 9), Q = 1 + int(Rng() % 9);
    Distribution G1 = Distribution::genBlock(randomGenBlock(Rng, N, P));
    Distribution G2 = Distribution::genBlock(randomGenBlock(Rng, N, Q));
    checkPair(G1, G2);
    checkPair(G1, Distribution::cyclic(N, Q, 1 + Index(Rng() % 5)));
    checkPair(Distribution::cyclic(N, Q, 1 + Index(Rng() % 5)), G1);
    std::vector<int> Map(static_cast<size_t>(N));
    for (int &O : Map)
      O = int(Rng() % unsigned(Q));
    checkPair(G1, Distribution::indirect(Map, Q));
    if (HasFatalFailure())
      return;
  }
}

TEST(RankTable, NDimensionalEqualsRowsOfTheFullTable) {
  struct Case {
    std::vector<std::string> SF, DF;
    std::vector<int> SG, DG;
  };
  const Case Cases[] = {
      {{"block", "cyclic(2)"}, {"cyclic(3)", "block"}, {2, 3}, {3, 2}},
      {{"block", "*"}, {"*", "block"}, {4}, {4}},
      {{"cyclic", "block"}, {"block", "cyclic(2)"}, {2, 2}, {1, 6}},
      {{"block", "block", "cyclic"},
       {"cyclic", "*", "block"},
       {2, 2, 2},
       {3, 2}},
  };
  for (const Case &C : Cases)
    for (Index E : {1, 7, 12}) {
      std::vector<Distribution> SD, DD;
      size_t SG = 0, DG = 0;
      for (const std::string &F : C.SF)
        SD.push_back(F == "*" ? Distribution::collapsed(E)
                              : dist(F, E, C.SG[SG++]));
      for (const std::string &F : C.DF)
        DD.push_back(F == "*" ? Distribution::collapsed(E)
                              : dist(F, E, C.DG[DG++]));
      DistributionND S(SD, C.SG), D(DD, C.DG);
      SCOPED_TRACE(S.format() + " -> " + D.format() + ", extent " +
                   std::to_string(E));
      CommTableND Full = computeCommTableND(S, D, true);
      flattenRunsND(Full, S, D);
      for (int R = -1; R <= std::max(S.procs(), D.procs()); ++R) {
        SCOPED_TRACE("rank " + std::to_string(R));
        CommTableND Mine = computeRankTableND(S, D, R, true);
        flattenRunsND(Mine, S, D);
        expectSame(rowsOf(Full.Table, R, R), Mine.Table);
        Plan P = makeRankPlan(S, D, R, true);
        expectSame(rowsOf(Full.Table, R, R), P.Table);
      }
    }
}

TEST(RankTable, RankPlanIsOneStepOfTheRanksMessages) {
  Distribution S = Distribution::block(1000, 16),
               D = Distribution::cyclic(1000, 16, 3);
  Plan Full = makePlan(S, D, {});
  for (int R = 0; R < 16; ++R) {
    Plan P = makeRankPlan(DistributionND::rank1(S), DistributionND::rank1(D), R,
                          false);
    expectSame(rowsOf(Full.Table, R, R), P.Table);
    ASSERT_EQ(P.Sched.Steps.size(), 1u);
    EXPECT_EQ(P.Sched.Steps[0].size(), P.Table.Messages.size());
    EXPECT_TRUE(P.Valid);
    // Staggered: the sends go to R + 1, R + 2, ... (mod 16) in that
    // order, the receives come from R - 1, R - 2, ..., each message once.
    std::vector<int> SendTo, RecvFrom;
    std::vector<bool> Seen(P.Table.Messages.size(), false);
    for (std::size_t M : P.Sched.Steps[0]) {
      ASSERT_FALSE(Seen[M]);
      Seen[M] = true;
      const Message &Msg = P.Table.Messages[M];
      if (Msg.Src == R)
        SendTo.push_back((Msg.Dst - R + 16) % 16);
      else
        RecvFrom.push_back((R - Msg.Src + 16) % 16);
    }
    EXPECT_TRUE(std::is_sorted(SendTo.begin(), SendTo.end()));
    EXPECT_TRUE(std::is_sorted(RecvFrom.begin(), RecvFrom.end()));
    EXPECT_GT(SendTo.size(), 1u);
  }
}

} // namespace
