// Reads at subscripts other than the loop index in independent loops (and
// reads of arrays not aligned with the loop): in a loop over a home array,
// the elements the rank's iterations read are fetched before the loop
// (hpfcc::fetched, read-fetched.cpp) and read at the iteration's local
// slot; with no home array (nothing local: the loop's iterations are split
// over the ranks in blocks) the elements of the rank's block are fetched
// the same way, the block standing in for the home (hpfcc::run_set, slot
// i - lo). Writes stay A[i]. Reads only at i + c of a block array get a
// halo instead (rewrite-halo.cpp).
// RUN: %clang_hpf -fplugin-arg-hpf-remarks -fplugin-arg-hpf-out=%t.cpp %s 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: %strip_checks %t.cpp | FileCheck %s
constexpr int N = 64;
#pragma hpf processors P(4)
double A[N];
double B[N];
float C[N];
#pragma hpf distribute A(block) onto P
#pragma hpf distribute B(block) onto P
#pragma hpf distribute C(cyclic(3)) onto P

int main() {
#pragma hpf independent
  for (int i = 0; i < N - 1; ++i)
    A[i] = B[i + 1] + B[N - 1 - i] + A[i + 1] + C[i];
  // CHECK: { const hpf::halo<double> __hpf_halo_A[[ID:[0-9]+]](hpf::halo_copy, A, A, 0, N - 1, 1, 1, "{{.*}}rewrite-gather.cpp:{{[0-9]+}}:1"); static hpfcc::fetch_site __hpf_fs[[ID]]_0; const hpfcc::fetched<double> __hpf_fx[[ID]]_0(__hpf_fs[[ID]]_0, B, A, 0, 0, N - 1, true, {{.*}} return static_cast<hpf::index_t>(i + 1); }, {{.*}}); const double *__restrict const __hpf_fxp[[ID]]_0 = __hpf_fx[[ID]]_0.data(); static hpfcc::fetch_site __hpf_fs[[ID]]_1; {{.*}} return static_cast<hpf::index_t>(N - 1 - i); }, {{.*}} const hpfcc::fetched<float> __hpf_fx[[ID]]_2(__hpf_fs[[ID]]_2, C, A, 0, 0, N - 1, true, {{.*}} return static_cast<hpf::index_t>(i); }, {{.*}}); const float *__restrict const __hpf_fxp[[ID]]_2 = __hpf_fx[[ID]]_2.data(); double *__restrict const __hpf_A[[ID]] = A.local_data();
  // CHECK: __hpf_A[[ID]][i + __hpf_seg[[ID]]_0.off] = __hpf_fxp[[ID]]_0[hpfcc::fetched_slot(i + __hpf_seg[[ID]]_0.off, i + 1)] + __hpf_fxp[[ID]]_1[hpfcc::fetched_slot(i + __hpf_seg[[ID]]_0.off, N - 1 - i)] + __hpf_halo_A[[ID]][i + 1] + __hpf_fxp[[ID]]_2[hpfcc::fetched_slot(i + __hpf_seg[[ID]]_0.off, i)];
  // REMARK: rewrite-gather.cpp:[[@LINE-3]]:12: remark: 'B[i + 1]' is read without a gather: its subscript is affine in 'i', so each rank fetches before the loop only the elements its iterations of 'A' read, from their owners (one planned exchange, the plan cached for the subscript's coefficients, the bounds and the mappings): at most 16 elements (128 bytes) per rank instead of a copy of all 64 elements (512 bytes)
  // REMARK: rewrite-gather.cpp:[[@LINE-4]]:49: remark: 'C[i]' is read without a gather: its subscript is affine in 'i', {{.*}}: at most 16 elements (64 bytes) per rank instead of a copy of all 64 elements (256 bytes)
  // REMARK: rewrite-gather.cpp:[[@LINE-5]]:38: remark: 'A' is read at i + 1: each rank receives a halo of 1 element above its block from the nearest owners (8 bytes per rank), sent before the loop, instead of a copy of all 64 elements
  double s = 0;
#pragma hpf independent reduction(+ : s)
  for (int i = 0; i < N; ++i)
    s += C[N - 1 - i];
  // CHECK: { const hpfcc::steps __hpf_share[[ID2:[0-9]+]] = hpfcc::share_of_iterations(0, N, 1, false, "{{.*}}"); const hpfcc::run_set __hpf_runs[[ID2]]{C, 0, N, [&](const hpf::index_t __hpf_g) { return __hpf_g >= __hpf_share[[ID2]].first && __hpf_g < __hpf_share[[ID2]].end; }}; static hpfcc::fetch_site __hpf_fs[[ID2]]_0; const hpfcc::fetched<float> __hpf_fx[[ID2]]_0(__hpf_fs[[ID2]]_0, C, __hpf_runs[[ID2]], 0, 0, N, false, {{.*}} return static_cast<hpf::index_t>(N - 1 - i); }, {{.*}}); const float *__restrict const __hpf_fxp[[ID2]]_0 = __hpf_fx[[ID2]]_0.data();
  // CHECK-NEXT: for (int i = __hpf_share[[ID2]].first; i < __hpf_share[[ID2]].end; ++i)
  // CHECK-NEXT: s += __hpf_fxp[[ID2]]_0[hpfcc::fetched_slot(i - (0), N - 1 - i)]; s = __hpf_s0_[[ID2]] + hpf::allreduce_sum(s); }
  // REMARK: rewrite-gather.cpp:[[@LINE-4]]:10: remark: 'C[N - 1 - i]' is read without a gather: its subscript is a function of 'i', so before the loop each rank fetches only the elements the iterations of 'i' it runs read (listed on every run)
  // REMARK: remark: independent loop writes no distributed array and reads none at its index: its iterations are split over the ranks in blocks ('i': rank r runs the r-th of P), 1 reduction(s) combined across ranks
  return s > 0 ? 0 : 1;
}
