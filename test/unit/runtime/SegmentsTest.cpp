//===- SegmentsTest.cpp - owned segments against owner() and localIndex() -===//
//
// hpfcc/segments.h without mpiexec: the segments of hpfcc::segment_range (what
// every generated owner-computes loop walks) for block, block(k), cyclic(k),
// gen_block and indirect dimensions, clipped to many [lo, hi), must cover
// exactly the rank's indices in the window, in increasing order, each with
// local index global + off equal to Distribution::localIndex. Block-cyclic
// segments are computed inline (at()'s plain arithmetic) unless a block is so
// large that its bounds saturate: both paths are checked, the second with
// blocks near 2^62 and 2^63 - 1. The strided runs of hpfcc/strided.h
// (levels over cyclic(1) dimensions) must walk the same indices with the
// same local indices.
//
//===----------------------------------------------------------------------===//

#include "hpfcc/segments.h"
#include "hpfcc/strided.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <utility>
#include <vector>

using hpf::plan::Distribution;
using hpf::plan::Index;

namespace {

/// (global, local) of every index the segments of rank Me cover in [Lo, Hi).
std::vector<std::pair<Index, Index>> walked(const Distribution &D, int Me,
                                            Index Lo, Index Hi) {
  std::vector<std::pair<Index, Index>> Out;
  const hpfcc::segment_range R(D, Me, Lo, Hi);
  for (const hpfcc::segment S : R)
    for (Index G = S.lo; G < S.hi; ++G)
      Out.emplace_back(G, G + S.off);
  return Out;
}

/// The same through hpfcc::strided_range, walked as a strided level's loop
/// is generated (hpfcc/strided.h): `i += s.step, s.off -= s.skip`.
std::vector<std::pair<Index, Index>> walkedStrided(const Distribution &D,
                                                   int Me, Index Lo, Index Hi) {
  std::vector<std::pair<Index, Index>> Out;
  const hpfcc::strided_range R(D, Me, Lo, Hi);
  for (hpfcc::strided_segment S : R)
    for (Index I = S.lo; I < S.hi; I += S.step, S.off -= S.skip)
      Out.emplace_back(I, I + S.off);
  return Out;
}

/// How many runs a strided range has.
Index runs(const hpfcc::strided_range &R) {
  Index N = 0;
  for (auto It = R.begin(); It != R.end(); ++It)
    ++N;
  return N;
}

/// The same from the distribution's owner() and localIndex(), one by one.
std::vector<std::pair<Index, Index>> expected(const Distribution &D, int Me,
                                              Index Lo, Index Hi) {
  std::vector<std::pair<Index, Index>> Out;
  for (Index G = std::max<Index>(Lo, 0); G < std::min(Hi, D.size()); ++G)
    if (D.owner(G) == Me)
      Out.emplace_back(G, D.localIndex(G));
  return Out;
}

void expectAllWindows(const Distribution &D, const char *What) {
  const Index N = D.size();
  for (int Me = 0; Me < D.procs(); ++Me)
    for (Index Lo = -1; Lo <= N + 1; ++Lo)
      for (Index Hi = Lo; Hi <= N + 2; ++Hi) {
        const auto Want = expected(D, Me, Lo, Hi);
        ASSERT_EQ(walked(D, Me, Lo, Hi), Want)
            << What << " n=" << N << " p=" << D.procs() << " rank " << Me
            << " [" << Lo << ", " << Hi << ")";
        ASSERT_EQ(walkedStrided(D, Me, Lo, Hi), Want)
            << "strided " << What << " n=" << N << " p=" << D.procs()
            << " rank " << Me << " [" << Lo << ", " << Hi << ")";
      }
}

TEST(Segments, BlockCyclicEveryWindow) {
  for (Index N : {0, 1, 7, 23})
    for (int P : {1, 2, 3, 5})
      for (Index K : {1, 2, 3, 8}) {
        expectAllWindows(Distribution::cyclic(N, P, K), "cyclic(k)");
        if (K * P >= N)
          expectAllWindows(Distribution::blockSized(N, P, K), "block(k)");
      }
}

TEST(Segments, BlockGenBlockIndirect) {
  for (Index N : {0, 1, 10, 23})
    for (int P : {1, 2, 4})
      expectAllWindows(Distribution::block(N, P), "block");
  expectAllWindows(Distribution::genBlock({3, 0, 5, 2}), "gen_block");
  expectAllWindows(Distribution::indirect({2, 0, 0, 1, 2, 1, 0}, 3),
                   "indirect");
}

TEST(Segments, HugeBlocksSaturate) {
  // Only block 0 of rank 0 holds indices; later blocks' bounds saturate.
  for (Index K : {Index(1) << 62, Index(INT64_MAX)})
    for (int P : {2, 3}) {
      const Distribution D = Distribution::cyclic(40, P, K);
      expectAllWindows(D, "cyclic(huge)");
    }
}

TEST(Segments, CyclicOneIsOneStridedRun) {
  // cyclic(1) on P > 1 ranks: one run whatever the window holds; other
  // formats (and one rank) keep a run per segment.
  const Distribution C = Distribution::cyclic(1000, 3, 1);
  for (int Me = 0; Me < 3; ++Me) {
    EXPECT_EQ(runs(hpfcc::strided_range(C, Me, 0, 1000)), 1);
    EXPECT_EQ(runs(hpfcc::strided_range(C, Me, 10, 20)), 1);
    EXPECT_EQ(runs(hpfcc::strided_range(C, Me, 500, 500)), 0);
  }
  EXPECT_EQ(
      runs(hpfcc::strided_range(Distribution::cyclic(12, 3, 2), 0, 0, 12)), 2);
  EXPECT_EQ(
      runs(hpfcc::strided_range(Distribution::cyclic(12, 1, 1), 0, 0, 12)), 1);
  EXPECT_EQ(runs(hpfcc::strided_range(C, -1, 0, 1000)), 0);
}

TEST(Segments, StridedRunStaysInAnInt) {
  // A run whose last step would pass INT32_MAX (the loop's index may be an
  // int) falls back to a run per index.
  const Index N = Index(INT32_MAX) + 2;
  const Distribution C = Distribution::cyclic(N, 2, 1);
  EXPECT_EQ(runs(hpfcc::strided_range(C, 0, 0, 100)), 1);
  EXPECT_EQ(runs(hpfcc::strided_range(C, 0, N - 10, N)), 5);
  const hpfcc::strided_range Tail(C, 1, N - 10, N);
  for (const hpfcc::strided_segment S : Tail) {
    EXPECT_EQ(S.hi - S.lo, 1);
    EXPECT_EQ(S.step, 1);
    EXPECT_EQ(S.lo + S.off, C.localIndex(S.lo));
  }
}

} // namespace
