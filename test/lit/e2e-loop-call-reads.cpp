// Elements of distributed arrays read by the functions and lambdas an
// independent loop calls (not in its body) are read from a copy of the
// whole array gathered before the loop (hpf::loop_read_copy, one
// MPI_Allgatherv; analysis/loops/LoopEffects.cpp): an inline helper reading U at
// i and i + 1, a lambda defined before the loop, a field of a struct
// element, an element of a 2-D array, a read that is the value of a
// compound assignment, and an expression of reads with one owner
// (owner_value in replicated code).
// REQUIRES: mpi
// RUN: %e2e --tmp %t --ranks 1,2,3,4 %s | FileCheck %s
// RUN: %hpfcc -Rhpf -fsyntax-only %s 2>&1 | FileCheck %s --check-prefix=REMARK
// CHECK: e2e: sequential output: 246456 808
// CHECK: e2e: -n 1: same output
// CHECK: e2e: -n 2: same output
// CHECK: e2e: -n 3: same output
// CHECK: e2e: -n 4: same output
// REMARK: remark: 'U' is read through 'flux' (called at line [[#@LINE+40]]): before the loop its elements are gathered on every rank (one MPI_Allgatherv), and the call reads that copy
#include <cstdio>

constexpr int N = 16;
struct Pt {
  double x, y;
};
double U[N + 1], F[N], G[N];
Pt S[N];
double M[4][N];
#pragma hpf distribute U(block)
#pragma hpf distribute F(block)
#pragma hpf distribute G(cyclic)
#pragma hpf distribute S(block)
#pragma hpf distribute M(*, block)

inline double flux(int i) { return 0.5 * (U[i] + U[i + 1]); }
double field(int k) { return 2 * S[k].y; }
double corner() { return 1 + M[3][N - 1]; }
double squared(int k) { return U[k] * U[k]; } // one owner: owner_value
double total(int k) {
  double t = 1;
  t += U[k];
  return t;
}

int main() {
#pragma hpf independent
  for (int i = 0; i <= N; ++i)
    U[i] = i * i;
#pragma hpf independent
  for (int i = 0; i < N; ++i)
    S[i] = {double(i), double(2 * i)};
#pragma hpf independent
  for (int j = 0; j < N; ++j)
    for (int r = 0; r < 4; ++r)
      M[r][j] = r + j;
  auto at = [&](int k) { return U[k]; };
#pragma hpf independent
  for (int i = 0; i < N; ++i)
    F[i] = flux(i) + at(i) + squared(N - i);
#pragma hpf independent
  for (int i = 0; i < N; ++i)
    G[i] = field(N - 1 - i) + corner() + total(i % 2);
  double s = 0, g = 0;
#pragma hpf independent reduction(+: s)
  for (int i = 0; i < N; ++i)
    s += F[i];
#pragma hpf independent reduction(+: g)
  for (int i = 0; i < N; ++i)
    g += G[i];
  std::printf("%g %g\n", s, g);
}
