// std::vector with a size read at run time (issue 13), distributed like an
// array: `std::vector<T> A(n)` / `A(n, v)` with n from standard input,
// independent loops (local elements), neighbours (halo or copy), a
// reduction, elements in replicated code (get/set through the owner),
// A.size(), a redistribute, and functions taking `std::vector<T> &` and
// `const std::vector<T> &` (inherited mapping).
// REQUIRES: mpi
// RUN: %e2e --tmp %t --ranks 1,2,3,4 --stdin %S/Inputs/vector-size.txt %s | FileCheck %s
// CHECK: e2e: sequential output: n=37
// CHECK: e2e: -n 1: same output
// CHECK: e2e: -n 4: same output
// RUN: %clang_hpf -fplugin-arg-hpf-remarks %s 2>&1 | FileCheck %s --check-prefix=REMARK
// REMARK: remark: distribute 'A': block onto ALL(*), n = n (at run time) elements of double
// REMARK: remark: parameter 'V' of 'scale' inherits the mapping of its argument ('A', 'B')
#include <cstdio>
#include <vector>

#pragma hpf processors ALL(*)

void scale(std::vector<double> &V, double f) {
#pragma hpf independent
  for (std::size_t i = 0; i < V.size(); ++i)
    V[i] = V[i] * f + 1;
}

double total(const std::vector<double> &V) {
  double s = 0;
#pragma hpf independent reduction(+ : s)
  for (std::size_t i = 0; i < V.size(); ++i)
    s += V[i];
  return s;
}

int main() {
  int n = 0, k = 0;
  if (std::scanf("%d %d", &n, &k) != 2)
    return 1;
  std::printf("n=%d\n", n);
  std::vector<double> A(n);
#pragma hpf distribute A(block) onto ALL
#pragma hpf dynamic A
  std::vector<double> B(n, 0.5);
#pragma hpf distribute B(cyclic(3)) onto ALL
  std::vector<long> C(n + k);
#pragma hpf distribute C(cyclic) onto ALL
#pragma hpf independent
  for (int i = 0; i < n; ++i)
    A[i] = i * 0.25;
#pragma hpf independent
  for (int i = 0; i < n + k; ++i)
    C[i] = i % 5;
  long cs = 0;
#pragma hpf independent reduction(+ : cs)
  for (int i = 0; i < n + k; ++i)
    cs += C[i] * C[i];
  std::printf("size %zu %zu %zu sum %ld\n", (std::size_t)A.size(),
              (std::size_t)B.size(), (std::size_t)C.size(), cs);
  // Neighbours of A read into B.
#pragma hpf independent
  for (int i = 1; i < n - 1; ++i)
    B[i] = B[i] + A[i - 1] + A[i + 1];
  scale(A, 2);
  scale(B, -1);
  std::printf("totals %.4f %.4f\n", total(A), total(B));
  // Replicated code: elements through their owners.
  A[k] = 100;
  B[n - 1] += A[k] + B[0];
  std::printf("elements %.4f %.4f %.4f\n", A[k], B[n - 1], A[n / 2]);
#pragma hpf redistribute A(cyclic(2)) onto ALL
  scale(A, 0.5);
  double m = 0;
#pragma hpf independent reduction(max : m)
  for (int i = 0; i < n; ++i)
    m = A[i] > m ? A[i] : m;
  std::printf("after redistribute %.4f max %.4f\n", total(A), m);
  return 0;
}
