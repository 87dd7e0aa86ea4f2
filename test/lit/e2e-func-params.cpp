// Distributed arrays passed to functions (HPF's inherited mapping): the
// parameter `double (&A)[N]` becomes an hpf::darray reference and works
// with whatever mapping the argument has: an independent loop, a
// reduction, gathered neighbours, elements in replicated code, a const
// parameter, a parameter passed on to another function, a 2-D parameter,
// and a redistribute in the callee (the caller's mapping comes back on
// return: the caller then writes X aligned with a block array). The same functions are called with arrays of different mappings.
// REQUIRES: mpi
// RUN: %e2e --tmp %t --ranks 1,2,3,4 %s | FileCheck %s
// CHECK: e2e: -n 1: same output
// CHECK: e2e: -n 4: same output
// RUN: %clang_hpf -fplugin-arg-hpf-remarks %s 2>&1 | FileCheck %s --check-prefix=REMARK
// REMARK: remark: parameter 'A' of 'scale' inherits the mapping of its argument ('X', 'Y', 'A'): the function works with whatever mapping the array has at the call (loops use the run-time distribution)
#include <cstdio>

constexpr int N = 53;
#pragma hpf processors ALL(*)

void scale(double (&A)[N], double f) {
#pragma hpf independent
  for (int i = 0; i < N; ++i)
    A[i] = A[i] * f + i;
}

double sum(const double (&A)[N]) {
  double s = 0;
#pragma hpf independent reduction(+ : s)
  for (int i = 0; i < N; ++i)
    s += A[i];
  return s;
}

// Reads a neighbour (from a copy or halo) and another array (aligned or
// not: checked at run time).
double smooth(double (&Out)[N], const double (&In)[N]) {
#pragma hpf independent
  for (int i = 1; i < N - 1; ++i)
    Out[i] = (In[i - 1] + In[i] + In[i + 1]) / 3;
  Out[0] = In[0];
  Out[N - 1] = In[N - 1];
  return Out[N / 2];
}

double X[N];
double Y[N];
#pragma hpf distribute X(block) onto ALL
#pragma hpf distribute Y(cyclic(3)) onto ALL

// Reads the global X, which twice(X) redistributes through its parameter.
double peekX() {
  double s = 0;
#pragma hpf independent reduction(+ : s)
  for (int i = 0; i < N; ++i)
    s += X[i] * i;
  return s;
}

// Passed on; then a redistribute the caller does not see after return.
double twice(double (&A)[N]) {
#pragma hpf dynamic A
  scale(A, 2);
#pragma hpf redistribute A(cyclic(2)) onto ALL
  scale(A, 0.5);
  return sum(A) + A[7] + peekX();
}

float trace(float (&M)[8][6]) {
  float t = 0;
#pragma hpf independent
  for (int i = 0; i < 8; ++i) {
#pragma hpf independent
    for (int j = 0; j < 6; ++j)
      M[i][j] = i * 6 + j;
  }
  for (int i = 0; i < 6; ++i)
    t += M[i][i];
  return t;
}

int main() {
#pragma hpf independent
  for (int i = 0; i < N; ++i)
    X[i] = i % 7;
#pragma hpf independent
  for (int i = 0; i < N; ++i)
    Y[i] = 1.0 / (i + 1);
  scale(X, 3);
  scale(Y, -1);
  std::printf("sums %.6f %.6f\n", sum(X), sum(Y));
  std::printf("smooth %.6f %.6f\n", smooth(Y, X), sum(Y));
  std::printf("twice %.6f then %.6f\n", twice(X), sum(X));
  // X is block again after the call: writes aligned with Z (block).
  double Z[N];
#pragma hpf distribute Z(block) onto ALL
#pragma hpf independent
  for (int i = 0; i < N; ++i) {
    Z[i] = i;
    X[i] = X[i] + Z[i];
  }
  std::printf("restored %.6f\n", sum(X));
  double L[N];
#pragma hpf distribute L(cyclic(5)) onto ALL
#pragma hpf independent
  for (int i = 0; i < N; ++i)
    L[i] = i;
  std::printf("local %.6f %.6f\n", twice(L), smooth(L, Y));
  float M[8][6];
#pragma hpf distribute M(*, block) onto ALL
  std::printf("trace %.1f\n", trace(M));
  return 0;
}
