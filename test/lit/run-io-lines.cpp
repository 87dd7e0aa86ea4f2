// Lines written by different ranks in an independent loop stay whole: each
// rank's stdout is line-buffered (MPICH's MPI_Init leaves it unbuffered, so
// `cout << "line " << i` left a rank as several writes and mpiexec mixed
// other ranks' text into the middle of a line). The lines of the sequential
// run, in another order.
// REQUIRES: mpi
// RUN: %hpfcc -O1 -w %s -o %t
// RUN: %clangxx -O1 -w %s -o %t.seq
// RUN: %t.seq | sort > %t.expected
// RUN: bash -c 'for n in 2 3 3 3; do MPIEXEC_TIMEOUT=60 %mpiexec -n $n %t | sort | diff %t.expected - || exit 1; done'
#include <cstdio>
#include <iostream>
constexpr int N = 3000;
#pragma hpf processors ALL(*)
double A[N];
#pragma hpf distribute A(block) onto ALL
int main() {
#pragma hpf independent
  for (int i = 0; i < N; ++i) {
    A[i] = i * 0.5;
    std::cout << "line " << i << ' ' << A[i] << '\n';
    std::printf("p%d", i);
    std::printf(" = %g\n", A[i]);
  }
  return 0;
}
