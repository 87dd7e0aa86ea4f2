// A nest over an array whose mapping the flow walk cannot know where the
// nest stands (NAS SP's pattern: a solver function transposes the array
// and back, and the functions called around it see "depends on control
// flow"): the nest is compiled for the array's declared mapping, which the
// run time makes sure of before it (a redistribute to it and back after
// the nest, nothing when it already holds). Here rows() runs both in the
// declared mapping (from main's loop) and inside sweep(), between its
// transposes, where the run time redistributes for it. Same output as the
// sequential build at -n 1..4.
// REQUIRES: mpi
// RUN: %hpfcc -Rhpf -fsyntax-only %s 2>&1 | FileCheck %s --check-prefix=REMARK
// REMARK: e2e-loop-declared-mapping.cpp:[[#@LINE+19]]:1: remark: the mapping of 'A' here depends on control flow: the nest is compiled for its declared mapping (block, *) onto all ranks, made sure of at run time (if 'A' has another, it is redistributed to it for the loop and back after it: two planned redistributions)
// REMARK: e2e-loop-declared-mapping.cpp:[[#@LINE+18]]:1: remark: independent loop nest over 'A' ((block, *) onto all ranks): 'k' over the owned indices of dimension 0; owner computes
// RUN: %e2e --tmp %t --ranks 1,2,3,4 %s | FileCheck %s
// CHECK: e2e: sequential output: sum {{[-0-9.]+}} {{[-0-9.]+}}
// CHECK: e2e: -n 1: same output
// CHECK: e2e: -n 2: same output
// CHECK: e2e: -n 3: same output
// CHECK: e2e: -n 4: same output
#include <cstdio>

constexpr int N = 18;
double A[N][N];
#pragma hpf distribute A(block, *)
#pragma hpf dynamic A

// Row k scaled by its own first element: a nest over the rows. The store
// at column 0 is local only under the declared (block, *): with every
// dimension counted as distributed it would be an error.
void rows(double f) {
#pragma hpf independent
  for (int k = 0; k < N; k++) {
    for (int j = 1; j < N; j++)
      A[k][j] = A[k][j] * f + 0.001 * A[k][0];
    A[k][0] = A[k][0] * f; // a fixed column: only '*' makes it local
  }
}

// A recurrence down each column, in the columns' mapping; rows() runs in
// the middle of it.
void sweep(int s) {
  int j, k;
#pragma hpf redistribute A(*, block)
#pragma hpf independent
  for (j = 0; j < N; j++)
    for (k = 1; k < N; k++)
      A[k][j] += 0.5 * A[k - 1][j];
  if (s % 2 == 1)
    rows(0.5);
#pragma hpf redistribute A(block, *)
}

int main() {
#pragma hpf independent
  for (int k = 0; k < N; k++)
    for (int j = 0; j < N; j++)
      A[k][j] = (k * N + j) % 7 - 3;
  for (int s = 0; s < 4; s++) {
    rows(0.9);
    sweep(s);
  }
  double t = 0, u = 0;
#pragma hpf independent reduction(+ : t, u)
  for (int k = 0; k < N; k++)
    for (int j = 0; j < N; j++) {
      t += A[k][j];
      u += A[k][j] * (k + 1) * (j + 2);
    }
  std::printf("sum %.6f %.6f\n", t, u);
}
