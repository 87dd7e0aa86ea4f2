// The first annotations of a NAS-style code: variables declared at the top
// of the function and assigned in every iteration (private to each rank's
// iterations, analysis/loops/LoopPrivates.cpp), loop indices declared before the
// loop, HPF's new(...) for a global scratch array a helper fills through a
// pointer, and loops over no distributed array split over the ranks by
// their iterations (EP's shape), reductions combined after the loop.
// REQUIRES: mpi
// RUN: %e2e --tmp %t --ranks 1,2,3,4 %s | FileCheck %s
// RUN: %hpfcc -Rhpf -fsyntax-only %s 2>&1 | FileCheck %s --check-prefix=REMARK
// CHECK: e2e: sequential output: sx -433 sy 2268 q 38 34 36 36 38 37 34 38 | lo 1 | A 2080 | k 99
// CHECK: e2e: -n 1: same output
// CHECK: e2e: -n 2: same output
// CHECK: e2e: -n 3: same output
// CHECK: e2e: -n 4: same output
// REMARK-DAG: [[#@LINE+23]]:1: remark: private to each rank's iterations (assigned before they are read, not read after the loop): 't1', 't2', 'l', 'i', 'x'
// REMARK-DAG: [[#@LINE+22]]:1: remark: independent loop uses no distributed array: its iterations are split over the ranks in blocks ('k': rank r runs the r-th of P), 3 reduction(s) combined across ranks
// REMARK-DAG: [[#@LINE+40]]:1: remark: independent loop uses no distributed array: its iterations are split over the ranks in blocks ('k': rank r runs the r-th of P), 1 reduction(s) combined across ranks
// REMARK-DAG: [[#@LINE+47]]:1: remark: private to each rank's iterations (assigned before they are read, not read after the loop): 'v'
#include <algorithm>
#include <cstdio>

constexpr int NK = 8, NQ = 8, N = 64;
static double x[2 * NK]; // EP's scratch: refilled by every iteration
double A[N];
#pragma hpf distribute A(block)

// Fills x from a seed through a pointer, as EP's vranlc does.
void fill(int n, double seed, double *y) {
  for (int j = 0; j < n; ++j)
    y[j] = double((int(seed) * 7 + j * 3) % 11) - 5;
}

int main() {
  double t1, t2, sx = 0, sy = 0;
  double q[NQ] = {};
  int i, k, l;
  const int np = 67;
#pragma hpf independent new(x) reduction(+: sx, sy, q)
  for (k = 1; k <= np; k++) {
    t1 = k;
    fill(2 * NK, t1, x);
    for (i = 0; i < NK; i++) {
      t2 = x[2 * i] * x[2 * i + 1];
      if (t2 >= 0) {
        l = (k + i) % NQ;
        q[l] += 1;
        sx = sx + x[2 * i];
        sy = sy + (t2 * 2 - x[2 * i + 1]);
      }
    }
  }
  std::printf("sx %g sy %g q", sx, sy);
  for (int j = 0; j < NQ; ++j)
    std::printf(" %g", q[j]);
  // Counting down by two, a min reduction.
  int lo = 1000;
#pragma hpf independent reduction(min: lo)
  for (k = 99; k > 0; k -= 2)
    lo = std::min(lo, (k * 37) % 101);
  std::printf(" | lo %d", lo);
  // A loop over a distributed array with a private and an index declared
  // before it.
  double v;
  int m;
#pragma hpf independent
  for (m = 0; m < N; ++m) {
    v = m + 1;
    A[m] = v;
  }
  double s = 0;
#pragma hpf independent reduction(+: s)
  for (int j = 0; j < N; ++j)
    s += A[j];
  k = 99;
  std::printf(" | A %g | k %d\n", s, k);
}
