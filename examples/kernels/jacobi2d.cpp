// Jacobi 2-D: 5-point sweeps over an N x N grid distributed (block, block)
// on a 2-D processor grid chosen from the rank count. The reads at i +- 1
// and j +- 1 become a halo (HPF's shadow regions): each rank receives one
// row or column from each of its grid neighbours before a sweep, no
// corners (the stencil reads none), instead of the whole grid.
//   hpfcc -O2 jacobi2d.cpp -o jacobi2d && mpiexec.mpich -n 4 ./jacobi2d
// Sequential: clang++ -std=c++20 -I"$(hpfcc --print-include-dir)" ...
#include <cstdio>
#include <hpf.h> // hpf::number_of_processors(): 1 in the sequential build

#ifndef KERNEL_N
#define KERNEL_N 258
#endif
constexpr int N = KERNEL_N; // -DKERNEL_N=...: a macro N would clash
#ifndef SWEEPS
#define SWEEPS 20
#endif

/// Grid rows: the largest divisor of the rank count up to its square root.
static int gridRows() {
  int P = hpf::number_of_processors(), R = 1;
  for (int D = 1; D * D <= P; ++D)
    if (P % D == 0)
      R = D;
  return R;
}

int main() {
  const int PR = gridRows();
  const int PC = hpf::number_of_processors() / PR;
#pragma hpf processors G(PR, PC)
  static double In[N][N];
  static double Out[N][N];
#pragma hpf distribute In(block, block) onto G
#pragma hpf distribute Out(block, block) onto G
#pragma hpf independent
  for (int i = 0; i < N; ++i) {
#pragma hpf independent
    for (int j = 0; j < N; ++j) {
      In[i][j] = (i == 0 || j == 0) ? 1.0 : ((i * 7 + j * 3) % 11) * 0.01;
      Out[i][j] = In[i][j];
    }
  }
  for (int s = 0; s < SWEEPS; ++s) {
#pragma hpf independent
    for (int i = 1; i < N - 1; ++i) {
#pragma hpf independent
      for (int j = 1; j < N - 1; ++j)
        Out[i][j] =
            0.25 * (In[i - 1][j] + In[i + 1][j] + In[i][j - 1] + In[i][j + 1]);
    }
#pragma hpf independent
    for (int i = 1; i < N - 1; ++i) {
#pragma hpf independent
      for (int j = 1; j < N - 1; ++j)
        In[i][j] = 0.25 * (Out[i - 1][j] + Out[i + 1][j] + Out[i][j - 1] +
                           Out[i][j + 1]);
    }
  }
  double Sum = 0;
#pragma hpf independent reduction(+ : Sum)
  for (int i = 0; i < N; ++i) {
#pragma hpf independent
    for (int j = 0; j < N; ++j)
      Sum += In[i][j] * ((i + 2 * j) % 5);
  }
  std::printf("jacobi2d %d %.9e\n", N, Sum);
  return 0;
}
