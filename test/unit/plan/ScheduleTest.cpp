//===- ScheduleTest.cpp - validator, cost, round-robin, coloring, plans ---===//

#include "PlanTestUtil.h"

#include "plan/Plan.h"
#include "plan/Scheduler.h"

#include <gtest/gtest.h>

using namespace hpf::plan;

namespace {

CommTable guoPanExample1() {
  return computeCommTable(Distribution::cyclic(60, 5, 4),
                          Distribution::cyclic(60, 5, 3));
}

Schedule run(const char *Name, const CommTable &T) {
  PlanRequest Req;
  Req.Table = &T;
  return findScheduler(Name)->schedule(Req);
}

} // namespace

TEST(Validator, AcceptsAValidSchedule) {
  CommTable T = commTableFromMatrix({{1, 2}, {3, 4}});
  Schedule S;
  S.Steps = {{0, 3}, {1, 2}};
  EXPECT_TRUE(validate(T, S).Ok);
}

TEST(Validator, ReportsEveryViolationPrecisely) {
  CommTable T = commTableFromMatrix({{1, 2}, {3, 4}}); // 0->0 0->1 1->0 1->1
  Schedule S;
  S.Steps = {{0, 1}, {0, 2}, {7}};
  Validation V = validate(T, S);
  EXPECT_FALSE(V.Ok);
  std::vector<std::string> Expected = {
      "step 0: rank 0 sends twice (0->0 and 0->1)",
      "message 0->0 scheduled twice (steps 0 and 1)",
      "step 2: message index 7 out of range (table has 4)",
      "message 1->1 (4 elements) never sent"};
  EXPECT_EQ(V.Errors, Expected);
}

TEST(Validator, ReceiverContention) {
  CommTable T = commTableFromMatrix({{1}, {1}});
  Schedule S;
  S.Steps = {{0, 1}};
  Validation V = validate(T, S);
  ASSERT_EQ(V.Errors.size(), 1u);
  EXPECT_EQ(V.Errors[0], "step 0: rank 0 receives twice (0->0 and 1->0)");
}

TEST(Validator, GroupsMustCoverStepsInOrder) {
  CommTable T = commTableFromMatrix({{1, 2}, {3, 4}});
  Schedule S;
  S.Steps = {{0, 3}, {1, 2}};
  S.Groups = {{1}, {0}};
  EXPECT_FALSE(validate(T, S).Ok);
  S.Groups = {{0}};
  Validation V = validate(T, S);
  ASSERT_FALSE(V.Ok);
  EXPECT_EQ(V.Errors.back(), "groups cover 1 of 2 steps");
  S.Groups = {{0, 1}};
  EXPECT_TRUE(validate(T, S).Ok);
}

TEST(Cost, StepsCostTheirLargestMessage) {
  CommTable T = commTableFromMatrix({{1, 2}, {3, 4}});
  Schedule S;
  S.Steps = {{0, 3}, {1, 2}};
  EXPECT_EQ(scheduleCost(T, S), 4 + 3);
}

TEST(Cost, LargeStepsCostTheBusiestRank) {
  // One group of both steps: rank 1 sends 3 + 4 = 7, receiver 1 gets 2 + 4.
  CommTable T = commTableFromMatrix({{1, 2}, {3, 4}});
  Schedule S;
  S.Steps = {{0, 3}, {1, 2}};
  S.Groups = {{0, 1}};
  EXPECT_EQ(scheduleCost(T, S), 7);
}

TEST(Cost, LowerBoundsAndLmrWeights) {
  CommTable T = guoPanExample1();
  LowerBounds B = lowerBounds(T);
  EXPECT_EQ(B.Steps, 5);
  EXPECT_EQ(B.Volume, 12);
  CommTable L = commTableFromMatrix({{8, 2}, {2, 8}});
  Schedule S;
  S.Steps = {{0, 3}, {1, 2}};
  EXPECT_DOUBLE_EQ(weightedScheduleCost(L, S, CostWeights{4.0}), 2 + 2);
  EXPECT_DOUBLE_EQ(weightedScheduleCost(L, S, CostWeights{}), 8 + 2);
}

TEST(Cost, PredictedTimeIsStartupPlusTransfer) {
  CommTable T = commTableFromMatrix({{1, 2}, {3, 4}});
  Schedule S;
  S.Steps = {{0, 3}, {1, 2}};
  CostModel M{1.0, 0.5};
  EXPECT_DOUBLE_EQ(predictedSeconds(T, S, M), 2 * 1.0 + 0.5 * 7);
}

TEST(RoundRobin, GuoPanFigure1b) {
  // Paper 000 Fig. 1(b): CS(i, k) = (i + k) mod 5, cost 15.
  CommTable T = guoPanExample1();
  Schedule S = run("round-robin", T);
  ASSERT_EQ(S.stepCount(), 5u);
  for (size_t K = 0; K < 5; ++K)
    for (size_t Idx : S.Steps[K]) {
      const Message &M = T.Messages[Idx];
      EXPECT_EQ(M.Dst, int((size_t(M.Src) + K) % 5));
    }
  EXPECT_TRUE(validate(T, S).Ok);
  EXPECT_EQ(scheduleCost(T, S), 15);
}

TEST(RoundRobin, DifferentProcessorCounts) {
  CommTable T = computeCommTable(Distribution::cyclic(60, 3, 2),
                                 Distribution::cyclic(60, 7, 1));
  Schedule S = run("round-robin", T);
  EXPECT_TRUE(validate(T, S).Ok);
  EXPECT_LE(S.stepCount(), 7u);
}

TEST(Coloring, ExactlyMaxDegreeStepsAndOptimalOnExample1) {
  CommTable T = guoPanExample1();
  Schedule S = run("coloring", T);
  EXPECT_TRUE(validate(T, S).Ok);
  EXPECT_EQ(S.stepCount(), 5u);
  EXPECT_EQ(scheduleCost(T, S), 12); // the lower bound
}

TEST(Coloring, NeedsAlternatingPaths) {
  // Dense random matrices force Kempe-chain swaps.
  std::mt19937_64 Rng(3);
  for (int Case = 0; Case < 200; ++Case) {
    int P = 1 + int(Rng() % 12), Q = 1 + int(Rng() % 12);
    std::vector<std::vector<Index>> M(
        static_cast<size_t>(P), std::vector<Index>(static_cast<size_t>(Q), 0));
    for (auto &Row : M)
      for (Index &V : Row)
        V = Rng() % 3 ? Index(Rng() % 50) : 0;
    CommTable T = commTableFromMatrix(M);
    Schedule S = run("coloring", T);
    ASSERT_TRUE(validate(T, S).Ok);
    EXPECT_EQ(int(S.stepCount()), T.maxDegree());
  }
}

TEST(Plan, UnknownSchedulerIsAnError) {
  PlanOptions O;
  O.Scheduler = "no-such";
  try {
    makePlan(Distribution::block(10, 2), Distribution::cyclic(10, 2), O);
    FAIL() << "expected PlanError";
  } catch (const PlanError &E) {
    EXPECT_NE(std::string(E.what()).find("unknown scheduler 'no-such'"),
              std::string::npos);
  }
}

TEST(Plan, AutoIsNoWorseThanAnyScheduler) {
  Distribution S = Distribution::cyclic(36, 6, 2),
               D = Distribution::cyclic(36, 6, 3);
  Plan A = makePlan(S, D);
  EXPECT_TRUE(A.Valid);
  for (const Scheduler *Sch : allSchedulers()) {
    if (Sch->name() == "exact")
      continue;
    PlanOptions O;
    O.Scheduler = std::string(Sch->name());
    Plan P = makePlan(S, D, O);
    EXPECT_LE(A.Cost, P.Cost) << Sch->name();
  }
}

TEST(Plan, FingerprintIdentifiesPlans) {
  Distribution S = Distribution::cyclic(60, 5, 4),
               D = Distribution::cyclic(60, 5, 3);
  EXPECT_EQ(fingerprint(makePlan(S, D)), fingerprint(makePlan(S, D)));
  PlanOptions RR;
  RR.Scheduler = "round-robin";
  EXPECT_NE(fingerprint(makePlan(S, D)), fingerprint(makePlan(S, D, RR)));
}

TEST(Plan, EmptyArray) {
  Plan P = makePlan(Distribution::block(0, 3), Distribution::cyclic(0, 2));
  EXPECT_TRUE(P.Valid);
  EXPECT_EQ(P.Sched.stepCount(), 0u);
  EXPECT_EQ(P.Cost, 0);
}
