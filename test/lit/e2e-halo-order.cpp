// A stencil read through a halo runs each rank's interior iterations first,
// while the neighbours' elements travel (docs/halos.md), unless the order
// of a rank's iterations can show: an iteration that throws stops the
// rank at its first exception, and the ranks agree on the first in the
// loop's order, so a rank must meet its throws in that order. Here rank
// 1 of 2 owns an edge iteration (10, it reads X[9]) and an interior one
// (12) that both throw: the sequential program and every rank count
// catch the one at 10. A loop that cannot throw keeps the interior first,
// also with a minimum that records where it was first reached (equal
// minima at 10 and 12: the location is 10 on every rank count, as the
// comparison breaks ties by the iteration's place in the sequential
// order, mpi/LocReduce.h).
// REQUIRES: mpi
// RUN: %e2e --tmp %t --ranks 1,2,3,4 %s | FileCheck %s
// CHECK: e2e: sequential output: caught: bad sum at 10
// CHECK-NEXT: min -100.0 first at 10
// CHECK: e2e: -n 1: same output
// CHECK: e2e: -n 2: same output
// CHECK: e2e: -n 3: same output
// CHECK: e2e: -n 4: same output
// RUN: %hpfcc --hpf-emit-source %s -o - | FileCheck %s --check-prefix=GEN
// GEN: hpf::halo_split_runs(hpf::in_order,
// GEN: hpf::halo_split_runs(__hpf_seg
// GEN: hpf::halo_split_runs(__hpf_seg
#include <cstdio>
#include <stdexcept>
#include <string>

constexpr int N = 20;
double X[N], Y[N];
#pragma hpf distribute X(block)
#pragma hpf distribute Y(block)

double checked(double V, int I) {
  if (V < 0)
    throw std::runtime_error("bad sum at " + std::to_string(I));
  return V;
}

int main() {
#pragma hpf independent
  for (int i = 0; i < N; ++i)
    X[i] = i == 11 ? -100.0 : i;
  try {
#pragma hpf independent
    for (int i = 1; i < N - 1; ++i)
      Y[i] = checked(X[i - 1] + X[i + 1], i);
    std::printf("all fine\n");
  } catch (const std::exception &E) {
    std::printf("caught: %s\n", E.what());
  }
  double Best = 1e30;
  int Where = -1;
#pragma hpf independent reduction(min: Best)
  for (int i = 1; i < N - 1; ++i) {
    const double V = X[i - 1] + X[i + 1] - (i == 10 ? 9 : i == 12 ? 13 : 0);
    Y[i] = V;
    if (V < Best) {
      Best = V;
      Where = i;
    }
  }
  std::printf("min %.1f first at %d\n", Best, Where);
#pragma hpf independent
  for (int i = 1; i < N - 1; ++i)
    Y[i] = X[i - 1] + X[i + 1];
  double S = 0;
  for (int i = 0; i < N; ++i)
    S += Y[i] * (i + 1);
  std::printf("sum %.1f\n", S);
}
