// Input in replicated code (issue 13: it hung, since MPICH gives standard
// input to rank 0 only): rank 0 reads, every rank gets what was read.
// scanf, std::cin >>, std::getline(std::cin) and getchar on one stdin, an
// extent read from input sizing the work on a distributed array, and the
// end of input (scanf returns EOF, std::cin fails) seen by every rank.
// REQUIRES: mpi
// RUN: %e2e --tmp %t --ranks 1,2,3,4 --stdin %S/Inputs/io-input.txt %s | FileCheck %s
// CHECK: e2e: sequential output: n=5000 k=7 m=12 x=3.5 line=[hello world, line two] c=Z rest=tail sum=
// CHECK: eof scanf=-1 cin=0 getchar=-1
// CHECK: e2e: -n 4: same output
#include <cstdio>
#include <iostream>
#include <string>

constexpr int N = 8000;
#pragma hpf processors P(*)
long A[N];
#pragma hpf distribute A(block) onto P

int main() {
  int n = 0, k = 0;
  if (std::scanf("%d %d", &n, &k) != 2)
    return 1;
  int m = 0;
  double x = 0;
  std::cin >> m >> x;
  std::string line;
  std::getline(std::cin, line); // the rest of the line: empty
  std::getline(std::cin, line);
  int c = getchar();
  char rest[16] = {};
  std::scanf("%15s", rest);
#pragma hpf independent
  for (int i = 0; i < N; ++i)
    A[i] = i < n ? i % k : 0;
  long sum = 0;
#pragma hpf independent reduction(+ : sum)
  for (int i = 0; i < N; ++i)
    sum += A[i];
  std::printf("n=%d k=%d m=%d x=%.1f line=[%s] c=%c rest=%s sum=%ld\n", n, k,
              m, x, line.c_str(), c, rest, sum);
  int more = 0;
  int s = std::scanf("%d", &more);
  bool ok = bool(std::cin >> more);
  std::printf("eof scanf=%d cin=%d getchar=%d\n", s, ok, getchar());
  return 0;
}
