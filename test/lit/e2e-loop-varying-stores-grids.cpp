// Stores at subscripts no level runs over (analysis/flow/FixedSlices.cpp)
// under other mappings: a (block, block) grid stored at (2k, 2j + 1),
// cyclic rows at a subscript of the inner index (every rank runs every
// iteration), a distributed middle dimension (*, cyclic(2), *), and a loop
// counting down by 2 that stores row k - 1. Exact on 1..4 ranks.
// REQUIRES: mpi
// RUN: %e2e --tmp %t --ranks 1,2,3,4 %s | FileCheck %s
// CHECK: e2e: sequential output: {{[-0-9.]+}} {{[-0-9.]+}} {{[-0-9.]+}}
// CHECK: e2e: -n 1: same output
// CHECK: e2e: -n 2: same output
// CHECK: e2e: -n 3: same output
// CHECK: e2e: -n 4: same output
// RUN: %hpfcc -Rhpf -fsyntax-only %s 2>&1 | FileCheck %s --check-prefix=REMARK
// REMARK-DAG: :31:1: remark: {{.*}}('A' at '2 * k' in dimension 0, '2 * j + 1' in dimension 1): every rank runs all of it
// REMARK-DAG: :38:1: remark: {{.*}}('B' at '(k + 2 * j) % N' in dimension 0): every rank runs all of it
// REMARK-DAG: :43:1: remark: {{.*}}('Q' at '2 * k + 1' in dimension 1): every rank runs the iterations of 'k' whose stores it may own
// REMARK-DAG: :48:1: remark: {{.*}}('B' at 'k - 1' in dimension 0): every rank runs the iterations of 'k' whose stores it may own
#include <cstdio>
constexpr int N = 13, C = 6;
static double A[N][N], B[N][N], Q[N][N][3];
#pragma hpf processors G(*, *)
#pragma hpf distribute A(block, block) onto G
#pragma hpf distribute B(cyclic, *)
#pragma hpf distribute Q(*, cyclic(2), *)
static double Z[C][C];
int main() {
  for (int k = 0; k < C; k++)
    for (int j = 0; j < C; j++)
      Z[k][j] = k * 3 + j * 0.5;
  // two distributed dims, stores at 2k, 2j+1
#pragma hpf independent
  for (int k = 0; k < C; k++)
    for (int j = 0; j < C; j++) {
      A[2 * k][2 * j + 1] = Z[k][j];
      A[2 * k + 1][2 * j] += Z[k][j] * 2;
    }
  // cyclic rows, store subscript depends on inner loop index (no skip)
#pragma hpf independent
  for (int k = 0; k < C; k++)
    for (int j = 0; j < C; j++)
      B[(k + 2 * j) % N][k] = Z[k][j] + B[(k + 2 * j) % N][k];
  // distributed middle dim
#pragma hpf independent
  for (int k = 0; k < C; k++)
    for (int m = 0; m < 3; m++)
      Q[k][2 * k + 1][m] = Z[k][m] - m;
  // downward loop with step 2
#pragma hpf independent
  for (int k = N - 1; k >= 1; k -= 2)
    for (int j = 0; j < N; j++)
      B[k - 1][j] = B[k - 1][j] * 0.5 + k;
  double s = 0, t = 0, u = 0;
#pragma hpf independent reduction(+ : s)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      s += A[i][j] * (i + 1) * (j + 3);
#pragma hpf independent reduction(+ : t)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      t += B[i][j] * (i + 1) * (j + 3);
#pragma hpf independent reduction(+ : u)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      for (int m = 0; m < 3; m++)
        u += Q[i][j][m] * (i + 1) * (j + 3) * (m + 1);
  std::printf("%.4f %.4f %.4f\n", s, t, u);
}
