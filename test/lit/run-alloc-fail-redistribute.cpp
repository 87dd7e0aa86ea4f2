// A redistribute whose new part is too large for a rank's memory ends the
// run with a message that names the rank and the directive, not with an
// uncaught std::bad_alloc. The address space is capped at 400 MB: the
// block part (128 MB per rank) fits, rank 0's new part (256 MB) does not.
// REQUIRES: mpi
// RUN: %hpfcc -O1 %s -o %t
// RUN: not sh -c 'ulimit -v 400000 && MPIEXEC_TIMEOUT=60 %mpiexec -n 2 %t 33554432' 2>&1 | FileCheck %s
// CHECK: hpfrt: error: rank 0: redistribute at {{.*}}run-alloc-fail-redistribute.cpp:[[#@LINE+12]]:1: cannot allocate this rank's new part of the array: 33554432 elements of 8 bytes
// CHECK-NOT: 1{{$}}
#include <cstdio>
#include <cstdlib>
#include <vector>
#pragma hpf processors P(2)
int main(int argc, char **argv) {
  long n = argc > 1 ? std::atol(argv[1]) : 8;
  std::vector<double> V(n);
#pragma hpf distribute V(block) onto P
#pragma hpf dynamic V
  std::vector<long> S = {n, 0};
#pragma hpf redistribute V(gen_block(S)) onto P
  V[0] = 1;
  std::printf("%g\n", V[0]);
}
