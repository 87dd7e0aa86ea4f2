//===- CommTableRunShapeTest.cpp - runs the MPI runtime can stream --------===//
//
// The runtime walks the runs of a message with the same block count period
// by period (one pass over memory). For two multi-block block-cyclic sides
// the table must therefore give every message its periodic runs first, all
// with the same count (the number of complete periods), then the incomplete
// last period as single blocks; the oracle test checks that the elements
// are right, this one checks the shape.
//
//===----------------------------------------------------------------------===//

#include "plan/CommTable.h"

#include <gtest/gtest.h>

using namespace hpf::plan;

TEST(CommTableRunShape, PeriodicRunsShareOneCountThenSingleBlocks) {
  struct Case {
    Index N, X, Y;
    int P, Q;
  } Cases[] = {{1000, 4, 3, 2, 2}, {97, 3, 5, 2, 2},    {8388608, 4, 3, 2, 2},
               {1001, 8, 6, 4, 3}, {5000, 1, 40, 2, 2}, {100, 2, 3, 3, 2}};
  for (const Case &C : Cases) {
    Distribution S = Distribution::cyclic(C.N, C.P, C.X);
    Distribution D = Distribution::cyclic(C.N, C.Q, C.Y);
    Index L = lcmOrOverflow(C.X * C.P, C.Y * C.Q);
    ASSERT_LT(L, C.N);
    Index K = C.N / L;
    CommTable T = computeCommTable(S, D, /*WithRuns=*/true);
    for (std::size_t M = 0; M < T.Messages.size(); ++M) {
      SCOPED_TRACE("n=" + std::to_string(C.N) + " message " +
                   std::to_string(M));
      const auto &Runs = T.Runs[M].SrcRuns;
      bool InTail = false;
      for (const hpf::plan::Run &R : Runs) {
        if (R.Count > 1) {
          EXPECT_FALSE(InTail) << "a periodic run after a single block";
          EXPECT_EQ(R.Count, K);
        } else {
          EXPECT_EQ(R.Count, 1);
          InTail = true;
        }
      }
    }
  }
}
