// Arrays with the same formats (constant parameters) onto the same
// arrangement are aligned at any rank count, even when the arrangement's
// size is only known at run time (ALL(*)): the loop reads them locally with
// no run-time alignment check and no `aligned ? local : copy` per access
// (which kept the loop from vectorising). Other formats, a run-time
// parameter or another arrangement still get the check.
// RUN: %hpfcc --hpf-emit-source %s | %strip_checks | FileCheck %s
// RUN: %hpfcc -Rhpf -fsyntax-only %s 2>&1 | FileCheck %s --check-prefix=REMARK
constexpr int N = 64;
#pragma hpf processors ALL(*)
#pragma hpf processors Q(2)
double A[N];
double B[N];
double C[N];
double D[N];
#pragma hpf distribute A(cyclic(4)) onto ALL
#pragma hpf distribute B(cyclic(4)) onto ALL
#pragma hpf distribute C(block) onto ALL
#pragma hpf distribute D(cyclic(4)) onto Q

double f(int k) {
  double F[N];
#pragma hpf distribute F(cyclic(k)) onto ALL
  double s = 0;
  // CHECK-LABEL: double f(int k)
  // CHECK: hpfcc::same_mapping(F, A)
#pragma hpf independent reduction(+ : s)
  for (int i = 0; i < N; ++i)
    s += A[i] * F[i];
  return s;
}

int main() {
  // CHECK-LABEL: int main()
  // CHECK-NOT: aligned_for_loop
  // CHECK-NOT: same_mapping
  // CHECK: __hpf_{{A|B}}{{[0-9]+}}[i + __hpf_seg{{[0-9]+}}_0.off] = 1
#pragma hpf independent
  for (int i = 0; i < N; ++i) {
    A[i] = 1;
    B[i] = 2;
  }
  // CHECK-NOT: same_mapping(B, A)
  // CHECK: hpfcc::same_mapping(C, A)
  // CHECK-NOT: same_mapping(B, A)
  // CHECK: hpfcc::same_mapping(D, A)
#pragma hpf independent
  for (int i = 0; i < N; ++i)
    A[i] = B[i] + C[i] + D[i];
  return int(A[3] + f(4));
}
// REMARK-NOT: alignment of 'B'
// REMARK: alignment of 'C' with 'A' is checked at run time
// REMARK: alignment of 'D' with 'A' is checked at run time
// REMARK-NOT: alignment of 'B'
