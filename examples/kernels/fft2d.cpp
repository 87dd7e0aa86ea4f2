// 2-D FFT by transposes: a complex N x N array (real and imaginary parts in
// two arrays) is transformed by a radix-2 FFT of every row while the arrays
// are distributed by rows (block, *), then redistributed to (*, block) --
// the transpose, one all-to-all -- and transformed by an FFT of every
// column (scaled by 1 / N). Each 1-D FFT runs whole on one rank, in the
// sequential order of operations, so the output equals the sequential
// build's bit for bit; the checksum is a sum of rounded integers (the same
// whatever order the ranks' parts combine in). One transform per run: a
// redistribute inside a repetition loop makes the mapping at the row phase
// depend on control flow, and the row phase's reads Re[i][k] are then
// rejected. Each phase copies its row (column) into local arrays in
// bit-reversed order and calls butterflies() on those: the reversal needs a
// permuted copy, and columns under (*, block) are not contiguous (passing the
// row `Re[i]` itself, a pointer into the rank's storage, would not make the
// row phase simpler). -DREPS=r transforms each
// row and column r times from the same input (the same output): a
// benchmark's length at the same array size, without a redistribution per
// repetition.
//   hpfcc -O2 fft2d.cpp -o fft2d && mpiexec.mpich -n 2 ./fft2d
#include <chrono>
#include <cmath>
#include <cstdio>

#ifndef KERNEL_N
#define KERNEL_N 64
#endif
constexpr int N = KERNEL_N; // a power of 2; -DKERNEL_N=...
static_assert(N >= 2 && (N & (N - 1)) == 0, "N is a power of 2");
#ifndef REPS
#define REPS 1
#endif

#pragma hpf processors ALL(*)
double Re[N][N], Im[N][N];
#pragma hpf distribute Re(block, *) onto ALL
#pragma hpf distribute Im(block, *) onto ALL
#pragma hpf dynamic Re, Im

double Wr[N / 2], Wi[N / 2]; // e^(-2 pi i m / N), every rank
int Rev[N];                  // bit reversal of log2(N) bits

// The radix-2 butterflies of an N-point FFT, in place, on data in
// bit-reversed order (a local copy of one row or column).
void butterflies(double *Tr, double *Ti) {
  for (int Len = 2; Len <= N; Len <<= 1) {
    const int Half = Len / 2, Step = N / Len;
    for (int S = 0; S < N; S += Len)
      for (int m = 0; m < Half; ++m) {
        const int A = S + m, B = A + Half;
        const double Xr = Tr[B] * Wr[m * Step] - Ti[B] * Wi[m * Step];
        const double Xi = Tr[B] * Wi[m * Step] + Ti[B] * Wr[m * Step];
        Tr[B] = Tr[A] - Xr;
        Ti[B] = Ti[A] - Xi;
        Tr[A] += Xr;
        Ti[A] += Xi;
      }
  }
}

int main() {
  int Bits = 0;
  while ((1 << Bits) < N)
    ++Bits;
  for (int m = 0; m < N / 2; ++m) {
    Wr[m] = std::cos(2 * M_PI * m / N);
    Wi[m] = -std::sin(2 * M_PI * m / N);
  }
  for (int k = 0; k < N; ++k) {
    int R = 0;
    for (int b = 0; b < Bits; ++b)
      R |= ((k >> b) & 1) << (Bits - 1 - b);
    Rev[k] = R;
  }
#pragma hpf independent
  for (int i = 0; i < N; ++i) {
#pragma hpf independent
    for (int j = 0; j < N; ++j) {
      Re[i][j] = std::sin(0.1 * i + 0.03 * j * j) + (i * j % 5) * 0.25;
      Im[i][j] = std::cos(0.07 * j - 0.2 * i) * 0.5;
    }
  }
  const auto T0 = std::chrono::steady_clock::now();
  // Row FFTs: every row is local under (block, *).
#pragma hpf independent
  for (int i = 0; i < N; ++i) {
    double Tr[N], Ti[N];
    for (int r = 0; r < REPS; ++r) {
      for (int k = 0; k < N; ++k) {
        Tr[Rev[k]] = Re[i][k];
        Ti[Rev[k]] = Im[i][k];
      }
      butterflies(Tr, Ti);
    }
    for (int k = 0; k < N; ++k) {
      Re[i][k] = Tr[k];
      Im[i][k] = Ti[k];
    }
  }
  // The transpose: every column becomes local.
#pragma hpf redistribute Re(*, block) onto ALL
#pragma hpf redistribute Im(*, block) onto ALL
  // Column FFTs, scaled by 1 / N.
#pragma hpf independent
  for (int j = 0; j < N; ++j) {
    double Tr[N], Ti[N];
    for (int r = 0; r < REPS; ++r) {
      for (int k = 0; k < N; ++k) {
        Tr[Rev[k]] = Re[k][j];
        Ti[Rev[k]] = Im[k][j];
      }
      butterflies(Tr, Ti);
    }
    for (int k = 0; k < N; ++k) {
      Re[k][j] = Tr[k] / N;
      Im[k][j] = Ti[k] / N;
    }
  }
  const double Secs =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - T0)
          .count();
  // Order-independent checks: a sum of rounded integers and a maximum.
  long long Check = 0;
  double Top = 0;
#pragma hpf independent reduction(+ : Check) reduction(max : Top)
  for (int i = 0; i < N; ++i) {
#pragma hpf independent
    for (int j = 0; j < N; ++j) {
      Check += std::llround(Re[i][j] * 1e6) * (1 + (i + 2 * j) % 3) -
               std::llround(Im[i][j] * 1e6) * (1 + (2 * i + j) % 5);
      const double Mag = std::sqrt(Re[i][j] * Re[i][j] + Im[i][j] * Im[i][j]);
      Top = Mag > Top ? Mag : Top;
    }
  }
  std::printf("fft2d %d x %d: checksum %lld, largest %.9e, "
              "X[0][0] = %.9e %+.9ei\n",
              N, N, Check, Top, double(Re[0][0]), double(Im[0][0]));
  std::fprintf(stderr, "fft2d %d: %.3f s\n", N, Secs);
  return 0;
}
