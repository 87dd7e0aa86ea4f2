// The second file: a plain function, and one whose parameter takes the
// distributed array of main.cpp (an independent loop over it).
#include "helper.h"
double weight(int i) { return 1.0 + i % 4; }
double weighted_sum(const double *A, int n) {
  double s = 0;
#pragma hpf independent reduction(+ : s)
  for (int i = 0; i < n; ++i)
    s += A[i] * weight(i);
  return s;
}
