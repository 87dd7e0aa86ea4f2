// NAS Parallel Benchmarks, FT (3-D FFT PDE solver), written for hpfcc from
// the benchmark's specification (NAS reports RNR-94-007 and NPB 2).
//
// FT solves the heat equation du/dt = alpha lap(u) on a periodic
// NX x NY x NZ grid spectrally. The initial field U (complex, from NPB's
// generator, plane by plane) is transformed once (forward 3-D FFT); each
// time step t multiplies the spectrum by exp(-4 alpha pi^2 |k|^2 t), which
// NPB does cumulatively (U0 *= Twiddle), transforms the result back (inverse
// 3-D FFT, unnormalised) and prints a checksum: the sum of 1024 elements at
// (j mod NX, 3j mod NY, 5j mod NZ) over NX NY NZ.
//
// A 3-D FFT is three passes of 1-D FFTs, along x, y and z. With hpfcc the
// planes live in two mappings:
//   U1 (block, *, *)   whole xy-planes per rank: the x and y passes are local
//   U0, U2, Twiddle (*, block, *)   whole xz-planes: the z pass is local
// and each pass declares the mapping it wants for its output (a
// prescriptive `distribute` on the parameter). A pass whose input arrives
// in the other mapping reads it from a copy redistributed before the loop:
// one all-to-all (the transpose of the distributed FFT), nothing when the
// mappings agree. Each 1-D FFT runs whole on one rank, so every rank count
// computes the sequential program's values bit for bit.
//
//   clang++ -std=c++20 -O3 -DCLASS=W ft.cpp -o ft && ./ft
//   hpfcc -O3 -DCLASS=W ft.cpp -o ft && mpiexec.mpich -n 2 ./ft
//
// Class S (the default), W or A; the run time ("Time in seconds", "Mop/s
// total") is the only output that changes from run to run.
#include <chrono>
#include <cmath>
#include <complex>
#include <cstdio>

#include "randdp.h"

#ifndef CLASS
#define CLASS S
#endif
#define FT_STRING2(X) #X
#define FT_STRING(X) FT_STRING2(X)

using Complex = std::complex<double>;

// The problem classes: grid, time steps and the checksums the specification
// gives for each step.
struct ProblemClass {
  char Name;
  int NX, NY, NZ, Steps;
  double Sums[6][2];
};
constexpr ProblemClass Classes[] = {
    {'S', 64, 64, 64, 6,
     {{5.546087004964e+02, 4.845363331978e+02},
      {5.546385409189e+02, 4.865304269511e+02},
      {5.546148406171e+02, 4.883910722336e+02},
      {5.545423607415e+02, 4.901273169046e+02},
      {5.544255039624e+02, 4.917475857993e+02},
      {5.542683411902e+02, 4.932597244941e+02}}},
    {'W', 128, 128, 32, 6,
     {{5.673612178944e+02, 5.293246849175e+02},
      {5.631436885271e+02, 5.282149986629e+02},
      {5.594024089970e+02, 5.270996558037e+02},
      {5.560698047020e+02, 5.260027904925e+02},
      {5.530898991250e+02, 5.249400845633e+02},
      {5.504159734538e+02, 5.239212247086e+02}}},
    {'A', 256, 256, 128, 6,
     {{5.046735008193e+02, 5.114047905510e+02},
      {5.059412319734e+02, 5.098809666433e+02},
      {5.069376896287e+02, 5.098144042213e+02},
      {5.077892868474e+02, 5.101336130759e+02},
      {5.085233095391e+02, 5.104914655194e+02},
      {5.091487099959e+02, 5.107917842803e+02}}},
};
constexpr const ProblemClass *findClass(char Name) {
  for (const ProblemClass &C : Classes)
    if (C.Name == Name)
      return &C;
  return nullptr;
}
constexpr const ProblemClass *Problem = findClass(FT_STRING(CLASS)[0]);
static_assert(Problem, "CLASS must be S, W or A");

constexpr int NX = Problem->NX, NY = Problem->NY, NZ = Problem->NZ;
constexpr int NITER = Problem->Steps;
constexpr long NTOTAL = long{NX} * NY * NZ;
constexpr int MAXDIM = NX > NY ? (NX > NZ ? NX : NZ) : (NY > NZ ? NY : NZ);
constexpr double Seed = 314159265.0;
constexpr double Multiplier = 1220703125.0; // 5^13
constexpr double Pi = 3.141592653589793238;
constexpr double Alpha = 1.0e-6;
constexpr double Epsilon = 1.0e-12; // relative error the verification allows
// Lines transformed together by one 1-D FFT call: the innermost loop runs
// over them, so it vectorises and each pass reads whole cache lines.
constexpr int FFTBLOCK = 16;
static_assert(NX % FFTBLOCK == 0 && NY % FFTBLOCK == 0,
              "the x and y extents must be multiples of FFTBLOCK");

static Complex U0[NZ][NY][NX]; // the spectrum, evolved in place
static Complex U1[NZ][NY][NX]; // xy-planes: initial field, x and y passes
static Complex U2[NZ][NY][NX]; // one step's spectrum, then its z pass
static double Twiddle[NZ][NY][NX]; // exp(-4 alpha pi^2 |k|^2)
#pragma hpf distribute U1(block, *, *)
#pragma hpf distribute U0(*, block, *)
#pragma hpf distribute U2(*, block, *)
#pragma hpf distribute Twiddle(*, block, *)

// Roots[H + P] = exp(i pi P / H) for H = 1, 2, 4, ... < MAXDIM, P < H: the
// twiddle factors of every stage of every FFT length.
static Complex Roots[MAXDIM];
static Complex Sums[NITER + 1];

void computeIndexMap(double Tw[NZ][NY][NX]);
void computeInitialConditions(Complex U[NZ][NY][NX]);
void fftInit();
void fft(int Dir, Complex X[NZ][NY][NX], Complex XOut[NZ][NY][NX],
         Complex Work[NZ][NY][NX]);
void evolve(Complex Spectrum[NZ][NY][NX], Complex Step[NZ][NY][NX],
            const double Tw[NZ][NY][NX]);
void cffts1(int Dir, Complex X[NZ][NY][NX]);
void cffts2(int Dir, const Complex X[NZ][NY][NX], Complex XOut[NZ][NY][NX]);
void cffts3(int Dir, const Complex X[NZ][NY][NX], Complex XOut[NZ][NY][NX]);
void cfftz(int Dir, int LogN, int N, Complex X[][FFTBLOCK],
           Complex Y[][FFTBLOCK]);
int ilog2(int N);
void checksum(int Step, const Complex U[NZ][NY][NX]);
bool verify();
void printResults(bool Verified, double Seconds);

int main() {
  std::printf("\n NAS Parallel Benchmarks (hpfcc example) - FT Benchmark\n\n");
  std::printf(" Size                : %4dx%4dx%4d\n", NX, NY, NZ);
  std::printf(" Iterations          : %7d\n\n", NITER);

  // NPB runs the set-up and the forward transform once untimed, so that the
  // timed run finds every page of the arrays touched.
  computeIndexMap(Twiddle);
  computeInitialConditions(U1);
  fftInit();
  fft(1, U1, U0, U2);

  auto start = std::chrono::steady_clock::now();
  computeIndexMap(Twiddle);
  computeInitialConditions(U1);
  fftInit();
  fft(1, U1, U0, U2);
  for (int step = 1; step <= NITER; step++) {
    evolve(U0, U2, Twiddle);
    fft(-1, U2, U1, U2);
    checksum(step, U1);
  }
  bool verified = verify();
  double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
          .count();
  printResults(verified, seconds);
  return verified ? 0 : 1;
}

// Twiddle[k][j][i] = exp(-4 alpha pi^2 (kbar^2 + jbar^2 + ibar^2)), where
// the bar maps an index to its signed frequency: 0, 1, ..., n/2 - 1, -n/2,
// ..., -1.
void computeIndexMap(double Tw[NZ][NY][NX]) {
#pragma hpf distribute Tw(*, block, *)
  double ap = -4.0 * Alpha * Pi * Pi;
  for (int k = 0; k < NZ; k++) {
    int kk = ((k + NZ / 2) % NZ) - NZ / 2;
#pragma hpf independent
    for (int j = 0; j < NY; j++) {
      int jj = ((j + NY / 2) % NY) - NY / 2;
      for (int i = 0; i < NX; i++) {
        int ii = ((i + NX / 2) % NX) - NX / 2;
        Tw[k][j][i] = std::exp(ap * (double)(ii * ii + jj * jj + kk * kk));
      }
    }
  }
}

// The initial field: NPB's generator from Seed, two numbers (real and
// imaginary part) per element, plane k starting 2 NX NY k numbers on.
void computeInitialConditions(Complex U[NZ][NY][NX]) {
#pragma hpf distribute U(block, *, *)
  double starts[NZ];
  double x0 = Seed;
  double an = advance(1.0, Multiplier, 2L * NX * NY); // a^(2 NX NY)
  starts[0] = x0;
  for (int k = 1; k < NZ; k++) {
    randlc(&x0, an);
    starts[k] = x0;
  }
#pragma hpf independent
  for (int k = 0; k < NZ; k++) {
    double seed = starts[k];
    for (int j = 0; j < NY; j++)
      for (int i = 0; i < NX; i++) {
        double re = randlc(&seed, Multiplier);
        double im = randlc(&seed, Multiplier);
        U[k][j][i] = Complex(re, im);
      }
  }
}

void fftInit() {
  for (int h = 1; h < MAXDIM; h *= 2)
    for (int p = 0; p < h; p++)
      Roots[h + p] = Complex(std::cos(Pi * p / h), std::sin(Pi * p / h));
}

// The 3-D FFT: forward (Dir 1) from X's planes into XOut's, x then y then
// z; inverse (Dir -1) from X's xz-planes into XOut's planes, z then y then
// x. Work is overwritten.
void fft(int Dir, Complex X[NZ][NY][NX], Complex XOut[NZ][NY][NX],
         Complex Work[NZ][NY][NX]) {
  if (Dir == 1) {
    cffts1(1, X);
    cffts2(1, X, X);
    cffts3(1, X, XOut);
  } else {
    cffts3(-1, X, Work);
    cffts2(-1, Work, XOut);
    cffts1(-1, XOut);
  }
}

// One time step: Spectrum *= Twiddle, and Step is a copy of it.
void evolve(Complex Spectrum[NZ][NY][NX], Complex Step[NZ][NY][NX],
            const double Tw[NZ][NY][NX]) {
#pragma hpf distribute Spectrum(*, block, *)
#pragma hpf distribute Step(*, block, *)
#pragma hpf distribute Tw(*, block, *)
  for (int k = 0; k < NZ; k++)
#pragma hpf independent
    for (int j = 0; j < NY; j++)
      for (int i = 0; i < NX; i++) {
        Spectrum[k][j][i] *= Tw[k][j][i];
        Step[k][j][i] = Spectrum[k][j][i];
      }
}

// The x pass: the lines X[k][j][*], FFTBLOCK at a time.
void cffts1(int Dir, Complex X[NZ][NY][NX]) {
#pragma hpf distribute X(block, *, *)
  int logn = ilog2(NX);
#pragma hpf independent
  for (int k = 0; k < NZ; k++) {
    Complex y1[MAXDIM][FFTBLOCK], y2[MAXDIM][FFTBLOCK];
    for (int jj = 0; jj < NY; jj += FFTBLOCK) {
      for (int j = 0; j < FFTBLOCK; j++)
        for (int i = 0; i < NX; i++)
          y1[i][j] = X[k][j + jj][i];
      cfftz(Dir, logn, NX, y1, y2);
      for (int j = 0; j < FFTBLOCK; j++)
        for (int i = 0; i < NX; i++)
          X[k][j + jj][i] = y1[i][j];
    }
  }
}

// The y pass: the lines X[k][*][i], FFTBLOCK at a time, into XOut's planes.
void cffts2(int Dir, const Complex X[NZ][NY][NX], Complex XOut[NZ][NY][NX]) {
#pragma hpf distribute XOut(block, *, *)
  int logn = ilog2(NY);
#pragma hpf independent
  for (int k = 0; k < NZ; k++) {
    Complex y1[MAXDIM][FFTBLOCK], y2[MAXDIM][FFTBLOCK];
    for (int ii = 0; ii < NX; ii += FFTBLOCK) {
      for (int j = 0; j < NY; j++)
        for (int i = 0; i < FFTBLOCK; i++)
          y1[j][i] = X[k][j][i + ii];
      cfftz(Dir, logn, NY, y1, y2);
      for (int j = 0; j < NY; j++)
        for (int i = 0; i < FFTBLOCK; i++)
          XOut[k][j][i + ii] = y1[j][i];
    }
  }
}

// The z pass: the lines X[*][j][i], FFTBLOCK at a time, into XOut's
// xz-planes.
void cffts3(int Dir, const Complex X[NZ][NY][NX], Complex XOut[NZ][NY][NX]) {
#pragma hpf distribute XOut(*, block, *)
  int logn = ilog2(NZ);
#pragma hpf independent
  for (int j = 0; j < NY; j++) {
    Complex y1[MAXDIM][FFTBLOCK], y2[MAXDIM][FFTBLOCK];
    for (int ii = 0; ii < NX; ii += FFTBLOCK) {
      for (int k = 0; k < NZ; k++)
        for (int i = 0; i < FFTBLOCK; i++)
          y1[k][i] = X[k][j][i + ii];
      cfftz(Dir, logn, NZ, y1, y2);
      for (int k = 0; k < NZ; k++)
        for (int i = 0; i < FFTBLOCK; i++)
          XOut[k][j][i + ii] = y1[k][i];
    }
  }
}

// FFTBLOCK FFTs of length N = 2^LogN, one per column of X (X[j][b] is
// element j of line b), unnormalised, with exp(+2 pi i / N) as the root for
// Dir 1 and its conjugate for Dir -1: Stockham's autosort algorithm, each
// stage from one of X and Y into the other; the result ends in X.
void cfftz(int Dir, int LogN, int N, Complex X[][FFTBLOCK],
           Complex Y[][FFTBLOCK]) {
  Complex(*in)[FFTBLOCK] = X;
  Complex(*out)[FFTBLOCK] = Y;
  int stride = 1; // distance between the two halves' butterflies' outputs
  for (int half = N / 2; half >= 1; half /= 2, stride *= 2) {
    for (int p = 0; p < half; p++) {
      Complex w = Roots[half + p];
      double wr = w.real(), wi = Dir == 1 ? w.imag() : -w.imag();
      for (int q = 0; q < stride; q++) {
        Complex *a = in[stride * p + q], *b = in[stride * p + q + N / 2];
        Complex *sum = out[2 * stride * p + q];
        Complex *diff = out[2 * stride * p + stride + q];
        for (int l = 0; l < FFTBLOCK; l++) {
          double dr = a[l].real() - b[l].real(), di = a[l].imag() - b[l].imag();
          sum[l] = Complex(a[l].real() + b[l].real(), a[l].imag() + b[l].imag());
          // (wr + i wi)(dr + i di), written out: std::complex's operator*
          // handles infinities and NaNs through a library call.
          diff[l] = Complex(wr * dr - wi * di, wr * di + wi * dr);
        }
      }
    }
    Complex(*t)[FFTBLOCK] = in;
    in = out;
    out = t;
  }
  if (LogN % 2 == 1)
    for (int j = 0; j < N; j++)
      for (int l = 0; l < FFTBLOCK; l++)
        X[j][l] = Y[j][l];
}

int ilog2(int N) {
  int lg = 0;
  while ((1 << lg) < N)
    lg++;
  return lg;
}

// The sum of 1024 elements spread over the grid, over NX NY NZ.
void checksum(int Step, const Complex U[NZ][NY][NX]) {
  double re = 0.0, im = 0.0;
  for (int j = 1; j <= 1024; j++) {
    int q = j % NX, r = (3 * j) % NY, s = (5 * j) % NZ;
    Complex v = U[s][r][q];
    re += v.real();
    im += v.imag();
  }
  Sums[Step] = Complex(re / (double)NTOTAL, im / (double)NTOTAL);
  std::printf(" T =%5d     Checksum =%22.12e%22.12e\n", Step,
              Sums[Step].real(), Sums[Step].imag());
}

bool verify() {
  bool ok = true;
  for (int step = 1; step <= NITER; step++) {
    Complex ref(Problem->Sums[step - 1][0], Problem->Sums[step - 1][1]);
    if (!(std::abs((Sums[step] - ref) / ref) <= Epsilon))
      ok = false;
  }
  std::printf(" Result verification %s\n", ok ? "successful" : "failed");
  return ok;
}

// NPB's closing block, with NPB's operation count for FT. Time and Mop/s are
// the only lines that change from run to run.
void printResults(bool Verified, double Seconds) {
  double n = (double)NTOTAL;
  double mops = 1.0e-6 * n *
                (14.8157 + 7.19641 * std::log(n) +
                 (5.23518 + 7.21113 * std::log(n)) * NITER) /
                Seconds;
  std::printf("\n FT Benchmark Completed.\n");
  std::printf(" Class           = %24c\n", Problem->Name);
  std::printf(" Size            = %12dx%4dx%4d\n", NX, NY, NZ);
  std::printf(" Iterations      = %24d\n", NITER);
  std::printf(" Time in seconds = %24.2f\n", Seconds);
  std::printf(" Mop/s total     = %24.2f\n", mops);
  std::printf(" Operation type  = %24s\n", "floating point");
  std::printf(" Verification    = %24s\n",
              Verified ? "SUCCESSFUL" : "UNSUCCESSFUL");
}
