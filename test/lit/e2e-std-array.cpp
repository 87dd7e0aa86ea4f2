// std::array<T, N> distributed like T A[N]: elements in independent loops
// (a neighbour through the halo), a reduction, an element in replicated
// code, and size()/empty() as the constant extent.
// REQUIRES: mpi
// RUN: %e2e --tmp %t --ranks 1,2,3,4 %s | FileCheck %s
// CHECK: e2e: sequential output: 496 7 81 33 0
// CHECK: e2e: -n 1: same output
// CHECK: e2e: -n 2: same output
// CHECK: e2e: -n 3: same output
// CHECK: e2e: -n 4: same output
#include <array>
#include <cstdio>
constexpr int N = 33;
#pragma hpf processors P(*)
std::array<double, N> T;
#pragma hpf distribute T(block) onto P
int main() {
  std::array<long, 10> C;
#pragma hpf distribute C(cyclic) onto P
#pragma hpf independent
  for (int i = 0; i < N; ++i)
    T[i] = i * 0.5;
#pragma hpf independent
  for (int i = 0; i < 10; ++i)
    C[i] = i * i;
  double s = 0;
#pragma hpf independent reduction(+ : s)
  for (int i = 1; i < N - 1; ++i)
    s += T[i - 1] + T[i + 1];
  T[3] = 7;
  std::printf("%g %g %ld %zu %d\n", s, T[3], C[9], T.size(), int(C.empty()));
  // Empty braces: every element zero, what distributed elements start as.
  std::array<int, 12> Z{};
#pragma hpf distribute Z(block) onto P
  double B[N] = {};
#pragma hpf distribute B(cyclic(2)) onto P
  Z[5] += 3;
  B[N - 1] += 1.5;
  std::printf("zeroed %d %d %g %g\n", Z[5], Z[11], B[0], B[N - 1]);
}
