// What the generated nest tells the compiler so that it compiles like the
// sequential build: distinct arrays' local buffers never overlap
// (hpfcc::assume_separate, once before the nest, instead of the
// vectoriser's overlap check before every row), and a '*' dimension of an
// array whose mapping is known at the nest (never redistributed, or known
// there to the flow walk: a dynamic array not yet redistributed, a
// parameter every call passes the same mapping) has its extent as a
// constant row stride. A dynamic array whose mapping depends on control
// flow keeps its run-time stride, as does a parameter whose calls pass
// different mappings; a function's parameters (the same array may be
// passed twice) get no assume_separate.
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
double Q[R][C];
#pragma hpf distribute M(block, *) onto ALL
#pragma hpf distribute Q(*, block) onto ALL
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
  // CHECK: const hpf::index_t __hpf_X[[F:[0-9]+]]_e1 = 6;
  // CHECK-NOT: assume_separate
  // CHECK: for (int i = __hpf_seg[[F]]_0.lo;
}

void bump(double (&Z)[R][C]) {
#pragma hpf independent
  for (int i = 0; i < R; ++i)
#pragma hpf independent
    for (int j = 0; j < C; ++j)
      Z[i][j] = Z[i][j] + i - j;
  // Called with M (block, *) and Q (*, block): the stride stays Z's own.
  // CHECK: void bump(
  // CHECK: const hpf::index_t __hpf_Z{{[0-9]+}}_e1 = Z.local_extent(1);
}

int main(int argc, char **) {
#pragma hpf independent
  for (int i = 0; i < R; ++i)
#pragma hpf independent
    for (int j = 0; j < C; ++j) {
      M[i][j] = i * 10 + j;
      W[i][j] = (i + j) % 3;
      D[i][j] = i - j;
    }
  // CHECK: double *__restrict const __hpf_M[[A:[0-9]+]] = M.local_data(); const hpf::index_t __hpf_M[[A]]_e1 = 6; double *__restrict const __hpf_W[[A]] = W.local_data(); const hpf::index_t __hpf_W[[A]]_e1 = 6; double *__restrict const __hpf_D[[A]] = D.local_data(); const hpf::index_t __hpf_D[[A]]_e1 = 6; hpfcc::assume_separate(__hpf_M[[A]], __hpf_W[[A]]); hpfcc::assume_separate(__hpf_M[[A]], __hpf_D[[A]]); hpfcc::assume_separate(__hpf_W[[A]], __hpf_D[[A]]);
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
#pragma hpf independent
  for (int i = 0; i < R; ++i)
#pragma hpf independent
    for (int j = 0; j < C; ++j)
      Q[i][j] = i * j % 5;
  bump(M);
  bump(Q);
  if (argc > 5) { // never here; the flow walk cannot know
#pragma hpf redistribute D(cyclic, *) onto ALL
  }
  double Sum = 0;
#pragma hpf independent reduction(+ : Sum)
  for (int i = 0; i < R; ++i)
    for (int j = 0; j < C; ++j)
      Sum += M[i][j] * (j + 1) + W[i][j] + D[i][j];
  // Only reads: nothing to assume. D's mapping here depends on control
  // flow: it is read from a copy in M's, with a run-time stride.
  // CHECK: reduction(+ : Sum) */ { double *__restrict const __hpf_M[[S:[0-9]+]] = M.local_data(); const hpf::index_t __hpf_M[[S]]_e1 = 6; double *__restrict const __hpf_W[[S]] = W.local_data(); const hpf::index_t __hpf_W[[S]]_e1 = 6; const hpfcc::realigned<double, 2> __hpf_re_D[[S]](D, M, {0, -1}, "{{.*}}"); const double *__restrict const __hpf_D[[S]] = __hpf_re_D[[S]].data(); const hpf::index_t __hpf_D[[S]]_e1 = __hpf_re_D[[S]].local_extent(1); const auto
  double SumQ = 0;
#pragma hpf independent reduction(+ : SumQ)
  for (int i = 0; i < R; ++i)
    for (int j = 0; j < C; ++j)
      SumQ += Q[i][j] * (i + 1);
  std::printf("separate %.6f %.6f\n", Sum, SumQ);
  return 0;
}
