// Independent loops that count down (`--i`, `i -= 2`, `i > lb`, `i >= lb`)
// and `i != ub` with a unit step: each rank visits its segments from the
// last to the first, each downward, so a rank's iterations keep the
// sequential order (floating-point reductions add in that order). Reads at
// i - 1 of the array written at i: the sequential loop counting down writes
// A[i - 1] later, so a copy from before the loop is right.
// REQUIRES: mpi
// RUN: %e2e --tmp %t --ranks 1,2,3,4 %s | FileCheck %s
// CHECK: e2e: -n 1: same output
// CHECK: e2e: -n 4: same output
#include <cstdio>

constexpr int N = 29;
#pragma hpf processors P(*)
double A[N];
double B[N];
int C[N];
#pragma hpf distribute A(block) onto P
#pragma hpf distribute B(cyclic(2)) onto P
#pragma hpf distribute C(cyclic(3)) onto P

constexpr int R = 5, K = 9;
double M[R][K];
#pragma hpf distribute M(cyclic, *) onto P

int main(int argc, char **argv) {
  const int n = argc > 5 ? 3 : N; // a bound read at run time
#pragma hpf independent
  for (int i = n - 1; i >= 0; --i)
    A[i] = i + 0.25;
#pragma hpf independent
  for (int i = N - 1; i >= 0; --i)
    B[i] = 1.0 / (i + 1);
#pragma hpf independent
  for (int i = N - 1; i >= 0; --i)
    C[i] = i * i;
#pragma hpf independent
  for (int i = N - 1; i > 0; i -= 2)
    A[i] = A[i - 1] * 3;
#pragma hpf independent
  for (int i = 0; i != N; ++i)
    C[i] -= 5;
#pragma hpf independent
  for (int i = N - 1; i != 4; --i)
    C[i] += 1;
  double s = 0;
  int mn = 1 << 30;
#pragma hpf independent reduction(+ : s) reduction(min : mn)
  for (int i = N - 2; i >= 1; i = i - 3) {
    s += B[i] * 1e-3 + A[i];
    mn = C[i] < mn ? C[i] : mn;
  }
  // Empty: starts below its bound.
#pragma hpf independent reduction(+ : s)
  for (int i = -1; i >= 0; --i)
    s += A[i];
#pragma hpf independent
  for (int r = R - 1; r >= 0; --r)
#pragma hpf independent
    for (int c = K - 1; c >= 0; c -= 2)
      M[r][c] = r * 10 + c;
#pragma hpf independent
  for (int r = 0; r < R; ++r)
#pragma hpf independent
    for (int c = K - 2; c >= 0; c -= 2)
      M[r][c] = -r;
  std::printf("s %.9f mn %d\n", s, mn);
  for (int i = 0; i < N; ++i)
    std::printf("%d %.3f %.4f %d\n", i, A[i], B[i], C[i]);
  for (int r = 0; r < R; ++r)
    for (int c = 0; c < K; ++c)
      std::printf("%.0f%c", M[r][c], c + 1 < K ? ' ' : '\n');
  return 0;
}
