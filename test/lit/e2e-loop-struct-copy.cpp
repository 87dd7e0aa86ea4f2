// A struct with an array member assigned inside an independent loop, to a
// variable of the iteration: the implicit assignment operator copies the
// array member with memcpy into `*this`, the object the call is made on,
// which the effects analysis judges at the call (here the loop's own
// variable), as for the writes through `this` of any member function.
// Exact on 1..4 ranks.
// REQUIRES: mpi
// RUN: %e2e --tmp %t --ranks 1,2,3,4 %s | FileCheck %s
// CHECK: e2e: sequential output: structs {{[0-9.]+}} {{[0-9.]+}}
// CHECK: e2e: -n 1: same output
// CHECK: e2e: -n 2: same output
// CHECK: e2e: -n 3: same output
// CHECK: e2e: -n 4: same output
#include <cstdio>

constexpr int N = 24;
static double A[N];
#pragma hpf distribute A(block)

struct Pair {
  double X, Y[2];
};
Pair make(int I) { return Pair{I * 1.0, {I * 2.0, 0.5 * I}}; }

int main() {
#pragma hpf independent
  for (int i = 0; i < N; i++) {
    Pair p[2];
    p[0] = make(i);
    p[1] = make(i + 1);
    Pair q;
    q = p[1];
    A[i] = p[0].X + q.Y[0] + p[1].Y[1];
  }
  double s = 0, m = 0;
  for (int i = 0; i < N; i++) {
    s += A[i];
    m = A[i] > m ? A[i] : m;
  }
  std::printf("structs %.3f %.3f\n", s, m);
  return 0;
}
