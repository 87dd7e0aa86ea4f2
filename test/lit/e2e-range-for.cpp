// Range-for over whole distributed arrays and vectors. In replicated code
// the loop runs over a copy gathered before it (one MPI_Allgatherv): by
// value, by const reference, printing in the body (once, as
// sequentially), a break, elements read in the body, a writing loop (`auto &x`: each rank stores its
// elements of the copy back), a loop over an array parameter; after
// `#pragma hpf independent` each rank runs its own elements, with + (int),
// max, * and || reductions and a write through the reference, on block,
// cyclic and cyclic(2) arrays and a vector.
// REQUIRES: mpi
// RUN: %e2e --tmp %t --ranks 1,2,3,4 %s | FileCheck %s
// CHECK: e2e: sequential output: x = 0
// CHECK: e2e: -n 1: same output
// CHECK: e2e: -n 2: same output
// CHECK: e2e: -n 3: same output
// CHECK: e2e: -n 4: same output
// RUN: %hpfcc --hpf-emit-source %s | %strip_checks | FileCheck %s --check-prefix=CODE
// CODE: for (double x : hpfcc::algo::elements("{{.*}}e2e-range-for.cpp:{{[0-9]+}}:{{[0-9]+}}", A))
// CODE: for (auto &x : hpfcc::algo::elements_kept("{{.*}}e2e-range-for.cpp:{{[0-9]+}}:{{[0-9]+}}", A))
// CODE: { const auto __hpf_n0_{{[0-9]+}} = n; n = 0; const hpf::rt::independent_scope
// CODE-NEXT: for (int x : hpfcc::algo::owned_elements("{{.*}}", K))
// RUN: %clang_hpf -fplugin-arg-hpf-remarks %s 2>&1 | FileCheck %s --check-prefix=REMARK
// REMARK: remark: range-for over distributed array 'A' in replicated code: the array is gathered on every rank before the loop (one MPI_Allgatherv, O(N) memory per rank) and the loop runs over the copy
// REMARK: remark: range-for over distributed array 'A' in replicated code: {{.*}}; after it each rank stores the elements it owns back (no message)
// REMARK: remark: independent range-for over distributed array 'K': each rank runs the elements it owns, then one MPI_Allreduce per reduction variable
#include <algorithm>
#include <cstdio>
#include <vector>

constexpr int N = 11;
double A[N];
#pragma hpf distribute A(block)
int K[N];
#pragma hpf distribute K(cyclic)
double C[N];
#pragma hpf distribute C(cyclic(2))

double total(const double (&X)[N]) {
  double s = 0;
  for (const double &x : X)
    s = s * 0.5 + x;
  return s;
}

// A range-for over a distributed member, in a member function.
struct Samples {
  static constexpr int M = 50;
  double V[M];
#pragma hpf distribute V(cyclic(3))
  double peak() const {
    double m = 0;
#pragma hpf independent reduction(max : m)
    for (double v : V)
      m = std::max(m, v);
    return m;
  }
  void fill() {
#pragma hpf independent
    for (int i = 0; i < M; ++i)
      V[i] = (i * 37) % 23;
  }
  double total() const {
    double t = 0;
    for (const double &v : V)
      t += v;
    return t;
  }
};

int main() {
#pragma hpf independent
  for (int i = 0; i < N; ++i) {
    A[i] = i * 0.5;
    K[i] = (i * 7) % 5;
    C[i] = 1.0 + i;
  }
  for (double x : A)
    std::printf("x = %g\n", x);
  double s = 0;
  for (const auto &x : A) {
    if (x > 4)
      break;
    s = s * 1.5 + x; // the sequential order
  }
  std::printf("s = %.17g\n", s);
  double t = 0;
  for (double x : A)
    t += x * C[1] + A[2]; // other elements: read by their owners
  std::printf("t = %g\n", t);
  for (auto &x : A)
    x *= 2;
  std::printf("A[3] = %g, A[10] = %g, total = %.17g\n", A[3], A[10],
              total(A));
  int pos = 0;
  for (auto &x : A)
    x += pos++; // the copy's order is the array's
  std::printf("A[0] = %g, A[10] = %g\n", A[0], A[10]);

  int n = 0, big = -1;
#pragma hpf independent reduction(+: n) reduction(max: big)
  for (int x : K) {
    n += x;
    big = std::max(big, x);
  }
  std::printf("n = %d, big = %d\n", n, big);
  double prod = 1;
  bool any = false;
#pragma hpf independent reduction(*: prod) reduction(||: any)
  for (double &c : C) {
    c = c / 2;
    prod *= c;
    any = any || c > 5;
  }
  std::printf("prod = %g, any = %d, C[3] = %g\n", prod, any, C[3]);

  std::vector<long> V(N);
#pragma hpf distribute V(cyclic(3))
#pragma hpf independent
  for (int i = 0; i < N; ++i)
    V[i] = 100 - i;
  long last = 0;
  for (long v : V)
    last = last * 3 + v;
  std::printf("last = %ld\n", last);
#pragma hpf independent
  for (long &v : V)
    v = -v;
  std::printf("V[2] = %ld\n", V[2]);
  Samples Sm;
  Sm.fill();
  std::printf("member peak %g total %g\n", Sm.peak(), Sm.total());
}
