// A kept listing of needed elements (hpfcc::needed_copy_kept) that names
// nearly every element a rank does not own -- a product whose rows read
// columns all over X, as NAS CG's random matrix does -- is dropped: each
// later run gathers X whole, with no check of the index data and no
// inspection, while the bounds and mappings stay those it was made for.
//  - dense: every row reads every column (in an order of its own); 5
//    products: the first inspects and finds the listing dense, the other 4
//    gather X whole, also the one after Col changed through a pointer (a
//    gathered copy serves any subscripts);
//  - sparse: Col rebuilt so that row i reads i and i + 1, and the bound
//    changed (M = N - 1): the next product inspects again, finds a sparse
//    listing (a rank reads one element of its neighbour) and keeps it, the
//    one after is kept by the check.
// At -n 2, per rank: 2 inspections, 3 planned reads, 1 kept, 4 gathered.
// One rank owns all of X and never gathers; the output is the same at 1..4.
// REQUIRES: mpi
// RUN: %e2e --tmp %t --ranks 1,2,3,4 %s | FileCheck %s
// CHECK: e2e: sequential output: dense {{-?[0-9]+}} sparse {{-?[0-9]+}}
// CHECK: e2e: -n 1: same output
// CHECK: e2e: -n 2: same output
// CHECK: e2e: -n 3: same output
// CHECK: e2e: -n 4: same output
// RUN: env HPF_READ_REPORT=1 MPIEXEC_TIMEOUT=120 %mpiexec -n 2 %t/hpf.exe 2>&1 >/dev/null | FileCheck %s --check-prefix=COUNT
// COUNT-DAG: hpf-read: rank 0 received {{[0-9]+}} bytes in 3 planned reads ({{[0-9]+}} plans built, 2 inspections); 1 listings kept by a run-time check; 4 dense listings gathered whole
// COUNT-DAG: hpf-read: rank 1 received {{[0-9]+}} bytes in 3 planned reads ({{[0-9]+}} plans built, 2 inspections); 1 listings kept by a run-time check; 4 dense listings gathered whole
#include <cstdio>

constexpr int N = 24, Nnz = N * N;
int RowStart[N + 1], Col[Nnz];
int M = N; // rows below M are multiplied

#pragma hpf processors P(*)
long X[N], Y[N];
#pragma hpf distribute X(block) onto P
#pragma hpf distribute Y(block) onto P

// Written through pointers, as NAS CG's makea writes colidx and rowstr:
// row i reads Width columns from i on, every Step-th (mod N).
void makea(int *Rs, int *C, int Width, int Step) {
  for (int i = 0; i < N; ++i) {
    Rs[i] = Width * i;
    for (int j = 0; j < Width; ++j)
      C[Width * i + j] = (i + j * Step) % N;
  }
  Rs[N] = Width * N;
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
  for (int i = 0; i < M; ++i) {
    long s = 0;
    for (int k = RowStart[i]; k < RowStart[i + 1]; ++k)
      s += (k % 3 + 1) * X[Col[k]];
    Y[i] = s;
  }
  scale();
}

int main() {
  makea(RowStart, Col, N, 5);
  reset();
  int *const P2 = Col;
  for (int it = 0; it < 5; ++it) {
    product();
    if (it == 3) // row 1 reads its first column twice
      P2[N + 1] = P2[N];
  }
  const long Dense = checksum();
  makea(RowStart, Col, 2, 1);
  M = N - 1;
  reset();
  product();
  product();
  std::printf("dense %ld sparse %ld\n", Dense, checksum());
  return 0;
}
