// Inner levels of a nest whose bounds depend on an outer index (a
// triangle) find their owned segments per outer iteration; those whose
// bounds do not are found once before the nest (codegen/LoopEmitter.cpp,
// hoistedRanges). Same output as sequential on grids shaped at run time.
// REQUIRES: mpi
// RUN: %e2e --tmp %t --ranks 1,2,3,4 %s | FileCheck %s
// CHECK: e2e: sequential output: triangle 161350 square 12615
// CHECK: e2e: -n 1: same output
// CHECK: e2e: -n 2: same output
// CHECK: e2e: -n 3: same output
// CHECK: e2e: -n 4: same output
// RUN: %hpfcc --hpf-emit-source %s | %strip_checks | FileCheck %s --check-prefix=CODE
// CODE: const hpfcc::segment_range __hpf_segs{{[0-9]+}}_1 = hpfcc::owned_segments(M, 1, 0, C);
// CODE: for (const hpfcc::segment __hpf_seg{{[0-9]+}}_1 : hpfcc::owned_segments(M, 1, i, C))
#include <cstdio>

constexpr int R = 30, C = 30;
#pragma hpf processors G(*, *)
long M[R][C];
#pragma hpf distribute M(block, cyclic(3)) onto G

int main() {
#pragma hpf independent
  for (int i = 0; i < R; ++i) {
#pragma hpf independent
    for (int j = 0; j < C; ++j)
      M[i][j] = 0;
  }
#pragma hpf independent
  for (int i = 0; i < R; ++i) {
#pragma hpf independent
    for (int j = i; j < C; ++j)
      M[i][j] = (i + 1) * (j + 1);
  }
  long t = 0, q = 0;
#pragma hpf independent reduction(+ : t, q)
  for (int i = 0; i < R; ++i) {
#pragma hpf independent
    for (int j = 0; j < C; ++j) {
      t += M[i][j] * (i < 10 ? 3 : 1);
      q += M[i][j] == 0 ? i + j : 0;
    }
  }
  std::printf("triangle %ld square %ld\n", t, q);
}
