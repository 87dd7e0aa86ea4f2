// Inspections kept across a loop (analysis/reads/InspectionWindow.cpp,
// hpfcc::inspection_window): a CSR product X[Col[k]] inside an iteration loop
// lists its needed elements once per run of the loop when nothing in the
// loop can change RowStart or Col, and before every product otherwise.
// Each function below is one case; the index arrays change between or
// inside its products so that a listing wrongly kept would read stale
// elements and change the output at -n 2 and -n 3:
//  - kept: nothing in the loop writes them (one listing for 4 products);
//  - nested: the outer loop rebuilds Col, the inner loop keeps it (one
//    listing per outer iteration: 2);
//  - written in the loop, by a called function, by a lambda defined before
//    it, through a pointer made before it: no window; kept and checked at run
//    time, listed after each change (2 listings, 3, 4, 4; e2e-needed-kept);
//  - a permutation read at the level, X[Perm[i]] (hpfcc::fetched): kept (1
//    listing for 4 runs), and rewritten in the loop (4);
//  - the same through DIdx, distributed like the loop (not dynamic): kept
//    (1), and rewritten by a nest in the loop (4).
// Listings at -n 2, per rank: 1 + 2 + (2 + 3 + 4 + 4) + 1 + 4 + 1 + 4 = 26,
// in 40 reads; 3 kept by the run-time check.
// REQUIRES: mpi
// RUN: %e2e --tmp %t --ranks 1,2,3 %s | FileCheck %s
// CHECK: e2e: sequential output: window {{-?[0-9]+}} {{-?[0-9]+}} {{-?[0-9]+}} {{-?[0-9]+}} {{-?[0-9]+}} {{-?[0-9]+}} {{-?[0-9]+}} {{-?[0-9]+}} {{-?[0-9]+}} {{-?[0-9]+}}
// CHECK: e2e: -n 1: same output
// CHECK: e2e: -n 2: same output
// CHECK: e2e: -n 3: same output
// RUN: env HPF_READ_REPORT=1 MPIEXEC_TIMEOUT=120 %mpiexec -n 2 %t/hpf.exe 2>&1 >/dev/null | FileCheck %s --check-prefix=COUNT
// COUNT-DAG: hpf-read: rank 0 received {{[0-9]+}} bytes in 40 planned reads ({{[0-9]+}} plans built, 26 inspections); 3 listings kept by a run-time check
// COUNT-DAG: hpf-read: rank 1 received {{[0-9]+}} bytes in 40 planned reads ({{[0-9]+}} plans built, 26 inspections); 3 listings kept by a run-time check
// RUN: %hpfcc -Rhpf -fsyntax-only %s 2>&1 | FileCheck %s --check-prefix=REMARK
#include <cstdio>

constexpr int N = 24, Nnz = 3 * N;
int RowStart[N + 1], Col[Nnz], Col2[Nnz];

#pragma hpf processors P(*)
long X[N], Y[N];
#pragma hpf distribute X(block) onto P
#pragma hpf distribute Y(block) onto P

// Row i reads i, (i + f) % N and (i * 5 + f) % N: elements of other ranks.
void build(int F) {
  for (int i = 0; i < N; ++i) {
    RowStart[i] = 3 * i;
    Col[3 * i] = i;
    Col[3 * i + 1] = (i + F) % N;
    Col[3 * i + 2] = (i * 5 + F) % N;
    Col2[3 * i + 2] = Col[3 * i + 2]; // by name: Col2 stays followable here
  }
  RowStart[N] = Nnz;
}

void reset() {
#pragma hpf independent
  for (int i = 0; i < N; ++i)
    X[i] = i * i % 17;
}

// X becomes Y, kept small (exact in long).
void scale() {
#pragma hpf independent
  for (int i = 0; i < N; ++i)
    X[i] = Y[i] % 1000;
}

long checksum() {
  long S = 0;
  for (int i = 0; i < N; ++i)
    S += X[i] * (i + 1);
  return S;
}

void shift() { // writes Col: called from a loop, its listing is not kept
  for (int k = 0; k < Nnz; ++k)
    Col[k] = (Col[k] + 7) % N;
}

long kept() {
  build(3);
  reset();
  for (int it = 0; it < 4; ++it) {
#pragma hpf independent
    for (int i = 0; i < N; ++i) {
      long s = 0;
      for (int k = RowStart[i]; k < RowStart[i + 1]; ++k)
        s += (k % 3 + 1) * X[Col[k]];
      Y[i] = s;
    }
    scale();
  }
  return checksum();
}

long nested() {
  reset();
  for (int r = 0; r < 2; ++r) {
    build(5 + 6 * r);
    for (int it = 0; it < 2; ++it) {
#pragma hpf independent
      for (int i = 0; i < N; ++i) {
        long s = 0;
        for (int k = RowStart[i]; k < RowStart[i + 1]; ++k)
          s += (k % 3 + 1) * X[Col[k]];
        Y[i] = s;
      }
      scale();
    }
  }
  return checksum();
}

long writtenInLoop() {
  build(4);
  reset();
  for (int it = 0; it < 4; ++it) {
#pragma hpf independent
    for (int i = 0; i < N; ++i) {
      long s = 0;
      for (int k = RowStart[i]; k < RowStart[i + 1]; ++k)
        s += (k % 3 + 1) * X[Col[k]];
      Y[i] = s;
    }
    scale();
    if (it == 1)
      Col[5] = (Col[5] + 12) % N;
  }
  return checksum();
}

long writtenByCall() {
  build(2);
  reset();
  for (int it = 0; it < 4; ++it) {
#pragma hpf independent
    for (int i = 0; i < N; ++i) {
      long s = 0;
      for (int k = RowStart[i]; k < RowStart[i + 1]; ++k)
        s += (k % 3 + 1) * X[Col[k]];
      Y[i] = s;
    }
    scale();
    if (it % 2 == 0)
      shift();
  }
  return checksum();
}

long writtenByLambda() {
  build(6);
  reset();
  auto bump = [S = 12](int k) { Col[k] = (Col[k] + S) % N; };
  for (int it = 0; it < 4; ++it) {
#pragma hpf independent
    for (int i = 0; i < N; ++i) {
      long s = 0;
      for (int k = RowStart[i]; k < RowStart[i + 1]; ++k)
        s += (k % 3 + 1) * X[Col[k]];
      Y[i] = s;
    }
    scale();
    bump(3 * it + 1);
  }
  return checksum();
}

long throughPointer() {
  build(1);
  for (int k = 0; k < Nnz; ++k)
    Col2[k] = Col[k];
  int *const P2 = Col2;
  reset();
  for (int it = 0; it < 4; ++it) {
#pragma hpf independent
    for (int i = 0; i < N; ++i) {
      long s = 0;
      for (int k = RowStart[i]; k < RowStart[i + 1]; ++k)
        s += (k % 3 + 1) * X[Col2[k]];
      Y[i] = s;
    }
    scale();
    P2[3 * it + 2] = (P2[3 * it + 2] + 9) % N;
  }
  return checksum();
}

int Perm[N];

long permKept() {
  for (int i = 0; i < N; ++i)
    Perm[i] = (i * 7 + 3) % N;
  reset();
  for (int it = 0; it < 4; ++it) {
#pragma hpf independent
    for (int i = 0; i < N; ++i)
      Y[i] = X[Perm[i]] + i;
    scale();
  }
  return checksum();
}

long permChanged() {
  for (int i = 0; i < N; ++i)
    Perm[i] = (i * 5 + 1) % N;
  reset();
  for (int it = 0; it < 4; ++it) {
#pragma hpf independent
    for (int i = 0; i < N; ++i)
      Y[i] = X[Perm[i]] + i;
    scale();
    Perm[it] = (Perm[it] + N / 2) % N;
  }
  return checksum();
}

int DIdx[N]; // distributed like X and Y: read from its local storage
#pragma hpf distribute DIdx(block) onto P

void fillDIdx(int F) {
#pragma hpf independent
  for (int i = 0; i < N; ++i)
    DIdx[i] = (i * 11 + F) % N;
}

long distributedKept() {
  fillDIdx(5);
  reset();
  for (int it = 0; it < 4; ++it) {
#pragma hpf independent
    for (int i = 0; i < N; ++i)
      Y[i] = X[DIdx[i]] + 2 * i;
    scale();
  }
  return checksum();
}

long distributedWritten() {
  fillDIdx(7);
  reset();
  for (int it = 0; it < 4; ++it) {
#pragma hpf independent
    for (int i = 0; i < N; ++i)
      Y[i] = X[DIdx[i]] + 2 * i;
    scale();
#pragma hpf independent
    for (int i = 0; i < N; ++i)
      DIdx[i] = (DIdx[i] + it + 1) % N;
  }
  return checksum();
}

int main() {
  const long A = kept(), B = nested(), C = writtenInLoop(),
             D = writtenByCall(), E = writtenByLambda(), F = throughPointer();
  const long G = permKept(), H = permChanged();
  const long I = distributedKept(), J = distributedWritten();
  std::printf("window %ld %ld %ld %ld %ld %ld %ld %ld %ld %ld\n", A, B, C, D,
              E, F, G, H, I, J);
  return 0;
}
// REMARK: window.cpp:85:30: remark: the elements read through index arrays are listed once per run of the loop at line 80: nothing in it changes what the listing reads
// REMARK: window.cpp:102:32: remark: the elements read through index arrays are listed once per run of the loop at line 97: nothing in it changes what the listing reads
// REMARK: window.cpp:119:30: remark: the listing of needed elements is kept across runs and checked at run time: before each run every rank compares the index data its last listing read with a copy, and they list again only if one differs (one MPI_Allreduce); it cannot be proved unchanged (in the loop at line 114, 'Col' is written at line 124)
// REMARK: window.cpp:137:30: remark: the listing of needed elements is kept across runs and checked at run time: before each run every rank compares the index data its last listing read with a copy, and they list again only if one differs (one MPI_Allreduce); it cannot be proved unchanged (in the loop at line 132, 'Col' is written at line 74)
// REMARK: window.cpp:156:30: remark: the listing of needed elements is kept across runs and checked at run time: before each run every rank compares the index data its last listing read with a copy, and they list again only if one differs (one MPI_Allreduce); it cannot be proved unchanged (in the loop at line 151, 'Col' is written at line 150)
// REMARK: window.cpp:176:30: remark: the listing of needed elements is kept across runs and checked at run time: before each run every rank compares the index data its last listing read with a copy, and they list again only if one differs (one MPI_Allreduce); it cannot be proved unchanged ('Col2' is referred to at line 169 (writes through it cannot be followed))
// REMARK: window.cpp:194:16: remark: the elements read through index arrays are listed once per run of the loop at line 191: nothing in it changes what the listing reads
// REMARK: window.cpp:207:16: remark: the elements read through index arrays are listed before every run of the loop: in the loop at line 204, 'Perm' is written at line 209
// REMARK: window.cpp:229:16: remark: the elements read through index arrays are listed once per run of the loop at line 226: nothing in it changes what the listing reads
// REMARK: window.cpp:241:16: remark: the elements read through index arrays are listed before every run of the loop: in the loop at line 238, 'DIdx' is written at line 245
