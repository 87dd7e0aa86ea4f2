// An inherited parameter's mapping inferred from its calls
// (analysis/flow/Flow.cpp): when every call of a function passes arrays of
// one known mapping, the function is compiled for it, as if it prescribed
// it, without the directive and without a remap. Its loops then need
// independent levels only over the distributed dimensions ('mirror' writes
// A[i][M - 1 - j] under a loop over i alone). The mapping passes on through
// a function that only hands the array on ('twice' -> 'mirror'); a
// function called with two mappings ('fill') keeps the run-time mapping
// (diag-params-inferred.cpp: there 'mirror' runs on every rank).
// REQUIRES: mpi
// RUN: %e2e --tmp %t --ranks 1,2,3 %s | FileCheck %s
// CHECK: e2e: sequential output: sum {{-?[0-9.]+}}
// CHECK: e2e: -n 1: same output
// CHECK: e2e: -n 3: same output
// RUN: %hpfcc -Rhpf -fsyntax-only %s 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: %hpfcc -fsyntax-only %s 2>&1 | FileCheck %s --check-prefix=QUIET --allow-empty
// QUIET-NOT: warning
#include <cstdio>

constexpr int N = 10, M = 6;
double A[N][M], B[N][M], C[N][M], D[N][M];
#pragma hpf distribute A(block, *)
#pragma hpf distribute B(block, *)
#pragma hpf distribute C(*, block)
#pragma hpf distribute D(block, *)

// REMARK-DAG: [[@LINE+1]]:22: remark: parameter 'X' of 'mirror' has mapping (block, *) onto all ranks at every call: the function is compiled for it
void mirror(double (&X)[N][M], double Shift) {
#pragma hpf independent
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M / 2; j++) {
      double T = X[i][j];
      X[i][j] = X[i][M - 1 - j] + Shift;
      X[i][M - 1 - j] = T;
    }
}
// REMARK-DAG: [[@LINE+1]]:21: remark: parameter 'Y' of 'twice' has mapping (block, *) onto all ranks at every call: the function is compiled for it
void twice(double (&Y)[N][M]) {
  mirror(Y, 1);
  mirror(Y, 2);
}
// Called with (block, *) and (*, block): no inference, both levels marked.
// REMARK-NOT: parameter 'Z' of 'fill' has mapping
void fill(double (&Z)[N][M], double V) {
#pragma hpf independent
  for (int i = 0; i < N; i++)
#pragma hpf independent
    for (int j = 0; j < M; j++)
      Z[i][j] = V * i + j;
}
int main() {
  fill(A, 1);
  fill(B, 2);
  fill(C, 3);
  fill(D, 4);
  mirror(A, 0.5);
  twice(B);
  double Sum = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      Sum += (A[i][j] + 2 * B[i][j] + 3 * C[i][j] + 4 * D[i][j]) * (j + 1);
  std::printf("sum %.3f\n", Sum);
  return 0;
}
