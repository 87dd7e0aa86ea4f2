// PRK-style Transpose: B += A^T, then A += 1, for ITERS iterations, with A
// distributed by columns (*, block) and B by rows (block, *) on the same
// arrangement. B's row i needs A's column i, which the same rank owns, so
// the read A[j][i] is local (A's storage addressed with the dimensions
// swapped): nothing moves. The result is checked against its closed form;
// the rate goes to standard error (standard output stays the same in
// every build).
//   hpfcc -O2 transpose.cpp -o transpose && mpiexec.mpich -n 2 ./transpose
#include <chrono>
#include <cstdio>

#ifndef KERNEL_N
#define KERNEL_N 120
#endif
constexpr int N = KERNEL_N; // -DKERNEL_N=...: a macro N would clash
#ifndef ITERS
#define ITERS 10
#endif

#pragma hpf processors ALL(*)
double A[N][N];
double B[N][N];
#pragma hpf distribute A(*, block) onto ALL
#pragma hpf distribute B(block, *) onto ALL

int main() {
#pragma hpf independent
  for (int i = 0; i < N; ++i) {
#pragma hpf independent
    for (int j = 0; j < N; ++j)
      A[i][j] = double(i) * N + j;
  }
#pragma hpf independent
  for (int i = 0; i < N; ++i) {
#pragma hpf independent
    for (int j = 0; j < N; ++j)
      B[i][j] = 0.0;
  }
  const auto T0 = std::chrono::steady_clock::now();
  for (int it = 0; it < ITERS; ++it) {
#pragma hpf independent
    for (int i = 0; i < N; ++i) {
#pragma hpf independent
      for (int j = 0; j < N; ++j)
        B[i][j] += A[j][i];
    }
#pragma hpf independent
    for (int j = 0; j < N; ++j) {
#pragma hpf independent
      for (int i = 0; i < N; ++i)
        A[j][i] += 1.0;
    }
  }
  const double Secs =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - T0)
          .count();
  // B[i][j] = sum over it of (A0[j][i] + it).
  const double Add = double(ITERS) * (ITERS - 1) / 2;
  double AbsErr = 0, Sum = 0;
#pragma hpf independent reduction(+ : AbsErr, Sum)
  for (int i = 0; i < N; ++i) {
#pragma hpf independent
    for (int j = 0; j < N; ++j) {
      double Want = (double(j) * N + i) * ITERS + Add;
      double D = B[i][j] - Want;
      AbsErr += D < 0 ? -D : D;
      Sum += B[i][j];
    }
  }
  std::printf("transpose %d x %d, %d iterations: checksum %.9e, error %g%s\n",
              N, N, ITERS, Sum, AbsErr,
              AbsErr == 0 ? " (solution validates)" : " (WRONG)");
  // Bytes of A read and B read and written per iteration, as the PRK counts.
  std::fprintf(stderr, "transpose: rate %.1f MB/s, %.6f s per iteration\n",
               2.0 * sizeof(double) * N * N * ITERS / Secs * 1e-6,
               Secs / ITERS);
  return 0;
}
