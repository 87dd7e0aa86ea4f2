// Element reads of replicated code that one owner evaluates together
// (M.owner_value: the owner computes the expression, one broadcast) keep
// their sequential values for cyclic rows, a (*, cyclic(2)) grid of
// columns and a 1-D block array, next to reads that stay separate
// broadcasts (other owners, a dynamic array, calls, nested subscripts):
// a back substitution like gauss's, over N = 13 (not divisible by 2, 3, 4).
// REQUIRES: mpi
// RUN: %e2e --tmp %t --ranks 1,2,3,4 %s | FileCheck %s
// CHECK: e2e: sequential output: owner reads {{[-0-9.e+]+}} {{[0-9]+}}
// CHECK: e2e: -n 1: same output
// CHECK: e2e: -n 2: same output
// CHECK: e2e: -n 3: same output
// CHECK: e2e: -n 4: same output
#include <cstdio>

constexpr int N = 13;
#pragma hpf processors ALL(*)
double M[N][N + 1];
double G[N][N];
double V[N];
double D[N][N];
#pragma hpf distribute M(cyclic, *) onto ALL
#pragma hpf distribute G(*, cyclic(2)) onto ALL
#pragma hpf distribute V(block) onto ALL
#pragma hpf distribute D(cyclic, *) onto ALL
#pragma hpf dynamic D
double X[N];

double f(double A, double B) { return A - 2 * B; }

int main() {
#pragma hpf independent
  for (int i = 0; i < N; ++i)
    for (int j = 0; j <= N; ++j)
      M[i][j] = (i == j ? N + 1.0 + i : 0.0) + ((i * 7 + j * 3) % 5) * 0.25;
#pragma hpf independent
  for (int i = 0; i < N; ++i)
#pragma hpf independent
    for (int j = 0; j < N; ++j) {
      G[i][j] = i - 0.5 * j;
      D[i][j] = i * 0.75 + j;
    }
#pragma hpf independent
  for (int i = 0; i < N; ++i)
    V[i] = 1.0 + i % 4;
  // Upper-triangular part only: a back substitution as in gauss.
  for (int k = N - 1; k >= 0; --k) {
    X[k] = M[k][N] / M[k][k];
#pragma hpf independent
    for (int i = 0; i < k; ++i)
      M[i][N] -= M[i][k] * X[k];
  }
  double Sum = 0;
  int Count = 0;
  for (int k = 0; k < N; ++k) {
    Sum += X[k] * (1 + k % 3);
    Sum += G[k][k] * G[(k + 5) % N][k] + 1;
    Sum += f(M[k][0], M[k][1]) + D[k][0] + D[k][1];
    Count += M[k][0] > M[k][1] && V[k] > 1;
    Sum += M[k][int(M[k][N - 1]) % N] + M[k][1];
    V[k] = V[k] * V[k] - V[(k + 1) % N];
    M[k][0] += M[k][1] * M[k][2];
  }
#pragma hpf redistribute D(*, cyclic) onto ALL
  for (int k = 0; k < N; ++k)
    Sum += D[k][k] * D[(k * 3) % N][k] + V[k] + M[k][0];
  std::printf("owner reads %.12e %d\n", Sum, Count);
  return 0;
}
