// NAS MG's prolongation as the reference codes write it: a loop over the
// coarse planes c that writes the fine planes 2c and 2c + 1 (every rank
// runs the iterations whose stores it may own, FixedSlices.cpp) and reads
// the coarse planes c and c + 1 of a distributed coarse grid. The coarse
// grid is not gathered: each rank fetches the planes its iterations read
// (hpfcc::fetched over hpfcc::run_set), on block and cyclic coarse grids,
// in a function called twice (the fetch plan is checked on every run).
// A nest that runs every iteration on every rank (a reduction) gathers
// the coarse grid as before, and so does a nest whose outer loop steps by
// 2. A loop over a replicated array, split by its iterations, fetches the
// rows its share reads the same way. Exact on 1..4 ranks.
// REQUIRES: mpi
// RUN: %e2e --tmp %t --ranks 1,2,3,4 %s | FileCheck %s
// CHECK: e2e: sequential output: sums {{[-0-9.]+}} {{[-0-9.]+}} {{[-0-9.]+}}
// CHECK: e2e: -n 1: same output
// CHECK: e2e: -n 2: same output
// CHECK: e2e: -n 3: same output
// CHECK: e2e: -n 4: same output
// RUN: %hpfcc -Rhpf -fsyntax-only %s 2>&1 | FileCheck %s --check-prefix=REMARK
// REMARK-DAG: :[[#@LINE+27]]:17: remark: 'Q[c][j + 1][i]' is read without a gather: its subscript in dimension 0 is a function of 'c', so before the loop each rank fetches only the rows the iterations of 'c' it runs read
// REMARK-DAG: :[[#@LINE+27]]:17: remark: 'Q[c + 1][j][i]' is read without a gather: its subscript in dimension 0 is a function of 'c', so before the loop each rank fetches only the rows the iterations of 'c' it runs read
// REMARK-DAG: :[[#@LINE+59]]:26: remark: 'Y[c][j][i]' is read without a gather: its subscript in dimension 0 is a function of 'c'
// REMARK-DAG: :[[#@LINE+66]]:28: remark: 'Y' is read at subscripts that are not aligned with the loop: before the loop its {{[0-9]+}} elements are gathered on every rank
// REMARK-DAG: :[[#@LINE+70]]:28: remark: 'Y' is read at subscripts that are not aligned with the loop: before the loop its {{[0-9]+}} elements are gathered on every rank
// REMARK-DAG: :[[#@LINE+80]]:22: remark: 'V[kf][j][i]' is read without a gather: its subscript in dimension 0 is a function of 'k', so before the loop each rank fetches only the rows the iterations of 'k' it runs read (listed on every run)
#include <cstdio>

constexpr int C = 7, F = 2 * C + 2; // coarse 0 .. C, fine 0 .. 2C + 1
static double U[F][F][F], V[F][F][F], Z[C + 1][C + 1][C + 1],
    Y[C + 1][C + 1][C + 1], W[C][F][F];
#pragma hpf distribute U(block, *, *)
#pragma hpf distribute V(block, *, *)
#pragma hpf distribute Z(block, *, *)
#pragma hpf distribute Y(cyclic, *, *)

// U += the trilinear interpolation of Q, per coarse plane c (the reference
// codes' sums z1, z2, z3).
template <int G, int E>
void interp(const double (&Q)[G][G][G], double (&T)[E][E][E], int nc) {
#pragma hpf distribute Q(block, *, *)
#pragma hpf distribute T(block, *, *)
#pragma hpf independent
  for (int c = 0; c < nc; c++) {
    double z1[G], z2[G], z3[G];
    for (int j = 0; j < nc; j++) {
      for (int i = 0; i <= nc; i++) {
        z1[i] = Q[c][j + 1][i] + Q[c][j][i];
        z2[i] = Q[c + 1][j][i] + Q[c][j][i];
        z3[i] = Q[c + 1][j + 1][i] + Q[c + 1][j][i] + z1[i];
      }
      for (int i = 0; i < nc; i++) {
        T[2 * c][2 * j][2 * i] += Q[c][j][i];
        T[2 * c][2 * j][2 * i + 1] += 0.5 * (Q[c][j][i + 1] + Q[c][j][i]);
        T[2 * c][2 * j + 1][2 * i] += 0.5 * z1[i];
        T[2 * c][2 * j + 1][2 * i + 1] += 0.25 * (z1[i] + z1[i + 1]);
        T[2 * c + 1][2 * j][2 * i] += 0.5 * z2[i];
        T[2 * c + 1][2 * j][2 * i + 1] += 0.25 * (z2[i] + z2[i + 1]);
        T[2 * c + 1][2 * j + 1][2 * i] += 0.25 * z3[i];
        T[2 * c + 1][2 * j + 1][2 * i + 1] += 0.125 * (z3[i] + z3[i + 1]);
      }
    }
  }
}

int main() {
#pragma hpf independent
  for (int c = 0; c <= C; c++)
    for (int j = 0; j <= C; j++)
      for (int i = 0; i <= C; i++) {
        Z[c][j][i] = c * 100 + j * 10 + i;
        Y[c][j][i] = c - j * 0.5 + i * 0.25;
      }
  interp(Z, U, C);
  interp(Z, U, C); // the plan of the first call, checked
  // Y (cyclic) read the same way, in place.
  double s = 0;
#pragma hpf independent
  for (int c = 0; c < C; c++)
    for (int j = 0; j < C; j++)
      for (int i = 0; i < C; i++) {
        V[2 * c][j][i] = Y[c][j][i] + Y[c + 1][j][i];
        V[2 * c + 1][j][i] = Y[c + 1][j][i] - 3 * Y[c][j][i];
      }
  // A step of 2: the inspector would list indices the loop skips, Y is
  // gathered.
#pragma hpf independent
  for (int c = 1; c < C; c += 2)
    for (int j = 0; j < C; j++)
      V[2 * c][j][C + 1] = Y[c - 1][j][3];
  // A reduction: every rank runs every iteration, Y is gathered.
#pragma hpf independent reduction(+ : s)
  for (int c = 0; c < C; c++)
    for (int j = 0; j < C; j++) {
      V[2 * c + 1][j][C] = Y[c][j][1];
      s += Y[c + 1][j][2];
    }
  // A loop over a replicated array, split by its iterations: each rank
  // fetches the rows of V its share reads (through a local set from the
  // index), and sends its rows of W to all after the loop.
#pragma hpf independent
  for (int k = 0; k < C; k++) {
    int kf = 2 * k;
    for (int j = 0; j < F; j++)
      for (int i = 0; i < F; i++)
        W[k][j][i] = V[kf][j][i] - 0.5 * V[kf + 1][j][i];
  }
  double a = 0, b = 0;
  for (int k = 0; k < C; k++)
    for (int j = 0; j < F; j++)
      for (int i = 0; i < F; i++)
        a += W[k][j][i] * (k + j + 1) / (i + 2);
#pragma hpf independent reduction(+ : a, b)
  for (int k = 0; k < F; k++)
    for (int j = 0; j < F; j++)
      for (int i = 0; i < F; i++) {
        a += U[k][j][i] * (k + 1) * (j + 2) / (i + 3);
        b += V[k][j][i] * (k + 3) / (j + 1) * (i + 2);
      }
  std::printf("sums %.6f %.6f %.6f\n", a, b, s);
}
