// TPDR / E-TPDR (paper 004): the paper's worked examples as test vectors
// (TV-C1, TV-C2, TV-C3; and TV-B from paper 002; docs/irregular-schedulers.md
// defines them).

#include "IrregularTestSupport.h"

#include "plan/Plan.h"

using namespace hpf::plan;
using namespace hpf::plan::testing;

namespace {
using Sets = std::vector<std::set<std::size_t>>;

const std::vector<Index> C1Src = {7, 10, 4, 18, 7, 18, 36};
const std::vector<Index> C1Dst = {10, 14, 18, 14, 14, 12, 18};
const std::vector<Index> BSrc = {3, 5, 9, 4, 13, 4, 2};
const std::vector<Index> BDst = {2, 5, 3, 6, 8, 6, 10};
} // namespace

TEST(Tpdr, TvC1MessagesMatchThePaper) {
  CommTable T = genBlockTable(C1Src, C1Dst);
  const std::vector<Message> Expected = {
      {0, 0, 7},  {1, 0, 3},  {1, 1, 7}, {2, 1, 4},  {3, 1, 3},
      {3, 2, 15}, {4, 2, 3},  {4, 3, 4}, {5, 3, 10}, {5, 4, 8},
      {6, 4, 6},  {6, 5, 12}, {6, 6, 18}};
  EXPECT_EQ(T.Messages, Expected);
  EXPECT_EQ(T.sendDegrees(), (std::vector<int>{1, 2, 1, 2, 2, 2, 3}));
  EXPECT_EQ(T.recvDegrees(), (std::vector<int>{2, 3, 2, 2, 2, 1, 1}));
}

TEST(Tpdr, TvC1ScheduleCost36) {
  CommTable T = genBlockTable(C1Src, C1Dst);
  Schedule S = run("tpdr", T);
  ASSERT_TRUE(validate(T, S).Ok);
  // Step 3 = {m11, m5}; colouring: CS1 kept, CS2 kept, CS3 swapped (33->30).
  EXPECT_EQ(stepSets(S),
            (Sets{{0, 2, 5, 7, 9, 12}, {1, 3, 6, 8, 11}, {4, 10}}));
  EXPECT_EQ(scheduleCost(T, S), 36);
}

TEST(Tpdr, TvC1EtpdrReproducesFigure6) {
  CommTable T = genBlockTable(C1Src, C1Dst);
  Schedule S = run("etpdr", T);
  ASSERT_TRUE(validate(T, S).Ok);
  // S1 m1 m3 m6 m9 m13 (18), S2 m4 m7 m10 m12 (12), S3 m11 m5 m8 m2 (6).
  EXPECT_EQ(stepSets(S),
            (Sets{{0, 2, 5, 8, 12}, {3, 6, 9, 11}, {1, 4, 7, 10}}));
  EXPECT_EQ(scheduleCost(T, S), 36);
}

TEST(Tpdr, TvBReachesTheOptimum13) {
  CommTable T = genBlockTable(BSrc, BDst);
  Schedule S = run("tpdr", T);
  ASSERT_TRUE(validate(T, S).Ok);
  // SP2's literal minimum m7 conflicts (DP4 is red): it takes m5 instead.
  EXPECT_EQ(stepSets(S),
            (Sets{{0, 2, 5, 7, 9, 11}, {1, 3, 6, 10}, {4, 8, 12}}));
  EXPECT_EQ(scheduleCost(T, S), 13);
  Schedule E = run("etpdr", T);
  EXPECT_EQ(stepSets(E).back(), (std::set<std::size_t>{0, 4, 8, 12})); // + m1
  EXPECT_EQ(scheduleCost(T, E), 13);
}

TEST(Tpdr, TvC2ColourExchangeReachesTheOptimum) {
  // Synthetic sizes for the Chinese report's Figs. 3/4 (its figure sizes
  // are lost).
  CommTable T = genBlockTable({8, 16, 4, 11}, {10, 5, 16, 8});
  ASSERT_EQ(T.Messages.size(), 7u);
  Schedule S = run("tpdr", T);
  ASSERT_TRUE(validate(T, S).Ok);
  // Fig. 4: S1 {m1, m4, m7}, S2 {m3, m5}, S3 {m2, m6}.
  EXPECT_EQ(stepSets(S), (Sets{{0, 3, 6}, {2, 4}, {1, 5}}));
  EXPECT_EQ(scheduleCost(T, S), 17);
  EXPECT_EQ(scheduleCost(T, run("exact", T)), 17);
}

TEST(Tpdr, TvC3EdgeCases) {
  struct Case {
    std::vector<Index> Src, Dst;
    int Steps;
    Index Cost;
  };
  const std::vector<Case> Cases = {
      {{5, 0, 5}, {5, 5, 0}, 1, 5},    {{4, 4, 4}, {4, 4, 4}, 1, 4},
      {{0, 12, 0}, {3, 3, 6}, 3, 12},  {{6, 6}, {2, 2, 2, 2, 2, 2}, 3, 6},
      {{12}, {1, 2, 3, 6}, 4, 12},     {{3, 3, 3, 3}, {6, 0, 6, 0}, 2, 6},
      {{1, 1, 10}, {10, 1, 1}, 3, 10},
  };
  for (const Case &C : Cases)
    for (const char *Name : {"tpdr", "etpdr", "exact"}) {
      CommTable T = genBlockTable(C.Src, C.Dst);
      Schedule S = run(Name, T);
      SCOPED_TRACE(std::string(Name) + " on " +
                   Distribution::genBlock(C.Src).format());
      EXPECT_TRUE(validate(T, S).Ok);
      EXPECT_EQ(int(S.stepCount()), C.Steps);
      EXPECT_EQ(scheduleCost(T, S), C.Cost);
    }
}

TEST(Tpdr, EmptyArrayHasNoSteps) {
  CommTable T = genBlockTable({0, 0}, {0, 0, 0});
  for (const char *Name : {"tpdr", "etpdr", "dca", "relocation", "exact"})
    EXPECT_EQ(run(Name, T).stepCount(), 0u) << Name;
}

TEST(Tpdr, NotApplicableToCrossingTables) {
  // 0 -> 1 and 1 -> 0: not a staircase; makePlan falls back and says why.
  CommTable T = commTableFromMatrix({{0, 5}, {5, 0}});
  PlanRequest Req;
  Req.Table = &T;
  std::string Why;
  EXPECT_FALSE(findScheduler("tpdr")->applicable(Req, &Why));
  EXPECT_NE(Why.find("staircase"), std::string::npos) << Why;
  Plan P = makePlan(T, {.Scheduler = "etpdr"});
  EXPECT_EQ(P.Used, "coloring");
  ASSERT_FALSE(P.Notes.empty());
  EXPECT_NE(P.Notes.front().find("etpdr does not apply"), std::string::npos);
}
