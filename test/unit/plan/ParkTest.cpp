//===- ParkTest.cpp - paper 003's tables as test vectors ------------------===//
//
// Values of the paper's Tables 2-4 and of its experiments' step counts
// (recomputed from first principles).
//
//===----------------------------------------------------------------------===//

#include "plan/Plan.h"
#include "plan/regular/ParkTables.h"
#include "plan/schedulers/Schedulers.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>

using namespace hpf::plan;
using namespace hpf::plan::regular;

namespace {

using Table = std::vector<std::vector<Index>>;

Table sendTable(const ParkTables &T, bool Dest) {
  Table Out(size_t(T.Ls), std::vector<Index>(size_t(T.P)));
  for (Index I = 0; I < T.Ls; ++I)
    for (int J = 0; J < T.P; ++J)
      Out[size_t(I)][size_t(J)] = Dest ? T.cSend(I, J) : T.dSend(I, J);
  return Out;
}

Table recvTable(const ParkTables &T) {
  Table Out(size_t(T.Steps), std::vector<Index>(size_t(T.Q)));
  for (Index I = 0; I < T.Steps; ++I)
    for (int D = 0; D < T.Q; ++D)
      Out[size_t(I)][size_t(D)] = T.cRecv(I, D);
  return Out;
}

/// Blocks per superblock, from the communication table of one superblock.
Table blockMatrix(int P, Index K, int Q, Index X) {
  ParkTables T = ParkTables::make(P, K, Q);
  Index N = T.Superblock * X;
  CommTable C = computeCommTable(Distribution::cyclic(N, P, X),
                                 Distribution::cyclic(N, Q, K * X));
  Table M = C.matrix();
  for (auto &Row : M)
    for (Index &V : Row)
      V /= X;
  return M;
}

TEST(Park, Tables2To4) {
  // Table 2: R(6, 3, 10), G = 6 > 3: rows 0-2 send 1 block to every even Q,
  // rows 3-5 to every odd Q.
  Table M2 = blockMatrix(6, 3, 10, 2);
  ParkTables T2 = ParkTables::make(6, 3, 10);
  EXPECT_EQ(T2.Superblock, 30);
  EXPECT_FALSE(T2.AllToAll);
  for (int P = 0; P < 6; ++P)
    for (int Q = 0; Q < 10; ++Q) {
      Index Want = (Q % 2 == 0) == (P < 3) ? 1 : 0;
      EXPECT_EQ(M2[size_t(P)][size_t(Q)], Want) << P << "," << Q;
      EXPECT_EQ(T2.messageBlocks(P, Q), Want);
    }
  // Table 3: R(6, 4, 10), G = 2, K = 2G: every entry 2.
  Table M3 = blockMatrix(6, 4, 10, 3);
  ParkTables T3 = ParkTables::make(6, 4, 10);
  EXPECT_EQ(T3.Superblock, 120);
  EXPECT_TRUE(T3.AllToAll);
  for (int P = 0; P < 6; ++P)
    for (int Q = 0; Q < 10; ++Q) {
      EXPECT_EQ(M3[size_t(P)][size_t(Q)], 2);
      EXPECT_EQ(T3.messageBlocks(P, Q), 2);
    }
  // Table 4: R(8, 6, 10), G = 4 < 6, 4 does not divide 6.
  Table M4 = blockMatrix(8, 6, 10, 1);
  ParkTables T4 = ParkTables::make(8, 6, 10);
  EXPECT_EQ(T4.Superblock, 120);
  std::vector<Index> A = {2, 1, 2, 1, 2, 1, 2, 1, 2, 1},
                     B = {1, 2, 1, 2, 1, 2, 1, 2, 1, 2};
  for (int P = 0; P < 8; ++P) {
    const auto &Want = (P % 4 < 2) ? A : B;
    EXPECT_EQ(M4[size_t(P)], Want) << "row " << P;
    for (int Q = 0; Q < 10; ++Q)
      EXPECT_EQ(T4.messageBlocks(P, Q), Want[size_t(Q)]);
  }
}

TEST(Park, R3_2_6Figures) {
  ParkTables T = ParkTables::make(3, 2, 6);
  EXPECT_EQ(T.Ls, 4);
  EXPECT_EQ(T.Ld, 2);
  EXPECT_EQ(T.G, 3);
  EXPECT_FALSE(T.AllToAll);
  EXPECT_EQ(sendTable(T, true),
            (Table{{0, 2, 1}, {3, 5, 4}, {1, 0, 2}, {4, 3, 5}}));
  EXPECT_EQ(sendTable(T, false),
            (Table{{0, 1, 0}, {2, 3, 2}, {1, 0, 1}, {3, 2, 3}}));
  EXPECT_EQ(recvTable(T), (Table{{0, 2, 1, -1, -1, -1},
                                 {-1, -1, -1, 0, 2, 1},
                                 {1, 0, 2, -1, -1, -1},
                                 {-1, -1, -1, 1, 0, 2}}));
}

TEST(Park, R6_4_9Figure9) {
  ParkTables T = ParkTables::make(6, 4, 9);
  EXPECT_EQ(T.Ls, 6);
  EXPECT_EQ(T.G1, 2);
  EXPECT_EQ(T.K1, 2);
  EXPECT_EQ(T.P1, 3);
  EXPECT_EQ(T.G2, 3);
  EXPECT_EQ(T.Q1, 3);
  EXPECT_EQ(sendTable(T, true), (Table{{0, 6, 2, 8, 1, 7},
                                       {3, 0, 5, 2, 4, 1},
                                       {6, 3, 8, 5, 7, 4},
                                       {1, 7, 0, 6, 2, 8},
                                       {4, 1, 3, 0, 5, 2},
                                       {7, 4, 6, 3, 8, 5}}));
  EXPECT_EQ(sendTable(T, false), (Table{{0, 4, 1, 5, 0, 4},
                                        {2, 0, 3, 1, 2, 0},
                                        {4, 2, 5, 3, 4, 2},
                                        {1, 5, 0, 4, 1, 5},
                                        {3, 1, 2, 0, 3, 1},
                                        {5, 3, 4, 2, 5, 3}}));
  const Index I = -1;
  EXPECT_EQ(recvTable(T), (Table{{0, 4, 2, I, I, I, 1, 5, 3},
                                 {1, 5, 3, 0, 4, 2, I, I, I},
                                 {I, I, I, 1, 5, 3, 0, 4, 2},
                                 {2, 0, 4, I, I, I, 3, 1, 5},
                                 {3, 1, 5, 2, 0, 4, I, I, I},
                                 {I, I, I, 3, 1, 5, 2, 0, 4}}));
}

TEST(Park, R4_3_6FoldedFigure11) {
  ParkTables T = ParkTables::make(4, 3, 6);
  EXPECT_EQ(T.Ls, 9);
  EXPECT_TRUE(T.AllToAll);
  EXPECT_EQ(T.Steps, 6);
  EXPECT_EQ(sendTable(T, true), (Table{{0, 3, 2, 1},
                                       {4, 1, 0, 5},
                                       {2, 5, 4, 3},
                                       {1, 0, 3, 2},
                                       {5, 4, 1, 0},
                                       {3, 2, 5, 4},
                                       {2, 1, 0, 3},
                                       {0, 5, 4, 1},
                                       {4, 3, 2, 5}}));
  EXPECT_EQ(sendTable(T, false), (Table{{0, 2, 1, 0},
                                        {3, 5, 4, 3},
                                        {6, 8, 7, 6},
                                        {1, 0, 2, 1},
                                        {4, 3, 5, 4},
                                        {7, 6, 8, 7},
                                        {2, 1, 0, 2},
                                        {5, 4, 3, 5},
                                        {8, 7, 6, 8}}));
  using Steps = std::vector<std::pair<int, std::vector<Index>>>;
  std::vector<Steps> Want = {
      {{0, {0, 5}}, {4, {3, 8}}, {2, {6, 2}}, {1, {1}}, {5, {4}}, {3, {7}}},
      {{3, {2, 7}}, {1, {5, 1}}, {5, {8, 4}}, {0, {0}}, {4, {3}}, {2, {6}}},
      {{2, {1, 6}}, {0, {4, 0}}, {4, {7, 3}}, {3, {2}}, {1, {5}}, {5, {8}}},
      {{1, {0, 5}}, {5, {3, 8}}, {3, {6, 2}}, {2, {1}}, {0, {4}}, {4, {7}}}};
  for (int J = 0; J < 4; ++J) {
    auto Got = parkSourceSteps(T, J);
    ASSERT_EQ(Got.size(), 6u);
    for (std::size_t S = 0; S < 6; ++S) {
      EXPECT_EQ(Got[S].Dst, Want[size_t(J)][S].first) << J << " step " << S;
      EXPECT_EQ(Got[S].Blocks, Want[size_t(J)][S].second) << J << " step " << S;
      EXPECT_EQ(Index(Got[S].Blocks.size()), T.stepBlocks(Index(S)));
    }
  }
}

/// Every property the notes list, for P <= Q <= 14, K <= 10.
TEST(Park, ClosedFormsSweep) {
  int Cases = 0;
  for (int P = 1; P <= 14; ++P)
    for (int Q = P; Q <= 14; ++Q)
      for (Index K = 1; K <= 10; ++K) {
        ParkTables T = ParkTables::make(P, K, Q);
        ++Cases;
        for (int J = 0; J < P; ++J) {
          std::vector<char> Seen(size_t(T.Ls), 0);
          for (Index I = 0; I < T.Ls; ++I) {
            Index L = T.dSend(I, J);
            ASSERT_TRUE(L >= 0 && L < T.Ls);
            EXPECT_FALSE(Seen[size_t(L)]) << "D_send column not a permutation";
            Seen[size_t(L)] = 1;
            EXPECT_EQ(T.destinationOfBlock(L * P + J), T.cSend(I, J));
            EXPECT_EQ(T.rowOfLocalBlock(L, J), I);
          }
        }
        for (Index I = 0; I < T.Ls; ++I) { // rows: P distinct destinations
          std::vector<int> Row;
          for (int J = 0; J < P; ++J)
            Row.push_back(T.cSend(I, J));
          std::sort(Row.begin(), Row.end());
          EXPECT_EQ(std::unique(Row.begin(), Row.end()), Row.end());
        }
        for (Index I = 0; I < T.Steps; ++I) // C_recv inverts C_send
          for (int D = 0; D < Q; ++D) {
            int Src = T.cRecv(I, D);
            if (Src >= 0)
              EXPECT_EQ(T.cSend(I, Src), D);
            else
              for (int J = 0; J < P; ++J)
                EXPECT_NE(T.cSend(I, J), D);
          }
        // Send and receive index lists agree block by block.
        std::vector<std::vector<ParkSend>> Sends;
        for (int J = 0; J < P; ++J)
          Sends.push_back(parkSourceSteps(T, J));
        Index Received = 0;
        for (int D = 0; D < Q; ++D) {
          auto R = parkDestinationSteps(T, D);
          for (Index I = 0; I < T.Steps; ++I) {
            const ParkRecv &Rv = R[size_t(I)];
            if (Rv.Src < 0)
              continue;
            const ParkSend &Sd = Sends[size_t(Rv.Src)][size_t(I)];
            ASSERT_EQ(Sd.Dst, D);
            ASSERT_EQ(Sd.Blocks.size(), Rv.LocalBlocks.size());
            EXPECT_EQ(Index(Sd.Blocks.size()), T.stepBlocks(I));
            EXPECT_EQ(Index(Sd.Blocks.size()), T.messageBlocks(Rv.Src, D));
            for (std::size_t B = 0; B < Sd.Blocks.size(); ++B) {
              Index G = Sd.Blocks[B] * P + Rv.Src;
              EXPECT_EQ(Rv.LocalBlocks[B], (G / K / Q) * K + G % K);
            }
            Received += Index(Rv.LocalBlocks.size());
          }
        }
        EXPECT_EQ(Received, T.Superblock) << P << " " << K << " " << Q;
        if (::testing::Test::HasFailure())
          return;
      }
  EXPECT_EQ(Cases, 105 * 10);
}

struct B4Row {
  Index X;
  int P;
  Index K;
  int Q;
  bool AllToAll;
  Index Steps, CaterpillarSteps, CostBlocks, CaterpillarBlocks;
};

TEST(Park, ExperimentStepCounts) {
  // The paper's experiments: PPR vs caterpillar (our round-robin) on one
  // superblock. Cost in blocks of x elements.
  const B4Row Rows[] = {
      {2, 28, 14, 36, false, 18, 36, 18, 36},
      {16, 18, 6, 78, false, 26, 78, 26, 78},
      {16, 18, 9, 78, false, 39, 78, 39, 78},
      {16, 18, 12, 78, false, 52, 78, 52, 78},
      {16, 30, 15, 66, false, 33, 66, 33, 66},
      {16, 40, 20, 56, false, 28, 56, 28, 56},
      {16, 40, 25, 56, false, 35, 56, 35, 56},
      {4, 28, 6, 36, true, 36, 36, 54, 72},
      {16, 18, 8, 78, true, 78, 78, 104, 156},
      {16, 30, 8, 66, true, 66, 66, 88, 132},
      {8, 40, 18, 56, true, 56, 56, 126, 168},
  };
  for (const B4Row &R : Rows) {
    ParkTables T = ParkTables::make(R.P, R.K, R.Q);
    EXPECT_EQ(T.AllToAll, R.AllToAll);
    Index N = T.Superblock * R.X;
    Distribution Src = Distribution::cyclic(N, R.P, R.X),
                 Dst = Distribution::cyclic(N, R.Q, R.K * R.X);
    Plan Pk = makePlan(Src, Dst, {.Scheduler = "park"});
    Plan RR = makePlan(Src, Dst, {.Scheduler = "round-robin"});
    std::string Name = "R_" + std::to_string(R.X) + "(" + std::to_string(R.P) +
                       "," + std::to_string(R.K) + "," + std::to_string(R.Q) +
                       ")";
    EXPECT_EQ(Pk.Used, "park") << Name;
    EXPECT_EQ(Index(Pk.Sched.stepCount()), R.Steps) << Name;
    EXPECT_EQ(Index(RR.Sched.stepCount()), R.CaterpillarSteps) << Name;
    EXPECT_EQ(Pk.Cost, R.CostBlocks * R.X) << Name;
    EXPECT_EQ(RR.Cost, R.CaterpillarBlocks * R.X) << Name;
    EXPECT_EQ(Pk.Cost, Pk.Bounds.Volume) << Name << ": PPR is optimal";
    EXPECT_EQ(Index(Pk.Sched.stepCount()), Index(Pk.Bounds.Steps)) << Name;
  }
}

TEST(Park, DualAndApplicability) {
  // Kx -> x: the same steps reversed.
  Distribution A = Distribution::cyclic(1008, 28, 2),
               B = Distribution::cyclic(1008, 36, 28);
  Plan Fwd = makePlan(A, B, {.Scheduler = "park"});
  Plan Rev = makePlan(B, A, {.Scheduler = "park"});
  EXPECT_EQ(Rev.Used, "park");
  EXPECT_TRUE(Rev.Valid);
  EXPECT_EQ(Rev.Sched.stepCount(), Fwd.Sched.stepCount());
  EXPECT_EQ(Rev.Cost, Fwd.Cost);

  // P > Q: not applicable; makePlan says so and uses coloring.
  Distribution C = Distribution::cyclic(240, 8, 2),
               D = Distribution::cyclic(240, 5, 6);
  CommTable T = computeCommTable(C, D);
  PlanRequest Req;
  Req.Table = &T;
  Req.Src = &C;
  Req.Dst = &D;
  std::string Why;
  EXPECT_FALSE(parkScheduler().applicable(Req, &Why));
  EXPECT_NE(Why.find("P <= Q"), std::string::npos) << Why;
  Plan F = makePlan(C, D, {.Scheduler = "park"});
  EXPECT_EQ(F.Used, "coloring");
  ASSERT_FALSE(F.Notes.empty());
  EXPECT_NE(F.Notes.front().find("does not apply"), std::string::npos);

  // Block sizes that do not divide each other.
  Distribution E = Distribution::cyclic(60, 5, 4),
               H = Distribution::cyclic(60, 5, 3);
  CommTable T2 = computeCommTable(E, H);
  Req.Table = &T2;
  Req.Src = &E;
  Req.Dst = &H;
  EXPECT_FALSE(parkScheduler().applicable(Req, &Why));
  EXPECT_NE(Why.find("K*x"), std::string::npos) << Why;

  // G == K (all-to-all, equal sizes; the paper's pseudo-code drops it):
  // R(2, 2, 3), G = gcd(2, 6) = 2.
  ParkTables GK = ParkTables::make(2, 2, 3);
  EXPECT_EQ(GK.G, GK.K);
  EXPECT_TRUE(GK.AllToAll);
  Plan P = makePlan(Distribution::cyclic(12, 2, 1),
                    Distribution::cyclic(12, 3, 2), {.Scheduler = "park"});
  EXPECT_EQ(P.Used, "park");
  EXPECT_EQ(P.Sched.stepCount(), 3u);
  EXPECT_EQ(P.Cost, P.Bounds.Volume);

  // A partial superblock stays valid.
  Plan Part =
      makePlan(Distribution::cyclic(1000, 28, 2),
               Distribution::cyclic(1000, 36, 28), {.Scheduler = "park"});
  EXPECT_EQ(Part.Used, "park");
  EXPECT_TRUE(Part.Valid);
}

TEST(Park, SchedulerSweepValid) {
  for (int P = 1; P <= 9; ++P)
    for (int Q = P; Q <= 9; ++Q)
      for (Index K = 1; K <= 6; ++K)
        for (Index X : {1, 3}) {
          ParkTables T = ParkTables::make(P, K, Q);
          Index N = T.Superblock * X;
          Distribution S = Distribution::cyclic(N, P, X),
                       D = Distribution::cyclic(N, Q, K * X);
          for (bool Rev : {false, true}) {
            Plan Pl = Rev ? makePlan(D, S, {.Scheduler = "park"})
                          : makePlan(S, D, {.Scheduler = "park"});
            EXPECT_EQ(Pl.Used, "park") << P << " " << K << " " << Q;
            EXPECT_EQ(Index(Pl.Sched.stepCount()), Index(Pl.Bounds.Steps))
                << P << " " << K << " " << Q;
            if (!T.AllToAll || K % T.G == 0) {
              EXPECT_EQ(Pl.Cost, Pl.Bounds.Volume);
            }
          }
        }
}

} // namespace
