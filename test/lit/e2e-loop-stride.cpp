// Independent loops with strides other than 1 (`i += 2`, `i += s` with s
// read at run time, `i = i + 3`): each rank runs the indices of the
// progression it owns, in order; reductions over strided loops; block,
// block and cyclic(k) mappings (gen_block: e2e-loop-genblock.cpp); empty ranges; the level of a nest.
// REQUIRES: mpi
// RUN: %e2e --tmp %t --ranks 1,2,3,4 %s | FileCheck %s
// CHECK: e2e: -n 1: same output
// CHECK: e2e: -n 4: same output
#include <cstdio>
#include <cstdlib>

constexpr int N = 37;
#pragma hpf processors P(*)
double A[N];
double B[N];
long C[N];
#pragma hpf distribute A(block) onto P
#pragma hpf distribute B(cyclic(3)) onto P
#pragma hpf distribute C(cyclic(4)) onto P

constexpr int R = 6, K = 11;
double M[R][K];
#pragma hpf distribute M(*, cyclic(2)) onto P

int main(int argc, char **argv) {
  const int s = argc > 5 ? std::atoi(argv[1]) : 5; // a run-time step
  const int lo = argc > 5 ? 0 : 2;
#pragma hpf independent
  for (int i = 0; i < N; ++i)
    A[i] = i * 0.5;
#pragma hpf independent
  for (int i = 0; i < N; ++i)
    B[i] = 100 - i;
#pragma hpf independent
  for (int i = 0; i < N; ++i)
    C[i] = 3 * i;
#pragma hpf independent
  for (int i = 1; i < N; i += 2)
    A[i] = -A[i];
#pragma hpf independent
  for (int i = lo; i <= N - 1; i += s)
    B[i] = B[i] * 2 + 1;
#pragma hpf independent
  for (int i = 0; i < N; i = i + 3)
    C[i] += 1000;
  double sum = 0, prod = 1;
  long mx = -1;
#pragma hpf independent reduction(+ : sum) reduction(max : mx)
  for (int i = 3; i < N; i += 4) {
    sum += A[i] + B[i];
    mx = C[i] > mx ? C[i] : mx;
  }
#pragma hpf independent reduction(* : prod)
  for (int i = 0; i < N; i += 9)
    prod *= B[i] / 50;
  // Empty ranges: start past the bound, bound read at run time.
  const int none = argc > 5 ? 1 : N;
#pragma hpf independent reduction(+ : sum)
  for (int i = none; i < N; i += 2)
    sum += A[i];
#pragma hpf independent
  for (int r = 0; r < R; ++r)
#pragma hpf independent
    for (int c = 1; c < K; c += 3)
      M[r][c] = r * 100 + c;
#pragma hpf independent
  for (int r = 0; r < R; r += 2)
#pragma hpf independent
    for (int c = 0; c < K; c += s)
      M[r][c] = -1;
  double ms = 0;
#pragma hpf independent reduction(+ : ms)
  for (int r = 1; r < R; r += 2)
#pragma hpf independent
    for (int c = 1; c < K; c += 2)
      ms += M[r][c];
  std::printf("sum %.2f prod %.6f max %ld ms %.1f\n", sum, prod, mx, ms);
  for (int i = 0; i < N; ++i)
    std::printf("%d %.1f %.1f %ld\n", i, A[i], B[i], C[i]);
  for (int r = 0; r < R; ++r)
    for (int c = 0; c < K; ++c)
      std::printf("%.0f%c", M[r][c], c + 1 < K ? ' ' : '\n');
  return 0;
}
