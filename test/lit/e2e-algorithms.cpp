// Standard algorithms on whole distributed arrays (and parts of them) in
// replicated code, with their sequential results: fill, copy (aligned,
// between mappings, shifted), transform (one and two sources, in place),
// count, count_if, equal, accumulate and reduce (floating point: the
// sequential order, bit for bit, on values whose sum per rank and then
// across ranks differs from it at -n 2, 3, 4; integers: partial values),
// min_element and max_element (value and first position, ties across
// ranks), on block and cyclic arrays, a std::vector and an array
// parameter, and std::swap of two buffers in Jacobi loops, 1-D and 2-D
// (same mapping: the storage), of two vectors, and of two arrays of
// different mappings (the elements).
// REQUIRES: mpi
// RUN: %e2e --tmp %t --ranks 1,2,3,4 %s | FileCheck %s
// CHECK: e2e: sequential output: fill
// CHECK: e2e: -n 1: same output
// CHECK: e2e: -n 2: same output
// CHECK: e2e: -n 3: same output
// CHECK: e2e: -n 4: same output
// RUN: %hpfcc --hpf-emit-source %s | %strip_checks | FileCheck %s --check-prefix=CODE
// CODE: hpfcc::algo::fill("{{.*}}e2e-algorithms.cpp:{{[0-9]+}}:3", A, 0, A.size(), 0.5);
// CODE: hpfcc::algo::fill("{{.*}}", A, (10), (20), 2.0);
// CODE: hpfcc::algo::copy("{{.*}}", B, 0, B.size(), C, 0);
// CODE: hpfcc::algo::transform("{{.*}}", A, 0, A.size(), B, 0, C, 0,{{ *$}}
// CODE-NEXT: [](double a, double b) { return a * 3 + b; });
// CODE: hpfcc::algo::accumulate("{{.*}}", B, 0, B.size(), 0.0)
// CODE: hpfcc::algo::max_element_value("{{.*}}", B, 0, B.size())
// CODE: hpfcc::algo::min_element_index("{{.*}}", A, 0, A.size())
// CODE: hpfcc::algo::swap_arrays("{{.*}}", Cur, Next);
// RUN: %clang_hpf -fplugin-arg-hpf-remarks %s 2>&1 | FileCheck %s --check-prefix=REMARK
// REMARK: remark: 'std::accumulate' over distributed array 'B': not an integer operation, so computed in the sequential order
// REMARK: remark: 'std::accumulate' over distributed array 'K': integers, each rank's partial value combined with one MPI_Allreduce (exact)
// REMARK: remark: std::swap of distributed arrays 'Cur' and 'Next': their storage is swapped when their mappings agree
#include <algorithm>
#include <cstdio>
#include <functional>
#include <iterator>
#include <numeric>
#include <vector>

constexpr int N = 103;
constexpr int M = 40;
#pragma hpf processors P(*)
double A[N], B[N], C[N];
#pragma hpf distribute A(block) onto P
#pragma hpf distribute B(cyclic(3)) onto P
#pragma hpf distribute C(block) onto P
long K[N];
#pragma hpf distribute K(cyclic) onto P
unsigned long U[N];
#pragma hpf distribute U(cyclic(5)) onto P
double Cur[M], Next[M];
#pragma hpf distribute Cur(block) onto P
#pragma hpf distribute Next(block) onto P
double G[8][6], H[8][6];
#pragma hpf distribute G(block, *) onto P
#pragma hpf distribute H(block, *) onto P

// A hash of the elements in order (replicated code: element reads).
double hash(const double (&X)[N]) {
  double h = 0;
  for (int i = 0; i < N; ++i)
    h = h * 1.0000001 + X[i];
  return h;
}

// An array parameter (inherited mapping).
double total(const double (&X)[N]) {
  return std::accumulate(std::begin(X), std::end(X), 0.0);
}

bool positive(double x) { return x > 0; }

int main() {
  std::fill(std::begin(A), std::end(A), 0.5);
  std::fill(A + 10, A + 20, 2.0);
  std::printf("fill %.17g %ld\n", hash(A),
              (long)std::count(std::begin(A), std::end(A), 2.0));
#pragma hpf independent
  for (int i = 0; i < N; ++i)
    B[i] = 1.0 / (i + 1) + (i % 4 == 1 ? 3e15 : 0.0) - (i % 4 == 2 ? 3e15 : 0.0);
  std::copy(std::begin(B), std::end(B), std::begin(C));
  std::printf("copy %.17g equal %d\n", hash(C),
              (int)std::equal(std::begin(B), std::end(B), std::begin(C)));
  std::transform(std::begin(A), std::end(A), std::begin(B), std::begin(C),
                 [](double a, double b) { return a * 3 + b; });
  std::printf("transform %.17g equal %d\n", hash(C),
              (int)std::equal(std::begin(B), std::end(B), std::begin(C)));
  double s = std::accumulate(std::begin(B), std::end(B), 0.0);
  double r = std::reduce(std::begin(B), std::end(B));
  std::printf("sums %.17g %.17g %.17g %.17g\n", s, r, total(B), total(C));
  std::printf("max %.17g min at %ld\n", *std::max_element(std::begin(B), std::end(B)),
              (long)(std::min_element(std::begin(A), std::end(A)) - std::begin(A)));
  std::printf("max at %ld min at %ld\n",
              (long)(std::max_element(A, A + N) - A),
              (long)(std::min_element(std::begin(C), std::end(C),
                                      [](double x, double y) { return x * x < y * y; }) -
                     std::begin(C)));
  // Shifted copy (A[i] = B[i + 1]), in place transform, a part.
  std::copy(B + 1, B + N, A);
  std::transform(std::begin(A), std::end(A) - 1, std::begin(A),
                 [](double x) { return -x; });
  std::printf("shifted %.17g count_if %ld equal_pred %d\n", hash(A),
              (long)std::count_if(std::begin(A), std::end(A), positive),
              (int)std::equal(A, A + 50, B + 1,
                              [](double x, double y) { return x == -y; }));
  std::printf("equal lengths %d\n",
              (int)std::equal(A, A + 10, B, B + 11));
  // Integers: partial values, exact.
#pragma hpf independent
  for (int i = 0; i < N; ++i) {
    K[i] = (i * 2654435761L) % 1000003 - 500000;
    U[i] = 2 * i * 2654435761UL + 1; // odd: the product wraps, never 0
  }
  std::printf("ints %ld %lu %ld %ld\n",
              std::accumulate(std::begin(K), std::end(K), 7L),
              std::accumulate(std::begin(U), std::end(U), 1UL, std::multiplies<>()),
              std::reduce(std::begin(K), std::end(K), 0L, std::bit_xor<>()),
              (long)(std::max_element(std::begin(K), std::end(K)) - std::begin(K)));
  // A vector, n known at run time.
  int n = N - 3;
  std::vector<double> V(n);
#pragma hpf distribute V(cyclic(2)) onto P
  std::fill(V.begin(), V.end(), 1.25);
  std::fill(V.begin() + V.size() / 2, V.end(), 1.5);
  std::transform(V.begin(), V.end(), V.begin(), [](double x) { return x * 2; });
  V[17] = 9;
  V[60] = 9;
  std::printf("vector %.17g %ld at %ld value %.17g\n",
              std::reduce(V.begin(), V.end(), 0.0, std::plus<>()),
              (long)std::count_if(V.begin(), V.end(),
                                  [](double x) { return x > 2.6; }),
              (long)(std::max_element(V.begin(), V.end()) - V.begin()),
              *std::min_element(V.begin(), V.end()));
  // Jacobi with a buffer swap (same mapping: the storage).
  std::fill(std::begin(Cur), std::end(Cur), 0.0);
  std::fill(std::begin(Next), std::end(Next), 0.0);
  Cur[0] = 1;
  Next[0] = 1;
  Cur[M - 1] = -2;
  Next[M - 1] = -2;
  for (int t = 0; t < 30; ++t) {
#pragma hpf independent
    for (int i = 1; i < M - 1; ++i)
      Next[i] = 0.5 * (Cur[i - 1] + Cur[i + 1]);
    std::swap(Cur, Next);
  }
  std::printf("jacobi %.17g %.17g %.17g\n", Cur[M / 2],
              std::accumulate(std::begin(Cur), std::end(Cur), 0.0),
              std::accumulate(std::begin(Next), std::end(Next), 0.0));
  // Two dimensions: the same swap.
#pragma hpf independent
  for (int i = 0; i < 8; ++i)
#pragma hpf independent
    for (int j = 0; j < 6; ++j) {
      G[i][j] = i == 0 ? 1.0 : 0.0;
      H[i][j] = i == 0 ? 1.0 : 0.0;
    }
  for (int t = 0; t < 5; ++t) {
#pragma hpf independent
    for (int i = 1; i < 7; ++i)
#pragma hpf independent
      for (int j = 1; j < 5; ++j)
        H[i][j] = 0.25 * (G[i - 1][j] + G[i + 1][j] + G[i][j - 1] + G[i][j + 1]);
    std::swap(G, H);
  }
  std::printf("jacobi2d %.17g %.17g\n", G[1][2], H[2][3]);
  // Two vectors of one size and mapping.
  std::vector<double> W(n);
#pragma hpf distribute W(cyclic(2)) onto P
  std::swap(V, W);
  std::printf("vectors %.17g %.17g\n", std::accumulate(V.begin(), V.end(), 0.0),
              std::accumulate(W.begin(), W.end(), 0.0));
  // Different mappings: the elements.
  std::swap(A, B);
  std::printf("swapped %.17g %.17g\n", hash(A), hash(B));
  return 0;
}
