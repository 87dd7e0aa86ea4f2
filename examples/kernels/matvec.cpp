// Matrix-vector product y = M x, M distributed by rows (block, *), x
// replicated (an ordinary array: every rank holds it), y aligned with M's
// rows: every rank computes its rows with no communication at all.
//   hpfcc -O2 matvec.cpp -o matvec && mpiexec.mpich -n 2 ./matvec
#include <cstdio>

#ifndef KERNEL_N
#define KERNEL_N 301
#endif
constexpr int N = KERNEL_N; // -DKERNEL_N=...: a macro N would clash
#ifndef REPS
#define REPS 20
#endif

#pragma hpf processors ALL(*)
double M[N][N];
double Y[N];
#pragma hpf distribute M(block, *) onto ALL
#pragma hpf distribute Y(block) onto ALL
double X[N];

int main() {
  for (int j = 0; j < N; ++j)
    X[j] = 1.0 / (j + 1);
#pragma hpf independent
  for (int i = 0; i < N; ++i) {
#pragma hpf independent
    for (int j = 0; j < N; ++j)
      M[i][j] = double((i * 3 + j * 5) % 17) - 8;
  }
  for (int r = 0; r < REPS; ++r) {
#pragma hpf independent
    for (int i = 0; i < N; ++i) {
      double S = 0;
      for (int j = 0; j < N; ++j)
        S += M[i][j] * X[j];
      Y[i] = S + r;
    }
  }
  double Sum = 0;
#pragma hpf independent reduction(+ : Sum)
  for (int i = 0; i < N; ++i)
    Sum += Y[i] * (i % 3);
  std::printf("matvec %d %.9e\n", N, Sum);
  return 0;
}
