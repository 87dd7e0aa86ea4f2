// Distributed arrays passed to functions: what stays rejected, and why
// (the argument's token, the reason, and what to write instead).
// RUN: %clang_verify %s
constexpr int N = 16;
double X[N];
double Y[N];
double Plain[N];
#pragma hpf distribute X(block)
#pragma hpf distribute Y(cyclic)

void byVoidPointer(void *A, int n); // expected-note {{parameter declared here}}
void byPointer(double *A, int n) { A[0] = n; }
void extern_body(double (&A)[N]);

double readOnly(const double (&A)[N]) { return A[2]; }
void regrid(double (&A)[N]) {
#pragma hpf redistribute A(cyclic(2)) // expected-error {{parameter 'A' is not dynamic; HPF allows redistribute only on arrays declared dynamic ('#pragma hpf dynamic A' in the function)}}
}
void regridConst(const double (&A)[N]) {
#pragma hpf dynamic A
#pragma hpf redistribute A(cyclic(2)) // expected-error {{parameter 'A' is const: redistributing it would change the caller's array}}
}

struct S {
  void method(double (&A)[N]) { A[0] = 0; }
  void operator()(double (&A)[N]) { A[0] = 0; }
};

void f() {
  byVoidPointer(X, N); // expected-error {{distributed array 'X' is passed to 'byVoidPointer' as 'void *': the parameter must be a reference to an array ('double (&A)[...]') or a pointer to its elements ('double *A') so that it keeps the array's mapping}}
  byPointer(X + 1, N - 1); // expected-error {{distributed array 'X' is passed to 'byPointer' with an offset: the callee would get a part of the array, which has no mapping of its own; pass the whole array and the offset ('byPointer(X, k, ...)', then 'X[k + i]' in the callee)}}
  byPointer(&Y[2], N - 2); // expected-error {{distributed array 'Y' is passed to 'byPointer' with an offset}}
  byPointer(&X[0], N);
  extern_body(X); // expected-error {{distributed array 'X' is passed to 'extern_body', whose body is not in this file: hpfcc rewrites the parameter of a function it compiles}}
  S s;
  s.method(Y); // expected-note {{called with a distributed array here}}
  // A free function called with plain arrays too gets a copy for the
  // distributed ones (e2e-function-copies.cpp); a member function does not.
  s.method(Plain); // expected-error {{'method' is called here with an array that is not distributed, and elsewhere with distributed 'Y' for parameter 'A' (which becomes an hpf::darray); distribute this array too, or call a separate copy of the function}}
  s(X); // expected-error {{distributed array 'X' can only be used as 'X[i]' in an independent loop over i or as an element 'X[k]' in other code}}
  double r = readOnly(Y);
  regrid(X);
  regridConst(Y);
  (void)r;
}
