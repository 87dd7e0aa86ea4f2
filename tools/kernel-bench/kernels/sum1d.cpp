// Kernel for kernel-bench: repeated floating-point sum reductions over a
// 1-D block array (the cost of --hpf-reproducible-sums shows here).
#include <cstdio>

constexpr int N = 1 << 16;
constexpr int Sweeps = 4000;
#pragma hpf processors ALL(*)
double A[N];
#pragma hpf distribute A(block) onto ALL

int main() {
#pragma hpf independent
  for (int i = 0; i < N; ++i)
    A[i] = 1.0 / (i % 97 + 1);
  double Total = 0;
  for (int s = 0; s < Sweeps; ++s) {
    double Sum = 0;
#pragma hpf independent reduction(+ : Sum)
    for (int i = 0; i < N; ++i)
      Sum += A[i];
    Total += Sum;
  }
  std::printf("sum1d %.3f\n", Total);
  return 0;
}
