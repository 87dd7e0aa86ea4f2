// A BLAS-1 sequence as iterative solvers use it: scal, axpy, dot and the
// max norm over block-cyclic (cyclic(250)) vectors, as ScaLAPACK lays them out.
// Built with
// --hpf-reproducible-sums, the dot products are exact sums, so every rank
// count prints the same digits as the sequential program.
#include <cmath>
#include <cstdio>

constexpr int N = 10000;

#pragma hpf processors P(*)
double X[N];
double Y[N];
#pragma hpf distribute X(cyclic(250)) onto P
#pragma hpf distribute Y(cyclic(250)) onto P

double dot() {
  double s = 0.0;
#pragma hpf independent reduction(+ : s)
  for (int i = 0; i < N; ++i)
    s += X[i] * Y[i];
  return s;
}

double normMax() {
  double m = 0.0;
#pragma hpf independent reduction(max : m)
  for (int i = 0; i < N; ++i)
    m = std::fabs(Y[i]) > m ? std::fabs(Y[i]) : m;
  return m;
}

int main() {
#pragma hpf independent
  for (int i = 0; i < N; ++i) {
    X[i] = std::sin(0.001 * i);
    Y[i] = std::cos(0.002 * i);
  }
  std::printf("x.y = %.12e\n", dot());
  for (int round = 0; round < 5; ++round) {
    double a = 0.5 / (round + 1);
#pragma hpf independent
    for (int i = 0; i < N; ++i)
      Y[i] = a * X[i] + Y[i]; // axpy
    double m = normMax();
#pragma hpf independent
    for (int i = 0; i < N; ++i)
      Y[i] = Y[i] / m; // scal
    std::printf("round %d: |y|max before scaling %.12f, x.y = %.12e\n", round,
                m, dot());
  }
}
