//===- GuoPanTest.cpp - paper 000's examples as test vectors --------------===//
//
// Values of the paper's worked examples, recomputed from first principles.
//
//===----------------------------------------------------------------------===//

#include "plan/Plan.h"
#include "plan/regular/GuoPanAlgorithms.h"
#include "plan/regular/SlicePattern.h"
#include "plan/schedulers/Schedulers.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <tuple>

using namespace hpf::plan;
using namespace hpf::plan::regular;

namespace {

struct Case {
  Distribution Src, Dst;
  CommTable T;
  PlanRequest Req;
  Case(Index N, int P, Index X, int Q, Index Y)
      : Src(Distribution::cyclic(N, P, X)), Dst(Distribution::cyclic(N, Q, Y)),
        T(computeCommTable(Src, Dst)) {
    Req.Table = &T;
    Req.Src = &Src;
    Req.Dst = &Dst;
  }
  Schedule run(const Scheduler &S) const {
    Schedule Sch = S.schedule(Req);
    Sch.dropEmptySteps();
    return Sch;
  }
  /// CS(i, k): destination of source i in step k, -1 idle.
  std::vector<std::vector<int>> table(const Schedule &S) const {
    std::vector<std::vector<int>> CS(size_t(T.P),
                                     std::vector<int>(S.Steps.size(), -1));
    for (std::size_t K = 0; K < S.Steps.size(); ++K)
      for (std::size_t M : S.Steps[K])
        CS[size_t(T.Messages[M].Src)][K] = T.Messages[M].Dst;
    return CS;
  }
};

TEST(GuoPan, Example1TableAndAlgorithm1) {
  // cyclic(4) -> cyclic(3), p = q = 5, L = 60 (Fig. 1).
  Case C(60, 5, 4, 5, 3);
  std::vector<std::vector<Index>> M = {{3, 2, 3, 2, 2},
                                       {3, 2, 2, 3, 2},
                                       {2, 3, 2, 3, 2},
                                       {2, 3, 2, 2, 3},
                                       {2, 2, 3, 2, 3}};
  EXPECT_EQ(C.T.matrix(), M);
  Schedule S = C.run(guoPanScheduler());
  ASSERT_TRUE(validate(C.T, S).Ok);
  // Fig. 1(c), exactly.
  std::vector<std::vector<int>> CS = {{0, 1, 2, 3, 4},
                                      {3, 4, 0, 1, 2},
                                      {1, 2, 3, 4, 0},
                                      {4, 0, 1, 2, 3},
                                      {2, 3, 4, 0, 1}};
  EXPECT_EQ(C.table(S), CS);
  // Equal sizes in every step: 3, 2, 3, 2, 2.
  std::vector<Index> Sizes = {3, 2, 3, 2, 2};
  for (std::size_t K = 0; K < S.Steps.size(); ++K)
    for (std::size_t Msg : S.Steps[K])
      EXPECT_EQ(C.T.Messages[Msg].Size, Sizes[K]) << "step " << K;
  EXPECT_EQ(scheduleCost(C.T, S), 12);
  EXPECT_EQ(scheduleCost(C.T, C.run(roundRobinScheduler())), 15); // Fig. 1(b)
}

TEST(GuoPan, Example2LargeSteps) {
  // cyclic(2) -> cyclic(3), p = q = 6, L = 36 (Fig. 2): 9 -> 6 units.
  Case C(36, 6, 2, 6, 3);
  std::vector<std::vector<Index>> M = {{2, 0, 2, 0, 2, 0}, {1, 1, 1, 1, 1, 1},
                                       {0, 2, 0, 2, 0, 2}, {2, 0, 2, 0, 2, 0},
                                       {1, 1, 1, 1, 1, 1}, {0, 2, 0, 2, 0, 2}};
  EXPECT_EQ(C.T.matrix(), M);
  Schedule S = C.run(guoPanScheduler());
  ASSERT_TRUE(validate(C.T, S).Ok);
  EXPECT_EQ(scheduleCost(C.T, S), 6);
  ASSERT_EQ(S.Groups.size(), 3u);
  // Every large step: every sender and every receiver moves exactly 2.
  for (const auto &G : S.Groups) {
    std::vector<Index> Out(6, 0), In(6, 0);
    for (std::size_t St : G)
      for (std::size_t Msg : S.Steps[St]) {
        Out[size_t(C.T.Messages[Msg].Src)] += C.T.Messages[Msg].Size;
        In[size_t(C.T.Messages[Msg].Dst)] += C.T.Messages[Msg].Size;
      }
    EXPECT_EQ(Out, std::vector<Index>(6, 2));
    EXPECT_EQ(In, std::vector<Index>(6, 2));
  }
  // The reconstruction gives the mirror image of the paper's CS:
  // CS1 = <(5 4), (1 0), (3 2)>, CS4 = <(4 5), (0 1), (2 3)>.
  auto CS = C.table(S);
  EXPECT_EQ(CS[1], (std::vector<int>{5, 4, 1, 0, 3, 2}));
  EXPECT_EQ(CS[4], (std::vector<int>{4, 5, 0, 1, 2, 3}));
  EXPECT_EQ(CS[0], (std::vector<int>{0, -1, 2, -1, 4, -1}));

  // Fig. 2(b), the paper's baseline [5]: valid, cost 9. Our round-robin
  // (i + k) mod 6 pays 12 on this pattern.
  std::vector<std::vector<int>> Fig2b = {
      {0, -1, 2, -1, 4, -1}, {4, 5, 0, 1, 2, 3}, {1, -1, 3, -1, 5, -1},
      {2, -1, 4, -1, 0, -1}, {5, 4, 1, 0, 3, 2}, {3, -1, 5, -1, 1, -1}};
  Schedule B;
  B.Steps.resize(6);
  for (int I = 0; I < 6; ++I)
    for (int K = 0; K < 6; ++K)
      if (Fig2b[size_t(I)][size_t(K)] >= 0)
        B.Steps[size_t(K)].push_back(
            size_t(C.T.find(I, Fig2b[size_t(I)][size_t(K)])));
  ASSERT_TRUE(validate(C.T, B).Ok);
  EXPECT_EQ(scheduleCost(C.T, B), 9);
  EXPECT_EQ(scheduleCost(C.T, C.run(roundRobinScheduler())), 12);
}

TEST(GuoPan, Fig5TransposedBranch) {
  // cyclic(3) -> cyclic(2), p = q = 6: p/s* > q/t*, run on the transpose.
  Case C(36, 6, 3, 6, 2);
  Schedule S = C.run(guoPanScheduler());
  ASSERT_TRUE(validate(C.T, S).Ok);
  EXPECT_EQ(scheduleCost(C.T, S), 6);
  EXPECT_EQ(S.stepCount(), 6u);
}

TEST(GuoPan, ExtraVectorsAlgorithm1) {
  // cyclic(6) -> cyclic(8), p = q = 5: z = 2, cost 24 vs round-robin 30.
  Case A(120, 5, 6, 5, 8);
  std::vector<std::vector<Index>> M = {{6, 6, 4, 4, 4},
                                       {4, 4, 6, 6, 4},
                                       {6, 4, 4, 4, 6},
                                       {4, 6, 6, 4, 4},
                                       {4, 4, 4, 6, 6}};
  EXPECT_EQ(A.T.matrix(), M);
  Schedule S = A.run(guoPanScheduler());
  ASSERT_TRUE(validate(A.T, S).Ok);
  auto CS = A.table(S);
  EXPECT_EQ(CS[1], (std::vector<int>{2, 3, 4, 0, 1}));
  EXPECT_EQ(CS[2], (std::vector<int>{4, 0, 1, 2, 3}));
  EXPECT_EQ(CS[3], (std::vector<int>{1, 2, 3, 4, 0}));
  EXPECT_EQ(CS[4], (std::vector<int>{3, 4, 0, 1, 2}));
  EXPECT_EQ(scheduleCost(A.T, S), 24);
  EXPECT_EQ(scheduleCost(A.T, A.run(roundRobinScheduler())), 30);
  // cyclic(8) -> cyclic(5), p = q = 9: 40 vs 45.
  Case B(360, 9, 8, 9, 5);
  Schedule SB = B.run(guoPanScheduler());
  ASSERT_TRUE(validate(B.T, SB).Ok);
  EXPECT_EQ(scheduleCost(B.T, SB), 40);
  EXPECT_EQ(scheduleCost(B.T, B.run(roundRobinScheduler())), 45);
}

TEST(GuoPan, ManySendersAlgorithm1) {
  // cyclic(4) on 10 -> cyclic(3) on 5: the paper's Algorithm 1 collides
  // for p > q. Sub-steps: valid, ceil(p/q) = 2 times the steps. Transpose:
  // max-degree steps at the lower bound.
  Case C(120, 10, 4, 5, 3); // one slice lcm(40, 15)
  ReducedPair R = reducePair(4, 10, 3, 5);
  ASSERT_TRUE(guoPanAlgorithm1Applies(R));
  Schedule Sub = toSchedule(C.T, guoPanAlgorithm1(R, ManySenders::SubSteps));
  EXPECT_TRUE(validate(C.T, Sub).Ok);
  Schedule Tr = toSchedule(C.T, guoPanAlgorithm1(R, ManySenders::Transpose));
  EXPECT_TRUE(validate(C.T, Tr).Ok);
  EXPECT_EQ(Tr.stepCount(), std::size_t(C.T.maxDegree()));
  EXPECT_EQ(scheduleCost(C.T, Tr), C.T.volumeLowerBound());
  EXPECT_EQ(Sub.stepCount(), 2 * std::size_t(C.T.sendDegrees()[0]));
  // Without the sub-steps (all senders of a step together) some receiver
  // gets two messages in one step.
  Schedule Merged;
  for (std::size_t K = 0; K < Sub.Steps.size(); K += 2) {
    Merged.Steps.push_back(Sub.Steps[K]);
    Merged.Steps.back().insert(Merged.Steps.back().end(),
                               Sub.Steps[K + 1].begin(),
                               Sub.Steps[K + 1].end());
  }
  EXPECT_FALSE(validate(C.T, Merged).Ok);
}

TEST(GuoPan, CorrectedPeriods) {
  // Theorem 2's s x t blocks fail for cyclic(1) -> cyclic(2), p = q = 4;
  // M is periodic with s*, t* instead.
  for (auto [X, P, Y, Q] : {std::tuple{1, 4, 2, 4}, std::tuple{1, 4, 2, 2},
                            std::tuple{20, 12, 30, 12}, std::tuple{2, 6, 3, 6},
                            std::tuple{8, 20, 6, 20}}) {
    ReducedPair R = reducePair(X, P, Y, Q);
    GuoPanPeriods G = guoPanPeriods(R);
    Case C(R.Slice * R.Z, P, X, Q, Y);
    auto M = C.T.matrix();
    for (int I = 0; I < P; ++I)
      for (int J = 0; J < Q; ++J)
        EXPECT_EQ(M[size_t(I)][size_t(J)],
                  M[size_t(I % G.SStar)][size_t(J % G.TStar)])
            << X << " " << P << " " << Y << " " << Q;
  }
  GuoPanPeriods G = guoPanPeriods(reducePair(1, 4, 2, 4));
  EXPECT_EQ(G.S, 2); // gcd(y', p)
  EXPECT_EQ(G.T, 1);
  EXPECT_EQ(G.SStar, 4);
  G = guoPanPeriods(reducePair(20, 12, 30, 12)); // Fig. 8: (2, 3), z = 10
  EXPECT_EQ(G.S, 3);
  EXPECT_EQ(G.T, 2);
  EXPECT_EQ(G.SStar, 6);
  EXPECT_EQ(G.TStar, 4);
  // Fig. 8 lists (8,20) -> (6,20) under Algorithm 1, but t = gcd(4, 20) = 4.
  EXPECT_FALSE(guoPanAlgorithm1Applies(reducePair(8, 20, 6, 20)));
  EXPECT_TRUE(guoPanAlgorithm1Applies(reducePair(8, 9, 5, 9)));
  EXPECT_TRUE(guoPanAlgorithm1Applies(reducePair(80, 7, 30, 7)));
}

TEST(GuoPan, ApplicabilityAndPartialSlice) {
  Distribution G = Distribution::genBlock({3, 5, 4});
  Distribution Cy = Distribution::cyclic(12, 3, 2);
  CommTable T = computeCommTable(G, Cy);
  PlanRequest Req;
  Req.Table = &T;
  Req.Src = &G;
  Req.Dst = &Cy;
  std::string Why;
  EXPECT_FALSE(guoPanScheduler().applicable(Req, &Why));
  EXPECT_NE(Why.find("block-cyclic"), std::string::npos) << Why;
  // block is cyclic(b) with one block per rank: applicable and valid.
  Plan P = makePlan(Distribution::block(60, 5), Distribution::cyclic(60, 4, 3),
                    {.Scheduler = "guo-pan"});
  EXPECT_EQ(P.Used, "guo-pan");
  EXPECT_TRUE(P.Valid);
  // n not a multiple of the slice: valid, and it says so.
  Plan Q = makePlan(Distribution::cyclic(67, 5, 4),
                    Distribution::cyclic(67, 5, 3), {.Scheduler = "guo-pan"});
  EXPECT_EQ(Q.Used, "guo-pan");
  bool Noted = false;
  for (const auto &N : Q.Notes)
    Noted |= N.find("not a multiple of the slice") != std::string::npos;
  EXPECT_TRUE(Noted);
}

TEST(GuoPanLargeStep, ValidatorRejectsLateGroup) {
  // 0->0 carries 5, 1->0, 1->1, 1->2 carry 1. Steps {0->0, 1->1}, {1->0},
  // {1->2} as one group: in step order 1->0 waits for receiver 0 until 5,
  // so 1->2 ends at 7 while the busiest rank (receiver 0) moves 6.
  CommTable T = commTableFromMatrix({{5, 0, 0}, {1, 1, 1}});
  auto Msg = [&](int I, int J) { return size_t(T.find(I, J)); };
  Schedule S;
  S.Steps = {{Msg(0, 0), Msg(1, 1)}, {Msg(1, 0)}, {Msg(1, 2)}};
  S.Groups = {{0, 1, 2}};
  Validation V = validate(T, S);
  ASSERT_FALSE(V.Ok);
  EXPECT_NE(V.Errors.front().find("finish at 7"), std::string::npos)
      << V.Errors.front();
  // Separate steps: valid, cost 5 + 1 + 1.
  S.Groups.clear();
  EXPECT_TRUE(validate(T, S).Ok);
  EXPECT_EQ(scheduleCost(T, S), 7);
  // The first two steps alone run at their volume 6: a legal large step.
  EXPECT_TRUE(groupRunsUncontended(T, S, {0, 1}));
  S.Groups = {{0, 1}, {2}};
  EXPECT_TRUE(validate(T, S).Ok);
  EXPECT_EQ(scheduleCost(T, S), 6 + 1);

  // Example 2: sender 1 waits for receiver 0 inside the large step and
  // still finishes at 4 = sender 0's volume.
  Case C(36, 6, 2, 6, 3);
  auto M2 = [&](int I, int J) { return size_t(C.T.find(I, J)); };
  Schedule E;
  E.Steps = {{M2(0, 0), M2(1, 1)}, {M2(0, 2), M2(1, 0)}};
  EXPECT_TRUE(groupRunsUncontended(C.T, E, {0, 1}));
}

} // namespace
