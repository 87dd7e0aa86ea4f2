// Reads at subscripts other than the loop index (A[i + 1], B[n - 1 - i],
// B[Perm[i]]) and of arrays distributed differently from the loop's
// (B[i] with B cyclic(k), k from the command line) give the sequential
// results on 1..4 ranks: each is served by a copy gathered before the loop.
// REQUIRES: mpi
// RUN: %e2e --tmp %t --ranks 1,2,3,4 %s | FileCheck %s
// CHECK: e2e: sequential output: shift
// CHECK: e2e: -n 1: same output
// CHECK: e2e: -n 2: same output
// CHECK: e2e: -n 3: same output
// CHECK: e2e: -n 4: same output
#include <cstdio>

constexpr int N = 97;
#pragma hpf processors ALL(*)
long A[N];
int Perm[N];
#pragma hpf distribute A(block) onto ALL
#pragma hpf distribute Perm(cyclic) onto ALL

int main(int argc, char **) {
  int k = argc + 2; // 3, unknown to the compiler
  int n = N - argc + 1;
  long B[N];
#pragma hpf distribute B(cyclic(k)) onto ALL
#pragma hpf independent
  for (int i = 0; i < N; ++i)
    A[i] = i * i % 31;
#pragma hpf independent
  for (int i = 0; i < N; ++i)
    Perm[i] = (i * 5 + 2) % N;
#pragma hpf independent
  for (int i = 0; i < N; ++i)
    B[i] = 3 * i + 1;
  // The written array read ahead: old values, as in the sequential loop.
#pragma hpf independent
  for (int i = 0; i < N - 2; ++i)
    A[i] = A[i + 1] + A[i + 2] + B[n - 1 - i];
  long s = 0;
#pragma hpf independent reduction(+ : s)
  for (int i = 0; i < N; ++i)
    s += A[i] * (i + 1);
  std::printf("shift %ld\n", s);
  // B[i] with B cyclic(k) in a loop over block A; B[Perm[i]] with Perm
  // cyclic: index arrays inside the subscript.
#pragma hpf independent
  for (int i = 0; i < N; ++i)
    A[i] = B[i] - B[Perm[i]];
  long t = 0, u = 0;
#pragma hpf independent reduction(+ : t, u)
  for (int i = 0; i < N; ++i) {
    t += A[i] * (i % 7);
    u += B[N - 1 - i] * i;
  }
  std::printf("gathered %ld %ld\n", t, u);
  return 0;
}
