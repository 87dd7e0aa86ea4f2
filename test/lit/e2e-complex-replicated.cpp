// std::complex elements, as FFT codes keep them: written in independent
// loops, and in replicated code read whole (`s += Z[k]`, through a class's
// operator+= whose reference result is discarded), through const member
// functions (`Z[k].imag()`), by the standard library's functions
// (`std::abs`, `std::norm`), and assigned through std::complex's operators
// (`Z[k] *= 2.0`, `Z[k] = 0.5`: the owner applies them).
// REQUIRES: mpi
// RUN: %e2e --tmp %t --ranks 1,2,3,4 %s | FileCheck %s
// CHECK: e2e: sequential output: sum of every 7th (315.00, -157.50)
// CHECK: e2e: -n 1: same output
// CHECK: e2e: -n 2: same output
// CHECK: e2e: -n 3: same output
// CHECK: e2e: -n 4: same output
#include <complex>
#include <cstdio>

constexpr int N = 64;
std::complex<double> Z[N];
#pragma hpf distribute Z(cyclic(5))

int main() {
#pragma hpf independent
  for (int i = 0; i < N; ++i)
    Z[i] = std::complex<double>(i, -i * 0.5);
  std::complex<double> s = 0;
  for (int i = 0; i < N; i += 7)
    s += Z[i];
  std::printf("sum of every 7th (%.2f, %.2f)\n", s.real(), s.imag());
  double re = 0, im = 0;
#pragma hpf independent reduction(+ : re, im)
  for (int i = 0; i < N; ++i) {
    re += Z[i].real();
    im += std::imag(Z[i]);
  }
  std::printf("sums %.2f %.2f\n", re, im);
  Z[3] *= 2.0;
  Z[4] += std::complex<double>(1, 1);
  Z[5] = 0.5;
  Z[6] = Z[3] * Z[4];
  std::printf("Z[3].imag() %.2f, |Z[4]| %.4f, norm(Z[5]) %.4f, Z[6] (%.2f, "
              "%.2f)\n",
              Z[3].imag(), std::abs(Z[4]), std::norm(Z[5]), Z[6].real(),
              Z[6].imag());
  std::complex<double> c = Z[N - 1];
  std::printf("last (%.2f, %.2f), conj imag %.2f\n", c.real(), c.imag(),
              std::conj(Z[N - 2]).imag());
}
