// Independent loops that cannot be rewritten faithfully: each gets an error
// that says why (never wrong results).
// RUN: %clang_verify %s
#include <vector>
constexpr int N = 64;
#pragma hpf processors P(4)
double A[N];
#pragma hpf distribute A(block) onto P
double B[N];
#pragma hpf distribute B(cyclic) onto P
double C[32];
#pragma hpf distribute C(block) onto P
double Rep[N];

int step();
void setStep(int &S) { S = 2; } // changes the step through a call

int main() {
  double s = 0;
  int j = 0, m = 0, st = 1;
#pragma hpf independent // expected-error {{'independent' must be followed by a for loop}}
  s = 1;
#pragma hpf independent
  for (j = 0; j < N; ++j) A[j] = 0; // j, declared before: nothing reads it after the loop before the next loop assigns it
#pragma hpf independent
  for (; m < N; ++m) A[m] = 0; // expected-error {{independent loops must have the form 'for (int i = lb; i < ub; ++i)': start the integer index in the loop's header ('int i = lb' or 'i = lb')}}
#pragma hpf independent
  for (int i = 0; i != N; i += 2) A[i] = 0; // expected-error {{'i != bound' is supported with a step of 1 or -1 only (with another step the index may step over the bound; write < or >)}}
#pragma hpf independent
  for (int i = 0; i == N; ++i) A[i] = 0; // expected-error {{the condition must compare 'i' with <, <=, > or >=}}
#pragma hpf independent
  for (int i = 0; i < N; i += 0) A[i] = 0; // expected-error {{the step of the index 'i' is 0: the loop would never end}}
#pragma hpf independent
  for (int i = N - 1; i >= 0; ++i) A[i] = 0; // expected-error {{the index 'i' steps by 1 but the condition counts down: the loop would never end (or never start)}}
#pragma hpf independent
  for (int i = 1; i < N; i *= 2) A[i] = 0; // expected-error {{independent loops must step the index 'i' by a loop-invariant amount ('++i', '--i', 'i += s', 'i -= s' or 'i = i + s')}}
#pragma hpf independent
  for (int i = 0; i < N; i += j) { A[i] = 0; j = 2; } // expected-error {{the step of the index 'i' must be loop-invariant: 'j' is assigned in the loop}}
#pragma hpf independent
  for (int i = 0; i < N; i += st) { A[i] = 0; setStep(st); } // expected-error {{the step of the index 'i' must be loop-invariant: 'st' is assigned in the loop}}
#pragma hpf independent
  for (int i = 0; i < N; i += step()) A[i] = 0; // expected-error {{the step of the index 'i' must be loop-invariant: it calls a function (evaluate it into a variable before the loop)}}
#pragma hpf independent
  for (int i = 0; i < N; i = 2 - i) A[i] = 0; // expected-error {{independent loops must step the index 'i' by a loop-invariant amount}}
#pragma hpf independent
  for (int i = 0; i < N - 1; ++i) A[i + 1] = 0; // expected-error {{subscript of distributed array 'A' must be the loop index 'i' where it is written (other subscripts can only be read)}}
#pragma hpf independent
  for (int i = 0; i < N; ++i) s += A[i]; // expected-error {{'s' is assigned in an independent loop: each rank would keep a different value; declare it in a reduction clause or inside the loop}}
#pragma hpf independent
  for (int i = 0; i < N; ++i) Rep[i] = Rep[i] * A[i]; // expected-error {{'Rep' is not distributed: writing it in an independent loop would leave each rank a different copy, and this store reads the element it writes: only plain stores ('Rep[k] = ...') whose value does not read the element are delivered to every rank after the loop}}
#pragma hpf independent
  for (int i = 0; i < N; ++i) { A[i] = 1; if (i > 3) break; } // expected-error {{'break' cannot leave an independent loop}}
#pragma hpf independent
  for (int i = 0; i < N; ++i) { if (i == 3) return 1; A[i] = 0; } // expected-error {{'return' cannot leave an independent loop}}
#pragma hpf independent
  for (int i = 0; i < N; ++i) { i += 0; A[i] = 0; } // expected-error {{the loop index 'i' must not be modified in the body}}
#pragma hpf independent reduction(+: s)
  for (int i = 0; i < N; ++i) s *= A[i]; // expected-error {{this update of 's' does not match its reduction operator '+'}}
#pragma hpf independent reduction(max: s)
  for (int i = 0; i < N; ++i) s = A[i]; // expected-error {{this update of 's' does not match its reduction operator 'max'}}
#pragma hpf independent reduction(+: s)
  for (int i = 0; i < N; ++i) A[i] = s; // expected-error {{reduction variable 's' may only appear in its reduction update (e.g. 's += ...' for +)}}
  double *q = Rep;
#pragma hpf independent reduction(+: q) // expected-error {{reduction variable 'q' must have an arithmetic type or be a fixed-size array of one (as in OpenMP), not 'double *'}}
  for (int i = 0; i < N; ++i) A[i] = 0;
#pragma hpf independent reduction(+: s) reduction(max: s) // expected-error {{'s' appears in more than one reduction}}
  for (int i = 0; i < N; ++i) s += A[i];
  std::vector<double> v;
#pragma hpf independent
  for (int i = 0; i < N; ++i) v.push_back(A[i]); // expected-error {{non-const member function 'push_back' called on 'v', declared outside the independent loop: each rank would change its own copy differently}}
  double *p = &s;
#pragma hpf independent
  for (int i = 0; i < N; ++i) p[i] = A[i]; // expected-error {{writes through pointers or references are not allowed in an independent loop}}
#pragma hpf independent
  for (int i = 0; i < N; ++i) { B[i] = 1; A[i] = 2; } // expected-warning {{'A' (block) is not aligned with 'B' (cyclic), and the loop writes it: 'A' is redistributed to the mapping of 'B' for the loop and back after it (two redistributions of 64 elements); distribute it like 'B' to avoid them}}
#pragma hpf independent
  for (int i = 0; i < 32; ++i) { C[i] = 1; A[i] = 2; } // expected-error {{'A' (64 elements) is not aligned with 'C' (32 elements) in this loop (not supported yet)}}
#pragma hpf independent
  for (int i = 0; i < N; ++i) {
    A[i] = 1;
#pragma hpf independent
    for (int k = 0; k < N; ++k) B[k] = 0; // expected-error {{'B' is written at the index of the loop over 'k', but this nest runs the loop over 'i' over the elements of 'A' each rank owns: distributed arrays can be written only at 'i'}}
  }
#pragma hpf independent
  for (int i = 0; i < N; ++i) {
#pragma hpf independent
    for (int k = N - 1; k >= 0; k -= 1)
      A[k] = A[k + 1]; // expected-error {{'A' is written in this loop, so it can be read only as 'A[k]' or 'A[k - c]' with a constant c > 0 (this loop counts down; other subscripts may read elements the loop has already changed)}}
  }
  return 0;
}

int bounds(int n) {
#pragma hpf independent
  for (int i = 0; i < N - i; ++i) A[i] = n; // expected-error {{the bound must not depend on 'i'}}
  return 0;
}

// Reads at other subscripts are gathered; the written array only at i + c.
double W[N];
#pragma hpf distribute W(block) onto P
void gathered(int n) {
#pragma hpf independent
  for (int i = 0; i < N - 2; ++i)
    W[i] = W[i + 2] + W[1 + i] + W[n - 1 - i]; // expected-error {{'W' is written in this loop, so it can be read only as 'W[i]' or 'W[i + c]' with a constant c > 0 (other subscripts may read elements the loop has already changed)}}
#pragma hpf independent
  for (int i = 1; i < N; ++i)
    W[i] = W[i - 1]; // expected-error {{'W' is written in this loop, so it can be read only as 'W[i]'}}
}

// Bounds that read a distributed element (every rank evaluates them where
// the rows are split).
void elementBound() {
#pragma hpf independent
  for (int i = 0; i < int(A[0]); ++i) // expected-error {{the bounds of an independent loop cannot read the distributed array 'A' yet: copy the element into a variable before the loop}}
    C[i % 32] = 1;
#pragma hpf independent
  for (int i = int(B[1]); i < 32; ++i) // expected-error {{the bounds of an independent loop cannot read the distributed array 'B' yet}}
    C[i] = 2;
}
