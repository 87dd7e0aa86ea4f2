// A distribute directive naming a parameter: where it may stand.
// RUN: %clang_verify %s
constexpr int N = 16;
double X[N];
#pragma hpf distribute X(block)

void late(double (&A)[N]) {
  A[0] = 1;
#pragma hpf distribute A(cyclic) // expected-error {{the distribute directive of parameter 'A' must come before the parameter's first use in the function (it sets the mapping the whole body sees); to change the mapping later, declare it dynamic and redistribute it}}
}

void unbound(double (&A)[N]) {
#pragma hpf distribute A(cyclic) // expected-error {{'A' is a parameter of 'unbound' that no call passes a distributed array to: a distribute directive on a parameter says how the function wants the distributed arrays passed to it (distribute the caller's array, or name the parameter in '#pragma hpf inherit A' before the function)}}
  A[0] = 1;
}

void f() {
  late(X);
  double Plain[N] = {};
  unbound(Plain);
}
