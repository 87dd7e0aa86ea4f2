// Reads through index arrays, A[idx[i]] with idx distributed like the loop
// (idx[i] read locally) or replicated, run through the inspector-executor
// (hpfcc::fetched): before the loop each rank lists the elements its
// iterations read and fetches only those. idx holds repeats and indices
// owned by other ranks; the loop runs again after idx changed (the plan is
// rebuilt) and unchanged (the plan is reused). Homes block and cyclic(k),
// N not a multiple of the rank count. Same output as the sequential build
// on 1..4 ranks.
// REQUIRES: mpi
// RUN: %e2e --tmp %t --ranks 1,2,3,4 %s | FileCheck %s
// CHECK: e2e: sequential output: round 0
// CHECK: e2e: -n 1: same output
// CHECK: e2e: -n 2: same output
// CHECK: e2e: -n 3: same output
// CHECK: e2e: -n 4: same output
#include <cstdio>

constexpr int N = 53;
#pragma hpf processors P(*)
double A[N], X[N];
int Idx[N];
int Perm[N]; // replicated
#pragma hpf distribute A(cyclic(2)) onto P
#pragma hpf distribute X(block) onto P
#pragma hpf distribute Idx(block) onto P

int main(int argc, char **) {
  const int k = argc + 3; // 4, unknown to the compiler
  double Y[N];
#pragma hpf distribute Y(cyclic(k)) onto P
#pragma hpf independent
  for (int i = 0; i < N; ++i)
    A[i] = 0.5 * i + 1;
  for (int i = 0; i < N; ++i)
    Perm[i] = (i * 7 + 3) % N;
  for (int r = 0; r < 4; ++r) {
    // Rounds 0 and 1 read the same indices (the plan is reused), rounds 2
    // and 3 others (rebuilt): repeats (i % 5) and far elements.
    const int m = r < 2 ? 11 : 5 + r;
#pragma hpf independent
    for (int i = 0; i < N; ++i)
      Idx[i] = (i * m + r / 2) % N / (i % 3 == 0 ? 1 : 2);
#pragma hpf independent
    for (int i = 0; i < N; ++i)
      X[i] = A[Idx[i]] * 2 + A[Perm[i]];
    // A cyclic(k) home through the replicated permutation, twice composed.
#pragma hpf independent
    for (int i = 0; i < N; ++i)
      Y[i] = X[Perm[Perm[i]]] - A[Perm[i] % 7];
    double s = 0, t = 0;
#pragma hpf independent reduction(+ : s)
    for (int i = 0; i < N; ++i)
      s += X[i] * (i % 7 + 1);
#pragma hpf independent reduction(+ : t)
    for (int i = 0; i < N; ++i)
      t += Y[i] * (i % 5 + 1);
    std::printf("round %d: %.3f %.3f\n", r, s, t);
  }
  return 0;
}
