// An element read that fails inside an independent loop names the read's own
// location (file:line:col of the element) and the loop's directive: here a
// function called from the loop reads an element of a distributed array, a
// collective read that would hang while the ranks run different iterations;
// the program stops on every rank with both locations instead. One run per
// way a read reaches the runtime (argv[1] picks it): a global array, a
// reference parameter, a const reference parameter, a pointer + size
// parameter, a std::vector reference, a field of a struct element, an
// element of a 2-D array, and a read that is the value of a compound
// assignment to a local.
// REQUIRES: mpi
// RUN: %hpfcc %s -o %t.exe
// RUN: not env MPIEXEC_TIMEOUT=60 %mpiexec -n 2 %t.exe global 2>&1 | FileCheck %s --check-prefixes=GLOBAL,LOOP
// RUN: not env MPIEXEC_TIMEOUT=60 %mpiexec -n 2 %t.exe ref 2>&1 | FileCheck %s --check-prefixes=REF,LOOP
// RUN: not env MPIEXEC_TIMEOUT=60 %mpiexec -n 2 %t.exe cref 2>&1 | FileCheck %s --check-prefixes=CREF,LOOP
// RUN: not env MPIEXEC_TIMEOUT=60 %mpiexec -n 2 %t.exe ptr 2>&1 | FileCheck %s --check-prefixes=PTR,LOOP
// RUN: not env MPIEXEC_TIMEOUT=60 %mpiexec -n 2 %t.exe vec 2>&1 | FileCheck %s --check-prefixes=VEC,LOOP
// RUN: not env MPIEXEC_TIMEOUT=60 %mpiexec -n 2 %t.exe field 2>&1 | FileCheck %s --check-prefixes=FIELD,LOOP
// RUN: not env MPIEXEC_TIMEOUT=60 %mpiexec -n 2 %t.exe nd 2>&1 | FileCheck %s --check-prefixes=ND,LOOP
// RUN: not env MPIEXEC_TIMEOUT=60 %mpiexec -n 2 %t.exe compound 2>&1 | FileCheck %s --check-prefixes=COMPOUND,LOOP
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

// GLOBAL: hpfrt: error: rank {{[01]}}: element read at {{.*}}run-read-in-loop.cpp:[[@LINE+1]]:25: an element of a distributed array is read (collectively) inside
double first() { return A[0]; }
// REF: hpfrt: error: rank {{[01]}}: element read at {{.*}}run-read-in-loop.cpp:[[@LINE+1]]:47: an element of a distributed array is read (collectively) inside
double viaRef(double (&X)[N], int k) { return X[k]; }
// CREF: hpfrt: error: rank {{[01]}}: element read at {{.*}}run-read-in-loop.cpp:[[@LINE+1]]:54: an element of a distributed array is read (collectively) inside
double viaCref(const double (&X)[N], int k) { return X[k]; }
// PTR: hpfrt: error: rank {{[01]}}: element read at {{.*}}run-read-in-loop.cpp:[[@LINE+1]]:48: an element of a distributed array is read (collectively) inside
double viaPtr(const double *X, int n) { return X[n - 1]; }
// VEC: hpfrt: error: rank {{[01]}}: element read at {{.*}}run-read-in-loop.cpp:[[@LINE+1]]:61: an element of a distributed array is read (collectively) inside
double viaVec(const std::vector<double> &V, int k) { return V[k]; }
// FIELD: hpfrt: error: rank {{[01]}}: element read at {{.*}}run-read-in-loop.cpp:[[@LINE+1]]:34: an element of a distributed array is read (collectively) inside
double field(int k) { return 2 * S[k].y; }
// ND: hpfrt: error: rank {{[01]}}: element read at {{.*}}run-read-in-loop.cpp:[[@LINE+1]]:30: an element of a distributed array is read (collectively) inside
double corner() { return 1 + M[3][N - 1]; }
double total(int k) {
  double t = 1;
  // COMPOUND: hpfrt: error: rank {{[01]}}: element read at {{.*}}run-read-in-loop.cpp:[[@LINE+1]]:8: an element of a distributed array is read (collectively) inside
  t += A[k];
  return t;
}

int main(int argc, char **argv) {
  const char *How = argc > 1 ? argv[1] : "global";
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
    B[i] = A[i] + (Is("global") ? first()
                   : Is("ref")  ? viaRef(A, 0)
                   : Is("cref") ? viaCref(A, 1)
                   : Is("ptr")  ? viaPtr(A, N)
                   : Is("vec")  ? viaVec(V, 2)
                   : Is("field") ? field(3)
                   : Is("nd")    ? corner()
                                 : total(4));
  std::printf("%g\n", B[3]);
}
