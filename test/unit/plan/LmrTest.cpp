// LMR (paper 004): local messages weighted by 1 / ratio; the irregular
// schedulers optimise the weighted cost.

#include "IrregularTestSupport.h"

#include "plan/Plan.h"

using namespace hpf::plan;
using namespace hpf::plan::testing;

TEST(Lmr, LocalMessagesOfTheTestVectors) {
  CommTable C1 =
      genBlockTable({7, 10, 4, 18, 7, 18, 36}, {10, 14, 18, 14, 14, 12, 18});
  std::vector<std::size_t> Local;
  for (std::size_t I = 0; I < C1.Messages.size(); ++I)
    if (C1.Messages[I].isLocal())
      Local.push_back(I);
  EXPECT_EQ(Local, (std::vector<std::size_t>{0, 2, 12})); // m1, m3, m13
}

TEST(Lmr, WeightedOptimumIsCheaperThanTheUnweightedOne) {
  // With ratio 4 the local m13 (18) weighs 4.5: the weighted optimum must
  // be at most the weighted cost of the size-optimal schedule, and E-TPDR,
  // run on the weights, must not be worse than E-TPDR run on sizes.
  CommTable C1 =
      genBlockTable({7, 10, 4, 18, 7, 18, 36}, {10, 14, 18, 14, 14, 12, 18});
  CostWeights W{4.0};
  double Opt = weightedScheduleCost(C1, run("exact", C1, 4.0), W);
  double SizeOpt = weightedScheduleCost(C1, run("exact", C1, 1.0), W);
  EXPECT_LE(Opt, SizeOpt);
  EXPECT_LT(Opt, 36.0);
  for (const char *Name : {"tpdr", "etpdr", "dca", "relocation", "coloring"}) {
    Schedule S = run(Name, C1, 4.0);
    ASSERT_TRUE(validate(C1, S).Ok) << Name;
    EXPECT_GE(weightedScheduleCost(C1, S, W), Opt - 1e-9) << Name;
  }
}

TEST(Lmr, AutoMinimisesTheWeightedCost) {
  std::mt19937_64 Rng(6);
  for (int Case = 0; Case < 300; ++Case) {
    int P = 2 + int(Rng() % 8);
    Index N = Index(Rng() % 100);
    CommTable T = genBlockTable(randomCuts(Rng, P, N), randomCuts(Rng, P, N));
    CostWeights W{2.5};
    double Auto = weightedScheduleCost(T, run("auto", T, 2.5), W);
    for (const char *Name : {"tpdr", "etpdr", "dca", "relocation"})
      EXPECT_LE(Auto, weightedScheduleCost(T, run(Name, T, 2.5), W) + 1e-9)
          << Name << " case " << Case;
  }
}
