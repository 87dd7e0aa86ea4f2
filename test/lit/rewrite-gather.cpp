// Reads at subscripts other than the loop index in independent loops (and
// reads of arrays not aligned with the loop): a copy of the whole array is
// gathered before the loop and indexed globally; writes stay A[i]. Reads
// only at i + c of a block array get a halo instead (rewrite-halo.cpp).
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
  // CHECK: { const std::vector<double> __hpf_all_B[[ID:[0-9]+]] = B.gather(); const hpf::halo<double> __hpf_halo_A[[ID]](hpf::halo_copy, A, A, 0, N - 1, 1, 1, "{{.*}}rewrite-gather.cpp:{{[0-9]+}}:1"); const std::vector<float> __hpf_all_C[[ID]] = C.gather(); double *__restrict const __hpf_A[[ID]] = A.local_data();
  // CHECK: __hpf_A[[ID]][i + __hpf_seg[[ID]]_0.off] = __hpf_all_B[[ID]][i + 1] + __hpf_all_B[[ID]][N - 1 - i] + __hpf_halo_A[[ID]][i + 1] + __hpf_all_C[[ID]][i];
  // REMARK: rewrite-gather.cpp:[[@LINE-3]]:12: remark: 'B' is read at subscripts that are not aligned with the loop: before the loop its 64 elements are gathered on every rank (one MPI_Allgatherv, 512 bytes per rank)
  // REMARK: rewrite-gather.cpp:[[@LINE-4]]:38: remark: 'A' is read at i + 1: before the loop each rank receives a halo of 1 element above its block from the nearest owners (8 bytes per rank) instead of a copy of all 64 elements
  // REMARK: rewrite-gather.cpp:[[@LINE-5]]:49: remark: 'C' is read at subscripts that are not aligned with the loop: before the loop its 64 elements are gathered on every rank (one MPI_Allgatherv, 256 bytes per rank)
  double s = 0;
#pragma hpf independent reduction(+ : s)
  for (int i = 0; i < N; ++i)
    s += C[N - 1 - i];
  // CHECK: { const std::vector<float> __hpf_all_C[[ID2:[0-9]+]] = C.gather();
  // CHECK-NEXT: for (int i = 0; i < N; ++i)
  // CHECK-NEXT: s += __hpf_all_C[[ID2]][N - 1 - i]; }
  // REMARK: remark: independent loop writes no distributed array and reads none at its index: it runs on every rank
  return s > 0 ? 0 : 1;
}
