// Constant multi-dimensional redistributions get a compile-time plan, like
// rank-1 ones: the -Rhpf remark says so, the runtime checks the tables
// before use (HPF_VERIFY=1 also compares checksums), the parallel run prints
// what the sequential one prints, and the plan is the one the runtime makes
// for the same mappings (same fingerprint: Inputs/runtime-plan-nd.cpp asks
// the runtime's plan cache with HPF_SCHEDULER set, which ignores static plans).
// REQUIRES: mpi
// RUN: %clang_hpf -fplugin-arg-hpf-out=%t.cpp -fplugin-arg-hpf-remarks %s 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: %e2e --tmp %t --ranks 4 --env HPF_VERIFY=1 %s | FileCheck %s
// RUN: %hpfcc -std=c++20 %S/Inputs/runtime-plan-nd.cpp -o %t.runtime-plan
// RUN: env MPIEXEC_TIMEOUT=60 HPF_SCHEDULER=auto %mpiexec -n 4 %t.runtime-plan > %t.runtime.txt
// RUN: %python %S/Inputs/same-fingerprints.py %t.cpp %t.runtime.txt
// CHECK: e2e: sequential output: sum
// CHECK: e2e: -n 4: same output
#include <cstdio>

constexpr int R = 12, C = 10;
#pragma hpf processors P(4)
#pragma hpf processors G(2, 2)
long M[R][C];
#pragma hpf distribute M(block, *) onto P
#pragma hpf dynamic M

int main() {
#pragma hpf independent
  for (int i = 0; i < R; ++i) {
#pragma hpf independent
    for (int j = 0; j < C; ++j)
      M[i][j] = i * 100 + j;
  }
  // REMARK: remark: redistribute 'M' static plan ((block, *) onto P(4) -> (*, block) onto P(4), 120 elements): 16 messages
#pragma hpf redistribute M(*, block) onto P
  // REMARK: remark: redistribute 'M' static plan ((*, block) onto P(4) -> (block, cyclic(2)) onto G(2, 2), 120 elements)
#pragma hpf redistribute M(block, cyclic(2)) onto G
  long s = 0;
#pragma hpf independent reduction(+ : s)
  for (int i = 0; i < R; ++i) {
#pragma hpf independent
    for (int j = 0; j < C; ++j)
      s += M[i][j] * (i + j);
  }
  std::printf("sum %ld M[7][3] %ld\n", s, M[7][3]);
  return 0;
}
