//===- HugeBlockTest.cpp - block(k) / cyclic(k) with k near 2^63 ----------===//
//
// k = 2^62 or 2^63 - 1 (a value read at run time, or a typo) makes b * p,
// rank * b and block ends overflow 64 bits. Every map and size must still be
// exact: all elements on the first ranks' blocks, no phantom messages, and
// copy shares that end. Oracles are the closed forms of one partial cycle.
//
//===----------------------------------------------------------------------===//

#include "plan/CommTable.h"
#include "plan/CopyShares.h"
#include "plan/Distribution.h"
#include "plan/FormatSpec.h"

#include <gtest/gtest.h>

#include <cstdint>

using namespace hpf::plan;

namespace {

constexpr Index K62 = Index(1) << 62;
constexpr Index KMax = INT64_MAX;

/// Elements of every message and of every rank add up to N.
void expectCovers(const CommTable &T, Index N) {
  EXPECT_EQ(T.totalElements(), N);
  for (const Message &M : T.Messages)
    EXPECT_GT(M.Size, 0);
}

TEST(HugeBlock, SmallArrayLivesOnRankZero) {
  for (Index K : {K62, KMax})
    for (const Distribution &D :
         {Distribution::cyclic(100, 4, K), Distribution::blockSized(100, 4, K),
          Distribution::cyclic(100, 3, K)}) {
      SCOPED_TRACE(D.format());
      EXPECT_TRUE(D.isContiguous());
      EXPECT_EQ(D.cyclePeriod(), KMax);
      EXPECT_EQ(D.localCount(0), 100);
      EXPECT_EQ(D.range(0), (std::pair<Index, Index>{0, 100}));
      for (int R = 1; R < D.procs(); ++R) {
        EXPECT_EQ(D.localCount(R), 0);
        EXPECT_EQ(D.range(R), (std::pair<Index, Index>{100, 100}));
      }
      for (Index G : {Index(0), Index(57), Index(99)}) {
        EXPECT_EQ(D.owner(G), 0);
        EXPECT_EQ(D.localIndex(G), G);
        EXPECT_EQ(D.globalIndex(0, G), G);
      }
    }
}

TEST(HugeBlock, ExtentBeyondOneBlock) {
  // N = 2^62 + 5 with cyclic(2^62) on 4 ranks: rank 1 owns the last 5.
  const Index N = K62 + 5;
  Distribution D = Distribution::cyclic(N, 4, K62);
  EXPECT_TRUE(D.isContiguous());
  EXPECT_EQ(D.localCount(0), K62);
  EXPECT_EQ(D.localCount(1), 5);
  EXPECT_EQ(D.localCount(2), 0);
  EXPECT_EQ(D.range(1), (std::pair<Index, Index>{K62, N}));
  EXPECT_EQ(D.range(3), (std::pair<Index, Index>{N, N}));
  EXPECT_EQ(D.owner(K62 + 3), 1);
  EXPECT_EQ(D.localIndex(K62 + 3), 3);
  EXPECT_EQ(D.globalIndex(1, 4), K62 + 4);
}

TEST(HugeBlock, LargestExtent) {
  // N = 2^63 - 1: the saturated period equals N, yet no cycle is whole.
  Distribution D = Distribution::cyclic(KMax, 4, K62);
  EXPECT_EQ(D.localCount(0), K62);
  EXPECT_EQ(D.localCount(1), KMax - K62);
  EXPECT_EQ(D.localCount(2), 0);
  EXPECT_EQ(D.owner(KMax - 1), 1);
  EXPECT_EQ(D.localIndex(KMax - 1), KMax - 1 - K62);
}

TEST(HugeBlock, BlockSizedStillChecksCover) {
  // k * p overflows: it covers any extent, so no error.
  EXPECT_NO_THROW(Distribution::blockSized(KMax, 2, K62));
  EXPECT_THROW(Distribution::blockSized(KMax, 1, K62), PlanError);
}

TEST(HugeBlock, TablesHaveNoPhantomMessages) {
  // Before: range(2) of cyclic(2^62) wrapped to negative indices and the
  // table held a message from rank 2 that owns nothing.
  for (Index K : {K62, KMax}) {
    Distribution Src = Distribution::cyclic(100, 4, K);
    for (const Distribution &Dst :
         {Distribution::block(100, 4), Distribution::cyclic(100, 4, 1),
          Distribution::cyclic(100, 4, KMax),
          Distribution::genBlock({10, 20, 30, 40})}) {
      SCOPED_TRACE(Src.format() + " -> " + Dst.format());
      for (bool Reverse : {false, true}) {
        CommTable T = Reverse ? computeCommTable(Dst, Src, true)
                              : computeCommTable(Src, Dst, true);
        expectCovers(T, 100);
        for (const Message &M : T.Messages)
          EXPECT_EQ(Reverse ? M.Dst : M.Src, 0);
        for (int Ranks : {4, 6}) {
          auto Pieces = shareCopies(T, Ranks, CopyShareOptions{});
          Index Copied = 0;
          for (const auto &Rank : Pieces)
            for (const CopyPiece &P : Rank)
              Copied += P.Last - P.First;
          EXPECT_EQ(Copied, 100);
        }
      }
    }
  }
}

TEST(HugeBlock, TablesOfHugeExtents) {
  // cyclic(2^61) on 2 is block-cyclic with 4 blocks in N = 2^63 - 1; block
  // ends (v + 1) * 2^61 pass 2^63 at the last block.
  Distribution Cyc = Distribution::cyclic(KMax, 2, K62 / 2);
  ASSERT_FALSE(Cyc.isContiguous());
  for (const Distribution &Other :
       {Distribution::block(KMax, 3), Distribution::cyclic(KMax, 3, K62 / 4),
        Distribution::cyclic(KMax, 4, K62)}) {
    SCOPED_TRACE(Other.format());
    expectCovers(computeCommTable(Cyc, Other), KMax);
    expectCovers(computeCommTable(Other, Cyc), KMax);
  }
}

TEST(HugeBlock, FormatsParseAndInstantiate) {
  Distribution D = parseFormat("cyclic(4611686018427387904)").instantiate(8, 4);
  EXPECT_EQ(D.blockSize(), K62);
  EXPECT_EQ(D.localCount(0), 8);
  D = parseFormat("block(9223372036854775807)").instantiate(8, 4);
  EXPECT_EQ(D.localCount(3), 0);
  EXPECT_THROW(parseFormat("cyclic(9223372036854775808)"), PlanError);
}

} // namespace
