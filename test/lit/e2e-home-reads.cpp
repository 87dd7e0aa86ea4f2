// A nest that only reads its home array, at its own elements and at others
// (a residual's norm, a symmetry check), runs distributed: the elements at
// the iteration's indices are read locally and the others from a halo or a
// row fetch. Before, every access of a read-only array gathered for some
// elements was read from the copy, so such a nest had no local access and
// ran on every rank over a whole copy. Exact on 1..4 ranks: (block, *) and
// (block, block) residuals, a reversed read of (cyclic(8), *) rows.
// REQUIRES: mpi
// RUN: %e2e --tmp %t --ranks 1,2,3,4 %s | FileCheck %s
// CHECK: e2e: sequential output: home-reads {{[0-9.e+-]+}} {{[0-9.e+-]+}} {{[0-9.e+-]+}}
// CHECK: e2e: -n 1: same output
// CHECK: e2e: -n 2: same output
// CHECK: e2e: -n 3: same output
// CHECK: e2e: -n 4: same output
// RUN: %hpfcc -Rpass=hpf -fsyntax-only %s 2>&1 | FileCheck %s --check-prefix=REMARK --implicit-check-not="runs on every rank" --implicit-check-not="gathered on every rank"
// REMARK: 'A' is read at i - 1 .. i + 1, j: each rank receives a halo of (1, 0) elements below and (1, 0) above its block
// REMARK: independent loop nest over 'A' {{.*}} 1 reduction(s) combined across ranks
// REMARK: 'G' is read at i - 1 .. i + 1, j - 1 .. j + 1: each rank receives a halo of (1, 1) elements below and (1, 1) above its block, without corners
// REMARK: independent loop nest over 'G' {{.*}} 1 reduction(s) combined across ranks
// REMARK: 'T[R - 1 - i][C - 1 - j]' is read without a gather: its subscript is affine in 'i', so each rank fetches before the loop only the rows its iterations of 'T' read
// REMARK: independent loop nest over 'T' {{.*}} 1 reduction(s) combined across ranks
#include <cstdio>
#include <hpf.h>

constexpr int R = 37, C = 23;

static int gridRows() {
  int P = hpf::number_of_processors(), Rows = 1;
  for (int D = 1; D * D <= P; ++D)
    if (P % D == 0)
      Rows = D;
  return Rows;
}

#pragma hpf processors P(number_of_processors())
double A[R][C], T[R][C];
#pragma hpf distribute A(block, *) onto P
#pragma hpf distribute T(cyclic(8), *) onto P

int main() {
  const int PR = gridRows(), PC = hpf::number_of_processors() / PR;
#pragma hpf processors Q(PR, PC)
  static double G[R][C];
#pragma hpf distribute G(block, block) onto Q
#pragma hpf independent
  for (int i = 0; i < R; ++i)
    for (int j = 0; j < C; ++j) {
      A[i][j] = ((i * 7 + j * 3) % 11) * 0.5;
      T[i][j] = ((i * 5 + j) % 13) * 0.25;
    }
#pragma hpf independent
  for (int i = 0; i < R; ++i) {
#pragma hpf independent
    for (int j = 0; j < C; ++j)
      G[i][j] = ((i * 3 + j * 5) % 7) * 1.5;
  }
  // Residual norms (exact sums: the values are multiples of 1/4).
  double RA = 0, RG = 0, Asym = 0;
#pragma hpf independent reduction(+ : RA)
  for (int i = 1; i < R - 1; ++i) {
#pragma hpf independent
    for (int j = 0; j < C; ++j) {
      const double D = A[i - 1][j] + A[i + 1][j] - 2 * A[i][j];
      RA += D * D;
    }
  }
#pragma hpf independent reduction(+ : RG)
  for (int i = 1; i < R - 1; ++i) {
#pragma hpf independent
    for (int j = 1; j < C - 1; ++j) {
      const double D =
          G[i - 1][j] + G[i + 1][j] + G[i][j - 1] + G[i][j + 1] - 4 * G[i][j];
      RG += D * D;
    }
  }
  // Symmetry: each row against its reflection.
#pragma hpf independent reduction(+ : Asym)
  for (int i = 0; i < R; ++i)
    for (int j = 0; j < C; ++j)
      Asym += T[i][j] * T[R - 1 - i][C - 1 - j];
  std::printf("home-reads %.6e %.6e %.6e\n", RA, RG, Asym);
  return 0;
}
