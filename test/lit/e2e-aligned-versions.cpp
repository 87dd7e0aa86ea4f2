// Innermost loops versioned on alignment (codegen/AlignedVersions.cpp): per
// segment, the loop over rank-1 arrays runs with pointers rebased at the
// segment's first element and assumed 16-byte aligned when they are, else
// as before. Exact on 1..3 ranks, where both versions run: cyclic(3)
// segments of doubles start at local indices 0, 3, 6, ... (aligned every
// other one); a block loop from index 1 starts unaligned on rank 0 only;
// arrays of different element types must all be aligned; an int
// reduction. Loops over long double elements, with a step, or reading a
// halo through runs keep one version.
// REQUIRES: mpi
// RUN: %e2e --tmp %t --ranks 1,2,3 %s | FileCheck %s
// CHECK: e2e: sequential output: aligned {{-?[0-9]+}}
// CHECK: e2e: -n 1: same output
// CHECK: e2e: -n 2: same output
// CHECK: e2e: -n 3: same output
// RUN: %hpfcc --hpf-emit-source %s | %strip_checks | FileCheck %s --check-prefix=CODE
// The cyclic(3) update: both arrays rebased, the segment too.
// CODE: { auto __hpf_inner[[C:[0-9]+]] = [&](const auto __hpf_X[[C]], const auto __hpf_Y[[C]], const hpfcc::segment __hpf_seg[[C]]_0) __attribute__((always_inline)) { for (int i = __hpf_seg[[C]]_0.lo; i < __hpf_seg[[C]]_0.hi; ++i)
// CODE-NEXT: __hpf_X[[C]][i + __hpf_seg[[C]]_0.off] = __hpf_X[[C]][i + __hpf_seg[[C]]_0.off] * 0.5 + __hpf_Y[[C]][i + __hpf_seg[[C]]_0.off]; }; const auto __hpf_at[[C]] = __hpf_seg[[C]]_0.lo + __hpf_seg[[C]]_0.off; if (hpfcc::vector_aligned(__hpf_X[[C]] + __hpf_at[[C]], __hpf_Y[[C]] + __hpf_at[[C]])) __hpf_inner[[C]](hpfcc::assume_vector_aligned(__hpf_X[[C]] + __hpf_at[[C]]), hpfcc::assume_vector_aligned(__hpf_Y[[C]] + __hpf_at[[C]]), hpfcc::rebased(__hpf_seg[[C]]_0)); else __hpf_inner[[C]](__hpf_X[[C]], __hpf_Y[[C]], __hpf_seg[[C]]_0); }
// Mixed element types: one test for both.
// CODE: if (hpfcc::vector_aligned(__hpf_F[[M:[0-9]+]] + __hpf_at[[M]], __hpf_G[[M]] + __hpf_at[[M]]))
// A halo read through runs (halo_split: its views in place): one version.
// CODE: hpf::halo_split_runs
// CODE-NOT: __hpf_inner
// long double: one version.
// CODE: long double *__restrict const __hpf_Q[[Q:[0-9]+]] = Q.local_data();
// CODE-NOT: __hpf_inner[[Q]]
// CODE: hpfcc::owned_steps
// CODE-NOT: __hpf_inner
// CODE: const auto __hpf_Sum0_
#include <cstdio>

constexpr int N = 101;
#pragma hpf processors ALL(*)
double X[N];
double Y[N];
float F[N];
double G[N];
int I[N];
long double Q[N];
#pragma hpf distribute X(cyclic(3)) onto ALL
#pragma hpf distribute Y(cyclic(3)) onto ALL
#pragma hpf distribute F(block) onto ALL
#pragma hpf distribute G(block) onto ALL
#pragma hpf distribute I(block) onto ALL
#pragma hpf distribute Q(block) onto ALL

int main() {
#pragma hpf independent
  for (int i = 0; i < N; ++i) {
    X[i] = i % 7;
    Y[i] = (i * 3) % 5 * 0.25;
    F[i] = float(i % 9) * 0.5f;
    G[i] = i % 4;
    I[i] = i * 3 - 50;
    Q[i] = i;
  }
  for (int s = 0; s < 3; ++s) {
#pragma hpf independent
    for (int i = 0; i < N; ++i)
      X[i] = X[i] * 0.5 + Y[i];
#pragma hpf independent
    for (int i = 1; i < N - 1; ++i)
      F[i] = F[i] * 0.75f + float(G[i]);
#pragma hpf independent
    for (int i = 1; i < N - 1; ++i)
      G[i] = G[i] * 0.5 + F[i - 1] + F[i + 1];
#pragma hpf independent
    for (int i = 2; i < N; ++i)
      Q[i] = Q[i] * 0.5L + 1;
#pragma hpf independent
    for (int i = 0; i < N; i += 2)
      I[i] = I[i] * 3 % 1001;
  }
  long Sum = 0;
#pragma hpf independent reduction(+ : Sum)
  for (int i = 0; i < N; ++i)
    Sum += I[i];
  // Every value is a short binary fraction: exact sums in any order.
  double Check = 0;
#pragma hpf independent reduction(+ : Check)
  for (int i = 0; i < N; ++i)
    Check += X[i] * (i % 3 + 1);
#pragma hpf independent reduction(+ : Check)
  for (int i = 0; i < N; ++i)
    Check += F[i] * (i % 5) + G[i] + double(Q[i]);
  std::printf("aligned %ld %.9e\n", Sum, Check);
  return 0;
}
