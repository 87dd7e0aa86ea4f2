// MINLOC/MAXLOC loops: a `reduction(min: best)` (or max) whose update is
// `if (v < best) { best = v; where = i; }` also records where the value
// came from, with the sequential meaning: `<` and `>` keep the first
// iteration reaching the extreme, `<=` and `>=` the last, in the loop's
// order; an initial value no iteration beats keeps the locations' initial
// values. Ties are everywhere (small integer values): block, cyclic and
// cyclic(3) loops, the mirrored forms `best > v`, a value that is an
// expression of the iteration (`std::abs(A[i] - B[i])`, a local), location
// expressions (`i + 1`, two locations, none), a reversed loop, a 2-D nest over a
// cyclic dimension recording both indices, an update inside an inner loop
// that is not a level (ties within one level iteration), and a loop over no
// distributed array split by its iterations. Same output as sequential at
// -n 1..4, also with --hpf-reproducible-sums (a `+` reduction in the same
// loop is then exact).
// REQUIRES: mpi
// RUN: %e2e --tmp %t --ranks 1,2,3,4 %s | FileCheck %s
// RUN: %e2e --tmp %t.repro --ranks 1,3 --flag=--hpf-reproducible-sums %s | FileCheck %s --check-prefix=REPRO
// CHECK: e2e: sequential output: block < 0 at 0
// CHECK: e2e: -n 1: same output
// CHECK: e2e: -n 2: same output
// CHECK: e2e: -n 3: same output
// CHECK: e2e: -n 4: same output
// REPRO: e2e: -n 1: same output
// REPRO: e2e: -n 3: same output
// RUN: %hpfcc --hpf-emit-source %s | %strip_checks | FileCheck %s --check-prefix=CODE
// CODE: hpf::loc_reduction<1> __hpf_loc_best{{[0-9]+}}(hpf::loc_cmp::lt, "+",
// CODE: if (__hpf_loc_best{{[0-9]+}}.at(i).lt(
// CODE: __hpf_loc_best{{[0-9]+}}.combine(best, where);
// CODE: hpf::loc_reduction<2> __hpf_loc_big{{[0-9]+}}(hpf::loc_cmp::ge, "++",
// CODE: .at(i, j).ge(
// CODE: .combine(big, wi, wj);
#include <cmath>
#include <cstdio>

constexpr int N = 100;
#pragma hpf processors P(*)
double A[N], B[N];
#pragma hpf distribute A(block) onto P
#pragma hpf distribute B(block) onto P
int C[N];
#pragma hpf distribute C(cyclic) onto P
int D[N];
#pragma hpf distribute D(cyclic(3)) onto P
double M[12][10];
#pragma hpf distribute M(cyclic, *) onto P

int main() {
#pragma hpf independent
  for (int i = 0; i < N; ++i) {
    A[i] = (i * 7) % 10;      // 0 at 0, 10, ..., 90; 9 at 7, 17, ...
    B[i] = (i * 3) % 5;
    C[i] = (i * 13) % 17 - 8; // -8 at 0, 17, 34, ...; 8 at 16, 33, ...
    D[i] = (i % 7) * (i % 5); // 0 at many indices
  }
#pragma hpf independent
  for (int i = 0; i < 12; ++i)
#pragma hpf independent
    for (int j = 0; j < 10; ++j)
      M[i][j] = double((i * 5 + j * 3) % 7);

  {
    double best = 1e9;
    int where = -1;
#pragma hpf independent reduction(min : best)
    for (int i = 0; i < N; ++i)
      if (A[i] < best) {
        best = A[i];
        where = i;
      }
    std::printf("block < %g at %d\n", best, where);
  }
  {
    double best = 1e9;
    int where = -1;
#pragma hpf independent reduction(min : best)
    for (int i = 0; i < N; ++i)
      if (best >= A[i]) {
        where = i;
        best = A[i];
      }
    std::printf("block <= (mirrored) %g at %d\n", best, where);
  }
  {
    int big = -100, at = -1;
    long at1 = -1;
#pragma hpf independent reduction(max : big)
    for (int i = 0; i < N; ++i)
      if (C[i] > big) {
        big = C[i];
        at = i;
        at1 = i + 1;
      }
    std::printf("cyclic > %d at %d (%ld)\n", big, at, at1);
  }
  {
    int big = -100, at = -1;
#pragma hpf independent reduction(max : big)
    for (int i = 0; i < N; ++i)
      if (big <= C[i]) {
        big = C[i];
        at = i;
      }
    std::printf("cyclic >= (mirrored) %d at %d\n", big, at);
  }
  {
    int small = 1000, first = -1, last = -1, small2 = 1000, big3 = -1;
#pragma hpf independent reduction(min : small, small2) reduction(max : big3)
    for (int i = 0; i < N; ++i) {
      if (big3 < D[i]) // no location: a plain max
        big3 = D[i];
      if (D[i] < small) {
        small = D[i];
        first = i;
      }
      if (D[i] <= small2) {
        small2 = D[i];
        last = i;
      }
    }
    std::printf("cyclic(3) zeros: first %d last %d (%d %d), max %d\n", first,
                last, small, small2, big3);
  }
  {
    // The value is an expression of the iteration; B is read from a copy.
    double best = 1e9, sum = 0;
    int where = -7;
#pragma hpf independent reduction(min : best) reduction(+ : sum)
    for (int i = 0; i < N; ++i) {
      sum += A[i];
      if (std::abs(A[i] - B[i]) < best) {
        best = std::abs(A[i] - B[i]);
        where = i;
      }
    }
    std::printf("abs diff %g at %d, sum %g\n", best, where, sum);
  }
  {
    // A local holds the value; counting down, the first iteration reached
    // is the highest index.
    double best = 1e9, worst = -1e9;
    int first = -1, last = -1, hi = -1;
#pragma hpf independent reduction(min : best) reduction(max : worst)
    for (int i = N - 1; i >= 0; --i) {
      const double v = A[i] + B[i];
      if (v < best) {
        best = v;
        first = i;
      }
      if (v >= worst) {
        worst = v;
        last = i;
        hi = N - i;
      }
    }
    std::printf("reversed: min %g first at %d, max %g last at %d (%d)\n", best,
                first, worst, last, hi);
  }
  {
    // Nothing beats the initial value: the locations keep theirs; an equal
    // initial value is beaten by `<=` (the last iteration equal to it).
    double best = -1, even = 0;
    int where = -7, at = -7;
#pragma hpf independent reduction(min : best, even)
    for (int i = 0; i < N; ++i) {
      if (A[i] < best) {
        best = A[i];
        where = i;
      }
      if (A[i] <= even) {
        even = A[i];
        at = i;
      }
    }
    std::printf("initial kept: %g at %d; equal initial %g at %d\n", best,
                where, even, at);
  }
  {
    double big = -1, small = 1e9;
    int wi = -1, wj = -1, si = -1, sj = -1;
#pragma hpf independent reduction(max : big) reduction(min : small)
    for (int i = 0; i < 12; ++i)
#pragma hpf independent
      for (int j = 0; j < 10; ++j) {
        if (M[i][j] >= big) {
          big = M[i][j];
          wi = i;
          wj = j;
        }
        if (M[i][j] < small) {
          small = M[i][j];
          si = i;
          sj = j;
        }
      }
    std::printf("2-D: max %g last at (%d, %d), min %g first at (%d, %d)\n",
                big, wi, wj, small, si, sj);
  }
  {
    // Inside an inner loop that is not a level: ties within one iteration
    // of the level keep the loop's order (k = 0 before k = 2).
    double best = 1e9, worst = -1e9;
    int bi = -1, bk = -1, wi = -1, wk = -1;
#pragma hpf independent reduction(min : best) reduction(max : worst)
    for (int i = 0; i < N; ++i)
      for (int k = 0; k < 4; ++k) {
        const double v = A[i] + k % 2;
        if (v < best) {
          best = v;
          bi = i;
          bk = k;
        }
        if (worst <= v) {
          worst = v;
          wi = i;
          wk = k;
        }
      }
    std::printf("inner: min %g at (%d, %d), max %g at (%d, %d)\n", best, bi,
                bk, worst, wi, wk);
  }
  {
    // No distributed array: the ranks split the iterations.
    int best = 1000, first = -1, last = -1, best2 = 1000;
#pragma hpf independent reduction(min : best, best2)
    for (int i = 0; i < 1000; ++i) {
      const int v = (i * 37) % 101;
      if (v < best) {
        best = v;
        first = i;
      }
      if (v <= best2) {
        best2 = v;
        last = i;
      }
    }
    std::printf("split: %d first at %d, %d last at %d\n", best, first, best2,
                last);
  }
}
