// Arrays wider than the loop's home array in their '*' dimensions (A is
// 13 x 5, the home C 13 x 2) read at neighbouring rows k - 1, k, k + 1 and
// fixed columns: the rows are fetched by subscript (a halo's box is laid
// out in the home's extents), each row the rank owns read in place and
// the others received. Rank 2 and rank 3, several subscripts per array,
// run twice. Exact on 1..4 ranks.
// REQUIRES: mpi
// RUN: %e2e --tmp %t --ranks 1,2,3,4 %s | FileCheck %s
// CHECK: e2e: sequential output: 13101.0
// CHECK: e2e: -n 1: same output
// CHECK: e2e: -n 2: same output
// CHECK: e2e: -n 3: same output
// CHECK: e2e: -n 4: same output
// RUN: %hpfcc -Rpass=hpf -fsyntax-only %s 2>&1 | FileCheck %s --check-prefix=REMARK
// REMARK: 'A[k - 1][4]' is read without a gather: its subscript is affine in 'k', so each rank fetches before the loop only the rows its iterations of 'C' read
// REMARK: 'T[k - 1][a + 1][b + 2]' is read without a gather: its subscript is affine in 'k', so each rank fetches before the loop only the rows its iterations of 'W' read
#include <cstdio>
constexpr int N = 13;
static double A[N][5], C[N][2], T[N][3][4], W[N][2][2];
#pragma hpf distribute A(block, *)
#pragma hpf distribute C(block, *)
#pragma hpf distribute T(block, *, *)
#pragma hpf distribute W(block, *, *)
int main() {
#pragma hpf independent
  for (int k = 0; k < N; k++)
    for (int q = 0; q < 5; q++)
      A[k][q] = k * 7 + q * 3;
#pragma hpf independent
  for (int k = 0; k < N; k++) {
    for (int a = 0; a < 3; a++)
      for (int b = 0; b < 4; b++)
        T[k][a][b] = k * 11 + a * 5 + b;
  }
  for (int t = 0; t < 2; t++) {
#pragma hpf independent
    for (int k = 1; k < N - 1; k++) {
      C[k][0] = A[k - 1][4] + A[k + 1][3] + t;
      C[k][1] = A[k][2] - A[k - 1][0];
    }
#pragma hpf independent
    for (int k = 1; k < N - 1; k++)
      for (int a = 0; a < 2; a++)
        for (int b = 0; b < 2; b++)
          W[k][a][b] = T[k - 1][a + 1][b + 2] + T[k + 1][2][3] - T[k][a][b];
  }
  double s = 0;
  for (int k = 0; k < N; k++) {
    s += C[k][0] * 3 + C[k][1];
    for (int a = 0; a < 2; a++)
      for (int b = 0; b < 2; b++)
        s += W[k][a][b] * (1 + a + 2 * b);
  }
  std::printf("%.1f\n", s);
}
