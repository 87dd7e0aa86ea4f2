// N-D halos on a constant 2 x 2 grid: a 5-point stencil (no corners), a
// 9-point one (corners), a gen_block x block mapping with small blocks, a
// read of another array with the same mapping, and a cyclic array (the
// whole-array gather remains). Same output as sequential on 4 and 5 ranks
// (the fifth owns nothing); the remarks give widths and bytes per rank.
// REQUIRES: mpi
// RUN: %e2e --tmp %t --ranks 4,5 %s | FileCheck %s
// CHECK: e2e: sequential output: halo-nd
// CHECK: e2e: -n 4: same output
// CHECK: e2e: -n 5: same output
// RUN: %hpfcc -Rhpf -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: %clang_hpf -fplugin-arg-hpf-out=%t.cpp %s && %strip_checks %t.cpp | FileCheck %s --check-prefix=CODE
#include <cstdio>

constexpr int R = 13, C = 11;
constexpr int Rows[2] = {2, 11};
#pragma hpf processors G(2, 2)
long A[R][C];
long B[R][C];
long S[R][C];
long Y[R][C];
long Z[R][C];
#pragma hpf distribute A(block, block) onto G
#pragma hpf distribute B(block, block) onto G
#pragma hpf distribute S(gen_block(Rows), block) onto G
#pragma hpf distribute Y(cyclic, block) onto G
#pragma hpf distribute Z(cyclic, block) onto G

int main() {
#pragma hpf independent
  for (int i = 0; i < R; ++i) {
#pragma hpf independent
    for (int j = 0; j < C; ++j)
      A[i][j] = (i * 31 + j * 17) % 23;
  }
#pragma hpf independent
  for (int i = 0; i < R; ++i) {
#pragma hpf independent
    for (int j = 0; j < C; ++j)
      S[i][j] = (i * 5 + j * 7) % 19;
  }
#pragma hpf independent
  for (int i = 0; i < R; ++i) {
#pragma hpf independent
    for (int j = 0; j < C; ++j)
      Y[i][j] = i - j;
  }
  for (int t = 0; t < 2; ++t) {
#pragma hpf independent
    for (int i = 1; i < R - 1; ++i) {
#pragma hpf independent
      for (int j = 1; j < C - 1; ++j)
        B[i][j] = A[i - 1][j] + A[i + 1][j] + 2 * A[i][j - 1] - A[i][j + 1];
    }
    // REMARK: halo-nd.cpp:[[@LINE-2]]:19: remark: 'A' is read at i - 1 .. i + 1, j - 1 .. j + 1: each rank receives a halo of (1, 1) elements below and (1, 1) above its block, without corners, from its grid neighbours (at most 208 bytes per rank), sent before the loop, instead of a copy of all 143 elements
    // CODE: const hpf::halo<long, 2> __hpf_halo_A{{[0-9]+}}(hpf::halo_split, A, B, {1, 1}, {R - 1, C - 1}, {-1, -1}, {1, 1}, false, "{{.*}}");
    // CODE: = __hpf_hv_A{{[0-9]+}}(i - 1, j) + __hpf_hv_A{{[0-9]+}}(i + 1, j)
#pragma hpf independent
    for (int i = 1; i < R - 1; ++i) {
#pragma hpf independent
      for (int j = 1; j <= C - 2; ++j)
        A[i][j] = B[i - 1][j - 1] + B[i + 1][j + 1] - B[i - 1][j + 1] +
                  B[i][j] / 2;
    }
    // REMARK: remark: 'B' is read at i - 1 .. i + 1, j - 1 .. j + 1: each rank receives a halo of (1, 1) elements below and (1, 1) above its block, with corners, from its grid neighbours (at most 240 bytes per rank)
    // CODE: const hpf::halo<long, 2> __hpf_halo_B{{[0-9]+}}(hpf::halo_split, B, A, {1, 1}, {R - 1, (C - 2) + 1}, {-1, -1}, {1, 1}, true, "{{.*}}");
#pragma hpf independent
    for (int i = 0; i < R - 2; ++i) {
#pragma hpf independent
      for (int j = 0; j < C; ++j)
        B[i][j] = S[i + 2][j] + S[i + 1][j] * 3;
    }
    // REMARK: remark: 'S' is read at i + 1 .. i + 2, j: each rank receives the box its part of 'B' reads at these offsets from the ranks that own it, sent before the loop, instead of a copy of all 143 elements
#pragma hpf independent
    for (int i = 1; i < R; ++i) {
#pragma hpf independent
      for (int j = 0; j < C; ++j)
        Z[i][j] = Y[i - 1][j] + A[i][j];
    }
    // REMARK: remark: 'Y' is read at subscripts that are not aligned with the loop: before the loop its 143 elements are gathered on every rank
  }
  long s[3] = {0, 0, 0};
  for (int i = 0; i < R; ++i)
    for (int j = 0; j < C; ++j) {
      long W = (i + 3 * j) % 7;
      s[0] += A[i][j] * W;
      s[1] += B[i][j] * W;
      s[2] += Z[i][j] * W;
    }
  std::printf("halo-nd %ld %ld %ld\n", s[0], s[1], s[2]);
  return 0;
}
