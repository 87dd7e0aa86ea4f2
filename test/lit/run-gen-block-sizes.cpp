// gen_block sizes computed at run time that do not sum to the extent stop
// the program on every rank with one line naming the rank and the
// redistribute directive's location (never a silent wrong layout).
// REQUIRES: mpi
// RUN: %hpfcc %s -o %t.exe
// RUN: not %mpiexec -n 2 %t.exe 2>&1 | FileCheck %s
// CHECK: hpfrt: error: rank {{[01]}}: redistribute at {{.*}}run-gen-block-sizes.cpp:[[@LINE+12]]:1: gen_block sizes sum to 11, but the array has 12 elements
// RUN: not %mpiexec -n 2 %t.exe negative 2>&1 | FileCheck %s --check-prefix=NEG
// NEG: hpfrt: error: rank {{[01]}}: redistribute at {{.*}}run-gen-block-sizes.cpp:[[@LINE+10]]:1: gen_block size {{.*}} is negative
#include <vector>
#pragma hpf processors ALL(*)
double A[12];
#pragma hpf distribute A(block) onto ALL
#pragma hpf dynamic A

int main(int argc, char **) {
  std::vector<long> Sizes = {6, argc > 1 ? -1 : 5};
  if (argc > 1) Sizes[0] = 13;
#pragma hpf redistribute A(gen_block(Sizes)) onto ALL
  return 0;
}
