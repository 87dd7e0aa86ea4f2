// Two translation units: distributed arrays passed to functions defined in
// another file, each file compiled with hpfcc. The header both include
// names the parameters that take distributed arrays (`#pragma hpf
// inherit`); this file declares the functions' hpf::darray overloads
// itself (the header is not rewritten). Pointer and size, references to
// 1-D and 2-D arrays, a std::vector, default arguments, a namespace, and a
// function without the directive called with a plain array.
// REQUIRES: mpi
// RUN: %e2e --tmp %t --ranks 1,2,3,4 --also %S/Inputs/two-files-kernels.cpp %s | FileCheck %s
// RUN: %hpfcc --hpf-emit-source %s | FileCheck %s --check-prefix=REWRITE
// CHECK: e2e: sequential output: axpy: B[39] = 9.00
// CHECK: e2e: -n 1: same output
// CHECK: e2e: -n 2: same output
// CHECK: e2e: -n 3: same output
// CHECK: e2e: -n 4: same output
// REWRITE: namespace kern { double total(hpf::darray<double> &, int, double = 1.0); } namespace kern { void axpy(double, hpf::darray<double> &, hpf::darray<double> &); } namespace kern { double trace(hpf::darray<double, 2> &); } namespace kern { void ramp(hpf::darray<double> &, double); } static void report(
#include "Inputs/two-files.h"

#include <cstdio>
#include <vector>

double X[N], Y[N];
#pragma hpf distribute X(block)
#pragma hpf distribute Y(cyclic(3))
double M[R][C];
#pragma hpf distribute M(block, *)
double Plain[4] = {7, 8, 9, 10};

static void report(const char *What, double V) {
  std::printf("%s %.2f\n", What, V);
}

int main() {
#pragma hpf independent
  for (int i = 0; i < N; ++i) {
    X[i] = i % 7;
    Y[i] = 1.0;
  }
#pragma hpf independent
  for (int i = 0; i < R; ++i)
    for (int j = 0; j < C; ++j)
      M[i][j] = i * 10 + j;
  kern::axpy(2.0, X, Y);
  report("total X", kern::total(X, N));
  report("total Y halved", kern::total(Y, N, 0.5));
  report("first 10 of Y", kern::total(&Y[0], 10));
  report("trace", kern::trace(M));
  std::vector<double> V(25);
#pragma hpf distribute V(block)
  kern::ramp(V, 0.25);
  report("V[24]", V[24]);
  report("first Plain", kern::first(Plain));
}
