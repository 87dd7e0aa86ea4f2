// number_of_processors() in a grid's extents: G(2, number_of_processors()
// / 2) for a (block, block) array, at the even rank counts the grid needs.
// REQUIRES: mpi
// RUN: %e2e --tmp %t --ranks 2,4 %s | FileCheck %s
// CHECK: e2e: sequential output: total 39900 corner 380
// CHECK: e2e: -n 2: same output
// CHECK: e2e: -n 4: same output
#include <cstdio>

constexpr int R = 20, C = 21;
#pragma hpf processors G(2, number_of_processors() / 2)
int M[R][C];
#pragma hpf distribute M(block, block) onto G

int main() {
#pragma hpf independent
  for (int i = 0; i < R; ++i) {
#pragma hpf independent
    for (int j = 0; j < C; ++j)
      M[i][j] = i * j;
  }
  long total = 0;
#pragma hpf independent reduction(+ : total)
  for (int i = 0; i < R; ++i) {
#pragma hpf independent
    for (int j = 0; j < C; ++j)
      total += M[i][j];
  }
  std::printf("total %ld corner %d\n", total, M[R - 1][C - 1]);
}
