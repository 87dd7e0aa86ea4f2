// A store to an element of a distributed array made inside an independent
// loop by a function the loop calls: only the rank running the iteration
// calls it, so a store to an element that rank owns is kept (the `local`
// run prints the sequential result), and one to an element another rank
// owns, which would be lost, stops the program naming the store's own
// location (file:line:col of the element) and the loop's directive. One run
// per store form (argv[1] picks it): `=`, `op=`, a field `=` and `op=`, and
// an element of a 2-D array.
// REQUIRES: mpi
// RUN: %hpfcc %s -o %t.exe
// RUN: env MPIEXEC_TIMEOUT=60 %mpiexec -n 2 %t.exe local 2>&1 | FileCheck %s --check-prefix=LOCAL
// LOCAL: 4 1.5 5
// RUN: not env MPIEXEC_TIMEOUT=60 %mpiexec -n 2 %t.exe set 2>&1 | FileCheck %s --check-prefixes=SET,LOOP
// RUN: not env MPIEXEC_TIMEOUT=60 %mpiexec -n 2 %t.exe update 2>&1 | FileCheck %s --check-prefixes=UPDATE,LOOP
// RUN: not env MPIEXEC_TIMEOUT=60 %mpiexec -n 2 %t.exe field 2>&1 | FileCheck %s --check-prefixes=FIELD,LOOP
// RUN: not env MPIEXEC_TIMEOUT=60 %mpiexec -n 2 %t.exe fieldop 2>&1 | FileCheck %s --check-prefixes=FIELDOP,LOOP
// RUN: not env MPIEXEC_TIMEOUT=60 %mpiexec -n 2 %t.exe nd 2>&1 | FileCheck %s --check-prefixes=ND,LOOP
#include <cstdio>
#include <cstring>

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

// SET: hpfrt: error: rank 1: element write at {{.*}}run-write-in-loop.cpp:[[@LINE+1]]:29: an element of a distributed array that another rank owns is stored inside
void put(int k, double v) { A[k] = v; }
// UPDATE: hpfrt: error: rank 1: element update at {{.*}}run-write-in-loop.cpp:[[@LINE+1]]:29: an element of a distributed array that another rank owns is stored inside
void add(int k, double v) { A[k] += v; }
// FIELD: hpfrt: error: rank 1: element write at {{.*}}run-write-in-loop.cpp:[[@LINE+1]]:30: an element of a distributed array that another rank owns is stored inside
void putY(int k, double v) { S[k].y = v; }
// FIELDOP: hpfrt: error: rank 1: element update at {{.*}}run-write-in-loop.cpp:[[@LINE+1]]:30: an element of a distributed array that another rank owns is stored inside
void addY(int k, double v) { S[k].y *= v; }
// ND: hpfrt: error: rank 1: element write at {{.*}}run-write-in-loop.cpp:[[@LINE+1]]:30: an element of a distributed array that another rank owns is stored inside
void putM(int k, double v) { M[1][k] = v; }

int main(int argc, char **argv) {
  const char *How = argc > 1 ? argv[1] : "local";
  auto Is = [&](const char *W) { return std::strcmp(How, W) == 0; };
  // Every store here is to an element of iteration i: kept.
#pragma hpf independent
  for (int i = 0; i < N; ++i) {
    B[i] = i;
    put(i, 2 * i);
    add(i, 1);
    putY(i, 0.5);
    addY(i, 3);
    putM(i, i + 2);
  }
// LOOP-SAME: the independent loop at {{.*}}run-write-in-loop.cpp:[[@LINE+1]]:1, where only the rank running the iteration makes the store; store it after the loop or in the loop itself
#pragma hpf independent
  for (int i = 0; i < N; ++i) {
    if (Is("set"))
      put(0, B[i]);
    else if (Is("update"))
      add(0, B[i]);
    else if (Is("field"))
      putY(0, B[i]);
    else if (Is("fieldop"))
      addY(0, B[i]);
    else if (Is("nd"))
      putM(0, B[i]);
  }
  std::printf("%g %g %g\n", A[3] - B[3], S[3].y, M[1][3]);
}
