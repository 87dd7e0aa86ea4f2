// Owner-computes loops: an outer loop over the rank's owned segments, the
// user's loop inside with local addressing (no owner test, no index
// translation per element); reductions + * min max combine across ranks.
// RUN: %clang_hpf -fplugin-arg-hpf-out=%t.cpp %s
// RUN: %strip_checks %t.cpp | FileCheck %s
#include <algorithm>
#include <cmath>
constexpr int N = 100;
#pragma hpf processors P(4)
double A[N];
double B[N];
#pragma hpf distribute A(cyclic(3)) onto P
#pragma hpf distribute B(cyclic(3)) onto P

int main() {
#pragma hpf independent
  for (int i = 0; i < N; ++i) {
    A[i] = i;
    B[i] = 2 * A[i];
  }
  // CHECK: /* #pragma hpf independent */ { double *__restrict const __hpf_A[[ID:[0-9]+]] = A.local_data(); double *__restrict const __hpf_B[[ID]] = B.local_data();
  // CHECK-NEXT: for (const hpfcc::segment __hpf_seg[[ID]]_0 : hpfcc::owned_segments(A, 0, 0, N)) { auto __hpf_inner[[ID]] = [&](const auto __hpf_A[[ID]], const auto __hpf_B[[ID]], const hpfcc::segment __hpf_seg[[ID]]_0) __attribute__((always_inline)) { for (int i = __hpf_seg[[ID]]_0.lo; i < __hpf_seg[[ID]]_0.hi; ++i) {
  // CHECK-NEXT: __hpf_A[[ID]][i + __hpf_seg[[ID]]_0.off] = i;
  // CHECK-NEXT: __hpf_B[[ID]][i + __hpf_seg[[ID]]_0.off] = 2 * __hpf_A[[ID]][i + __hpf_seg[[ID]]_0.off];
  // CHECK-NEXT: } }; const auto __hpf_at[[ID]] = __hpf_seg[[ID]]_0.lo + __hpf_seg[[ID]]_0.off; if (hpfcc::vector_aligned(__hpf_A[[ID]] + __hpf_at[[ID]], __hpf_B[[ID]] + __hpf_at[[ID]])) __hpf_inner[[ID]](hpfcc::assume_vector_aligned(__hpf_A[[ID]] + __hpf_at[[ID]]), hpfcc::assume_vector_aligned(__hpf_B[[ID]] + __hpf_at[[ID]]), hpfcc::rebased(__hpf_seg[[ID]]_0)); else __hpf_inner[[ID]](__hpf_A[[ID]], __hpf_B[[ID]], __hpf_seg[[ID]]_0); } } }
  double s = 1, p = 1, lo = 1e300, hi = -1e300;
  long count = 0;
#pragma hpf independent reduction(+ : s, count) reduction(*: p) reduction(min: lo) reduction(max: hi)
  for (long i = 10; i <= N - 1; i++) {
    s += A[i];
    count++;
    p *= 1.0 + B[i] * 1e-6;
    lo = std::min(lo, A[i]);
    hi = std::fmax(B[i], hi);
  }
  // CHECK: { double *__restrict const __hpf_A[[ID2:[0-9]+]] = A.local_data(); double *__restrict const __hpf_B[[ID2]] = B.local_data(); const auto __hpf_s0_[[ID2]] = s; s = 0; const auto __hpf_count0_[[ID2]] = count; count = 0; const auto __hpf_p0_[[ID2]] = p; p = 1;
  // CHECK-NEXT: for (const hpfcc::segment __hpf_seg[[ID2]]_0 : hpfcc::owned_segments(A, 0, 10, (N - 1) + 1)) { auto __hpf_inner[[ID2]] = [&](const auto __hpf_A[[ID2]], const auto __hpf_B[[ID2]], const hpfcc::segment __hpf_seg[[ID2]]_0) __attribute__((always_inline)) { for (long i = __hpf_seg[[ID2]]_0.lo; i < __hpf_seg[[ID2]]_0.hi; i++) {
  // CHECK: } s = __hpf_s0_[[ID2]] + hpf::allreduce_sum(s); count = __hpf_count0_[[ID2]] + hpf::allreduce_sum(count); p = __hpf_p0_[[ID2]] * hpf::allreduce_prod(p); lo = hpf::allreduce_min(lo); hi = hpf::allreduce_max(hi); }
  unsigned n = 0;
#pragma hpf independent
  for (unsigned u = 0; u < 50; u += 1)
    B[u] = u;
  // CHECK: for (unsigned u = __hpf_seg{{[0-9]+}}_0.lo; u < static_cast<unsigned int>(__hpf_seg{{[0-9]+}}_0.hi); u += 1)
  // CHECK-NEXT: __hpf_B{{[0-9]+}}[u + __hpf_seg{{[0-9]+}}_0.off] = u; }; {{.*}} } } }
#pragma hpf independent reduction(+: n)
  for (int k = 0; k < 3; ++k)
    n += k;
  // A loop without distributed arrays is split by its iterations: rank r
  // runs the r-th block, the reduction combined after the loop.
  // CHECK: /* #pragma hpf independent reduction(+: n) */ {{.*}} const hpfcc::steps __hpf_share[[K:[0-9]+]] = hpfcc::share_of_iterations(0, 3, 1, false, "{{.*}}rewrite-loops.cpp:45:1");
  // CHECK-NEXT: for (int k = __hpf_share[[K]].first; k < __hpf_share[[K]].end; ++k)
  // CHECK-NEXT: n += k; n = __hpf_n0_[[K]] + hpf::allreduce_sum(n); }
  return static_cast<int>(s + p + lo + hi + count + n) & 1;
}
