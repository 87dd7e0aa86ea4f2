// A distributed array filled and summed in parallel loops, here and in a
// function of the other file.
#include "helper.h"
#include "params.h"
#include <cstdio>
#pragma hpf processors P(*)
double A[N];
#pragma hpf distribute A(cyclic(3)) onto P
int main() {
#pragma hpf independent
  for (int i = 0; i < N; ++i)
    A[i] = weight(i);
  double s = 0;
#pragma hpf independent reduction(+ : s)
  for (int i = 0; i < N; ++i)
    s += A[i];
  std::printf("demo: %.0f, weighted %.0f\n", s, weighted_sum(A, N));
}
