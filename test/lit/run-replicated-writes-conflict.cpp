// A replicated array stored into by an independent loop whose iterations
// are not independent: every iteration stores R[0]. After the loop the
// ranks apply each other's changes in rank order, so every rank holds the
// highest rank's value (here, over a block distribution, the last
// iteration's: the sequential value); HPF_VERIFY=1 stops the program
// instead, naming the ranks, the element and the loop's directive.
// REQUIRES: mpi
// RUN: %hpfcc %s -o %t.exe
// RUN: env MPIEXEC_TIMEOUT=60 %mpiexec -n 2 %t.exe 2>&1 | FileCheck %s --check-prefix=PLAIN
// PLAIN: R 15 2 7
// RUN: not env HPF_VERIFY=1 MPIEXEC_TIMEOUT=60 %mpiexec -n 2 %t.exe 2>&1 | FileCheck %s --check-prefix=VERIFY
// VERIFY: hpfrt: error: rank {{[01]}}: independent loop at {{.*}}run-replicated-writes-conflict.cpp:[[@LINE+13]]:1: ranks 0 and 1 both changed 'R'[1][0] (to different values), a replicated array written in the loop: its iterations are not independent
#include <cstdio>

constexpr int N = 16;
#pragma hpf processors P(*)
double A[N];
#pragma hpf distribute A(block) onto P
double R[2][3] = {{1, 0, 3}, {4, 5, 6}};

int main() {
#pragma hpf independent
  for (int i = 0; i < N; ++i)
    A[i] = i;
#pragma hpf independent
  for (int i = 0; i < N; ++i) {
    R[1][0] = A[i];
    R[0][1] = 2; // the same value on every rank: no conflict
    R[1][1] = 7;
  }
  std::printf("R %g %g %g\n", R[1][0], R[0][1], R[1][1]);
}
