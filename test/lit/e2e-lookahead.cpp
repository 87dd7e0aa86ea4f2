// Pivot rows sent one step ahead (codegen/Lookahead.cpp, mpi/Ahead.h): in
// `for k: independent for i = k + 1 ..` over (cyclic, *) rows the owner
// of row k + 1 sends it right after updating it, the others receive it
// after the nest, and step k + 1 takes it instead of a broadcast. The same
// output as the sequential build on 1..3 ranks, and on 2 and 3 ranks every
// step after the first took its row from ahead (the program fails
// otherwise). Loops where a step does more than the nest, steps by 2, or
// starts at k + 2 keep the broadcast; a row sent ahead by a loop's last
// step and changed after the loop is not taken by the next loop.
// REQUIRES: mpi
// RUN: %e2e --tmp %t --ranks 1,2,3 %s | FileCheck %s
// CHECK: e2e: sequential output: ahead {{.*}}
// CHECK: e2e: -n 1: same output
// CHECK: e2e: -n 2: same output
// CHECK: e2e: -n 3: same output
// RUN: %hpfcc --hpf-emit-source %s | %strip_checks | FileCheck %s --check-prefix=CODE
// CODE: { const hpfcc::ahead_scope __hpf_ahead{{[0-9]+}}; for (int k = 0; k < N - 1; ++k) {
// CODE: if (i == k + 1) hpfcc::send_ahead(M, i); } } hpfcc::receive_ahead(M, k + 1, N); }
// CODE-NEXT: } }
// CODE-NOT: send_ahead
// CODE: { const hpfcc::ahead_scope __hpf_ahead{{[0-9]+}}; for (int k = 0; k < B; ++k) {
// CODE: { const hpfcc::ahead_scope __hpf_ahead{{[0-9]+}}; for (int k = B; k < N - 1; ++k) {
// CODE: return 0;
#include <cstdio>
#ifdef __HPFCC__
#include "mpi/Ahead.h"
#endif

constexpr int N = 23, B = 9;
#pragma hpf processors ALL(*)
double M[N][N + 1];
#pragma hpf distribute M(cyclic, *) onto ALL

static void setUp() {
#pragma hpf independent
  for (int i = 0; i < N; ++i)
    for (int j = 0; j <= N; ++j)
      M[i][j] = i == j ? N + 1.0 + i % 3 : double((i * 7 + j * 5) % 9) / 8;
}

static double checksum() {
  double S = 0;
#pragma hpf independent reduction(max : S)
  for (int i = 0; i < N; ++i)
    for (int j = 0; j <= N; ++j)
      S = S > M[i][j] * (j + 1) ? S : M[i][j] * (j + 1);
  return S;
}

int main() {
  setUp();
  for (int k = 0; k < N - 1; ++k) {
#pragma hpf independent
    for (int i = k + 1; i < N; ++i) {
      const double F = M[i][k] / M[k][k];
      for (int j = k; j <= N; ++j)
        M[i][j] -= F * M[k][j];
    }
  }
#ifdef __HPFCC__
  // Steps 1 .. N - 2 took row k from ahead (step 0 broadcast it).
  if (hpf::nranks() > 1 && hpf::rt::aheadTaken() != std::size_t(N - 2)) {
    std::fprintf(stderr, "rows taken from ahead: %zu of %d\n",
                 hpf::rt::aheadTaken(), N - 2);
    return 1;
  }
#endif
  const double A = checksum();
  // Not sent ahead: the step also scales a row, steps by 2, starts at k + 2.
  setUp();
  for (int k = 0; k < N - 1; ++k) {
#pragma hpf independent
    for (int i = k + 1; i < N; ++i) {
      const double F = M[i][k] / M[k][k];
      for (int j = k; j <= N; ++j)
        M[i][j] -= F * M[k][j];
    }
    M[k + 1][N] *= 0.5;
  }
  const double B2 = checksum();
  setUp();
  for (int k = 0; k < N - 2; k += 2) {
#pragma hpf independent
    for (int i = k + 1; i < N; ++i) {
      for (int j = k; j <= N; ++j)
        M[i][j] -= 0.01 * M[k][j];
    }
  }
  for (int k = 0; k < N - 2; ++k) {
#pragma hpf independent
    for (int i = k + 2; i < N; ++i) {
      for (int j = k; j <= N; ++j)
        M[i][j] -= 0.01 * M[k][j];
    }
  }
  const double C = checksum();
  // A blocked run: the first loop's last step sends row B ahead, row B
  // changes after the loop, and the next loop's first step reads the
  // changed row (its guard retired the one sent ahead).
  setUp();
  for (int k = 0; k < B; ++k) {
#pragma hpf independent
    for (int i = k + 1; i < N; ++i) {
      for (int j = k; j <= N; ++j)
        M[i][j] -= 0.5 * M[k][j];
    }
  }
  M[B][N] += 1;
  for (int k = B; k < N - 1; ++k) {
#pragma hpf independent
    for (int i = k + 1; i < N; ++i) {
      for (int j = k; j <= N; ++j)
        M[i][j] -= 0.5 * M[k][j];
    }
  }
  // Every row after B depends on row B's last element: a stale copy of it
  // shows in the last column.
  std::printf("ahead %.12e %.12e %.12e\n", A, B2, C);
  for (int i = B; i < N; ++i)
    std::printf("M[%d][N] = %.12e\n", i, double(M[i][N]));
  return 0;
}
