// Array reductions (OpenMP 4.5 style): a fixed-size local array, any rank,
// updated at any element in the loop. Each rank accumulates into its copy
// from the identity but rank 0, which keeps the values before the loop
// (+, *, ^), and one MPI_Allreduce combines the whole array; min, max, &&,
// ||, &, | keep the values on every rank. Same output as sequential at
// -n 1..4 (the double sums add exactly representable values, so their
// order cannot show).
// REQUIRES: mpi
// RUN: %e2e --tmp %t --ranks 1,2,3,4 %s | FileCheck %s
// CHECK: e2e: sequential output: hist 73 68 68 70 70 60 59 59 60 60 60 59 58 59 60 60
// CHECK: e2e: -n 1: same output
// CHECK: e2e: -n 2: same output
// CHECK: e2e: -n 3: same output
// CHECK: e2e: -n 4: same output
// RUN: %hpfcc --hpf-emit-source %s | %strip_checks | FileCheck %s --check-prefix=CODE
// CODE: hpf::array_reduction_start(hist, 0);
// CODE-NOT: __hpf_hist0_
// CODE: hpf::allreduce_array(hist, hpf::reduce_op::sum);
// CODE: hpf::allreduce_array(lo, hpf::reduce_op::min);
// CODE: hpf::array_reduction_start(prod, 1)
// CODE: hpf::allreduce_array(all, hpf::reduce_op::land);
// CODE: hpf::allreduce_array(parity, hpf::reduce_op::bxor);
#include <algorithm>
#include <cstdio>

constexpr int N = 1000;
#pragma hpf processors P(*)
int V[N];
#pragma hpf distribute V(cyclic(3)) onto P
double W[40][30];
#pragma hpf distribute W(block, *) onto P

int main() {
#pragma hpf independent
  for (int i = 0; i < N; ++i)
    V[i] = (i * 37 + 11) % 101;
  long hist[16] = {3}; // a value before the loop joins once
  double s[3] = {0.5, 0, -1};
  int h[4][4] = {};
  int lo[4], hi[4];
  for (int k = 0; k < 4; ++k)
    lo[k] = hi[k] = 50;
#pragma hpf independent reduction(+ : hist, s, h) reduction(min : lo)      \
    reduction(max : hi)
  for (int i = 0; i < N; ++i) {
    hist[V[i] % 16] += 1;
    s[i % 3] = s[i % 3] + V[i] * 0.25;
    s[2] -= 0.5;
    h[V[i] % 4][i % 4]++;
    lo[i % 4] = std::min(lo[i % 4], V[i]);
    hi[i % 4] = V[i] > hi[i % 4] ? V[i] : hi[i % 4];
  }
  std::printf("hist");
  for (long x : hist)
    std::printf(" %ld", x);
  std::printf("\ns %.2f %.2f %.2f\nh", s[0], s[1], s[2]);
  for (auto &row : h)
    for (int x : row)
      std::printf(" %d", x);
  std::printf("\nlo %d %d %d %d hi %d %d %d %d\n", lo[0], lo[1], lo[2], lo[3],
              hi[0], hi[1], hi[2], hi[3]);

  // Logical and bitwise operators, and *, on a loop nest over W.
  bool all[3] = {true, true, false}, any[2] = {false, true};
  unsigned bits[2] = {~0u, ~0u}, parity[2] = {5, 0};
  double prod[2] = {2, 1};
#pragma hpf independent reduction(&& : all) reduction(|| : any)            \
    reduction(& : bits) reduction(^ : parity) reduction(* : prod)
  for (int i = 0; i < 40; ++i) {
#pragma hpf independent
    for (int j = 0; j < 30; ++j) {
      W[i][j] = i * 30 + j;
      all[j % 3] = all[j % 3] && W[i][j] < 1200;
      any[0] = any[0] || W[i][j] == 777;
      bits[i % 2] &= ~(unsigned(i * 30 + j) & (i % 2 ? 0x300u : 0x500u));
      parity[(i + j) % 2] ^= unsigned(i * 31 + j * 7);
      if (j == 0 && i % 10 == 0)
        prod[i % 20 / 10] *= 1.5;
    }
  }
  std::printf("all %d %d %d any %d %d bits %08x %08x parity %u %u prod %.4f "
              "%.4f\n",
              all[0], all[1], all[2], any[0], any[1], bits[0], bits[1],
              parity[0], parity[1], prod[0], prod[1]);
}
