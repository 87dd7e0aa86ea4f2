// HPF's NUMBER_OF_PROCESSORS() where a directive takes an expression
// (processors extents, block and cyclic sizes), with no header; and hpf.h's
// hpf::number_of_processors() / hpf::my_processor() in code that also builds
// sequentially (1 and 0 there; e2e.py adds -I"$(hpfcc --print-include-dir)"
// to the sequential build). Same output as sequential at -n 1..4.
// REQUIRES: mpi
// RUN: %e2e --tmp %t --ranks 1,2,3,4 %s | FileCheck %s
// CHECK: e2e: sequential output: sum 499500 shifted 500500 chunks 499500 root 1 local 9900
// CHECK: e2e: -n 1: same output
// CHECK: e2e: -n 2: same output
// CHECK: e2e: -n 3: same output
// CHECK: e2e: -n 4: same output
// RUN: %hpfcc --hpf-emit-source %s | %strip_checks | FileCheck %s --check-prefix=CODE
// CODE: const hpf::processors __hpf_procs_P(static_cast<int>(hpf::number_of_processors()),
// CODE: (N + hpf::number_of_processors() - 1) / hpf::number_of_processors()
// CODE: hpf::number_of_processors() + 1
// RUN: %hpfcc -Wall -Wextra -Werror -c %s -o %t.o
// RUN: bash -c 'test -f "$(%hpfcc --print-include-dir)/hpf.h"'
#include <cstdio>
#include <hpf.h>

constexpr int N = 1000;
#pragma hpf processors P(number_of_processors())
int A[N];
#pragma hpf distribute A(block((N + number_of_processors() - 1) / number_of_processors())) onto P
int B[N];
#pragma hpf distribute B(cyclic(number_of_processors() + 1)) onto P

// At function scope too (the carrier's declaration must not warn there).
long local_sum() {
#pragma hpf processors Q(number_of_processors())
  int L[100];
#pragma hpf distribute L(cyclic(number_of_processors())) onto Q
  long t = 0;
#pragma hpf independent
  for (int i = 0; i < 100; ++i)
    L[i] = 2 * i;
#pragma hpf independent reduction(+ : t)
  for (int i = 0; i < 100; ++i)
    t += L[i];
  return t;
}

int main() {
#pragma hpf independent
  for (int i = 0; i < N; ++i)
    A[i] = i;
#pragma hpf independent
  for (int i = 0; i < N; ++i)
    B[i] = i + 1;
  long sum = 0, shifted = 0;
#pragma hpf independent reduction(+ : sum)
  for (int i = 0; i < N; ++i)
    sum += A[i];
#pragma hpf independent reduction(+ : shifted)
  for (int i = 0; i < N; ++i)
    shifted += B[i];
  // Replicated code splitting work by the processor count: the same total.
  const int parts = hpf::number_of_processors();
  long chunks = 0;
  for (int p = 0; p < parts; ++p)
    for (int i = p * N / parts; i < (p + 1) * N / parts; ++i)
      chunks += i;
  // Replicated output comes from processor 0, as the sequential program's.
  std::printf("sum %ld shifted %ld chunks %ld root %d local %ld\n", sum,
              shifted, chunks, hpf::my_processor() == 0, local_sum());
}
