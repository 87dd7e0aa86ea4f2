// Reproducible sums over multi-dimensional nests: with
// --hpf-reproducible-sums every rank count prints the same bits for a
// (block, block) nest, a (block, block, *) nest with a sequential inner
// loop and with an independent level over the '*' dimension, a (*, block)
// nest, a (block, *) nest whose inner level is the distributed one, and
// nests whose outer body is the inner level's directive (no braces), which
// the exact term of the outer level must enclose. Without it the sums
// differ between rank counts: the data mix magnitudes 1e-8 .. 1e8.
// REQUIRES: mpi
// RUN: %clang_hpf -fplugin-arg-hpf-out=%t.cpp -fplugin-arg-hpf-reproducible-sums -fplugin-arg-hpf-remarks %s 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: %strip_checks %t.cpp | FileCheck %s --check-prefix=CODE
// RUN: %hpfcc --hpf-reproducible-sums %s -o %t.exact
// RUN: %hpfcc %s -o %t.plain
// RUN: rm -f %t.exact.txt %t.plain.txt
// RUN: bash -c 'for n in 1 2 3 4; do MPIEXEC_TIMEOUT=60 %mpiexec -n $n %t.exact >> %t.exact.txt || exit 1; done'
// RUN: bash -c 'for n in 1 2 3 4; do MPIEXEC_TIMEOUT=60 %mpiexec -n $n %t.plain >> %t.plain.txt || exit 1; done'
// RUN: sort -u %t.exact.txt | wc -l | FileCheck %s --check-prefix=ONE
// RUN: sort -u %t.plain.txt | wc -l | FileCheck %s --check-prefix=MANY
// ONE: {{^1$}}
// MANY: {{^[2-4]$}}
#include <cstdio>

constexpr int N = 23, M = 19, K = 3;
#pragma hpf processors G(*, *)
#pragma hpf processors ALL(*)
double U[N][M];
#pragma hpf distribute U(block, block) onto G
double W[N][M][K];
#pragma hpf distribute W(block, block, *) onto G
double C[N][M];
#pragma hpf distribute C(*, block) onto ALL
double R[N][M];
#pragma hpf distribute R(block, *) onto ALL

double value(int i, int j, int k) {
  return ((i * 7 + j * 3 + k) % 5 == 0 ? 1e8 : 1e-8) / (i + j + k + 1);
}

int main() {
#pragma hpf independent
  for (int i = 0; i < N; ++i)
#pragma hpf independent
    for (int j = 0; j < M; ++j)
      U[i][j] = value(i, j, 0);
#pragma hpf independent
  for (int i = 0; i < N; ++i)
#pragma hpf independent
    for (int j = 0; j < M; ++j)
      C[i][j] = value(j, i, 1);
#pragma hpf independent
  for (int i = 0; i < N; ++i)
#pragma hpf independent
    for (int j = 0; j < M; ++j)
      R[i][j] = value(i, j, 2);
#pragma hpf independent
  for (int i = 0; i < N; ++i)
#pragma hpf independent
    for (int j = 0; j < M; ++j)
      for (int k = 0; k < K; ++k)
        W[i][j][k] = value(i, j, k);
  // (block, block), the outer body is the inner directive.
  double s = 0;
  // REMARK: remark: {{.*}}reduction(+: s) adds exactly (reproducible)
#pragma hpf independent reduction(+ : s)
  for (int i = 0; i < N; ++i)
#pragma hpf independent
    for (int j = 0; j < M; ++j)
      s += U[i][j];
  // CODE: hpf::exact_sum [[ACC:__hpf_s_acc[0-9]+]];
  // CODE: for (int i = {{.*}}) { hpf::exact_term __hpf_s_term{{[0-9]+}}_0([[ACC]], s);
  // CODE-NEXT: #pragma hpf independent
  // CODE-NEXT: for (int j = {{.*}}) { hpf::exact_term __hpf_s_term{{[0-9]+}}_1([[ACC]], s);
  // CODE-NEXT: s += __hpf_U
  // CODE: s = hpf::allreduce_exact_sum([[ACC]],
  // (block, block, *) with a sequential innermost loop.
  double w = 0;
#pragma hpf independent reduction(+ : w)
  for (int i = 0; i < N; ++i)
#pragma hpf independent
    for (int j = 0; j < M; ++j)
      for (int k = 0; k < K; ++k)
        w += W[i][j][k];
  // (block, block, *) with three independent levels, updated at two.
  double w3 = 0.5;
#pragma hpf independent reduction(+ : w3)
  for (int i = 0; i < N; ++i)
#pragma hpf independent
    for (int j = 0; j < M; ++j) {
      w3 += 1e-3 * j;
#pragma hpf independent
      for (int k = 0; k < K; ++k)
        w3 += W[i][j][k];
    }
  // (*, block): the inner level is the distributed one.
  double c = 0;
#pragma hpf independent reduction(+ : c)
  for (int i = 0; i < N; ++i)
#pragma hpf independent
    for (int j = 0; j < M; ++j)
      c += C[i][j];
  // (block, *) read by columns: the outer level runs over the '*'
  // dimension, the inner one over the distributed one.
  double r = 0;
#pragma hpf independent reduction(+ : r)
  for (int j = 0; j < M; ++j)
#pragma hpf independent
    for (int i = 0; i < N; ++i)
      r += R[i][j];
  std::printf("%.17g %.17g %.17g %.17g %.17g\n", s, w, w3, c, r);
  return 0;
}
