// Replicated code called in an independent loop: its output is written by
// the rank that owns each iteration (the lines of the sequential run, in
// another order; hpfcc warns at the call), and its input, reached where the
// compiler cannot see it (through a function pointer), stops every rank
// naming the loop instead of pairing rank 0's read with another rank's.
// REQUIRES: mpi
// RUN: %hpfcc -O1 -w %s -o %t
// RUN: %clangxx -O1 -w %s -o %t.seq
// RUN: %t.seq < /dev/null | sort > %t.expected
// RUN: bash -c 'for n in 1 2 3; do MPIEXEC_TIMEOUT=60 %mpiexec -n $n %t < /dev/null | sort | diff %t.expected - || exit 1; done'
// RUN: echo 1 2 3 4 5 6 7 8 | not env MPIEXEC_TIMEOUT=60 %mpiexec -n 2 %t read 2>&1 | FileCheck %s
// CHECK: hpfrt: error: rank {{[01]}}: replicated I/O: input of replicated code (rank 0 does it for every rank) inside the independent loop at {{.*}}run-io-calls.cpp:[[#@LINE+26]]:1, whose iterations run on different ranks
#include <cstdio>
#include <iostream>
constexpr int N = 12;
#pragma hpf processors ALL(*)
double A[N];
#pragma hpf distribute A(block) onto ALL
void show(int i, double v) { std::printf("A[%d] = %g\n", i, v); }
void show2(int i) { std::cout << "i = " << i << std::endl; }
int readOne() {
  int X = 0;
  return std::scanf("%d", &X) == 1 ? X : -1;
}
int (*volatile Reader)() = readOne;
int main(int argc, char **) {
#pragma hpf independent
  for (int i = 0; i < N; ++i) {
    A[i] = i * 0.5;
    show(i, A[i]);
    show2(i);
  }
  double S = 0;
  for (int i = 0; i < N; ++i)
    S += A[i];
  std::printf("sum %g\n", S);
  if (argc > 1) {
#pragma hpf independent
    for (int i = 0; i < N; ++i)
      A[i] += Reader();
  }
  return 0;
}
