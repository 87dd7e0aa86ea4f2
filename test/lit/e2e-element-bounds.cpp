// Loop bounds read from distributed elements: an inner loop of an
// independent loop bounded by the iteration's own element (`j < Len[k]`,
// local), and a replicated loop bounded by an element (read on every rank
// through its owner, each time the condition is evaluated).
// REQUIRES: mpi
// RUN: %e2e --tmp %t --ranks 1,2,3,4 %s | FileCheck %s
// CHECK: e2e: sequential output: 96 6
// CHECK: e2e: -n 1: same output
// CHECK: e2e: -n 2: same output
// CHECK: e2e: -n 3: same output
// CHECK: e2e: -n 4: same output
#include <cstdio>

constexpr int N = 8;
#pragma hpf processors P(*)
int Len[N];
double S[N];
#pragma hpf distribute Len(block) onto P
#pragma hpf distribute S(cyclic) onto P

int main() {
#pragma hpf independent
  for (int k = 0; k < N; ++k)
    Len[k] = k % 3 + 1;
#pragma hpf independent
  for (int k = 0; k < N; ++k) {
    double s = 0;
    for (int j = 0; j < Len[k]; ++j)
      s += j * k;
    S[k] = s;
  }
  double t = 0;
  for (int k = 0; k < N; ++k)
    for (int j = 0; j < Len[k]; ++j)
      t += S[k] + j;
  int m = 0;
  while (m < Len[N - 1] * 3)
    ++m;
  std::printf("%g %d\n", t, m);
}
