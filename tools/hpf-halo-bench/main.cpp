//===- tools/hpf-halo-bench/main.cpp - halo vs gather for a stencil sweep -===//
//
// Times one sweep of B[i] = (A[i - 1] + A[i] + A[i + 1]) / 3 over block
// arrays, i in [1, N - 1), in the two shapes hpfcc generates:
//   gather: const std::vector<double> All = A.gather();  ... All[i - 1] ...
//   halo:   const hpf::halo<double> H(A, B, 1, N - 1, -1, 1); ... H[i - 1] ...
// both followed by the owner-computes loop over hpfcc::owned_segments. Each
// figure is the median over --reps sweeps (every sweep starts after a
// barrier and ends with the slowest rank: MPI_Allreduce of the times). The
// two results are compared element by element (exit 1 if they differ).
//
//   mpiexec.mpich -n 2 hpf-halo-bench [--n 4096,65536,1048576] [--reps 20]
//
//===----------------------------------------------------------------------===//
#include "hpfcc/segments.h"
#include "mpi/hpfrt.h"

#include <CLI/CLI.hpp>
#include <mpi.h>

#include <algorithm>
#include <cstdio>
#include <vector>

namespace {

double now() { return MPI_Wtime(); }

double median(std::vector<double> V) {
  std::sort(V.begin(), V.end());
  return V[V.size() / 2];
}

// The sweep with reads through `R` (a gathered vector or a halo).
template <class Reads>
void sweep(const Reads &R, hpf::darray<double> &B, hpf::index_t N) {
  double *__restrict const Out = B.local_data();
  for (const hpfcc::segment S : hpfcc::owned_segments(B, 0, 1, N - 1))
    for (hpf::index_t I = S.lo; I < S.hi; ++I)
      Out[I + S.off] = (R[I - 1] + R[I] + R[I + 1]) / 3;
}

double slowest(double Seconds) { return hpf::allreduce_max(Seconds); }

} // namespace

int main(int argc, char **argv) {
  hpf::init(&argc, &argv);
  CLI::App App{"hpf-halo-bench: a 1-D stencil sweep with a halo exchange "
               "against a gathered copy"};
  std::vector<long> Sizes = {4096, 65536, 1048576};
  int Reps = 20;
  App.add_option("--n", Sizes, "array sizes (elements)")->delimiter(',');
  App.add_option("--reps", Reps, "sweeps per figure")
      ->check(CLI::PositiveNumber);
  try {
    App.parse(argc, argv);
  } catch (const CLI::ParseError &E) {
    int Rc = App.exit(E);
    hpf::finalize();
    return Rc;
  }
  int Bad = 0;
  if (hpf::is_root())
    std::printf("%10s %6s %14s %14s %10s\n", "N", "ranks", "gather (us)",
                "halo (us)", "ratio");
  for (long N : Sizes) {
    if (N < 3) {
      if (hpf::is_root())
        std::fprintf(stderr, "hpf-halo-bench: --n must be at least 3\n");
      return 2;
    }
    hpf::darray<double> A(N, hpf::block()), B1(N, hpf::block()),
        B2(N, hpf::block());
    for (hpf::index_t G : A.owned())
      A[G] = double(G % 1000) * 0.5;
    std::vector<double> TG, TH;
    for (int R = 0; R < Reps; ++R) {
      hpf::barrier();
      double T0 = now();
      {
        const std::vector<double> All = A.gather();
        sweep(All, B1, N);
      }
      TG.push_back(slowest(now() - T0));
      hpf::barrier();
      T0 = now();
      {
        const hpf::halo<double> H(A, B2, 1, N - 1, -1, 1);
        sweep(H, B2, N);
      }
      TH.push_back(slowest(now() - T0));
    }
    for (hpf::index_t L = 0; L < B1.local_size(); ++L)
      Bad += B1.local_data()[L] != B2.local_data()[L];
    double G = median(TG) * 1e6, H = median(TH) * 1e6;
    if (hpf::is_root())
      std::printf("%10ld %6d %14.1f %14.1f %9.1fx\n", N, hpf::nranks(), G, H,
                  G / H);
  }
  Bad = hpf::allreduce_sum(Bad);
  if (Bad && hpf::is_root())
    std::fprintf(stderr,
                 "hpf-halo-bench: halo and gather sweeps differ at "
                 "%d elements\n",
                 Bad);
  return Bad ? 1 : 0;
}
