// An independent loop that reads distributed arrays, writes none, and
// writes through a pointer (NAS MG's restriction of a distributed fine
// grid into a coarse level held in a plain array): split over the ranks,
// each rank's writes would stay in its own memory, so it runs on every
// rank, reading the distributed array from a copy gathered before it
// (analysis/loops/LoopBody.cpp). Exact on 1..4 ranks.
// REQUIRES: mpi
// RUN: %e2e --tmp %t --ranks 1,2,3,4 %s | FileCheck %s
// CHECK: e2e: sequential output: coarse {{[-0-9.]+}}
// CHECK: e2e: -n 1: same output
// CHECK: e2e: -n 2: same output
// CHECK: e2e: -n 3: same output
// CHECK: e2e: -n 4: same output
// RUN: %hpfcc -Rhpf -fsyntax-only %s 2>&1 | FileCheck %s --check-prefix=REMARK
// REMARK-DAG: :28:1: remark: independent loop nest writes no distributed array and reads none at its indices: it runs on every rank (it cannot be split over the ranks: writes through pointers or references are not allowed in an independent loop
// REMARK-DAG: :32:17: remark: 'Fine' is read at subscripts that are not aligned with the loop: before the loop its 480 elements are gathered on every rank
#include <cstdio>

constexpr int F = 20, C = 10, W = 24;
static double R[F][W];
#pragma hpf distribute R(block, *)
static double Coarse[C * W];

// Each coarse row j is the weighted sum of fine rows 2j - 1 .. 2j + 1.
void restrictRows(const double (&Fine)[F][W], double *out) {
  int i;
  double w;
#pragma hpf independent
  for (int j = 1; j < C - 1; j++) {
    i = 2 * j;
    for (int k = 0; k < W; k++) {
      w = 0.5 * Fine[i][k] + 0.25 * (Fine[i - 1][k] + Fine[i + 1][k]);
      out[j * W + k] = w;
    }
  }
}

int main() {
#pragma hpf independent
  for (int i = 0; i < F; i++)
    for (int k = 0; k < W; k++)
      R[i][k] = i * 0.5 - k + (i % 3) * k;
  restrictRows(R, Coarse);
  double s = 0;
  for (int j = 0; j < C * W; j++)
    s += Coarse[j] * (j % 7 + 1);
  std::printf("coarse %.6f\n", s);
  return 0;
}
