// gen_block with a constexpr array (static plan) and with a run-time array
// (plan at run time); std::array works like a C array.
// RUN: %clang_hpf -std=c++20 -fplugin-arg-hpf-out=%t.cpp -fplugin-arg-hpf-remarks %s 2> %t.err
// RUN: %strip_checks %t.cpp | FileCheck %s
// RUN: FileCheck %s --input-file=%t.err --check-prefix=REMARK
#include <array>

constexpr int N = 16;
constexpr long Before[4] = {2, 6, 4, 4};
constexpr std::array<int, 4> After = {4, 4, 6, 2};
#pragma hpf processors P(4)
double A[N];
#pragma hpf distribute A(gen_block(Before)) onto P
// CHECK: hpf::darray<double> A(16, hpf::gen_block(Before), __hpf_procs_P, "{{.*}}");
// REMARK: remark: distribute 'A': gen_block(2, 6, 4, 4) onto P(4), 16 elements of double
#pragma hpf dynamic A

int main(int argc, char **) {
  int Sizes[4] = {argc, 8 - argc, 4, 4};
#pragma hpf redistribute A(gen_block(After))
  // CHECK: hpf::redistribute(A, hpf::gen_block(After), __hpf_procs_P, __hpf_plan_{{[0-9]+}}, "{{.*}}");
  // REMARK: remark: redistribute 'A' static plan (gen_block(2, 6, 4, 4) onto P(4) -> gen_block(4, 4, 6, 2) onto P(4), 16 elements): {{[0-9]+}} messages
#pragma hpf redistribute A(gen_block(Sizes))
  // CHECK: hpf::redistribute(A, hpf::gen_block(Sizes), __hpf_procs_P, "{{.*}}");
  // REMARK: remark: redistribute 'A' plan made at run time: target: gen_block(Sizes) is not a constant array (make it constexpr)
}
