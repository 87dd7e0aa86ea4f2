// Function templates over distributed arrays: a small generic kernel
// library (dot, axpy, sum, fill) used with distributed arrays of two
// mappings (block and cyclic), two element types (double and int), and
// with plain arrays in the same program; a template calling another
// (norm2 calls dot) and one calling itself (tail). hpfcc analyses each
// instantiation that receives distributed arrays as a non-template copy of
// the template (its parameters of the instantiation's types, the template's
// parameters declared at the top of the body), and redirects those calls
// to it; calls with plain arrays keep calling the template. Independent
// loops and reductions inside the template apply in each copy.
// REQUIRES: mpi
// RUN: %e2e --tmp %t --ranks 1,2,3,4 %s | FileCheck %s
// CHECK: e2e: -n 1: same output
// CHECK: e2e: -n 2: same output
// CHECK: e2e: -n 3: same output
// CHECK: e2e: -n 4: same output
// RUN: %hpfcc --hpf-emit-source %s | %strip_checks | FileCheck %s --check-prefix=SRC
// SRC: double __hpf_dot_1(hpf::darray<double> &x, hpf::darray<double> &y) {
// SRC-SAME: using A {{.}}{{.}}maybe_unused{{.}}{{.}} = double[37];
// SRC: int __hpf_sum_2(hpf::darray<int> &a) {
// SRC-SAME: using T {{.*}} = int; {{.*}} constexpr std::size_t N = static_cast<std::size_t>(37);
#include <cstddef>
#include <cstdio>
#include <iterator>

constexpr int N = 37;
#pragma hpf processors P(*)

template <class A> double dot(const A &x, const A &y) {
  double s = 0;
#pragma hpf independent reduction(+ : s)
  for (std::size_t i = 0; i < std::size(x); ++i)
    s += x[i] * y[i];
  return s;
}

template <class A, class B> void axpy(double a, const A &x, B &y, int n) {
#pragma hpf independent
  for (int i = 0; i < n; ++i)
    y[i] = a * x[i] + y[i];
}

template <class T, std::size_t N> T sum(const T (&a)[N]) {
  T s = 0;
#pragma hpf independent reduction(+ : s)
  for (std::size_t i = 0; i < N; ++i)
    s += a[i];
  return s;
}

template <class T, std::size_t N> void fill(T (&a)[N], T first, T step) {
#pragma hpf independent
  for (std::size_t i = 0; i < N; ++i)
    a[i] = first + static_cast<T>(i) * step;
}

// A template calling a template with its parameter.
template <class A> double norm2(const A &x) { return dot(x, x); }

// A template calling itself: its copy calls itself (elements read in
// replicated code).
template <class A> double tail(const A &x, int k) {
  return k == 0 ? 0.0 : x[k - 1] + 0.5 * tail(x, k - 1);
}

double X[N], Y[N];
int K[N];
#pragma hpf distribute X(block) onto P
#pragma hpf distribute Y(cyclic) onto P
#pragma hpf distribute K(cyclic(2)) onto P

int main() {
  double U[N], V[N]; // plain arrays
  int L[N];
  fill(X, 1.0, 0.5);
  fill(Y, 2.0, -0.25);
  fill(K, 3, 2);
  fill(U, 1.0, 0.5);
  fill(V, 2.0, -0.25);
  fill(L, 3, 2);
  std::printf("dot(X, Y) = %.6f\n", dot(X, Y));
  std::printf("dot(U, V) = %.6f\n", dot(U, V));
  axpy(2.0, X, Y, N);
  axpy(2.0, U, V, N);
  std::printf("after axpy: sum(Y) = %.6f sum(V) = %.6f\n", sum(Y), sum(V));
  std::printf("sum(K) = %d sum(L) = %d\n", sum(K), sum(L));
  std::printf("norm2(X) = %.6f norm2(U) = %.6f\n", norm2(X), norm2(U));
  std::printf("Y[5] = %.6f K[7] = %d\n", Y[5], K[7]);
  std::printf("tail(Y) = %.6f tail(V) = %.6f\n", tail(Y, 9), tail(V, 9));
  return 0;
}
