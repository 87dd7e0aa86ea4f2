// Nests that cannot run in parallel are not rejected: an inner loop that is
// not marked independent and carries a dependence over a distributed
// dimension (a recurrence X[i][j] = X[i][j - 1] + t) makes the nest run on
// every rank over whole copies of its arrays, each rank keeping the elements
// it owns (analysis/loops/Replicated.cpp). Covered: (block, block), (*, block), a
// reduction clause, output inside the nest (replicated I/O: printed once), a
// segmented prefix sum over a 1-D array, and a nest that stays parallel.
// REQUIRES: mpi
// RUN: %e2e --tmp %t --ranks 1,2,3,4 %s | FileCheck %s
// CHECK: e2e: sequential output: Z row 0 ends
// CHECK: e2e: -n 1: same output
// CHECK: e2e: -n 2: same output
// CHECK: e2e: -n 3: same output
// CHECK: e2e: -n 4: same output
#include <cstdio>

constexpr int N = 6, M = 9, S = 3, L = 5;
#pragma hpf processors G(1, number_of_processors())
#pragma hpf processors P(*)
double X[N][M];
#pragma hpf distribute X(block, block) onto G
long Y[N][M];
#pragma hpf distribute Y(*, block) onto P
double Z[N][M];
#pragma hpf distribute Z(block, cyclic(2)) onto G
long A[S * L];
#pragma hpf distribute A(cyclic(2)) onto P

int main() {
  const double t = 0.5;
#pragma hpf independent
  for (int i = 0; i < N; ++i) {
#pragma hpf independent
    for (int j = 0; j < M; ++j)
      X[i][j] = i + 0.1 * j;
  }
#pragma hpf independent
  for (int i = 0; i < N; ++i) {
#pragma hpf independent
    for (int j = 0; j < M; ++j)
      Y[i][j] = i * M + j;
  }
#pragma hpf independent
  for (int i = 0; i < N; ++i) {
#pragma hpf independent
    for (int j = 0; j < M; ++j)
      Z[i][j] = 1;
  }
  // The recurrence along the distributed dimension 1.
#pragma hpf independent
  for (int i = 0; i < N; ++i)
    for (int j = 1; j < M; ++j)
      X[i][j] = X[i][j - 1] + t;
  // (*, block): dimension 0 is whole on every rank, dimension 1 is split;
  // a reduction over the nest, and a value carried from one j to the next.
  long total = 0;
#pragma hpf independent reduction(+ : total)
  for (int i = 0; i < N; ++i) {
    long carry = 0;
    for (int j = 0; j < M; ++j) {
      carry += Y[i][j];
      Y[i][j] = carry;
      total += carry;
    }
  }
  // Output inside a nest that runs on every rank: once, in sequential order.
#pragma hpf independent
  for (int i = 0; i < 2; ++i)
    for (int j = 2; j < M; ++j) {
      Z[i][j] = Z[i][j - 1] + Z[i][j - 2] + X[i][j];
      if (j == M - 1)
        std::printf("Z row %d ends %.2f\n", i, Z[i][j]);
    }
  // Prefix sums inside each segment of A: the segments are independent, the
  // loop inside one is a recurrence.
#pragma hpf independent
  for (int i = 0; i < S * L; ++i)
    A[i] = i % 4 + 1;
#pragma hpf independent
  for (int s = 0; s < S; ++s)
    for (int j = s * L + 1; j < (s + 1) * L; ++j)
      A[j] += A[j - 1];
  // Still parallel afterwards (nothing left behind by the copies).
#pragma hpf independent
  for (int i = 0; i < N; ++i) {
#pragma hpf independent
    for (int j = 0; j < M; ++j)
      X[i][j] = 2 * X[i][j];
  }
  std::printf("X");
  for (int i = 0; i < N; ++i)
    for (int j = 0; j < M; ++j)
      std::printf(" %.2f", X[i][j]);
  std::printf("\nY");
  for (int i = 0; i < N; ++i)
    for (int j = 0; j < M; ++j)
      std::printf(" %ld", Y[i][j]);
  std::printf("\ntotal %ld\nZ", total);
  for (int j = 0; j < M; ++j)
    std::printf(" %.2f", Z[1][j] + Z[4][j]);
  std::printf("\nA");
  for (int i = 0; i < S * L; ++i)
    std::printf(" %ld", A[i]);
  std::printf("\n");
}
