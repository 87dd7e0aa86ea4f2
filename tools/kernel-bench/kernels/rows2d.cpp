// Kernel for kernel-bench: repeated sweeps of a (block, *) loop nest (each
// rank updates its rows) over a grid that fits in cache per rank.
#include <cstdio>

constexpr int R = 512, C = 256;
#ifndef SWEEPS
#define SWEEPS 10000
#endif
constexpr int Sweeps = SWEEPS;
#pragma hpf processors ALL(*)
double M[R][C];
double W[R][C];
#pragma hpf distribute M(block, *) onto ALL
#pragma hpf distribute W(block, *) onto ALL

int main() {
#pragma hpf independent
  for (int i = 0; i < R; ++i) {
#pragma hpf independent
    for (int j = 0; j < C; ++j) {
      M[i][j] = ((i * 7 + j * 3) % 11) * 0.1;
      W[i][j] = ((i + j) % 3) * 0.01;
    }
  }
  for (int s = 0; s < Sweeps; ++s) {
#pragma hpf independent
    for (int i = 0; i < R; ++i) {
#pragma hpf independent
      for (int j = 0; j < C; ++j)
        M[i][j] = 0.99 * M[i][j] + W[i][j];
    }
  }
  double Sum = 0;
#pragma hpf independent reduction(+ : Sum)
  for (int i = 0; i < R; ++i)
    for (int j = 0; j < C; ++j)
      Sum += M[i][j];
  std::printf("rows2d %.6e\n", Sum);
  return 0;
}
