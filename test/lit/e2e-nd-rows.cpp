// One-dimensional arrays in loop nests over a 2-D array: written and read
// locally where they have the format, arrangement and extent of the 2-D
// array's distributed dimension (row sums under (block, *), column sums
// under (*, block)), read from a gathered copy otherwise. 1..5 ranks.
// REQUIRES: mpi
// RUN: %e2e --tmp %t --ranks 1,2,3,4,5 %s | FileCheck %s
// CHECK: e2e: sequential output: rows
// CHECK: e2e: -n 1: same output
// CHECK: e2e: -n 5: same output
// RUN: %clang_hpf -fplugin-arg-hpf-out=%t.cpp %s
// RUN: %strip_checks %t.cpp | FileCheck %s --check-prefix=CODE
#include <cstdio>

constexpr int R = 21, C = 17;
#pragma hpf processors ALL(*)
long M[R][C];
long RowSum[R];
long ColSum[C];
long Weight[C];
#pragma hpf distribute M(block, *) onto ALL
#pragma hpf dynamic M
#pragma hpf distribute RowSum(block) onto ALL
#pragma hpf distribute ColSum(block) onto ALL
#pragma hpf distribute Weight(cyclic) onto ALL

int main() {
#pragma hpf independent
  for (int j = 0; j < C; ++j)
    Weight[j] = j % 4 + 1;
#pragma hpf independent
  for (int i = 0; i < R; ++i) {
    long s = 0;
    for (int j = 0; j < C; ++j) {
      M[i][j] = (i * 13 + j * 7) % 29;
      s += M[i][j] * Weight[j];
    }
    RowSum[i] = s;
  }
  // CODE: [[ROW:__hpf_RowSum[0-9]+]][i + __hpf_seg{{[0-9]+}}_0.off] = s;
#pragma hpf redistribute M(*, block) onto ALL
#pragma hpf independent
  for (int j = 0; j < C; ++j) {
    ColSum[j] = 0;
    for (int i = 0; i < R; ++i)
      ColSum[j] += M[i][j] * RowSum[i] % 7;
  }
  // CODE: __hpf_ColSum[[C:[0-9]+]][j + __hpf_seg[[C]]_0.off] += __hpf_M[[C]][i * __hpf_M[[C]]_e1 + (j + __hpf_seg[[C]]_0.off)] * __hpf_all_RowSum[[C]][i] % 7;
  long a = 0, b = 0;
#pragma hpf independent reduction(+ : a)
  for (int i = 0; i < R; ++i)
    a += RowSum[i] * (i + 1);
#pragma hpf independent reduction(+ : b)
  for (int j = 0; j < C; ++j)
    b += ColSum[j] * (j + 1);
  std::printf("rows %ld columns %ld, RowSum[3] %ld, ColSum[5] %ld\n", a, b,
              RowSum[3], ColSum[5]);
  return 0;
}
