// Functions declared before they are defined (prototypes at the top, main
// first, bodies after: the shape of the NAS Parallel Benchmarks) that take
// distributed arrays: every declaration in this file gets the parameter's
// new type, as the definition does. Named and unnamed parameters, names
// that differ between prototype and definition, static and inline
// prototypes, default arguments on the prototype only, a declaration
// repeated before and after the body, `double x[N]` (a pointer), pointer +
// size (an unnamed `const double *const`), 2-D references, and prototyped
// functions called from other functions (one passes its parameter on).
// REQUIRES: mpi
// RUN: %e2e --tmp %t --ranks 1,2,3,4 %s | FileCheck %s
// CHECK: e2e: -n 1: same output
// CHECK: e2e: -n 2: same output
// CHECK: e2e: -n 3: same output
// CHECK: e2e: -n 4: same output
// RUN: %hpfcc --hpf-emit-source %s | %strip_checks | FileCheck %s --check-prefix=SRC
// SRC: void scale(hpf::darray<double> &x, hpf::darray<double> &y, double f);
// SRC: double total(hpf::darray<double> &x);
// SRC: void axpy(hpf::darray<double> &, hpf::darray<double> &, double);
// SRC: static void shift(hpf::darray<double> &);
// SRC: inline double dot(hpf::darray<double> &u, hpf::darray<double> &v);
// SRC: void fill(hpf::darray<double> &x, double v = 1.5, int k = 3);
// SRC: double head(hpf::darray<double> &, int = N);
// SRC: void smooth(hpf::darray<double, 2> &, hpf::darray<double, 2> &out);
// SRC: double total(hpf::darray<double> &again);
#include <cstdio>

constexpr int N = 64;
constexpr int M = 12;
#pragma hpf processors ALL(*)
double A[N], B[N], C[N];
#pragma hpf distribute A(block)
#pragma hpf distribute B(block)
#pragma hpf distribute C(cyclic(3)) onto ALL
double U[M][M], V[M][M];
#pragma hpf distribute U(block, *)
#pragma hpf distribute V(*, cyclic)

void scale(double x[N], double y[N], double f);
double total(const double x[N]);
void axpy(double[N], const double[N], double);
static void shift(double (&)[N]);
inline double dot(const double (&u)[N], const double (&v)[N]);
void fill(double (&x)[N], double v = 1.5, int k = 3);
double head(const double *const, int = N);
void smooth(const double (&)[M][M], double (&out)[M][M]);
double step(double (&z)[N]);
double total(const double x[N]);

int main() {
#pragma hpf independent
  for (int i = 0; i < N; ++i)
    A[i] = i;
  scale(A, B, 2.0);
  std::printf("%g\n", total(B));
  axpy(C, A, 0.5);
  axpy(C, B, -1);
  std::printf("%g %g\n", total(C), dot(B, C));
  fill(C);
  std::printf("%g %g\n", total(C), head(C));
  fill(A, -2, 5);
  std::printf("%g %g\n", head(A, N / 2), step(B));
#pragma hpf independent
  for (int i = 0; i < M; ++i)
#pragma hpf independent
    for (int j = 0; j < M; ++j)
      U[i][j] = i * M + j;
  smooth(U, V);
  double s = 0;
  for (int i = 0; i < M; ++i)
    s += V[i][(i * 5) % M] * (i + 1);
  std::printf("%g\n", s);
}

void scale(double x[N], double y[N], double f) {
#pragma hpf independent
  for (int i = 0; i < N; ++i)
    y[i] = f * x[i];
}

double total(const double x[N]) {
  double s = 0;
#pragma hpf independent reduction(+ : s)
  for (int i = 0; i < N; ++i)
    s += x[i];
  return s;
}

// Named here, unnamed in the prototype.
void axpy(double y[N], const double x[N], double a) {
#pragma hpf independent
  for (int i = 0; i < N; ++i)
    y[i] += a * x[i];
}

static void shift(double (&w)[N]) {
  double first = w[0];
  for (int i = 0; i < N - 1; ++i)
    w[i] = w[i + 1];
  w[N - 1] = first;
}

// Named differently in the prototype (u, v).
inline double dot(const double (&a)[N], const double (&b)[N]) {
  double s = 0;
#pragma hpf independent reduction(+ : s)
  for (int i = 0; i < N; ++i)
    s += a[i] * b[i];
  return s;
}

// The default arguments are on the prototype only.
void fill(double (&x)[N], double v, int k) {
#pragma hpf independent
  for (int i = 0; i < N; ++i)
    x[i] = v * (i % k);
}

double head(const double *p, int n) {
  double s = 0;
#pragma hpf independent reduction(+ : s)
  for (int i = 0; i < n; ++i)
    s += p[i] * (i % 7);
  return s;
}

void smooth(const double (&in)[M][M], double (&out)[M][M]) {
#pragma hpf independent
  for (int i = 0; i < M; ++i)
#pragma hpf independent
    for (int j = 0; j < M; ++j)
      out[i][j] = in[i][j] + (i > 0 ? in[i - 1][j] : 0) +
                  (j + 1 < M ? in[i][j + 1] : 0);
}

// Called from main, calls prototyped functions and passes its parameter on.
double step(double (&z)[N]) {
  shift(z);
  scale(z, C, 0.25);
  return total(z) + dot(z, C) + z[3];
}

// Declared again after its body.
double total(const double again[N]);
