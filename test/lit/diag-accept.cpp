// What issue 13 ("accept what people write") still rejects, each with its
// reason at its token.
// RUN: %clang_verify %s

constexpr int N = 8;

int main(int argc, char **) {
  double A[N];
#pragma hpf distribute A(block)
#pragma hpf dynamic A
  // Only independent takes the statement form: a redistribute as the
  // unbraced body would change which statement the if controls.
  if (argc > 1)
#pragma hpf redistribute A(cyclic) // expected-error {{an hpf redistribute directive cannot be the body of an if, loop or case label without braces}}
    ;
#pragma hpf independent // expected-error {{'independent' must be followed by a for loop}}
  while (argc < 0)
    ;
  return 0;
}

// A call that returns its const reference argument, kept as a reference,
// would refer to the element after the statement: not only a read.
#include <algorithm>
double G[N];
#pragma hpf distribute G(block)
double keep() {
  const double &r = std::max(G[1], G[2]); // expected-error 2 {{element of distributed array 'G' can only be read, assigned}}
  return r;
}
