// Elements of distributed arrays outside independent loops: what hpfcc
// cannot translate faithfully is an error, never a silent change.
// RUN: %clang_verify %s
#define ELEM(X, K) X[K]
#define ELEM2(X, K, L) X[K][L]
#pragma hpf processors P(2)
double A[10];
#pragma hpf distribute A(block) onto P
double B[4][6];
#pragma hpf distribute B(block, *) onto P

void take(double &);
void f(int k) {
  A[k] = 1;
  double y = A[k] + A[k + 1];
  ++A[k]; // expected-error {{'++'/'--' on an element of distributed array 'A' is not supported; write 'A[k] += 1'}}
  A[k]--; // expected-error {{'++'/'--' on an element of distributed array 'A'}}
  double *p = &A[k]; // expected-error {{element of distributed array 'A' can only be read, assigned ('=', 'op=') or extracted into ('in >> A[k]'), whole or field by field, outside independent loops (no address, reference or member function call)}}
  take(A[k]); // expected-error {{element of distributed array 'A' can only be read, assigned}}
  y = A[k] = 2; // expected-error {{the value of an assignment to an element of distributed array 'A' cannot be used (not supported yet)}}
  y = ELEM(A, k); // expected-error {{element of distributed array 'A' must be written 'A[k]' outside macros}}
  k[A] = 3; // expected-error {{element of distributed array 'A' must be written 'A[k]' outside macros}}
  y = ELEM2(B, k, 1); // expected-error {{element of distributed array 'B' must be written 'B[k][j]' outside macros}}
  (void)y;
  (void)p;
}
