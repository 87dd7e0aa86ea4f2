//===- DistributionTest.cpp - owner / local index maps --------------------===//

#include "PlanTestUtil.h"

#include "plan/Distribution.h"

#include <gtest/gtest.h>

#include <numeric>

using namespace hpf::plan;

namespace {

/// owner/localIndex/globalIndex/localCount agree with each other: every
/// element has exactly one (rank, local) slot, locals are dense 0..count-1.
void checkConsistent(const Distribution &D) {
  std::vector<std::vector<bool>> Seen(size_t(D.procs()));
  for (int R = 0; R < D.procs(); ++R)
    Seen[size_t(R)].assign(size_t(D.localCount(R)), false);
  for (Index G = 0; G < D.size(); ++G) {
    int R = D.owner(G);
    ASSERT_GE(R, 0);
    ASSERT_LT(R, D.procs());
    Index L = D.localIndex(G);
    ASSERT_GE(L, 0) << D.format() << " g=" << G;
    ASSERT_LT(L, D.localCount(R)) << D.format() << " g=" << G;
    EXPECT_FALSE(Seen[size_t(R)][size_t(L)]);
    Seen[size_t(R)][size_t(L)] = true;
    EXPECT_EQ(D.globalIndex(R, L), G);
  }
  Index Total = 0;
  for (int R = 0; R < D.procs(); ++R)
    Total += D.localCount(R);
  EXPECT_EQ(Total, D.size()) << D.format();
  if (D.isContiguous() && D.kind() != DistKind::Indirect)
    for (int R = 0; R < D.procs(); ++R) {
      auto [Lo, Hi] = D.range(R);
      EXPECT_EQ(Hi - Lo, D.localCount(R));
      for (Index G = Lo; G < Hi; ++G)
        EXPECT_EQ(D.owner(G), R);
    }
}

} // namespace

TEST(Distribution, CyclicMatchesPaper000Formulas) {
  // cyclic(4) on 5 (paper 000, Eqs. 4-5): owner (g div 4) mod 5, local
  // 4 * (g div 20) + g mod 4.
  Distribution D = Distribution::cyclic(60, 5, 4);
  for (Index G = 0; G < 60; ++G) {
    EXPECT_EQ(D.owner(G), int((G / 4) % 5));
    EXPECT_EQ(D.localIndex(G), 4 * (G / 20) + G % 4);
  }
}

TEST(Distribution, AllKindsAreConsistent) {
  for (Index N : {0, 1, 7, 20, 61})
    for (int P : {1, 2, 3, 5, 8}) {
      checkConsistent(Distribution::block(N, P));
      for (Index K : {1, 2, 3, 7})
        checkConsistent(Distribution::cyclic(N, P, K));
      Index K = std::max<Index>(1, (N + P - 1) / P + 1);
      checkConsistent(Distribution::blockSized(N, P, K));
    }
  checkConsistent(Distribution::genBlock({3, 5, 9, 4, 13, 4, 2}));
  checkConsistent(Distribution::genBlock({0, 12, 0}));
  checkConsistent(Distribution::genBlock({5, 0, 0, 5, 0}));
  checkConsistent(Distribution::genBlock({0}));
  checkConsistent(Distribution::indirect({2, 0, 0, 1, 2, 2, 0}, 4));
}

TEST(Distribution, BlockSizes) {
  Distribution D = Distribution::block(10, 4); // 3,3,3,1
  EXPECT_EQ(D.blockSize(), 3);
  EXPECT_EQ(D.localCount(3), 1);
  EXPECT_TRUE(D.isContiguous());
  Distribution E = Distribution::block(2, 4); // 1,1,0,0
  EXPECT_EQ(E.localCount(2), 0);
  EXPECT_EQ(E.range(3), (std::pair<Index, Index>{2, 2}));
}

TEST(Distribution, ZeroSizedGenBlockOwners) {
  Distribution D = Distribution::genBlock({5, 0, 5});
  EXPECT_EQ(D.owner(4), 0);
  EXPECT_EQ(D.owner(5), 2); // rank 1 owns nothing
  EXPECT_EQ(D.localIndex(5), 0);
}

TEST(Distribution, Format) {
  EXPECT_EQ(Distribution::block(8, 2).format(), "block");
  EXPECT_EQ(Distribution::blockSized(8, 2, 5).format(), "block(5)");
  EXPECT_EQ(Distribution::cyclic(8, 2).format(), "cyclic");
  EXPECT_EQ(Distribution::cyclic(8, 2, 3).format(), "cyclic(3)");
  EXPECT_EQ(Distribution::genBlock({2, 6}).format(), "gen_block(2,6)");
  EXPECT_EQ(Distribution::indirect({1, 0}, 2).format(), "indirect(1,0)");
}

TEST(Distribution, SameMapping) {
  // cyclic(n/p) places every element where block does.
  EXPECT_TRUE(
      Distribution::cyclic(12, 4, 3).sameMapping(Distribution::block(12, 4)));
  EXPECT_TRUE(Distribution::genBlock({3, 3, 3, 3})
                  .sameMapping(Distribution::block(12, 4)));
  EXPECT_FALSE(
      Distribution::cyclic(12, 4, 2).sameMapping(Distribution::block(12, 4)));
  EXPECT_FALSE(
      Distribution::block(12, 4).sameMapping(Distribution::block(12, 3)));
}

TEST(Distribution, RejectsBadParameters) {
  EXPECT_THROW(Distribution::block(10, 0), PlanError);
  EXPECT_THROW(Distribution::block(-1, 2), PlanError);
  EXPECT_THROW(Distribution::cyclic(10, 2, 0), PlanError);
  EXPECT_THROW(Distribution::blockSized(10, 2, 4), PlanError); // 8 < 10
  EXPECT_THROW(Distribution::genBlock({3, -1}), PlanError);
  EXPECT_THROW(Distribution::genBlock({}), PlanError);
  EXPECT_THROW(Distribution::indirect({0, 3}, 3), PlanError);
  try {
    Distribution::blockSized(10, 2, 4);
  } catch (const PlanError &E) {
    EXPECT_STREQ(E.what(),
                 "block(4) on 2 processors covers only 8 of 10 elements");
  }
}

TEST(Distribution, HugeExtentsAreClosedForm) {
  Distribution D = Distribution::cyclic(1000000000000LL, 65536, 4);
  Index G = 999999999999LL;
  EXPECT_EQ(D.globalIndex(D.owner(G), D.localIndex(G)), G);
  Index Total = 0;
  for (int R = 0; R < D.procs(); ++R)
    Total += D.localCount(R);
  EXPECT_EQ(Total, D.size());
}
