//===- CommTableVectorsTest.cpp - the papers' communication tables --------===//
//
// Exact tables of the papers, recomputed from first principles (paper 000
// Figs. 1a/2a, paper 003 Tables 2-4) and the message lists of test vectors
// TV-B and TV-C1 (papers 002 and 004, docs/irregular-schedulers.md).
//
//===----------------------------------------------------------------------===//

#include "plan/CommTable.h"

#include <gtest/gtest.h>

using namespace hpf::plan;
using Matrix = std::vector<std::vector<Index>>;

TEST(CommTableVectors, GuoPanExample1) {
  // cyclic(4) -> cyclic(3), p = q = 5, one slice L = 60 (Fig. 1a, with the
  // column Q3 entry the extracted text lost: 2, 3, 3, 2, 2).
  CommTable T = computeCommTable(Distribution::cyclic(60, 5, 4),
                                 Distribution::cyclic(60, 5, 3));
  Matrix Expected = {{3, 2, 3, 2, 2},
                     {3, 2, 2, 3, 2},
                     {2, 3, 2, 3, 2},
                     {2, 3, 2, 2, 3},
                     {2, 2, 3, 2, 3}};
  EXPECT_EQ(T.matrix(), Expected);
  EXPECT_EQ(T.maxDegree(), 5);
  EXPECT_EQ(T.volumeLowerBound(), 12);
}

TEST(CommTableVectors, GuoPanExample2) {
  // cyclic(2) -> cyclic(3), p = q = 6, L = 36 (Fig. 2a).
  CommTable T = computeCommTable(Distribution::cyclic(36, 6, 2),
                                 Distribution::cyclic(36, 6, 3));
  std::vector<Index> A = {2, 0, 2, 0, 2, 0}, B = {1, 1, 1, 1, 1, 1},
                     C = {0, 2, 0, 2, 0, 2};
  Matrix Expected = {A, B, C, A, B, C};
  EXPECT_EQ(T.matrix(), Expected);
}

TEST(CommTableVectors, GuoPanTablesScaleWithSlices) {
  // n = k * L elements: every entry is k times the one-slice entry, and the
  // closed form does not visit the elements (n = 6 * 10^11).
  Index K = 10000000000LL;
  CommTable One = computeCommTable(Distribution::cyclic(60, 5, 4),
                                   Distribution::cyclic(60, 5, 3));
  CommTable Many = computeCommTable(Distribution::cyclic(60 * K, 5, 4),
                                    Distribution::cyclic(60 * K, 5, 3));
  ASSERT_EQ(One.Messages.size(), Many.Messages.size());
  for (size_t I = 0; I < One.Messages.size(); ++I)
    EXPECT_EQ(Many.Messages[I].Size, One.Messages[I].Size * K);
}

TEST(CommTableVectors, ParkTable2) {
  // R(P=6, K=3, Q=10), x = 1, one superblock N = 30: rows 0-2 send one block
  // to every even Q, rows 3-5 to every odd Q.
  CommTable T = computeCommTable(Distribution::cyclic(30, 6, 1),
                                 Distribution::cyclic(30, 10, 3));
  Matrix M = T.matrix();
  for (int I = 0; I < 6; ++I)
    for (int J = 0; J < 10; ++J)
      EXPECT_EQ(M[size_t(I)][size_t(J)], (I < 3) == (J % 2 == 0) ? 1 : 0)
          << I << "," << J;
}

TEST(CommTableVectors, ParkTable3) {
  // R(6, 4, 10), N = 120: every entry is 2.
  CommTable T = computeCommTable(Distribution::cyclic(120, 6, 1),
                                 Distribution::cyclic(120, 10, 4));
  for (const auto &Row : T.matrix())
    for (Index V : Row)
      EXPECT_EQ(V, 2);
}

TEST(CommTableVectors, ParkTable4) {
  // R(8, 6, 10), N = 120: rows 0,1,4,5 = 2 1 2 1 ..., rows 2,3,6,7 = 1 2 ...
  CommTable T = computeCommTable(Distribution::cyclic(120, 8, 1),
                                 Distribution::cyclic(120, 10, 6));
  Matrix M = T.matrix();
  for (int I = 0; I < 8; ++I) {
    bool StartsWith2 = I % 4 < 2;
    for (int J = 0; J < 10; ++J)
      EXPECT_EQ(M[size_t(I)][size_t(J)], (J % 2 == 0) == StartsWith2 ? 2 : 1);
  }
}

namespace {
std::vector<Message> messages(const CommTable &T) { return T.Messages; }
} // namespace

TEST(CommTableVectors, TVB) {
  // Paper 002's HPF-2 example: gen_block(3,5,9,4,13,4,2) ->
  // gen_block(2,5,3,6,8,6,10), 13 messages in staircase order.
  CommTable T =
      computeCommTable(Distribution::genBlock({3, 5, 9, 4, 13, 4, 2}),
                       Distribution::genBlock({2, 5, 3, 6, 8, 6, 10}), true);
  std::vector<Message> Expected = {{0, 0, 2}, {0, 1, 1}, {1, 1, 4}, {1, 2, 1},
                                   {2, 2, 2}, {2, 3, 6}, {2, 4, 1}, {3, 4, 4},
                                   {4, 4, 3}, {4, 5, 6}, {4, 6, 4}, {5, 6, 4},
                                   {6, 6, 2}};
  EXPECT_EQ(messages(T), Expected);
  EXPECT_EQ(T.maxDegree(), 3);
  EXPECT_EQ(T.volumeLowerBound(), 13);
  // m6 = elements 11:16 (1-based): source 2's locals 2..7, target 3's 0..5.
  ASSERT_EQ(T.Runs[5].SrcRuns.size(), 1u);
  EXPECT_EQ(T.Runs[5].SrcRuns[0], (hpf::plan::Run{2, 6, 0, 1}));
  EXPECT_EQ(T.Runs[5].DstRuns[0], (hpf::plan::Run{0, 6, 0, 1}));
}

TEST(CommTableVectors, TVC1) {
  // Paper 004 Fig. 2: (7,10,4,18,7,18,36) -> (10,14,18,14,14,12,18).
  CommTable T =
      computeCommTable(Distribution::genBlock({7, 10, 4, 18, 7, 18, 36}),
                       Distribution::genBlock({10, 14, 18, 14, 14, 12, 18}));
  std::vector<Message> Expected = {
      {0, 0, 7},  {1, 0, 3},  {1, 1, 7}, {2, 1, 4},  {3, 1, 3},
      {3, 2, 15}, {4, 2, 3},  {4, 3, 4}, {5, 3, 10}, {5, 4, 8},
      {6, 4, 6},  {6, 5, 12}, {6, 6, 18}};
  EXPECT_EQ(messages(T), Expected);
  EXPECT_EQ(T.sendDegrees(), (std::vector<int>{1, 2, 1, 2, 2, 2, 3}));
  EXPECT_EQ(T.recvDegrees(), (std::vector<int>{2, 3, 2, 2, 2, 1, 1}));
  EXPECT_EQ(T.volumeLowerBound(), 36);
}

TEST(CommTableVectors, MatrixInput) {
  CommTable T = commTableFromMatrix({{0, 3}, {2, 0}, {1, 1}});
  EXPECT_EQ(T.P, 3);
  EXPECT_EQ(T.Q, 2);
  EXPECT_EQ(T.Messages.size(), 4u);
  EXPECT_EQ(T.find(2, 1), 3);
  EXPECT_EQ(T.find(0, 0), -1);
  EXPECT_THROW(commTableFromMatrix({{-1}}), PlanError);
}

TEST(CommTableVectors, RejectsMismatchedExtents) {
  EXPECT_THROW(
      computeCommTable(Distribution::block(10, 2), Distribution::block(11, 2)),
      PlanError);
}
