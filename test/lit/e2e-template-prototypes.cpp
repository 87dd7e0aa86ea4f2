// Function templates declared before they are defined, as NPB-style code
// declares every routine first: a call with distributed arrays before the
// template's definition calls the copy hpfcc places after the definition,
// through a declaration of the copy placed before the function that holds
// the call (default arguments in that first declaration). A prescriptive
// distribute in the template applies in the copy. Exact on 1..4 ranks.
// REQUIRES: mpi
// RUN: %e2e --tmp %t --ranks 1,2,3,4 %s | FileCheck %s
// CHECK: e2e: sequential output: 393.500 904.000 413.000
// CHECK: e2e: -n 1: same output
// CHECK: e2e: -n 2: same output
// CHECK: e2e: -n 3: same output
// CHECK: e2e: -n 4: same output
// RUN: %hpfcc --hpf-emit-source %s | %strip_checks | FileCheck %s --check-prefix=SRC
// SRC: double __hpf_total_1(hpf::darray<double> &x, double scale = 1.0);
// SRC-NEXT: #line 28 "{{.*}}e2e-template-prototypes.cpp"
// SRC: int main() {
// SRC: double __hpf_total_1(hpf::darray<double> &x, double scale) {
#include <cstdio>
constexpr int N = 20;
double X[N], Y[N];
#pragma hpf distribute X(block)
#pragma hpf distribute Y(block)

template <class A> double total(const A &x, double scale = 1.0);
template <int E> void fill(double (&a)[E], double v);

int main() {
  fill(X, 0.5);
  fill(Y, 2.0);
  double plain[N];
  fill(plain, 1.0);
  std::printf("%.3f %.3f %.3f\n", total(X), total(Y, 2.0), total(plain));
  return 0;
}

template <class A> double total(const A &x, double scale) {
  double s = 0;
#pragma hpf independent reduction(+ : s)
  for (int i = 0; i < N; ++i)
    s += x[i] * scale * (1 + i % 3);
  return s;
}

template <int E> void fill(double (&a)[E], double v) {
#pragma hpf distribute a(block)
#pragma hpf independent
  for (int i = 0; i < E; ++i)
    a[i] = v + i;
}
