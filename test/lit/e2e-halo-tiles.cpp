// Halos per block of cyclic(k) mappings (hpf::halo_tiles): a stencil over
// a cyclic(k) array reads, beside each of the rank's blocks, the elements
// its offsets reach in the blocks beside it, which their owners send (one
// message per pair of ranks), instead of a gather or a fetch per
// subscript. Exact on 1..4 ranks: rank 1 with offsets -1..1 and
// -2..2 (cyclic(4), cyclic(3); extents that leave a short last block), an
// array the loop writes and reads beside (the values from before the
// loop); (cyclic(4), *) rows read at any column by an inner sequential
// loop; (cyclic(3), cyclic(2)) on a 2-D grid with corners; offsets as
// wide as the blocks (cyclic(2), offset 2) get no halo (their rows are
// fetched by subscript).
// REQUIRES: mpi
// RUN: %e2e --tmp %t --ranks 1,2,3,4 %s | FileCheck %s
// CHECK: e2e: sequential output: tiles {{-?[0-9]+}} {{-?[0-9]+}} {{-?[0-9]+}} {{-?[0-9]+}} {{-?[0-9]+}}
// CHECK: e2e: -n 1: same output
// CHECK: e2e: -n 2: same output
// CHECK: e2e: -n 3: same output
// CHECK: e2e: -n 4: same output
// Q(3) on 4 ranks: a rank outside the grid of C3 and D3.
// RUN: %e2e --tmp %t.q --ranks 3,4 --flag=-DFIXED_Q %s | FileCheck %s --check-prefix=FIXED
// FIXED: e2e: -n 3: same output
// FIXED: e2e: -n 4: same output
// RUN: %hpfcc -Rpass=hpf -fsyntax-only -DFIXED_Q %s 2>&1 | FileCheck %s --check-prefix=REMARK
// REMARK: 'A' is read at i - 1 .. i + 1: each rank receives a halo of 1 below and 1 above each of its blocks (cyclic(4) onto P(hpf::number_of_processors())), from the owners of the blocks beside it, sent before the loop, instead of a copy of all 61 elements
// REMARK: 'C3' is read at i - 2 .. i + 2: each rank receives a halo of 2 below and 2 above each of its blocks (cyclic(3) onto Q(3)), from the owners of the blocks beside it (at most 160 bytes per rank), sent before the loop, instead of a copy of all 40 elements
// REMARK: 'M' is read at i - 1 .. i + 1, any index: each rank receives a halo of (1, 0) elements below and (1, 0) above each of its blocks ((cyclic(4), *)
// REMARK: 'G' is read at i - 1 .. i + 2, j - 1 .. j + 1: each rank receives a halo of (1, 1) elements below and (2, 1) above each of its blocks ((cyclic(3), cyclic(2))
// REMARK-SAME: , with corners, from the owners of the blocks beside it
// REMARK: 'K[i - 2][j]' is read without a gather: its subscript is affine in 'i', so each rank fetches before the loop only the rows its iterations of 'KB' read
// RUN: %hpfcc --hpf-emit-source %s | %strip_checks | FileCheck %s --check-prefix=CODE
// A read-only array: each segment's tile; runs cut at its interior read A's
// storage in place or the tile's copy of ghosts and frame.
// CODE: const hpf::halo<long> __hpf_halo_A[[ID:[0-9]+]](hpf::halo_tiles, hpf::halo_split, A, B, 1, N - 1, -1, 1,
// CODE: const auto &__hpf_ht_A[[ID]] = __hpf_halo_A[[ID]].tile(__hpf_seg[[ID]]_0.lo); { for (const hpf::halo_run __hpf_run[[ID]] : hpf::halo_split_runs(__hpf_seg[[ID]]_0.lo, __hpf_seg[[ID]]_0.hi, __hpf_ht_A[[ID]].interior(0, 0))) { const auto __hpf_hv_A[[ID]] = __hpf_ht_A[[ID]].view(__hpf_run[[ID]].local(0));
// CODE: __hpf_hv_A[[ID]][i - 1] + __hpf_hv_A[[ID]][i + 1]
// The array the loop writes: always the copy, the values before the loop.
// CODE: const hpf::halo<long> __hpf_halo_A[[ID2:[0-9]+]](hpf::halo_tiles, A, A, 0, N - 1, 1, 1,
// CODE: const auto __hpf_hv_A[[ID2]] = __hpf_halo_A[[ID2]].tile(__hpf_seg[[ID2]]_0.lo).view(false);
#include <cstdio>
#include <hpf.h>

constexpr int N = 61, NC = 40, R = 29, C = 13, GR = 17, GC = 11, KR = 15;

static int gridRows() {
  int P = hpf::number_of_processors(), Rows = 1;
  for (int D = 1; D * D <= P; ++D)
    if (P % D == 0)
      Rows = D;
  return Rows;
}

#pragma hpf processors P(number_of_processors())
#ifdef FIXED_Q // a constant mapping: the remark gives the bytes
#pragma hpf processors Q(3)
#else
#pragma hpf processors Q(number_of_processors())
#endif
long A[N], B[N];
long C3[NC], D3[NC];
long M[R][C], W[R][C];
long K[KR][2], KB[KR][2];
#pragma hpf distribute A(cyclic(4)) onto P
#pragma hpf distribute B(cyclic(4)) onto P
#pragma hpf distribute C3(cyclic(3)) onto Q
#pragma hpf distribute D3(cyclic(3)) onto Q
#pragma hpf distribute M(cyclic(4), *) onto P
#pragma hpf distribute W(cyclic(4), *) onto P
#pragma hpf distribute K(cyclic(2), *) onto P
#pragma hpf distribute KB(cyclic(2), *) onto P

int main() {
  const int PR = gridRows(), PC = hpf::number_of_processors() / PR;
#pragma hpf processors T(PR, PC)
  static long G[GR][GC], H[GR][GC];
#pragma hpf distribute G(cyclic(3), cyclic(2)) onto T
#pragma hpf distribute H(cyclic(3), cyclic(2)) onto T
#pragma hpf independent
  for (int i = 0; i < N; ++i)
    A[i] = (i * 37) % 23 - 11;
#pragma hpf independent
  for (int i = 0; i < NC; ++i)
    C3[i] = (i * 11) % 17 - 8;
#pragma hpf independent
  for (int i = 0; i < R; ++i)
    for (int j = 0; j < C; ++j)
      M[i][j] = (i * 7 + j * 5) % 13 - 6;
#pragma hpf independent
  for (int i = 0; i < KR; ++i)
    for (int j = 0; j < 2; ++j)
      K[i][j] = i * 3 + j;
#pragma hpf independent
  for (int i = 0; i < GR; ++i) {
#pragma hpf independent
    for (int j = 0; j < GC; ++j) {
      G[i][j] = (i * 5 + j * 3) % 11 - 5;
      H[i][j] = 0;
    }
  }
  for (int t = 0; t < 3; ++t) {
#pragma hpf independent
    for (int i = 1; i < N - 1; ++i)
      B[i] = A[i - 1] + A[i + 1] - 2 * A[i];
#pragma hpf independent
    for (int i = 0; i < N; ++i)
      A[i] = (A[i] + B[i]) % 997;
    // Written and read beside: the values from before the loop.
#pragma hpf independent
    for (int i = 0; i < N - 1; ++i)
      A[i] = A[i + 1] - A[i] / 2;
#pragma hpf independent
    for (int i = 2; i < NC - 2; ++i)
      D3[i] = C3[i - 2] - C3[i + 2] + 3 * C3[i + 1] - C3[i - 1];
#pragma hpf independent
    for (int i = 0; i < NC; ++i)
      C3[i] = (C3[i] + D3[i]) % 991;
#pragma hpf independent
    for (int i = 1; i < R - 1; ++i)
      for (int j = 0; j < C; ++j)
        W[i][j] = M[i - 1][j] + M[i + 1][C - 1 - j] - M[i][(j * 3) % C];
#pragma hpf independent
    for (int i = 0; i < R; ++i)
      for (int j = 0; j < C; ++j)
        M[i][j] = (M[i][j] + W[i][j]) % 983;
#pragma hpf independent
    for (int i = 1; i < GR - 2; ++i) {
#pragma hpf independent
      for (int j = 1; j < GC - 1; ++j)
        H[i][j] = G[i - 1][j + 1] + 2 * G[i + 2][j - 1] - G[i][j];
    }
#pragma hpf independent
    for (int i = 0; i < GR; ++i) {
#pragma hpf independent
      for (int j = 0; j < GC; ++j)
        G[i][j] = (G[i][j] + H[i][j]) % 977;
    }
    // Offset 2 on cyclic(2): not narrower than the blocks, rows fetched.
#pragma hpf independent
    for (int i = 2; i < KR; ++i)
      for (int j = 0; j < 2; ++j)
        KB[i][j] = K[i - 2][j] + K[i][1 - j];
  }
  long S1 = 0, S2 = 0, S3 = 0, S4 = 0, S5 = 0;
  for (int i = 0; i < N; ++i)
    S1 += A[i] * (1 + i % 3);
  for (int i = 0; i < NC; ++i)
    S2 += C3[i] * (1 + i % 5);
  for (int i = 0; i < R; ++i)
    for (int j = 0; j < C; ++j)
      S3 += M[i][j] * (1 + (i + j) % 4);
  for (int i = 0; i < GR; ++i)
    for (int j = 0; j < GC; ++j)
      S4 += G[i][j] * (1 + (i * j) % 7);
  for (int i = 2; i < KR; ++i)
    for (int j = 0; j < 2; ++j)
      S5 += KB[i][j] * (1 + i % 3);
  std::printf("tiles %ld %ld %ld %ld %ld\n", S1, S2, S3, S4, S5);
  return 0;
}
