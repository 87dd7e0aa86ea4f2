// Reductions with &&, ||, &, | and ^ (as OpenMP has them): each rank
// combines its iterations, one MPI_Allreduce per variable combines the
// ranks, and the variable's value before the loop takes part once (^ is
// not idempotent: the parts start at 0). Same output as sequential at
// -n 1..4, including a starting value that decides the result.
// REQUIRES: mpi
// RUN: %e2e --tmp %t --ranks 1,2,3,4 %s | FileCheck %s
// CHECK: e2e: sequential output: all 1 any 1 none 0 allbig 0 and 0x
// CHECK: e2e: -n 1: same output
// CHECK: e2e: -n 2: same output
// CHECK: e2e: -n 3: same output
// CHECK: e2e: -n 4: same output
// RUN: %hpfcc --hpf-emit-source %s | %strip_checks | FileCheck %s --check-prefix=CODE
// CODE: hpf::allreduce_land(all)
// CODE: hpf::allreduce_lor(any)
// CODE: hpf::allreduce_band(bits_and)
// CODE: hpf::allreduce_bor(bits_or)
// CODE: = __hpf_parity0_{{[0-9]+}} ^ hpf::allreduce_bxor(parity)
#include <cstdio>

constexpr int N = 1000;
#pragma hpf processors P(*)
unsigned V[N];
#pragma hpf distribute V(cyclic(7)) onto P

int main() {
#pragma hpf independent
  for (int i = 0; i < N; ++i)
    V[i] = (i * 2654435761u) ^ (i << 3);
  bool all = true, any = false, none = false, allbig = true;
  unsigned bits_and = ~0u, bits_or = 0, parity = 0x5a5a5a5au;
#pragma hpf independent reduction(&& : all, allbig) reduction(|| : any, none)
  for (int i = 0; i < N; ++i) {
    all = all && V[i] != 7;
    allbig = allbig && V[i] > 1000;
    any = any || V[i] % 97 == 3;
    none = none || V[i] == 12345;
  }
#pragma hpf independent reduction(& : bits_and) reduction(| : bits_or) reduction(^ : parity)
  for (int i = 0; i < N; ++i) {
    bits_and &= V[i] | 0xf0f0f0f0u;
    bits_or = bits_or | (V[i] & 0x0f0f0f0fu);
    parity ^= V[i];
  }
  std::printf("all %d any %d none %d allbig %d and 0x%08x or 0x%08x xor 0x%08x\n",
              all, any, none, allbig, bits_and, bits_or, parity);
}
