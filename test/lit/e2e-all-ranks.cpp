// Sequential equivalence on every rank count: arrays on all ranks (P(*)),
// redistributed through several formats, with +, *, min and max reductions.
// REQUIRES: mpi
// RUN: %e2e --tmp %t --ranks 1,2,3,4,5 %s | FileCheck %s
// RUN: %e2e --tmp %t.alltoallv --ranks 3 --env HPF_STRATEGY=alltoallv --env HPF_VERIFY=1 %s | FileCheck %s
// CHECK: e2e: sequential output: sum=
// CHECK: same output
#include <algorithm>
#include <cstdio>

constexpr int N = 1000;
#pragma hpf processors P(*)
double A[N];
long B[N];
#pragma hpf distribute A(block) onto P
#pragma hpf distribute B(block) onto P
#pragma hpf dynamic A, B

int main() {
#pragma hpf independent
  for (int i = 0; i < N; ++i) {
    A[i] = (i * 37) % 101;
    B[i] = i;
  }
#pragma hpf redistribute A(cyclic(3)) onto P
#pragma hpf redistribute B(cyclic(3)) onto P
  double sum = 0, prod = 1, mn = 1e9, mx = -1e9;
  long idx = 0;
#pragma hpf independent reduction(+ : sum, idx) reduction(* : prod) reduction(min : mn) reduction(max : mx)
  for (int i = 0; i < N; ++i) {
    sum += A[i] * B[i];
    idx += B[i];
    prod *= (i % 50 == 0) ? 2.0 : 1.0;
    mn = std::min(mn, A[i] - B[i]);
    mx = A[i] + B[i] > mx ? A[i] + B[i] : mx;
  }
  std::printf("sum=%.0f idx=%ld prod=%.0f min=%.0f max=%.0f\n", sum, idx, prod, mn, mx);
#pragma hpf redistribute A(cyclic) onto P
#pragma hpf independent
  for (int i = 10; i <= N - 10; ++i)
    A[i] = A[i] * 2 + 1;
#pragma hpf redistribute A(block(N)) onto P
  double check = 0;
#pragma hpf independent reduction(+ : check)
  for (int i = 0; i < N; ++i)
    check += A[i] * (i % 13);
  std::printf("check=%.0f\n", check);
  return 0;
}
