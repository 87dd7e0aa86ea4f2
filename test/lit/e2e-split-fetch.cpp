// Loops over no home array, split over the ranks by their iterations,
// that read one-dimensional distributed arrays at functions of the index:
// each rank fetches the elements its block of iterations reads (cyclic(3)
// and block arrays, a reduction, a replicated array written and sent to
// all after the loop) instead of gathering the arrays. Exact on 1..4
// ranks, with HPF_VERIFY's checks of the inspectors' subscripts.
// REQUIRES: mpi
// RUN: %e2e --tmp %t --ranks 1,2,3,4 --env HPF_VERIFY=1 %s | FileCheck %s
// CHECK: e2e: sequential output: s=19984.0000 t=-6781.0000
// CHECK: e2e: -n 1: same output
// CHECK: e2e: -n 2: same output
// CHECK: e2e: -n 3: same output
// CHECK: e2e: -n 4: same output
// RUN: %hpfcc -Rhpf -fsyntax-only %s 2>&1 | FileCheck %s --check-prefix=REMARK
// REMARK: :[[#@LINE+19]]:10: remark: 'C[N - 1 - i]' is read without a gather: its subscript is a function of 'i', so before the loop each rank fetches only the elements the iterations of 'i' it runs read (listed on every run)
// REMARK: :[[#@LINE+18]]:35: remark: 'D[(i * 7) % N]' is read without a gather
#include <cstdio>

constexpr int N = 64;
float C[N];
double D[N];
#pragma hpf distribute C(cyclic(3))
#pragma hpf distribute D(block)

int main() {
#pragma hpf independent
  for (int i = 0; i < N; ++i) {
    C[i] = i * 0.5f - 3;
    D[i] = 100 - i;
  }
  double s = 0, t = 0;
#pragma hpf independent reduction(+ : s)
  for (int i = 0; i < N; ++i)
    s += C[N - 1 - i] * (i + 1) + D[(i * 7) % N];
  double W[N];
#pragma hpf independent
  for (int i = 0; i < N - 1; ++i)
    W[i] = C[i + 1] - D[N - 1 - i];
  for (int i = 0; i < N - 1; ++i)
    t += W[i] * (i % 5);
  std::printf("s=%.4f t=%.4f\n", s, t);
}
