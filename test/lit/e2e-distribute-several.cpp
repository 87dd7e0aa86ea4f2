// HPF's attributed form of distribute and redistribute, one mapping for
// several arrays (`distribute (block, *) :: A, B, C`): the pragma is one
// directive per array (pragma-parser/HpfPragma.cpp): globals, locals,
// members, a redistribute of two dynamic arrays. Exact on 1..4 ranks.
// REQUIRES: mpi
// RUN: %e2e --tmp %t --ranks 1,2,3,4 %s | FileCheck %s
// CHECK: e2e: sequential output: {{[-0-9.]+}} local {{[-0-9.]+}} members {{[-0-9.]+}}
// CHECK: e2e: -n 1: same output
// CHECK: e2e: -n 2: same output
// CHECK: e2e: -n 3: same output
// CHECK: e2e: -n 4: same output
// RUN: %hpfcc -Rhpf -fsyntax-only %s 2>&1 | FileCheck %s --check-prefix=REMARK
// REMARK-DAG: :21:1: remark: distribute 'A': (block, *) onto all ranks, 12 x 12 elements of double
// REMARK-DAG: :21:1: remark: distribute 'C': (block, *) onto all ranks, 12 x 12 elements of double
// REMARK-DAG: :26:1: remark: distribute 'L2': cyclic onto all ranks, 12 elements of double
// RUN: not %hpfcc -fsyntax-only -DBAD %s 2>&1 | FileCheck %s --check-prefix=BAD
#include <cstdio>

constexpr int N = 12;
static double A[N][N], B[N][N], C[N][N];
#pragma hpf distribute (block, *) :: A, B, C
#pragma hpf dynamic A, B

double local() {
  double L1[N], L2[N];
#pragma hpf distribute (cyclic) :: L1, L2
#pragma hpf independent
  for (int i = 0; i < N; i++) {
    L1[i] = i;
    L2[i] = 2 * i;
  }
  double s = 0;
#pragma hpf independent reduction(+ : s)
  for (int i = 0; i < N; i++)
    s += L1[i] * L2[i];
  return s;
}

// Members of a class, in the same form.
struct Pair {
  double T[N], U[N];
#pragma hpf distribute (block) :: T, U
  double dot() {
#pragma hpf independent
    for (int i = 0; i < N; i++) {
      T[i] = i;
      U[i] = 2 * i + 1;
    }
    double s = 0;
#pragma hpf independent reduction(+ : s)
    for (int i = 0; i < N; i++)
      s += T[i] * U[i];
    return s;
  }
};

int main() {
#pragma hpf independent
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      A[i][j] = i + j;
      B[i][j] = i - j;
    }
#pragma hpf redistribute (*, cyclic) :: A, B
#pragma hpf independent
  for (int j = 0; j < N; j++)
    for (int i = 1; i < N; i++)
      A[i][j] += 0.5 * A[i - 1][j] + B[i][j];
#pragma hpf independent
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      C[i][j] = A[i][j] * (j + 1);
  double s = 0;
#pragma hpf independent reduction(+ : s)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      s += C[i][j] * (i + 1);
  Pair P;
  std::printf("%.3f local %.1f members %.1f\n", s, local(), P.dot());
#ifdef BAD
  // BAD: :[[@LINE+1]]:35: error: use of undeclared identifier 'Q'
#pragma hpf distribute (block) :: Q
  // BAD: :[[@LINE+1]]:32: error: expected '::' and the names of the arrays after the distribution format, found 'A'
#pragma hpf distribute (block) A, B
#endif
  return 0;
}
