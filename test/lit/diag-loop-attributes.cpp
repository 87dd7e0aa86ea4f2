// Loop attributes and loop hints on an independent loop: hpfcc says at the
// attribute that it cannot keep them (the loop is rewritten into a loop over
// the rank's segments, which would leave them before a block, where they do
// not compile), also on an inner level of a nest whose outer loop has no
// braces (the directive's statement form keeps the inner loop in scope).
// On a loop inside an independent loop they stay as written
// (e2e-loop-attributes.cpp runs that case).
// RUN: %clang_verify %s
constexpr int N = 64;
#pragma hpf processors P(4)
#pragma hpf processors G(2, 2)
double A[N];
#pragma hpf distribute A(block) onto P
double M[N][N];
#pragma hpf distribute M(block, block) onto G

void f() {
#pragma hpf independent
  [[clang::code_align(32)]] for (int i = 0; i < N; ++i) // expected-error {{hpfcc cannot yet keep '[[clang::code_align]]' on an independent loop}}
    A[i] = i;
#pragma hpf independent
#pragma clang loop unroll_count(2) // expected-error {{hpfcc cannot yet keep '#pragma clang loop' on an independent loop}}
  for (int i = 0; i < N; ++i)
    A[i] += 1;
#pragma hpf independent
#pragma unroll 4 // expected-error {{hpfcc cannot yet keep '#pragma unroll' on an independent loop}}
  for (int i = 0; i < N; ++i)
    A[i] += 2;
#pragma hpf independent
  for (int i = 0; i < N; ++i)
#pragma hpf independent
    [[clang::code_align(64)]] for (int j = 0; j < N; ++j) // expected-error {{hpfcc cannot yet keep '[[clang::code_align]]' on an independent loop}}
      M[i][j] = i + j;
}
