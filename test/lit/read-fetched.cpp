// Reads fetched by subscript (hpfcc::fetched): the generated code, the
// remarks, and the bytes moved. At -n 4 with N = 64, block arrays (16
// elements per rank):
//  - B[N - 1 - i], run twice (one plan): each rank receives the 16
//    elements of the mirrored rank, 128 bytes per run;
//  - B[Idx[i]] with Idx[i] = i / 2 (repeats: each element read twice,
//    fetched once), run twice (one plan), then Idx[i] = N - 1 - i / 2 (the
//    plan is rebuilt): rank r needs 8 elements per run, from rank r / 2
//    (then from 3 - r / 2), 64 bytes unless it owns them.
// Rank 0: 2 * 128 + 0 + 0 + 64 = 320 bytes, rank 1: 256 + 3 * 64 = 448,
// rank 2: 256 + 64 + 64 + 0 = 384, rank 3: 448; 5 reads, 3 plans built, 4
// inspections (the affine read's first run, each of the three index
// reads). A gather would send each rank 48 * 8 = 384 bytes per read (1920).
// REQUIRES: mpi
// RUN: %clang_hpf -fplugin-arg-hpf-out=%t.cpp %s
// RUN: %strip_checks %t.cpp | FileCheck %s --check-prefix=CODE
// CODE: static hpfcc::fetch_site __hpf_fs[[ID:[0-9]+]]_0; const hpfcc::fetched<long> __hpf_fx[[ID]]_0(__hpf_fs[[ID]]_0, B, A, 0, 0, N, true, [&](const hpf::index_t __hpf_g, const hpf::index_t __hpf_l) -> hpf::index_t { const int i = static_cast<int>(__hpf_g); (void)i; (void)__hpf_l; return static_cast<hpf::index_t>(N - 1 - i); }, hpfcc::access_info{}, "{{.*}}read-fetched.cpp:{{[0-9]+}}:1"); const long *__restrict const __hpf_fxp[[ID]]_0 = __hpf_fx[[ID]]_0.data();
// CODE: __hpf_A[[ID]][i + __hpf_seg[[ID]]_0.off] = __hpf_fxp[[ID]]_0[hpfcc::fetched_slot(i + __hpf_seg[[ID]]_0.off, N - 1 - i)];
// CODE: const hpfcc::fetched<long> __hpf_fx[[ID2:[0-9]+]]_0(__hpf_fs[[ID2]]_0, B, A, 0, 0, N, false, {{.*}} return static_cast<hpf::index_t>(Idx.local_data()[__hpf_l]); }, hpfcc::access_info{"B", "B[Idx[i]]", "i", "{{.*}}read-fetched.cpp:{{[0-9]+}}:14"}
// CODE: __hpf_A[[ID2]][i + __hpf_seg[[ID2]]_0.off] = __hpf_fxp[[ID2]]_0[hpfcc::fetched_slot(i + __hpf_seg[[ID2]]_0.off, __hpf_Idx[[ID2]][i + __hpf_seg[[ID2]]_0.off])] + 1;
// RUN: %hpfcc -Rhpf -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=REMARK
// REMARK: remark: 'B[N - 1 - i]' is read without a gather: its subscript is affine in 'i', so each rank fetches before the loop only the elements its iterations of 'A' read, from their owners (one planned exchange, the plan cached for the subscript's coefficients, the bounds and the mappings): at most one element per owned iteration instead of a copy of all 64 elements (512 bytes)
// REMARK: remark: 'B[Idx[i]]' is read without a gather: inspector-executor (PARTI/CHAOS): before the loop one pass over the rank's iterations of 'A' lists the elements they read and the owners send only those, the plan kept while the subscripts and the mappings are unchanged: at most one element per owned iteration instead of a copy of all 64 elements (512 bytes)
// REMARK-NOT: gathered on every rank
// RUN: %e2e --tmp %t.d --ranks 1,4 %s | FileCheck %s
// CHECK: e2e: sequential output: reversed 0: {{[0-9]+}}
// CHECK: e2e: -n 1: same output
// CHECK: e2e: -n 4: same output
// RUN: env HPF_READ_REPORT=1 MPIEXEC_TIMEOUT=120 %mpiexec -n 4 %t.d/hpf.exe 2>&1 >/dev/null | FileCheck %s --check-prefix=BYTES
// BYTES-DAG: hpf-read: rank 0 received 320 bytes in 5 planned reads (3 plans built, 4 inspections)
// BYTES-DAG: hpf-read: rank 1 received 448 bytes in 5 planned reads (3 plans built, 4 inspections)
// BYTES-DAG: hpf-read: rank 2 received 384 bytes in 5 planned reads (3 plans built, 4 inspections)
// BYTES-DAG: hpf-read: rank 3 received 448 bytes in 5 planned reads (3 plans built, 4 inspections)
#include <cstdio>

constexpr int N = 64;
#pragma hpf processors P(*)
long A[N], B[N];
int Idx[N];
#pragma hpf distribute A(block) onto P
#pragma hpf distribute B(block) onto P
#pragma hpf distribute Idx(block) onto P

long sum() {
  long s = 0;
#pragma hpf independent reduction(+ : s)
  for (int i = 0; i < N; ++i)
    s += A[i] * (i + 1);
  return s;
}

int main() {
#pragma hpf independent
  for (int i = 0; i < N; ++i)
    B[i] = i * i % 41;
  for (int r = 0; r < 2; ++r) {
#pragma hpf independent
    for (int i = 0; i < N; ++i)
      A[i] = B[N - 1 - i];
    std::printf("reversed %d: %ld\n", r, sum());
  }
  for (int r = 0; r < 3; ++r) {
#pragma hpf independent
    for (int i = 0; i < N; ++i)
      Idx[i] = r < 2 ? i / 2 : N - 1 - i / 2;
#pragma hpf independent
    for (int i = 0; i < N; ++i)
      A[i] = B[Idx[i]] + 1;
    std::printf("indirect %d: %ld\n", r, sum());
  }
  return 0;
}
