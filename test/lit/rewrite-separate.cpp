// What the generated nest tells the compiler so that it compiles like the
// sequential build: distinct arrays' local buffers never overlap
// (hpfcc::assume_separate, once before the nest, instead of the
// vectoriser's overlap check before every row), and a '*' dimension of an
// array that is never redistributed has its extent as a constant row
// stride. A dynamic array keeps its run-time stride; a function's
// parameters (the same array may be passed twice) get no assumption.
// The e2e run: the same output as the sequential build at every rank
// count, rows not dividing evenly, and a function called with one array
// for both of its parameters.
// RUN: %clang_hpf -fplugin-arg-hpf-out=%t.cpp %s
// RUN: %strip_checks %t.cpp | FileCheck %s
// REQUIRES: mpi
// RUN: %e2e --tmp %t.e2e --ranks 1,2,3 %s | FileCheck %s --check-prefix=E2E
// E2E: e2e: -n 3: same output
#include <cstdio>

constexpr int R = 13, C = 6;
#pragma hpf processors ALL(*)
double M[R][C];
double W[R][C];
double D[R][C];
#pragma hpf distribute M(block, *) onto ALL
#pragma hpf distribute W(block, *) onto ALL
#pragma hpf distribute D(block, *) onto ALL
#pragma hpf dynamic D

void twice(double (&X)[R][C], double (&Y)[R][C]) {
#pragma hpf independent
  for (int i = 0; i < R; ++i)
#pragma hpf independent
    for (int j = 0; j < C; ++j) {
      X[i][j] = X[i][j] + 1;
      Y[i][j] = 2 * Y[i][j];
    }
  // CHECK: void twice(
  // CHECK: const hpf::index_t __hpf_X[[F:[0-9]+]]_e1 = X.local_extent(1);
  // CHECK-NOT: assume_separate
  // CHECK: for (int i = __hpf_seg[[F]]_0.lo;
}

int main() {
#pragma hpf independent
  for (int i = 0; i < R; ++i)
#pragma hpf independent
    for (int j = 0; j < C; ++j) {
      M[i][j] = i * 10 + j;
      W[i][j] = (i + j) % 3;
      D[i][j] = i - j;
    }
  // CHECK: double *__restrict const __hpf_M[[A:[0-9]+]] = M.local_data(); const hpf::index_t __hpf_M[[A]]_e1 = 6; double *__restrict const __hpf_W[[A]] = W.local_data(); const hpf::index_t __hpf_W[[A]]_e1 = 6; double *__restrict const __hpf_D[[A]] = D.local_data(); const hpf::index_t __hpf_D[[A]]_e1 = D.local_extent(1); hpfcc::assume_separate(__hpf_M[[A]], __hpf_W[[A]]); hpfcc::assume_separate(__hpf_M[[A]], __hpf_D[[A]]); hpfcc::assume_separate(__hpf_W[[A]], __hpf_D[[A]]);
  for (int s = 0; s < 3; ++s) {
#pragma hpf independent
    for (int i = 0; i < R; ++i)
#pragma hpf independent
      for (int j = 0; j < C; ++j)
        M[i][j] = 0.5 * M[i][j] + W[i][j];
  }
  // CHECK: const hpf::index_t __hpf_W[[B:[0-9]+]]_e1 = 6; hpfcc::assume_separate(__hpf_M[[B]], __hpf_W[[B]]);
  twice(M, M);
  twice(M, W);
  double Sum = 0;
#pragma hpf independent reduction(+ : Sum)
  for (int i = 0; i < R; ++i)
    for (int j = 0; j < C; ++j)
      Sum += M[i][j] * (j + 1) + W[i][j] + D[i][j];
  // Only reads: nothing to assume.
  // CHECK: reduction(+ : Sum) */ { double *__restrict const __hpf_M[[S:[0-9]+]] = M.local_data(); const hpf::index_t __hpf_M[[S]]_e1 = 6; double *__restrict const __hpf_W[[S]] = W.local_data(); const hpf::index_t __hpf_W[[S]]_e1 = 6; double *__restrict const __hpf_D[[S]] = D.local_data(); const hpf::index_t __hpf_D[[S]]_e1 = D.local_extent(1); const auto
  std::printf("separate %.6f\n", Sum);
  return 0;
}
