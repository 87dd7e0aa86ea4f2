// Array reductions with the operators and update forms
// e2e-reduce-array.cpp does not take: `|` over an array, `-=` and
// `s[k] = s[k] - e` into a `+` reduction, `s[k] = e > s[k] ? e : s[k]` into
// max, `||`/`&&` over a 2-D array in a one-dimensional loop over a cyclic
// array, and values before the loop that are not the identity (each joins
// once: a `+` array starting at 100, a `|` array starting with bits set).
// `s = s - e` (scalar and element) is a `+` update like `s -= e`; `s = e -
// s` is not (it negates s) and stays an error.
// REQUIRES: mpi
// RUN: %e2e --tmp %t --ranks 1,2,3,4 %s | FileCheck %s
// RUN: not %clang_hpf -DNEGATES %s 2>&1 | FileCheck %s --check-prefix=NEG
// NEG: error: this update of 'd' does not match its reduction operator '+'
// NEG: error: reduction variable 'd' may only appear in its reduction update
// CHECK: e2e: sequential output: or 0x
// CHECK: e2e: -n 1: same output
// CHECK: e2e: -n 2: same output
// CHECK: e2e: -n 3: same output
// CHECK: e2e: -n 4: same output
#include <cstdio>

constexpr int N = 97;
#pragma hpf processors P(*)
unsigned A[N];
#pragma hpf distribute A(cyclic) onto P

int main() {
#pragma hpf independent
  for (int i = 0; i < N; ++i)
    A[i] = unsigned(i * 37 % 101);
  unsigned bits[4] = {0x10000u, 0, 0, 0x80000000u};
  long acc[3] = {100, 0, -5};
  unsigned hi[2] = {50, 0};
  bool any[2][2] = {{false, false}, {false, true}};
  bool all[2][2] = {{true, true}, {true, false}};
  long d = 7;
#pragma hpf independent reduction(| : bits) reduction(+ : acc, d)            \
    reduction(max : hi) reduction(|| : any) reduction(&& : all)
  for (int i = 0; i < N; ++i) {
#ifdef NEGATES
    d = long(A[i]) - d;
#else
    d = d - long(A[i]) * 3;
#endif
    bits[i % 4] |= 1u << (A[i] % 31);
    acc[i % 3] -= A[i];
    acc[(i + 1) % 3] = acc[(i + 1) % 3] - 2 * long(A[i]);
    hi[i % 2] = A[i] > hi[i % 2] ? A[i] : hi[i % 2];
    any[i % 2][A[i] % 2] = any[i % 2][A[i] % 2] || A[i] == 64;
    all[A[i] % 2][i % 2] = all[A[i] % 2][i % 2] && A[i] < 100;
  }
  std::printf("or 0x%x 0x%x 0x%x 0x%x\n", bits[0], bits[1], bits[2], bits[3]);
  std::printf("acc %ld %ld %ld d %ld hi %u %u\n", acc[0], acc[1], acc[2], d,
              hi[0], hi[1]);
  std::printf("any %d %d %d %d all %d %d %d %d\n", any[0][0], any[0][1],
              any[1][0], any[1][1], all[0][0], all[0][1], all[1][0], all[1][1]);
}
