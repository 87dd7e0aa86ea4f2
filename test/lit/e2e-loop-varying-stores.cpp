// Independent nests that store into a distributed array at subscripts no
// level of them runs over (analysis/flow/FixedSlices.cpp): the
// prolongation of NAS MG, a loop over coarse planes k writing fine planes
// 2k and 2k + 1, which may lie on two ranks. Every rank runs the nest, each
// element is stored by its owner (hpfcc::owner_store), and a rank skips the
// iterations none of whose stores it may own; with a reduction in the nest
// it runs all of them. Exact on 1..4 ranks.
// REQUIRES: mpi
// RUN: %e2e --tmp %t --ranks 1,2,3,4 %s | FileCheck %s
// CHECK: e2e: sequential output: sums {{[-0-9.]+}} {{[-0-9.]+}} {{[-0-9.]+}}
// CHECK: e2e: -n 1: same output
// CHECK: e2e: -n 2: same output
// CHECK: e2e: -n 3: same output
// CHECK: e2e: -n 4: same output
// RUN: %hpfcc -Rhpf -fsyntax-only %s 2>&1 | FileCheck %s --check-prefix=REMARK
// REMARK: :35:1: remark: independent loop nest stores into distributed arrays at subscripts that are not the index of a loop over their distributed dimensions ('U' at '2 * k' in dimension 0): every rank runs the iterations of 'k' whose stores it may own (a test per iteration of 'k') and each element is stored by its owner only
// REMARK: :48:1: remark: independent loop nest stores into distributed arrays at subscripts that are not the index of a loop over their distributed dimensions ('V' at '2 * k + 1' in dimension 0): every rank runs all of it and each element is stored by its owner only; its reductions need no combining
#include <cstdio>

constexpr int C = 9, F = 2 * C;
static double U[F][F][4], V[F][4], Z[C][C];
#pragma hpf distribute U(block, *, *)
#pragma hpf distribute V(block, *)

int main() {
  for (int k = 0; k < C; k++)
    for (int j = 0; j < C; j++)
      Z[k][j] = k * 10 + j;
#pragma hpf independent
  for (int k = 0; k < F; k++)
    for (int j = 0; j < F; j++)
      for (int i = 0; i < 4; i++)
        U[k][j][i] = k - j + i;
  double line[F];
#pragma hpf independent new(line)
  for (int k = 0; k < C - 1; k++) {
    for (int j = 0; j < C; j++)
      line[j] = 0.5 * (Z[k][j] + Z[k + 1][j]);
    for (int j = 0; j < C - 1; j++)
      for (int i = 0; i < 4; i++) {
        U[2 * k][2 * j][i] = U[2 * k][2 * j][i] + Z[k][j] * i;
        U[2 * k + 1][2 * j][i] += line[j];
        U[2 * k + 1][2 * j + 1][i] = U[2 * k + 1][2 * j + 1][i] +
                                     0.5 * (line[j] + line[j + 1]);
      }
  }
  double most = 0;
#pragma hpf independent reduction(max : most)
  for (int k = 0; k < C; k++)
    for (int i = 0; i < 4; i++) {
      V[2 * k + 1][i] = Z[k][i] + i;
      most = Z[k][i] > most ? Z[k][i] : most;
    }
  double s = 0, t = 0;
#pragma hpf independent reduction(+ : s, t)
  for (int k = 0; k < F; k++)
    for (int j = 0; j < F; j++)
      for (int i = 0; i < 4; i++) {
        s += U[k][j][i] * (k + 1) * (j + 2) * (i + 3);
        if (j < 4)
          t += V[k][j] * (k + 1);
      }
  std::printf("sums %.6f %.6f %.1f\n", s, t, most);
  return 0;
}
