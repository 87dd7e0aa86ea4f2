// Elements read through array parameters by the functions an independent
// loop calls: the call in the loop passes a distributed array (`viaRef(A,
// 0)`), the callee reads its parameter's elements (`X[k]`), so the loop
// reads that array through the call and it is served as a read of a global
// array through a call is (e2e-loop-call-reads.cpp): a copy of the whole
// array gathered before the loop, which the parameter (the same
// hpf::darray) reads. A reference, a const reference, a pointer + size (the
// array, or `&A[0]` in a called function), a std::vector reference, a parameter passed on to
// another function, read at the loop index + 1, a field of a struct
// element, a row of a 2-D array, a lambda reading the parameter it
// captures, a function that passes a global array on (called with no
// array), and a loop in a function over its own array parameter.
// A 1-D loop handing a 2-D array whole to a call (`corner(M, i)`) stays a
// loop over B: before, the 2-D array made it a nest with no home, whose
// write to B went to a const copy (the generated C++ did not compile).
// REQUIRES: mpi
// RUN: %e2e --tmp %t --ranks 1,2,3,4 %s | FileCheck %s
// RUN: %hpfcc -Rhpf -fsyntax-only %s 2>&1 | FileCheck %s --check-prefix=REMARK
// CHECK: e2e: sequential output: 720 2160 32400 2040
// CHECK: e2e: -n 1: same output
// CHECK: e2e: -n 2: same output
// CHECK: e2e: -n 3: same output
// CHECK: e2e: -n 4: same output
// REMARK-DAG: remark: 'A' is read through 'viaRef' (called at line [[#@LINE+65]]): before the loop its elements are gathered on every rank (one MPI_Allgatherv), and the call reads that copy
// REMARK-DAG: remark: 'V' is read through 'viaVec' (called at line [[#@LINE+72]]): before the loop
// REMARK-DAG: remark: 'S' is read through 'fieldY' (called at line [[#@LINE+71]]): before the loop
// REMARK-DAG: remark: 'M' is read through 'corner' (called at line [[#@LINE+71]]): before the loop
// REMARK-DAG: remark: 'C' is read through 'global' (called at line [[#@LINE+70]]): before the loop
// REMARK-DAG: remark: 'X' is read through 'viaCref' (called at line [[#@LINE+41]]): before the loop
// REMARK-DAG: remark: 'A' is read through 'captured' (called at line [[#@LINE+68]]) -> the lambda of line [[#@LINE+31]] (called at line [[#@LINE+31]]): before the loop
#include <cstdio>
#include <vector>

constexpr int N = 16;
struct Pt {
  double x, y;
};
#pragma hpf processors P(*)
double A[N];
double B[N];
double C[N];
double D[N];
Pt S[N];
double M[4][N];
#pragma hpf distribute A(block) onto P
#pragma hpf distribute B(block) onto P
#pragma hpf distribute C(cyclic) onto P
#pragma hpf distribute D(block) onto P
#pragma hpf distribute S(block) onto P
#pragma hpf distribute M(*, block) onto P

double viaRef(double (&X)[N], int k) { return X[k]; }
double viaCref(const double (&X)[N], int k) { return X[k]; }
double viaPtr(const double *X, int n) { return X[n - 1]; }
double viaVec(const std::vector<double> &V, int k) { return V[k]; }
// Passed on: outer's X is viaCref's.
double outer(const double (&X)[N], int k) { return viaCref(X, k) + X[0]; }
double fieldY(const Pt (&P)[N], int k) { return P[k].y; }
double corner(const double (&Q)[4][N], int j) { return Q[3][j]; }
double captured(const double (&X)[N], int k) {
  auto at = [&](int j) { return X[j]; };
  return at(k) + at(N - 1 - k);
}
// No array parameter: it passes the global C itself.
double global(int k) { return viaCref(C, k) + viaPtr(&C[0], k + 1); }
// A loop in a function over its parameter: the copy is of the parameter.
void around(const double (&X)[N], double (&Out)[N]) {
#pragma hpf independent
  for (int i = 0; i < N; ++i)
    Out[i] = X[i] + viaCref(X, N - 1 - i);
}

int main() {
  std::vector<double> V(N);
#pragma hpf distribute V(block) onto P
#pragma hpf independent
  for (int i = 0; i < N; ++i) {
    A[i] = i;
    C[i] = 3 * i;
    V[i] = 2 * i;
    S[i] = {double(i), double(5 * i)};
  }
#pragma hpf independent
  for (int j = 0; j < N; ++j)
    for (int r = 0; r < 4; ++r)
      M[r][j] = r * j;
#pragma hpf independent
  for (int i = 0; i < N; ++i)
    B[i] = A[i] + viaRef(A, 0) + viaCref(A, (i + 1) % N) + viaPtr(A, N) +
           viaPtr(A, i + 1) + outer(A, i);
  double b = 0;
#pragma hpf independent reduction(+ : b)
  for (int i = 0; i < N; ++i)
    b += B[i];
#pragma hpf independent
  for (int i = 0; i < N; ++i)
    B[i] = viaVec(V, N - 1 - i) + fieldY(S, (i + 3) % N) +
           corner(M, i) + captured(A, i) + global(i);
  double c = 0;
#pragma hpf independent reduction(+ : c)
  for (int i = 0; i < N; ++i)
    c += B[i];
  around(C, D);
  double d = 0;
#pragma hpf independent reduction(+ : d)
  for (int i = 0; i < N; ++i)
    d += D[i] * D[i];
  around(A, D);
  double e = 0;
#pragma hpf independent reduction(+ : e)
  for (int i = 0; i < N; ++i)
    e += D[i] * (i + 1);
  std::printf("%g %g %g %g\n", b, c, d, e);
}
