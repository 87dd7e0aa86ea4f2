// HPF_VERIFY=1 checks the subscripts of distributed arrays inside
// independent loops against the arrays' extents: a halo read past the end
// (X[i + 1] at i = N - 1), an affine fetched read (X[2 * i]), a read
// through an index array (X[P[i]]) and a local element of a 2-D nest
// (M[i][j] at j = N) each stop the program on 1 and 2 ranks, naming the
// element's file:line, the array and the index. Without HPF_VERIFY the
// parallel run prints what it always printed (the reads outside give 0),
// and reads guarded by a condition are never reported (argv[1] "ok").
// REQUIRES: mpi
// RUN: %hpfcc %s -o %t.exe
// RUN: not env HPF_VERIFY=1 MPIEXEC_TIMEOUT=60 %mpiexec -n 1 %t.exe halo 2>&1 | FileCheck %s --check-prefix=HALO
// RUN: not env HPF_VERIFY=1 MPIEXEC_TIMEOUT=60 %mpiexec -n 2 %t.exe halo 2>&1 | FileCheck %s --check-prefix=HALO
// RUN: not env HPF_VERIFY=1 MPIEXEC_TIMEOUT=60 %mpiexec -n 1 %t.exe fetch 2>&1 | FileCheck %s --check-prefix=FETCH
// RUN: not env HPF_VERIFY=1 MPIEXEC_TIMEOUT=60 %mpiexec -n 2 %t.exe fetch 2>&1 | FileCheck %s --check-prefix=FETCH
// RUN: not env HPF_VERIFY=1 MPIEXEC_TIMEOUT=60 %mpiexec -n 1 %t.exe gather 2>&1 | FileCheck %s --check-prefix=GATHER
// RUN: not env HPF_VERIFY=1 MPIEXEC_TIMEOUT=60 %mpiexec -n 2 %t.exe gather 2>&1 | FileCheck %s --check-prefix=GATHER
// RUN: not env HPF_VERIFY=1 MPIEXEC_TIMEOUT=60 %mpiexec -n 1 %t.exe nest 2>&1 | FileCheck %s --check-prefix=NEST
// RUN: not env HPF_VERIFY=1 MPIEXEC_TIMEOUT=60 %mpiexec -n 2 %t.exe nest 2>&1 | FileCheck %s --check-prefix=NEST
// RUN: env HPF_VERIFY=1 MPIEXEC_TIMEOUT=60 %mpiexec -n 2 %t.exe ok 2>&1 | FileCheck %s --check-prefix=OK
// RUN: env MPIEXEC_TIMEOUT=60 %mpiexec -n 2 %t.exe halo 2>&1 | FileCheck %s --check-prefix=OFF-HALO
// RUN: env MPIEXEC_TIMEOUT=60 %mpiexec -n 2 %t.exe fetch 2>&1 | FileCheck %s --check-prefix=OFF-FETCH
// RUN: env MPIEXEC_TIMEOUT=60 %mpiexec -n 2 %t.exe gather 2>&1 | FileCheck %s --check-prefix=OFF-GATHER
// OFF-HALO: sum 15
// OFF-FETCH: sum 56
// OFF-GATHER: sum 120
// OK: sum 296
#include <cstdio>
#include <cstring>

constexpr int N = 16;
#pragma hpf processors Q(*)
double X[N], Y[N];
int P[N];
double M[4][N], R[4][N];
#pragma hpf distribute X(block) onto Q
#pragma hpf distribute Y(block) onto Q
#pragma hpf distribute P(block) onto Q
#pragma hpf distribute M(block, *) onto Q
#pragma hpf distribute R(block, *) onto Q

int main(int argc, char **argv) {
  const char *How = argc > 1 ? argv[1] : "ok";
  auto Is = [&](const char *W) { return std::strcmp(How, W) == 0; };
#pragma hpf independent
  for (int i = 0; i < N; ++i) {
    X[i] = i;
    Y[i] = 0;
    P[i] = i + 1; // P[N - 1] == N: outside X
  }
  if (Is("halo")) {
// HALO: hpfrt: error: rank {{[01]}}: bounds check (HPF_VERIFY) at {{.*}}run-verify-bounds.cpp:[[@LINE+3]]:14: 'X' index 16 is outside the extents [16] (X[i + 1] at i = 15)
#pragma hpf independent
    for (int i = 0; i <= N - 1; ++i)
      Y[i] = X[i + 1] - X[i - 1];
  } else if (Is("fetch")) {
// FETCH: hpfrt: error: rank {{[01]}}: bounds check (HPF_VERIFY) at {{.*}}run-verify-bounds.cpp:[[@LINE+3]]:14: 'X' index 16 is outside the extents [16] (X[2 * i] at i = 8)
#pragma hpf independent
    for (int i = 0; i < N / 2 + 1; ++i)
      Y[i] = X[2 * i];
  } else if (Is("gather")) {
// GATHER: hpfrt: error: rank {{[01]}}: bounds check (HPF_VERIFY) at {{.*}}run-verify-bounds.cpp:[[@LINE+3]]:14: 'X' index 16 is outside the extents [16] (X[P[i]] at i = 15)
#pragma hpf independent
    for (int i = 0; i < N; ++i)
      Y[i] = X[P[i]];
  } else if (Is("nest")) {
// NEST: hpfrt: error: rank {{[01]}}: bounds check (HPF_VERIFY) at {{.*}}run-verify-bounds.cpp:[[@LINE+5]]:9: 'M' index 16 in dimension 2 is outside the extents [4][16] (M[i][j] at j = 16)
#pragma hpf independent
    for (int i = 0; i < 4; ++i)
#pragma hpf independent
      for (int j = 0; j <= N; ++j)
        M[i][j] = R[i][j - 1];
  } else {
    // Reads that would be outside, guarded: never checked.
#pragma hpf independent
    for (int i = 0; i < N; ++i)
      Y[i] = (i + 1 < N ? X[i + 1] : 0) + (i > 0 && i < 8 ? X[2 * i] : 0) +
             (P[i] < N ? X[P[i]] : 0);
  }
  double S = 0;
  for (int i = 0; i < N; ++i)
    S += Y[i];
  std::printf("sum %g\n", S);
}
