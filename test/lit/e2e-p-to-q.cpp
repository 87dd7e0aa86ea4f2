// Constant arrangements P(2) -> Q(3): static plans (checked by the runtime
// against its own tables before use), gen_block from a constexpr array, a
// run-time gen_block, indirect, and a removed no-op redistribute.
// REQUIRES: mpi
// RUN: %e2e --tmp %t --ranks 3,5 --env HPF_VERIFY=1 --flag=-Rhpf %s | FileCheck %s
// CHECK: e2e: sequential output: total=
// CHECK: e2e: -n 3: same output
// CHECK: e2e: -n 5: same output
#include <cstdio>

constexpr int N = 120;
constexpr long Uneven[3] = {10, 70, 40};
#pragma hpf processors P(2)
#pragma hpf processors Q(3)
int A[N];
#pragma hpf distribute A(cyclic(4)) onto P
#pragma hpf dynamic A
int Map[N];

int main(int argc, char **) {
#pragma hpf independent
  for (int i = 0; i < N; ++i)
    A[i] = i * i % 97;
#pragma hpf redistribute A(cyclic(5)) onto Q
#pragma hpf redistribute A(gen_block(Uneven)) onto Q
  long Sizes[3] = {40 + argc - 1, 40, 40 - argc + 1};
#pragma hpf redistribute A(gen_block(Sizes)) onto Q
  for (int i = 0; i < N; ++i)
    Map[i] = (i / 7) % 3;
#pragma hpf redistribute A(indirect(Map)) onto Q
#pragma hpf redistribute A(block) onto P
#pragma hpf redistribute A(cyclic(N / 2)) onto P
  long total = 0, weighted = 0;
#pragma hpf independent reduction(+ : total, weighted)
  for (int i = 0; i < N; ++i) {
    total += A[i];
    weighted += static_cast<long>(A[i]) * i;
  }
  std::printf("total=%ld weighted=%ld\n", total, weighted);
}
