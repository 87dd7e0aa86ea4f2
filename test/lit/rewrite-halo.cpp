// Reads at i + c (constant c) in independent loops over block-like
// distributions become a halo (hpf::halo: the neighbouring elements only,
// global subscripts kept); cyclic, other subscripts and loops without a
// home array keep the gathered copy.
// RUN: %clang_hpf -fplugin-arg-hpf-remarks -fplugin-arg-hpf-out=%t.cpp %s 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: %strip_checks %t.cpp | FileCheck %s
constexpr int N = 64;
constexpr int Sizes[4] = {0, 1, 30, 33};
#pragma hpf processors P(4)
double A[N];
double B[N];
float G[N];
float H[N];
int C[N];
int D[N];
#pragma hpf distribute A(block) onto P
#pragma hpf distribute B(block) onto P
#pragma hpf distribute G(gen_block(Sizes)) onto P
#pragma hpf distribute H(block(20)) onto P
#pragma hpf distribute C(cyclic(3)) onto P
#pragma hpf distribute D(cyclic(3)) onto P
#pragma hpf dynamic A

int main(int argc, char **) {
  // Jacobi sweep: one halo of A (offsets -1 .. 1), the loop over B.
#pragma hpf independent
  for (int i = 1; i < N - 1; ++i)
    B[i] = (A[i - 1] + A[i] + A[i + 1]) / 3;
  // CHECK: { const hpf::halo<double> __hpf_halo_A[[ID:[0-9]+]](hpf::halo_split, A, B, 1, N - 1, -1, 1, "{{.*}}rewrite-halo.cpp:[[@LINE-3]]:1"); double *__restrict const __hpf_B[[ID]] = B.local_data();
  // The loop runs over runs: those whose reads stay in the rank's block read
  // A's local storage in place, the others the halo's copy.
  // CHECK: { for (const hpfcc::segment __hpf_seg[[ID]]_0 : hpfcc::owned_segments(B, 0, 1, N - 1)) { for (const hpf::halo_run __hpf_run[[ID]] : hpf::halo_split_runs(__hpf_seg[[ID]]_0.lo, __hpf_seg[[ID]]_0.hi, __hpf_halo_A[[ID]].interior(0, 0))) { const auto __hpf_hv_A[[ID]] = __hpf_halo_A[[ID]].view(__hpf_run[[ID]].local(0)); for (int i = __hpf_run[[ID]].lo; i < __hpf_run[[ID]].hi; ++i)
  // CHECK: __hpf_B[[ID]][i + __hpf_seg[[ID]]_0.off] = (__hpf_hv_A[[ID]][i - 1] + __hpf_hv_A[[ID]][i] + __hpf_hv_A[[ID]][i + 1]) / 3;
  // REMARK: rewrite-halo.cpp:[[@LINE-6]]:13: remark: 'A' is read at i - 1 .. i + 1: each rank receives a halo of 1 element below and 1 above its block from the nearest owners (16 bytes per rank), sent before the loop, instead of a copy of all 64 elements

  // The written array read ahead (c > 0): always a copy (hpf::halo_copy),
  // never its storage in place; an inclusive bound; gen_block
  // with an empty and a one-element block.
#pragma hpf independent
  for (int i = 0; i <= N - 3; ++i)
    G[i] = G[i + 1] + G[i + 2];
  // CHECK: { const hpf::halo<float> __hpf_halo_G[[ID2:[0-9]+]](hpf::halo_copy, G, G, 0, (N - 3) + 1, 1, 2, "{{.*}}"); float *__restrict const __hpf_G[[ID2]] = G.local_data();
  // CHECK: __hpf_G[[ID2]][i + __hpf_seg[[ID2]]_0.off] = __hpf_halo_G[[ID2]][i + 1] + __hpf_halo_G[[ID2]][i + 2];
  // REMARK: rewrite-halo.cpp:[[@LINE-3]]:12: remark: 'G' is read at i + 1 .. i + 2: each rank receives a halo of 2 elements above its block from the nearest owners (8 bytes per rank), sent before the loop, instead of a copy of all 64 elements

  // block(20) read in a loop over block: contiguous but placed differently:
  // each rank fetches the range its iterations read.
#pragma hpf independent
  for (int i = 2; i < N; ++i)
    A[i] = H[i - 2];
  // CHECK: const hpf::halo<float> __hpf_halo_H[[ID3:[0-9]+]](hpf::halo_split, H, A, 2, N, -2, -2, "{{.*}}");
  // REMARK: rewrite-halo.cpp:[[@LINE-2]]:12: remark: 'H' is read at i - 2: each rank receives the elements [s - 2, e - 2) for its part [s, e) of 'A' from the ranks that own them, sent before the loop, instead of a copy of all 64 elements

  // Cyclic(3) at offsets narrower than its blocks: a halo per block; each
  // segment (one block) takes its tile, whose interior iterations read C's
  // storage in place and the others the tile's copy of ghosts and frame.
#pragma hpf independent
  for (int i = 1; i < N; ++i)
    D[i] = C[i - 1];
  // CHECK: const hpf::halo<int> __hpf_halo_C[[T1:[0-9]+]](hpf::halo_tiles, hpf::halo_split, C, D, 1, N, -1, -1, "{{.*}}");
  // CHECK: { for (const hpfcc::segment __hpf_seg[[T1]]_0 : hpfcc::owned_segments(D, 0, 1, N)) { const auto &__hpf_ht_C[[T1]] = __hpf_halo_C[[T1]].tile(__hpf_seg[[T1]]_0.lo); { for (const hpf::halo_run __hpf_run[[T1]] : hpf::halo_split_runs(__hpf_seg[[T1]]_0.lo, __hpf_seg[[T1]]_0.hi, __hpf_ht_C[[T1]].interior(0, 0))) { const auto __hpf_hv_C[[T1]] = __hpf_ht_C[[T1]].view(__hpf_run[[T1]].local(0));
  // CHECK-NEXT: __hpf_D[[T1]][i + __hpf_seg[[T1]]_0.off] = __hpf_hv_C[[T1]][i - 1];
  // REMARK: rewrite-halo.cpp:[[@LINE-4]]:12: remark: 'C' is read at i - 1: each rank receives a halo of 1 below and 0 above each of its blocks (cyclic(3) onto P(4))

  // Cyclic(3) at an offset as wide as its blocks, and mixed subscripts of
  // one array: no halo; each rank fetches the elements its iterations read
  // (one fetch per subscript).
#pragma hpf independent
  for (int i = 3; i < N; ++i)
    D[i] = C[i - 3];
  // CHECK: static hpfcc::fetch_site __hpf_fs[[F1:[0-9]+]]_0; const hpfcc::fetched<int> __hpf_fx[[F1]]_0(__hpf_fs[[F1]]_0, C, D, 0, 3, N, true, {{.*}}return static_cast<hpf::index_t>(i - 3); }
  // REMARK: rewrite-halo.cpp:[[@LINE-2]]:12: remark: 'C[i - 3]' is read without a gather: its subscript is affine in 'i'
#pragma hpf independent
  for (int i = 1; i < N; ++i)
    B[i] = A[i - 1] + A[N - i];
  // CHECK: const hpfcc::fetched<double> __hpf_fx[[F2:[0-9]+]]_0(__hpf_fs[[F2]]_0, A, B, 0, 1, N, true, {{.*}}return static_cast<hpf::index_t>(i - 1); }
  // CHECK-SAME: const hpfcc::fetched<double> __hpf_fx[[F2]]_1(__hpf_fs[[F2]]_1, A, B, 0, 1, N, true, {{.*}}return static_cast<hpf::index_t>(N - i); }
  // REMARK: rewrite-halo.cpp:[[@LINE-3]]:12: remark: 'A[i - 1]' is read without a gather: its subscript is affine in 'i'

  // Aligned or not is only known at run time (gen_block from run-time
  // sizes): if not, a halo with c = 0 fetches the elements each rank reads.
  int Run[4] = {argc, 20, 20, 24 - argc};
  double R[N];
#pragma hpf distribute R(gen_block(Run)) onto P
#pragma hpf independent
  for (int i = 0; i < N; ++i)
    B[i] = R[i];
  // CHECK: const bool __hpf_aligned_R[[ID4:[0-9]+]] = hpfcc::same_mapping(R, B); const hpf::halo<double> __hpf_all_R[[ID4]] = __hpf_aligned_R[[ID4]] ? hpf::halo<double>() : hpf::halo<double>(R, B, 0, N, 0, 0, "{{.*}}");
  // CHECK: (__hpf_aligned_R[[ID4]] ? __hpf_R[[ID4]][i + __hpf_seg[[ID4]]_0.off] : __hpf_all_R[[ID4]][i])
  // REMARK: rewrite-halo.cpp:[[@LINE-3]]:12: remark: alignment of 'R' with 'B' is checked at run time; if they differ, each rank fetches the elements its iterations read from their owners before the loop

  // A mapping known only at run time: the runtime checks contiguity.
  if (argc > 1) {
#pragma hpf redistribute A(cyclic(2)) onto P
  }
#pragma hpf independent
  for (int i = 1; i < N; ++i)
    B[i] = A[i - 1];
  // CHECK: const hpf::halo<double> __hpf_halo_A{{[0-9]+}}(hpf::halo_split, A, B, 1, N, -1, -1,
  // REMARK: rewrite-halo.cpp:[[@LINE-2]]:12: remark: 'A' is read at i - 1: each rank receives the elements [s - 1, e - 1) for its part [s, e) of 'B' from the ranks that own them, sent before the loop, instead of a copy of all 64 elements; if a distribution is not contiguous at run time, the whole array is gathered
  return 0;
}
