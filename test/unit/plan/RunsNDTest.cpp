//===- RunsNDTest.cpp - N-D messages flattened to local runs --------------===//
//
// flattenRunsND against the N-D owner and local-offset maps, element by
// element: every element of the array is in exactly one message, at its
// source owner's and destination owner's row-major local offsets, and the
// parallel runs have the same shapes. Plus the compaction the runtime
// relies on (one run per message for a transpose, short lists for row
// blocks) and the empty runs that keep bundles inside a row.
//
//===----------------------------------------------------------------------===//

#include "plan/RunsND.h"
#include "plan/Plan.h"

#include <gtest/gtest.h>

#include <map>

using namespace hpf::plan;

namespace {

/// Row-major global linear index -> coordinates.
std::vector<Index> coordsOf(Index Linear, const std::vector<Index> &Ext) {
  std::vector<Index> C(Ext.size());
  for (size_t D = Ext.size(); D-- > 0;) {
    C[D] = Ext[D] ? Linear % Ext[D] : 0;
    Linear = Ext[D] ? Linear / Ext[D] : 0;
  }
  return C;
}

/// Checks the flattened runs of S -> D; returns the table.
CommTable check(const DistributionND &S, const DistributionND &D) {
  CommTableND T = computeCommTableND(S, D, /*WithRuns=*/true);
  flattenRunsND(T, S, D);
  const CommTable &Tab = T.Table;
  EXPECT_EQ(Tab.Runs.size(), Tab.Messages.size());
  std::vector<Index> Ext;
  for (const Distribution &X : S.dims())
    Ext.push_back(X.size());
  // (src rank, src offset) -> global linear index.
  std::map<std::pair<int, Index>, Index> SrcAt, DstAt;
  Index N = S.size();
  for (Index G = 0; G < N; ++G) {
    std::vector<Index> C = coordsOf(G, Ext);
    SrcAt[{S.owner(C), S.localOffset(C)}] = G;
    DstAt[{D.owner(C), D.localOffset(C)}] = G;
  }
  std::vector<int> Seen(size_t(N), 0);
  for (size_t M = 0; M < Tab.Messages.size(); ++M) {
    const Message &Msg = Tab.Messages[M];
    const MessageRuns &R = Tab.Runs[M];
    EXPECT_EQ(R.SrcRuns.size(), R.DstRuns.size());
    Index Elems = 0;
    for (size_t K = 0; K < R.SrcRuns.size(); ++K) {
      const Run &A = R.SrcRuns[K], &B = R.DstRuns[K];
      EXPECT_EQ(A.Length, B.Length);
      EXPECT_EQ(A.Count, B.Count);
      EXPECT_GE(A.Count, 1);
      for (Index C = 0; C < A.Count; ++C)
        for (Index L = 0; L < A.Length; ++L) {
          auto SI = SrcAt.find({Msg.Src, A.Start + C * A.Stride + L});
          auto DI = DstAt.find({Msg.Dst, B.Start + C * B.Stride + L});
          EXPECT_NE(SI, SrcAt.end());
          EXPECT_NE(DI, DstAt.end());
          if (SI == SrcAt.end() || DI == DstAt.end())
            return Tab;
          EXPECT_EQ(SI->second, DI->second);
          ++Seen[size_t(SI->second)];
          ++Elems;
        }
    }
    EXPECT_EQ(Elems, Msg.Size);
  }
  for (Index G = 0; G < N; ++G)
    EXPECT_EQ(Seen[size_t(G)], 1) << "element " << G;
  Plan P = makePlan(Tab);
  EXPECT_TRUE(P.Valid);
  return Tab;
}

using Dist = Distribution;

} // namespace

TEST(RunsND, TransposeIsOneRunPerMessage) {
  CommTable T =
      check(DistributionND({Dist::block(12, 3), Dist::collapsed(10)}, {3}),
            DistributionND({Dist::collapsed(12), Dist::block(10, 3)}, {3}));
  EXPECT_EQ(runCount(T), T.Messages.size());
}

TEST(RunsND, RowBlocksMergeToSegments) {
  // (block, *) on 2 -> (block, *) on 3: every message is one segment.
  CommTable T =
      check(DistributionND({Dist::block(11, 2), Dist::collapsed(7)}, {2}),
            DistributionND({Dist::block(11, 3), Dist::collapsed(7)}, {3}));
  EXPECT_EQ(runCount(T), T.Messages.size());
  for (const MessageRuns &R : T.Runs)
    EXPECT_EQ(R.SrcRuns[0].Count, 1);
}

TEST(RunsND, BlockCyclicGridChanges) {
  check(DistributionND({Dist::block(9, 2), Dist::cyclic(14, 3, 2)}, {2, 3}),
        DistributionND({Dist::cyclic(9, 3), Dist::block(14, 2)}, {3, 2}));
  check(DistributionND({Dist::block(13, 2), Dist::cyclic(17, 2, 4)}, {2, 2}),
        DistributionND({Dist::cyclic(13, 2, 2), Dist::block(17, 2)}, {2, 2}));
  check(
      DistributionND({Dist::cyclic(10, 2, 3), Dist::cyclic(9, 2, 2)}, {2, 2}),
      DistributionND({Dist::cyclic(10, 1, 1), Dist::cyclic(9, 4, 1)}, {1, 4}));
  check(DistributionND({Dist::block(8, 4), Dist::block(8, 1)}, {4, 1}),
        DistributionND({Dist::block(8, 1), Dist::block(8, 4)}, {1, 4}));
}

TEST(RunsND, BundlesStayInsideARow) {
  // cyclic(2) -> cyclic(3) in the last dimension: every row of a message is
  // a bundle of same-count runs; an empty run separates consecutive rows.
  CommTable T = check(
      DistributionND({Dist::block(6, 1), Dist::cyclic(48, 2, 2)}, {1, 2}),
      DistributionND({Dist::block(6, 1), Dist::cyclic(48, 2, 3)}, {1, 2}));
  for (const MessageRuns &R : T.Runs) {
    bool SawEmpty = false;
    for (size_t K = 1; K < R.SrcRuns.size(); ++K) {
      SawEmpty |= R.SrcRuns[K].Length == 0;
      // A bundle never reaches back across a row: two same-count runs in a
      // row have increasing starts within the row.
      if (R.SrcRuns[K].Count > 1 &&
          R.SrcRuns[K].Count == R.SrcRuns[K - 1].Count) {
        EXPECT_EQ(R.SrcRuns[K].Start / 24, R.SrcRuns[K - 1].Start / 24);
      }
    }
    EXPECT_TRUE(SawEmpty);
  }
}

TEST(RunsND, ThreeDimensionsGenBlockAndCollapsed) {
  check(
      DistributionND({Dist::genBlock({2, 0, 3}), Dist::collapsed(4),
                      Dist::cyclic(7, 2, 2)},
                     {3, 2}),
      DistributionND(
          {Dist::block(5, 2), Dist::cyclic(4, 2), Dist::collapsed(7)}, {2, 2}));
  check(
      DistributionND({Dist::block(3, 1), Dist::block(4, 2), Dist::cyclic(5, 2)},
                     {1, 2, 2}),
      DistributionND(
          {Dist::cyclic(3, 3), Dist::collapsed(4), Dist::block(5, 1)}, {3, 1}));
}

TEST(RunsND, EmptyExtentsAndOneRank) {
  check(DistributionND({Dist::block(0, 2), Dist::block(5, 2)}, {2, 2}),
        DistributionND({Dist::cyclic(0, 1), Dist::block(5, 4)}, {1, 4}));
  check(DistributionND({Dist::block(4, 2), Dist::collapsed(0)}, {2}),
        DistributionND({Dist::collapsed(4), Dist::block(0, 2)}, {2}));
  check(DistributionND({Dist::block(3, 1), Dist::collapsed(5)}, {1}),
        DistributionND({Dist::collapsed(3), Dist::cyclic(5, 1, 2)}, {1}));
}

TEST(RunsND, OneRankGetsOnlyItsMessages) {
  DistributionND S({Dist::block(9, 2), Dist::cyclic(10, 2)}, {2, 2});
  DistributionND D({Dist::cyclic(9, 3), Dist::block(10, 1)}, {3, 1});
  CommTableND T = computeCommTableND(S, D, /*WithRuns=*/true);
  flattenRunsND(T, S, D, /*Rank=*/1);
  ASSERT_EQ(T.Table.Runs.size(), T.Table.Messages.size());
  for (size_t M = 0; M < T.Table.Messages.size(); ++M) {
    const Message &Msg = T.Table.Messages[M];
    bool Mine = Msg.Src == 1 || Msg.Dst == 1;
    EXPECT_EQ(T.Table.Runs[M].SrcRuns.empty(), !Mine);
  }
  CommTableND NoRuns = computeCommTableND(S, D);
  EXPECT_THROW(flattenRunsND(NoRuns, S, D), PlanError);
}
