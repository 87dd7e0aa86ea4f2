// 1-D Jacobi-style stencils (reads at i - 1, i + 1, i + 2) under block,
// block(k) with empty ranks, gen_block with small and empty blocks (sizes
// computed at run time) and cyclic(2): the block-like ones exchange halos,
// cyclic(2) a halo per block; every variant prints the sequential result on
// 1..5 ranks.
// REQUIRES: mpi
// RUN: %e2e --tmp %t --ranks 1,2,3,4,5 %s | FileCheck %s
// CHECK: e2e: sequential output: block {{[0-9]+}}
// CHECK: e2e: -n 1: same output
// CHECK: e2e: -n 2: same output
// CHECK: e2e: -n 3: same output
// CHECK: e2e: -n 4: same output
// CHECK: e2e: -n 5: same output
// RUN: %hpfcc -Rhpf -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=REMARK
// REMARK: remark: 'U' is read at i - 1 .. i + 1: each rank receives a halo of 1 element below and 1 above its block from the nearest owners (16 bytes per rank), sent before the loop, instead of a copy of all 61 elements
// REMARK: remark: 'K' is read at i - 1 .. i + 1: each rank receives a halo of 1 element below and 1 above its block
// REMARK: remark: 'G' is read at i - 1 .. i + 1: each rank receives a halo of 1 element below and 1 above its block
// REMARK: remark: 'G' is read at i + 1 .. i + 2: each rank receives a halo of 2 elements above its block from the nearest owners (16 bytes per rank)
// REMARK: remark: alignment of 'G' with 'U' is checked at run time; if they differ, each rank fetches the elements its iterations read from their owners before the loop (all 61 elements, gathered, if a distribution is not contiguous)
// REMARK: remark: 'C' is read at i - 1 .. i + 1: each rank receives a halo of 1 below and 1 above each of its blocks (cyclic(2) onto ALL(*)), from the owners of the blocks beside it, sent before the loop, instead of a copy of all 61 elements
#include <cstdio>
#include <vector>
#ifdef __HPFCC__
#include "mpi/Env.h"
#endif

constexpr int N = 61;
#pragma hpf processors ALL(*)
long U[N];
long V[N];
long C[N];
long CV[N];
#pragma hpf distribute U(block) onto ALL
#pragma hpf distribute V(block) onto ALL
#pragma hpf distribute C(cyclic(2)) onto ALL
#pragma hpf distribute CV(cyclic(2)) onto ALL

static int processorCount() {
#ifdef __HPFCC__
  return hpf::nranks();
#else
  return 1;
#endif
}

int main() {
#pragma hpf independent
  for (int i = 0; i < N; ++i)
    U[i] = (i * 37) % 101;
#pragma hpf independent
  for (int i = 0; i < N; ++i)
    C[i] = (i * 37) % 101;
  for (int It = 0; It < 3; ++It) {
#pragma hpf independent
    for (int i = 1; i < N - 1; ++i)
      V[i] = (U[i - 1] + 2 * U[i] + U[i + 1]) / 4 + i % 3;
#pragma hpf independent
    for (int i = 1; i < N - 1; ++i)
      U[i] = V[i];
  }
  long S = 0;
#pragma hpf independent reduction(+ : S)
  for (int i = 0; i < N; ++i)
    S += U[i] * (i + 1);
  std::printf("block %ld\n", S);

  // block(k) with k above N / P: the last ranks own little or nothing.
  const int P = processorCount();
  const int Kb = (N + P - 1) / P + 7;
  long K[N];
  long KV[N];
#pragma hpf distribute K(block(Kb)) onto ALL
#pragma hpf distribute KV(block(Kb)) onto ALL
#pragma hpf independent
  for (int i = 0; i < N; ++i)
    K[i] = (i * 37) % 101;
  for (int It = 0; It < 2; ++It) {
#pragma hpf independent
    for (int i = 1; i <= N - 2; ++i)
      KV[i] = K[i - 1] - K[i + 1] + 3 * K[i];
#pragma hpf independent
    for (int i = 1; i < N - 1; ++i)
      K[i] = KV[i] % 1000;
  }
  S = 0;
#pragma hpf independent reduction(+ : S)
  for (int i = 0; i < N; ++i)
    S += K[i] * (i + 1);
  std::printf("block(k) %ld\n", S);

  // gen_block with empty and one-element blocks, the rest on the last rank.
  std::vector<int> Sizes(P, 0);
  int Used = 0;
  for (int R = 0; R + 1 < P; ++R) {
    Sizes[R] = R % 2 == 0 ? 0 : 1 + R % 3;
    Used += Sizes[R];
  }
  Sizes[P - 1] = N - Used;
  long G[N];
  long GV[N];
#pragma hpf distribute G(gen_block(Sizes)) onto ALL
#pragma hpf distribute GV(gen_block(Sizes)) onto ALL
#pragma hpf independent
  for (int i = 0; i < N; ++i)
    G[i] = (i * 11) % 23;
  for (int It = 0; It < 2; ++It) {
#pragma hpf independent
    for (int i = 1; i < N - 1; ++i)
      GV[i] = G[i - 1] + G[i] * G[i + 1] % 7;
#pragma hpf independent
    for (int i = 1; i < N - 1; ++i)
      G[i] = GV[i] % 50;
  }
  // The written array read ahead: old values, as in the sequential loop.
#pragma hpf independent
  for (int i = 0; i < N - 2; ++i)
    G[i] = G[i + 1] + 2 * G[i + 2];
  S = 0;
#pragma hpf independent reduction(+ : S)
  for (int i = 0; i < N; ++i)
    S += G[i] * (i + 1);
  std::printf("gen_block %ld\n", S);
  // G (gen_block) read at i in a loop over U (block): alignment checked at
  // run time; misaligned, each rank fetches the range its iterations read.
#pragma hpf independent
  for (int i = 0; i < N; ++i)
    U[i] = G[i] * 2 + 1;
  S = 0;
#pragma hpf independent reduction(+ : S)
  for (int i = 0; i < N; ++i)
    S += U[i] * (i + 1);
  std::printf("realigned %ld\n", S);

  // cyclic(2): offsets narrower than the blocks: a halo per block.
#pragma hpf independent
  for (int i = 1; i < N - 1; ++i)
    CV[i] = C[i - 1] + C[i + 1];
  S = 0;
#pragma hpf independent reduction(+ : S)
  for (int i = 1; i < N - 1; ++i)
    S += CV[i] * (i + 1);
  std::printf("cyclic(2) %ld\n", S);
  return 0;
}
