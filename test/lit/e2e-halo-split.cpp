// Halos read through runs (hpf::halo_split): iterations whose reads stay in
// the rank's block read the array's local storage in place, the others the
// halo's copy, which holds the ghosts and only the frame of the block they
// read. Exact on 1..4 ranks: ghost widths that differ per dimension and per
// side, with corners; a 9-point stencil; two halos in one nest (runs cut at
// both interiors); gen_block rows with empty blocks and blocks of 1 and 2
// rows, narrower than the halo's 3 (the frame is the whole block, ghosts come
// from ranks further away); a rank-1 halo wider below than above.
// REQUIRES: mpi
// RUN: %e2e --tmp %t --ranks 1,2,3,4 %s | FileCheck %s
// CHECK: e2e: sequential output: asymmetric {{-?[0-9]+}}
// CHECK: e2e: -n 1: same output
// CHECK: e2e: -n 2: same output
// CHECK: e2e: -n 3: same output
// CHECK: e2e: -n 4: same output
// RUN: %hpfcc --hpf-emit-source %s | %strip_checks | FileCheck %s --check-prefix=CODE
// CODE: const hpf::halo<long, 2> __hpf_halo_A[[ID:[0-9]+]](hpf::halo_split, A, B, {2, 3}, {R - 1, C - 1}, {-2, -3}, {1, 1}, true,
// CODE: hpf::halo_split_runs(__hpf_seg[[ID]]_1.lo, __hpf_seg[[ID]]_1.hi, __hpf_halo_A[[ID]].interior(1, i, 0))
// CODE: __hpf_hv_A[[ID]](i - 2, j + 1)
// Two halos in one nest: one run loop, a view of each.
// CODE: hpf::halo_split_runs(__hpf_seg[[ID2:[0-9]+]]_1.lo, __hpf_seg[[ID2]]_1.hi, __hpf_halo_A[[ID2]].interior(1, i, 0), __hpf_halo_B[[ID2]].interior(1, i, 0))
// CODE-SAME: const auto __hpf_hv_A[[ID2]] = __hpf_halo_A[[ID2]].view(__hpf_run[[ID2]].local(0)); const auto __hpf_hv_B[[ID2]] = __hpf_halo_B[[ID2]].view(__hpf_run[[ID2]].local(1));
#include <cstdio>
#include <hpf.h>
#include <vector>

constexpr int R = 23, C = 19, N = 41;

static int gridRows() {
  int P = hpf::number_of_processors(), Rows = 1;
  for (int D = 1; D * D <= P; ++D)
    if (P % D == 0)
      Rows = D;
  return Rows;
}

int main() {
  const int P = hpf::number_of_processors();
  const int PR = gridRows(), PC = P / PR;
#pragma hpf processors G(PR, PC)
#pragma hpf processors ALL(*)
  static long A[R][C], B[R][C], D[R][C];
#pragma hpf distribute A(block, block) onto G
#pragma hpf distribute B(block, block) onto G
#pragma hpf distribute D(block, block) onto G
#pragma hpf independent
  for (int i = 0; i < R; ++i) {
#pragma hpf independent
    for (int j = 0; j < C; ++j) {
      A[i][j] = (i * 31 + j * 17) % 23 - 11;
      B[i][j] = 0;
      D[i][j] = 0;
    }
  }
  for (int t = 0; t < 2; ++t) {
    // Offsets -2 .. 1 in rows, -3 .. 1 in columns, with corners.
#pragma hpf independent
    for (int i = 2; i < R - 1; ++i) {
#pragma hpf independent
      for (int j = 3; j < C - 1; ++j)
        B[i][j] = A[i - 2][j + 1] + 3 * A[i + 1][j - 3] - A[i][j] % 5;
    }
    // Nine points.
#pragma hpf independent
    for (int i = 1; i < R - 1; ++i) {
#pragma hpf independent
      for (int j = 1; j < C - 1; ++j)
        A[i][j] = (B[i - 1][j - 1] + B[i - 1][j] + B[i - 1][j + 1] +
                   B[i][j - 1] - 2 * B[i][j] + B[i][j + 1] + B[i + 1][j - 1] +
                   B[i + 1][j] + B[i + 1][j + 1]) %
                  97;
    }
    // Two halos in one nest.
#pragma hpf independent
    for (int i = 0; i < R - 1; ++i) {
#pragma hpf independent
      for (int j = 1; j < C; ++j)
        D[i][j] = A[i][j - 1] - B[i + 1][j];
    }
  }
  long S = 0;
#pragma hpf independent reduction(+ : S)
  for (int i = 0; i < R; ++i) {
#pragma hpf independent
    for (int j = 0; j < C; ++j)
      S += (A[i][j] + 3 * B[i][j] + 7 * D[i][j]) * ((i + 2 * j) % 5 + 1);
  }
  std::printf("asymmetric %ld\n", S);

  // gen_block rows: empty blocks and blocks of 1 and 2 rows, the rest on the
  // last rank; the halo reaches 3 rows.
  std::vector<int> Sizes(P, 0);
  int Used = 0;
  for (int K = 0; K + 1 < P; ++K) {
    Sizes[K] = K % 2 == 0 ? 1 + K % 3 : 0;
    Used += Sizes[K];
  }
  Sizes[P - 1] = R - Used;
  static long H[R][C], W[R][C];
#pragma hpf distribute H(gen_block(Sizes), *) onto ALL
#pragma hpf distribute W(gen_block(Sizes), *) onto ALL
#pragma hpf independent
  for (int i = 0; i < R; ++i) {
#pragma hpf independent
    for (int j = 0; j < C; ++j) {
      H[i][j] = (i * 13 + j * 5) % 29;
      W[i][j] = 0;
    }
  }
  for (int t = 0; t < 2; ++t) {
#pragma hpf independent
    for (int i = 3; i < R - 3; ++i) {
#pragma hpf independent
      for (int j = 0; j < C - 2; ++j)
        W[i][j] = H[i - 3][j] + 2 * H[i + 3][j] - H[i][j + 2];
    }
#pragma hpf independent
    for (int i = 1; i < R - 1; ++i) {
#pragma hpf independent
      for (int j = 0; j < C; ++j)
        H[i][j] = (W[i - 1][j] + W[i + 1][j]) % 31;
    }
  }
  S = 0;
#pragma hpf independent reduction(+ : S)
  for (int i = 0; i < R; ++i) {
#pragma hpf independent
    for (int j = 0; j < C; ++j)
      S += (H[i][j] + 5 * W[i][j]) * ((3 * i + j) % 7 + 1);
  }
  std::printf("gen_block %ld\n", S);

  // Rank 1: three elements below, one above.
  static long U[N], V[N];
#pragma hpf distribute U(block) onto ALL
#pragma hpf distribute V(block) onto ALL
#pragma hpf independent
  for (int i = 0; i < N; ++i) {
    U[i] = (i * 7) % 13;
    V[i] = 0;
  }
  for (int t = 0; t < 3; ++t) {
#pragma hpf independent
    for (int i = 3; i < N - 1; ++i)
      V[i] = U[i - 3] + 2 * U[i + 1] - U[i];
#pragma hpf independent
    for (int i = 0; i < N; ++i)
      U[i] = V[i] % 17;
  }
  S = 0;
#pragma hpf independent reduction(+ : S)
  for (int i = 0; i < N; ++i)
    S += U[i] * (i + 1);
  std::printf("rank 1 %ld\n", S);
  return 0;
}
