// A halo of a (block, *) array read at i + 1 in a nest of one level, its
// columns read at any index by an inner loop that is not a level (a '*'
// dimension held whole). The nest's constant-stride version
// (hpfcc::rows_halo_of) reads the array's local storage for every row, so
// it may run only where the halo reads in place on every rank
// (hpf::halo::in_place). Chosen also when the whole dimension's interior
// is every index, rank 0's last row at -n 2 would read past its block
// instead of the received row (a wrong output).
// REQUIRES: mpi
// RUN: %e2e --tmp %t --ranks 1,2,3 %s | FileCheck %s
// CHECK: e2e: sequential output: rows {{-?[0-9]+}} {{-?[0-9]+}}
// CHECK: e2e: -n 1: same output
// CHECK: e2e: -n 2: same output
// CHECK: e2e: -n 3: same output
#include <cstdio>

constexpr int N = 30, C = 6;
#pragma hpf processors P(*)
long U[N][C], V[N][C];
#pragma hpf distribute U(block, *) onto P
#pragma hpf distribute V(block, *) onto P

int main() {
#pragma hpf independent
  for (int i = 0; i < N; ++i) {
#pragma hpf independent
    for (int j = 0; j < C; ++j) {
      U[i][j] = (i * 5 + j) % 7;
      V[i][j] = 0;
    }
  }
#pragma hpf independent
  for (int i = 0; i < N - 1; ++i) {
    for (int j = 0; j < C; ++j)
      V[i][j] = U[i + 1][j] * 3 - U[i][j];
  }
#pragma hpf independent
  for (int i = 1; i < N; ++i) {
    for (int j = 0; j < C; ++j)
      U[i][j] = V[i - 1][C - 1 - j] + V[i][j];
  }
  long S = 0, T = 0;
  for (int i = 0; i < N; ++i)
    for (int j = 0; j < C; ++j) {
      S = (S * 7 + V[i][j]) % 1000003;
      T = (T * 5 + U[i][j]) % 1000003;
    }
  std::printf("rows %ld %ld\n", S, T);
  return 0;
}
