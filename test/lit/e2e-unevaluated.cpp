// Unevaluated operands read no element: sizeof(A), sizeof(A[0]), alignof,
// noexcept and decltype(A) of distributed arrays keep their sequential
// values (the array's, not the hpf::darray's), also in a macro and in an
// independent loop; std::size(A) is the extent.
// REQUIRES: mpi
// RUN: %e2e --tmp %t --ranks 1,2,3,4 %s | FileCheck %s
// CHECK: e2e: sequential output: 20 160 20 20 8 1 160
// CHECK: e2e: -n 1: same output
// CHECK: e2e: -n 2: same output
// CHECK: e2e: -n 3: same output
// CHECK: e2e: -n 4: same output
#include <cstdio>
#include <iterator>
#include <vector>

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))
double A[20];
#pragma hpf distribute A(block)
int M[6][4];
#pragma hpf distribute M(block, *)

static double twice(double x) noexcept { return 2 * x; }

int main() {
  const int n = sizeof(A) / sizeof(A[0]);
  std::printf("%d %zu %zu %zu %zu %d %zu\n", n, sizeof(A), std::size(A),
              COUNT(A), alignof(decltype(A[0])), int(noexcept(twice(A[1]))),
              sizeof(decltype(A)));
#pragma hpf independent
  for (int i = 0; i < n; ++i)
    A[i] = i * double(sizeof A[i]);
#pragma hpf independent
  for (int i = 0; i < int(std::size(M)); ++i)
#pragma hpf independent
    for (int j = 0; j < int(COUNT(M[0])); ++j)
      M[i][j] = i * j + int(sizeof(M) / sizeof(M[0][0]));
  std::ptrdiff_t ss = std::ssize(A);
  std::printf("%td %zu %zu %g %d\n", ss, sizeof(M), sizeof M[0], A[7],
              M[5][3]);
  return 0;
}
