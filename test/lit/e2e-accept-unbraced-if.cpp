// A directive as the unbraced body of an `if` with no else, of an `else
// if`, and of a `while`: the same output as the sequential program, and no
// "add explicit braces to avoid dangling else" warning at the directive (the
// statement form's injected `if (...) ; else` is not the user's), also with
// -Werror.
// REQUIRES: mpi
// RUN: %e2e --tmp %t --ranks 1,2,3,4 %s | FileCheck %s
// RUN: %clang_hpf -Wall -Werror %s
// RUN: %hpfcc -Wall -Werror -c %s -o %t.o
// CHECK: e2e: sequential output: sum
// CHECK: e2e: -n 1: same output
// CHECK: e2e: -n 4: same output
#include <cstdio>

constexpr int N = 41;
#pragma hpf processors P(*)
long A[N], B[N];
#pragma hpf distribute A(block) onto P
#pragma hpf distribute B(cyclic(3)) onto P

int main(int argc, char **) {
  if (argc > 0)
#pragma hpf independent
    for (int i = 0; i < N; ++i)
      A[i] = i * 3 % 7;
  if (argc > 5)
    A[0] = 100;
  else if (argc > 0)
#pragma hpf independent
    for (int i = 0; i < N; ++i)
      B[i] = A[i] + i;
  int r = 0;
  while (r++ < 3)
#pragma hpf independent
    for (int i = 0; i < N; ++i)
      A[i] += r;
  long s = 0;
  if (argc < 99)
#pragma hpf independent reduction(+ : s)
    for (int i = 0; i < N; ++i)
      s += A[i] * 2 + 1;
  long t = 0;
  for (int i = 0; i < N; ++i)
    t += B[i];
  std::printf("sum %ld %ld %d\n", s, t, r);
}
