// Output inside a distributed independent loop cannot keep the sequential
// order: a warning says so (replicated output is printed by rank 0).
// RUN: %clang_verify %s
#include <cstdio>
#pragma hpf processors P(2)
int A[8];
#pragma hpf distribute A(block) onto P

int main() {
#pragma hpf independent
  for (int i = 0; i < 8; ++i) {
    A[i] = i;
    std::printf("%d\n", A[i]); // expected-warning {{output in an independent loop is written by the rank that owns each iteration, not in the sequential order}}
  }
#pragma hpf independent
  for (int i = 0; i < 8; ++i)
    if (A[i] < 0)
      std::perror("negative"); // expected-warning {{output in an independent loop is written by the rank that owns each iteration, not in the sequential order}}
#pragma hpf independent
  for (int i = 0; i < 8; ++i)
    std::puts(A[i] ? "odd" : "even"); // expected-warning {{output in an independent loop is written by the rank that owns each iteration, not in the sequential order}}
#pragma hpf independent
  for (int i = 0; i < 2; ++i)
    std::printf("replicated %d\n", i); // no distributed array: every rank runs it, rank 0 prints
  return 0;
}
