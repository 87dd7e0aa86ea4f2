// Jacobi iteration for the 1-D Poisson problem -u'' = f with u(0) = u(1) =
// 0, run until the largest update falls below a tolerance: the loop count
// is data-dependent, decided by a max reduction that every rank sees. Like
// most production solvers it tests convergence every CheckEvery sweeps.
#include <cmath>
#include <cstdio>

constexpr int N = 31;
constexpr int CheckEvery = 20;
constexpr double Tol = 1e-6;
constexpr int MaxIt = 200000;

#pragma hpf processors P(*)
double U[N];
double UNew[N];
double F[N];
#pragma hpf distribute U(block) onto P
#pragma hpf distribute UNew(block) onto P
#pragma hpf distribute F(block) onto P

int main() {
  const double h = 1.0 / (N - 1);
#pragma hpf independent
  for (int i = 0; i < N; ++i) {
    U[i] = 0.0;
    UNew[i] = 0.0;
    F[i] = std::sin(3.0 * i * h) + 1.0;
  }
  int it = 0;
  double change = 1.0;
  while (change > Tol && it < MaxIt) {
#pragma hpf independent
    for (int i = 1; i < N - 1; ++i)
      UNew[i] = 0.5 * (U[i - 1] + U[i + 1] + h * h * F[i]);
    ++it;
    if (it % CheckEvery != 0) {
#pragma hpf independent
      for (int i = 1; i < N - 1; ++i)
        U[i] = UNew[i];
      continue;
    }
    change = 0.0;
#pragma hpf independent reduction(max : change)
    for (int i = 1; i < N - 1; ++i) {
      change = std::fabs(UNew[i] - U[i]) > change ? std::fabs(UNew[i] - U[i])
                                                  : change;
      U[i] = UNew[i];
    }
  }
  std::printf("converged after %d iterations (last change %.3e)\n", it, change);
  std::printf("u(0.25) %.8f, u(0.5) %.8f, u(0.75) %.8f\n", U[(N - 1) / 4],
              U[(N - 1) / 2], U[3 * (N - 1) / 4]);
}
