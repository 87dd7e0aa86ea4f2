// A subscript whose sum is unsigned wraps: `U[i + 4294967295u][j]` is row
// i - 1 (the sum is computed modulo 2^32), not i + 4294967295. Read as an
// offset it would ask for a halo of 4294967295 rows and print other
// numbers at every rank count; the subscript is no constant offset: its
// rows are fetched as an affine subscript's, evaluated as the sequential
// program does.
// REQUIRES: mpi
// RUN: %e2e --tmp %t --ranks 1,2,3 %s | FileCheck %s
// CHECK: e2e: sequential output: wrap {{-?[0-9]+}}
// CHECK: e2e: -n 1: same output
// CHECK: e2e: -n 2: same output
// CHECK: e2e: -n 3: same output
// RUN: %hpfcc -Rhpf -fsyntax-only %s 2>&1 | FileCheck %s --check-prefix=REMARK
// REMARK: e2e-unsigned-offset.cpp:{{[0-9]+}}:{{[0-9]+}}: remark: 'U[i + 4294967295u][j]' is read without a gather: its subscript is affine in 'i'
#include <cstdio>

constexpr int N = 20, C = 8;
#pragma hpf processors P(*)
long U[N][C], V[N][C];
#pragma hpf distribute U(block, *) onto P
#pragma hpf distribute V(block, *) onto P

int main() {
#pragma hpf independent
  for (int i = 0; i < N; ++i) {
#pragma hpf independent
    for (int j = 0; j < C; ++j) {
      U[i][j] = (i * 7 + j * 3) % 11;
      V[i][j] = 0;
    }
  }
#pragma hpf independent
  for (int i = 1; i < N - 1; ++i) {
#pragma hpf independent
    for (int j = 0; j < C; ++j)
      V[i][j] = U[i + 4294967295u][j] * 3 + U[i + 1u][j];
  }
  long S = 0;
  for (int i = 0; i < N; ++i)
    for (int j = 0; j < C; ++j)
      S = (S * 7 + V[i][j]) % 1000003;
  std::printf("wrap %ld\n", S);
  return 0;
}
