// Floating-point reductions: with --hpf-reproducible-sums every rank count
// prints the same bits (each iteration's contribution is added exactly,
// mpi/ExactSum.h), also for a nest whose reduction is updated at two levels
// and through `continue`; without it, these sums differ between rank counts
// (the order of additions follows the partition). The 1-D and 2-D sums mix
// magnitudes 1e-8 .. 1e8 so that the order shows in the last digits.
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

constexpr int N = 4099, R = 37, C = 29;
#pragma hpf processors ALL(*)
double A[N];
#pragma hpf distribute A(cyclic(5)) onto ALL
double M[R][C];
#pragma hpf distribute M(block, *) onto ALL

int main() {
#pragma hpf independent
  for (int i = 0; i < N; ++i)
    A[i] = (i % 3 == 0 ? 1e8 : i % 3 == 1 ? 1e-8 : 1.0) / (i + 1);
  double s = 0.125;
  // REMARK: remark: {{.*}}reduction(+: s) adds exactly (reproducible)
#pragma hpf independent reduction(+ : s)
  for (int i = 0; i < N; ++i)
    s += A[i];
  // CODE: hpf::exact_sum [[ACC:__hpf_s_acc[0-9]+]]; const auto [[S0:__hpf_s0_[0-9]+]] = s;
  // CODE: { hpf::exact_term __hpf_s_term{{[0-9_]+}}([[ACC]], s);
  // CODE-NEXT: s += __hpf_A{{[0-9]+}}
  // CODE: s = hpf::allreduce_exact_sum([[ACC]], [[S0]]);
#pragma hpf independent
  for (int i = 0; i < R; ++i)
    for (int j = 0; j < C; ++j)
      M[i][j] = ((i * 7 + j) % 5 == 0 ? 1e8 : 1e-8) / (i + j + 1);
  double t = 0;
#pragma hpf independent reduction(+ : t)
  for (int i = 0; i < R; ++i) {
    if (i % 11 == 10)
      continue;
    t += 1e-3 * i;
    for (int j = 0; j < C; ++j) {
      if (j % 4 == 3)
        continue;
      t += M[i][j];
    }
  }
  // Two levels of a nest, both updating u: each level's iterations are
  // exact terms, the inner ones inside the outer ones.
  double u = 0;
#pragma hpf independent reduction(+ : u)
  for (int i = 0; i < R; ++i) {
    u += 1e7 / (i + 1);
#pragma hpf independent
    for (int j = 0; j < C; ++j)
      u += M[i][j];
  }
  // CODE: { hpf::exact_term __hpf_u_term{{[0-9]+}}_0(__hpf_u_acc{{[0-9]+}}, u);
  // CODE: { hpf::exact_term __hpf_u_term{{[0-9]+}}_1(__hpf_u_acc{{[0-9]+}}, u);
  // CODE-NEXT: u +=
  std::printf("%.17g %.17g %.17g\n", s, t, u);
  return 0;
}
