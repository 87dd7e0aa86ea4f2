// A parameter's own mapping (HPF's prescriptive mapping of a dummy
// argument): `#pragma hpf distribute M(*, block)` in the function remaps the
// argument for the call when its mapping differs, and the caller's mapping
// comes back on return. The function's loops know the mapping (a column
// sweep over a distributed dimension 1, a row-wise sum), whatever the
// caller's arrays are: (block, *), (*, cyclic), and one already (*, block).
// REQUIRES: mpi
// RUN: %e2e --tmp %t --ranks 1,2,3,4 %s | FileCheck %s
// RUN: %hpfcc -Rhpf -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=REMARK
// CHECK: e2e: -n 1: same output
// CHECK: e2e: -n 2: same output
// CHECK: e2e: -n 3: same output
// CHECK: e2e: -n 4: same output
// REMARK: remark: parameter 'M' of 'columnPrefix' is remapped for the call when its argument's mapping differs, and the caller's mapping restored on return (HPF's prescriptive mapping)
// REMARK: remark: independent loop nest over 'M' ((*, block) onto all ranks)
#include <cstdio>

constexpr int R = 12, C = 10;
double A[R][C];
#pragma hpf distribute A(block, *)
double B[R][C];
#pragma hpf distribute B(*, cyclic)
double D[R][C];
#pragma hpf distribute D(*, block)

// Prefix sums down each column: each rank takes whole columns.
void columnPrefix(double (&M)[R][C]) {
#pragma hpf distribute M(*, block)
#pragma hpf independent
  for (int j = 0; j < C; ++j)
    for (int i = 1; i < R; ++i)
      M[i][j] += M[i - 1][j];
}

double weighted(const double (&M)[R][C]) {
#pragma hpf distribute M(block, *)
  double s = 0;
#pragma hpf independent reduction(+ : s)
  for (int i = 0; i < R; ++i)
    for (int j = 0; j < C; ++j)
      s += M[i][j] * (i + 1) * (j + 2);
  return s;
}

int main() {
#pragma hpf independent
  for (int i = 0; i < R; ++i)
    for (int j = 0; j < C; ++j)
      A[i][j] = (i * 7 + j) % 5;
#pragma hpf independent
  for (int i = 0; i < R; ++i)
#pragma hpf independent
    for (int j = 0; j < C; ++j) {
      B[i][j] = (i + 3 * j) % 4;
      D[i][j] = 1;
    }
  columnPrefix(A);
  columnPrefix(B);
  columnPrefix(D);
  std::printf("A %.0f %.0f, B %.0f %.0f, D %.0f\n", A[R - 1][C - 1], A[5][2],
              B[R - 1][3], B[6][9], D[R - 1][4]);
  std::printf("weighted A %.0f B %.0f D %.0f\n", weighted(A), weighted(B),
              weighted(D));
  // The callers' mappings are back: an independent loop over A's rows.
#pragma hpf independent
  for (int i = 0; i < R; ++i)
    for (int j = 0; j < C; ++j)
      A[i][j] *= 2;
  std::printf("A[3][4] %.0f\n", A[3][4]);
}
