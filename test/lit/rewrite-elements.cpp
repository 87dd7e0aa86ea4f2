// Elements of distributed arrays in replicated code (outside independent
// loops): reads become A.get_at(W, k) (the owner broadcasts), A[k] = v
// becomes A.set_at(W, k, v) and A[k] op= v becomes
// A.update_at<hpf::elem_op::op>(W, k, v) (the owner stores), W being the
// literal "file:line:col" of the element, which a failing access names.
// Nested accesses compose; lines are kept.
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
  // CHECK: A.set_at("{{.*}}rewrite-elements.cpp:[[@LINE-1]]:3", k, 1.5);
  A [ k + 1 ]   =   k * 2;
  // CHECK: A.set_at("{{.*}}rewrite-elements.cpp:[[@LINE-1]]:3", k + 1 , k * 2);
  double x = A[k];
  // CHECK: double x = A.get_at("{{.*}}rewrite-elements.cpp:[[@LINE-1]]:14", k);
  A[3] += x;
  // CHECK: A.update_at<hpf::elem_op::add>("{{.*}}rewrite-elements.cpp:[[@LINE-1]]:3", 3, x);
  B[1] <<= 2;
  // CHECK: B.update_at<hpf::elem_op::shl>("{{.*}}rewrite-elements.cpp:[[@LINE-1]]:3", 1, 2);
  B[2] %= 3;
  // CHECK: B.update_at<hpf::elem_op::rem>("{{.*}}rewrite-elements.cpp:[[@LINE-1]]:3", 2, 3);
  A[B[k]] = A[B[k + 1]] + (A[0]);
  // CHECK: A.set_at("{{.*}}rewrite-elements.cpp:[[@LINE-1]]:3", B.get_at("{{.*}}rewrite-elements.cpp:[[@LINE-1]]:5", k), A.get_at("{{.*}}rewrite-elements.cpp:[[@LINE-1]]:13", B.get_at("{{.*}}rewrite-elements.cpp:[[@LINE-1]]:15", k + 1)) + (A.get_at("{{.*}}rewrite-elements.cpp:[[@LINE-1]]:28", 0)));
  double m = std::max(x, static_cast<double>(B[4]));
  // CHECK: double m = std::max(x, static_cast<double>(B.get_at("{{.*}}rewrite-elements.cpp:[[@LINE-1]]:46", 4)));
  std::printf("%g %g %d\n", A[k], m, B[1]);
  // CHECK: hpf::printf("%g %g %d\n", A.get_at("{{.*}}rewrite-elements.cpp:[[@LINE-1]]:29", k), m, B.get_at("{{.*}}rewrite-elements.cpp:[[@LINE-1]]:38", 1));
  for (int j = 0; j < 3; ++j)
    A[j] = A[j + 1];
  // CHECK: A.set_at("{{.*}}rewrite-elements.cpp:[[@LINE-1]]:5", j, A.get_at("{{.*}}rewrite-elements.cpp:[[@LINE-1]]:12", j + 1));
  A[LAST] = HALF(x) + A[LAST - 1];
  // CHECK: A.set_at("{{.*}}rewrite-elements.cpp:[[@LINE-1]]:3", LAST, HALF(x) + A.get_at("{{.*}}rewrite-elements.cpp:[[@LINE-1]]:23", LAST - 1));
  B[5] = std::string("temporary").size();
  // CHECK: B.set_at("{{.*}}rewrite-elements.cpp:[[@LINE-1]]:3", 5, std::string("temporary").size());
  return 0;
}
