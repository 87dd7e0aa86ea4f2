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

TEST(DistributionND, CoordinateAndOwnerWithoutVectors) {
  // (block, *, cyclic, cyclic(2)) onto a 2 x 3 x 2 grid: coordinate(R, K)
  // is coordinates(R)[K], and the owner from a pointer is the one from a
  // vector and the grid's row-major rank of the dimensions' owners.
  DistributionND M({Distribution::block(5, 2), Distribution::collapsed(3),
                    Distribution::cyclic(7, 3, 1),
                    Distribution::cyclic(9, 2, 2)},
                   {2, 3, 2});
  for (int R = 0; R < M.procs(); ++R)
    for (std::size_t K = 0; K < 3; ++K)
      EXPECT_EQ(M.coordinate(R, K), M.coordinates(R)[K]) << R << " " << K;
  for (Index I = 0; I < 5; ++I)
    for (Index J = 0; J < 3; ++J)
      for (Index L = 0; L < 7; ++L)
        for (Index Q = 0; Q < 9; ++Q) {
          const std::vector<Index> G{I, J, L, Q};
          const int R = M.owner(G.data());
          EXPECT_EQ(R, M.owner(G));
          EXPECT_EQ(R, int(I / 3) * 6 + int(L % 3) * 2 + int((Q / 2) % 2));
        }
}
