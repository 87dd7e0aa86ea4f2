// Elements of distributed arrays in replicated code (outside independent
// loops): reads become A.get(k) (the owner broadcasts), A[k] = v becomes
// A.set(k, v) and A[k] op= v becomes A.update<hpf::elem_op::op>(k, v) (the
// owner stores). Nested accesses compose; lines are kept.
// RUN: %clang_hpf -fplugin-arg-hpf-out=%t.cpp %s
// RUN: %strip_checks %t.cpp | FileCheck %s
#include <algorithm>
#include <cstdio>
#include <string>
#define LAST 19
#define HALF(x) ((x) / 2)
#pragma hpf processors P(3)
double A[20];
int B[20];
#pragma hpf distribute A(cyclic(2)) onto P
#pragma hpf distribute B(block) onto P

int main(int argc, char **) {
  int k = argc + 2;
  A[k] = 1.5;
  // CHECK: A.set(k, 1.5);
  A [ k + 1 ]   =   k * 2;
  // CHECK: A.set(k + 1 , k * 2);
  double x = A[k];
  // CHECK: double x = A.get(k);
  A[3] += x;
  // CHECK: A.update<hpf::elem_op::add>(3, x);
  B[1] <<= 2;
  // CHECK: B.update<hpf::elem_op::shl>(1, 2);
  B[2] %= 3;
  // CHECK: B.update<hpf::elem_op::rem>(2, 3);
  A[B[k]] = A[B[k + 1]] + (A[0]);
  // CHECK: A.set(B.get(k), A.get(B.get(k + 1)) + (A.get(0)));
  double m = std::max(x, static_cast<double>(B[4]));
  // CHECK: double m = std::max(x, static_cast<double>(B.get(4)));
  std::printf("%g %g %d\n", A[k], m, B[1]);
  // CHECK: hpf::printf("%g %g %d\n", A.get(k), m, B.get(1));
  for (int j = 0; j < 3; ++j)
    A[j] = A[j + 1];
  // CHECK: A.set(j, A.get(j + 1));
  A[LAST] = HALF(x) + A[LAST - 1];
  // CHECK: A.set(LAST, HALF(x) + A.get(LAST - 1));
  B[5] = std::string("temporary").size();
  // CHECK: B.set(5, std::string("temporary").size());
  return 0;
}
