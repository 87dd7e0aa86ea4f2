// A rank that leaves an independent loop for good ends the whole job, with
// the program's status and a message naming the rank and the loop, never a
// hang (the other ranks run other iterations and would wait for it in the
// loop's reduction): exit(3) (argv[1] = exit), an exception from a library
// function that hpfcc cannot see throw, caught around the loop (lib: it
// cannot be rethrown on the other ranks, so it ends the job; uncaught, it
// ends it as in the sequential build), abort(), and exit(0) followed by
// output with nothing collective between (exit0).
// REQUIRES: mpi
// RUN: %hpfcc %s -o %t.exe
// RUN: sh -c '%t.exe exit; test $? = 3'
// RUN: sh -c 'MPIEXEC_TIMEOUT=60 %mpiexec -n 2 %t.exe exit 2> %t.err2; test $? = 3'
// RUN: FileCheck %s --check-prefix=EXIT < %t.err2
// RUN: sh -c 'MPIEXEC_TIMEOUT=60 %mpiexec -n 3 %t.exe exit 2> %t.err3; test $? = 3'
// RUN: FileCheck %s --check-prefix=EXIT < %t.err3
// RUN: sh -c 'MPIEXEC_TIMEOUT=60 %mpiexec -n 4 %t.exe exit 2> %t.err4; test $? = 3'
// RUN: FileCheck %s --check-prefix=EXIT < %t.err4
// RUN: not env MPIEXEC_TIMEOUT=60 %mpiexec -n 2 %t.exe lib 2>&1 | FileCheck %s --check-prefix=LIB
// RUN: not env MPIEXEC_TIMEOUT=60 %mpiexec -n 2 %t.exe abort
// exit(0) in an iteration of rank 1 with nothing collective after the loop:
// rank 0 must not go on to print what the sequential run never prints.
// RUN: sh -c '%t.exe exit0 > %t.seq0; test $? = 0'
// RUN: sh -c 'MPIEXEC_TIMEOUT=60 %mpiexec -n 2 %t.exe exit0 > %t.out0 2>/dev/null; test $? = 0'
// RUN: diff %t.seq0 %t.out0
// EXIT: hpfrt: error: rank {{[0-9]}}: exit(3) inside the independent loop at {{.*}}run-loop-exit.cpp:[[#@LINE+17]]:1, whose iterations run on the other ranks too: the job ends with status 3
// LIB: hpfrt: error: rank 1: exception at {{.*}}run-loop-exit.cpp:[[#@LINE+25]]:1: an exception left the independent loop at {{.*}} on this rank only
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <stdexcept>
#include <vector>

constexpr int N = 20;
double X[N];
#pragma hpf distribute X(block)
const std::vector<double> Small(12, 1.0);

int main(int argc, char **argv) {
  const char *Case = argc > 1 ? argv[1] : "";
  double s = 0;
  if (!std::strcmp(Case, "exit")) {
#pragma hpf independent
    for (int i = 0; i < N; ++i) {
      if (i == 13)
        std::exit(3);
      X[i] = i;
    }
  }
  if (!std::strcmp(Case, "lib")) {
    try {
#pragma hpf independent
      for (int i = 0; i < N; ++i)
        X[i] = Small.at(i);
    } catch (const std::exception &e) {
      std::printf("caught %s\n", e.what());
    }
  }
  if (!std::strcmp(Case, "exit0")) {
#pragma hpf independent
    for (int i = 0; i < N; ++i) {
      if (i == 15)
        std::exit(0);
      X[i] = i;
    }
    std::printf("after the loop\n");
  }
  if (!std::strcmp(Case, "abort")) {
#pragma hpf independent
    for (int i = 0; i < N; ++i) {
      if (i == 17)
        std::abort();
      X[i] = i;
    }
  }
#pragma hpf independent reduction(+: s)
  for (int i = 0; i < N; ++i)
    s += X[i];
  std::printf("%g\n", s);
}
