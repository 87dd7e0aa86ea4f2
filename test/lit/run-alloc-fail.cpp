// An array too large for a rank's memory ends the run with a message that
// names the rank and the directive, not with an uncaught std::bad_alloc
// (4 TiB per rank here; the size computation cannot wrap either).
// REQUIRES: mpi
// RUN: %hpfcc -O1 %s -o %t
// RUN: not %mpiexec -n 2 %t 2>&1 | FileCheck %s
// CHECK: hpfrt: error: rank {{[01]}}: distribute at {{.*}}run-alloc-fail.cpp:[[#@LINE+6]]:1: cannot allocate this rank's part of the array: 549755813888 elements of 8 bytes
#include <cstdio>

constexpr long N = 1L << 40;
#pragma hpf processors P(2)
double A[N];
#pragma hpf distribute A(block) onto P

int main() {
  A[0] = 1;
  std::printf("%f\n", A[0] + 0.0);
}
