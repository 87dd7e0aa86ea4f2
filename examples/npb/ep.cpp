// NAS Parallel Benchmarks, EP (embarrassingly parallel), written for hpfcc
// from the benchmark's specification (NAS reports RNR-94-007 and NPB 2).
//
// EP draws 2^(M+1) uniform pseudorandom numbers from the linear congruential
// generator x_{k+1} = a x_k mod 2^46 (a = 5^13, first seed 271828183), in
// batches of 2^MK pairs. Every pair (x, y) = (2u - 1, 2v - 1) inside the unit
// disc (t = x^2 + y^2 <= 1) becomes a pair of Gaussian deviates by
// Marsaglia's polar method, X = x sqrt(-2 ln t / t), Y = y sqrt(-2 ln t / t);
// the benchmark reports the sums of the X and of the Y and how many pairs
// fall in each square annulus l <= max(|X|, |Y|) < l + 1.
//
// Each batch starts from its own seed, s a^(2^(MK+1) (k-1)), computed by
// repeated squaring, so no batch depends on another: the one directive
// splits the batches over the ranks; each rank refills the scratch array x
// in every batch (new(x)), and the sums and counts are combined.
//
//   clang++ -std=c++20 -O3 -DCLASS=W ep.cpp -o ep && ./ep
//   hpfcc -O3 -DCLASS=W ep.cpp -o ep && mpiexec.mpich -n 2 ./ep
//
// Class S (the default), W or A; the run time ("Time in seconds", "Mop/s
// total") is the only output that changes from run to run.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>

#include "randdp.h"

#ifndef CLASS
#define CLASS S
#endif
#define EP_STRING2(X) #X
#define EP_STRING(X) EP_STRING2(X)

// The problem classes: M (2^(M+1) numbers) and the sums the specification
// gives for them.
struct ProblemClass {
  char Name;
  int M;
  double SumX, SumY;
};
constexpr ProblemClass Classes[] = {
    {'S', 24, -3.247834652034740e+3, -6.958407078382297e+3},
    {'W', 25, -2.863319731645753e+3, -6.320053679109499e+3},
    {'A', 28, -4.295875165629892e+3, -1.580732573678431e+4},
};
constexpr const ProblemClass *findClass(char Name) {
  for (const ProblemClass &C : Classes)
    if (C.Name == Name)
      return &C;
  return nullptr;
}
constexpr const ProblemClass *Problem = findClass(EP_STRING(CLASS)[0]);
static_assert(Problem, "CLASS must be S, W or A");

constexpr int M = Problem->M;
constexpr int MK = 16;                      // 2^MK pairs per batch
constexpr int NK = 1 << MK;                 // pairs per batch
constexpr int NB = 1 << (M - MK);           // batches
constexpr int NQ = 10;                      // annuli counted
constexpr double Multiplier = 1220703125.0; // 5^13
constexpr double FirstSeed = 271828183.0;
constexpr double Epsilon = 1.0e-8; // relative error the verification allows

// One batch's uniform numbers, refilled by every batch.
static double x[2 * NK];

void printResults(bool Verified, double Seconds);

int main() {
  double an, seed, t1, t2, t3, t4, x1, x2, sx, sy, pairs, sxErr, syErr;
  double q[NQ];
  int i, k, l;

  std::printf("\n NAS Parallel Benchmarks (hpfcc example) - EP Benchmark\n\n");
  std::printf(" Number of random numbers generated: %15.0f\n\n",
              std::ldexp(1.0, M + 1));

  // a^(2^(MK+1)): the multiplier that moves the generator one batch (2 NK
  // numbers) ahead.
  an = Multiplier;
  for (i = 0; i <= MK; i++)
    randlc(&an, an);

  sx = 0;
  sy = 0;
  for (i = 0; i < NQ; i++)
    q[i] = 0;

  auto start = std::chrono::steady_clock::now();
#pragma hpf independent new(x) reduction(+: sx, sy, q)
  for (k = 1; k <= NB; k++) {
    seed = advance(FirstSeed, an, k - 1);
    vranlc(2 * NK, &seed, Multiplier, x);
    for (i = 0; i < NK; i++) {
      x1 = 2.0 * x[2 * i] - 1.0;
      x2 = 2.0 * x[2 * i + 1] - 1.0;
      t1 = x1 * x1 + x2 * x2;
      if (t1 <= 1.0) {
        t2 = std::sqrt(-2.0 * std::log(t1) / t1);
        t3 = x1 * t2;
        t4 = x2 * t2;
        l = static_cast<int>(std::max(std::fabs(t3), std::fabs(t4)));
        q[l] += 1.0;
        sx += t3;
        sy += t4;
      }
    }
  }
  double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
          .count();

  pairs = 0;
  for (i = 0; i < NQ; i++)
    pairs += q[i];
  sxErr = std::fabs((sx - Problem->SumX) / Problem->SumX);
  syErr = std::fabs((sy - Problem->SumY) / Problem->SumY);
  bool verified = sxErr <= Epsilon && syErr <= Epsilon;

  // The sums to 11 significant digits: their last bits depend on the order
  // of the additions, which changes with the number of ranks (class S: by
  // about 1e-13 of the sum); 11 digits are still 3 more than the
  // verification checks.
  std::printf(" EP Benchmark Results:\n\n");
  std::printf(" N = 2^%d\n", M);
  std::printf(" No. Gaussian Pairs = %15.0f\n", pairs);
  std::printf(" Sums = %19.10e %19.10e\n", sx, sy);
  std::printf(" Counts:\n");
  for (i = 0; i < NQ; i++)
    std::printf("%3d%15.0f\n", i, q[i]);
  printResults(verified, seconds);
  return verified ? 0 : 1;
}

// NPB's closing block. Time and Mop/s are the only lines that change from
// run to run.
void printResults(bool Verified, double Seconds) {
  std::printf("\n EP Benchmark Completed.\n");
  std::printf(" Class           = %24c\n", Problem->Name);
  std::printf(" Size            = %24.0f\n", std::ldexp(1.0, M + 1));
  std::printf(" Iterations      = %24d\n", NB);
  std::printf(" Time in seconds = %24.2f\n", Seconds);
  std::printf(" Mop/s total     = %24.2f\n",
              std::ldexp(1.0, M + 1) / Seconds / 1.0e6);
  std::printf(" Operation type  = Random numbers generated\n");
  std::printf(" Verification    = %24s\n",
              Verified ? "SUCCESSFUL" : "UNSUCCESSFUL");
}
