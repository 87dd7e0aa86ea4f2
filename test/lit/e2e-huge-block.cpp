// block(k) / cyclic(k) with k near 2^63, known only at run time: every size
// computation is exact or saturates (one block holds the whole array, on
// the first rank), so loops, element reads, reductions and redistributions
// give the sequential result, including onto a huge block and back.
// REQUIRES: mpi
// RUN: %e2e --tmp %t --ranks 1,2,3,4 --env HPF_VERIFY=1 %s | FileCheck %s
// CHECK: e2e: sequential output: sum
// CHECK: e2e: -n 1: same output
// CHECK: e2e: -n 2: same output
// CHECK: e2e: -n 3: same output
// CHECK: e2e: -n 4: same output
#include <climits>
#include <cstdio>

constexpr int N = 1000;
#pragma hpf processors ALL(*)
long A[N];
#pragma hpf distribute A(block) onto ALL
#pragma hpf dynamic A

int main(int argc, char **) {
  // Not constants for the compiler: the run time sees the huge values.
  const long K62 = argc > 99 ? 4 : 1L << 62;
  const long KMax = argc > 99 ? 4 : LONG_MAX;
#pragma hpf independent
  for (int i = 0; i < N; ++i)
    A[i] = i * 7 % 13;
#pragma hpf redistribute A(cyclic(K62)) onto ALL
  long s = 0;
#pragma hpf independent reduction(+ : s)
  for (int i = 0; i < N; ++i)
    s += A[i] * (i + 1);
  const long a = A[N - 1];
#pragma hpf redistribute A(block(KMax)) onto ALL
#pragma hpf independent
  for (int i = 0; i < N; ++i)
    A[i] += i;
  const long b = A[N / 2];
#pragma hpf redistribute A(cyclic(3)) onto ALL
  long t = 0;
#pragma hpf independent reduction(+ : t)
  for (int i = 0; i < N; ++i)
    t += A[i];
  std::printf("sum %ld, last %ld, mid %ld, total %ld\n", s, a, b, t);
  return 0;
}
