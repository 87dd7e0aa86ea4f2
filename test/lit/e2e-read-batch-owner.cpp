// A replicated loop whose element reads have one owner per iteration
// (`rho = rho + r[j] * r[j]`, NAS CG's norm left without its independent
// directive): the reads join the loop's exchange (one MPI_Allgatherv before
// the loop) instead of one owner broadcast per iteration
// (analysis/replicated/ReadBatches.cpp). Where the reads cannot be listed
// (the loop stores into the array), the owner still evaluates the value,
// and -Rhpf says it is one broadcast per iteration. Same output as the
// sequential build at -n 1..3.
// REQUIRES: mpi
// RUN: %hpfcc -Rhpf -fsyntax-only %s 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: %e2e --tmp %t --ranks 1,2,3 %s | FileCheck %s
// CHECK: e2e: sequential output: rho {{[0-9.]+}} {{[0-9.]+}}
// CHECK: e2e: -n 1: same output
// CHECK: e2e: -n 2: same output
// CHECK: e2e: -n 3: same output
#include <cstdio>

constexpr int N = 40;
double r[N], p[N];
#pragma hpf distribute r(block)
#pragma hpf distribute p(block)

int main() {
  int j;
  double rho = 0, beta = 0.5;
#pragma hpf independent
  for (j = 0; j < N; j++) {
    r[j] = 0.25 * j - 3;
    p[j] = 1;
  }
  // REMARK-DAG: [[@LINE+1]]:3: remark: the element reads of this loop (2 per iteration) are listed before it
  for (j = 0; j < N; j++) {
    rho = rho + r[j] * r[j];
  }
  double sum = 0;
  for (j = 0; j < N; j++) {
    // REMARK-DAG: [[@LINE+1]]:17: remark: this value is computed by the owner of its 2 element reads and broadcast: one broadcast per iteration of the loop at line [[@LINE-1]] (not listed before the loop: 'p' is stored into in the loop)
    sum = sum + p[j] * p[j];
    p[j] = r[j] + beta * p[j];
  }
  std::printf("rho %.6f %.6f\n", rho, sum);
  return 0;
}
