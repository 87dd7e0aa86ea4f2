// Rows fetched by subscript: an array distributed by its first dimension
// alone ((block, *), (cyclic(2), *), (block, *, *)) read at a row f(i) other
// than i + c -- reversed, strided, through an index array -- gets, before
// the loop, exactly the rows the rank's iterations read from their owners
// (the rank-1 fetch with a row as its element: affine subscripts planned
// once, others by the inspector-executor), instead of a gather of the whole
// array. The other subscripts are anything: the row is fetched whole.
// Exact on 1..4 ranks; a (*, block) array keeps the gather.
// REQUIRES: mpi
// RUN: %e2e --tmp %t --ranks 1,2,3,4 %s | FileCheck %s
// CHECK: e2e: sequential output: rows {{-?[0-9]+}} {{-?[0-9]+}} {{-?[0-9]+}} {{-?[0-9]+}} {{-?[0-9]+}}
// CHECK: e2e: -n 1: same output
// CHECK: e2e: -n 2: same output
// CHECK: e2e: -n 3: same output
// CHECK: e2e: -n 4: same output
// Each call site keeps its fetch buffer: the loop over t runs the four
// fetching loops twice, and four buffers are allocated, not eight.
// RUN: env HPF_READ_REPORT=1 %mpiexec -n 2 %t/hpf.exe 2>&1 >/dev/null | FileCheck %s --check-prefix=BUFFERS
// BUFFERS-DAG: hpf-read: rank 0 received {{[0-9]+}} bytes in 8 planned reads {{.*}}; 4 fetch buffers allocated
// BUFFERS-DAG: hpf-read: rank 1 received {{[0-9]+}} bytes in 8 planned reads {{.*}}; 4 fetch buffers allocated
// The rows a rank owns are read in place, not copied: on one rank nothing
// is received and no buffer is allocated.
// RUN: env HPF_READ_REPORT=1 %mpiexec -n 1 %t/hpf.exe 2>&1 >/dev/null | FileCheck %s --check-prefix=ONE
// ONE: hpf-read: rank 0 received 0 bytes in 8 planned reads {{.*}}; 0 fetch buffers allocated
// RUN: %hpfcc -Rpass=hpf -fsyntax-only %s 2>&1 | FileCheck %s --check-prefix=REMARK
// REMARK: 'A[N - 1 - i][j]' is read without a gather: its subscript is affine in 'i', so each rank fetches before the loop only the rows its iterations of 'B' read, from their owners {{.*}}: at most one row per owned iteration instead of a copy of all 713 elements (5704 bytes)
// REMARK: 'A[Idx[i]][C - 1 - j]' is read without a gather: inspector-executor (PARTI/CHAOS): before the loop one pass over the rank's iterations of 'B' lists the rows they read
// REMARK: 'K[(2 * i) % N][j]' is read without a gather: inspector-executor
// REMARK: 'T[N - 1 - i][z][w]' is read without a gather: its subscript is affine in 'i'
// REMARK: 'Q' is read at subscripts that are not aligned with the loop: before the loop its 713 elements are gathered
// RUN: %hpfcc --hpf-emit-source %s | %strip_checks | FileCheck %s --check-prefix=CODE
// CODE: const hpfcc::fetched<long> __hpf_fx[[ID:[0-9]+]]_0(__hpf_fs[[ID]]_0, A, B, 0, 0, N, true,
// CODE: const long *const *__restrict const __hpf_fxp[[ID]]_0 = __hpf_fx[[ID]]_0.rows();
// CODE: __hpf_fxp[[ID]]_0[hpfcc::fetched_slot(i + __hpf_seg[[ID]]_0.off, N - 1 - i)][(j)]
// CODE: __hpf_fxp{{[0-9]+}}_0[hpfcc::fetched_slot(i + __hpf_seg{{[0-9]+}}_0.off, N - 1 - i)][(z) * 2 + (w)]
#include <cstdio>

constexpr int N = 23, C = 31;

#pragma hpf processors P(number_of_processors())
long A[N][C], B[N][C], K[N][C], Q[N][C];
long T[N][3][2], U[N][3][2];
int Idx[N];
#pragma hpf distribute A(block, *) onto P
#pragma hpf distribute B(block, *) onto P
#pragma hpf distribute K(cyclic(2), *) onto P
#pragma hpf distribute Q(*, block) onto P
#pragma hpf distribute T(block, *, *) onto P
#pragma hpf distribute U(block, *, *) onto P

int main() {
  for (int i = 0; i < N; ++i)
    Idx[i] = (i * 7 + 3) % N;
#pragma hpf independent
  for (int i = 0; i < N; ++i)
    for (int j = 0; j < C; ++j) {
      A[i][j] = (i * 31 + j * 17) % 23 - 11;
      K[i][j] = (i * 5 + j) % 13;
    }
#pragma hpf independent
  for (int j = 0; j < C; ++j)
    for (int i = 0; i < N; ++i)
      Q[i][j] = (i + j * 3) % 7;
#pragma hpf independent
  for (int i = 0; i < N; ++i)
    for (int z = 0; z < 3; ++z)
      for (int w = 0; w < 2; ++w)
        T[i][z][w] = (i * 3 + z * 5 + w) % 11;
  long S1 = 0, S2 = 0, S3 = 0, S4 = 0, S5 = 0;
  for (int t = 0; t < 2; ++t) {
    // Reversed rows.
#pragma hpf independent
    for (int i = 0; i < N; ++i)
      for (int j = 0; j < C; ++j)
        B[i][j] = A[N - 1 - i][j] + t;
    for (int i = 0; i < N; ++i)
      for (int j = 0; j < C; ++j)
        S1 += B[i][j] * (1 + (i + j) % 3);
    // Through an index array, a reversed column.
#pragma hpf independent
    for (int i = 0; i < N; ++i)
      for (int j = 0; j < C; ++j)
        B[i][j] = A[Idx[i]][C - 1 - j] * 2;
    for (int i = 0; i < N; ++i)
      for (int j = 0; j < C; ++j)
        S2 += B[i][j] * (1 + (i * j) % 5);
    // Cyclic(2) rows, strided.
#pragma hpf independent
    for (int i = 0; i < N; ++i)
      for (int j = 0; j < C; ++j)
        B[i][j] = K[(2 * i) % N][j] - j;
    for (int i = 0; i < N; ++i)
      for (int j = 0; j < C; ++j)
        S3 += B[i][j] * (1 + i % 4);
    // Rank 3.
#pragma hpf independent
    for (int i = 0; i < N; ++i)
      for (int z = 0; z < 3; ++z)
        for (int w = 0; w < 2; ++w)
          U[i][z][w] = T[N - 1 - i][z][w] * (t + 1);
    for (int i = 0; i < N; ++i)
      for (int z = 0; z < 3; ++z)
        for (int w = 0; w < 2; ++w)
          S4 += U[i][z][w] * (1 + (i + z + w) % 3);
    // (*, block): the rows are not a unit of its mapping: gathered.
#pragma hpf independent
    for (int i = 0; i < N; ++i)
      for (int j = 0; j < C; ++j)
        B[i][j] = Q[N - 1 - i][j];
    for (int i = 0; i < N; ++i)
      for (int j = 0; j < C; ++j)
        S5 += B[i][j] * (1 + j % 3);
  }
  std::printf("rows %ld %ld %ld %ld %ld\n", S1, S2, S3, S4, S5);
  return 0;
}
