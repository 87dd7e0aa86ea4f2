//===- CopyKernelTest.cpp - the copy kernel against a naive copy ----------===//
//
// mpi/CopyKernel.h without mpiexec: copyRuns, packRuns and unpackRuns over
// run shapes the executors meet (one contiguous run, block-cyclic periods
// as bundles of runs with one step, lanes short enough for the grouped
// copies of 4, 2 and 1 elements, fixed-length strided blocks, runs of
// different counts), many element sizes, and every sub-range [First, Last)
// of a message, compared with an element-by-element copy in the documented
// message order (a bundle of consecutive runs with the same count is walked
// block by block, then run by run, then element by element).
//
//===----------------------------------------------------------------------===//

#include "mpi/CopyKernel.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>
#include <random>
#include <vector>

using hpf::plan::Index;
using Segs = hpf::plan::Run; // not `Run`: a gtest member inside TEST

namespace {

/// Local index of every element of a message, in message order.
std::vector<Index> messageOrder(const std::vector<Segs> &Runs) {
  std::vector<Index> Out;
  for (std::size_t B = 0; B < Runs.size();) {
    std::size_t E = B;
    while (E < Runs.size() && Runs[E].Count == Runs[B].Count)
      ++E;
    for (Index C = 0; C < Runs[B].Count; ++C)
      for (std::size_t R = B; R < E; ++R)
        for (Index L = 0; L < Runs[R].Length; ++L)
          Out.push_back(Runs[R].Start + C * Runs[R].Stride + L);
    B = E;
  }
  return Out;
}

/// Disjoint runs of one bundle: Segs lanes of the given lengths placed at
/// shuffled offsets inside a period of Per (>= their sum), Count periods,
/// from Base.
std::vector<Segs> bundle(std::mt19937 &Rng, const std::vector<Index> &Lengths,
                         Index Per, Index Count, Index Base) {
  std::vector<std::size_t> Order(Lengths.size());
  std::iota(Order.begin(), Order.end(), 0);
  std::shuffle(Order.begin(), Order.end(), Rng);
  Index Free = Per;
  for (Index L : Lengths)
    Free -= L;
  std::vector<Index> At(Lengths.size());
  Index Off = 0;
  for (std::size_t I : Order) {
    Index Gap = Free > 0 ? Index(Rng() % std::uint32_t(Free + 1)) : 0;
    Free -= Gap;
    Off += Gap;
    At[I] = Off;
    Off += Lengths[I];
  }
  std::vector<Segs> Runs;
  for (std::size_t I = 0; I < Lengths.size(); ++I)
    Runs.push_back(Segs{Base + At[I], Lengths[I], Per, Count});
  return Runs;
}

Index extentOf(const std::vector<Segs> &Runs) {
  Index E = 0;
  for (const Segs &R : Runs)
    if (R.Count > 0 && R.Length > 0)
      E = std::max(E, R.Start + (R.Count - 1) * R.Stride + R.Length);
  return E;
}

struct Shape {
  std::vector<Segs> Src, Dst;
};

/// Source and destination runs with the same lengths and counts.
Shape makeShape(std::mt19937 &Rng, int Kind) {
  Shape S;
  auto Add = [&](const std::vector<Index> &Lengths, Index Count) {
    Index Sum = std::accumulate(Lengths.begin(), Lengths.end(), Index(0));
    Index SB = extentOf(S.Src), DB = extentOf(S.Dst);
    std::vector<Segs> A =
        bundle(Rng, Lengths, Sum + Index(Rng() % 5), Count, SB);
    std::vector<Segs> B =
        bundle(Rng, Lengths, Sum + Index(Rng() % 7), Count, DB);
    S.Src.insert(S.Src.end(), A.begin(), A.end());
    S.Dst.insert(S.Dst.end(), B.begin(), B.end());
  };
  switch (Kind) {
  case 0: // one contiguous run
    S.Src = {Segs{3, 37, 37, 1}};
    S.Dst = {Segs{0, 37, 37, 1}};
    break;
  case 1: // one fixed-length strided run per side (cyclic(k) -> packed)
    // (different counts: each run is its own bundle).
    for (Index Len : {1, 2, 3, 4, 5, 6, 7, 8, 16, 17}) {
      S.Src.push_back(Segs{extentOf(S.Src), Len, Len + 3, 5 + Len});
      S.Dst.push_back(Segs{extentOf(S.Dst), Len, Len, 5 + Len});
    }
    break;
  case 2: // periods of short lanes: groups of 4, 2 and 1 elements
    Add({1, 2, 3, 4, 5, 6, 7}, 11);
    break;
  case 3: // periods of one-element lanes (cyclic -> cyclic(k))
    Add({1, 1, 1, 1, 1}, 23);
    break;
  case 4: // long lanes and several bundles of different counts
    Add({12, 40, 9}, 4);
    Add({2, 3}, 7);
    Add({64}, 2);
    break;
  default: { // random bundles
    int Bundles = 1 + int(Rng() % 3);
    for (int B = 0; B < Bundles; ++B) {
      std::vector<Index> L(1 + Rng() % 6);
      for (Index &X : L)
        X = 1 + Index(Rng() % 10);
      Add(L, 1 + Index(Rng() % 9));
    }
  }
  }
  return S;
}

template <class F> void forEachElemSize(F Fn) {
  for (std::size_t ES : {1u, 2u, 4u, 8u, 12u, 16u, 24u, 3u})
    Fn(ES);
}

std::vector<char> pattern(Index Elems, std::size_t ES) {
  std::vector<char> V(std::size_t(Elems) * ES);
  for (std::size_t I = 0; I < V.size(); ++I)
    V[I] = char(I * 7 + 1);
  return V;
}

TEST(CopyKernel, CopyRunsEqualsNaiveCopyOnEverySubrange) {
  std::mt19937 Rng(42);
  for (int Kind = 0; Kind < 12; ++Kind) {
    Shape Sh = makeShape(Rng, Kind);
    std::vector<Index> SO = messageOrder(Sh.Src), DO = messageOrder(Sh.Dst);
    ASSERT_EQ(SO.size(), DO.size());
    const Index N = Index(SO.size());
    forEachElemSize([&](std::size_t ES) {
      std::vector<char> Src = pattern(extentOf(Sh.Src), ES);
      const Index DExt = extentOf(Sh.Dst);
      std::vector<std::pair<Index, Index>> Ranges = {{0, N}};
      for (Index A = 0; A < N; A += 1 + N / 9)
        for (Index B = A; B <= N; B += 1 + N / 7)
          Ranges.push_back({A, B});
      for (auto [First, Last] : Ranges) {
        SCOPED_TRACE("shape " + std::to_string(Kind) + " es " +
                     std::to_string(ES) + " [" + std::to_string(First) + ", " +
                     std::to_string(Last) + ")");
        std::vector<char> Got(std::size_t(DExt) * ES, 0), Want = Got;
        hpf::rt::copyRuns(Sh.Src, Src.data(), Sh.Dst, Got.data(), ES, First,
                          Last);
        for (Index K = First; K < Last; ++K)
          std::copy_n(Src.data() + SO[std::size_t(K)] * Index(ES), ES,
                      Want.data() + DO[std::size_t(K)] * Index(ES));
        ASSERT_EQ(Got, Want);
      }
    });
  }
}

TEST(CopyKernel, PackAndUnpackFollowMessageOrder) {
  std::mt19937 Rng(7);
  for (int Kind = 0; Kind < 12; ++Kind) {
    Shape Sh = makeShape(Rng, Kind);
    std::vector<Index> SO = messageOrder(Sh.Src), DO = messageOrder(Sh.Dst);
    const Index N = Index(SO.size());
    forEachElemSize([&](std::size_t ES) {
      std::vector<char> Src = pattern(extentOf(Sh.Src), ES);
      // Packed in chunks (as the executors do), then unpacked in others.
      std::vector<char> Buf(std::size_t(N) * ES), Want(Buf.size());
      for (Index K = 0; K < N; ++K)
        std::copy_n(Src.data() + SO[std::size_t(K)] * Index(ES), ES,
                    Want.data() + K * Index(ES));
      const Index Chunk = 1 + N / 5;
      for (Index A = 0; A < N; A += Chunk) {
        Index B = std::min(N, A + Chunk);
        hpf::rt::packRuns(Sh.Src, Src.data(), Buf.data() + A * Index(ES), ES, A,
                          B);
      }
      ASSERT_EQ(Buf, Want) << "shape " << Kind << " es " << ES;
      std::vector<char> Got(std::size_t(extentOf(Sh.Dst)) * ES, 0),
          Expect = Got;
      for (Index K = 0; K < N; ++K)
        std::copy_n(Buf.data() + K * Index(ES), ES,
                    Expect.data() + DO[std::size_t(K)] * Index(ES));
      const Index Chunk2 = 1 + N / 3;
      for (Index A = 0; A < N; A += Chunk2) {
        Index B = std::min(N, A + Chunk2);
        hpf::rt::unpackRuns(Sh.Dst, Got.data(), Buf.data() + A * Index(ES), ES,
                            A, B);
      }
      ASSERT_EQ(Got, Expect) << "shape " << Kind << " es " << ES;
    });
  }
}

TEST(CopyKernel, ContiguousStart) {
  Index Start = -1;
  EXPECT_TRUE(hpf::rt::contiguousStart({Segs{5, 10, 10, 1}}, &Start));
  EXPECT_EQ(Start, 5);
  EXPECT_FALSE(hpf::rt::contiguousStart({Segs{5, 2, 4, 3}}, &Start));
}

} // namespace
