// hpfcc example: a 2-D transform by the transpose method (as a 2-D FFT).
//
// A 2-D transform of X[R][C] is a 1-D transform of every row followed by a
// 1-D transform of every column. Each 1-D transform needs its whole row
// (column) on one rank: the row phase runs with X distributed (block, *),
// then X is redistributed to (*, block) -- the "transpose", one all-to-all
// planned by the runtime as one table over all ranks -- and the column
// phase runs on whole columns.
//
// The 1-D transform is a number-theoretic DFT, Y[k] = sum_j X[j] W^(jk)
// modulo the prime 998244353, so every value is an exact integer and the
// output does not depend on the number of ranks.
//
//   hpfcc -Rhpf examples/transpose.cpp -o transpose && mpiexec.mpich -n 4
//   ./transpose clang++ examples/transpose.cpp && ./a.out          #
//   sequential: same output
#include <cstdio>

constexpr int R = 24, C = 36;
constexpr long long Mod = 998244353;

#pragma hpf processors ALL(*)
long long X[R][C];
#pragma hpf distribute X(block, *) onto ALL
#pragma hpf dynamic X

/// Powers of a root of unity-like base for an n-point transform, mod Mod.
static void powers(long long base, int n, long long *out) {
  out[0] = 1;
  for (int k = 1; k < n * n; ++k)
    out[k] = out[k - 1] * base % Mod;
}

int main() {
  static long long WR[R * R], WC[C * C]; // W^(jk) at index j * k
  powers(3, C, WC);
  powers(5, R, WR);

#pragma hpf independent
  for (int i = 0; i < R; ++i) {
#pragma hpf independent
    for (int j = 0; j < C; ++j)
      X[i][j] = (i * 131 + j * 71 + i * j) % 1000;
  }

  // Row phase: every row is local under (block, *).
#pragma hpf independent
  for (int i = 0; i < R; ++i) {
    long long t[C];
    for (int k = 0; k < C; ++k) {
      long long s = 0;
      for (int j = 0; j < C; ++j)
        s = (s + X[i][j] * WC[j * k]) % Mod;
      t[k] = s;
    }
    for (int k = 0; k < C; ++k)
      X[i][k] = t[k];
  }

  // The transpose: every column becomes local.
#pragma hpf redistribute X(*, block) onto ALL

  // Column phase.
#pragma hpf independent
  for (int j = 0; j < C; ++j) {
    long long t[R];
    for (int k = 0; k < R; ++k) {
      long long s = 0;
      for (int i = 0; i < R; ++i)
        s = (s + X[i][j] * WR[i * k]) % Mod;
      t[k] = s;
    }
    for (int k = 0; k < R; ++k)
      X[k][j] = t[k];
  }

  long long check = 0, top = 0;
#pragma hpf independent reduction(+ : check) reduction(max : top)
  for (int i = 0; i < R; ++i) {
#pragma hpf independent
    for (int j = 0; j < C; ++j) {
      check += X[i][j] % 1000003 * (i + 1);
      top = X[i][j] > top ? X[i][j] : top;
    }
  }
  std::printf("2-D transform of %dx%d: checksum %lld, largest %lld\n", R, C,
              check, top);
  std::printf("X[0][0] = %lld, X[1][2] = %lld, X[%d][%d] = %lld\n", X[0][0],
              X[1][2], R - 1, C - 1, X[R - 1][C - 1]);
  return 0;
}
