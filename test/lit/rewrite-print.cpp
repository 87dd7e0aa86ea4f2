// Output of replicated code goes through rank 0 (hpf::printf, hpf::puts,
// hpf::out(), stderr -> hpf::err_file()); other functions and output inside
// loops are left alone.
// RUN: %clang_hpf -fplugin-arg-hpf-out=%t.cpp %s
// RUN: %strip_checks %t.cpp | FileCheck %s
#include <cstdio>
#include <iostream>
using namespace std;
#pragma hpf processors P(2)
int A[8];
#pragma hpf distribute A(block) onto P

int main() {
  std::printf("%d\n", 1);
  // CHECK: hpf::printf("%d\n", 1);
  printf("plain\n");
  // CHECK: hpf::printf("plain\n");
  puts("line");
  // CHECK: hpf::puts("line");
  std::cout << "x" << std::endl;
  // CHECK: hpf::out() << "x" << std::endl;
  cout << 3 << '\n';
  // CHECK: hpf::out() << 3 << '\n';
  std::fprintf(stderr, "diagnostic\n");
  // CHECK: std::fprintf(hpf::err_file(), "diagnostic\n");
  int s = 0;
#pragma hpf independent reduction(+: s)
  for (int i = 0; i < 8; ++i) {
    A[i] = i;
    s += A[i];
  }
  std::printf("%d\n", s);
  // CHECK: hpf::printf("%d\n", s);
#pragma hpf independent
  for (int k = 0; k < 2; ++k)
    std::printf("replicated %d\n", k);
  // A loop over no distributed array is replicated code: rank 0 prints.
  // CHECK: hpf::printf("replicated %d\n", k);
}
