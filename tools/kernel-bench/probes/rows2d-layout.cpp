// rows2d's sweep with its arrays placed at run time: does the data layout
// (not the code) make hpfcc's -n 1 run slower than the sequential build?
// The sweep is one noinline function, so every layout runs the same code.
// Prints "loop <seconds>" (the sweeps only) on stderr.
//
//   clang++-19 -std=c++20 -O2 -I/usr/include/x86_64-linux-gnu/mpich \
//       rows2d-layout.cpp -lmpich -o layout
//   LAYOUT=static ./layout      .bss arrays (the sequential build's)
//   LAYOUT=new ./layout         two aligned operator new[] blocks (hpfcc's
//                               payloads below 4 MiB)
//   LAYOUT=arena OM=0 DW=1048512 ./layout
//                               one page-aligned block, M at OM bytes, W at
//                               OM + DW (here W 64 bytes behind M modulo 4 KB)
//   TOUCH=fill                  first touch array by array (hpfcc's zero
//                               fill), else row by row (the set-up loop)
//   MPI=1                       MPI_Init_thread before the set-up
//   SWEEPS=n, SHOW=1            sweeps; print the addresses
#include <mpi.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <new>

constexpr int R = 512, C = 256;
double GM[R][C];
double GW[R][C];

static long env(const char *N, long D) {
  const char *V = std::getenv(N);
  return V ? std::atol(V) : D;
}

// hpfcc's emitted sweep: __restrict local pointers stated separate and
// 64-byte aligned, a flat row-major index with the segment's offset.
__attribute__((noinline)) static void sweep(double *__restrict Mp,
                                            double *__restrict Wp, long Off,
                                            long Lo, long Hi) {
  double *__restrict const M =
      static_cast<double *>(__builtin_assume_aligned(Mp, 64));
  double *__restrict const W =
      static_cast<double *>(__builtin_assume_aligned(Wp, 64));
  __builtin_assume_separate_storage(M, W);
  for (int i = Lo; i < Hi; ++i) // int, as in the emitted loop
    for (int j = 0; j < C; ++j)
      M[(i + Off) * C + j] = 0.99 * M[(i + Off) * C + j] + W[(i + Off) * C + j];
}

int main(int argc, char **argv) {
  if (env("MPI", 0)) {
    int Provided;
    MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &Provided);
  }
  const long Sweeps = env("SWEEPS", 25000);
  const char *Layout = std::getenv("LAYOUT");
  const std::size_t Bytes = sizeof(double) * R * C;
  double *M, *W;
  if (Layout && !std::strcmp(Layout, "static")) {
    M = &GM[0][0];
    W = &GW[0][0];
  } else if (Layout && !std::strcmp(Layout, "arena")) {
    const long OM = env("OM", 0), DW = env("DW", long(Bytes));
    char *A = static_cast<char *>(std::aligned_alloc(4096, 4 * Bytes + 65536));
    M = reinterpret_cast<double *>(A + 2 * Bytes + OM);
    W = reinterpret_cast<double *>(A + 2 * Bytes + OM + DW);
  } else {
    M = static_cast<double *>(::operator new[](Bytes, std::align_val_t(64)));
    W = static_cast<double *>(::operator new[](Bytes, std::align_val_t(64)));
  }
  const char *Touch = std::getenv("TOUCH");
  if (Touch && !std::strcmp(Touch, "fill")) {
    std::memset(M, 0, Bytes);
    std::memset(W, 0, Bytes);
  }
  for (int i = 0; i < R; ++i)
    for (int j = 0; j < C; ++j) {
      M[i * C + j] = ((i * 7 + j * 3) % 11) * 0.1;
      W[i * C + j] = ((i + j) % 3) * 0.01;
    }
  if (env("SHOW", 0))
    std::fprintf(stderr, "M %p W %p, page offsets %#lx %#lx\n",
                 static_cast<void *>(M), static_cast<void *>(W),
                 reinterpret_cast<unsigned long>(M) & 4095,
                 reinterpret_cast<unsigned long>(W) & 4095);
  volatile long Off = 0, Lo = 0, Hi = R; // run-time values, as in hpfcc
  const auto T0 = std::chrono::steady_clock::now();
  for (long S = 0; S < Sweeps; ++S)
    sweep(M, W, Off, Lo, Hi);
  std::fprintf(
      stderr, "loop %.6f\n",
      std::chrono::duration<double>(std::chrono::steady_clock::now() - T0)
          .count());
  double Sum = 0;
  for (int i = 0; i < R * C; ++i)
    Sum += M[i];
  std::printf("rows2d %.6e\n", Sum);
  if (env("MPI", 0))
    MPI_Finalize();
  return 0;
}
