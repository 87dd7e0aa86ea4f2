// An independent loop writing an array whose mapping is known at compile
// time to differ from the home array's: a warning at the element says what
// it costs, and the array is redistributed to the home's mapping for the
// loop and back after it (the same hpfcc::aligned_for_loop as when only
// the run time knows, e2e-realign-written.cpp). P(2) and P(3) arrangements:
// run at 3 and 4 ranks too (ranks outside them run nothing).
// REQUIRES: mpi
// RUN: %e2e --tmp %t --ranks 3,4 %s | FileCheck %s
// RUN: %hpfcc -fsyntax-only %s 2>&1 | FileCheck %s --check-prefix=WARN
// CHECK: e2e: -n 3: same output
// CHECK: e2e: -n 4: same output
#include <cstdio>

constexpr int N = 40;
#pragma hpf processors P(3)
double G[N], H[N];
#pragma hpf distribute G(block) onto P
#pragma hpf distribute H(cyclic(3)) onto P

int main() {
  double s = 0;
  for (int round = 0; round < 2; ++round) {
#pragma hpf independent reduction(+ : s)
    for (int i = 0; i < N; ++i) {
      G[i] = i + round;
      // WARN: e2e-realign-written-const.cpp:[[@LINE+1]]:7: warning: 'H' (cyclic(3)) is not aligned with 'G' (block), and the loop writes it: 'H' is redistributed to the mapping of 'G' for the loop and back after it (two redistributions of 40 elements); distribute it like 'G' to avoid them
      H[i] = H[i] * 0.5 + G[i];
      s += H[i];
    }
  }
  double t = 0;
#pragma hpf independent reduction(+ : t)
  for (int i = 0; i < N; ++i)
    t += H[i] * (i % 4);
  std::printf("s %.3f t %.3f H[5] %.3f H[39] %.3f\n", s, t, H[5], H[39]);
  return 0;
}
