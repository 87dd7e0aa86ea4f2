// Halo set-ups reused across sweeps (hpf::rt::haloLayout, the exchange
// plans): the same halo built every sweep reuses its plan; a redistribution
// between sweeps changes the array's mapping and so the plan (rows, then
// columns, then rows again). The frame is copied only on the sides where a
// rank has edge iterations: loops that start or stop inside a block, with
// offsets that differ below and above, on a grid split by rows and one split
// by columns. Exact on 1..4 ranks.
// REQUIRES: mpi
// RUN: %e2e --tmp %t --ranks 1,2,3,4 %s | FileCheck %s
// CHECK: e2e: sequential output: reuse {{-?[0-9]+}}
// CHECK: e2e: -n 1: same output
// CHECK: e2e: -n 2: same output
// CHECK: e2e: -n 3: same output
// CHECK: e2e: -n 4: same output
// RUN: %hpfcc --hpf-emit-source %s | %strip_checks | FileCheck %s --check-prefix=CODE
// CODE: hpf::halo<long, 2> __hpf_halo_A{{[0-9]+}}(hpf::halo_split, A, B,
#include <cstdio>
#include <hpf.h>

constexpr int R = 21, C = 17;

int main() {
#pragma hpf processors ALL(*)
  static long A[R][C], B[R][C];
#pragma hpf distribute A(block, *) onto ALL
#pragma hpf dynamic A
#pragma hpf distribute B(block, *) onto ALL
#pragma hpf dynamic B
#pragma hpf independent
  for (int i = 0; i < R; ++i) {
#pragma hpf independent
    for (int j = 0; j < C; ++j) {
      A[i][j] = (i * 13 + j * 7) % 19 - 9;
      B[i][j] = 0;
    }
  }
  long Check = 0;
  for (int phase = 0; phase < 3; ++phase) {
    if (phase == 1) {
#pragma hpf redistribute A(*, block)
#pragma hpf redistribute B(*, block)
    }
    if (phase == 2) {
#pragma hpf redistribute A(block, *)
#pragma hpf redistribute B(block, *)
    }
    for (int t = 0; t < 3; ++t) {
      // Rows from 5 (inside the first block at 2+ ranks), offsets -1 .. 2
      // in rows and -2 .. 0 in columns.
#pragma hpf independent
      for (int i = 5; i < R - 2; ++i) {
#pragma hpf independent
        for (int j = 2; j < C; ++j)
          B[i][j] = A[i - 1][j] + 2 * A[i + 2][j] - A[i][j - 2] + A[i][j];
      }
#pragma hpf independent
      for (int i = 0; i < R; ++i) {
#pragma hpf independent
        for (int j = 0; j < C; ++j)
          A[i][j] = (B[i][j] + A[i][j] * 3) % 1009;
      }
    }
#pragma hpf independent reduction(+ : Check)
    for (int i = 0; i < R; ++i) {
#pragma hpf independent
      for (int j = 0; j < C; ++j)
        Check += A[i][j] * ((i + 3 * j) % 7 + 1);
    }
  }
  std::printf("reuse %ld\n", Check);
  return 0;
}
