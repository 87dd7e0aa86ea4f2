// DESIGN.md section 1: cyclic(4) on P(4) -> cyclic(3) on Q(5), all constant:
// the plan is computed at compile time and emitted as constant tables whose
// size depends on the messages (20), not on N.
// RUN: %clang_hpf -fplugin-arg-hpf-out=%t.cpp -fplugin-arg-hpf-remarks %s 2> %t.err
// RUN: %strip_checks %t.cpp | FileCheck %s
// RUN: FileCheck %s --input-file=%t.err --check-prefix=REMARK
// RUN: %clang_hpf -fplugin-arg-hpf-out=%t.rr.cpp -fplugin-arg-hpf-scheduler=round-robin %s
// RUN: %strip_checks %t.rr.cpp | FileCheck %s --check-prefix=RR
// RUN: not %clang_hpf -fplugin-arg-hpf-scheduler=nonsense %s 2>&1 | FileCheck %s --check-prefix=BADSCHED

#include <cstdio>
constexpr int N = 1 << 20;
#pragma hpf processors P(4)
#pragma hpf processors Q(5)
double A[N];
#pragma hpf distribute A(cyclic(4)) onto P
#pragma hpf dynamic A

// CHECK: // Redistribution plans computed at compile time
// CHECK: // {{.*}}rewrite-p-to-q.cpp:{{[0-9]+}}:1: redistribute A cyclic(4) onto P(4) -> cyclic(3) onto Q(5), 1048576 elements
// CHECK-NEXT: // 20 messages in 5 steps (lower bound 5), cost {{[0-9]+}} elements (lower bound 262144), scheduler auto
// CHECK-NEXT: static const hpf::static_message [[PLAN:__hpf_plan_[0-9]+]]_msg[] = {
// CHECK-NEXT:     {0, 0, 52431}, {0, 1, 52429}, {0, 2, 52428}, {0, 3, 52428}, {0, 4, 52428},
// CHECK:      static const int [[PLAN]]_stepoff[] = {
// CHECK-NEXT:     0, 4, 8, 12, 16, 20};
// CHECK:      static const hpf::static_plan [[PLAN]] = {
// CHECK-NEXT:     hpf::static_plan_version, 1048576, 4, 5,
// CHECK-NEXT:     "cyclic(4)", "cyclic(3)", "auto", 0x{{[0-9a-f]+}}ull,
// CHECK-NEXT:     20, [[PLAN]]_msg, 5, [[PLAN]]_stepoff, [[PLAN]]_stepmsg,
// CHECK-NEXT:     {{[0-9]+}}, {{nullptr|__hpf_plan_[0-9]+_groupoff}},
// CHECK-NEXT:     1, [[PLAN]]_extents, 1, 1, [[PLAN]]_grids};
// CHECK: #line 1 "{{.*}}rewrite-p-to-q.cpp"

// RR: "cyclic(4)", "cyclic(3)", "round-robin"
// BADSCHED: error: hpf plugin: unknown scheduler 'nonsense' (known: {{.*}}round-robin

int main() {
#pragma hpf independent
  for (int i = 0; i < N; ++i)
    A[i] = i;
  // The call passes the plan.
#pragma hpf redistribute A(cyclic(3)) onto Q
  // CHECK: hpf::redistribute(A, hpf::cyclic(3), __hpf_procs_Q, [[PLAN]], "{{.*}}rewrite-p-to-q.cpp:[[@LINE-1]]:1");
  // REMARK: rewrite-p-to-q.cpp:[[@LINE-2]]:1: remark: redistribute 'A' static plan (cyclic(4) onto P(4) -> cyclic(3) onto Q(5), 1048576 elements): 20 messages in 5 steps (lower bound 5), cost {{[0-9]+}} elements (lower bound 262144), scheduler auto
  double s = 0;
#pragma hpf independent reduction(+ : s)
  for (int i = 0; i < N; ++i)
    s += A[i];
  std::printf("%.0f\n", s);
}
