// An element read that fails inside an independent loop names the read's own
// location (file:line:col of the element) and the loop's directive: here a
// function the loop calls through a std::function, which the compiler
// cannot follow (the loop gets a warning saying so), reads an element of a
// distributed array, a collective read that would hang while the ranks run
// different iterations; the program stops on every rank with both
// locations instead. A call through a function pointer reaches the
// functions of this file whose address is taken: their reads are served
// from a copy made before the loop, like those of the functions the
// compiler follows (e2e-loop-call-reads.cpp for the distributed arrays
// themselves, e2e-loop-param-reads.cpp for array parameters), and the
// output is the sequential one. argv[1] picks the way.
// REQUIRES: mpi
// RUN: %hpfcc %s -o %t.exe 2>&1 | FileCheck %s --check-prefix=WARN
// RUN: env MPIEXEC_TIMEOUT=60 %mpiexec -n 2 %t.exe ptr 2>&1 | FileCheck %s --check-prefix=PTR
// RUN: %hpfcc %s -o %t.exe 2>&1 | FileCheck %s --check-prefix=PTRWARN
// PTRWARN: warning: this independent loop reaches a call through a pointer
// RUN: not env MPIEXEC_TIMEOUT=60 %mpiexec -n 2 %t.exe fn 2>&1 | FileCheck %s --check-prefixes=FN,LOOP
#include <cstdio>
#include <cstring>
#include <functional>

constexpr int N = 16;
#pragma hpf processors P(*)
double A[N];
double B[N];
#pragma hpf distribute A(block) onto P
#pragma hpf distribute B(block) onto P

// PTR: {{^}}3{{$}}
double readA(int k) { return A[k]; }
double (*Reader)(int) = readA;

int main(int argc, char **argv) {
  const bool ViaPtr = argc < 2 || std::strcmp(argv[1], "ptr") == 0;
  // FN: hpfrt: error: rank {{[01]}}: element read at {{.*}}run-read-in-loop.cpp:[[@LINE+1]]:54: an element of a distributed array is read (collectively) inside
  std::function<double(int)> Fn = [](int k) { return A[k + 1]; };
#pragma hpf independent
  for (int i = 0; i < N; ++i)
    A[i] = i;
  if (ViaPtr) {
#pragma hpf independent
    for (int i = 0; i < N; ++i)
      B[i] = A[i] + Reader(0);
  } else {
// LOOP-SAME: the independent loop at {{.*}}run-read-in-loop.cpp:[[@LINE+2]]:1, where ranks run different iterations; read it before the loop
// WARN: run-read-in-loop.cpp:[[@LINE+3]]:{{[0-9]+}}: warning: this independent loop reaches a call through 'std::function
#pragma hpf independent
    for (int i = 0; i < N; ++i)
      B[i] = A[i] + Fn(0);
  }
  std::printf("%g\n", B[3]);
}
