// Copies of copies (analysis/declarations/Functions.cpp,
// codegen/Templates.cpp, tools/hpf-plugin/HpfPlugin.cpp): each function is
// called with distributed U and with plain W, and passes its parameter on
// to the next, so every analysis copies one more of them (four analyses
// here). report is declared first and defined between its callers, and each
// copy of a caller calls report's copy: the copy is declared before the
// first of those calls in the file. Exact on 1..4 ranks.
// REQUIRES: mpi
// RUN: %e2e --tmp %t --ranks 1,2,3,4 %s | FileCheck %s
// CHECK: e2e: sequential output: f3 {{[-0-9.]+}}
// CHECK: e2e: -n 1: same output
// CHECK: e2e: -n 2: same output
// CHECK: e2e: -n 3: same output
// CHECK: e2e: -n 4: same output
// RUN: %hpfcc -Rhpf -fsyntax-only %s 2>&1 | FileCheck %s --check-prefix=REMARK
// REMARK-DAG: :43:3: remark: 'f0' is called with distributed arrays here
// REMARK-DAG: :60:30: remark: 'f1' is called with distributed arrays here
// REMARK-DAG: :59:30: remark: 'f2' is called with distributed arrays here
// REMARK-DAG: :58:30: remark: 'f3' is called with distributed arrays here
// REMARK-DAG: remark: 'report' is called with distributed arrays here
#include <cstdio>

constexpr int N = 12;
static double U[N][N], W[N][N];
#pragma hpf distribute U(block, *)

double report(const double (&A)[N][N]);

void f3(double (&A)[N][N]) {
#pragma hpf independent
  for (int i = 0; i < N; ++i)
    for (int j = 0; j < N; ++j)
      A[i][j] = 0.5 * A[i][j] + i - j;
  std::printf("f3 %.3f\n", report(A));
}

int main() {
#pragma hpf independent
  for (int i = 0; i < N; ++i)
    for (int j = 0; j < N; ++j)
      U[i][j] = i * N + j;
  void f0(double(&A)[N][N]);
  f0(U);
  f0(W);
  std::printf("sums %.6f %.6f\n", report(U), report(W));
  return 0;
}

double report(const double (&A)[N][N]) {
  double t = 0;
#pragma hpf independent reduction(+ : t)
  for (int i = 0; i < N; ++i)
    for (int j = 0; j < N; ++j)
      t += A[i][j] * (i + 1);
  return t;
}

void f2(double (&A)[N][N]) { f3(A); f3(W); }
void f1(double (&A)[N][N]) { f2(A); f2(W); }
void f0(double (&A)[N][N]) { f1(A); f1(W); }
