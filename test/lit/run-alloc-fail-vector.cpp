// A distributed std::vector whose size, read at run time, is too large for
// a rank's memory ends the run with a message that names the rank and the
// directive, not with an uncaught std::bad_alloc (as run-alloc-fail.cpp
// does for a fixed-size array; 4 TiB per rank here).
// REQUIRES: mpi
// RUN: %hpfcc -O1 %s -o %t
// RUN: not env MPIEXEC_TIMEOUT=60 %mpiexec -n 2 %t 1099511627776 2>&1 | FileCheck %s
// CHECK: hpfrt: error: rank {{[01]}}: distribute at {{.*}}run-alloc-fail-vector.cpp:[[#@LINE+8]]:1: cannot allocate this rank's part of the array: 549755813888 elements of 8 bytes
#include <cstdio>
#include <cstdlib>
#include <vector>
#pragma hpf processors P(2)
int main(int argc, char **argv) {
  long n = argc > 1 ? std::atol(argv[1]) : 8;
  std::vector<double> V(n);
#pragma hpf distribute V(block) onto P
  V[0] = 1;
  std::printf("%g\n", V[0]);
}
