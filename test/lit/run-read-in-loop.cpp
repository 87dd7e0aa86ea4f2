// An element read that fails inside an independent loop names the read's own
// location (file:line:col of the element) and the loop's directive: here a
// function called from the loop reads an element of a distributed array, a
// collective read that would hang while the ranks run different iterations;
// the program stops on every rank with both locations instead. One run per
// way a read reaches the runtime through an array parameter (argv[1] picks
// it): a reference, a const reference, a pointer + size, a std::vector
// reference. (Reads of the distributed arrays themselves in called functions
// are served from a copy: e2e-loop-call-reads.cpp.)
// REQUIRES: mpi
// RUN: %hpfcc %s -o %t.exe
// RUN: not env MPIEXEC_TIMEOUT=60 %mpiexec -n 2 %t.exe ref 2>&1 | FileCheck %s --check-prefixes=REF,LOOP
// RUN: not env MPIEXEC_TIMEOUT=60 %mpiexec -n 2 %t.exe cref 2>&1 | FileCheck %s --check-prefixes=CREF,LOOP
// RUN: not env MPIEXEC_TIMEOUT=60 %mpiexec -n 2 %t.exe ptr 2>&1 | FileCheck %s --check-prefixes=PTR,LOOP
// RUN: not env MPIEXEC_TIMEOUT=60 %mpiexec -n 2 %t.exe vec 2>&1 | FileCheck %s --check-prefixes=VEC,LOOP
#include <cstdio>
#include <cstring>
#include <vector>

constexpr int N = 16;
struct Pt {
  double x, y;
};
#pragma hpf processors P(*)
double A[N];
double B[N];
Pt S[N];
double M[4][N];
#pragma hpf distribute A(block) onto P
#pragma hpf distribute B(block) onto P
#pragma hpf distribute S(block) onto P
#pragma hpf distribute M(*, block) onto P

// REF: hpfrt: error: rank {{[01]}}: element read at {{.*}}run-read-in-loop.cpp:[[@LINE+1]]:47: an element of a distributed array is read (collectively) inside
double viaRef(double (&X)[N], int k) { return X[k]; }
// CREF: hpfrt: error: rank {{[01]}}: element read at {{.*}}run-read-in-loop.cpp:[[@LINE+1]]:54: an element of a distributed array is read (collectively) inside
double viaCref(const double (&X)[N], int k) { return X[k]; }
// PTR: hpfrt: error: rank {{[01]}}: element read at {{.*}}run-read-in-loop.cpp:[[@LINE+1]]:48: an element of a distributed array is read (collectively) inside
double viaPtr(const double *X, int n) { return X[n - 1]; }
// VEC: hpfrt: error: rank {{[01]}}: element read at {{.*}}run-read-in-loop.cpp:[[@LINE+1]]:61: an element of a distributed array is read (collectively) inside
double viaVec(const std::vector<double> &V, int k) { return V[k]; }

int main(int argc, char **argv) {
  const char *How = argc > 1 ? argv[1] : "ref";
  std::vector<double> V(N);
#pragma hpf distribute V(block) onto P
#pragma hpf independent
  for (int i = 0; i < N; ++i) {
    A[i] = i;
    V[i] = i;
    S[i] = {double(i), double(2 * i)};
  }
  auto Is = [&](const char *W) { return std::strcmp(How, W) == 0; };
// LOOP-SAME: the independent loop at {{.*}}run-read-in-loop.cpp:[[@LINE+1]]:1, where ranks run different iterations; read it before the loop
#pragma hpf independent
  for (int i = 0; i < N; ++i)
    B[i] = A[i] + (Is("ref")  ? viaRef(A, 0)
                   : Is("cref") ? viaCref(A, 1)
                   : Is("ptr")  ? viaPtr(A, N)
                                : viaVec(V, 2));
  std::printf("%g\n", B[3]);
}
