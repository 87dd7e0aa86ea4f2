// PRK-style Stencil: a star of radius 2 applied to an N x N grid whose rows
// are distributed (block, *). The reads at i +- 1, i +- 2 become a halo of
// two rows above and below each rank's block; the column offsets need
// nothing (the dimension is not distributed). Out accumulates, In is
// bumped after every iteration, as in the Parallel Research Kernels.
//   hpfcc -O2 stencil.cpp -o stencil && mpiexec.mpich -n 2 ./stencil
#include <cstdio>

#ifndef KERNEL_N
#define KERNEL_N 202
#endif
constexpr int N = KERNEL_N; // -DKERNEL_N=...: a macro N would clash
#ifndef ITERS
#define ITERS 10
#endif

#pragma hpf processors ALL(*)
double In[N][N];
double Out[N][N];
#pragma hpf distribute In(block, *) onto ALL
#pragma hpf distribute Out(block, *) onto ALL

int main() {
  const double W1 = 1.0 / 8, W2 = 1.0 / 16; // PRK weights for radius 2
#pragma hpf independent
  for (int i = 0; i < N; ++i) {
#pragma hpf independent
    for (int j = 0; j < N; ++j) {
      In[i][j] = double(i + j);
      Out[i][j] = 0.0;
    }
  }
  for (int it = 0; it < ITERS; ++it) {
#pragma hpf independent
    for (int i = 2; i < N - 2; ++i) {
#pragma hpf independent
      for (int j = 2; j < N - 2; ++j)
        Out[i][j] += W1 * (In[i][j + 1] - In[i][j - 1]) +
                     W2 * (In[i][j + 2] - In[i][j - 2]) +
                     W1 * (In[i + 1][j] - In[i - 1][j]) +
                     W2 * (In[i + 2][j] - In[i - 2][j]);
    }
#pragma hpf independent
    for (int i = 0; i < N; ++i) {
#pragma hpf independent
      for (int j = 0; j < N; ++j)
        In[i][j] += 1.0;
    }
  }
  double Norm = 0;
#pragma hpf independent reduction(+ : Norm)
  for (int i = 2; i < N - 2; ++i) {
#pragma hpf independent
    for (int j = 2; j < N - 2; ++j)
      Norm += Out[i][j] < 0 ? -Out[i][j] : Out[i][j];
  }
  std::printf("stencil %d %.9e\n", N, Norm / double(N - 4) / double(N - 4));
  return 0;
}
