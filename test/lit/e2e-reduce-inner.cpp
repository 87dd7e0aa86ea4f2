// A reduction clause on an inner level of a nest, its variable declared in
// the outer loop's body (a row sum): the inner level runs its whole range
// on every rank (a '*' dimension, or an array read at its index from a
// copy), so each rank's sum is the sequential one.
// REQUIRES: mpi
// RUN: %e2e --tmp %t --ranks 1,2,3,4 %s | FileCheck %s
// CHECK: e2e: -n 1: same output
// CHECK: e2e: -n 2: same output
// CHECK: e2e: -n 3: same output
// CHECK: e2e: -n 4: same output
#include <algorithm>
#include <cstdio>

constexpr int N = 10;
double U[N][N];
#pragma hpf distribute U(block, *)
double R[N];
#pragma hpf distribute R(block)
double A[N], B[N];
#pragma hpf distribute A(block)
#pragma hpf distribute B(cyclic)

int main() {
#pragma hpf independent
  for (int i = 0; i < N; ++i) {
    A[i] = i + 1;
    B[i] = 2 * i;
  }
#pragma hpf independent
  for (int i = 0; i < N; ++i)
#pragma hpf independent
    for (int j = 0; j < N; ++j)
      U[i][j] = i * N + j;
#pragma hpf independent
  for (int i = 0; i < N; ++i) {
    double s = 0;
    long m = 1;
#pragma hpf independent reduction(+ : s) reduction(max : m)
    for (int j = 0; j < N; ++j) {
      s += U[i][j];
      m = std::max(m, long(U[i][j]) % 7);
    }
    R[i] = s + m;
  }
  // One-dimensional arrays: A is the home array, B read at j from a copy.
#pragma hpf independent
  for (int i = 0; i < N; ++i) {
    double t = 0;
#pragma hpf independent reduction(+ : t)
    for (int j = 0; j < N; ++j)
      t += B[j] * A[i];
    A[i] = t;
  }
  for (int i = 0; i < N; ++i)
    std::printf("%d %g %g\n", i, R[i], A[i]);
  return 0;
}
