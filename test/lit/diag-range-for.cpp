// Range-for over distributed arrays: what stays rejected, and why (at the
// token).
// RUN: %clang_verify %s
#include <cstdio>
#include <vector>

constexpr int N = 16;
double A[N], B[N];
#pragma hpf distribute A(block)
#pragma hpf distribute B(cyclic)
double M[N][N];
#pragma hpf distribute M(block, *)
double Plain[N];
int calls = 0;

void touch(int k) { A[k] = 1; } // expected-error {{distributed array 'A' is changed here, in the body of a range-for over it (through 'touch' (called at line 29)): the loop runs over a copy of the array gathered before it, which would not see the change}}

#define EACH(x, a) for (double x : a)

void f() {
  for (auto &Row : M) // expected-error {{range-for over distributed array 'M' of rank 2: its elements are rows; only one-dimensional arrays are supported (write an index loop nest)}}
    (void)Row;
  EACH(y, A) (void)y; // expected-error {{range-for over distributed array 'A' must be written outside macros}}
  for (double x : A)
    A[2] = x; // expected-error {{distributed array 'A' is changed in the body of a range-for over it that reads its elements: the loop runs over a copy of the array gathered before it, which would not see the change; write an index loop}}
  for (auto &x : A)
    x = A[0]; // expected-error {{distributed array 'A' is used in the body of a range-for over it that writes its elements: the loop runs over a copy of the array gathered before it, and stores its elements back after it; change the elements through the loop variable only, or write an index loop}}
  for (double x : A)
    touch(int(x));
  double s = 0;
#pragma hpf independent
  for (double x : A)
    s += x; // expected-error {{'s' is written here, in the independent range-for over 'A', and the body runs on the rank that owns each element: each rank would keep a different value; add it to a reduction clause, or declare it in the body}}
#pragma hpf independent reduction(+: s)
  for (double x : A)
    s = x; // expected-error {{'s' is in a reduction clause of the independent range-for over 'A': the loop may only update it with the clause's operator}}
#pragma hpf independent
  for (double x : A)
    std::printf("%g\n", x); // expected-error {{the independent range-for over 'A' prints}}
#pragma hpf independent reduction(+: s)
  for (double x : A)
    s += x + B[0]; // expected-error {{distributed array 'B' is used in the independent range-for over 'A', whose iterations run on the ranks that own their elements: use the loop variable, or write an index loop over i that reads 'B[i]'}}
#pragma hpf independent
  for (double x : Plain) // expected-error {{an independent range-for must run over a whole distributed array or vector ('for (double x : A)'); write an index loop over the array it works on}}
    (void)x;
#pragma hpf independent
  for (int i = 0; i < N; ++i)
    for (double x : B) // expected-error {{range-for over distributed array 'B' in an independent loop: a loop over a whole distributed array runs on every rank together, in replicated code}}
      A[i] += x;
}
