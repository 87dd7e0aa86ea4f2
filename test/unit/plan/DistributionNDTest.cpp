//===- DistributionNDTest.cpp - N-D distributions over a grid -------------===//

#include "plan/DistributionND.h"

#include <gtest/gtest.h>

#include <set>

using namespace hpf::plan;

TEST(DistributionND, BlockCyclicOnTwoByThreeGrid) {
  // M(7, 10) distributed (block, cyclic(2)) onto G(2, 3).
  DistributionND M({Distribution::block(7, 2), Distribution::cyclic(10, 3, 2)},
                   {2, 3});
  EXPECT_EQ(M.procs(), 6);
  EXPECT_EQ(M.size(), 70);
  std::vector<std::set<Index>> Offsets(6);
  for (Index I = 0; I < 7; ++I)
    for (Index J = 0; J < 10; ++J) {
      int R = M.owner({I, J});
      EXPECT_EQ(R, int(I / 4) * 3 + int((J / 2) % 3));
      Index Off = M.localOffset({I, J});
      EXPECT_LT(Off, M.localCount(R));
      EXPECT_TRUE(Offsets[size_t(R)].insert(Off).second);
    }
  Index Total = 0;
  for (int R = 0; R < 6; ++R) {
    EXPECT_EQ(Index(Offsets[size_t(R)].size()), M.localCount(R));
    Total += M.localCount(R);
  }
  EXPECT_EQ(Total, 70);
}

TEST(DistributionND, CollapsedDimensionUsesNoGridDimension) {
  // M(*, block) onto G(4): every rank holds whole columns of its block.
  DistributionND M({Distribution::collapsed(5), Distribution::block(8, 4)},
                   {4});
  EXPECT_EQ(M.owner({3, 5}), 2);
  EXPECT_EQ(M.localCount(1), 10);
  EXPECT_EQ(M.localOffset({3, 5}), 3 * 2 + 1);
}

TEST(DistributionND, RejectsGridMismatch) {
  EXPECT_THROW(DistributionND({Distribution::block(8, 4)}, {2}), PlanError);
  EXPECT_THROW(DistributionND({Distribution::block(8, 4)}, {4, 2}), PlanError);
  EXPECT_THROW(DistributionND(
                   {Distribution::block(8, 2), Distribution::block(8, 2)}, {2}),
               PlanError);
}
