// Input and files of replicated code point at the runtime's replicated I/O
// (rank 0 acts, every rank sees the outcome); calls that take the FILE or
// stream (fgets, fprintf, >>, getline, fclose) stay as written, and
// std::remove the algorithm is not remove the C function.
// RUN: %clang_hpf -fplugin-arg-hpf-out=%t.cpp %s
// RUN: %strip_checks %t.cpp | FileCheck %s
#include <algorithm>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <string>
#pragma hpf processors P(2)
int A[8];
#pragma hpf distribute A(block) onto P

int main() {
  int n = 0;
  std::scanf("%d", &n);
  // CHECK: hpf::scanf("%d", &n);
  std::cin >> n;
  // CHECK: hpf::in() >> n;
  std::string s;
  std::getline(std::cin, s);
  // CHECK: std::getline(hpf::in(), s);
  int c = getchar();
  // CHECK: int c = hpf::getchar();
  std::FILE *F = std::fopen("f.txt", "w");
  // CHECK: std::FILE *F = hpf::fopen("f.txt", "w");
  std::fprintf(F, "%d\n", c);
  // CHECK: std::fprintf(F, "%d\n", c);
  std::fclose(F);
  // CHECK: std::fclose(F);
  char buf[16];
  std::fgets(buf, sizeof buf, stdin);
  // CHECK: std::fgets(buf, sizeof buf, hpf::in_file());
  std::ofstream Out("g.txt");
  // CHECK: hpf::ofstream Out("g.txt");
  std::ifstream In("g.txt");
  // CHECK: hpf::ifstream In("g.txt");
  std::fstream Both;
  // CHECK: hpf::fstream Both;
  std::cerr << "e";
  // CHECK: hpf::err() << "e";
  std::remove("f.txt");
  // CHECK: hpf::remove("f.txt");
  std::rename("g.txt", "h.txt");
  // CHECK: hpf::rename("g.txt", "h.txt");
  int V[3] = {1, 2, 1};
  std::remove(V, V + 3, 1);
  // CHECK: std::remove(V, V + 3, 1);
  putchar('x');
  // CHECK: hpf::putchar('x');
#pragma hpf independent
  for (int i = 0; i < 8; ++i) {
    A[i] = i;
    std::FILE *G = std::fopen("per-rank.txt", "a");
    // CHECK: std::FILE *G = std::fopen("per-rank.txt", "a");
    std::fclose(G);
  }
  return 0;
}
