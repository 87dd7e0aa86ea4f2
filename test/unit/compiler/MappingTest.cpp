// Mappings of any rank (a 1-D array is rank 1): static distributions (grid
// dimensions in order, '*' collapsed), and the static / run-time / removal
// plan decision with its reasons.
#include "analysis/Mapping.h"

#include <gtest/gtest.h>

using namespace hpf;
using namespace hpf::analysis;

namespace {

using pragma::FormatKind;

Arrangement procs(const std::string &Name, std::optional<Index> N) {
  Arrangement A;
  A.Name = Name;
  A.Extents.push_back(N ? Value{N, std::to_string(*N)}
                        : Value{std::nullopt, "n"});
  return A;
}

Arrangement grid(const std::string &Name, std::vector<Index> Extents) {
  Arrangement A;
  A.Name = Name;
  for (Index E : Extents)
    A.Extents.push_back(Value{E, std::to_string(E)});
  return A;
}

FormatValue fmt(pragma::FormatKind K, std::optional<Index> Param = {}) {
  FormatValue F;
  F.Kind = K;
  if (Param) {
    F.HasParam = true;
    F.Param = Value{Param, std::to_string(*Param)};
  }
  return F;
}

Mapping map(std::vector<FormatValue> Formats, const Arrangement *Onto) {
  Mapping M;
  M.Formats = std::move(Formats);
  M.Onto = Onto;
  return M;
}

TEST(Mapping, StaticWhenEverythingIsConstant) {
  Arrangement P = procs("P", 4), Q = procs("Q", 5);
  PlanDecision D = decidePlan(map({fmt(FormatKind::Cyclic, 4)}, &P),
                              map({fmt(FormatKind::Cyclic, 3)}, &Q), {60}, {});
  ASSERT_EQ(D.Decision, PlanDecision::Static);
  ASSERT_TRUE(D.Plan);
  ASSERT_TRUE(D.Src && D.Dst); // the tables the code generator emits
  EXPECT_EQ(D.Src->procs(), 4);
  EXPECT_EQ(D.Dst->procs(), 5);
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
  PlanDecision D = decidePlan(map({fmt(FormatKind::Cyclic, 25)}, &P),
                              map({fmt(FormatKind::Block)}, &P), {100}, {});
  EXPECT_EQ(D.Decision, PlanDecision::NoOp);
  // ... but not cyclic(24).
  D = decidePlan(map({fmt(FormatKind::Cyclic, 24)}, &P),
                 map({fmt(FormatKind::Block)}, &P), {100}, {});
  EXPECT_EQ(D.Decision, PlanDecision::Static);
}

TEST(Mapping, RuntimeWithReasons) {
  Arrangement P = procs("P", 4), R = procs("R", std::nullopt);
  Mapping Src = map({fmt(FormatKind::Block)}, &P);
  PlanDecision D = decidePlan(std::nullopt, Src, {100}, {});
  EXPECT_EQ(D.Decision, PlanDecision::Runtime);
  EXPECT_NE(D.Why.find("control flow"), std::string::npos);
  D = decidePlan(Src, map({fmt(FormatKind::Block)}, &R), {100}, {});
  EXPECT_EQ(D.Decision, PlanDecision::Runtime);
  EXPECT_NE(D.Why.find("R(n)"), std::string::npos) << D.Why;
  Mapping K = map({fmt(FormatKind::Cyclic)}, &P);
  K.Formats[0].HasParam = true;
  K.Formats[0].Param = Value{std::nullopt, "k"};
  D = decidePlan(Src, K, {100}, {});
  EXPECT_EQ(D.Decision, PlanDecision::Runtime);
  EXPECT_NE(D.Why.find("cyclic(k)"), std::string::npos) << D.Why;
  D = decidePlan(Src, map({fmt(FormatKind::Block)}, nullptr), {100}, {});
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
  EXPECT_FALSE(staticDistribution(G, {16}, &Why));
  EXPECT_NE(Why.find("constexpr"), std::string::npos);
  G.Formats[0].Values = std::vector<Index>{2, 6, 4, 4};
  auto D = staticDistribution(G, {16}, &Why);
  ASSERT_TRUE(D);
  EXPECT_EQ(D->localCount(1), 6);
  EXPECT_EQ(G.describe(), "gen_block(2, 6, 4, 4) onto P(4)");
}

TEST(Mapping, GridDimensionsInOrder) {
  Arrangement G = grid("G", {2, 3});
  Mapping M = map({fmt(FormatKind::Block), fmt(FormatKind::Cyclic, 2)}, &G);
  std::optional<plan::DistributionND> D =
      staticDistribution(M, {8, 6}, nullptr);
  ASSERT_TRUE(D);
  EXPECT_EQ(D->grid(), (std::vector<int>{2, 3}));
  EXPECT_EQ(D->dims()[0].procs(), 2);
  EXPECT_EQ(D->dims()[1].procs(), 3);
  EXPECT_EQ(D->dims()[1].blockSize(), 2);
  EXPECT_EQ(M.describe(), "(block, cyclic(2)) onto G(2, 3)");
}

TEST(Mapping, CollapsedUsesNoGridDimension) {
  Arrangement P = grid("P", {4});
  Mapping M = map({fmt(FormatKind::Collapsed), fmt(FormatKind::Block)}, &P);
  std::optional<plan::DistributionND> D =
      staticDistribution(M, {5, 12}, nullptr);
  ASSERT_TRUE(D);
  EXPECT_EQ(D->dims()[0].kind(), plan::DistKind::Collapsed);
  EXPECT_EQ(D->localExtents(1), (std::vector<Index>{5, 3}));
}

TEST(Mapping, RunTimeWithoutConstantGrid) {
  Mapping M =
      map({fmt(FormatKind::Block), fmt(FormatKind::Collapsed)}, nullptr);
  std::string Why;
  EXPECT_FALSE(staticDistribution(M, {8, 8}, &Why));
  EXPECT_NE(Why.find("no 'onto'"), std::string::npos);
}

TEST(Mapping, NoOpOnlyForIdenticalPlacement) {
  Arrangement P = grid("P", {4}), G = grid("G", {2, 2});
  // cyclic(N/P) and block place every row at the same place.
  Mapping A = map({fmt(FormatKind::Cyclic, 2), fmt(FormatKind::Collapsed)}, &P);
  Mapping B = map({fmt(FormatKind::Block), fmt(FormatKind::Collapsed)}, &P);
  EXPECT_EQ(decidePlan(A, B, {8, 8}, {}).Decision, PlanDecision::NoOp);
  // The transpose moves data: constant mappings of any rank get the plan
  // the runtime would make (one table over the ranks of both grids).
  Mapping T = map({fmt(FormatKind::Collapsed), fmt(FormatKind::Block)}, &P);
  PlanDecision D = decidePlan(B, T, {8, 8}, {});
  ASSERT_EQ(D.Decision, PlanDecision::Static);
  ASSERT_TRUE(D.Plan && D.Src && D.Dst);
  EXPECT_TRUE(D.Plan->Valid);
  EXPECT_EQ(D.Plan->Table.Messages.size(), 16u); // every rank to every rank
  EXPECT_EQ(plan::fingerprint(*D.Plan),
            plan::fingerprint(plan::makePlan(*D.Src, *D.Dst)));
  // A change of grid is static too; an unknown source is the run-time path.
  Mapping OnG = map({fmt(FormatKind::Block), fmt(FormatKind::Block)}, &G);
  PlanDecision DG = decidePlan(B, OnG, {8, 8}, {});
  EXPECT_EQ(DG.Decision, PlanDecision::Static);
  EXPECT_EQ(DG.Src->grid(), (std::vector<int>{4}));
  EXPECT_EQ(DG.Dst->grid(), (std::vector<int>{2, 2}));
  EXPECT_EQ(decidePlan(std::nullopt, B, {8, 8}, {}).Decision,
            PlanDecision::Runtime);
}

TEST(Mapping, SameMappingNeedsSameGrid) {
  std::vector<plan::Distribution> Rows{plan::Distribution::block(8, 4),
                                       plan::Distribution::collapsed(8)};
  plan::DistributionND A(Rows, {4});
  plan::DistributionND B(
      {plan::Distribution::cyclic(8, 4, 2), plan::Distribution::collapsed(8)},
      {4});
  EXPECT_TRUE(A.sameMapping(B));
  plan::DistributionND C(
      {plan::Distribution::collapsed(8), plan::Distribution::block(8, 4)}, {4});
  EXPECT_FALSE(A.sameMapping(C));
}

TEST(Mapping, BadConstantsThrow) {
  Arrangement G = grid("G", {2, 3});
  // block(2) over 2 processors cannot hold 8 rows.
  Mapping M = map({fmt(FormatKind::Block, 2), fmt(FormatKind::Block)}, &G);
  EXPECT_THROW(staticDistribution(M, {8, 6}, nullptr), plan::PlanError);
}

} // namespace
