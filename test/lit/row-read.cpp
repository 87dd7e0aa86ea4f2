// Slices read at loop-invariant subscripts (analysis/reads/RowReads.cpp):
//  - the pivot row M[k][j] of a nest over M (cyclic, *) whose loop over i
//    starts at k + 1 (never writes row k): broadcast by its owner before
//    the loop, one row, instead of an error;
//  - the same with the loop over i ending before k (i < k);
//  - a column G[j][c] of G (*, block) the nest only reads: one column
//    broadcast instead of gathering all of G;
//  - M[k][1] in a loop over i from k (may write row k), and M[Pivot][0]
//    with Pivot a global variable, stay errors (ERR).
// Same output as the sequential build on 1..4 ranks (N = 7: not divisible).
// REQUIRES: mpi
// RUN: %clang_hpf -fplugin-arg-hpf-out=%t.cpp %s
// RUN: %strip_checks %t.cpp | FileCheck %s --check-prefix=CODE
// CODE: const hpfcc::row<double, 2, 1u> __hpf_row[[ID:[0-9]+]]_0(M, {hpf::index_t(k), 0}, "{{.*}}row-read.cpp:{{[0-9]+}}:1");
// CODE: const double F = __hpf_M[[ID]][{{.*}}] / __hpf_row[[ID]]_0(k, k);
// CODE: -= F * __hpf_row[[ID]]_0(k, j);
// CODE: const hpfcc::row<double, 2, 1u> __hpf_row[[ID2:[0-9]+]]_0(M, {hpf::index_t(k), 0},
// CODE: const hpfcc::row<double, 2, 2u> __hpf_row[[ID3:[0-9]+]]_0(G, {0, hpf::index_t(c)},
// CODE: __hpf_row[[ID3]]_0(j, c)
// RUN: %hpfcc -Rhpf -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=REMARK
// REMARK: remark: 'M' is read at 'k' in dimension 0, which this nest does not write (the loop over the index of that dimension never reaches it): before the loop its owner broadcasts that slice to every rank (a broadcast of 8 elements, 64 bytes)
// REMARK: remark: 'M' is read at 'k' in dimension 0, which this nest does not write
// REMARK: remark: 'G' is read at 'c' in dimension 1: before the loop its owner broadcasts that slice to every rank (a broadcast of 7 elements, 56 bytes) instead of gathering all 49 elements
// REMARK-NOT: gathered
// RUN: %e2e --tmp %t.d --ranks 1,2,3,4 %s | FileCheck %s
// CHECK: e2e: sequential output: rows 7: {{.*}}
// CHECK: e2e: -n 1: same output
// CHECK: e2e: -n 2: same output
// CHECK: e2e: -n 3: same output
// CHECK: e2e: -n 4: same output
// RUN: not %hpfcc -c -DERR %s -o %t.err.o 2>&1 | FileCheck %s --check-prefix=ERR
// ERR: row-read.cpp:[[@LINE+46]]:{{[0-9]+}}: error: 'M' is written in this loop nest, so it can be read only at elements the iteration owns
// ERR: row-read.cpp:[[@LINE+49]]:{{[0-9]+}}: error: 'M' is written in this loop nest, so it can be read only at elements the iteration owns
#include <cstdio>

constexpr int N = 7;

#pragma hpf processors ALL(*)
double M[N][N + 1];
#pragma hpf distribute M(cyclic, *) onto ALL
double G[N][N];
#pragma hpf distribute G(*, block) onto ALL
double V[N][N];
#pragma hpf distribute V(block, *) onto ALL
int Pivot = 0; // not a constant: a function could change it

int main() {
#pragma hpf independent
  for (int i = 0; i < N; ++i)
    for (int j = 0; j <= N; ++j)
      M[i][j] = i == j ? 10.0 + i : (i * 3 + j) % 5 - 2.0;
#pragma hpf independent
  for (int i = 0; i < N; ++i)
    for (int j = 0; j < N; ++j)
      G[i][j] = i * 0.5 - j;
  for (int k = 0; k < N - 1; ++k) {
#pragma hpf independent
    for (int i = k + 1; i < N; ++i) {
      const double F = M[i][k] / M[k][k];
      for (int j = k; j <= N; ++j)
        M[i][j] -= F * M[k][j];
    }
  }
  for (int k = N - 1; k > 0; --k) {
#pragma hpf independent
    for (int i = 0; i < k; ++i)
      M[i][N] -= M[i][k] / M[k][k] * M[k][N];
  }
  const int c = N / 2;
#pragma hpf independent
  for (int i = 0; i < N; ++i)
    for (int j = 0; j < N; ++j)
      V[i][j] = G[j][c] * i;
#ifdef ERR
  for (int k = 0; k < N - 1; ++k) {
#pragma hpf independent
    for (int i = k; i < N; ++i)
      M[i][0] -= M[k][1];
  }
#pragma hpf independent
  for (int i = 1; i < N; ++i)
    M[i][0] += M[Pivot][0];
#endif
  double S = 0, T = 0;
  for (int i = 0; i < N; ++i)
    S += M[i][N] / M[i][i] * (i + 1);
#pragma hpf independent reduction(+ : T)
  for (int i = 0; i < N; ++i)
    for (int j = 0; j < N; ++j)
      T += V[i][j];
  std::printf("rows %d: %.12e %.6f\n", N, S, T);
  return 0;
}
