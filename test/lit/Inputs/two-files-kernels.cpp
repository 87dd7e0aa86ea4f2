// The second file of e2e-two-files.cpp: the bodies, with independent loops
// over the inherited parameters.
#include "two-files.h"

#include <cstdio>

namespace kern {

double total(const double *x, int n, double scale) {
  double s = 0;
#pragma hpf independent reduction(+ : s)
  for (int i = 0; i < n; ++i)
    s += scale * x[i];
  return s;
}

void axpy(double a, const double (&A)[N], double (&B)[N]) {
#pragma hpf independent
  for (int i = 0; i < N; ++i)
    B[i] += a * A[i];
  std::printf("axpy: B[%d] = %.2f\n", N - 1, B[N - 1]);
}

double trace(const double (&M)[R][C]) {
  double t = 0;
  for (int i = 0; i < C; ++i)
    t += M[i][i];
  return t;
}

void ramp(std::vector<double> &v, double step) {
#pragma hpf independent
  for (std::size_t i = 0; i < v.size(); ++i)
    v[i] = step * double(i);
}

double first(const double *x) { return x[0]; }

} // namespace kern
