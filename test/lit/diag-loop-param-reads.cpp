// Elements read through array parameters by the functions an independent
// loop calls are read from a copy made before the loop
// (e2e-loop-param-reads.cpp); where the copy would not hold the sequential
// value, the call is an error at the array it passes, naming the callee's
// read: the loop writes the array in its body, or through the callee
// itself (which writes its parameter), or the array reaches the reading
// function through another one. A callee that only writes its parameter
// is the owner's store (checked at run time), not an error.
// RUN: %clang_verify %s
constexpr int N = 16;
double A[N], B[N];
#pragma hpf distribute A(block)
#pragma hpf distribute B(block)

double viaCref(const double (&X)[N], int k) { return X[k]; } // expected-note 3 {{the element read through the parameter}}
double outer(const double (&X)[N], int k) { return viaCref(X, k); }
double bumped(double (&X)[N], int k) {
  X[k] += 1;
  return X[k]; // expected-note {{the element read through the parameter}}
}
void store(double (&X)[N], int k) { X[k] = 2; }

void inplace(double (&X)[N]) {
#pragma hpf independent
  for (int i = 0; i < N; ++i)
    X[i] = viaCref(X, i) + 1; // expected-error {{'X' is passed to 'viaCref' (called at line 26), which reads its elements (at diag-loop-param-reads.cpp:15), and the independent loop at line 25 writes it: the call would read the elements other ranks' iterations may be changing; read the element in the loop body ('X[i]') and pass the value}}
}

int main() {
#pragma hpf independent
  for (int i = 0; i < N; ++i)
    A[i] = 2 * viaCref(A, i); // expected-error {{'A' is passed to 'viaCref' (called at line 32), which reads its elements (at diag-loop-param-reads.cpp:15), and the independent loop at line 31 writes it}}
#pragma hpf independent
  for (int i = 0; i < N; ++i)
    B[i] = bumped(A, i); // expected-error {{'A' is passed to 'bumped' (called at line 35), which reads its elements (at diag-loop-param-reads.cpp:19), and the independent loop at line 34 writes it}}
#pragma hpf independent
  for (int i = 0; i < N; ++i) {
    B[i] = outer(A, i); // expected-error {{'A' is passed to 'outer' (called at line 38) -> 'viaCref' (called at line 16), which reads its elements (at diag-loop-param-reads.cpp:15), and the independent loop at line 37 writes it}}
    A[i] = 1;
  }
#pragma hpf independent
  for (int i = 0; i < N; ++i) {
    B[i] = 0;
    store(B, i);
  }
  inplace(A);
  return int(A[0] + B[0]);
}
