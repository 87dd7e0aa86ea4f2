// Grids shaped at run time: '*' extents of a multi-dimensional processor
// arrangement are chosen from the rank count like MPI_Dims_create. G(*, 2)
// on 2..5 ranks is 1x2, 1x2 (one rank idle), 2x2, 2x2 (one idle); H(*, *)
// is n x 1 or the most even factoring. Same output as sequential; a grid
// that needs more ranks than there are is a run-time error naming the
// directive.
// REQUIRES: mpi
// RUN: %e2e --tmp %t --ranks 2,3,4,5 %s | FileCheck %s
// CHECK: e2e: sequential output: sums 4140 -4140 -33540
// CHECK: e2e: -n 2: same output
// CHECK: e2e: -n 3: same output
// CHECK: e2e: -n 4: same output
// CHECK: e2e: -n 5: same output
// RUN: %hpfcc -O1 %s -o %t.bin
// RUN: not %mpiexec -n 1 %t.bin 2>&1 | FileCheck %s --check-prefix=SMALL
// SMALL: hpfrt: error: rank 0: processors at {{.*}}e2e-grid-star.cpp:[[#@LINE+4]]:1: arrangement (*,2) needs 2 ranks, but the program runs on 1 MPI ranks
#include <cstdio>

constexpr int R = 20, C = 9;
#pragma hpf processors G(*, 2)
#pragma hpf processors H(*, *)
long A[R][C];
long B[R][C];
#pragma hpf distribute A(block, cyclic) onto G
#pragma hpf distribute B(cyclic(3), block) onto H

int main() {
#pragma hpf independent
  for (int i = 0; i < R; ++i) {
#pragma hpf independent
    for (int j = 0; j < C; ++j) {
      A[i][j] = i * 2 + j;
    }
  }
#pragma hpf independent
  for (int i = 0; i < R; ++i) {
#pragma hpf independent
    for (int j = 0; j < C; ++j) {
      B[i][j] = -A[i][j];
    }
  }
  long a = 0, b = 0, w = 0;
#pragma hpf independent reduction(+ : a, b, w)
  for (int i = 0; i < R; ++i) {
#pragma hpf independent
    for (int j = 0; j < C; ++j) {
      a += A[i][j];
      b += B[i][j];
      w += B[i][j] * (i - j);
    }
  }
  std::printf("sums %ld %ld %ld\n", a, b, w);
}
