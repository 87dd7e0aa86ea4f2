// Pivot rows sent one step ahead (codegen/Lookahead.cpp, mpi/Ahead.h): in
// `for k: independent for i = k + 1 ..` over (cyclic, *) rows the owner
// of row k + 1 sends it right after updating it, the others receive it
// after the nest, and step k + 1 takes it instead of a broadcast. The same
// output as the sequential build on 1..3 ranks, and on 2 and 3 ranks every
// step after the first took its row from ahead or ran paired with the
// step before (codegen/PairedSteps.cpp: two steps per pass over the rows;
// the program fails otherwise). Loops where a step does more than the
// nest, steps by 2, or starts at k + 2 keep the broadcast; a row sent
// ahead by a loop's last step and changed after the loop is not taken by
// the next loop. Odd and even numbers of steps, rows cyclic and block (a
// rank owning both rows a pair sends), and a body that calls a function
// (sent ahead, not paired).
// REQUIRES: mpi
// RUN: %e2e --tmp %t --ranks 1,2,3 %s | FileCheck %s
// CHECK: e2e: sequential output: ahead {{.*}}
// CHECK: e2e: -n 1: same output
// CHECK: e2e: -n 2: same output
// CHECK: e2e: -n 3: same output
// RUN: %hpfcc --hpf-emit-source %s | %strip_checks | FileCheck %s --check-prefix=CODE
// CODE: { const hpfcc::ahead_scope __hpf_ahead{{[0-9]+}}; for (int k = 0; k < N - 1; ++k) {
// CODE-NEXT: const bool __hpf_pair[[ID:[0-9]+]] = [&](const decltype(k) k) { return k < N - 1; }(k + 1); hpfcc::row<double, 2, 1u> __hpf_next[[ID]](hpfcc::next_step, M, k + 1, __hpf_pair[[ID]],
// CODE: i += __hpf_seg[[ID]]_0.step, __hpf_seg[[ID]]_0.off -= __hpf_seg[[ID]]_0.skip) { const auto __hpf_step[[ID]] = [&](const decltype(k) k, const auto &__hpf_row[[ID]]_0) {
// CODE: }; __hpf_step[[ID]](k, __hpf_row[[ID]]_0); if (i == k + 1) hpfcc::send_ahead(M, i); else if (__hpf_pair[[ID]]) { __hpf_step[[ID]](k + 1, __hpf_next[[ID]].ready()); if (i == k + 2) hpfcc::send_ahead(M, i); } } } hpfcc::receive_ahead(M, (k + 1) + __hpf_pair[[ID]], N); if (__hpf_pair[[ID]]) ++k; }
// CODE-NEXT: } }
// CODE-NOT: send_ahead
// CODE: { const hpfcc::ahead_scope __hpf_ahead{{[0-9]+}}; for (int k = 0; k < N - 1; ++k) {
// CODE-NEXT: hpfcc::next_step, Q, k + 1,
// CODE: { const hpfcc::ahead_scope __hpf_ahead{{[0-9]+}}; for (int k = 0; k < N - 1; ++k) {
// CODE-NOT: __hpf_pair
// CODE: scaled(
// CODE-NOT: __hpf_pair
// CODE: if (i == k + 1) hpfcc::send_ahead(M, i); } } hpfcc::receive_ahead(M, k + 1, N); }
// CODE: { const hpfcc::ahead_scope __hpf_ahead{{[0-9]+}}; for (int k = 0; k < B; ++k) {
// CODE-NEXT: const bool __hpf_pair
// CODE: { const hpfcc::ahead_scope __hpf_ahead{{[0-9]+}}; for (int k = B; k < N - 1; ++k) {
// CODE-NEXT: const bool __hpf_pair
// CODE: return 0;
#include <cstdio>
#ifdef __HPFCC__
#include "mpi/Ahead.h"
#endif

constexpr int N = 23, B = 9;
#pragma hpf processors ALL(*)
double M[N][N + 1];
#pragma hpf distribute M(cyclic, *) onto ALL
double Q[N][N + 1];
#pragma hpf distribute Q(block, *) onto ALL

static double scaled(double X) { return X * 0.75; }

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
  // Steps 1 .. N - 2 took row k from ahead or ran paired with step k - 1
  // (step 0 broadcast its row).
  if (hpf::nranks() > 1 &&
      hpf::rt::aheadTaken() + hpf::rt::aheadPairs() != std::size_t(N - 2)) {
    std::fprintf(stderr, "steps with rows from ahead: %zu, paired: %zu, of %d\n",
                 hpf::rt::aheadTaken(), hpf::rt::aheadPairs(), N - 2);
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
  // Block rows: a rank sends both rows of a pair (k + 1 and k + 2).
#pragma hpf independent
  for (int i = 0; i < N; ++i)
    for (int j = 0; j <= N; ++j)
      Q[i][j] = i == j ? N + 2.0 + i % 5 : double((i * 3 + j * 7) % 11) / 10;
  for (int k = 0; k < N - 1; ++k) {
#pragma hpf independent
    for (int i = k + 1; i < N; ++i) {
      const double F = Q[i][k] / Q[k][k];
      for (int j = k; j <= N; ++j)
        Q[i][j] -= F * Q[k][j];
    }
  }
  double QSum = 0;
#pragma hpf independent reduction(+ : QSum)
  for (int i = 0; i < N; ++i)
    QSum += Q[i][N] * (i + 1);
  // A call in the body: sent ahead, each step alone.
  setUp();
  for (int k = 0; k < N - 1; ++k) {
#pragma hpf independent
    for (int i = k + 1; i < N; ++i) {
      const double F = scaled(M[i][k] / M[k][k]);
      for (int j = k; j <= N; ++j)
        M[i][j] -= F * M[k][j];
    }
  }
  const double D = checksum();
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
  std::printf("ahead %.12e %.12e %.12e %.12e %.12e\n", A, B2, C, QSum, D);
  for (int i = B; i < N; ++i)
    std::printf("M[%d][N] = %.12e\n", i, double(M[i][N]));
  return 0;
}
