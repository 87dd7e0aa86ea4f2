//===- RankStepsTest.cpp - a rank's part of a scheduled plan --------------===//
//
// makeRankStepsPlan must give every rank exactly what it runs of the whole
// plan (makePlan with runs): the same steps and groups, and in each step
// the rank's messages of the whole plan's step, in the same order, with
// the same sizes and runs; and the whole plan's fingerprint. The `steps`
// executor derives its transfer order and pack offsets from that
// sequence alone, so equal sequences mean an identical run.
//
//===----------------------------------------------------------------------===//

#include "plan/RankSteps.h"
#include "plan/FormatSpec.h"
#include "plan/Plan.h"

#include <gtest/gtest.h>

#include <string>

using namespace hpf::plan;

namespace {

void checkRanks(const DistributionND &S, const DistributionND &D,
                const std::string &Scheduler) {
  SCOPED_TRACE(S.format() + " -> " + D.format() + " with " + Scheduler);
  PlanOptions O;
  O.Scheduler = Scheduler;
  O.WithRuns = true;
  Plan Whole = makePlan(S, D, O);
  const CommTable &T = Whole.Table;
  for (int R = 0; R < std::max(S.procs(), D.procs()); ++R) {
    SCOPED_TRACE("rank " + std::to_string(R));
    std::uint64_t F = 0;
    Plan Mine = makeRankStepsPlan(S, D, R, O, &F);
    EXPECT_EQ(F, fingerprint(Whole));
    EXPECT_EQ(Mine.Used, Whole.Used);
    EXPECT_EQ(Mine.Sched.Groups, Whole.Sched.Groups);
    ASSERT_EQ(Mine.Sched.Steps.size(), Whole.Sched.Steps.size());
    std::size_t Count = 0;
    for (std::size_t St = 0; St < Whole.Sched.Steps.size(); ++St) {
      const auto &Got = Mine.Sched.Steps[St];
      std::size_t K = 0;
      for (std::size_t M : Whole.Sched.Steps[St]) {
        if (T.Messages[M].Src != R && T.Messages[M].Dst != R)
          continue;
        ASSERT_LT(K, Got.size()) << "step " << St;
        std::size_t L = Got[K++];
        EXPECT_EQ(Mine.Table.Messages[L], T.Messages[M]);
        EXPECT_EQ(Mine.Table.Runs[L].SrcRuns, T.Runs[M].SrcRuns);
        EXPECT_EQ(Mine.Table.Runs[L].DstRuns, T.Runs[M].DstRuns);
      }
      EXPECT_EQ(K, Got.size()) << "step " << St;
      Count += Got.size();
    }
    EXPECT_EQ(Count, Mine.Table.Messages.size());
  }
}

DistributionND rank1(const std::string &F, Index N, int P) {
  return DistributionND::rank1(parseFormat(F).instantiate(N, P));
}

TEST(RankSteps, EqualsTheWholePlansStepsForEveryRank) {
  const char *Pairs[][2] = {{"block", "cyclic(3)"},
                            {"cyclic(4)", "cyclic(3)"},
                            {"cyclic", "block"},
                            {"block(200)", "cyclic(7)"}};
  for (const char *Sched : {"coloring", "auto", "round-robin"})
    for (const auto &Pair : Pairs)
      for (int P : {6, 7})
        for (int Q : {3, 8}) {
          checkRanks(rank1(Pair[0], 1001, P), rank1(Pair[1], 1001, Q), Sched);
          checkRanks(rank1(Pair[1], 1001, Q), rank1(Pair[0], 1001, P), Sched);
          if (HasFatalFailure())
            return;
        }
}

TEST(RankSteps, GenBlockAndNDimensional) {
  checkRanks(DistributionND::rank1(Distribution::genBlock({5, 0, 17, 9, 1})),
             DistributionND::rank1(Distribution::genBlock({3, 3, 20, 6, 0})),
             "coloring");
  DistributionND S({Distribution::block(12, 2), Distribution::cyclic(12, 3, 2)},
                   {2, 3});
  DistributionND D({Distribution::cyclic(12, 3, 3), Distribution::block(12, 2)},
                   {3, 2});
  checkRanks(S, D, "coloring");
  checkRanks(S, D, "auto");
}

TEST(RankSteps, ATableThatIsNotTheRanksIsRefused) {
  Plan Whole = makePlan(Distribution::block(100, 4),
                        Distribution::cyclic(100, 4, 3), {});
  CommTable Wrong = Whole.Table; // every message, not rank 1's
  EXPECT_THROW(rankView(Whole, Wrong, 1), PlanError);
}

} // namespace
