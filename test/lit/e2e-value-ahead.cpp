// Owner values sent one step ahead (codegen/ValueAhead.cpp, mpi/Ahead.h):
// in a back substitution `for k down: X[k] = M[k][N] / M[k][k]; independent
// for i < k: M[i][N] -= M[i][k] * X[k]` the nest runs row k - 1 first, its
// owner sends the next step's X[k - 1] right after it, and the next step
// takes it instead of a broadcast. The same output as the sequential build
// on 1..3 ranks; on 2 and 3 ranks every step after the first of each loop
// took its value from ahead (N - 1 per loop; the program fails otherwise),
// on (cyclic, *) and (block, *) rows and with a range that starts at 2
// (rows 0 and 1 are not updated: their values are broadcast). A value that
// reads a variable the loop could change is broadcast as before.
// REQUIRES: mpi
// RUN: %e2e --tmp %t --ranks 1,2,3 %s | FileCheck %s
// CHECK: e2e: sequential output: values {{.*}}
// CHECK: e2e: -n 1: same output
// CHECK: e2e: -n 2: same output
// CHECK: e2e: -n 3: same output
// RUN: %hpfcc --hpf-emit-source %s | %strip_checks | FileCheck %s --check-prefix=CODE
// CODE: { const hpfcc::ahead_scope __hpf_ahead[[ID:[0-9]+]]; for (int k = N - 1; k >= 0; --k) { const auto __hpf_value[[ID]] = [&](const decltype(k) k) { return M.owned_at("{{.*}}", k, N) / M.owned_at("{{.*}}", k, k); };
// CODE-NEXT: X[k] = M.owner_value(
// CODE: const auto __hpf_rows[[ID]] = [&](const hpf::index_t __hpf_lo[[ID]], const hpf::index_t __hpf_hi[[ID]]) { for (hpfcc::strided_segment __hpf_seg[[ID]]_0 : hpfcc::owned_strided(M, 0, __hpf_lo[[ID]], __hpf_hi[[ID]])) for (int i = __hpf_seg[[ID]]_0.lo; i < __hpf_seg[[ID]]_0.hi; i += __hpf_seg[[ID]]_0.step, __hpf_seg[[ID]]_0.off -= __hpf_seg[[ID]]_0.skip)
// CODE: }; __hpf_rows[[ID]](std::max<hpf::index_t>(0, k - 1), k); hpfcc::send_value_ahead(M, k - 1, 0, __hpf_value[[ID]]); __hpf_rows[[ID]](0, k - 1); hpfcc::receive_value_ahead<double>(M, k - 1, 0); }
// CODE: hpfcc::send_value_ahead(Q, k - 1, 0,
// CODE: hpfcc::send_value_ahead(M, k - 1, 2,
// CODE-NOT: send_value_ahead
// CODE: return 0;
#include <cstdio>
#ifdef __HPFCC__
#include "mpi/Ahead.h"
#endif

constexpr int N = 23;
#pragma hpf processors ALL(*)
double M[N][N + 1];
#pragma hpf distribute M(cyclic, *) onto ALL
double Q[N][N + 1];
#pragma hpf distribute Q(block, *) onto ALL
double X[N];
double Shift = 0.0;

// An upper triangular system with a dominant diagonal.
static void setUp() {
#pragma hpf independent
  for (int i = 0; i < N; ++i)
    for (int j = 0; j <= N; ++j)
      M[i][j] = i == j ? N + 1.0 + i % 3 : j > i ? double((i + j) % 7) / 8 : 0;
#pragma hpf independent
  for (int i = 0; i < N; ++i)
    for (int j = 0; j <= N; ++j)
      Q[i][j] = M[i][j];
}

static double sum() {
  double S = 0;
  for (int i = 0; i < N; ++i)
    S += X[i] * (i % 4 + 1);
  return S;
}

#ifdef __HPFCC__
// Every step after the first of a loop took its value from ahead.
static bool tookAhead(std::size_t &Before, int Expected, const char *What) {
  const std::size_t Now = hpf::rt::aheadTaken();
  const bool Ok = hpf::nranks() == 1 || Now - Before == std::size_t(Expected);
  if (!Ok)
    std::fprintf(stderr, "%s: %zu values from ahead, expected %d\n", What,
                 Now - Before, Expected);
  Before = Now;
  return Ok;
}
#endif

int main() {
#ifdef __HPFCC__
  std::size_t Taken = hpf::rt::aheadTaken();
#endif
  setUp();
  for (int k = N - 1; k >= 0; --k) {
    X[k] = M[k][N] / M[k][k];
#pragma hpf independent
    for (int i = 0; i < k; ++i)
      M[i][N] -= M[i][k] * X[k];
  }
  const double A = sum();
#ifdef __HPFCC__
  if (!tookAhead(Taken, N - 1, "cyclic rows"))
    return 1;
#endif
  for (int k = N - 1; k >= 0; --k) {
    X[k] = Q[k][N] / Q[k][k];
#pragma hpf independent
    for (int i = 0; i < k; ++i)
      Q[i][N] -= Q[i][k] * X[k];
  }
  const double B = sum();
#ifdef __HPFCC__
  if (!tookAhead(Taken, N - 1, "block rows"))
    return 1;
#endif
  // From row 2: the values of rows 1 and 0 are broadcast (nothing updates
  // their rows, so nothing is sent for them).
  setUp();
  for (int k = N - 1; k >= 0; --k) {
    X[k] = M[k][N] / M[k][k];
#pragma hpf independent
    for (int i = 2; i < k; ++i)
      M[i][N] -= M[i][k] * X[k];
  }
  const double C = sum();
#ifdef __HPFCC__
  if (!tookAhead(Taken, N - 3, "rows from 2"))
    return 1;
#endif
  // The value reads Shift, which is not a constant: broadcast.
  setUp();
  for (int k = N - 1; k >= 0; --k) {
    X[k] = (M[k][N] - Shift) / M[k][k];
#pragma hpf independent
    for (int i = 0; i < k; ++i)
      M[i][N] -= M[i][k] * X[k];
  }
  const double D = sum();
#ifdef __HPFCC__
  if (!tookAhead(Taken, 0, "a variable read"))
    return 1;
#endif
  std::printf("values %.12e %.12e %.12e %.12e\n", A, B, C, D);
  return 0;
}
