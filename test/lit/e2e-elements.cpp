// Elements of distributed arrays in replicated code keep their sequential
// meaning for every format and run-time subscripts: reads (the owner
// broadcasts), '=' and 'op=' (the owner stores), subscripts that are
// themselves elements, before and after a redistribute.
// REQUIRES: mpi
// RUN: %e2e --tmp %t --ranks 1,2,3,4 %s | FileCheck %s
// CHECK: e2e: sequential output: walk 5
// CHECK: e2e: -n 1: same output
// CHECK: e2e: -n 2: same output
// CHECK: e2e: -n 3: same output
// CHECK: e2e: -n 4: same output
#include <cstdio>

constexpr int N = 101;
#pragma hpf processors ALL(*)
long A[N];
int Next[N];
#pragma hpf distribute A(block) onto ALL
#pragma hpf distribute Next(cyclic) onto ALL

int main(int argc, char **) {
  int k = argc + 4; // 5, unknown to the compiler
  double C[N];
#pragma hpf distribute C(cyclic(k - 2)) onto ALL
#pragma hpf dynamic C
#pragma hpf independent
  for (int i = 0; i < N; ++i)
    Next[i] = (i * 7 + 3) % N;
#pragma hpf independent
  for (int i = 0; i < N; ++i)
    C[i] = 0;
  std::printf("walk %d", k);
  int j = k;
  for (int s = 0; s < 6; ++s) {
    j = Next[j];
    std::printf(" %d", j);
  }
  std::printf("\n");
  A[k] = 40;
  A[k] += Next[k];
  A[N - 1] = A[k] * 2;
  A[Next[k]] = -1;
  A[0] -= 3;
  A[1] = 5;
  A[1] <<= 3;
  A[2] = 17;
  A[2] %= 5;
  A[2] |= 8;
  C[k] = 0.25;
  C[k] *= A[k];
  C[N - 2] = C[k] / 4 + A[N - 1];
  std::printf("A: %ld %ld %ld %ld %ld %ld\n", A[0], A[1], A[2], A[k], A[Next[k]],
              A[N - 1]);
  std::printf("C: %g %g\n", C[k], C[N - 2]);
#pragma hpf redistribute C(block) onto ALL
  C[3] = C[k] + C[N - 2];
  double s = 0;
#pragma hpf independent reduction(+ : s)
  for (int i = 0; i < N; ++i)
    s += C[i];
  long t = 0;
#pragma hpf independent reduction(+ : t)
  for (int i = 0; i < N; ++i)
    t += A[i];
  std::printf("C after redistribute: %g %g sum %g, A sum %ld\n", C[3], C[k], s,
              t);
  return 0;
}
