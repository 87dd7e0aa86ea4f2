// A loop step read at run time that would never end the sequential loop
// (0, or the wrong sign for the comparison) stops every rank with the
// directive's location instead of spinning.
// REQUIRES: mpi
// RUN: %hpfcc %s -o %t.exe
// RUN: echo 0 | not env MPIEXEC_TIMEOUT=60 %mpiexec -n 2 %t.exe 2>&1 | FileCheck %s
// RUN: echo -2 | not env MPIEXEC_TIMEOUT=60 %mpiexec -n 2 %t.exe 2>&1 | FileCheck %s --check-prefix=SIGN
// CHECK: hpfrt: error: rank {{[01]}}: independent at {{.*}}run-loop-step.cpp:[[@LINE+13]]:1: the loop index steps by 0, but the loop counts up (< or <=): the sequential loop would never end
// SIGN: hpfrt: error: rank {{[01]}}: independent at {{.*}}run-loop-step.cpp:[[@LINE+12]]:1: the loop index steps by -2, but the loop counts up
#include <cstdio>

constexpr int N = 16;
#pragma hpf processors P(*)
double A[N];
#pragma hpf distribute A(block) onto P

int main() {
  int s = 1;
  if (std::scanf("%d", &s) != 1)
    return 1;
#pragma hpf independent
  for (int i = 0; i < N; i += s)
    A[i] = i;
  std::printf("%g\n", A[2]);
}
