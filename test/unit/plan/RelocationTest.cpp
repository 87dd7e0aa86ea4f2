// List scheduling + relocation (Yook & Park, via papers 002/004).

#include "IrregularTestSupport.h"

using namespace hpf::plan;
using namespace hpf::plan::testing;

namespace {
using Sets = std::vector<std::set<std::size_t>>;
}

TEST(Relocation, TvBRelocatesM7) {
  // Plain list scheduling fails on m7 (SP2 -> DP4 conflicts with m6, m5 and
  // m9 in the three steps); right-side relocation pins m7 in step 3 and
  // re-places m8..m13, itself relocating m9.
  CommTable T = genBlockTable({3, 5, 9, 4, 13, 4, 2}, {2, 5, 3, 6, 8, 6, 10});
  Schedule S = run("relocation", T);
  ASSERT_TRUE(validate(T, S).Ok);
  EXPECT_TRUE(S.Notes.empty()); // no extra step
  EXPECT_EQ(stepSets(S),
            (Sets{{0, 2, 5, 7, 9, 11}, {1, 4, 8, 12}, {3, 6, 10}}));
  EXPECT_EQ(scheduleCost(T, S), 13);
}

TEST(Relocation, TvC1IsPlainListScheduling) {
  CommTable T =
      genBlockTable({7, 10, 4, 18, 7, 18, 36}, {10, 14, 18, 14, 14, 12, 18});
  Schedule S = run("relocation", T);
  ASSERT_TRUE(validate(T, S).Ok);
  EXPECT_EQ(S.stepCount(), 3u);
  EXPECT_EQ(scheduleCost(T, S), 36);
}

TEST(Relocation, FailedNestedRelocationDoesNotLeakAnExtraStep) {
  // A path m1..m7: relocating m2 re-places m3..m7, where a trial that fails
  // deep inside must make its side fail, not open a fourth step that a
  // later message then uses (an early version returned 3 steps here).
  CommTable T = genBlockTable({132, 91, 121, 56}, {154, 166, 78, 2});
  ASSERT_EQ(T.maxDegree(), 2);
  Schedule S = run("relocation", T);
  ASSERT_TRUE(validate(T, S).Ok);
  EXPECT_EQ(stepSets(S), (Sets{{0, 2, 4, 6}, {1, 3, 5}}));
  EXPECT_EQ(scheduleCost(T, S), 229);
}

TEST(Relocation, NeverNeedsAnExtraStepOnRandomStaircases) {
  std::mt19937_64 Rng(4);
  int Relocated = 0;
  for (int Case = 0; Case < 3000; ++Case) {
    int P = 2 + int(Rng() % 12), Q = 2 + int(Rng() % 12);
    Index N = Index(Rng() % (Case % 2 ? 200 : 100 * P));
    CommTable T = genBlockTable(randomCuts(Rng, P, N), randomCuts(Rng, Q, N));
    Schedule S = run("relocation", T);
    ASSERT_TRUE(validate(T, S).Ok);
    EXPECT_EQ(int(S.stepCount()), T.maxDegree()) << S.Notes.size();
    Relocated += int(S.Notes.size());
  }
  EXPECT_EQ(Relocated, 0);
}
