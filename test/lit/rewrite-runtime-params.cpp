// Parameters known only at run time stay source expressions; the plan is
// made at run time (remark says why).
// RUN: %clang_hpf -fplugin-arg-hpf-out=%t.cpp -fplugin-arg-hpf-remarks %s 2> %t.err
// RUN: %strip_checks %t.cpp | FileCheck %s
// RUN: FileCheck %s --input-file=%t.err --check-prefix=REMARK

int main(int argc, char **) {
  const int k = argc + 2;
  const int n = argc;
#pragma hpf processors R(n)
  // CHECK: const hpf::processors __hpf_procs_R(static_cast<int>(n), "{{.*}}:[[@LINE-1]]:1");
#pragma hpf processors W(*)
  // CHECK: const hpf::processors __hpf_procs_W = hpf::processors::all();
  float X[64];
#pragma hpf distribute X(cyclic(k)) onto R
  // CHECK: hpf::darray<float> X(64, hpf::cyclic(static_cast<hpf::index_t>(k)), __hpf_procs_R, "{{.*}}");
#pragma hpf dynamic X
#pragma hpf redistribute X(block(k * 20)) onto W
  // CHECK: hpf::redistribute(X, hpf::block(static_cast<hpf::index_t>(k * 20)), __hpf_procs_W, "{{.*}}:[[@LINE-1]]:1");
  // REMARK: remark: redistribute 'X' plan made at run time: source: the size of R(n) is only known at run time
#pragma hpf redistribute X(cyclic(2))
  // Without 'onto' the array stays on its distribute arrangement (R).
  // CHECK: hpf::redistribute(X, hpf::cyclic(2), __hpf_procs_R, "{{.*}}");
  // REMARK: remark: redistribute 'X' plan made at run time: source: the size of W(*) is only known at run time
}
