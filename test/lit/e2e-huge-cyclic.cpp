// cyclic(k) and block(k) with k = 2^63 - 1 and 2^62 read at run time (issue
// 13: a silent wrong result, or a spin in plan::shareCopies), for the cases
// e2e-huge-block.cpp does not take: cyclic(2^63 - 1) and block(2^62) of a
// 1-D array (loops, a strided loop, reductions, element reads and writes in
// replicated code, a gathered neighbour read, redistributions to and from
// them), a 2-D array with a huge cyclic dimension on a G(*, *) grid (a nest,
// a recurrence that runs on every rank over a copy) and a declaration with a
// huge cyclic(k) distribution (not a redistribute).
// REQUIRES: mpi
// RUN: %e2e --tmp %t --ranks 1,2,3,4 --env HPF_VERIFY=1 %s | FileCheck %s
// CHECK: e2e: sequential output: sum
// CHECK: e2e: -n 1: same output
// CHECK: e2e: -n 2: same output
// CHECK: e2e: -n 3: same output
// CHECK: e2e: -n 4: same output
#include <climits>
#include <cstdio>

constexpr int N = 301, R = 12, C = 17;
#pragma hpf processors ALL(*)
#pragma hpf processors G(*, *)
long A[N];
#pragma hpf distribute A(block) onto ALL
#pragma hpf dynamic A
double M[R][C];
#pragma hpf dynamic M
#pragma hpf distribute M(block, block) onto G

int main(int argc, char **) {
  // Not constants for the compiler: the run time sees the huge values.
  const long K62 = argc > 99 ? 4 : 1L << 62;
  const long KMax = argc > 99 ? 4 : LONG_MAX;
  long V[N];
#pragma hpf distribute V(cyclic(KMax)) onto ALL
#pragma hpf independent
  for (int i = 0; i < N; ++i)
    A[i] = i * 5 % 11;
#pragma hpf independent
  for (int i = 0; i < N; ++i)
    V[i] = i % 7;
#pragma hpf redistribute A(cyclic(KMax)) onto ALL
  long s = 0;
#pragma hpf independent reduction(+ : s)
  for (int i = 0; i < N; i += 3)
    s += A[i] * (i + 1) + V[i];
  A[N - 2] = A[N - 1] + 40; // replicated code: the owner stores
  long x = 0;
#pragma hpf independent reduction(^ : x)
  for (int i = 0; i < N - 1; ++i)
    x ^= A[i + 1] * 3 + i;
#pragma hpf redistribute A(block(K62)) onto ALL
#pragma hpf independent
  for (int i = N - 1; i >= 0; --i)
    A[i] -= i % 4;
  const long mid = A[N / 2];
#pragma hpf redistribute A(cyclic(2)) onto ALL
  long t = 0;
#pragma hpf independent reduction(+ : t)
  for (int i = 0; i < N; ++i)
    t += A[i] * (i % 3);

#pragma hpf independent
  for (int i = 0; i < R; ++i) {
#pragma hpf independent
    for (int j = 0; j < C; ++j)
      M[i][j] = i + 0.25 * j;
  }
#pragma hpf redistribute M(block, cyclic(KMax)) onto G
#pragma hpf independent
  for (int i = 0; i < R; ++i)
    for (int j = 1; j < C; ++j)
      M[i][j] = M[i][j - 1] * 0.5 + M[i][j];
#pragma hpf redistribute M(cyclic(K62), cyclic(3)) onto G
  double m = 0;
#pragma hpf independent reduction(+ : m)
  for (int i = 0; i < R; ++i) {
#pragma hpf independent
    for (int j = 0; j < C; ++j)
      m += M[i][j] * (j + 1);
  }
  std::printf("sum %ld, xor %ld, mid %ld, total %ld, M %.4f %.4f\n", s, x, mid,
              t, m, M[R - 1][C - 1]);
  return 0;
}
