// A redistribute the flow walk can only find by asking the effects
// analysis what a statement runs: a local's destructor, a default member
// initializer, a constructor's member initializer, an override reached by
// a virtual call, a default argument, a lambda handed to std::for_each,
// one stored in a std::function. Each array is block, then cyclic after
// its path; a loop then adds an array that stays block. Believing the
// first still block (aligned with the second, no check) would add the
// wrong elements.
// REQUIRES: mpi
// RUN: %e2e --tmp %t --ranks 1,2,3,4 %s | FileCheck %s
// CHECK: e2e: -n 1: same output
// CHECK: e2e: -n 2: same output
// CHECK: e2e: -n 3: same output
// CHECK: e2e: -n 4: same output
// RUN: %clang_hpf -fplugin-arg-hpf-remarks %s 2>&1 | FileCheck %s --check-prefix=REMARK
// REMARK-COUNT-7: remark: alignment of 'B' with 'A{{[1-7]}}' is checked at run time
#include <algorithm>
#include <cstdio>
#include <functional>

constexpr int N = 24;
#pragma hpf processors ALL(*)
double B[N];
#pragma hpf distribute B(block) onto ALL
double A1[N], A2[N], A3[N], A4[N], A5[N], A6[N], A7[N];
#pragma hpf distribute A1(block) onto ALL
#pragma hpf distribute A2(block) onto ALL
#pragma hpf distribute A3(block) onto ALL
#pragma hpf distribute A4(block) onto ALL
#pragma hpf distribute A5(block) onto ALL
#pragma hpf distribute A6(block) onto ALL
#pragma hpf distribute A7(block) onto ALL
#pragma hpf dynamic A1, A2, A3, A4, A5, A6, A7

struct Guard {
  ~Guard() {
#pragma hpf redistribute A1(cyclic) onto ALL
  }
};

int toCyclic2() {
#pragma hpf redistribute A2(cyclic) onto ALL
  return 2;
}
struct Member {
  int X = toCyclic2();
};

int toCyclic3() {
#pragma hpf redistribute A3(cyclic) onto ALL
  return 3;
}
struct Init {
  int Y;
  Init() : Y(toCyclic3()) {}
};

struct Base {
  virtual void go() {}
};
struct Derived : Base {
  void go() override {
#pragma hpf redistribute A4(cyclic) onto ALL
  }
};

int toCyclic5() {
#pragma hpf redistribute A5(cyclic) onto ALL
  return 5;
}
int withDefault(int K = toCyclic5()) { return K; }

double weighted(const double (&A)[N]) {
  double S = 0;
#pragma hpf independent reduction(+ : S)
  for (int i = 0; i < N; ++i)
    S += A[i] * (i + 1);
  return S;
}

int main() {
#pragma hpf independent
  for (int i = 0; i < N; ++i)
    B[i] = 100 * i;
#pragma hpf independent
  for (int i = 0; i < N; ++i) {
    A1[i] = i;
    A2[i] = i;
    A3[i] = i;
    A4[i] = i;
    A5[i] = i;
    A6[i] = i;
    A7[i] = i;
  }
  { Guard G; }
  { Member M; }
  { Init I; }
  Derived D;
  Base *P = &D;
  P->go();
  int K = withDefault();
  int V[2] = {1, 2};
  std::for_each(V, V + 1, [](int) {
#pragma hpf redistribute A6(cyclic) onto ALL
  });
  std::function<void()> F = [&K] {
    ++K;
#pragma hpf redistribute A7(cyclic) onto ALL
  };
  F();
#pragma hpf independent
  for (int i = 0; i < N; ++i)
    A1[i] += B[i];
#pragma hpf independent
  for (int i = 0; i < N; ++i)
    A2[i] += B[i];
#pragma hpf independent
  for (int i = 0; i < N; ++i)
    A3[i] += B[i];
#pragma hpf independent
  for (int i = 0; i < N; ++i)
    A4[i] += B[i];
#pragma hpf independent
  for (int i = 0; i < N; ++i)
    A5[i] += B[i];
#pragma hpf independent
  for (int i = 0; i < N; ++i)
    A6[i] += B[i];
#pragma hpf independent
  for (int i = 0; i < N; ++i)
    A7[i] += B[i];
  std::printf("A1 %g A2 %g A3 %g A4 %g\n", weighted(A1), weighted(A2),
              weighted(A3), weighted(A4));
  std::printf("A5 %g A6 %g A7 %g K %d\n", weighted(A5), weighted(A6),
              weighted(A7), K);
  return 0;
}
