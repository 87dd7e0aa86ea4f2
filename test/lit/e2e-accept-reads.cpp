// Reads that are only reads: an element bound to a const reference
// (std::max), chosen by ?: as an lvalue, or in a brace initializer, in
// replicated code and in an independent loop.
// REQUIRES: mpi
// RUN: %e2e --tmp %t --ranks 1,2,3,4 %s | FileCheck %s
// CHECK: e2e: -n 1: same output
// CHECK: e2e: -n 4: same output
#include <algorithm>
#include <cstdio>
constexpr int N = 16;
double X[N];
int Id[N];
#pragma hpf distribute X(block)
#pragma hpf distribute Id(block)
struct Pair { double v; int id; };
int main() {
#pragma hpf independent
  for (int i = 0; i < N; ++i) { X[i] = (i * 7) % 5; Id[i] = i; }
  double m = std::max(X[3], X[4]);
  double c = X[3] > X[4] ? X[3] : X[4];
  Pair p = {X[5], Id[5]};
  double B[N];
#pragma hpf distribute B(block)
#pragma hpf independent
  for (int i = 0; i < N - 1; ++i)
    B[i] = std::max(X[i], X[i + 1]) + (X[i] > X[i + 1] ? X[i] : X[i + 1]);
  std::printf("%g %g %g %d %g\n", m, c, p.v, p.id, B[3]);
  return 0;
}
