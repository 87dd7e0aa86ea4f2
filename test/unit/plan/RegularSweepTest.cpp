//===- RegularSweepTest.cpp - exhaustive block-cyclic sweep ---------------===//
//
// cyclic(x) on p -> cyclic(y) on q for x, y, p, q in 1..12 over one slice
// lcm(x*p, y*q) (20736 cases), split by x so ctest runs the parts in
// parallel. For every case: every applicable scheduler's own schedule
// validates, and auto has exactly max-degree steps and costs no more than
// any of them. Also a partial-slice variant (n = slice + x + 1) for a
// subset, where the pattern-based schedulers see a truncated table.
//
// The two demands on auto could conflict when a scheduler uses more than
// max-degree steps and is cheaper for it (guo-pan's Algorithm 2 does in 18
// of the 20736 cases); auto recolours such schedules to max degree and
// searches with large steps in the objective, and with every registered
// scheduler as a starting point that closes all of them (the
// EverySchedulerValidAutoBest part checks both demands on every case).
//
//===----------------------------------------------------------------------===//

#include "plan/Plan.h"
#include "plan/Scheduler.h"
#include "plan/schedulers/Schedulers.h"

#include <gtest/gtest.h>

#include <string>

using namespace hpf::plan;

namespace {

/// Checks one redistribution; returns the number of applicable schedulers.
int checkCase(Index X, int P, Index Y, int Q, Index N) {
  Distribution Src = Distribution::cyclic(N, P, X);
  Distribution Dst = Distribution::cyclic(N, Q, Y);
  CommTable T = computeCommTable(Src, Dst);
  PlanRequest Req;
  Req.Table = &T;
  Req.Src = &Src;
  Req.Dst = &Dst;
  std::string Case = "cyclic(" + std::to_string(X) + ") on " +
                     std::to_string(P) + " -> cyclic(" + std::to_string(Y) +
                     ") on " + std::to_string(Q) + ", n = " + std::to_string(N);
  int Applicable = 0;
  Index MinCost = -1, MinWithinDegree = -1;
  std::string MinName;
  for (const Scheduler *S : allSchedulers()) {
    if (S == &autoScheduler() || S->name() == "exact" ||
        !S->applicable(Req, nullptr))
      continue;
    ++Applicable;
    Schedule Sch = S->schedule(Req);
    Sch.dropEmptySteps();
    Validation V = validate(T, Sch);
    EXPECT_TRUE(V.Ok) << Case << ": " << S->name() << ": "
                      << (V.Errors.empty() ? "" : V.Errors.front());
    if (!V.Ok)
      continue;
    Index C = scheduleCost(T, Sch);
    if (MinCost < 0 || C < MinCost) {
      MinCost = C;
      MinName = std::string(S->name());
    }
    if (Sch.stepCount() <= std::size_t(T.maxDegree()) &&
        (MinWithinDegree < 0 || C < MinWithinDegree))
      MinWithinDegree = C;
  }
  Schedule A = autoScheduler().schedule(Req);
  Validation V = validate(T, A);
  EXPECT_TRUE(V.Ok) << Case
                    << ": auto: " << (V.Errors.empty() ? "" : V.Errors.front());
  EXPECT_EQ(A.stepCount(), std::size_t(T.maxDegree())) << Case << ": auto";
  const Index AutoCost = scheduleCost(T, A);
  EXPECT_LE(AutoCost, MinWithinDegree) << Case;
  EXPECT_LE(AutoCost, MinCost) << Case << ": auto costs more than " << MinName;
  EXPECT_GE(scheduleCost(T, A), T.volumeLowerBound()) << Case;
  return Applicable;
}

class RegularSweep : public ::testing::TestWithParam<int> {};

TEST_P(RegularSweep, EverySchedulerValidAutoBest) {
  const Index X = GetParam();
  int Cases = 0, WithGuoPan = 0;
  for (Index Y = 1; Y <= 12; ++Y)
    for (int P = 1; P <= 12; ++P)
      for (int Q = 1; Q <= 12; ++Q) {
        Index L = lcmOrOverflow(X * P, Y * Q);
        int Applicable = checkCase(X, P, Y, Q, L);
        ++Cases;
        // round-robin, coloring and guo-pan apply to every case here.
        EXPECT_GE(Applicable, 3);
        WithGuoPan += Applicable >= 3;
        if (::testing::Test::HasFailure())
          return; // one failing case is enough to read
      }
  EXPECT_EQ(Cases, 12 * 12 * 12);
  EXPECT_EQ(WithGuoPan, Cases);
}

TEST_P(RegularSweep, PartialSliceStaysValid) {
  const Index X = GetParam();
  for (Index Y = 1; Y <= 12; Y += 1)
    for (int P = 1; P <= 12; P += 2)
      for (int Q = 2; Q <= 12; Q += 3) {
        Index L = lcmOrOverflow(X * P, Y * Q);
        checkCase(X, P, Y, Q, L + X + 1);
        if (::testing::Test::HasFailure())
          return;
      }
}

INSTANTIATE_TEST_SUITE_P(ByX, RegularSweep, ::testing::Range(1, 13),
                         [](const ::testing::TestParamInfo<int> &I) {
                           return "x" + std::to_string(I.param);
                         });

} // namespace
