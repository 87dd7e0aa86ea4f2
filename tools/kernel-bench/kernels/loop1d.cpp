// Kernel for kernel-bench: repeated sweeps of a 1-D block loop (axpy-like
// update and a reduction) over arrays that fit in cache per rank.
#include <cstdio>

constexpr int N = 1 << 16;
#ifndef SWEEPS
#define SWEEPS 20000
#endif
constexpr int Sweeps = SWEEPS;
#pragma hpf processors ALL(*)
double A[N];
double B[N];
#pragma hpf distribute A(block) onto ALL
#pragma hpf distribute B(block) onto ALL

int main() {
#pragma hpf independent
  for (int i = 0; i < N; ++i) {
    A[i] = (i % 17) * 0.25;
    B[i] = (i % 5) * 0.5;
  }
  for (int s = 0; s < Sweeps; ++s) {
#pragma hpf independent
    for (int i = 0; i < N; ++i)
      A[i] = 0.999 * A[i] + 0.001 * B[i];
  }
  double Sum = 0;
#pragma hpf independent reduction(+ : Sum)
  for (int i = 0; i < N; ++i)
    Sum += A[i];
  std::printf("loop1d %.6e\n", Sum);
  return 0;
}
