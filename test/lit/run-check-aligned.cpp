// Alignment that only the run time knows: an independent loop that writes
// two arrays checks it with one call (hpfcc::check_aligned, runtime/hpfcc/
// checks.h) and stops the program on every rank, naming both mappings and
// the directive, when they differ; with equal mappings the loop runs.
// REQUIRES: mpi
// RUN: %clang_hpf -fplugin-arg-hpf-out=%t.cpp %s
// RUN: %strip_checks %t.cpp | FileCheck %s --check-prefix=CODE
// RUN: %hpfcc %s -o %t.exe
// RUN: %mpiexec -n 2 %t.exe | FileCheck %s --check-prefix=SAME
// RUN: not %mpiexec -n 2 %t.exe differ 2>&1 | FileCheck %s
// CHECK: hpfrt: error: rank {{[01]}}: independent at {{.*}}run-check-aligned.cpp:[[@LINE+16]]:1: 'H' (cyclic(3)) is not aligned with 'G' (block)
// SAME: sum 120
#include <cstdio>
#pragma hpf processors ALL(*)
double G[16];
double H[16];
#pragma hpf distribute G(block) onto ALL
#pragma hpf distribute H(block) onto ALL
#pragma hpf dynamic H

int main(int argc, char **) {
  if (argc > 1) {
#pragma hpf redistribute H(cyclic(3)) onto ALL
  }
  double s = 0;
  // CODE: /* #pragma hpf independent reduction(+ : s) */ { hpfcc::check_aligned(H, "H", G, "G", "{{.*}}run-check-aligned.cpp:[[@LINE+1]]:1"); double *__restrict const
#pragma hpf independent reduction(+ : s)
  for (int i = 0; i < 16; ++i) {
    G[i] = i;
    H[i] = G[i];
    s += H[i];
  }
  std::printf("sum %.0f\n", s);
  return 0;
}
