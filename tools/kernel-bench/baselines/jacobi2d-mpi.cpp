// Hand-written MPI baseline for examples/kernels/jacobi2d.cpp: the same
// sweeps and checksum, rows split in blocks over the ranks, one ghost row
// above and below exchanged with MPI_Sendrecv before each sweep (the
// minimum a row decomposition moves: 2 rows per interior rank per sweep).
// Built with mpicxx.mpich by kernel-bench; not part of the library.
#include <mpi.h>

#include <algorithm>
#include <cstdio>
#include <vector>

#ifndef KERNEL_N
#define KERNEL_N 258
#endif
constexpr int N = KERNEL_N;
#ifndef SWEEPS
#define SWEEPS 20
#endif

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int P, Me;
  MPI_Comm_size(MPI_COMM_WORLD, &P);
  MPI_Comm_rank(MPI_COMM_WORLD, &Me);
  const int B = (N + P - 1) / P, Lo = std::min(N, Me * B),
            Hi = std::min(N, Lo + B), Rows = Hi - Lo;
  // Local rows Lo-1 .. Hi (ghosts at 0 and Rows + 1).
  std::vector<double> In(std::size_t(Rows + 2) * N), Out(In.size());
  auto At = [&](std::vector<double> &V, int I, int J) -> double & {
    return V[std::size_t(I - Lo + 1) * N + std::size_t(J)];
  };
  for (int I = Lo; I < Hi; ++I)
    for (int J = 0; J < N; ++J)
      At(In, I, J) = At(Out, I, J) =
          (I == 0 || J == 0) ? 1.0 : ((I * 7 + J * 3) % 11) * 0.01;
  const int Up = Me > 0 && Rows ? Me - 1 : MPI_PROC_NULL;
  const int Down = Me + 1 < P && Hi < N ? Me + 1 : MPI_PROC_NULL;
  auto Exchange = [&](std::vector<double> &V) {
    MPI_Sendrecv(&V[N], N, MPI_DOUBLE, Up, 0, &V[std::size_t(Rows + 1) * N], N,
                 MPI_DOUBLE, Down, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Sendrecv(&V[std::size_t(Rows) * N], N, MPI_DOUBLE, Down, 1, &V[0], N,
                 MPI_DOUBLE, Up, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  };
  auto Sweep = [&](std::vector<double> &From, std::vector<double> &To) {
    Exchange(From);
    for (int I = std::max(Lo, 1); I < std::min(Hi, N - 1); ++I) {
      const double *U = &At(From, I - 1, 0), *C = &At(From, I, 0),
                   *D = &At(From, I + 1, 0);
      double *O = &At(To, I, 0);
      for (int J = 1; J < N - 1; ++J)
        O[J] = 0.25 * (U[J] + D[J] + C[J - 1] + C[J + 1]);
    }
  };
  for (int S = 0; S < SWEEPS; ++S) {
    Sweep(In, Out);
    Sweep(Out, In);
  }
  double Sum = 0, All = 0;
  for (int I = Lo; I < Hi; ++I)
    for (int J = 0; J < N; ++J)
      Sum += At(In, I, J) * ((I + 2 * J) % 5);
  MPI_Reduce(&Sum, &All, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
  if (Me == 0)
    std::printf("jacobi2d %d %.9e\n", N, All);
  MPI_Finalize();
  return 0;
}
