// Arrays aligned though their shapes differ (analysis/flow/Placement.cpp,
// alignedButCollapsedExtents): M[7][5] and L[7][11], both (cyclic, *), have
// the same rows on the same ranks, so one nest writes both, reading M in
// L's row. A nest whose outermost level runs over the '*' dimension (j up
// to 11, past M's 5 columns) keeps M out of that rule: M is read in place
// through its own mapping (Reads.cpp). Exact on 1..3 ranks.
// REQUIRES: mpi
// RUN: %e2e --tmp %t --ranks 1,2,3 %s | FileCheck %s
// CHECK: e2e: sequential output: extents {{[0-9]+}}
// CHECK: e2e: -n 1: same output
// CHECK: e2e: -n 2: same output
// CHECK: e2e: -n 3: same output
// RUN: %hpfcc -Rhpf -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=REMARK
// REMARK: remark: independent loop nest over 'M' ((cyclic, *) onto ALL(*)): 'i' over the owned indices of dimension 0; owner computes
// REMARK: remark: 'M[i][j % C]' is read locally
#include <cstdio>

constexpr int R = 7, C = 5, W = 11;
#pragma hpf processors ALL(*)
double M[R][C];
double L[R][W];
#pragma hpf distribute M(cyclic, *) onto ALL
#pragma hpf distribute L(cyclic, *) onto ALL

int main() {
#pragma hpf independent
  for (int i = 0; i < R; ++i) {
    for (int j = 0; j < C; ++j)
      M[i][j] = i * 10 + j;
    for (int j = 0; j < W; ++j)
      L[i][j] = M[i][j % C] * 2 + j;
  }
#pragma hpf independent
  for (int j = 0; j < W; ++j) {
#pragma hpf independent
    for (int i = 0; i < R; ++i)
      L[i][j] += M[i][j % C];
  }
  long S = 0;
#pragma hpf independent reduction(+ : S)
  for (int i = 0; i < R; ++i)
    for (int j = 0; j < W; ++j)
      S += long(L[i][j]) * (j + 1);
  std::printf("extents %ld\n", S);
  return 0;
}
