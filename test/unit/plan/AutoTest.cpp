//===- AutoTest.cpp - auto, local search and large-step grouping ----------===//

#include "plan/Plan.h"
#include "plan/regular/Grouping.h"
#include "plan/regular/LocalSearch.h"
#include "plan/schedulers/Schedulers.h"

#include <gtest/gtest.h>

using namespace hpf::plan;

namespace {

Plan planWith(const std::string &Name, Index N, int P, Index X, int Q, Index Y,
              double Lmr = 1.0) {
  return makePlan(Distribution::cyclic(N, P, X), Distribution::cyclic(N, Q, Y),
                  {.Scheduler = Name, .LocalRatio = Lmr});
}

TEST(Auto, NeverWorseThanAnyScheduler) {
  struct C {
    Index N;
    int P;
    Index X;
    int Q;
    Index Y;
  };
  for (C Cs : {C{60, 5, 4, 5, 3}, C{36, 6, 2, 6, 3}, C{1008, 28, 2, 36, 28},
               C{6048, 28, 4, 36, 24}, C{168, 8, 3, 12, 7}}) {
    Plan A = planWith("auto", Cs.N, Cs.P, Cs.X, Cs.Q, Cs.Y);
    EXPECT_TRUE(A.Valid);
    EXPECT_EQ(int(A.Sched.stepCount()), A.Bounds.Steps);
    for (const Scheduler *S : allSchedulers()) {
      if (S->name() == "auto" || S->name() == "exact")
        continue;
      Plan O = planWith(std::string(S->name()), Cs.N, Cs.P, Cs.X, Cs.Q, Cs.Y);
      if (O.Sched.stepCount() <= std::size_t(O.Bounds.Steps)) {
        EXPECT_LE(A.Cost, O.Cost) << S->name();
      }
    }
  }
}

TEST(Auto, Example2AndLargeStepsBeyondThePaper) {
  Plan A = planWith("auto", 36, 6, 2, 6, 3);
  EXPECT_EQ(A.Cost, 6);
  // cyclic(10) on 3 -> cyclic(3) on 5: every 4-step schedule without large
  // steps costs >= 12 (sender 1's two 2-element messages go to the
  // receivers of the 1-element ones); guo-pan needs 5 steps for 11; auto
  // finds 4 steps in large steps at the lower bound 10.
  Plan B = planWith("auto", 30, 3, 10, 5, 3);
  EXPECT_EQ(B.Sched.stepCount(), 4u);
  EXPECT_EQ(B.Cost, 10);
  EXPECT_EQ(B.Bounds.Volume, 10);
  EXPECT_FALSE(B.Sched.Groups.empty());
  Plan C = planWith("coloring", 30, 3, 10, 5, 3);
  EXPECT_EQ(C.Cost, 12);
  Plan G = planWith("guo-pan", 30, 3, 10, 5, 3);
  EXPECT_EQ(G.Cost, 11);
  EXPECT_EQ(G.Sched.stepCount(), 5u);
}

TEST(Auto, MatrixTableAndLmr) {
  // No distributions: only the pattern-generic schedulers take part.
  CommTable T = commTableFromMatrix({{5, 1, 0}, {1, 5, 1}, {0, 1, 5}});
  Plan A = makePlan(T, {.Scheduler = "auto"});
  EXPECT_TRUE(A.Valid);
  EXPECT_EQ(int(A.Sched.stepCount()), A.Bounds.Steps);
  // With LMR, auto minimises the weighted cost.
  Plan W = planWith("auto", 60, 5, 4, 5, 3, 4.0);
  Plan R = planWith("round-robin", 60, 5, 4, 5, 3, 4.0);
  EXPECT_LE(weightedScheduleCost(W.Table, W.Sched, {4.0}),
            weightedScheduleCost(R.Table, R.Sched, {4.0}));
}

TEST(Auto, KempeSearchRepairsAStrandedMessage) {
  // 0->0, 1->1, 2->2 carry 9; 0->1, 1->2, 2->0 carry 1. The three steps
  // {0->0, 1->2}, {1->1, 2->0}, {0->1, 2->2} cost 27: each 9 sits with 1s.
  // Chain swaps pair the 9s (and may empty a step).
  CommTable U = commTableFromMatrix({{9, 1, 0}, {0, 9, 1}, {1, 0, 9}});
  auto M = [&](int I, int J) { return size_t(U.find(I, J)); };
  Schedule Bad;
  Bad.Steps = {{M(0, 0), M(1, 2)}, {M(1, 1), M(2, 0)}, {M(0, 1), M(2, 2)}};
  ASSERT_TRUE(validate(U, Bad).Ok);
  EXPECT_EQ(scheduleCost(U, Bad), 27);
  Schedule Searched = Bad;
  ASSERT_TRUE(hpf::plan::regular::kempeLocalSearch(U, Searched, {}));
  EXPECT_TRUE(validate(U, Searched).Ok);
  EXPECT_LE(Searched.stepCount(), 3u);
  EXPECT_LE(scheduleCost(U, Searched), 19);
  // From 3 steps down to the max degree 2 by recolouring, then search:
  // valid, at the optimum 10.
  hpf::plan::regular::reduceToMaxDegree(U, Bad, {});
  EXPECT_TRUE(validate(U, Bad).Ok);
  EXPECT_EQ(Bad.stepCount(), 2u);
  hpf::plan::regular::kempeLocalSearch(U, Bad, {});
  EXPECT_TRUE(validate(U, Bad).Ok);
  EXPECT_EQ(scheduleCost(U, Bad), 10);
}

TEST(Auto, ChooseGroupsOnlyWhereItPays) {
  // Example 2's table, coloring's steps: grouping can only lower the cost,
  // and every chosen group runs uncontended.
  Plan C = planWith("coloring", 36, 6, 2, 6, 3);
  Schedule S = C.Sched;
  double Cost = hpf::plan::regular::chooseGroups(C.Table, S, {});
  EXPECT_LE(Cost, double(C.Cost));
  EXPECT_TRUE(validate(C.Table, S).Ok);
  // Equal-size steps (Example 1, Algorithm 1) gain nothing: no groups.
  Plan G = planWith("guo-pan", 60, 5, 4, 5, 3);
  Schedule S1 = G.Sched;
  EXPECT_EQ(hpf::plan::regular::chooseGroups(G.Table, S1, {}), 12.0);
  EXPECT_TRUE(S1.Groups.empty());
}

} // namespace
