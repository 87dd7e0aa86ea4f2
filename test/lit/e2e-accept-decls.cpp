// Several variables in one declaration: the rewrite splits it, every
// distributed array moves to its directive and the others stay where they
// are (at namespace scope and in a function, static and not).
// REQUIRES: mpi
// RUN: %e2e --tmp %t --ranks 1,2,3,4 %s | FileCheck %s
// RUN: %hpfcc -std=c++20 --hpf-emit-source %s | %strip_checks | FileCheck %s --check-prefix=SRC
// CHECK: e2e: -n 1: same output
// CHECK: e2e: -n 4: same output
#include <cstdio>

constexpr int N = 40;
double A[N], B[N];
// SRC: /* 'A' is declared at its distribute directive */ /* 'B' is declared at its distribute directive */
#pragma hpf distribute A(block)
#pragma hpf distribute B(cyclic)
static int Count = 3, Hist[N], Last = 7;
// SRC: static int Count = 3; /* 'Hist' is declared at its distribute directive */ static int Last = 7;
#pragma hpf distribute Hist(cyclic(2))

double local(int k) {
  double scale = 0.5 * k, L[N],
      M[N];
#pragma hpf distribute L(block)
#pragma hpf distribute M(block)
  double s = 0;
#pragma hpf independent
  for (int i = 0; i < N; ++i) {
    L[i] = i * scale;
    M[i] = L[i] + 1;
  }
#pragma hpf independent reduction(+ : s)
  for (int i = 0; i < N; ++i)
    s += M[i];
  return s;
}

int main() {
#pragma hpf independent
  for (int i = 0; i < N; ++i)
    A[i] = i;
#pragma hpf independent
  for (int i = 0; i < N; ++i)
    Hist[i] = i % Count + Last;
#pragma hpf independent
  for (int i = 0; i < N; ++i)
    B[i] = A[i] * 2;
  long sum = 0;
#pragma hpf independent reduction(+ : sum)
  for (int i = 0; i < N; ++i)
    sum += static_cast<long>(B[i]) + Hist[i];
  std::printf("sum %ld local %.3f B[7] %.1f\n", sum, local(3), B[7]);
  return 0;
}
