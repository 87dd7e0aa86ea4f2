// hpfcc example: ADI (alternating direction implicit) sweeps on a 2-D grid.
//
// Each time step solves one tridiagonal system per row (the x sweep), then
// one per column (the y sweep). A sweep runs sequentially along its
// direction, so that direction must be local to one rank: rows are swept
// with U distributed (block, *) (whole rows per rank), columns with U
// distributed (*, block) (whole columns per rank). Between the phases U is
// redistributed -- one all-to-all transpose, planned by the runtime as one
// table over all ranks.
//
// The loop over rows (columns) is independent: hpfcc runs it over the rows
// (columns) the rank owns. The sweep inside it (j - 1, j + 1 along the
// collapsed dimension) stays as written. The source term F keeps (block, *):
// aligned with U in the x sweep (local reads), not in the y sweep, where
// hpfcc reads it from a copy gathered before the loop (see -Rhpf).
//
// Every element is computed by the same operations in the same order as in
// the sequential program, so the output is exactly the same; the checksum is
// an integer (sum of rounded values), independent of the summation order.
//
//   hpfcc -Rhpf examples/adi.cpp -o adi && mpiexec.mpich -n 4 ./adi
//   clang++ examples/adi.cpp && ./a.out          # sequential: same output
#include <cmath>
#include <cstdio>

constexpr int N = 40;    // grid points per direction
constexpr int Steps = 3; // time steps
constexpr double A =
    0.4; // diffusion number: -A u[k-1] + (1 + 2A) u[k] - A u[k+1]

#pragma hpf processors ALL(*)
double U[N][N];
double F[N][N];
#pragma hpf distribute U(*, block) onto ALL
#pragma hpf dynamic U
#pragma hpf distribute F(block, *) onto ALL

int main() {
  // Initial state and source term (owner computes, both levels independent).
#pragma hpf independent
  for (int i = 0; i < N; ++i) {
#pragma hpf independent
    for (int j = 0; j < N; ++j)
      U[i][j] = ((i * 7 + j * 3) % 11) * 0.25;
  }
#pragma hpf independent
  for (int i = 0; i < N; ++i) {
#pragma hpf independent
    for (int j = 0; j < N; ++j)
      F[i][j] = (i == j || i + j == N - 1) ? 0.125 : 0.0;
  }

  const double B = 1 + 2 * A;
  for (int step = 0; step < Steps; ++step) {
    // x sweep: rows are local.
#pragma hpf redistribute U(block, *)
#pragma hpf independent
    for (int i = 0; i < N; ++i) {
      double c[N], d[N]; // Thomas algorithm: forward elimination
      c[0] = -A / B;
      d[0] = (U[i][0] + F[i][0]) / B;
      for (int j = 1; j < N; ++j) {
        double m = B + A * c[j - 1];
        c[j] = -A / m;
        d[j] = (U[i][j] + F[i][j] + A * d[j - 1]) / m;
      }
      U[i][N - 1] = d[N - 1]; // back substitution
      for (int j = N - 2; j >= 0; --j)
        U[i][j] = d[j] - c[j] * U[i][j + 1];
    }
    // y sweep: columns are local.
#pragma hpf redistribute U(*, block)
#pragma hpf independent
    for (int j = 0; j < N; ++j) {
      double c[N], d[N];
      c[0] = -A / B;
      d[0] = (U[0][j] + F[0][j]) / B;
      for (int i = 1; i < N; ++i) {
        double m = B + A * c[i - 1];
        c[i] = -A / m;
        d[i] = (U[i][j] + F[i][j] + A * d[i - 1]) / m;
      }
      U[N - 1][j] = d[N - 1];
      for (int i = N - 2; i >= 0; --i)
        U[i][j] = d[i] - c[i] * U[i + 1][j];
    }
  }

  long long check = 0;
  double peak = 0;
#pragma hpf independent reduction(+ : check) reduction(max : peak)
  for (int i = 0; i < N; ++i) {
#pragma hpf independent
    for (int j = 0; j < N; ++j) {
      check += std::llround(U[i][j] * 1e9) * (1 + (i + 2 * j) % 5);
      peak = std::fmax(peak, U[i][j]);
    }
  }
  std::printf("ADI %dx%d, %d steps: checksum %lld, peak %.12f\n", N, N, Steps,
              check, peak);
  std::printf("U[1][2] = %.12f, U[%d][%d] = %.12f\n", U[1][2], N / 2, N / 3,
              U[N / 2][N / 3]);
  return 0;
}
