//===- CommTableNDTest.cpp - N-D tables vs the per-element oracle ---------===//
//
// Multi-dimensional redistributions, with and without a change of grid:
// the message sizes against a per-element oracle, and the tensor product of
// the per-dimension runs against the N-D owner and local offsets, element by
// element on both sides. The whole table is then scheduled as one.
//
//===----------------------------------------------------------------------===//

#include "plan/CommTableND.h"
#include "plan/Plan.h"

#include <gtest/gtest.h>

#include <map>

using namespace hpf::plan;

namespace {

using Dists = std::vector<Distribution>;

/// The (local index on the source, local index on the destination) pairs of
/// a 1-D message, in run order.
std::vector<std::pair<Index, Index>> expand(const MessageRuns &R) {
  std::vector<std::pair<Index, Index>> Out;
  for (size_t K = 0; K < R.SrcRuns.size(); ++K)
    for (Index C = 0; C < R.SrcRuns[K].Count; ++C)
      for (Index L = 0; L < R.SrcRuns[K].Length; ++L)
        Out.push_back({R.SrcRuns[K].Start + C * R.SrcRuns[K].Stride + L,
                       R.DstRuns[K].Start + C * R.DstRuns[K].Stride + L});
  return Out;
}

Index globalOf(const Distribution &D, int Coord, Index Local) {
  return D.kind() == DistKind::Collapsed ? Local : D.globalIndex(Coord, Local);
}

void check(const DistributionND &S, const DistributionND &D) {
  CommTableND T = computeCommTableND(S, D, /*WithRuns=*/true);
  // Sizes against the oracle.
  std::map<std::pair<int, int>, Index> Oracle;
  const Index N0 = S.dims()[0].size(), N1 = S.dims()[1].size();
  for (Index I = 0; I < N0; ++I)
    for (Index J = 0; J < N1; ++J)
      ++Oracle[{S.owner({I, J}), D.owner({I, J})}];
  std::map<std::pair<int, int>, Index> Got;
  for (const Message &M : T.Table.Messages)
    Got[{M.Src, M.Dst}] = M.Size;
  ASSERT_EQ(Got, Oracle);
  // Runs: tensor product, both sides, every element once.
  std::vector<bool> Seen(size_t(N0 * N1), false);
  for (size_t M = 0; M < T.Table.Messages.size(); ++M) {
    const Message &Msg = T.Table.Messages[M];
    auto A = expand(T.Dims[0].Runs[T.Parts[M][0]]);
    auto B = expand(T.Dims[1].Runs[T.Parts[M][1]]);
    const Message &M0 = T.Dims[0].Messages[T.Parts[M][0]];
    const Message &M1 = T.Dims[1].Messages[T.Parts[M][1]];
    std::vector<Index> ES = S.localExtents(Msg.Src),
                       ED = D.localExtents(Msg.Dst);
    for (auto [S0, D0] : A)
      for (auto [S1, D1] : B) {
        Index G0 = globalOf(S.dims()[0], M0.Src, S0);
        Index G1 = globalOf(S.dims()[1], M1.Src, S1);
        ASSERT_EQ(globalOf(D.dims()[0], M0.Dst, D0), G0);
        ASSERT_EQ(globalOf(D.dims()[1], M1.Dst, D1), G1);
        ASSERT_EQ(S.owner({G0, G1}), Msg.Src);
        ASSERT_EQ(D.owner({G0, G1}), Msg.Dst);
        ASSERT_EQ(S.localOffset({G0, G1}), S0 * ES[1] + S1);
        ASSERT_EQ(D.localOffset({G0, G1}), D0 * ED[1] + D1);
        ASSERT_FALSE(Seen[size_t(G0 * N1 + G1)]);
        Seen[size_t(G0 * N1 + G1)] = true;
      }
  }
  for (bool B : Seen)
    ASSERT_TRUE(B);
  // One schedule for the whole table.
  Plan P = makePlan(T.Table);
  EXPECT_TRUE(P.Valid);
  EXPECT_LE(int(P.Sched.stepCount()), P.Bounds.Steps);
}

} // namespace

TEST(CommTableND, TransposeRowsToColumns) {
  // ADI / FFT transpose: (block, *) -> (*, block) on 4 ranks.
  check(DistributionND({Distribution::block(8, 4), Distribution::collapsed(6)},
                       {4}),
        DistributionND({Distribution::collapsed(8), Distribution::block(6, 4)},
                       {4}));
}

TEST(CommTableND, ChangeOfGrid) {
  // (block, cyclic(2)) on G(2,3) -> (cyclic, block) on G(3,2).
  check(
      DistributionND(
          {Distribution::block(7, 2), Distribution::cyclic(10, 3, 2)}, {2, 3}),
      DistributionND({Distribution::cyclic(7, 3), Distribution::block(10, 2)},
                     {3, 2}));
  // One grid dimension to two, different processor counts.
  check(DistributionND(
            {Distribution::cyclic(9, 3, 2), Distribution::collapsed(5)}, {3}),
        DistributionND({Distribution::block(9, 2), Distribution::block(5, 2)},
                       {2, 2}));
}

TEST(CommTableND, GenBlockRowsAndEmptyDimensions) {
  check(DistributionND(
            {Distribution::genBlock({3, 0, 4}), Distribution::block(5, 2)},
            {3, 2}),
        DistributionND({Distribution::block(7, 2), Distribution::cyclic(5, 3)},
                       {2, 3}));
  CommTableND Empty = computeCommTableND(
      DistributionND({Distribution::block(0, 2), Distribution::collapsed(4)},
                     {2}),
      DistributionND({Distribution::collapsed(0), Distribution::block(4, 2)},
                     {2}));
  EXPECT_TRUE(Empty.Table.Messages.empty());
}

TEST(CommTableND, RejectsShapeMismatch) {
  DistributionND A({Distribution::block(8, 2)}, {2});
  DistributionND B({Distribution::block(8, 2), Distribution::collapsed(2)},
                   {2});
  EXPECT_THROW(computeCommTableND(A, B), PlanError);
  DistributionND C({Distribution::block(9, 2)}, {2});
  EXPECT_THROW(computeCommTableND(A, C), PlanError);
}
