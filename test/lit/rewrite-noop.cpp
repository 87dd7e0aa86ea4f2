// A redistribute that changes nothing (cyclic(N/P) and block on the same
// arrangement) is removed, with a remark.
// RUN: %clang_hpf -fplugin-arg-hpf-out=%t.cpp -fplugin-arg-hpf-remarks %s 2> %t.err
// RUN: %strip_checks %t.cpp | FileCheck %s
// RUN: FileCheck %s --input-file=%t.err --check-prefix=REMARK
constexpr int N = 100;
#pragma hpf processors P(4)
int A[N];
#pragma hpf distribute A(cyclic(N / 4)) onto P
#pragma hpf dynamic A

int main() {
#pragma hpf redistribute A(block) onto P
  // CHECK: /* #pragma hpf redistribute A(block) onto P */ /* removed: 'A' already has this mapping */
  // CHECK-NOT: hpf::redistribute(
  // REMARK: rewrite-noop.cpp:[[@LINE-3]]:1: remark: redistribute 'A' removed: cyclic(25) onto P(4) and block onto P(4) place every element at the same place
#pragma hpf redistribute A(cyclic(24)) onto P
  // CHECK: hpf::redistribute(A, hpf::cyclic(24), __hpf_procs_P, __hpf_plan_{{[0-9]+}}, "{{.*}}");
}
