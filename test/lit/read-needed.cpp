// Reads through inner loops' index arrays (hpfcc::needed_copy): a
// compressed-sparse-row product's X[Col[k]]. The generated inspector, the
// remark, and the bytes moved. At -n 4 with N = 64, block arrays (16
// elements per rank), rows reading columns i - 1, i, i + 1 and a far one:
//  - far = (i + 32) % N, run twice (one plan): rank r receives one element
//    from each neighbour and the 16 of rank (r + 2) % 4: 136 bytes per run
//    for ranks 0 and 3, 144 for ranks 1 and 2;
//  - far = (i + 16) % N (the plan is rebuilt): the 16 elements of rank
//    (r + 1) % 4 hold the right neighbour's: rank 0 receives 128 bytes,
//    the others 136.
// Rank 0: 2 * 136 + 128 = 400 bytes, rank 1: 2 * 144 + 136 = 424, rank 2:
// 424, rank 3: 2 * 136 + 136 = 408; 3 reads, 2 plans built, 2 inspections
// (no loop around the nest in product(): the listing is kept and checked at
// run time, and kept for the second run). A gather would send each rank
// 48 * 8 = 384 bytes per read (1152).
// REQUIRES: mpi
// RUN: %clang_hpf -fplugin-arg-hpf-out=%t.cpp %s
// RUN: %strip_checks %t.cpp | FileCheck %s --check-prefix=CODE
// CODE: static hpfcc::needs_site<double> __hpf_ns_X[[ID:[0-9]+]]; const double *const __hpf_all_X[[ID]] = hpfcc::needed_copy_kept(__hpf_ns_X[[ID]], X, Y, 0, 0, N, [&](auto &&__hpf_need, const int i) { for (int k = __hpf_need.ld(RowStart[i]); k < __hpf_need.ld(RowStart[i + 1]); ++k) __hpf_need(__hpf_need.ld(Col[k]), hpfcc::access_info{"X", "X[Col[k]]", "i", "{{.*}}read-needed.cpp:{{[0-9]+}}:21"}); }, "{{.*}}read-needed.cpp:{{[0-9]+}}:1", {__builtin_addressof(RowStart), __builtin_addressof(Col)});
// CODE: s += Val[k] * __hpf_all_X[[ID]][Col[k]];
// RUN: %hpfcc -Rhpf -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=REMARK
// REMARK: remark: 'X' is read without a gather: inspector-executor (PARTI/CHAOS): before the loop each rank runs the loops around its reads over its iterations of 'Y', lists the elements they read, and the owners send only those (the plan kept while they and the mappings are unchanged)
// REMARK: remark: the listing of needed elements is kept across runs and checked at run time: before each run every rank compares the index data its last listing read with a copy, and they list again only if one differs (one MPI_Allreduce); it cannot be proved unchanged (no loop around the nest in its function)
// REMARK-NOT: gathered on every rank
// RUN: %e2e --tmp %t.d --ranks 1,4 %s | FileCheck %s
// CHECK: e2e: sequential output: csr {{-?[0-9]+}} {{-?[0-9]+}} {{-?[0-9]+}}
// CHECK: e2e: -n 1: same output
// CHECK: e2e: -n 4: same output
// RUN: env HPF_READ_REPORT=1 MPIEXEC_TIMEOUT=120 %mpiexec -n 4 %t.d/hpf.exe 2>&1 >/dev/null | FileCheck %s --check-prefix=BYTES
// BYTES-DAG: hpf-read: rank 0 received 400 bytes in 3 planned reads (2 plans built, 2 inspections); 1 listings kept by a run-time check
// BYTES-DAG: hpf-read: rank 1 received 424 bytes in 3 planned reads (2 plans built, 2 inspections); 1 listings kept by a run-time check
// BYTES-DAG: hpf-read: rank 2 received 424 bytes in 3 planned reads (2 plans built, 2 inspections); 1 listings kept by a run-time check
// BYTES-DAG: hpf-read: rank 3 received 408 bytes in 3 planned reads (2 plans built, 2 inspections); 1 listings kept by a run-time check
#include <cstdio>
#include <initializer_list>

constexpr int N = 64;
int RowStart[N + 1], Col[4 * N];
double Val[4 * N];

#pragma hpf processors P(*)
double X[N], Y[N];
#pragma hpf distribute X(block) onto P
#pragma hpf distribute Y(block) onto P

void build(int Far) {
  int Nnz = 0;
  for (int i = 0; i < N; ++i) {
    RowStart[i] = Nnz;
    for (int c : {i - 1, i, i + 1, (i + Far) % N})
      if (c >= 0 && c < N) {
        Col[Nnz] = c;
        Val[Nnz++] = 1 + (i + 3 * c) % 5;
      }
  }
  RowStart[N] = Nnz;
}

long product() {
#pragma hpf independent
  for (int i = 0; i < N; ++i) {
    double s = 0;
    for (int k = RowStart[i]; k < RowStart[i + 1]; ++k)
      s += Val[k] * X[Col[k]];
    Y[i] = s;
  }
  long Sum = 0;
  for (int i = 0; i < N; ++i)
    Sum += long(Y[i]) * (i + 1);
  return Sum;
}

int main() {
#pragma hpf independent
  for (int i = 0; i < N; ++i)
    X[i] = i * i % 17;
  build(32);
  const long A = product(), B = product();
  build(16);
  std::printf("csr %ld %ld %ld\n", A, B, product());
  return 0;
}
