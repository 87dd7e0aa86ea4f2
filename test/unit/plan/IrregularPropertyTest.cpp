// Property sweeps over random gen_block pairs: P != Q, zero-sized blocks,
// N = 0 and coincident block boundaries all occur (small N with uniform cut
// points makes them common). Every plan validates; TPDR, E-TPDR, DCA and
// relocation use exactly max-degree steps; no schedule beats the lower
// bound or the exact optimum; auto is never worse than any scheduler.

#include "IrregularTestSupport.h"

#include "plan/Plan.h"

using namespace hpf::plan;
using namespace hpf::plan::testing;

namespace {

struct Seen {
  int ZeroBlocks = 0, EmptyArrays = 0, Coincident = 0, Unequal = 0;
};

void note(Seen &S, const std::vector<Index> &A, const std::vector<Index> &B) {
  S.Unequal += A.size() != B.size();
  S.ZeroBlocks +=
      std::count(A.begin(), A.end(), 0) + std::count(B.begin(), B.end(), 0) > 0;
  Index N = 0;
  for (Index X : A)
    N += X;
  S.EmptyArrays += N == 0;
  std::set<Index> EndsA;
  Index Off = 0;
  for (std::size_t I = 0; I + 1 < A.size(); ++I)
    EndsA.insert(Off += A[I]);
  Off = 0;
  bool Co = false;
  for (std::size_t I = 0; I + 1 < B.size(); ++I) {
    Off += B[I];
    Co |= Off > 0 && Off < N && EndsA.count(Off);
  }
  S.Coincident += Co;
}

void checkCase(const std::vector<Index> &Src, const std::vector<Index> &Dst,
               bool WithExact) {
  CommTable T = genBlockTable(Src, Dst);
  const int D = T.maxDegree();
  const Index LB = T.volumeLowerBound();
  Index Best = -1;
  for (const Scheduler *S : allSchedulers()) {
    PlanRequest Req;
    Req.Table = &T;
    if (!S->applicable(Req, nullptr))
      continue; // e.g. exact beyond its size, block-cyclic-only schedulers
    if (S->name() == "exact" && !WithExact)
      continue;
    Plan P = makePlan(T, {.Scheduler = std::string(S->name()), .Seed = 11});
    SCOPED_TRACE(std::string(S->name()) + ": " +
                 Distribution::genBlock(Src).format(true) + " -> " +
                 Distribution::genBlock(Dst).format(true));
    ASSERT_TRUE(P.Valid);
    EXPECT_EQ(P.Used, S->name()); // no fallback: the algorithm's own schedule
    EXPECT_GE(P.Cost, LB);
    if (S->name() == "tpdr" || S->name() == "etpdr" || S->name() == "dca" ||
        S->name() == "relocation" || S->name() == "exact") {
      EXPECT_EQ(int(P.Sched.stepCount()), D);
    }
    if (S->name() == "exact")
      Best = P.Cost;
  }
  Plan Auto = makePlan(T, {.Scheduler = "auto", .Seed = 11});
  for (const Scheduler *S : allSchedulers()) {
    PlanRequest Req;
    Req.Table = &T;
    if (S->name() == "exact" || S->name() == "auto" ||
        !S->applicable(Req, nullptr))
      continue;
    Plan P = makePlan(T, {.Scheduler = std::string(S->name()), .Seed = 11});
    EXPECT_LE(Auto.Cost, P.Cost) << "auto worse than " << S->name();
    if (Best >= 0 && int(P.Sched.stepCount()) == D) {
      EXPECT_GE(P.Cost, Best) << S->name() << " beat the exact optimum";
    }
  }
}

} // namespace

TEST(IrregularProperty, SmallRandomGenBlockPairs) {
  std::mt19937_64 Rng(2024);
  Seen S;
  for (int Case = 0; Case < 3000; ++Case) {
    int P = 1 + int(Rng() % 9), Q = 1 + int(Rng() % 9);
    Index N = Index(Rng() % 25);
    std::vector<Index> Src = randomCuts(Rng, P, N), Dst = randomCuts(Rng, Q, N);
    note(S, Src, Dst);
    checkCase(Src, Dst, /*WithExact=*/true);
    if (::testing::Test::HasFatalFailure())
      return;
  }
  // The sweep really covers the edge cases it claims to.
  EXPECT_GT(S.ZeroBlocks, 500);
  EXPECT_GT(S.EmptyArrays, 50);
  EXPECT_GT(S.Coincident, 500);
  EXPECT_GT(S.Unequal, 2000);
}

TEST(IrregularProperty, LargerRandomGenBlockPairs) {
  std::mt19937_64 Rng(77);
  for (int Case = 0; Case < 300; ++Case) {
    int P = 8 + int(Rng() % 40), Q = 8 + int(Rng() % 40);
    Index N = Index(Rng() % 2000);
    checkCase(randomCuts(Rng, P, N), randomCuts(Rng, Q, N),
              /*WithExact=*/false);
    if (::testing::Test::HasFatalFailure())
      return;
  }
}
