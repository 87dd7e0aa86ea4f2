// Affine reads a * i + b of read-only arrays (A[n - 1 - i], A[2 * i],
// A[i + c] on a cyclic home, a and b known at run time only) are fetched
// before the loop, each rank receiving only the elements its iterations
// read (hpfcc::fetched), with block, cyclic and cyclic(k) homes and
// sources, N not a multiple of the rank count; a loop run several times
// reuses its plan, and a changed coefficient rebuilds it. Same output as
// the sequential build on 1..4 ranks.
// REQUIRES: mpi
// RUN: %e2e --tmp %t --ranks 1,2,3,4 %s | FileCheck %s
// CHECK: e2e: sequential output: reversed
// CHECK: e2e: -n 1: same output
// CHECK: e2e: -n 2: same output
// CHECK: e2e: -n 3: same output
// CHECK: e2e: -n 4: same output
#include <cstdio>

constexpr int N = 97;
#pragma hpf processors P(*)
long A[N], B[N];
#pragma hpf distribute A(block) onto P
#pragma hpf distribute B(cyclic) onto P

int main(int argc, char **) {
  const int k = argc + 2; // 3, unknown to the compiler
  const int a = argc + 1; // 2
  const int b = argc;     // 1
  long C[N], D[N];
#pragma hpf distribute C(cyclic(k)) onto P
#pragma hpf distribute D(cyclic(k)) onto P
#pragma hpf independent
  for (int i = 0; i < N; ++i)
    B[i] = i * i % 37 + 1;
#pragma hpf independent
  for (int i = 0; i < N; ++i)
    C[i] = 3 * i + 2;
  // a = -1 on a block home from a cyclic source, and from a cyclic(k) one.
#pragma hpf independent
  for (int i = 0; i < N; ++i)
    A[i] = B[N - 1 - i] * 10 + C[N - 1 - i];
  long s = 0;
#pragma hpf independent reduction(+ : s)
  for (int i = 0; i < N; ++i)
    s += A[i] * (i + 1);
  std::printf("reversed %ld\n", s);
  // a = 2 on a cyclic(k) home from a block source; part of the range.
#pragma hpf independent
  for (int i = 0; i < N / 2; ++i)
    D[i] = A[2 * i] + A[2 * i + 1];
  // A[i + c] on a cyclic home (no halo: not contiguous).
#pragma hpf independent
  for (int i = 0; i < N - 5; ++i)
    B[i] = A[i + 5] - A[i];
  long t = 0, u = 0;
#pragma hpf independent reduction(+ : t)
  for (int i = 0; i < N / 2; ++i)
    t += D[i] * (i % 7 + 1);
#pragma hpf independent reduction(+ : u)
  for (int i = 0; i < N; ++i)
    u += B[i] * (i % 5 + 1);
  std::printf("strided %ld shifted %ld\n", t, u);
  // Coefficients known at run time, the loop run three times: the plan is
  // reused, then rebuilt when the offset changes.
  for (int r = 0; r < 3; ++r) {
    const int off = r < 2 ? b : b + 3;
#pragma hpf independent
    for (int i = 0; i < (N - off) / a; ++i)
      D[i] = C[a * i + off] + r;
    long v = 0;
#pragma hpf independent reduction(+ : v)
    for (int i = 0; i < (N - off) / a; ++i)
      v += D[i] * (i + 1);
    std::printf("round %d: %ld\n", r, v);
  }
  return 0;
}
