// An independent loop that writes an array whose mapping differs from the
// home array's at run time runs instead of stopping: the array is
// redistributed to the home's mapping for the loop and back after it
// (hpfcc::aligned_for_loop). Covered: 1-D block vs cyclic(2) on a grid
// sized at run time, a dynamic array redistributed on a run-time condition
// (aligned on some paths, not on others), (block, *) vs (*, block), a
// reduction, the arrays used afterwards in replicated code and in a later
// loop (their own mapping is back), and a redistribute after the loop.
// REQUIRES: mpi
// RUN: %e2e --tmp %t --ranks 1,2,3,4 %s | FileCheck %s
// RUN: %hpfcc -Rhpf -fsyntax-only %s 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: %hpfcc --hpf-emit-source %s | %strip_checks | FileCheck %s --check-prefix=CODE
// CHECK: e2e: -n 1: same output
// CHECK: e2e: -n 4: same output
#include <cstdio>

constexpr int N = 30, M = 12;
#pragma hpf processors ALL(*)
double G[N], H[N], K[N];
double A[M][M], B[M][M], X[M][M], Y[M][M];
#pragma hpf distribute G(block) onto ALL
#pragma hpf distribute H(cyclic(2)) onto ALL
#pragma hpf distribute K(block) onto ALL
#pragma hpf dynamic K
#pragma hpf distribute A(block, *) onto ALL
#pragma hpf distribute B(*, block) onto ALL
#pragma hpf distribute X(block, *) onto ALL
#pragma hpf distribute Y(*, block) onto ALL

double fill(int round) {
  double s = 0;
  // CODE: hpfcc::aligned_for_loop<double, 1> __hpf_al_H{{[0-9]+}}(H, G, {0}, "{{.*}}e2e-realign-written.cpp:[[@LINE+1]]:1");
#pragma hpf independent reduction(+ : s)
  for (int i = 0; i < N; ++i) {
    G[i] = i * 0.5 + round;
    // REMARK: e2e-realign-written.cpp:[[@LINE+1]]:5: remark: alignment of 'H' with 'G' is checked at run time; if they differ, 'H' is redistributed to the mapping of 'G' for the loop and back after it (two planned redistributions)
    H[i] = G[i] * 2 + H[i];
    K[i] = H[i] - G[i];
    s += H[i] + K[i];
  }
  // CODE: __hpf_al_H{{[0-9]+}}.restore(H);
  return s;
}

int main() {
  double t = 0;
  for (int round = 0; round < 3; ++round) {
    // K is aligned with G in round 0, cyclic(3) in round 1, block again
    // in round 2: the loop realigns it only when it differs.
    if (round == 1) {
#pragma hpf redistribute K(cyclic(3)) onto ALL
    }
    if (round == 2) {
#pragma hpf redistribute K(block) onto ALL
    }
    t += fill(round);
  }
  // Replicated code after the loops: every element where it belongs.
  std::printf("t %.1f H[7] %.1f K[29] %.1f\n", t, H[7], K[29]);
#pragma hpf redistribute K(cyclic) onto ALL
  double u = 0;
#pragma hpf independent reduction(+ : u)
  for (int i = 0; i < N; ++i)
    u += K[i] * (i % 3);
  std::printf("u %.1f\n", u);

  // REMARK: e2e-realign-written.cpp:[[@LINE+2]]:1: remark: alignment of 'B' with 'A' is checked at run time; if they differ, 'B' is redistributed to the mapping of 'A' for the loop and back after it (two planned redistributions)
  // CODE: hpfcc::aligned_for_loop<double, 2> __hpf_al_B{{[0-9]+}}(B, A, {0, -1},
#pragma hpf independent
  for (int i = 0; i < M; ++i)
    for (int j = 0; j < M; ++j) {
      A[i][j] = i * M + j;
      B[i][j] = A[i][j] + 0.25 * j;
    }
  double b = 0;
#pragma hpf independent reduction(+ : b)
  for (int j = 0; j < M; ++j)
    for (int i = 0; i < M; ++i)
      b += B[i][j] * (i + 2 * j);
  std::printf("b %.2f B[3][4] %.2f B[11][0] %.2f\n", b, B[3][4], B[11][0]);

  // X's declared '*' dimension is distributed while X is realigned to Y's
  // mapping: its local strides must come from the run time.
  // CODE: hpfcc::aligned_for_loop<double, 2> __hpf_al_X{{[0-9]+}}(X, Y, {-1, 1},
  // CODE-NOT: const hpf::index_t __hpf_X{{[0-9]+}}_e1 = 12;
#pragma hpf independent
  for (int j = 0; j < M; ++j)
    for (int i = 0; i < M; ++i) {
      Y[i][j] = i - 0.5 * j;
      X[i][j] = Y[i][j] * 3 + i * j;
    }
  // CODE: __hpf_al_X{{[0-9]+}}.restore(X);
  double x = 0;
#pragma hpf independent reduction(+ : x)
  for (int i = 0; i < M; ++i)
    for (int j = 0; j < M; ++j)
      x += X[i][j] * (1 + (i + j) % 5);
  std::printf("x %.2f X[2][9] %.2f X[11][11] %.2f\n", x, X[2][9], X[11][11]);
  return 0;
}
