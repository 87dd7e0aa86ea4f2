// Conjugate gradient on the 1-D Poisson matrix (tridiagonal: 2 on the
// diagonal, -1 beside it), every vector distributed (block): the
// matrix-vector product reads p at i - 1 .. i + 1 (a halo of one element
// from each neighbour), the dot products are reductions combined across
// ranks. A fixed number of iterations; the residual norm is printed.
//   hpfcc -O2 cg.cpp -o cg && mpiexec.mpich -n 2 ./cg
#include <cmath>
#include <cstdio>

#ifndef KERNEL_N
#define KERNEL_N 400
#endif
constexpr int N = KERNEL_N; // -DKERNEL_N=...: a macro N would clash
#ifndef ITERS
#define ITERS 25
#endif

#pragma hpf processors ALL(*)
// Index 0 and N + 1 are the zero boundary.
double X[N + 2], R[N + 2], P[N + 2], Q[N + 2];
#pragma hpf distribute X(block) onto ALL
#pragma hpf distribute R(block) onto ALL
#pragma hpf distribute P(block) onto ALL
#pragma hpf distribute Q(block) onto ALL

int main() {
  // b = 1 everywhere inside, x0 = 0: r = p = b.
#pragma hpf independent
  for (int i = 0; i < N + 2; ++i) {
    bool In = i > 0 && i <= N;
    X[i] = 0;
    R[i] = In ? 1.0 : 0.0;
    P[i] = R[i];
    Q[i] = 0;
  }
  double Rr = 0;
#pragma hpf independent reduction(+ : Rr)
  for (int i = 1; i <= N; ++i)
    Rr += R[i] * R[i];
  for (int it = 0; it < ITERS; ++it) {
    double Pq = 0;
#pragma hpf independent reduction(+ : Pq)
    for (int i = 1; i <= N; ++i) {
      Q[i] = 2 * P[i] - P[i - 1] - P[i + 1];
      Pq += P[i] * Q[i];
    }
    const double Alpha = Rr / Pq;
    double RrNew = 0;
#pragma hpf independent reduction(+ : RrNew)
    for (int i = 1; i <= N; ++i) {
      X[i] += Alpha * P[i];
      R[i] -= Alpha * Q[i];
      RrNew += R[i] * R[i];
    }
    const double Beta = RrNew / Rr;
    Rr = RrNew;
#pragma hpf independent
    for (int i = 1; i <= N; ++i)
      P[i] = R[i] + Beta * P[i];
  }
  double Sx = 0;
#pragma hpf independent reduction(+ : Sx)
  for (int i = 1; i <= N; ++i)
    Sx += X[i];
  std::printf("cg %d unknowns, %d iterations: residual %.6e, sum of x %.6e\n",
              N, ITERS, std::sqrt(Rr), Sx);
  return 0;
}
