// A nest that falls back to running on every rank (a recurrence) keeps the
// replicated I/O of the functions it calls: every rank runs every
// iteration, so rank 0 prints each line once, in the sequential order
// (while a split independent loop prints per rank: run-io-calls.cpp).
// REQUIRES: mpi
// RUN: %e2e --tmp %t --ranks 1,2,3,4 %s | FileCheck %s
// CHECK: e2e: sequential output: X[0][1] = 0.5
// CHECK: e2e: -n 1: same output
// CHECK: e2e: -n 2: same output
// CHECK: e2e: -n 3: same output
// CHECK: e2e: -n 4: same output
#include <cstdio>
#include <iostream>
constexpr int N = 6;
#pragma hpf processors G(*, *)
double X[N][N];
#pragma hpf distribute X(block, block) onto G
void show(int i, int j, double v) {
  std::printf("X[%d][%d] = %g\n", i, j, v);
}
void total(double v) { std::cout << "row end " << v << "\n"; }
int main() {
#pragma hpf independent
  for (int i = 0; i < N; ++i) {
    for (int j = 1; j < N; ++j) {
      X[i][j] = X[i][j - 1] + i + 0.5 * j;
      show(i, j, X[i][j]);
    }
    total(X[i][N - 1]);
  }
  std::printf("%g\n", X[N - 1][N - 1]);
}
