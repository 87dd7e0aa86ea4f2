// Nested independent loops over one-dimensional arrays: the level whose
// index subscripts the array written (the home array) runs over the
// elements each rank owns, the other levels over their whole range (as
// written); elements at another level's index are read from copies. The
// inner level may be the distributed one.
// REQUIRES: mpi
// RUN: %e2e --tmp %t --ranks 1,2,3,4 %s | FileCheck %s
// CHECK: e2e: -n 1: same output
// CHECK: e2e: -n 4: same output
#include <cstdio>

constexpr int N = 13, M = 10;
#pragma hpf processors P(*)
double C[N];
double A[M];
double D[M];
#pragma hpf distribute C(block) onto P
#pragma hpf distribute A(cyclic(2)) onto P
#pragma hpf distribute D(block) onto P

int main() {
#pragma hpf independent
  for (int j = 0; j < M; ++j)
    A[j] = j + 1;
#pragma hpf independent
  for (int j = 0; j < M; ++j)
    D[j] = 0;
#pragma hpf independent
  for (int i = 0; i < N; ++i) {
    C[i] = 0;
#pragma hpf independent
    for (int j = 0; j < M; ++j)
      C[i] += A[j] * (i + 1);
  }
  // The inner level is the distributed one: every rank runs all of i.
#pragma hpf independent
  for (int i = 0; i < 3; ++i) {
#pragma hpf independent
    for (int j = M - 1; j >= 0; j -= 1)
      D[j] += i * A[j];
  }
  double s = 0;
#pragma hpf independent reduction(+ : s)
  for (int i = 0; i < N; i += 2) {
#pragma hpf independent
    for (int j = 1; j < M; j += 3)
      s += C[i] * A[j];
  }
  std::printf("s %.1f\n", s);
  for (int i = 0; i < N; ++i)
    std::printf("C %d %.1f\n", i, C[i]);
  for (int j = 0; j < M; ++j)
    std::printf("D %d %.1f\n", j, D[j]);
  return 0;
}
