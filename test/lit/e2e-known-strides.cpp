// A '*' dimension's local extent is its extent wherever the mapping is
// known at the nest, not only for arrays never redistributed: here the
// parameters of a function that prescribes (block, *, *), as NAS MG's
// operators do. Their rows and planes then have constant strides, like
// the sequential build's `double U[N][J][I]`: the local pointers' strides
// are the extents, and the split halo's views are hpfcc::planes_view, so
// each neighbour of the 7-point stencil is one base at a constant
// displacement. Exact on 1..3 ranks (the halo's copy and the local
// storage read alike), planes not dividing evenly, and for an argument
// distributed otherwise, (*, block, *), remapped for the call: the
// constants are the prescribed mapping's, not the caller's.
// REQUIRES: mpi
// RUN: %e2e --tmp %t --ranks 1,2,3 %s | FileCheck %s
// CHECK: e2e: sequential output: strides {{-?[0-9]+}}
// CHECK: e2e: -n 1: same output
// CHECK: e2e: -n 2: same output
// CHECK: e2e: -n 3: same output
// RUN: %hpfcc --hpf-emit-source %s | %strip_checks | FileCheck %s --check-prefix=CODE
// CODE: void __hpf_smooth_1(
// CODE: const hpf::halo<long, 3> __hpf_halo_In[[ID:[0-9]+]](hpf::halo_split, In, Out,
// CODE-SAME: const hpf::index_t __hpf_Out[[ID]]_e1 = 6; const hpf::index_t __hpf_Out[[ID]]_e2 = 9;
// CODE: const auto __hpf_hv_In[[ID]] = hpfcc::planes_of<6, 9>(__hpf_halo_In[[ID]].view(__hpf_run[[ID]].local(0)), "{{.*}}e2e-known-strides.cpp:{{[0-9]+}}:1");
// CODE: __hpf_Out[[ID]][((k + __hpf_seg[[ID]]_0.off) * __hpf_Out[[ID]]_e1 + j) * __hpf_Out[[ID]]_e2 + i] = __hpf_hv_In[[ID]](k - 1, j, i)
#include <cstdio>

constexpr int N = 11, J = 6, I = 9;
long A[N][J][I], B[N][J][I], C[N][J][I];
#pragma hpf distribute A(block, *, *)
#pragma hpf distribute B(block, *, *)
#pragma hpf distribute C(*, block, *)

template <int E> void smooth(const long (&In)[E][J][I], long (&Out)[E][J][I]) {
#pragma hpf distribute In(block, *, *)
#pragma hpf distribute Out(block, *, *)
#pragma hpf independent
  for (int k = 1; k < E - 1; k++)
    for (int j = 1; j < J - 1; j++)
      for (int i = 1; i < I - 1; i++)
        Out[k][j][i] = In[k - 1][j][i] + In[k + 1][j][i] + In[k][j - 1][i] +
                       In[k][j + 1][i] + In[k][j][i - 1] + In[k][j][i + 1] -
                       5 * In[k][j][i];
}

int main() {
#pragma hpf independent
  for (int k = 0; k < N; k++)
    for (int j = 0; j < J; j++)
      for (int i = 0; i < I; i++) {
        A[k][j][i] = (k * 7 + j * 5 + i * 3) % 11 - 5;
        B[k][j][i] = 0;
      }
#pragma hpf independent
  for (int k = 0; k < N; k++)
    for (int j = 0; j < J; j++)
      for (int i = 0; i < I; i++)
        C[k][j][i] = (k * 3 + j * 7 + i) % 13 - 6;
  for (int t = 0; t < 2; t++) {
    smooth(A, B);
    smooth(B, A);
  }
  smooth(C, B);
  long S = 0;
  for (int k = 0; k < N; k++)
    for (int j = 0; j < J; j++)
      for (int i = 0; i < I; i++)
        S += A[k][j][i] * (1 + (k + j + i) % 5) + B[k][j][i];
  std::printf("strides %ld\n", S);
  return 0;
}
