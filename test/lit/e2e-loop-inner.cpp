// Inner loops over a distributed dimension that are not marked independent:
// when every element they write has their index as a subscript, and the
// arrays they write are read only at that element, their iterations are
// independent and they run as independent levels (a remark says so).
// REQUIRES: mpi
// RUN: %e2e --tmp %t --ranks 1,2,3,4 %s | FileCheck %s
// CHECK: e2e: -n 1: same output
// CHECK: e2e: -n 4: same output
// RUN: %hpfcc -Rhpf -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=REMARK
// REMARK: remark: the loop over 'j' is not marked independent, but its iterations are (each writes distributed elements only at 'j' and reads the arrays it writes only there): it runs as an independent level over dimension 1 of 'M'
#include <cmath>
#include <cstdio>

constexpr int R = 7, K = 12;
#pragma hpf processors P(*)
double M[R][K];
double F[R][K];
#pragma hpf distribute M(*, cyclic(2)) onto P
#pragma hpf distribute F(*, cyclic(2)) onto P

int main() {
  const double a = 0.5;
#pragma hpf independent
  for (int i = 0; i < R; ++i)
    for (int j = 0; j < K; ++j) {
      double t = i * 10 + j; // declared in the loop: private
      M[i][j] = t;
      F[i][j] = std::sqrt(t + 1);
    }
  double s = 0;
#pragma hpf independent reduction(+ : s)
  for (int i = 0; i < R; ++i)
    for (int j = K - 1; j >= 0; j -= 3) {
      M[i][j] = M[i][j] * a + F[i][j];
      s += M[i][j];
    }
  std::printf("s %.6f\n", s);
  for (int i = 0; i < R; ++i)
    for (int j = 0; j < K; ++j)
      std::printf("%.3f%c", M[i][j], j + 1 < K ? ' ' : '\n');
  return 0;
}
