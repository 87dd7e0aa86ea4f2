// Directives inside namespaces and functions: generated names are
// qualified where the use is in another scope.
// RUN: %clang_hpf -fplugin-arg-hpf-out=%t.cpp %s
// RUN: %strip_checks %t.cpp | FileCheck %s
namespace grid {
constexpr int N = 40;
#pragma hpf processors P(2)
// CHECK: static const hpf::processors __hpf_procs_P(2, "{{.*}}");
namespace inner {
float V[N];
#pragma hpf distribute V(cyclic(3)) onto P
// CHECK: hpf::darray<float> V(40, hpf::cyclic(3), ::grid::__hpf_procs_P, "{{.*}}");
#pragma hpf dynamic V
void phase() {
#pragma hpf redistribute V(block) onto P
  // CHECK: hpf::redistribute(V, hpf::block(), ::grid::__hpf_procs_P, "{{.*}}");
}
} // namespace inner
} // namespace grid

namespace {
int W[10];
#pragma hpf distribute W(block) onto P
// CHECK: hpf::darray<int> W(10, hpf::block(), ::grid::__hpf_procs_P, "{{.*}}");
} // namespace

int main() {
#pragma hpf processors Two(2)
  // CHECK: const hpf::processors __hpf_procs_Two(2, "{{.*}}");
  double L[8];
#pragma hpf distribute L(block) onto Two
  // CHECK: hpf::darray<double> L(8, hpf::block(), __hpf_procs_Two, "{{.*}}");
  {
    int M[6];
#pragma hpf distribute M(cyclic) onto Two
    // CHECK: hpf::darray<int> M(6, hpf::cyclic(), __hpf_procs_Two, "{{.*}}");
  }
  grid::inner::phase();
}
