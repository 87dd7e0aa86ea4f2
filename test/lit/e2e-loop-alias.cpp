// A reference declared in an independent loop's body and bound to an
// element the iteration owns (`auto &u = U[i];`) is that element: writes
// through it are writes of U[i] (the rewrite binds it to the local
// element). Also a field of a struct element, an element of a 2-D nest,
// and a reference to a variable of the body.
// REQUIRES: mpi
// RUN: %e2e --tmp %t --ranks 1,2,3,4 %s | FileCheck %s
// CHECK: e2e: -n 1: same output
// CHECK: e2e: -n 2: same output
// CHECK: e2e: -n 3: same output
// CHECK: e2e: -n 4: same output
#include <cstdio>

constexpr int N = 19;
struct Cell {
  double v;
  int hits;
};
double U[N];
#pragma hpf distribute U(block)
Cell C[N];
#pragma hpf distribute C(cyclic(2))
double M[N][7];
#pragma hpf distribute M(block, *)

int main() {
#pragma hpf independent
  for (int i = 0; i < N; ++i)
    U[i] = i * 0.25;
  const double f = 1.5;
  for (int step = 0; step < 3; ++step) {
#pragma hpf independent
    for (int i = 0; i < N; ++i) {
      auto &u = U[i];
      u = 0.5 * u + f;
      double &w = u;
      w += 1;
    }
  }
#pragma hpf independent
  for (int i = 0; i < N; ++i) {
    C[i].v = i;
    C[i].hits = 0;
  }
#pragma hpf independent
  for (int i = 0; i < N; ++i) {
    int &h = C[i].hits;
    h += i % 3;
    Cell &c = C[i];
    c.v *= 2;
  }
#pragma hpf independent
  for (int i = 0; i < N; ++i)
#pragma hpf independent
    for (int j = 0; j < 7; ++j) {
      double &m = M[i][j];
      m = i * 10 + j;
      double t = 0;
      double &r = t;
      r += m;
      m = r / 2;
    }
  double s = 0;
  for (int i = 0; i < N; ++i)
    std::printf("%d %.6f %.1f %d %.1f\n", i, U[i], C[i].v, C[i].hits,
                M[i][i % 7]);
  return 0;
}
