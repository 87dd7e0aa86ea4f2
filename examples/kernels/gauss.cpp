// Gaussian elimination with cyclic rows, the classic load-balance case:
// the augmented matrix [A | b] is distributed by rows cyclic over every
// rank, so as the active part shrinks (rows k + 1 .. N - 1 at step k) every
// rank keeps about the same number of rows to update. At step k every row
// i > k reads the pivot row k: the loop over i starts at k + 1, so the nest
// never writes row k, and before the loop the owner of row k broadcasts it
// (one row, not the whole matrix); from the second step on, the owner has
// sent it ahead right after updating it in the step before
// (docs/arrays-and-nests.md, "Rows sent one step ahead"). Back
// substitution reads the solution vector X, an ordinary (replicated)
// array. No pivoting: the matrix is strictly diagonally dominant, so
// elimination without row exchanges is stable. The solution's checksum and the residual (computed from the
// matrix's formula) are printed; the time goes to standard error.
// -DREPS=r solves the system r times (the matrix set up again each time, the
// same solution): a benchmark's length at the same array size.
//   hpfcc -O2 gauss.cpp -o gauss && mpiexec.mpich -n 2 ./gauss
#include <chrono>
#include <cmath>
#include <cstdio>

#ifndef KERNEL_N
#define KERNEL_N 101
#endif
constexpr int N = KERNEL_N; // -DKERNEL_N=...: a macro N would clash
#ifndef REPS
#define REPS 1
#endif

#pragma hpf processors ALL(*)
double M[N][N + 1]; // [A | b]
#pragma hpf distribute M(cyclic, *) onto ALL
double X[N];

// The system: off-diagonal entries in [-0.5, 0.5], a diagonal larger than
// their row's sum, the right-hand side a function of the row.
double entry(int I, int J) {
  if (I == J)
    return N / 2.0 + 1 + (I % 7);
  return double((I * 7 + J * 13) % 11) / 10.0 - 0.5;
}
double rhs(int I) { return 1.0 + (I % 5); }

int main() {
  const auto T0 = std::chrono::steady_clock::now();
  for (int r = 0; r < REPS; ++r) {
#pragma hpf independent
    for (int i = 0; i < N; ++i) {
      for (int j = 0; j < N; ++j)
        M[i][j] = entry(i, j);
      M[i][N] = rhs(i);
    }
    // Forward elimination: row k is the pivot row of step k.
    for (int k = 0; k < N - 1; ++k) {
#pragma hpf independent
      for (int i = k + 1; i < N; ++i) {
        const double F = M[i][k] / M[k][k];
        for (int j = k; j <= N; ++j)
          M[i][j] -= F * M[k][j];
      }
    }
    // Back substitution: X[k] from row k, then column k leaves the other
    // right-hand sides.
    for (int k = N - 1; k >= 0; --k) {
      X[k] = M[k][N] / M[k][k];
#pragma hpf independent
      for (int i = 0; i < k; ++i)
        M[i][N] -= M[i][k] * X[k];
    }
  }
  const double Secs =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - T0)
          .count();
  // Checksum and residual max |A x - b| on every rank, from X alone.
  double Sum = 0, Res = 0;
  for (int i = 0; i < N; ++i) {
    Sum += X[i] * (1 + i % 3);
    double R = -rhs(i);
    for (int j = 0; j < N; ++j)
      R += entry(i, j) * X[j];
    Res = std::fmax(Res, std::fabs(R));
  }
  std::printf("gauss %d: checksum %.12e, residual %s\n", N, Sum,
              Res < 1e-10 ? "below 1e-10" : "TOO LARGE");
  std::fprintf(stderr, "gauss %d: %.3f s\n", N, Secs);
  return 0;
}
