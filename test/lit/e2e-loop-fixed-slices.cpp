// Independent loops that store into distributed arrays at subscripts fixed
// in the nest in their distributed dimensions: the periodic boundary of a
// multigrid level as NAS MG writes it (`U[0][j][i] = U[N][j][i]`, U
// (block, *, *), N a parameter), a compound update of one plane, a field
// of a struct element, an element read in the right-hand side that
// stores it, a reduction over the planes read, and a 2-D array
// read at the loop's index. No rank owns an iteration: every rank runs the
// nest, owners store, the planes read are broadcast before it
// (analysis/flow/FixedSlices.cpp), or, when a plane's values are only
// stored into one slice (the periodic boundary), sent to that slice's
// owner alone; a plane whose values also go elsewhere (a reduction, the
// value of an assignment) or through an integer division is broadcast. Same output as the sequential build at
// -n 1..4; a plane read where the nest writes it (N = 0 at run time) is a
// run-time error naming the directive.
// REQUIRES: mpi
// RUN: %hpfcc -Rhpf -fsyntax-only %s 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: %e2e --tmp %t --ranks 1,2,3,4 %s | FileCheck %s
// CHECK: e2e: sequential output: sums {{[-0-9.]+}} {{[-0-9.]+}} {{[-0-9.]+}}
// CHECK: e2e: -n 1: same output
// CHECK: e2e: -n 2: same output
// CHECK: e2e: -n 3: same output
// CHECK: e2e: -n 4: same output
// The periodic boundary's two planes travel at once: each slice's message
// is only posted when it is made, and the nest waits for all of them
// together (a rank's receive never waits behind its own send).
// RUN: %hpfcc --hpf-emit-source %s | %strip_checks | FileCheck %s --check-prefix=CODE
// CODE: const hpfcc::row<double, 3, 1u> __hpf_row[[P:[0-9]+]]_0(hpfcc::to_store, U,
// CODE-SAME: const hpfcc::row<double, 3, 1u> __hpf_row[[P]]_1(hpfcc::to_store, U,
// CODE-SAME: hpfcc::slices_arrived(__hpf_row[[P]]_0, __hpf_row[[P]]_1);
// RUN: %hpfcc -O1 %s -o %t.bin
// RUN: not env MPIEXEC_TIMEOUT=60 %mpiexec -n 2 %t.bin clash 2>&1 | FileCheck %s --check-prefix=CLASH
// CLASH: rank {{[01]}}: {{.*}}e2e-loop-fixed-slices.cpp:[[#@LINE+31]]:1: 'U' is read and written in the slice at 0 in dimension 0
#include <cstdio>

constexpr int E = 10;
double U[E][E][E];
#pragma hpf distribute U(block, *, *)
double W[E][E];
#pragma hpf distribute W(block, *)
struct Cell {
  double v, w;
};
Cell C[E][E];
#pragma hpf distribute C(block, *)
int K[E][E];
#pragma hpf distribute K(block, *)

// The periodic boundary of a level of interior extent N: i, then j, then
// the planes k = 0 and N + 1, which take planes N and 1.
void comm3(int N) {
#pragma hpf independent
  for (int k = 1; k <= N; k++)
    for (int j = 1; j <= N; j++) {
      U[k][j][0] = U[k][j][N];
      U[k][j][N + 1] = U[k][j][1];
    }
#pragma hpf independent
  for (int k = 1; k <= N; k++)
    for (int i = 0; i <= N + 1; i++) {
      U[k][0][i] = U[k][N][i];
      U[k][N + 1][i] = U[k][1][i];
    }
#pragma hpf independent
  for (int j = 0; j <= N + 1; j++)
    for (int i = 0; i <= N + 1; i++) {
      U[0][j][i] = U[N][j][i];
      U[N + 1][j][i] = U[1][j][i];
    }
}

int main(int argc, char **) {
#pragma hpf independent
  for (int k = 0; k < E; k++)
    for (int j = 0; j < E; j++)
      for (int i = 0; i < E; i++)
        U[k][j][i] = k * 100 + j * 10 + i;
#pragma hpf independent
  for (int k = 0; k < E; k++)
    for (int j = 0; j < E; j++) {
      W[k][j] = k - 2.5 * j;
      C[k][j] = {0.5 * k, 1.0 * j};
      K[k][j] = k + j;
    }
  const int N = argc > 1 ? 0 : E - 2;
  comm3(N);
  double Top = 0;
  int Plane = E - 1;
#pragma hpf independent reduction(+ : Top)
  for (int j = 0; j < E; j++) {
    double T = 0;
    for (int i = 0; i < E; i++) {
      U[Plane][j][i] += W[j][i % E] + 1;
      U[1][j][i] = U[1][j][i] * 0.5 + U[2][j][i];
      T += U[2][j][i];
    }
    C[3][j].w = T;
    C[Plane][j].v *= 2;
    Top += T;
  }
  double Used = 0;
#pragma hpf independent reduction(+ : Used)
  for (int j = 0; j < E; j++) {
    K[0][j] = 1000 / (K[N][j] + 1);
    Used += (W[N + 1][j] = W[N][j] * 2);
    W[0][j] = W[N - 1][j] / 4.0 - 1;
  }
  double S = 0;
#pragma hpf independent reduction(+ : S)
  for (int k = 0; k < E; k++)
    for (int j = 0; j < E; j++) {
      S += (C[k][j].v + C[k][j].w) * (k + 1) + K[k][j] + W[k][j];
      for (int i = 0; i < E; i++)
        S += U[k][j][i] * (k + 2) * (j + 1) / (i + 1);
    }
  std::printf("sums %.6f %.6f %.6f\n", S, Top, Used);
}

// REMARK: e2e-loop-fixed-slices.cpp:[[#@LINE-52]]:20: remark: 'U' is read at 'N' in dimension 0, which this nest must not write (checked at run time: it stores into other slices): its values are only stored into the slice of 'U' at '0' in dimension 0, so before the loop its owner sends it to that slice's owner alone (one message of 100 elements, 800 bytes; the other ranks store zeros into a sink)
// REMARK: e2e-loop-fixed-slices.cpp:[[#@LINE-52]]:24: remark: 'U' is read at '1' in dimension 0, which this nest must not write (checked at run time: it stores into other slices): its values are only stored into the slice of 'U' at 'N + 1' in dimension 0, so before the loop its owner sends it to that slice's owner alone
// REMARK: e2e-loop-fixed-slices.cpp:[[#@LINE-57]]:1: remark: independent loop nest stores into distributed arrays only at subscripts fixed in the nest in their distributed dimensions ('U' at '0' in dimension 0; 'U' at 'N + 1' in dimension 0): no rank owns an iteration, so every rank runs all of it and each element is stored by its owner only
// REMARK: e2e-loop-fixed-slices.cpp:[[#@LINE-28]]:39: remark: 'U' is read at '2' in dimension 0, which this nest must not write (checked at run time: it stores into other slices): before the loop its owner broadcasts that slice to every rank
// REMARK: e2e-loop-fixed-slices.cpp:[[#@LINE-34]]:1: remark: independent loop nest stores into distributed arrays only at subscripts fixed in the nest in their distributed dimensions ('U' at 'Plane' in dimension 0; 'U' at '1' in dimension 0; 'C' at '3' in dimension 0; 'C' at 'Plane' in dimension 0): no rank owns an iteration, so every rank runs all of it and each element is stored by its owner only; its reductions need no combining
// REMARK: e2e-loop-fixed-slices.cpp:[[#@LINE-20]]:23: remark: 'K' is read at 'N' in dimension 0, which this nest must not write (checked at run time: it stores into other slices): before the loop its owner broadcasts that slice to every rank
// REMARK: e2e-loop-fixed-slices.cpp:[[#@LINE-20]]:28: remark: 'W' is read at 'N' in dimension 0, which this nest must not write (checked at run time: it stores into other slices): before the loop its owner broadcasts that slice to every rank
// REMARK: e2e-loop-fixed-slices.cpp:[[#@LINE-20]]:15: remark: 'W' is read at 'N - 1' in dimension 0, which this nest must not write (checked at run time: it stores into other slices): its values are only stored into the slice of 'W' at '0' in dimension 0, so before the loop its owner sends it to that slice's owner alone
