// A nest that cannot run in parallel runs on every rank over a copy of each
// array it uses; a copy that does not fit in a rank's memory ends the run
// with an error naming the loop, not an uncaught std::bad_alloc. (Address
// space limited to 640 MB per process: each rank's quarter of the array,
// 128 MiB, fits; the whole 512 MiB copy does not.)
// REQUIRES: mpi
// RUN: %hpfcc -O1 %s -o %t
// RUN: not sh -c 'ulimit -v 640000 && exec %mpiexec -n 4 %t' 2>&1 | FileCheck %s
// CHECK: hpfrt: error: rank {{[0-3]}}: independent at {{.*}}run-recur-alloc.cpp:[[#@LINE+10]]:1: this loop nest cannot run in parallel and runs on every rank over a copy of 'X', but the copy does not fit: 67108864 elements of 8 bytes
#include <cstdio>

constexpr long R = 4, C = 1L << 24;
#pragma hpf processors P(*)
long X[R][C];
#pragma hpf distribute X(*, block) onto P

int main() {
  X[0][0] = 1;
#pragma hpf independent
  for (int i = 0; i < R; ++i)
    for (long j = 1; j < C; ++j)
      X[i][j] = X[i][j - 1] + 1;
  std::printf("%ld\n", X[R - 1][C - 1]);
}
