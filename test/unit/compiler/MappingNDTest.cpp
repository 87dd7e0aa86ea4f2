// Multi-dimensional mappings: static N-D distributions (grid dimensions in
// order, '*' collapsed) and the removal-or-run-time decision.
#include "analysis/Mapping.h"

#include <gtest/gtest.h>

using namespace hpf;
using namespace hpf::analysis;

namespace {

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

using pragma::FormatKind;

TEST(MappingND, GridDimensionsInOrder) {
  Arrangement G = grid("G", {2, 3});
  Mapping M = map({fmt(FormatKind::Block), fmt(FormatKind::Cyclic, 2)}, &G);
  std::optional<plan::DistributionND> D =
      staticDistributionND(M, {8, 6}, nullptr);
  ASSERT_TRUE(D);
  EXPECT_EQ(D->grid(), (std::vector<int>{2, 3}));
  EXPECT_EQ(D->dims()[0].procs(), 2);
  EXPECT_EQ(D->dims()[1].procs(), 3);
  EXPECT_EQ(D->dims()[1].blockSize(), 2);
  EXPECT_EQ(M.describe(), "(block, cyclic(2)) onto G(2, 3)");
}

TEST(MappingND, CollapsedUsesNoGridDimension) {
  Arrangement P = grid("P", {4});
  Mapping M = map({fmt(FormatKind::Collapsed), fmt(FormatKind::Block)}, &P);
  std::optional<plan::DistributionND> D =
      staticDistributionND(M, {5, 12}, nullptr);
  ASSERT_TRUE(D);
  EXPECT_EQ(D->dims()[0].kind(), plan::DistKind::Collapsed);
  EXPECT_EQ(D->localExtents(1), (std::vector<Index>{5, 3}));
}

TEST(MappingND, RunTimeWithoutConstantGrid) {
  Mapping M =
      map({fmt(FormatKind::Block), fmt(FormatKind::Collapsed)}, nullptr);
  std::string Why;
  EXPECT_FALSE(staticDistributionND(M, {8, 8}, &Why));
  EXPECT_NE(Why.find("no 'onto'"), std::string::npos);
}

TEST(MappingND, NoOpOnlyForIdenticalPlacement) {
  Arrangement P = grid("P", {4}), G = grid("G", {2, 2});
  // cyclic(N/P) and block place every row at the same place.
  Mapping A = map({fmt(FormatKind::Cyclic, 2), fmt(FormatKind::Collapsed)}, &P);
  Mapping B = map({fmt(FormatKind::Block), fmt(FormatKind::Collapsed)}, &P);
  EXPECT_EQ(decidePlanND(A, B, {8, 8}, {}).Decision, PlanDecision::NoOp);
  // The transpose moves data: the run-time path, with the reason.
  Mapping T = map({fmt(FormatKind::Collapsed), fmt(FormatKind::Block)}, &P);
  PlanDecision D = decidePlanND(B, T, {8, 8}, {});
  EXPECT_EQ(D.Decision, PlanDecision::Runtime);
  EXPECT_NE(D.Why.find("runtime"), std::string::npos);
  // A change of grid, and an unknown source, are run-time too.
  Mapping OnG = map({fmt(FormatKind::Block), fmt(FormatKind::Block)}, &G);
  EXPECT_EQ(decidePlanND(B, OnG, {8, 8}, {}).Decision, PlanDecision::Runtime);
  EXPECT_EQ(decidePlanND(std::nullopt, B, {8, 8}, {}).Decision,
            PlanDecision::Runtime);
}

TEST(MappingND, SameMappingNeedsSameGrid) {
  std::vector<plan::Distribution> Rows{plan::Distribution::block(8, 4),
                                       plan::Distribution::collapsed(8)};
  plan::DistributionND A(Rows, {4});
  plan::DistributionND B(
      {plan::Distribution::cyclic(8, 4, 2), plan::Distribution::collapsed(8)},
      {4});
  EXPECT_TRUE(sameMappingND(A, B));
  plan::DistributionND C(
      {plan::Distribution::collapsed(8), plan::Distribution::block(8, 4)}, {4});
  EXPECT_FALSE(sameMappingND(A, C));
}

TEST(MappingND, BadConstantsThrow) {
  Arrangement G = grid("G", {2, 3});
  // block(2) over 2 processors cannot hold 8 rows.
  Mapping M = map({fmt(FormatKind::Block, 2), fmt(FormatKind::Block)}, &G);
  EXPECT_THROW(staticDistributionND(M, {8, 6}, nullptr), plan::PlanError);
}

} // namespace
