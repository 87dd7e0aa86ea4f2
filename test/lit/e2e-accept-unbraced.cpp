// A directive as the unbraced body of a loop or if: the independent loop is
// the body, as in the sequential program (an else after it still belongs to
// the outer if).
// REQUIRES: mpi
// RUN: %e2e --tmp %t --ranks 1,2,3,4 %s | FileCheck %s
// CHECK: e2e: -n 1: same output
// CHECK: e2e: -n 4: same output
#include <cstdio>

constexpr int N = 30;
double A[N];
int V[N];
#pragma hpf distribute A(block)
#pragma hpf distribute V(cyclic)

int main(int argc, char **) {
  long total = 0;
  for (int r = 0; r < 3; ++r)
#pragma hpf independent
    for (int i = 0; i < N; ++i)
      A[i] = i * (r + 1);
  if (argc > 5)
#pragma hpf independent
    for (int i = 0; i < N; ++i)
      V[i] = -1;
  else
#pragma hpf independent
    for (int i = 0; i < N; ++i)
      V[i] = i % 4;
  for (int r = 0; r < 2; ++r)
#pragma hpf independent reduction(+ : total)
    for (int i = 0; i < N; ++i)
      total += V[i] + static_cast<long>(A[i]);
  std::printf("total %ld A[29] %.1f V[6] %d\n", total, A[29], V[6]);
  return 0;
}
