// Replicated I/O that hpfcc leaves per rank gets a warning at the token:
// input spelled through a macro, freopen/popen, and file streams that are
// not variables declared with their type.
// RUN: %clang_verify -fplugin-arg-hpf-out=%t.cpp %s
#include <cstdio>
#include <fstream>
#include <iostream>
#pragma hpf processors P(2)
int A[8];
#pragma hpf distribute A(block) onto P

#define READ_INT(x) std::scanf("%d", &(x))

int main() {
  int n = 0;
  READ_INT(n); // expected-warning {{'scanf' through a macro is not rewritten: every rank runs it, and only rank 0 has standard input under mpiexec; call it outside the macro}}
  std::freopen("log.txt", "w", stdout); // expected-warning {{'freopen' in replicated code runs on every rank: hpfcc does one-rank I/O for fopen, tmpfile, remove and rename only}}
  auto T = std::ifstream("in.txt"); // expected-warning {{a std::ifstream that is not a variable declared with that type (a temporary, a member, 'auto') is opened by every rank; declare it as 'std::ifstream name(...)'}}
  std::ifstream("in.txt") >> n; // expected-warning {{a std::ifstream that is not a variable}}
  std::ifstream Fine("in.txt");
  return n;
}
