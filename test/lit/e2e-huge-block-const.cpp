// A constant block(k) with k near 2^63: the compile-time coverage check
// (k * P >= N) must not overflow; before the fix block(1L << 62) onto P(2)
// was rejected with "covers only -9223372036854775808" elements.
// REQUIRES: mpi
// RUN: %e2e --tmp %t --ranks 3,4 --env HPF_VERIFY=1 %s | FileCheck %s
// CHECK: e2e: sequential output: 499500 1000
// CHECK: e2e: -n 3: same output
// CHECK: e2e: -n 4: same output
#include <climits>
#include <cstdio>

constexpr int N = 1000;
#pragma hpf processors P(2)
long A[N];
#pragma hpf distribute A(block(1L << 62)) onto P
#pragma hpf processors Q(3)
long B[N];
#pragma hpf distribute B(block(LONG_MAX)) onto Q

int main() {
#pragma hpf independent
  for (int i = 0; i < N; ++i) {
    A[i] = i;
    B[i] = 1;
  }
  long s = 0, t = 0;
#pragma hpf independent reduction(+ : s)
  for (int i = 0; i < N; ++i)
    s += A[i];
#pragma hpf independent reduction(+ : t)
  for (int i = 0; i < N; ++i)
    t += B[i];
  printf("%ld %ld\n", s, t);
}
