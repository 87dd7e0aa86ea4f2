// A small generic kernel library, written once as function templates over
// any array type, used on vectors of two mappings (block for the solver's
// vectors, cyclic(8) for a second set), on an int array, and on plain
// (non-distributed) arrays: a few steepest-descent steps for the 1-D
// Laplacian -u'' = f. hpfcc analyses one non-template copy of each
// instantiation called with distributed arrays (the copies inherit the
// arguments' mappings); the calls with plain arrays run the templates as
// written. Built with --hpf-reproducible-sums, the dot products are exact
// sums, so every rank count prints the digits of the sequential program.
#include <cmath>
#include <cstddef>
#include <cstdio>
#include <iterator>

constexpr int N = 2000;

template <class A, class T> void fill(A &x, T v) {
#pragma hpf independent
  for (std::size_t i = 0; i < std::size(x); ++i)
    x[i] = v;
}

template <class A> double dot(const A &x, const A &y) {
  double s = 0;
#pragma hpf independent reduction(+ : s)
  for (std::size_t i = 0; i < std::size(x); ++i)
    s += x[i] * y[i];
  return s;
}

template <class A> void axpy(double a, const A &x, A &y) {
#pragma hpf independent
  for (std::size_t i = 0; i < std::size(x); ++i)
    y[i] = a * x[i] + y[i];
}

template <class A> double normMax(const A &x) {
  double m = 0;
#pragma hpf independent reduction(max : m)
  for (std::size_t i = 0; i < std::size(x); ++i)
    m = std::fabs(x[i]) > m ? std::fabs(x[i]) : m;
  return m;
}

// y = L x for the 1-D Laplacian with zero boundary values.
template <class T, std::size_t M> void laplace(const T (&x)[M], T (&y)[M]) {
#pragma hpf independent
  for (std::size_t i = 1; i < M - 1; ++i)
    y[i] = 2 * x[i] - x[i - 1] - x[i + 1];
  y[0] = 2 * x[0] - x[1];
  y[M - 1] = 2 * x[M - 1] - x[M - 2];
}

template <class T, std::size_t M> T total(const T (&x)[M]) {
  T s = 0;
#pragma hpf independent reduction(+ : s)
  for (std::size_t i = 0; i < M; ++i)
    s += x[i];
  return s;
}

// Steepest descent for L u = f: r = f - L u, u += (r.r / r.Lr) r.
template <class A> void descend(A &u, const A &f, A &r, A &q, int steps) {
  for (int k = 0; k < steps; ++k) {
    laplace(u, q);
    fill(r, 0.0);
    axpy(1.0, f, r);
    axpy(-1.0, q, r);
    laplace(r, q);
    const double alpha = dot(r, r) / dot(r, q);
    axpy(alpha, r, u);
  }
}

#pragma hpf processors P(*)
double U[N], F[N], R[N], Q[N];
#pragma hpf distribute U(block) onto P
#pragma hpf distribute F(block) onto P
#pragma hpf distribute R(block) onto P
#pragma hpf distribute Q(block) onto P
double U2[N], F2[N], R2[N], Q2[N];
#pragma hpf distribute U2(cyclic(8)) onto P
#pragma hpf distribute F2(cyclic(8)) onto P
#pragma hpf distribute R2(cyclic(8)) onto P
#pragma hpf distribute Q2(cyclic(8)) onto P
int Marks[N];
#pragma hpf distribute Marks(cyclic) onto P

int main() {
  static double u[N], f[N], r[N], q[N]; // plain arrays
  fill(U, 0.0);
  fill(F, 1.0 / N);
  fill(U2, 0.0);
  fill(F2, 1.0 / N);
  fill(u, 0.0);
  fill(f, 1.0 / N);
  descend(U, F, R, Q, 12);
  descend(U2, F2, R2, Q2, 12);
  descend(u, f, r, q, 12);
  std::printf("block:      |u| = %.12e  u.f = %.12e\n", normMax(U), dot(U, F));
  std::printf("cyclic(8):  |u| = %.12e  u.f = %.12e\n", normMax(U2),
              dot(U2, F2));
  std::printf("plain:      |u| = %.12e  u.f = %.12e\n", normMax(u), dot(u, f));
  std::printf("sum(u) = %.12e  u[N/2] = %.12e\n", total(U), U[N / 2]);
  fill(Marks, 3);
  std::printf("sum(Marks) = %d\n", total(Marks));
  return 0;
}
