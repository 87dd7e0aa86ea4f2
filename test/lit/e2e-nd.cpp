// Multi-dimensional arrays end to end on a 2 x 2 grid (4 and 5 ranks: the
// fifth owns nothing of the grid's arrays): loop nests over (block,
// cyclic(2)), elements in replicated code, reads from gathered copies, a
// read whose alignment is checked at run time, redistribution to another
// grid and to a 1-D arrangement, reductions. Same output as sequential.
// REQUIRES: mpi
// RUN: %e2e --tmp %t --ranks 4,5 %s | FileCheck %s
// CHECK: e2e: sequential output: fill 
// CHECK: e2e: -n 4: same output
// CHECK: e2e: -n 5: same output
#include <cstdio>

constexpr int R = 13, C = 11;
#pragma hpf processors G(2, 2)
#pragma hpf processors H(4)
#pragma hpf processors ALL(*)
long M[R][C];
long W[R][C];
#pragma hpf distribute M(block, cyclic(2)) onto G
#pragma hpf dynamic M
#pragma hpf distribute W(cyclic, *) onto ALL
#pragma hpf dynamic W
int Cnt[3][R][C];
#pragma hpf distribute Cnt(*, cyclic(3), block) onto G

long sum(int argc) {
  long s = 0;
  // W's mapping is not known here (W is redistributed in main): its
  // alignment with M is checked at run time.
#pragma hpf independent reduction(+ : s)
  for (int i = 0; i < R; ++i) {
#pragma hpf independent
    for (int j = 0; j < C; ++j)
      s += M[i][j] * (j + argc) - W[i][j];
  }
  return s;
}

int main(int argc, char **) {
#pragma hpf independent
  for (int i = 0; i < R; ++i) {
#pragma hpf independent
    for (int j = 0; j < C; ++j)
      M[i][j] = (i * 37 + j * 11) % 101;
  }
#pragma hpf independent
  for (int i = 0; i < R; ++i) {
#pragma hpf independent
    for (int j = 0; j < C; ++j)
      W[i][j] = i - j;
  }
  long s = 0, lo = 1000, hi = -1000;
#pragma hpf independent reduction(+ : s) reduction(min : lo) reduction(max : hi)
  for (int i = 0; i < R; ++i) {
#pragma hpf independent
    for (int j = 0; j < C; ++j) {
      s += M[i][j] * (i + 1);
      lo = M[i][j] < lo ? M[i][j] : lo;
      hi = M[i][j] > hi ? M[i][j] : hi;
    }
  }
  std::printf("fill %ld %ld %ld\n", s, lo, hi);
  // Elements in replicated code.
  int k = argc + 2; // 3
  M[k][k + 1] = 500;
  M[0][C - 1] += M[k][k + 1] + M[R - 1][0];
  Cnt[2][k][k] = 7;
  Cnt[2][k][k] *= 6;
  std::printf("elements %ld %ld %d\n", M[k][k + 1], M[0][C - 1],
              Cnt[2][k][k]);
  // A stencil reading neighbours from a copy gathered before the nest.
#pragma hpf independent
  for (int i = 1; i < R - 1; ++i) {
#pragma hpf independent
    for (int j = 1; j < C - 1; ++j)
      W[i][j] = M[i - 1][j] + M[i + 1][j] + M[i][j - 1] + M[i][j + 1];
  }
  std::printf("stencil %ld\n", sum(argc));
  // Change of grid, then rows whole on each rank.
#pragma hpf redistribute M(block, *) onto H
#pragma hpf independent
  for (int i = 0; i < R; ++i)
    for (int j = 1; j < C; ++j)
      M[i][j] = (M[i][j] + M[i][j - 1]) % 1000;
  std::printf("after rows %ld %ld\n", M[R - 1][C - 1], sum(argc));
  // To the 1-D arrangement of all ranks, columns whole; W follows.
#pragma hpf redistribute M(*, block) onto ALL
#pragma hpf redistribute W(*, block) onto ALL
#pragma hpf independent
  for (int j = 0; j < C; ++j)
    for (int i = R - 2; i >= 0; --i)
      M[i][j] = (M[i][j] * 3 + M[i + 1][j] + W[i][j]) % 1000;
  std::printf("after columns %ld %ld\n", M[0][0], sum(argc));
  long t = 0;
#pragma hpf independent reduction(+ : t)
  for (int c = 0; c < 3; ++c) {
#pragma hpf independent
    for (int i = 0; i < R; ++i) {
#pragma hpf independent
      for (int j = 0; j < C; ++j)
        t += Cnt[c][i][j] * (c + 1);
    }
  }
  std::printf("counts %ld\n", t);
  return 0;
}
