// Several arrays and several redistributions in one function. The mapping
// before each redistribute follows the statements: straight-line code keeps
// it known (static plans), a redistribute under an `if` or in a loop makes
// it unknown afterwards (run-time plan), a call of a function that
// redistributes does too.
// RUN: %clang_hpf -fplugin-arg-hpf-out=%t.cpp -fplugin-arg-hpf-remarks %s 2> %t.err
// RUN: %strip_checks %t.cpp | FileCheck %s
// RUN: FileCheck %s --input-file=%t.err --check-prefix=REMARK
constexpr int N = 64;
#pragma hpf processors P(4)
double B[N];
double C[N];
#pragma hpf distribute B(block) onto P
#pragma hpf distribute C(cyclic(2)) onto P
#pragma hpf dynamic B, C

void shuffle() {
#pragma hpf redistribute C(cyclic) onto P
  // REMARK: rewrite-multi.cpp:[[@LINE-1]]:1: remark: redistribute 'C' plan made at run time: the array's mapping before this point depends on control flow
}

void keeper() {
  static double S[N];
#pragma hpf distribute S(block) onto P
#pragma hpf dynamic S
  // A static local keeps its mapping from the previous call.
#pragma hpf redistribute S(cyclic) onto P
  // REMARK: rewrite-multi.cpp:[[@LINE-1]]:1: remark: redistribute 'S' plan made at run time: the array's mapping before this point depends on control flow
#pragma hpf redistribute S(block) onto P
  // REMARK: rewrite-multi.cpp:[[@LINE-1]]:1: remark: redistribute 'S' static plan (cyclic onto P(4) -> block onto P(4)
}

int main(int argc, char **) {
#pragma hpf redistribute B(cyclic) onto P
  // REMARK: :[[@LINE-1]]:1: remark: redistribute 'B' static plan (block onto P(4) -> cyclic onto P(4)
#pragma hpf redistribute C(block) onto P
  // REMARK: :[[@LINE-1]]:1: remark: redistribute 'C' static plan (cyclic(2) onto P(4) -> block onto P(4)
#pragma hpf redistribute B(cyclic(4)) onto P
  // REMARK: :[[@LINE-1]]:1: remark: redistribute 'B' static plan (cyclic onto P(4) -> cyclic(4) onto P(4)
  if (argc > 1) {
#pragma hpf redistribute B(block) onto P
    // REMARK: :[[@LINE-1]]:1: remark: redistribute 'B' static plan (cyclic(4) onto P(4) -> block onto P(4)
  }
#pragma hpf redistribute B(cyclic(8)) onto P
  // REMARK: :[[@LINE-1]]:1: remark: redistribute 'B' plan made at run time: the array's mapping before this point depends on control flow
#pragma hpf redistribute C(cyclic(3)) onto P
  // C is still known: nothing touched it since.
  // REMARK: :[[@LINE-2]]:1: remark: redistribute 'C' static plan (block onto P(4) -> cyclic(3) onto P(4)
  shuffle();
#pragma hpf redistribute C(block) onto P
  // REMARK: :[[@LINE-1]]:1: remark: redistribute 'C' plan made at run time: the array's mapping before this point
  for (int r = 0; r < 2; ++r) {
#pragma hpf redistribute B(block) onto P
    // REMARK: :[[@LINE-1]]:1: remark: redistribute 'B' plan made at run time
  }
}
// CHECK: hpf::redistribute(C, hpf::cyclic(), __hpf_procs_P, "
// CHECK: static hpf::darray<double> S(64, hpf::block(), __hpf_procs_P, "
// CHECK: hpf::redistribute(S, hpf::cyclic(), __hpf_procs_P, "
// CHECK: hpf::redistribute(S, hpf::block(), __hpf_procs_P, __hpf_plan_
// CHECK: hpf::redistribute(B, hpf::cyclic(), __hpf_procs_P, __hpf_plan_
// CHECK: hpf::redistribute(C, hpf::block(), __hpf_procs_P, __hpf_plan_
// CHECK: hpf::redistribute(B, hpf::cyclic(4), __hpf_procs_P, __hpf_plan_
// CHECK: hpf::redistribute(B, hpf::block(), __hpf_procs_P, __hpf_plan_
// CHECK: hpf::redistribute(B, hpf::cyclic(8), __hpf_procs_P, "
// CHECK: hpf::redistribute(C, hpf::cyclic(3), __hpf_procs_P, __hpf_plan_
// CHECK: hpf::redistribute(C, hpf::block(), __hpf_procs_P, "
// CHECK: hpf::redistribute(B, hpf::block(), __hpf_procs_P, "
