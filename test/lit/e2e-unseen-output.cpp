// Replicated code calling functions defined in another file that print
// (NAS's c_print_results): every rank runs them with the same values, and
// only rank 0's output is kept (hpf::quiet_others around the call), so the
// output is printed once, as in the sequential run. Nested calls too.
// REQUIRES: mpi
// RUN: %e2e --tmp %t --ranks 1,2,3 --other %S/Inputs/unseen-report.cpp %s | FileCheck %s
// RUN: %hpfcc --hpf-emit-source %s | %strip_checks | FileCheck %s --check-prefix=REWRITE
// CHECK: e2e: sequential output: before
// CHECK: e2e: -n 1: same output
// CHECK: e2e: -n 2: same output
// CHECK: e2e: -n 3: same output
// REWRITE: ((void)hpf::quiet_others{}, report("sum", s));
// REWRITE: ((void)hpf::quiet_others{}, report("n", ((void)hpf::quiet_others{}, bumped(3))));
// A header's inline function is silenced only if it may print: twice is
// called as it is (silencing costs system calls on the other ranks).
// REWRITE: ((void)hpf::quiet_others{}, shout("inline"));
// REWRITE-NEXT: ((void)hpf::quiet_others{}, report("twice", twice(s)));
// In replicated loops, silenced once around the outermost loop (one
// silencing per call costs the other ranks system calls every iteration):
// REWRITE: { hpf::quiet_others __hpf_quiet; for (int r = 0; r < 3; ++r)
// REWRITE-NEXT: for (int c = 0; c < 2; ++c)
// REWRITE-NEXT: report("cell", bumped(r * 2 + c)); }
// REWRITE-NEXT: int k = 0;
// REWRITE-NEXT: { hpf::quiet_others __hpf_quiet; while (k < 2) {
// but not around a loop that holds a distributed loop (its iterations
// print on their own ranks), nor across a lambda (it may run later):
// REWRITE: for (int r = 0; r < 2; ++r) {
// REWRITE: ((void)hpf::quiet_others{}, report("row", r));
// REWRITE: auto later = [&] { ((void)hpf::quiet_others{}, report("later", 1)); };
// nor around a loop calling a function of this file that runs one:
// REWRITE: for (int r = 0; r < 2; ++r) {
// REWRITE-NEXT: ((void)hpf::quiet_others{}, report("step", r));
// REWRITE-NEXT: scale(r);
#include <cstdio>

#include "Inputs/unseen-inline.h"

void report(const char *Name, double Value);
int bumped(int X);

constexpr int N = 40;
double A[N];
#pragma hpf distribute A(block)

void scale(int r);

int main() {
  std::printf("before\n");
#pragma hpf independent
  for (int i = 0; i < N; ++i)
    A[i] = i;
  double s = 0;
#pragma hpf independent reduction(+: s)
  for (int i = 0; i < N; ++i)
    s += A[i];
  report("sum", s);
  report("n", bumped(3));
  shout("inline");
  report("twice", twice(s));
  for (int r = 0; r < 3; ++r)
    for (int c = 0; c < 2; ++c)
      report("cell", bumped(r * 2 + c));
  int k = 0;
  while (k < 2) {
    report("k", k);
    ++k;
  }
  for (int r = 0; r < 2; ++r) {
    report("row", r);
#pragma hpf independent
    for (int i = 0; i < N; ++i)
      A[i] += r;
  }
  for (int r = 0; r < 2; ++r) {
    auto later = [&] { report("later", 1); };
    later();
  }
  for (int r = 0; r < 2; ++r) {
    report("step", r);
    scale(r);
  }
  std::printf("after\n");
}

void scale(int r) {
#pragma hpf independent
  for (int i = 0; i < N; ++i)
    A[i] *= r + 1;
}
