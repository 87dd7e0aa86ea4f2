// Loop hints and attributes on a loop inside an independent loop stay where
// the user wrote them, and the program prints what the sequential build
// prints at every rank count.
// REQUIRES: mpi
// RUN: %e2e --tmp %t --ranks 1,2,3 %s | FileCheck %s
// CHECK: rows 2.442240e+05
#include <cstdio>
constexpr int R = 48, C = 64;
#pragma hpf processors ALL(*)
double M[R][C];
#pragma hpf distribute M(block, *) onto ALL

int main() {
#pragma hpf independent
  for (int i = 0; i < R; ++i) {
#pragma clang loop vectorize(enable) interleave_count(2)
    for (int j = 0; j < C; ++j)
      M[i][j] = i + 0.5 * j;
#pragma unroll 2
    for (int j = 0; j < C; ++j)
      M[i][j] *= 2;
    [[clang::code_align(32)]] for (int j = 0; j < C; ++j) M[i][j] += 1;
  }
  double S = 0;
#pragma hpf independent reduction(+ : S)
  for (int i = 0; i < R; ++i)
    for (int j = 0; j < C; ++j)
      S += M[i][j];
  std::printf("rows %.6e\n", S);
  return 0;
}
