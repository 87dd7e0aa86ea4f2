// Arrays local to functions, run-time parameters (from argc), a helper that
// redistributes a global array (so the caller's plan is made at run time),
// two aligned arrays in one loop (alignment checked at run time) and output
// through std::cout.
// REQUIRES: mpi
// RUN: %e2e --tmp %t --ranks 1,2,4 %s | FileCheck %s
// CHECK: e2e: -n 4: same output
#include <iostream>

constexpr int N = 257;
#pragma hpf processors ALL(*)
float G[N];
float H[N];
#pragma hpf distribute G(block) onto ALL
#pragma hpf distribute H(block) onto ALL
#pragma hpf dynamic G, H

void regrid(int k) {
#pragma hpf redistribute G(cyclic(k)) onto ALL
#pragma hpf redistribute H(cyclic(k)) onto ALL
}

double local_phase(int k) {
  double L[100];
#pragma hpf distribute L(cyclic(k)) onto ALL
  double s = 0;
#pragma hpf independent
  for (int i = 0; i < 100; ++i)
    L[i] = i * 0.5;
#pragma hpf independent reduction(+ : s)
  for (int i = 0; i < 100; ++i)
    s += L[i];
  return s;
}

int main(int argc, char **) {
  int k = argc + 1;
#pragma hpf independent
  for (int i = 0; i < N; ++i) {
    G[i] = i % 17;
    H[i] = 1;
  }
  regrid(k);
  double dot = 0;
#pragma hpf independent reduction(+ : dot)
  for (int i = 0; i < N; ++i) {
    H[i] = H[i] + G[i];
    dot += H[i] * G[i];
  }
  std::cout << "dot " << dot << " local " << local_phase(k) << std::endl;
  return 0;
}
