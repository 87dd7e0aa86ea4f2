// A distributed array of std::complex<double>: its default construction
// (the constructor's default arguments 0, 0) is a constant whose bytes are
// zero, which is what distributed elements start as; elements are
// trivially copyable, so they move as bytes. Written and read in
// independent loops (a neighbour from a halo), read in replicated code.
// REQUIRES: mpi
// RUN: %e2e --tmp %t --ranks 1,2,3,4 %s | FileCheck %s
// CHECK: e2e: -n 1: same output
// CHECK: e2e: -n 2: same output
// CHECK: e2e: -n 3: same output
// CHECK: e2e: -n 4: same output
#include <complex>
#include <cstdio>

constexpr int N = 17;
std::complex<double> X[N];
#pragma hpf distribute X(block)
std::complex<double> Y[N];
#pragma hpf distribute Y(block)

int main() {
  std::complex<double> z = X[3]; // zero, as sequentially
  std::printf("start %g %g\n", z.real(), z.imag());
#pragma hpf independent
  for (int i = 0; i < N; ++i)
    X[i] = std::complex<double>(i, -0.5 * i);
#pragma hpf independent
  for (int i = 0; i < N - 1; ++i)
    Y[i] = X[i] * X[i + 1] + std::conj(X[i]);
  double s = 0;
#pragma hpf independent reduction(+ : s)
  for (int i = 0; i < N; ++i)
    s += std::abs(Y[i]);
  for (int i = 0; i < N; ++i) {
    std::complex<double> y = Y[i];
    std::printf("%d %.6g %.6g\n", i, y.real(), y.imag());
  }
  std::printf("sum %.6f\n", s);
  return 0;
}
