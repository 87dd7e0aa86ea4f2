// Functions with prototypes that take distributed arrays: a declaration in
// another file (a header) cannot get the parameter's new type, and a
// prototype without a body in this file has no body to rewrite. Both are
// errors at the argument, with the reason.
// RUN: %clang_verify -I %S/Inputs %s
#include "prototypes.h"

double X[N];
double Y[N];
#pragma hpf distribute X(block)
#pragma hpf distribute Y(cyclic)

void neverDefined(double (&A)[N]);
void definedHere(double (&A)[N]);

void f() {
  declaredInHeader(X); // expected-error {{distributed array 'X' is passed to 'declaredInHeader', which is also declared in another file ('prototypes.h'): hpfcc rewrites the parameter's type (to an hpf::darray) in this file only; write '#pragma hpf inherit A' right before that declaration (the function then takes distributed arrays only), or declare the function in this file only}}
  double r = readInHeader(Y, N); // expected-error {{distributed array 'Y' is passed to 'readInHeader', which is also declared in another file ('prototypes.h')}}
  neverDefined(Y); // expected-error {{distributed array 'Y' is passed to 'neverDefined', whose body is not in this file: hpfcc rewrites the parameter of a function it compiles}}
  definedHere(X);
  (void)r;
}

void declaredInHeader(double (&A)[N]) { A[0] = 1; }
double readInHeader(const double *A, int n) { return A[n - 1]; }
void definedHere(double (&A)[N]) { A[1] = 2; }
