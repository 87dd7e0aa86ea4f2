// Pointer + size parameters (issue 13): `void f(double *A, int n)` called
// with a distributed array (`f(A, n)` or `f(&A[0], n)`) takes the array
// with its mapping (HPF's inherited mapping, as array references do) and
// its extent; n stays the caller's value, checked at the call against the
// array's extent. Loops, a reduction, two pointers (alignment checked at
// run time), neighbours, elements in replicated code, a pointer passed on,
// a redistribute in the callee, a size below the extent, and arrays of
// different mappings and extents.
// REQUIRES: mpi
// RUN: %e2e --tmp %t --ranks 1,2,3,4 %s | FileCheck %s
// CHECK: e2e: -n 1: same output
// CHECK: e2e: -n 4: same output
// RUN: %clang_hpf -fplugin-arg-hpf-remarks %s 2>&1 | FileCheck %s --check-prefix=REMARK
// REMARK: remark: parameter 'A' of 'scale' inherits the mapping of its argument ('X', 'Y', 'A'): the function works with whatever mapping the array has at the call (loops use the run-time distribution); its extent is the argument's, and a size argument is checked against it
// A size beyond the array's extent fails at the call, naming it.
// RUN: %hpfcc -O1 -DTOO_LONG %s -o %t.bad
// RUN: not %mpiexec -n 2 %t.bad 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: hpfrt: error: rank {{[0-9]}}: call at {{.*}}e2e-func-pointer.cpp:[[@LINE+69]]:{{[0-9]+}}: call of 'sum': size argument 42 for a distributed array of 41 elements
#include <cstdio>

constexpr int N = 41;
#pragma hpf processors ALL(*)

void scale(double *A, int n, double f) {
#pragma hpf independent
  for (int i = 0; i < n; ++i)
    A[i] = A[i] * f + i;
}

double sum(const double *A, int n) {
  double s = 0;
#pragma hpf independent reduction(+ : s)
  for (int i = 0; i < n; ++i)
    s += A[i];
  return s;
}

void axpy(double *Y, const double *X, int n, double a) {
#pragma hpf independent
  for (int i = 0; i < n; ++i)
    Y[i] = Y[i] + a * X[i];
}

void smooth(double *Out, const double *In, int n) {
#pragma hpf independent
  for (int i = 1; i < n - 1; ++i)
    Out[i] = (In[i - 1] + In[i] + In[i + 1]) / 3;
  Out[0] = In[0];
  Out[n - 1] = In[n - 1];
}

double twice(double *A, int n) {
#pragma hpf dynamic A
  scale(A, n, 2);
#pragma hpf redistribute A(cyclic(2)) onto ALL
  scale(A, n, 0.5);
  return sum(A, n) + A[n / 2];
}

double X[N], Y[N];
#pragma hpf distribute X(block) onto ALL
#pragma hpf distribute Y(cyclic(3)) onto ALL

int main() {
#pragma hpf independent
  for (int i = 0; i < N; ++i)
    X[i] = i % 7;
#pragma hpf independent
  for (int i = 0; i < N; ++i)
    Y[i] = 1.0 / (i + 1);
  scale(X, N, 3);
  scale(&Y[0], N, -1);
  std::printf("sums %.6f %.6f\n", sum(X, N), sum(&Y[0], N));
  std::printf("head %.6f\n", sum(X, N / 2)); // the first half only
  axpy(X, Y, N, 0.5);
  std::printf("axpy %.6f\n", sum(X, N));
  smooth(Y, X, N);
  std::printf("smooth %.6f\n", sum(Y, N));
  std::printf("twice %.6f then %.6f\n", twice(X, N), sum(X, N));
  double Z[N + 9];
#pragma hpf distribute Z(cyclic(5)) onto ALL
#pragma hpf independent
  for (int i = 0; i < N + 9; ++i)
    Z[i] = i;
  std::printf("longer %.6f %.6f\n", twice(Z, N + 9), sum(Z, N));
#ifdef TOO_LONG
  std::printf("%f\n", sum(X, N + 1));
#endif
  return 0;
}
