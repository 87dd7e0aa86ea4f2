// Levels over cyclic(1) dimensions run as one strided run (hpfcc/strided.h):
// `i += s.step, s.off -= s.skip` instead of a segment per index. The
// bodies are the segment loop's: local index i + off. Covered: a 1-D
// cyclic array with a reduction, a `continue` (the increment still runs)
// and an unsigned index; (cyclic, *) rows with a row fetched by subscript
// (fetched_slot reads i + off too); a (*, cyclic) nest whose inner level is
// the strided one; cyclic onto Q(half the ranks), which leaves some with
// nothing. A DYNAMIC array redistributed to block under a condition has no
// known mapping at its loop: that loop keeps its segments. An index
// narrower than int keeps its segments too (a strided run's last step
// would wrap an unsigned char at 255).
// Exact on 1..4 ranks.
// REQUIRES: mpi
// RUN: %e2e --tmp %t --ranks 1,2,3,4 %s | FileCheck %s
// CHECK: e2e: sequential output: strided {{-?[0-9]+}} {{-?[0-9]+}} {{-?[0-9]+}} {{-?[0-9]+}} {{-?[0-9]+}} {{-?[0-9]+}}
// CHECK: e2e: -n 1: same output
// CHECK: e2e: -n 2: same output
// CHECK: e2e: -n 3: same output
// CHECK: e2e: -n 4: same output
// RUN: %hpfcc --hpf-emit-source %s | %strip_checks | FileCheck %s --check-prefix=CODE
// CODE: for (hpfcc::strided_segment __hpf_seg[[V:[0-9]+]]_0 : hpfcc::owned_strided(V, 0, 0, N)) for (int i = __hpf_seg[[V]]_0.lo; i < __hpf_seg[[V]]_0.hi; i += __hpf_seg[[V]]_0.step, __hpf_seg[[V]]_0.off -= __hpf_seg[[V]]_0.skip)
// CODE: for (unsigned u = __hpf_seg{{[0-9]+}}_0.lo; u < static_cast<unsigned int>(__hpf_seg{{[0-9]+}}_0.hi); u += __hpf_seg{{[0-9]+}}_0.step,
// CODE: hpfcc::fetched_slot(i + __hpf_seg{{[0-9]+}}_0.off, R - 1 - i)
// CODE: const hpfcc::strided_range __hpf_segs[[C:[0-9]+]]_1 = hpfcc::owned_strided(Cols, 1, 0, C);
// CODE: for (hpfcc::strided_segment __hpf_seg[[C]]_1 : __hpf_segs[[C]]_1)
// CODE: hpfcc::owned_segments(Blk, 0, 0, N)
// CODE: hpfcc::owned_segments(Small, 0, 0, 255)
#include <cstdio>

constexpr int N = 37, R = 19, C = 23;

#pragma hpf processors ALL(*)
#pragma hpf processors Q((number_of_processors() + 1) / 2)
long V[N], W[N];
long Rows[R][C], Back[R][C];
long Cols[R][C];
long Blk[N];
long Small[255];
#pragma hpf distribute V(cyclic) onto ALL
#pragma hpf distribute W(cyclic(1)) onto Q
#pragma hpf distribute Rows(cyclic, *) onto ALL
#pragma hpf distribute Back(cyclic, *) onto ALL
#pragma hpf distribute Cols(*, cyclic) onto ALL
#pragma hpf distribute Small(cyclic) onto ALL
#pragma hpf dynamic Blk
#pragma hpf distribute Blk(cyclic) onto ALL

int main(int argc, char **) {
  long Sum = 0;
#pragma hpf independent reduction(+ : Sum)
  for (int i = 0; i < N; ++i) {
    V[i] = 3 * i * i - 7 * i;
    if (i % 5 == 2)
      continue;
    Sum += V[i] % 11;
  }
#pragma hpf independent
  for (unsigned u = 3; u < unsigned(N); ++u)
    W[u] = long(u) * 5 + 1;
#pragma hpf independent
  for (int i = 0; i < R; ++i)
    for (int j = 0; j < C; ++j)
      Rows[i][j] = i * 100 + j;
#pragma hpf independent
  for (int i = 0; i < R; ++i)
    for (int j = 0; j < C; ++j)
      Back[i][j] = Rows[R - 1 - i][C - 1 - j] - j;
#pragma hpf independent
  for (int i = 0; i < R; ++i)
#pragma hpf independent
    for (int j = 0; j < C; ++j)
      Cols[i][j] = (i + 1) * (j + 2);
  // Cyclic or block: only known at run time.
  if (argc > 0) {
#pragma hpf redistribute Blk(block) onto ALL
  }
#pragma hpf independent
  for (int i = 0; i < N; ++i)
    Blk[i] = V[i] + 2 * i;
#pragma hpf independent
  for (unsigned char c = 0; c < 255; ++c)
    Small[c] = 3 * c + 1;
  long S1 = 0, S2 = 0, S3 = 0, S4 = 0, S5 = 0;
  for (int c = 0; c < 255; ++c)
    S5 += Small[c] * (c % 3);
  for (int i = 0; i < N; ++i)
    S1 += V[i] * (i + 1);
  for (int i = 3; i < N; ++i)
    S2 += W[i] * (i % 7);
  for (int i = 0; i < R; ++i)
    for (int j = 0; j < C; ++j) {
      S3 += Back[i][j] * (j + 1);
      S4 += Cols[i][j] * (i + 2);
    }
  for (int i = 0; i < N; ++i)
    S5 += Blk[i] * (i + 3);
  std::printf("strided %ld %ld %ld %ld %ld %ld\n", Sum, S1, S2, S3, S4, S5);
  return 0;
}
