// A small annotated program for the driver tests.
#include "small-helper.h"
#include <cstdio>
#ifndef SCALE
#define SCALE 1
#endif
constexpr int N = 40;
#pragma hpf processors P(*)
double A[N];
#pragma hpf distribute A(cyclic(2)) onto P
int main() {
#pragma hpf independent
  for (int i = 0; i < N; ++i)
    A[i] = SCALE * weight(i);
  double s = 0;
#pragma hpf independent reduction(+ : s)
  for (int i = 0; i < N; ++i)
    s += A[i];
  std::printf("small: %.0f\n", s);
}
