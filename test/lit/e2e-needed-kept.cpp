// A listing of needed elements kept across runs and checked at run time
// (hpfcc::needed_copy_kept): a CSR product X[Col[k]] whose index arrays the
// compiler cannot prove unchanged (their address is handed to a function,
// as NAS CG's makea does; the product is in a function of its own, with no
// loop around it) keeps its listing while what the listing read is
// unchanged, and lists again as soon as any of it changes:
//  - cg: built through pointers, 6 products: one listing, 5 runs kept by
//    the check;
//  - perturbed: Col changed through a pointer after products 1 and 3, by a
//    function after product 4, RowStart (row lengths) after product 5, and
//    a bound after product 6 (7 products: 6 listings, 1 kept);
//  - swapped: the same product over two arrays in turn, passed as pointers
//    (the pointer's value changes: 4 listings, 1 kept);
//  - onStack: a local index array in a function called at two stack depths
//    (the array's address changes; same contents: 2 listings, 1 kept).
// Listings at -n 2, per rank: 1 + 6 + 4 + 2 = 13 in 21 reads; 8 kept.
// REQUIRES: mpi
// RUN: %e2e --tmp %t --ranks 1,2,3,4 %s | FileCheck %s
// CHECK: e2e: sequential output: kept {{-?[0-9]+}} {{-?[0-9]+}} {{-?[0-9]+}} {{-?[0-9]+}}
// CHECK: e2e: -n 1: same output
// CHECK: e2e: -n 2: same output
// CHECK: e2e: -n 3: same output
// CHECK: e2e: -n 4: same output
// RUN: env HPF_READ_REPORT=1 MPIEXEC_TIMEOUT=120 %mpiexec -n 2 %t/hpf.exe 2>&1 >/dev/null | FileCheck %s --check-prefix=COUNT
// COUNT-DAG: hpf-read: rank 0 received {{[0-9]+}} bytes in 21 planned reads ({{[0-9]+}} plans built, 13 inspections); 8 listings kept by a run-time check
// COUNT-DAG: hpf-read: rank 1 received {{[0-9]+}} bytes in 21 planned reads ({{[0-9]+}} plans built, 13 inspections); 8 listings kept by a run-time check
// RUN: %hpfcc -Rhpf -fsyntax-only %s 2>&1 | FileCheck %s --check-prefix=REMARK
#include <cstdio>

constexpr int N = 24, Nnz = 3 * N;
int RowStart[N + 1], Col[Nnz], ColB[Nnz];
int Lim = N; // rows below Lim are multiplied

#pragma hpf processors P(*)
long X[N], Y[N];
#pragma hpf distribute X(block) onto P
#pragma hpf distribute Y(block) onto P

// Row i reads i, (i + f) % N and (i * 5 + f) % N: elements of other ranks.
// Written through pointers, as NAS CG's makea writes colidx and rowstr.
void makea(int *Rs, int *C, int F) {
  for (int i = 0; i < N; ++i) {
    Rs[i] = 3 * i;
    C[3 * i] = i;
    C[3 * i + 1] = (i + F) % N;
    C[3 * i + 2] = (i * 5 + F) % N;
  }
  Rs[N] = Nnz;
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
    X[i] = Y[i] % 1000 + 1;
}

long checksum() {
  long S = 0;
  for (int i = 0; i < N; ++i)
    S += X[i] * (i + 1);
  return S;
}

// The product: no loop around it in this function, so no window.
void product() {
#pragma hpf independent
  for (int i = 0; i < N; ++i) {
    long s = 0;
    for (int k = RowStart[i]; k < RowStart[i + 1] && i < Lim; ++k)
      s += (k % 3 + 1) * X[Col[k]];
    Y[i] = s;
  }
  scale();
}

void shift(int *C, int K) { C[K] = (C[K] + 7) % N; }

long cg() {
  makea(RowStart, Col, 3);
  reset();
  for (int it = 0; it < 6; ++it)
    product();
  return checksum();
}

long perturbed() {
  makea(RowStart, Col, 5);
  reset();
  int *const P2 = Col;
  for (int it = 0; it < 7; ++it) {
    product();
    if (it == 0 || it == 2)
      P2[3 * N - 2 - it] = (P2[3 * N - 2 - it] + 11) % N; // a row of rank 1
    if (it == 3)
      shift(Col, 4);
    if (it == 4) { // row 2 takes an element of row 3
      int *const R = RowStart;
      ++R[3];
    }
    if (it == 5)
      Lim = N / 2;
  }
  Lim = N;
  return checksum();
}

// The same product through pointers.
void productOf(const int *Rs, const int *C) {
#pragma hpf independent
  for (int i = 0; i < N; ++i) {
    long s = 0;
    for (int k = Rs[i]; k < Rs[i + 1]; ++k)
      s += (k % 3 + 1) * X[C[k]];
    Y[i] = s;
  }
  scale();
}

long swapped() {
  makea(RowStart, Col, 7);
  int Rs2[N + 1];
  makea(Rs2, ColB, 2);
  reset();
  const int *Order[] = {Col, Col, ColB, Col, ColB};
  for (const int *C : Order)
    productOf(C == Col ? RowStart : Rs2, C);
  return checksum();
}

// A local index array: its address is where the frame is.
long localProduct(int F) {
  int Rs[N + 1], C[Nnz];
  makea(Rs, C, F);
#pragma hpf independent
  for (int i = 0; i < N; ++i) {
    long s = 0;
    for (int k = Rs[i]; k < Rs[i + 1]; ++k)
      s += (k % 3 + 1) * X[C[k]];
    Y[i] = s;
  }
  scale();
  return checksum();
}

long deeper(int Depth, int F) {
  volatile char Pad[512];
  Pad[0] = char(Depth);
  return Depth ? deeper(Depth - 1, F) + Pad[0] - Depth : localProduct(F);
}

long onStack() {
  reset();
  long S = localProduct(9);
  S += localProduct(9);
  S += deeper(3, 9);
  return S;
}

int main() {
  const long A = cg(), B = perturbed(), C = swapped(), D = onStack();
  std::printf("kept %ld %ld %ld %ld\n", A, B, C, D);
  return 0;
}
// REMARK: kept.cpp:77:28: remark: the listing of needed elements is kept across runs and checked at run time: before each run every rank compares the index data its last listing read with a copy, and they list again only if one differs (one MPI_Allreduce); it cannot be proved unchanged (no loop around the nest in its function)
// REMARK: kept.cpp:120:28: remark: the listing of needed elements is kept across runs and checked at run time: before each run every rank compares the index data its last listing read with a copy, and they list again only if one differs (one MPI_Allreduce); it cannot be proved unchanged (no loop around the nest in its function)
// REMARK: kept.cpp:145:28: remark: the listing of needed elements is kept across runs and checked at run time: before each run every rank compares the index data its last listing read with a copy, and they list again only if one differs (one MPI_Allreduce); it cannot be proved unchanged (no loop around the nest in its function)
