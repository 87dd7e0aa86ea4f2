// One nest writes arrays of different rank whose distributed dimensions
// agree (Reads.cpp, ownedLikeHome): S[i][j] beside U[i][j][k], both over i
// alike, and V[k][i][j] distributed over its dimension 1 like S over its
// dimension 0. The home array is the first one written (S, 2-D); the
// 3-D arrays are written in place, nothing moves. Exact on 1..4 ranks.
// REQUIRES: mpi
// RUN: %e2e --tmp %t --ranks 1,2,3,4 %s | FileCheck %s
// CHECK: e2e: sequential output: sums {{[0-9]+}} {{[0-9]+}}
// CHECK: e2e: -n 1: same output
// CHECK: e2e: -n 2: same output
// CHECK: e2e: -n 3: same output
// CHECK: e2e: -n 4: same output
// RUN: %hpfcc -Rhpf -fsyntax-only %s 2>&1 | FileCheck %s --check-prefix=REMARK
// REMARK: remark: 'U' is written in place: dimension 0 of 'U' like dimension 0 of 'S', so every element an iteration uses is owned by its rank
// REMARK: remark: 'V' is written in place: dimension 1 of 'V' like dimension 0 of 'S', so every element an iteration uses is owned by its rank
// REMARK: remark: independent loop nest over 'S' ((block, *) onto all ranks)
#include <cstdio>

constexpr int N = 9, M = 6, K = 5;
double S[N][M];
double U[N][M][K];
double V[K][N][M];
#pragma hpf distribute S(block, *)
#pragma hpf distribute U(block, *, *)
#pragma hpf distribute V(*, block, *)

int main() {
#pragma hpf independent
  for (int i = 0; i < N; ++i)
#pragma hpf independent
    for (int j = 0; j < M; ++j) {
      S[i][j] = i + 0.5 * j;
#pragma hpf independent
      for (int k = 0; k < K; ++k) {
        U[i][j][k] = S[i][j] * k;
        V[k][i][j] = U[i][j][k] + S[i][j];
      }
    }
  long T = 0, W = 0;
#pragma hpf independent reduction(+ : T, W)
  for (int i = 0; i < N; ++i)
    for (int j = 0; j < M; ++j)
      for (int k = 0; k < K; ++k) {
        T += long(4 * U[i][j][k]) * (i + 1);
        W += long(2 * V[k][i][j]) * (j + 1);
      }
  std::printf("sums %ld %ld\n", T, W);
  return 0;
}
