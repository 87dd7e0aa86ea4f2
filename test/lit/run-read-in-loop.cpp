// An element read that fails inside an independent loop names the loop's
// directive (file:line): here a function called from the loop reads an
// element of a distributed array, a collective read that would hang while
// the ranks run different iterations; the program stops on every rank with
// the location instead.
// REQUIRES: mpi
// RUN: %hpfcc %s -o %t.exe
// RUN: not env MPIEXEC_TIMEOUT=60 %mpiexec -n 2 %t.exe 2>&1 | FileCheck %s
// CHECK: hpfrt: error: rank {{[01]}}: element read: an element of a distributed array is read (collectively) inside the independent loop at {{.*}}run-read-in-loop.cpp:[[@LINE+16]]:1, where ranks run different iterations; read it before the loop
#include <cstdio>

constexpr int N = 16;
#pragma hpf processors P(*)
double A[N];
double B[N];
#pragma hpf distribute A(block) onto P
#pragma hpf distribute B(block) onto P

double first() { return A[0]; }

int main() {
#pragma hpf independent
  for (int i = 0; i < N; ++i)
    A[i] = i;
#pragma hpf independent
  for (int i = 0; i < N; ++i)
    B[i] = A[i] + first();
  std::printf("%g\n", B[3]);
}
