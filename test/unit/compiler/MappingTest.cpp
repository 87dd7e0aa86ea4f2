// Static vs run-time plan decisions and their reasons.
#include "analysis/Mapping.h"

#include <gtest/gtest.h>

using namespace hpf;
using namespace hpf::analysis;

namespace {

Arrangement procs(const std::string &Name, std::optional<Index> N) {
  Arrangement A;
  A.Name = Name;
  A.Extents.push_back(N ? Value{N, std::to_string(*N)}
                        : Value{std::nullopt, "n"});
  return A;
}

Mapping map(pragma::FormatKind K, std::optional<Index> Param,
            const Arrangement *Onto) {
  Mapping M;
  FormatValue F;
  F.Kind = K;
  if (Param) {
    F.HasParam = true;
    F.Param = Value{Param, std::to_string(*Param)};
  }
  M.Formats.push_back(F);
  M.Onto = Onto;
  return M;
}

TEST(Mapping, StaticWhenEverythingIsConstant) {
  Arrangement P = procs("P", 4), Q = procs("Q", 5);
  PlanDecision D = decidePlan(map(pragma::FormatKind::Cyclic, 4, &P),
                              map(pragma::FormatKind::Cyclic, 3, &Q), 60, {});
  ASSERT_EQ(D.Decision, PlanDecision::Static);
  ASSERT_TRUE(D.Plan);
  EXPECT_TRUE(D.Plan->Valid);
  EXPECT_EQ(D.Plan->Table.N, 60);
  EXPECT_EQ(D.Plan->Table.P, 4);
  EXPECT_EQ(D.Plan->Table.Q, 5);
  EXPECT_GE(D.Plan->Sched.stepCount(), std::size_t(D.Plan->Bounds.Steps));
  EXPECT_NE(summarizePlan(*D.Plan).find("lower bound"), std::string::npos);
}

TEST(Mapping, NoOpWhenSameMapping) {
  Arrangement P = procs("P", 4);
  // cyclic(N/P) and block place every element at the same place.
  PlanDecision D =
      decidePlan(map(pragma::FormatKind::Cyclic, 25, &P),
                 map(pragma::FormatKind::Block, std::nullopt, &P), 100, {});
  EXPECT_EQ(D.Decision, PlanDecision::NoOp);
  // ... but not cyclic(24).
  D = decidePlan(map(pragma::FormatKind::Cyclic, 24, &P),
                 map(pragma::FormatKind::Block, std::nullopt, &P), 100, {});
  EXPECT_EQ(D.Decision, PlanDecision::Static);
}

TEST(Mapping, RuntimeWithReasons) {
  Arrangement P = procs("P", 4), R = procs("R", std::nullopt);
  Mapping Src = map(pragma::FormatKind::Block, std::nullopt, &P);
  PlanDecision D = decidePlan(std::nullopt, Src, 100, {});
  EXPECT_EQ(D.Decision, PlanDecision::Runtime);
  EXPECT_NE(D.Why.find("control flow"), std::string::npos);
  D = decidePlan(Src, map(pragma::FormatKind::Block, std::nullopt, &R), 100,
                 {});
  EXPECT_EQ(D.Decision, PlanDecision::Runtime);
  EXPECT_NE(D.Why.find("R(n)"), std::string::npos) << D.Why;
  Mapping K = map(pragma::FormatKind::Cyclic, std::nullopt, &P);
  K.Formats[0].HasParam = true;
  K.Formats[0].Param = Value{std::nullopt, "k"};
  D = decidePlan(Src, K, 100, {});
  EXPECT_EQ(D.Decision, PlanDecision::Runtime);
  EXPECT_NE(D.Why.find("cyclic(k)"), std::string::npos) << D.Why;
  D = decidePlan(Src, map(pragma::FormatKind::Block, std::nullopt, nullptr),
                 100, {});
  EXPECT_NE(D.Why.find("onto"), std::string::npos) << D.Why;
}

TEST(Mapping, GenBlockNeedsConstantSizes) {
  Arrangement P = procs("P", 4);
  Mapping G;
  FormatValue F;
  F.Kind = pragma::FormatKind::GenBlock;
  F.HasParam = true;
  F.Param.Text = "sizes";
  G.Formats.push_back(F);
  G.Onto = &P;
  std::string Why;
  EXPECT_FALSE(staticDistribution(G, 16, &Why));
  EXPECT_NE(Why.find("constexpr"), std::string::npos);
  G.Formats[0].Values = std::vector<Index>{2, 6, 4, 4};
  auto D = staticDistribution(G, 16, &Why);
  ASSERT_TRUE(D);
  EXPECT_EQ(D->localCount(1), 6);
  EXPECT_EQ(G.describe(), "gen_block(2, 6, 4, 4) onto P(4)");
}

} // namespace
