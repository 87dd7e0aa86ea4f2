// Heat 1-D: explicit time steps of u_t = u_xx on a block-distributed rod.
// The reads at i - 1 and i + 1 become a halo of one element on each side
// of every rank's block (two neighbours, 16 bytes per rank per step).
//   hpfcc -O2 heat1d.cpp -o heat1d && mpiexec.mpich -n 2 ./heat1d
#include <cstdio>

#ifndef KERNEL_N
#define KERNEL_N 4099
#endif
constexpr int N = KERNEL_N; // -DKERNEL_N=...: a macro N would clash
#ifndef STEPS
#define STEPS 50
#endif

#pragma hpf processors ALL(*)
double U[N];
double V[N];
#pragma hpf distribute U(block) onto ALL
#pragma hpf distribute V(block) onto ALL

int main() {
#pragma hpf independent
  for (int i = 0; i < N; ++i) {
    U[i] = (i > N / 3 && i < 2 * N / 3) ? 100.0 : 0.0;
    V[i] = U[i];
  }
  for (int t = 0; t < STEPS; ++t) {
#pragma hpf independent
    for (int i = 1; i < N - 1; ++i)
      V[i] = U[i] + 0.25 * (U[i - 1] - 2 * U[i] + U[i + 1]);
#pragma hpf independent
    for (int i = 1; i < N - 1; ++i)
      U[i] = V[i] + 0.25 * (V[i - 1] - 2 * V[i] + V[i + 1]);
  }
  double Sum = 0;
#pragma hpf independent reduction(+ : Sum)
  for (int i = 0; i < N; ++i)
    Sum += U[i] * (i % 7);
  std::printf("heat1d %d %.9e\n", N, Sum);
  return 0;
}
