// Arrays allocated on the heap, their extent read at run time, distributed
// like a std::vector (docs/compiler.md, "Distributed std::vector"):
// `T *A = new T[n]` (its `delete[] A` is done by the hpf::darray at the end
// of its scope), `std::unique_ptr<T[]> A(new T[n])` and
// `auto A = std::make_unique<T[]>(n)`; block and cyclic, written and read
// in independent loops (a neighbour through the halo), a reduction, and
// elements in replicated code.
// REQUIRES: mpi
// RUN: %e2e --tmp %t --ranks 1,2,3,4 %s | FileCheck %s
// RUN: %hpfcc -Rhpf -fsyntax-only %s 2>&1 | FileCheck %s --check-prefix=REMARK
// CHECK: e2e: sequential output: 23 13244 12 12 22
// CHECK: e2e: -n 1: same output
// CHECK: e2e: -n 2: same output
// CHECK: e2e: -n 3: same output
// CHECK: e2e: -n 4: same output
// REMARK: remark: distribute 'X': block onto P(*), n = n (at run time) elements of double
// REMARK: remark: distribute 'Y': cyclic onto P(*), n = n (at run time) elements of double
// REMARK: remark: distribute 'Z': block onto P(*), n = n + 0 (at run time) elements of long
#include <cstdio>
#include <memory>

#pragma hpf processors P(*)

double sweep(int n) {
  double *X = new double[n];
#pragma hpf distribute X(block) onto P
  auto Y = std::make_unique<double[]>(n);
#pragma hpf distribute Y(cyclic) onto P
  std::unique_ptr<long[]> Z(new long[n + 0]);
#pragma hpf distribute Z(block) onto P
#pragma hpf independent
  for (int i = 0; i < n; ++i) {
    X[i] = i;
    Z[i] = 2 * i;
  }
#pragma hpf independent
  for (int i = 1; i < n - 1; ++i)
    Y[i] = X[i - 1] + X[i + 1];
  double s = 0;
#pragma hpf independent reduction(+ : s)
  for (int i = 0; i < n; ++i)
    s += Y[i] * Z[i];
  X[3] = 12;
  std::printf("%d %g %g %g %ld\n", n, s, X[3] + Y[0], X[3], Z[11]);
  delete[] X;
  return s;
}

int main(int argc, char **) {
  int n = 22 + argc; // 23: not a multiple of any rank count
  sweep(n);
}
