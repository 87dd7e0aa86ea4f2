// Parameters declared as whole multi-dimensional arrays, `double A[R][C]`
// (C++ makes them pointers to rows), take distributed arrays as
// `double (&A)[R][C]` does: in prototypes and definitions, with an
// inherited or a prescribed mapping. A function's own pointers into its
// parameters (a ping-pong between two scratch rows, `std::swap` of two
// pointers) write the arguments, not "anything": a function doing so may
// be called from an independent loop on the iteration's private arrays.
// Same output as the sequential build at -n 1..4.
// REQUIRES: mpi
// RUN: %e2e --tmp %t --ranks 1,2,3,4 %s | FileCheck %s
// CHECK: e2e: sequential output: 6570.0 6570.00 19710
// CHECK: e2e: -n 1: same output
// CHECK: e2e: -n 2: same output
// CHECK: e2e: -n 3: same output
// CHECK: e2e: -n 4: same output
#include <cstdio>
#include <utility>

constexpr int R = 12, C = 8;
double M[R][C], T[R][C];
#pragma hpf distribute M(block, *)
#pragma hpf distribute T(*, block)

void fill(double A[R][C], double Scale);
void smoothRows(double A[R][C]);
double total(const double A[R][C]);
void columns(double A[R][C], double Out[R][C]);

int main() {
  fill(M, 1.0);
  smoothRows(M);
  fill(T, 0.5);
  columns(M, T);
  std::printf("%.1f %.2f %.0f\n", total(M), total(T), total(M) * 3);
  return 0;
}

void fill(double A[R][C], double Scale) {
#pragma hpf independent
  for (int i = 0; i < R; ++i)
#pragma hpf independent
    for (int j = 0; j < C; ++j)
      A[i][j] = Scale * (i * C + j % 5);
}

// Three passes of a 3-point average over a row, between two scratch rows
// through pointers that swap.
void passes(const double In[C], double Out[C], double A[C], double B[C]) {
  double *from = A, *to = B;
  for (int j = 0; j < C; ++j)
    from[j] = In[j];
  for (int p = 0; p < 3; ++p) {
    for (int j = 0; j < C; ++j)
      to[j] = (from[(j + C - 1) % C] + 2 * from[j] + from[(j + 1) % C]) / 4;
    std::swap(from, to);
  }
  double *last = from;
  for (int j = 0; j < C; ++j)
    Out[j] = last[j];
}

void smoothRows(double A[R][C]) {
#pragma hpf distribute A(block, *)
#pragma hpf independent
  for (int i = 0; i < R; ++i) {
    double a[C], b[C], row[C];
    for (int j = 0; j < C; ++j)
      row[j] = A[i][j];
    passes(row, row, a, b);
    for (int j = 0; j < C; ++j)
      A[i][j] = row[j];
  }
}

double total(const double A[R][C]) {
  double s = 0;
#pragma hpf independent reduction(+ : s)
  for (int i = 0; i < R; ++i)
#pragma hpf independent
    for (int j = 0; j < C; ++j)
      s += A[i][j] * (1 + (i + j) % 2);
  return s;
}

// Out's columns from A's rows: Out (*, block) prescribed, A read in that
// mapping from a copy when it differs.
void columns(double A[R][C], double Out[R][C]) {
#pragma hpf distribute Out(*, block)
#pragma hpf independent
  for (int j = 0; j < C; ++j)
    for (int i = 0; i < R; ++i)
      Out[i][j] += A[i][j] * 0.5;
}
