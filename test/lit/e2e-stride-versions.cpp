// Nests versioned on constant row strides (codegen/StrideVersions.cpp): a
// rank-2 array whose second dimension is distributed is read and written
// through hpfcc::rows / hpfcc::stride where that dimension is not divided
// at run time (one rank, or one grid column), else through its run-time
// stride; a halo read in place at every run (one rank) through
// hpfcc::rows_halo. Exact on 1..4 ranks, where the versions differ per rank
// count and, on a grid of rows, per rank: a column walk (transpose) of a
// (*, block) array into a (block, *) one of other extents; a 5-point
// stencil on (block, block) grids of both shapes; a reduction over a
// versioned nest. Nests over (block, *) arrays (constant strides already)
// and rank-3 arrays keep one version.
// REQUIRES: mpi
// RUN: %e2e --tmp %t --ranks 1,2,3,4 %s | FileCheck %s
// CHECK: e2e: sequential output: stride {{-?[0-9]+}}
// CHECK: e2e: -n 1: same output
// CHECK: e2e: -n 2: same output
// CHECK: e2e: -n 3: same output
// CHECK: e2e: -n 4: same output
// RUN: %hpfcc --hpf-emit-source %s | %strip_checks | FileCheck %s --check-prefix=CODE
// The stencil: Out's pointer and In's halo, with In's storage separate from
// Out's.
// CODE: auto __hpf_nest[[J:[0-9]+]] = [&](const auto __hpf_Out[[J]], const auto __hpf_Out[[J]]_e1, const auto &__hpf_halo_In[[J]]) __attribute__((always_inline)) {
// CODE: const auto __hpf_hv_In[[J]] = __hpf_halo_In[[J]].view(__hpf_run[[J]].local(0));
// CODE: }; if (__hpf_Out[[J]]_e1 == 17 && hpfcc::rows_fit<17>(__hpf_halo_In[[J]])) __hpf_nest[[J]](hpfcc::rows<double, 17>(__hpf_Out[[J]]), hpfcc::stride<17>(), hpfcc::rows_halo_of<17>(__hpf_halo_In[[J]], __hpf_Out[[J]])); else __hpf_nest[[J]](__hpf_Out[[J]], __hpf_Out[[J]]_e1, __hpf_halo_In[[J]]);
// A reduction: combined after the versions.
// CODE: }; if (__hpf_In[[R:[0-9]+]]_e1 == 17) __hpf_nest[[R]](hpfcc::rows<double, 17>(__hpf_In[[R]]), hpfcc::stride<17>()); else __hpf_nest[[R]](__hpf_In[[R]], __hpf_In[[R]]_e1); Sum = __hpf_Sum0_[[R]] + hpf::allreduce_sum(Sum);
// A's pointer and stride are the lambda's parameters.
// CODE: const hpf::index_t __hpf_A[[I:[0-9]+]]_e1 = A.local_extent(1);
// CODE-SAME: auto __hpf_nest[[I]] = [&](const auto __hpf_A[[I]], const auto __hpf_A[[I]]_e1) __attribute__((always_inline)) {
// (block, *): one version.
// CODE: const hpf::index_t __hpf_B[[S:[0-9]+]]_e1 = 23;
// CODE-NOT: __hpf_nest[[S]]
// The column walk: the element's text is the same in both versions.
// CODE: __hpf_B[[T:[0-9]+]][(i + __hpf_seg[[T]]_0.off) * __hpf_B[[T]]_e1 + j] += __hpf_A[[T]][j * __hpf_A[[T]]_e1 + (i + __hpf_seg[[T]]_0.off)] * (it + 1);
// CODE: }; if (__hpf_A[[T]]_e1 == 19) __hpf_nest[[T]](hpfcc::rows<long, 19>(__hpf_A[[T]]), hpfcc::stride<19>()); else __hpf_nest[[T]](__hpf_A[[T]], __hpf_A[[T]]_e1);
// Rank 3: one version.
// CODE: const hpf::index_t __hpf_V[[V:[0-9]+]]_e2 = V.local_extent(2);
// CODE-NOT: __hpf_nest[[V]]
// CODE: return 0;
#include <cstdio>
#include <hpf.h>

constexpr int R = 23, C = 19, M = 13, K = 17;

static int gridRows() {
  int P = hpf::number_of_processors(), Rows = 1;
  for (int D = 1; D * D <= P; ++D)
    if (P % D == 0)
      Rows = D;
  return Rows;
}

#pragma hpf processors ALL(*)
long A[R][C];
long B[C][R];
#pragma hpf distribute A(*, block) onto ALL
#pragma hpf distribute B(block, *) onto ALL

/// 5-point sweeps on a (block, block) grid of PR x PC ranks; the sum of the
/// result, weighted.
static double sweep(int PR, int PC) {
#pragma hpf processors G(PR, PC)
  double In[M][K];
  double Out[M][K];
#pragma hpf distribute In(block, block) onto G
#pragma hpf distribute Out(block, block) onto G
#pragma hpf independent
  for (int i = 0; i < M; ++i) {
#pragma hpf independent
    for (int j = 0; j < K; ++j) {
      In[i][j] = (i * 7 + j * 3) % 11;
      Out[i][j] = In[i][j];
    }
  }
  for (int s = 0; s < 3; ++s) {
#pragma hpf independent
    for (int i = 1; i < M - 1; ++i) {
#pragma hpf independent
      for (int j = 1; j < K - 1; ++j)
        Out[i][j] = 0.25 * (In[i - 1][j] + In[i + 1][j] + In[i][j - 1] +
                            In[i][j + 1]);
    }
#pragma hpf independent
    for (int i = 1; i < M - 1; ++i) {
#pragma hpf independent
      for (int j = 1; j < K - 1; ++j)
        In[i][j] = Out[i][j] * 2 - Out[i][j] / 4;
    }
  }
  double Sum = 0;
#pragma hpf independent reduction(+ : Sum)
  for (int i = 0; i < M; ++i) {
#pragma hpf independent
    for (int j = 0; j < K; ++j)
      Sum += In[i][j] * ((i + 2 * j) % 5);
  }
  return Sum;
}

int main() {
#pragma hpf independent
  for (int i = 0; i < R; ++i) {
#pragma hpf independent
    for (int j = 0; j < C; ++j)
      A[i][j] = i * 100 + j;
  }
#pragma hpf independent
  for (int i = 0; i < C; ++i) {
#pragma hpf independent
    for (int j = 0; j < R; ++j)
      B[i][j] = 0;
  }
  for (int it = 0; it < 2; ++it) {
#pragma hpf independent
    for (int i = 0; i < C; ++i) {
#pragma hpf independent
      for (int j = 0; j < R; ++j)
        B[i][j] += A[j][i] * (it + 1);
    }
  }
  long Check = 0;
#pragma hpf independent reduction(+ : Check)
  for (int i = 0; i < C; ++i) {
#pragma hpf independent
    for (int j = 0; j < R; ++j)
      Check += B[i][j] * ((i + j) % 7);
  }
  // Both grid shapes: columns divided (a 2-D grid) and not (one column).
  const int P = hpf::number_of_processors();
  const double S1 = sweep(gridRows(), P / gridRows());
  const double S2 = sweep(P, 1);
  static int V[4][5][6];
#pragma hpf distribute V(*, *, block) onto ALL
#pragma hpf independent
  for (int i = 0; i < 4; ++i) {
#pragma hpf independent
    for (int j = 0; j < 5; ++j) {
#pragma hpf independent
      for (int k = 0; k < 6; ++k)
        V[i][j][k] = i + j * k;
    }
  }
  std::printf("stride %ld %.6f %.6f %d\n", Check, S1, S2, int(V[3][4][5]));
  return 0;
}
