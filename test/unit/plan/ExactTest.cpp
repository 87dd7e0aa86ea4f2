// The branch-and-bound scheduler against brute force, and its size limit.

#include "IrregularTestSupport.h"

#include "plan/Plan.h"

#include <functional>
#include <limits>

using namespace hpf::plan;
using namespace hpf::plan::testing;

namespace {
/// Every contention-free assignment of the messages to D steps (plain
/// backtracking on conflicts, no bounds): the minimum weighted cost.
double bruteForce(const CommTable &T, double Ratio) {
  const int D = T.maxDegree();
  const std::size_t E = T.Messages.size();
  CostWeights W{Ratio};
  std::vector<int> StepOf(E, 0);
  double Best = std::numeric_limits<double>::infinity();
  std::function<void(std::size_t)> Rec = [&](std::size_t I) {
    if (I == E) {
      Schedule S;
      S.Steps.resize(std::size_t(D));
      for (std::size_t M = 0; M < E; ++M)
        S.Steps[std::size_t(StepOf[M])].push_back(M);
      S.dropEmptySteps();
      if (int(S.stepCount()) == D)
        Best = std::min(Best, weightedScheduleCost(T, S, W));
      return;
    }
    for (int St = 0; St < D; ++St) {
      bool Clash = false;
      for (std::size_t M = 0; M < I && !Clash; ++M)
        Clash = StepOf[M] == St && (T.Messages[M].Src == T.Messages[I].Src ||
                                    T.Messages[M].Dst == T.Messages[I].Dst);
      if (Clash)
        continue;
      StepOf[I] = St;
      Rec(I + 1);
    }
  };
  Rec(0);
  return E == 0 ? 0 : Best;
}
} // namespace

TEST(Exact, TestVectorOptima) {
  EXPECT_EQ(scheduleCost(
                genBlockTable({3, 5, 9, 4, 13, 4, 2}, {2, 5, 3, 6, 8, 6, 10}),
                run("exact", genBlockTable({3, 5, 9, 4, 13, 4, 2},
                                           {2, 5, 3, 6, 8, 6, 10}))),
            13);
  CommTable C1 =
      genBlockTable({7, 10, 4, 18, 7, 18, 36}, {10, 14, 18, 14, 14, 12, 18});
  EXPECT_EQ(scheduleCost(C1, run("exact", C1)), 36);
}

TEST(Exact, MatchesBruteForce) {
  std::mt19937_64 Rng(5);
  int Checked = 0;
  for (int Case = 0; Case < 400; ++Case) {
    CommTable T;
    if (Case % 2 == 0) { // gen_block
      int P = 1 + int(Rng() % 5), Q = 1 + int(Rng() % 5);
      Index N = Index(Rng() % 40);
      T = genBlockTable(randomCuts(Rng, P, N), randomCuts(Rng, Q, N));
    } else { // any matrix, a few messages
      std::vector<std::vector<Index>> M(3, std::vector<Index>(3, 0));
      for (auto &Row : M)
        for (Index &X : Row)
          X = Rng() % 2 ? Index(1 + Rng() % 9) : 0;
      T = commTableFromMatrix(M);
    }
    if (T.Messages.size() > 10 || T.maxDegree() > 5)
      continue;
    double Ratio = Case % 3 == 0 ? 3.0 : 1.0;
    Schedule S = run("exact", T, Ratio);
    ASSERT_TRUE(validate(T, S).Ok);
    EXPECT_EQ(int(S.stepCount()), T.maxDegree());
    EXPECT_DOUBLE_EQ(weightedScheduleCost(T, S, CostWeights{Ratio}),
                     bruteForce(T, Ratio))
        << "case " << Case;
    ++Checked;
  }
  EXPECT_GT(Checked, 200);
}

TEST(Exact, RefusesLargeTablesClearly) {
  std::vector<Index> Ones(60, 1), Twos(30, 2);
  Ones.front() = 0;
  Ones.back() = 2; // 60 blocks vs 30: 60 messages
  CommTable T = genBlockTable(Ones, Twos);
  ASSERT_GT(T.Messages.size(), 48u);
  PlanRequest Req;
  Req.Table = &T;
  std::string Why;
  EXPECT_FALSE(findScheduler("exact")->applicable(Req, &Why));
  EXPECT_NE(Why.find("limited to 48 messages"), std::string::npos) << Why;
  EXPECT_THROW((void)findScheduler("exact")->schedule(Req), PlanError);
  Plan P = makePlan(T, {.Scheduler = "exact"});
  EXPECT_EQ(P.Used, "coloring");
  EXPECT_TRUE(P.Valid);
}

TEST(Exact, AutoDoesNotUseIt) {
  CommTable T = genBlockTable({3, 5, 9, 4, 13, 4, 2}, {2, 5, 3, 6, 8, 6, 10});
  Plan P = makePlan(T, {.Scheduler = "auto"});
  for (const std::string &N : P.Notes)
    EXPECT_EQ(N.find("exact"), std::string::npos) << N;
}
