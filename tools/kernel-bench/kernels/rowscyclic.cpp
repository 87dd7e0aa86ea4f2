// Kernel for kernel-bench: Jacobi sweeps over rows distributed cyclic(32),
// the mapping a program chooses when work per row varies, read at i +- 1
// by an inner loop that is an ordinary sequential loop (not marked
// independent). Each rank needs, beside each of its blocks of 32 rows, the
// row below and the row above (a halo per block, hpf::halo_tiles): 2 rows
// per 32 instead of the whole array.
#include <cstdio>

#ifndef KERNEL_N
#define KERNEL_N 256
#endif
constexpr int R = KERNEL_N, C = 512; // -DKERNEL_N=...: a macro R would clash
#ifndef SWEEPS
#define SWEEPS 10
#endif
#pragma hpf processors ALL(*)
double A[R][C], B[R][C];
#pragma hpf distribute A(cyclic(32), *) onto ALL
#pragma hpf distribute B(cyclic(32), *) onto ALL

int main() {
#pragma hpf independent
  for (int i = 0; i < R; ++i)
    for (int j = 0; j < C; ++j) {
      A[i][j] = (i == 0 || j == 0) ? 1.0 : ((i * 7 + j * 3) % 11) * 0.01;
      B[i][j] = A[i][j];
    }
  for (int s = 0; s < SWEEPS; ++s) {
#pragma hpf independent
    for (int i = 1; i < R - 1; ++i)
      for (int j = 1; j < C - 1; ++j)
        B[i][j] =
            0.25 * (A[i - 1][j] + A[i + 1][j] + A[i][j - 1] + A[i][j + 1]);
#pragma hpf independent
    for (int i = 1; i < R - 1; ++i)
      for (int j = 1; j < C - 1; ++j)
        A[i][j] =
            0.25 * (B[i - 1][j] + B[i + 1][j] + B[i][j - 1] + B[i][j + 1]);
  }
  double Sum = 0;
#pragma hpf independent reduction(+ : Sum)
  for (int i = 0; i < R; ++i)
    for (int j = 0; j < C; ++j)
      Sum += A[i][j] * ((i + 2 * j) % 5);
  std::printf("rowscyclic %d %.9e\n", R, Sum);
  return 0;
}
