// Inner loops not marked independent that call helpers (analysis/
// LoopProof.cpp): what the calls may do is the effects analysis' answer.
// A helper that writes nothing (an inline function, a `[&]` lambda that
// only reads) keeps the iterations independent, and the loop runs as an
// independent level; a helper that writes a global or may throw does not,
// and the nest runs on every rank, the warning naming the write or the
// throw and the calls that reach it.
// REQUIRES: mpi
// RUN: %e2e --tmp %t --ranks 1,2,3 %s | FileCheck %s
// CHECK: e2e: sequential output: M {{-?[0-9.]+}}
// CHECK: e2e: -n 1: same output
// CHECK: e2e: -n 3: same output
// RUN: %hpfcc -Rhpf -fsyntax-only %s 2>&1 | FileCheck %s --check-prefix=REMARK
#include <cstdio>

constexpr int R = 6, K = 10;
#pragma hpf processors P(*)
double M[R][K], F[R][K];
#pragma hpf distribute M(*, cyclic(2)) onto P
#pragma hpf distribute F(*, cyclic(2)) onto P

inline double sq(double X) { return X * X; }
long Calls = 0;
double counted(double X) {
  ++Calls;
  return X + 1;
}
double checked(double X) {
  if (X < -1e9)
    throw X;
  return X / 2;
}

int main() {
  // REMARK-DAG: [[@LINE+1]]:1: remark: the loop over 'j' is not marked independent, but its iterations are
#pragma hpf independent
  for (int i = 0; i < R; ++i)
    for (int j = 0; j < K; ++j) {
      M[i][j] = sq(i - j) + 0.5 * j;
      F[i][j] = i + j;
    }
  const double Scale = 0.25;
  auto Near = [&](double X) { return X * Scale + sq(X - 1); };
  // REMARK-DAG: [[@LINE+1]]:1: remark: the loop over 'j' is not marked independent, but its iterations are
#pragma hpf independent
  for (int i = 0; i < R; ++i)
    for (int j = 0; j < K; ++j)
      M[i][j] = Near(M[i][j]) + F[i][j];
#pragma hpf independent
  for (int i = 0; i < R; ++i)
    // REMARK-DAG: [[@LINE+1]]:5: warning: the loop over 'j' is not marked independent and its iterations may depend on each other through distributed dimension 1 of 'M', so the nest cannot run in parallel{{.*}}; it is not proven independent: 'Calls' is written at line {{[0-9]+}}, reached through 'counted' (called at line [[@LINE+2]])
    for (int j = 0; j < K; ++j)
      M[i][j] = counted(M[i][j]);
#pragma hpf independent
  for (int i = 0; i < R; ++i)
    // REMARK-DAG: [[@LINE+1]]:5: warning: the loop over 'j' is not marked independent and its iterations may depend on each other through distributed dimension 1 of 'M', so the nest cannot run in parallel{{.*}}; it is not proven independent: it throws at line {{[0-9]+}}, reached through 'checked' (called at line [[@LINE+2]])
    for (int j = 0; j < K; ++j)
      M[i][j] = checked(M[i][j]) - F[i][j];
  double S = 0;
  for (int i = 0; i < R; ++i)
    for (int j = 0; j < K; ++j)
      S += M[i][j] * (i + 1) * (j + 3);
  std::printf("M %.4f calls %ld\n", S, Calls);
  return 0;
}
