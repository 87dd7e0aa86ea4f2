// A function called with distributed arrays and with plain ones
// (analysis/declarations/Functions.cpp, codegen/Templates.h): the calls
// with distributed arrays call a copy of it compiled for them, the others
// call it as written. relax passes its parameter on to boundary, which so
// gets a copy one analysis later (relax also passes plain W to it, so the
// copy of boundary is decided while relax's calls of it wait); scale calls itself (its copy calls the
// copy); columnPrefix prescribes its parameter's mapping, which its copy
// applies. Prototypes come before main and the definitions after it, as C
// code has them. Exact on 1..4 ranks.
// REQUIRES: mpi
// RUN: %e2e --tmp %t --ranks 1,2,3,4 %s | FileCheck %s
// CHECK: e2e: sequential output: sums {{[-0-9.]+}} {{[-0-9.]+}}
// CHECK: e2e: -n 1: same output
// CHECK: e2e: -n 2: same output
// CHECK: e2e: -n 3: same output
// CHECK: e2e: -n 4: same output
// RUN: %hpfcc -Rhpf -fsyntax-only %s 2>&1 | FileCheck %s --check-prefix=REMARK
// REMARK-DAG: :46:3: remark: 'relax' is called with distributed arrays here and with plain arrays elsewhere: the calls with distributed arrays call a copy of it compiled for them, the others call it as written
// REMARK-DAG: :48:3: remark: 'scale' is called with distributed arrays here and with plain arrays elsewhere
// REMARK-DAG: :50:3: remark: 'columnPrefix' is called with distributed arrays here and with plain arrays elsewhere
// REMARK-DAG: :52:35: remark: 'sum' is called with distributed arrays here
// REMARK-DAG: :61:3: remark: 'boundary' is called with distributed arrays here and with plain arrays elsewhere
// REMARK-DAG: :57:1: remark: independent loop nest over 'A' ((block, *) onto all ranks)
// REMARK-DAG: :95:24: remark: 'A' of 'columnPrefix' takes plain arrays only (the calls with distributed arrays call a copy of it): its distribute directive has no effect here
// REMARK-DAG: :95:1: remark: parameter 'A' of 'columnPrefix' is remapped for the call when its argument's mapping differs
#include <cstdio>

constexpr int N = 12;
static double U[N][N], W[N][N];
#pragma hpf distribute U(block, *)

void relax(double (&A)[N][N], double s);
void boundary(double (&A)[N][N]);
void scale(double (&A)[N][N], int times);
double sum(const double (&A)[N][N]);
void columnPrefix(double (&A)[N][N]);

int main() {
  for (int i = 0; i < N; ++i)
    for (int j = 0; j < N; ++j)
      W[i][j] = i - j;
#pragma hpf independent
  for (int i = 0; i < N; ++i)
    for (int j = 0; j < N; ++j)
      U[i][j] = i + 2 * j;
  relax(U, 0.5);
  relax(W, 0.25);
  scale(U, 3);
  scale(W, 2);
  columnPrefix(U);
  columnPrefix(W);
  std::printf("sums %.6f %.6f\n", sum(U), sum(W));
  return 0;
}

void relax(double (&A)[N][N], double s) {
#pragma hpf independent
  for (int i = 0; i < N; ++i)
    for (int j = 1; j < N - 1; ++j)
      A[i][j] = A[i][j] * s + j;
  boundary(A);
  boundary(W);
}

void boundary(double (&A)[N][N]) {
#pragma hpf independent
  for (int i = 0; i < N; ++i) {
    A[i][0] = A[i][1];
    A[i][N - 1] = A[i][N - 2];
  }
}

void scale(double (&A)[N][N], int times) {
  if (times == 0)
    return;
#pragma hpf independent
  for (int i = 0; i < N; ++i)
    for (int j = 0; j < N; ++j)
      A[i][j] *= 1.5;
  scale(A, times - 1);
}

double sum(const double (&A)[N][N]) {
  double t = 0;
#pragma hpf independent reduction(+ : t)
  for (int i = 0; i < N; ++i)
    for (int j = 0; j < N; ++j)
      t += A[i][j] * (i + 1);
  return t;
}

// Its loop runs along the columns: the copy takes the array (*, block) for
// the call; for a plain array the directive has no effect.
void columnPrefix(double (&A)[N][N]) {
#pragma hpf distribute A(*, block)
#pragma hpf independent
  for (int j = 0; j < N; ++j)
    for (int i = 1; i < N; ++i)
      A[i][j] += 0.5 * A[i - 1][j];
}
