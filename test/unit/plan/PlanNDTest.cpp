//===- PlanNDTest.cpp - makePlan over DistributionND, sameMapping ---------===//
//
// makePlan(DistributionND, DistributionND) is the one plan entry point for
// any rank: on rank-1 distributions it must give exactly the 1-D plan (same
// table, schedule, scheduler and fingerprint), so a 1-D array described as
// rank 1 on a grid {p} loses none of the 1-D closed forms and schedulers.
//
//===----------------------------------------------------------------------===//

#include "plan/FormatSpec.h"
#include "plan/Plan.h"

#include <gtest/gtest.h>

#include <optional>

using namespace hpf::plan;

namespace {

Distribution dist(const char *F, Index N, int P) {
  return parseFormat(F).instantiate(N, P);
}

TEST(PlanND, Rank1PlanEqualsOneDimensionalPlan) {
  const char *Formats[] = {"block",     "cyclic",    "cyclic(2)",
                           "cyclic(3)", "cyclic(4)", "block(40)"};
  const Index Ns[] = {1, 37, 160, 1001};
  int Checked = 0;
  for (const char *Sched :
       {"auto", "round-robin", "guo-pan", "park", "coloring"})
    for (bool Runs : {false, true})
      for (Index N : Ns)
        for (int P : {1, 3, 4})
          for (int Q : {2, 4, 5})
            for (const char *SF : Formats)
              for (const char *DF : Formats) {
                std::optional<Distribution> S, D;
                try {
                  S = dist(SF, N, P);
                  D = dist(DF, N, Q);
                } catch (const PlanError &) {
                  continue; // block(40) too small for N
                }
                PlanOptions O;
                O.Scheduler = Sched;
                O.WithRuns = Runs;
                Plan One = makePlan(*S, *D, O);
                Plan Nd = makePlan(DistributionND::rank1(*S),
                                   DistributionND::rank1(*D), O);
                SCOPED_TRACE(std::string(SF) + " -> " + DF +
                             " n=" + std::to_string(N) + " " + Sched);
                ASSERT_EQ(fingerprint(One), fingerprint(Nd));
                EXPECT_EQ(One.Used, Nd.Used);
                EXPECT_EQ(One.Notes, Nd.Notes);
                EXPECT_EQ(One.Table.Runs.size(), Nd.Table.Runs.size());
                ++Checked;
              }
  EXPECT_GT(Checked, 1000);
}

TEST(PlanND, GenBlockRank1UsesTheOneDimensionalPath) {
  Distribution S = Distribution::genBlock({2, 6, 4, 4});
  Distribution D = dist("block", 16, 4);
  PlanOptions O;
  O.Scheduler = "round-robin"; // needs the distribution pair
  Plan Nd = makePlan(DistributionND::rank1(S), DistributionND::rank1(D), O);
  EXPECT_EQ(fingerprint(Nd), fingerprint(makePlan(S, D, O)));
}

TEST(PlanND, TwoDimensionalPlanIsOneTable) {
  DistributionND S({dist("block", 12, 2), dist("cyclic(2)", 10, 3)}, {2, 3});
  DistributionND D({dist("cyclic", 12, 3), dist("block", 10, 2)}, {3, 2});
  PlanOptions O;
  O.WithRuns = true;
  Plan P = makePlan(S, D, O);
  EXPECT_TRUE(P.Valid);
  EXPECT_EQ(P.Table.P, 6);
  EXPECT_EQ(P.Table.Q, 6);
  Index Total = 0;
  for (const Message &M : P.Table.Messages)
    Total += M.Size;
  EXPECT_EQ(Total, 120);
  EXPECT_EQ(P.Table.Runs.size(), P.Table.Messages.size());
  // A scheduler that needs the 1-D distribution pair does not apply to a
  // 2-D table: coloring, noted.
  O.Scheduler = "guo-pan";
  Plan R = makePlan(S, D, O);
  EXPECT_EQ(R.Used, "coloring");
  EXPECT_FALSE(R.Notes.empty());
  // The table makePlan schedules is commTableFor's.
  EXPECT_EQ(commTableFor(S, D, false).Messages, P.Table.Messages);
}

TEST(PlanND, SameMapping) {
  // cyclic(n/p) and block with p | n: one mapping.
  DistributionND A({dist("block", 8, 2), dist("cyclic(3)", 9, 3)}, {2, 3});
  DistributionND B({dist("cyclic(4)", 8, 2), dist("cyclic(3)", 9, 3)}, {2, 3});
  EXPECT_TRUE(A.sameMapping(B));
  EXPECT_TRUE(B.sameMapping(A));
  // Another grid shape with the same formats: not the same.
  DistributionND C({dist("block", 8, 3), dist("cyclic(3)", 9, 2)}, {3, 2});
  EXPECT_FALSE(A.sameMapping(C));
  // Another format in one dimension.
  DistributionND E({dist("block", 8, 2), dist("cyclic(2)", 9, 3)}, {2, 3});
  EXPECT_FALSE(A.sameMapping(E));
  // '*' against a one-processor block.
  DistributionND F({Distribution::collapsed(8), dist("block", 9, 2)}, {2});
  DistributionND G({Distribution::collapsed(8), dist("cyclic(5)", 9, 2)}, {2});
  EXPECT_TRUE(F.sameMapping(G));
  // Rank 1 agrees with Distribution::sameMapping.
  EXPECT_TRUE(DistributionND::rank1(dist("block", 8, 2))
                  .sameMapping(DistributionND::rank1(dist("cyclic(4)", 8, 2))));
  EXPECT_FALSE(DistributionND::rank1(dist("block", 8, 2))
                   .sameMapping(DistributionND::rank1(dist("cyclic", 8, 2))));
}

TEST(PlanND, Rank1Descriptor) {
  DistributionND A = DistributionND::rank1(dist("cyclic(4)", 100, 5));
  EXPECT_TRUE(A.isRank1());
  EXPECT_EQ(A.grid(), std::vector<int>{5});
  EXPECT_EQ(A.procs(), 5);
  DistributionND C = DistributionND::rank1(Distribution::collapsed(7));
  EXPECT_FALSE(C.isRank1());
  EXPECT_EQ(C.procs(), 1);
  EXPECT_EQ(C.localCount(0), 7);
}

} // namespace
