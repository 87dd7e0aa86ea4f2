// Divide-and-conquer (paper 002) in our reading of it
// (docs/irregular-schedulers.md, dca).

#include "IrregularTestSupport.h"

using namespace hpf::plan;
using namespace hpf::plan::testing;

namespace {
using Sets = std::vector<std::set<std::size_t>>;
}

TEST(Dca, TvBMessagesMatchPaper002Figure2) {
  CommTable T = genBlockTable({3, 5, 9, 4, 13, 4, 2}, {2, 5, 3, 6, 8, 6, 10});
  const std::vector<Message> Expected = {
      {0, 0, 2}, {0, 1, 1}, {1, 1, 4}, {1, 2, 1}, {2, 2, 2},
      {2, 3, 6}, {2, 4, 1}, {3, 4, 4}, {4, 4, 3}, {4, 5, 6},
      {4, 6, 4}, {5, 6, 4}, {6, 6, 2}};
  EXPECT_EQ(T.Messages, Expected);
  EXPECT_EQ(T.maxDegree(), 3);
  EXPECT_EQ(T.volumeLowerBound(), 13);
}

TEST(Dca, TvBBestFitReadingCosts14) {
  // Best-fit phase 0 puts m1 and m3 together ({(m3,m1), m2}); aligning the
  // phase-2 link m5 then costs 14 (checked by hand and by script). The
  // paper's parenthesis-free {m3, m1, m2} would give 13.
  CommTable T = genBlockTable({3, 5, 9, 4, 13, 4, 2}, {2, 5, 3, 6, 8, 6, 10});
  Schedule S = run("dca", T);
  ASSERT_TRUE(validate(T, S).Ok);
  EXPECT_EQ(S.stepCount(), 3u);
  EXPECT_EQ(scheduleCost(T, S), 14);
}

TEST(Dca, TvC1Costs39) {
  CommTable T =
      genBlockTable({7, 10, 4, 18, 7, 18, 36}, {10, 14, 18, 14, 14, 12, 18});
  Schedule S = run("dca", T);
  ASSERT_TRUE(validate(T, S).Ok);
  EXPECT_EQ(S.stepCount(), 3u);
  EXPECT_EQ(scheduleCost(T, S), 39);
}

TEST(Dca, IsolatedMessagesAndComponents) {
  // Coincident boundaries: three components, one of them an isolated pair.
  CommTable T = genBlockTable({2, 2, 5, 3, 3}, {4, 5, 1, 5});
  Schedule S = run("dca", T);
  EXPECT_TRUE(validate(T, S).Ok);
  EXPECT_EQ(int(S.stepCount()), T.maxDegree());
  // Identity: every message isolated, one step.
  CommTable I = genBlockTable({3, 1, 4}, {3, 1, 4});
  EXPECT_EQ(stepSets(run("dca", I)), (Sets{{0, 1, 2}}));
}

TEST(Dca, RowAndColumnMeetingAtALink) {
  // SP0 sends to DP0, DP1, DP2; DP2 receives from SP0, SP1, SP2: the two
  // NMSs of the only pair share the link SP0 -> DP2, which is set aside.
  CommTable T = genBlockTable({3, 1, 1, 1}, {1, 1, 3, 1});
  ASSERT_EQ(T.maxDegree(), 3);
  Schedule S = run("dca", T);
  EXPECT_TRUE(validate(T, S).Ok);
  EXPECT_EQ(S.stepCount(), 3u);
  EXPECT_EQ(scheduleCost(T, S), 3); // all sizes 1
}
