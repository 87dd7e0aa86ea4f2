// I/O in distributed loops: input read there is per rank (a warning), and a
// file of replicated code used there is an error (its I/O is collective:
// ranks running different iterations would wait for each other).
// RUN: %clang_verify %s
#include <cstdio>
#include <fstream>
#include <iostream>
#pragma hpf processors P(2)
int A[8];
#pragma hpf distribute A(block) onto P

int main() {
  std::FILE *F = std::fopen("out.txt", "w");
  std::ofstream Out("out2.txt");
#pragma hpf independent
  for (int i = 0; i < 8; ++i) {
    std::scanf("%d", &A[i]); // expected-warning {{input in an independent loop is read by the rank that owns each iteration, and under mpiexec only rank 0 has standard input}}
    std::fprintf(F, "%d\n", A[i]); // expected-error {{'F' is a file of replicated code (one rank does its I/O for all): it cannot be used in an independent loop, whose iterations run on different ranks; move the I/O out of the loop}}
    Out << A[i]; // expected-error {{'Out' is a file of replicated code}}
  }
#pragma hpf independent
  for (int i = 0; i < 8; ++i) {
    std::FILE *G = std::fopen("per-rank.txt", "a"); // opened in the loop: per rank, fine
    std::fprintf(G, "%d\n", A[i]);
    std::fclose(G);
  }
  std::fclose(F);
  return 0;
}
