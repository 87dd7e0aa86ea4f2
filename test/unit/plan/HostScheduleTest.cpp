// plan/HostSchedule.h: a hand-checked vector, and a sweep over
// redistributions, rank counts and ranks per host: every message exactly
// once, no host link shared within a step, steps = the host graph's
// maximum degree (the lower bound), messages inside a host in step 0.

#include "plan/HostSchedule.h"
#include "PlanTestUtil.h"
#include "plan/CommTable.h"
#include "plan/Distribution.h"

#include <gtest/gtest.h>

#include <random>

using namespace hpf::plan;

namespace {

std::vector<int> blocksOf(int Ranks, int PerHost) {
  std::vector<int> H(static_cast<std::size_t>(Ranks));
  for (int R = 0; R < Ranks; ++R)
    H[std::size_t(R)] = R / PerHost;
  return H;
}

void expectGood(const CommTable &T, const std::vector<int> &HostOf,
                const std::string &What) {
  HostSteps S = hostSteps(T, HostOf);
  Validation V = validateHostSteps(T, S, HostOf);
  EXPECT_TRUE(V.Ok) << What << ": " << (V.Errors.empty() ? "" : V.Errors[0]);
  EXPECT_EQ(int(S.Steps.size()), std::max(1, hostDegree(T, HostOf))) << What;
  for (std::size_t St = 1; St < S.Steps.size(); ++St)
    for (std::size_t M : S.Steps[St])
      EXPECT_NE(HostOf[std::size_t(T.Messages[M].Src)],
                HostOf[std::size_t(T.Messages[M].Dst)])
          << What << ": a message inside a host after step 0";
}

} // namespace

TEST(HostSchedule, TwoRanksPerHostAllToAll) {
  // 4 ranks on 2 hosts, every rank sends to every rank: host 0 <-> host 1
  // in one step (4 messages each way share nothing else), the 4 messages
  // inside hosts (0<->1, 2<->3) and the 4 own copies in step 0 too.
  std::vector<std::vector<Index>> M(4, std::vector<Index>(4, 1));
  CommTable T = commTableFromMatrix(M);
  std::vector<int> HostOf = {0, 0, 1, 1};
  EXPECT_EQ(hostDegree(T, HostOf), 1);
  HostSteps S = hostSteps(T, HostOf);
  ASSERT_EQ(S.Steps.size(), 1u);
  EXPECT_EQ(S.Steps[0].size(), 16u);
  EXPECT_TRUE(validateHostSteps(T, S, HostOf).Ok);
}

TEST(HostSchedule, ValidatorNamesASharedLink) {
  CommTable T = commTableFromMatrix({{0, 1, 1}, {0, 0, 0}, {0, 0, 0}});
  HostSteps Bad;
  Bad.Steps = {{0, 1}}; // host 0 sends to hosts 1 and 2 in one step
  Validation V = validateHostSteps(T, Bad, {0, 1, 2});
  ASSERT_FALSE(V.Ok);
  EXPECT_EQ(V.Errors[0], "step 0: host 0 sends to hosts 1 and 2");
  HostSteps Missing;
  Missing.Steps = {{0}};
  V = validateHostSteps(T, Missing, {0, 1, 2});
  ASSERT_FALSE(V.Ok);
  EXPECT_EQ(V.Errors[0], "message 0->2 appears 0 times");
}

TEST(HostSchedule, SweepRegularAndIrregular) {
  std::mt19937_64 Rng(15);
  for (int P : {2, 3, 4, 6, 8, 12, 16})
    for (int PerHost : {1, 2, 3, 4, 8}) {
      if (PerHost > P)
        continue;
      const Index N = 997;
      std::vector<int> HostOf = blocksOf(P, PerHost);
      for (auto [X, Y] : {std::pair<Index, Index>{4, 3}, {1, 5}, {8, 6}}) {
        CommTable T = computeCommTable(Distribution::cyclic(N, P, X),
                                       Distribution::cyclic(N, P, Y));
        expectGood(T, HostOf,
                   "cyclic(" + std::to_string(X) + ")->cyclic(" +
                       std::to_string(Y) + ") P=" + std::to_string(P) +
                       " per host " + std::to_string(PerHost));
      }
      CommTable B = computeCommTable(Distribution::block(N, P),
                                     Distribution::cyclic(N, P, 1));
      expectGood(B, HostOf, "block->cyclic P=" + std::to_string(P));
      CommTable G = computeCommTable(
          Distribution::genBlock(test::randomGenBlock(Rng, N, P)),
          Distribution::genBlock(test::randomGenBlock(Rng, N, P)));
      expectGood(G, HostOf, "gen_block P=" + std::to_string(P));
    }
}

TEST(HostSchedule, OneRankPerHostIsTheRankGraphWithoutCopies) {
  CommTable T = computeCommTable(Distribution::cyclic(1000, 4, 4),
                                 Distribution::cyclic(1000, 4, 3));
  std::vector<int> HostOf = blocksOf(4, 1);
  int Remote = 0;
  for (int R = 0; R < 4; ++R) {
    int Out = 0;
    for (const Message &M : T.Messages)
      Out += M.Src == R && M.Dst != R;
    Remote = std::max(Remote, Out);
  }
  EXPECT_EQ(hostDegree(T, HostOf), Remote);
}
