//===- test/unit/runtime/ExactSumTest.cpp - reproducible sums --------------===//
//
// mpi/ExactSum.h: the sum of a set of doubles does not depend on the order
// of the additions or on how they are split into partial accumulators (the
// ranks), is exact where a double can hold it, and follows IEEE for
// infinities and NaNs. No MPI.
//
//===----------------------------------------------------------------------===//
#include "mpi/ExactSum.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <vector>

namespace {

using hpf::rt::ExactSum;
__extension__ typedef unsigned __int128 U128;

std::uint64_t bits(double X) { return std::bit_cast<std::uint64_t>(X); }

double sumOf(const std::vector<double> &V) {
  ExactSum S;
  for (double X : V)
    S.add(X);
  return S.value();
}

/// Doubles over many binades, both signs, some subnormal.
std::vector<double> wideValues(std::mt19937_64 &G, int N) {
  std::uniform_real_distribution<double> Frac(-1, 1);
  std::uniform_int_distribution<int> Exp(-1074, 1000);
  std::vector<double> V;
  for (int I = 0; I < N; ++I)
    V.push_back(std::ldexp(Frac(G), I % 3 == 0 ? Exp(G) : Exp(G) / 20));
  return V;
}

TEST(ExactSum, ExactWhereADoubleCanHoldIt) {
  EXPECT_EQ(sumOf({1e100, 1.0, -1e100}), 1.0);
  EXPECT_EQ(sumOf({0x1p-1074, 0x1p-1074, 0x1p-1074}), 3 * 0x1p-1074);
  EXPECT_EQ(sumOf({0x1p1023, 0x1p1023, -0x1p1023}), 0x1p1023);
  EXPECT_EQ(sumOf({-2.5, -0.25}), -2.75);
  EXPECT_EQ(sumOf({}), 0.0);
  // Ten times the double nearest 0.1 is 1 + 2^-54 + ..., which rounds to 1;
  // the left-to-right loop gives 0.9999999999999999.
  EXPECT_EQ(sumOf(std::vector<double>(10, 0.1)), 1.0);
  // Beyond double range in between, back in range at the end.
  EXPECT_EQ(sumOf({0x1.fffffffffffffp1023, 0x1.fffffffffffffp1023,
                   -0x1.fffffffffffffp1023}),
            0x1.fffffffffffffp1023);
}

TEST(ExactSum, SameBitsInAnyOrderAndAnySplit) {
  std::mt19937_64 G(7);
  for (int Round = 0; Round < 20; ++Round) {
    std::vector<double> V = wideValues(G, 2000);
    const double Ref = sumOf(V);
    std::shuffle(V.begin(), V.end(), G);
    EXPECT_EQ(bits(sumOf(V)), bits(Ref));
    // Split over 1..7 "ranks", each with its own accumulator, combined.
    for (int Ranks = 1; Ranks <= 7; ++Ranks) {
      std::vector<ExactSum> Part(static_cast<std::size_t>(Ranks));
      for (std::size_t I = 0; I < V.size(); ++I)
        Part[I % std::size_t(Ranks)].add(V[I]);
      // Through save/load, limb-wise, as MPI_Allreduce combines them.
      std::vector<std::int64_t> Sum(ExactSum::Size, 0);
      for (ExactSum &P : Part) {
        std::int64_t L[ExactSum::Size];
        P.save(L);
        for (int K = 0; K < ExactSum::Size; ++K)
          Sum[std::size_t(K)] += L[K];
      }
      EXPECT_EQ(bits(ExactSum::load(Sum.data()).value()), bits(Ref));
      ExactSum All;
      for (const ExactSum &P : Part)
        All.add(P);
      EXPECT_EQ(bits(All.value()), bits(Ref));
    }
  }
}

TEST(ExactSum, CloseToTheCorrectlyRoundedSum) {
  // Integers below 2^53 have exact double sums: compare with the integer
  // sum, scaled by powers of two so digits straddle limbs.
  std::mt19937_64 G(11);
  std::uniform_int_distribution<std::int64_t> Int(-(1LL << 40), 1LL << 40);
  for (int Scale : {-1070, -600, -37, 0, 5, 500, 900}) {
    std::int64_t Exact = 0;
    ExactSum S;
    for (int I = 0; I < 1000; ++I) {
      std::int64_t X = Int(G);
      Exact += X;
      S.add(std::ldexp(double(X), Scale));
    }
    EXPECT_EQ(S.value(), std::ldexp(double(Exact), Scale)) << Scale;
  }
}

TEST(ExactSum, InfinitiesAndNaNsAsIEEE) {
  const double Inf = std::numeric_limits<double>::infinity();
  EXPECT_EQ(sumOf({1.0, Inf, 2.0}), Inf);
  EXPECT_EQ(sumOf({-Inf, 1.0}), -Inf);
  EXPECT_TRUE(std::isnan(sumOf({Inf, -Inf})));
  EXPECT_TRUE(std::isnan(sumOf({1.0, std::nan("")})));
}

TEST(ExactSum, FullMantissasCarryAcrossLimbs) {
  // 53-bit mantissas at every shift within a limb: digits fill up and
  // carry; the result is the correctly rounded exact integer sum.
  const double Big = 0x1.fffffffffffffp52; // 2^53 - 1
  for (int Shift : {0, 11, 31, 32, 45}) {
    ExactSum S;
    U128 Exact = 0;
    for (int I = 0; I < 200000; ++I) {
      S.add(std::ldexp(Big, Shift));
      Exact += U128((1ULL << 53) - 1) << Shift;
    }
    EXPECT_EQ(S.value(), double(Exact)) << Shift;
  }
}

} // namespace
