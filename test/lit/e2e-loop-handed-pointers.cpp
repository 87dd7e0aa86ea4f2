// C-style helpers that take non-const pointers (FT's cfftz and fftz2, as
// NAS writes them): a call in an independent loop hands a helper arrays
// it only reads (a global table of roots, passed on through two levels)
// and scratch arrays it writes. What a followed callee does with each
// pointer parameter is the effects analysis' answer at its body
// (analysis/effects/Effects.cpp): the table passed to a parameter the
// callee only reads is not written, so the loop is split over the ranks;
// a helper that writes through the table's parameter is an error at the
// call that hands it (diag-effects-pointers.cpp).
// REQUIRES: mpi
// RUN: %e2e --tmp %t --ranks 1,2,3 %s | FileCheck %s
// CHECK: e2e: sequential output: sum {{-?[0-9.]+}}
// CHECK: e2e: -n 1: same output
// CHECK: e2e: -n 2: same output
// CHECK: e2e: -n 3: same output
// RUN: %hpfcc -Rhpf -fsyntax-only %s 2>&1 | FileCheck %s --check-prefix=REMARK
// REMARK-NOT: error
// REMARK-NOT: runs on every rank
#include <cstdio>

constexpr int N = 24, M = 8;
static double Roots[M];
double A[N][M];
#pragma hpf distribute A(block, *)

// Reads u (the table), writes y: the parameters are not const.
static void butterfly(int Half, double u[], double x[], double y[]) {
  for (int i = 0; i < Half; i++) {
    y[i] = x[i] + u[i] * x[i + Half];
    y[i + Half] = x[i] - u[i] * x[i + Half];
  }
}

// Passes the table on, and the scratch arrays both ways round.
static void transform(double x[], double y[]) {
  butterfly(M / 2, Roots, x, y);
  butterfly(M / 2, Roots, y, x);
}

int main() {
  for (int i = 0; i < M; i++)
    Roots[i] = 1.0 / (i + 2);
  // REMARK: [[@LINE+1]]:1: remark: independent loop nest over 'A' ((block, *) onto all ranks): 'k' over the owned indices
#pragma hpf independent
  for (int k = 0; k < N; k++) {
    double x[M], y[M];
    for (int i = 0; i < M; i++)
      x[i] = k + 0.5 * i;
    transform(x, y);
    for (int i = 0; i < M; i++)
      A[k][i] = x[i];
  }
  double Sum = 0;
  for (int k = 0; k < N; k++)
    for (int i = 0; i < M; i++)
      Sum += A[k][i] * (i + 1);
  std::printf("sum %.6f\n", Sum);
  return 0;
}
