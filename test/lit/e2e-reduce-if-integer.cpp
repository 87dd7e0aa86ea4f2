// A min or max reduction updated by an if with no location, of a type whose
// equal values are the same (analysis/loops/LocUpdates.cpp, TiesAlike):
// which iteration reached the extreme first does not show, so the if stays
// as written and the ranks combine a plain max or min, with no ordinal per
// iteration (hpf::loc_reduction keeps them for floating point, where
// -0.0 == +0.0, and for locations). Cyclic rows: rank order is not the
// iterations' order. Exact on 1..4 ranks.
// REQUIRES: mpi
// RUN: %e2e --tmp %t --ranks 1,2,3,4 %s | FileCheck %s
// CHECK: e2e: sequential output: {{[-0-9]+}} {{[-0-9]+}} {{[-0-9]+}} {{[-0-9.]+}}
// CHECK: e2e: -n 1: same output
// CHECK: e2e: -n 2: same output
// CHECK: e2e: -n 3: same output
// CHECK: e2e: -n 4: same output
// RUN: %hpfcc -Rhpf -fsyntax-only %s 2>&1 | FileCheck %s --check-prefix=REMARK
// REMARK-DAG: :41:11: remark: 'most' is updated to its maximum by this if; equal values of its type are the same, so the ranks' maxima combine as a plain max reduction
// REMARK-DAG: :43:11: remark: 'least' is updated to its minimum by this if
// REMARK-DAG: :45:11: remark: 'far' is updated to its maximum by this if
// REMARK-DAG: :47:11: remark: 'top' keeps the first iteration reaching its maximum
// RUN: %hpfcc --hpf-emit-source %s | %strip_checks | FileCheck %s --check-prefix=CODE
// CODE-NOT: __hpf_loc_{{(most|least|far)}}
// CODE: hpf::loc_reduction<1> __hpf_loc_top
// CODE-NOT: __hpf_loc_{{(most|least|far)}}
#include <cstdio>

constexpr int N = 24;
static int K[N][N];
#pragma hpf distribute K(cyclic, *)

int main() {
#pragma hpf independent
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      K[i][j] = (i * 37 + j * 11) % 29 - 14;
  int most = -100, least = 100;
  long far = 0;
  double top = -1.0;
#pragma hpf independent reduction(max : most, far, top) reduction(min : least)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      if (K[i][j] > most)
        most = K[i][j];
      if (K[i][j] <= least)
        least = K[i][j];
      if (far < (long)K[i][j] * K[i][j])
        far = (long)K[i][j] * K[i][j];
      if (0.5 * K[i][j] > top)
        top = 0.5 * K[i][j];
    }
  std::printf("%d %d %ld %.1f\n", most, least, far, top);
  return 0;
}
