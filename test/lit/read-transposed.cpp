// Transposed reads B[i][j] = A[j][i] in nests over B (block, *):
//  - A (block, *): A is redistributed before the loop into a copy with the
//    mapping the loop reads it with ((*, block)), read locally; at -n 2 each
//    rank receives a quarter of A (4 x 4 doubles: 128 bytes) per copy
//    instead of the whole array (512 bytes) a gather sends to every rank;
//  - C (*, cyclic(K)) with K known at run time only, D (cyclic(K), *): the
//    run time finds C already in that mapping: no copy, nothing moves;
//  - D (cyclic(K), *) read as is in a nest over B (block, *): its mapping
//    is known only at run time, so it is read from a copy redistributed to
//    (block, *) when they differ (at -n 2 they do: each rank receives a
//    quarter of D, 128 bytes, not all of it).
// So at -n 2 each rank receives 128 bytes per copy, in 4 copies (A and D,
// in both rounds).
// Same output as the sequential build on 1..4 ranks.
// REQUIRES: mpi
// RUN: %clang_hpf -fplugin-arg-hpf-out=%t.cpp %s
// RUN: %strip_checks %t.cpp | FileCheck %s --check-prefix=CODE
// CODE: const hpfcc::realigned<double, 2> __hpf_re_A[[ID:[0-9]+]](A, B, {-1, 0}, "{{.*}}read-transposed.cpp:{{[0-9]+}}:1"); const double *__restrict const __hpf_A[[ID]] = __hpf_re_A[[ID]].data(); const hpf::index_t __hpf_A[[ID]]_e1 = __hpf_re_A[[ID]].local_extent(1);
// CODE: __hpf_B[[ID]]{{.*}} = __hpf_A[[ID]][j * __hpf_A[[ID]]_e1 + (i + __hpf_seg[[ID]]_0.off)];
// CODE: const hpfcc::realigned<double, 2> __hpf_re_C[[ID2:[0-9]+]](C, D, {-1, 0},
// RUN: %hpfcc -Rhpf -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=REMARK
// REMARK: remark: 'A[j][i]' is read from a copy of 'A' redistributed before the loop to the mapping the loop reads it with (dimension 1 of 'A' like dimension 0 of 'B', the other dimensions '*'): one planned redistribution, cached, each rank receiving at most its part instead of a copy of all 64 elements; nothing moves if 'A' has that mapping at run time
// REMARK: remark: 'C[j][i]' is read from a copy of 'C'
// RUN: %e2e --tmp %t.d --ranks 1,2,3,4 %s | FileCheck %s
// CHECK: e2e: sequential output: transposed 8: {{[0-9]+}} {{[0-9]+}}
// CHECK: e2e: -n 1: same output
// CHECK: e2e: -n 2: same output
// CHECK: e2e: -n 3: same output
// CHECK: e2e: -n 4: same output
// RUN: env HPF_READ_REPORT=1 %mpiexec -n 2 %t.d/hpf.exe 2>&1 >/dev/null | FileCheck %s --check-prefix=BYTES
// BYTES-DAG: hpf-read: rank 0 received 512 bytes in 4 realigned copies by alltoallw
// BYTES-DAG: hpf-read: rank 1 received 512 bytes in 4 realigned copies by alltoallw
#include <cstdio>

constexpr int N = 8;

#pragma hpf processors ALL(*)
double A[N][N];
double B[N][N];
#pragma hpf distribute A(block, *) onto ALL
#pragma hpf distribute B(block, *) onto ALL

int main(int argc, char **) {
  const int K = argc > 5 ? 3 : 2; // 2, not a compile-time constant
  double C[N][N];
  double D[N][N];
#pragma hpf distribute C(*, cyclic(K)) onto ALL
#pragma hpf distribute D(cyclic(K), *) onto ALL
  long Sum = 0, Sum2 = 0;
  for (int r = 0; r < 2; ++r) {
#pragma hpf independent
    for (int i = 0; i < N; ++i) {
#pragma hpf independent
      for (int j = 0; j < N; ++j)
        A[i][j] = i * 10 + j + r;
    }
#pragma hpf independent
    for (int i = 0; i < N; ++i) {
#pragma hpf independent
      for (int j = 0; j < N; ++j)
        C[i][j] = i * 100 + j * 3 + r;
    }
#pragma hpf independent
    for (int i = 0; i < N; ++i) {
#pragma hpf independent
      for (int j = 0; j < N; ++j)
        B[i][j] = A[j][i];
    }
#pragma hpf independent
    for (int i = 0; i < N; ++i) {
#pragma hpf independent
      for (int j = 0; j < N; ++j)
        D[i][j] = C[j][i] * 2;
    }
#pragma hpf independent reduction(+ : Sum, Sum2)
    for (int i = 0; i < N; ++i) {
#pragma hpf independent
      for (int j = 0; j < N; ++j) {
        Sum += long(B[i][j]) * (i + 2 * j);
        Sum2 += long(D[i][j]) * (3 * i + j);
      }
    }
  }
  std::printf("transposed %d: %ld %ld\n", N, Sum, Sum2);
  return 0;
}
