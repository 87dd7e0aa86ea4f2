// Elements that are structs (trivially copyable): fields written and read
// in independent loops (also at a neighbour's subscript, from a copy),
// whole elements copied in a loop, fields and whole elements read and
// written in replicated code (the owner stores a field through
// set_part/update_part), a redistribute that moves the bytes, and a
// two-dimensional array of structs.
// REQUIRES: mpi
// RUN: %e2e --tmp %t --ranks 1,2,3,4 %s | FileCheck %s
// CHECK: e2e: -n 1: same output
// CHECK: e2e: -n 4: same output
#include <cstdio>

struct Vec {
  double a, b;
};
struct Particle {
  Vec pos;
  double v;
  int id;
};
struct Cell {
  float t;
  short n;
};

constexpr int N = 37;
#pragma hpf processors ALL(*)
Particle P[N];
#pragma hpf distribute P(block) onto ALL
#pragma hpf dynamic P

double energy() {
  double e = 0;
#pragma hpf independent reduction(+ : e)
  for (int i = 0; i < N; ++i)
    e += P[i].v * P[i].v + P[i].pos.a;
  return e;
}

int main() {
#pragma hpf independent
  for (int i = 0; i < N; ++i) {
    P[i].pos.a = i * 0.5;
    P[i].pos.b = -i;
    P[i].v = 1.0 / (i + 1);
    P[i].id = i;
  }
  double s = 0;
#pragma hpf independent reduction(+ : s)
  for (int i = 0; i < N - 1; ++i)
    s += P[i].pos.a * P[i + 1].v + (P[i + 1]).pos.b;
  // Replicated code: field reads, field writes, compound updates, whole
  // elements in and out.
  double r = P[5].pos.a + P[6].v;
  P[7].v = 3;
  P[8].pos.b += 2;
  P[9].id *= 3;
  Particle q = P[3];
  q.id = 99;
  P[4] = q;
  Vec w = P[10].pos;
  P[11].pos = w;
  std::printf("%.6f %.3f %.3f %.3f %d %d %.1f %.1f\n", s, r, P[7].v,
              P[8].pos.b, P[9].id, P[4].id, w.b, P[11].pos.b);
#pragma hpf redistribute P(cyclic(3)) onto ALL
  // Whole elements copied in a loop, after the bytes moved.
  Particle Q[N];
#pragma hpf distribute Q(cyclic(3)) onto ALL
#pragma hpf independent
  for (int i = 0; i < N; ++i) {
    Q[i] = P[i];
    Q[i].pos.a += 1;
  }
  int ids = 0;
#pragma hpf independent reduction(+ : ids)
  for (int i = 0; i < N; ++i)
    ids += Q[i].id;
  std::printf("energy %.6f ids %d q %.2f\n", energy(), ids, Q[12].pos.a);

  Cell M[6][5];
#pragma hpf distribute M(block, *) onto ALL
#pragma hpf independent
  for (int i = 0; i < 6; ++i) {
#pragma hpf independent
    for (int j = 0; j < 5; ++j) {
      M[i][j].t = i * 10 + j;
      M[i][j].n = static_cast<short>(i - j);
    }
  }
  M[2][3].n = 42;
  M[4][1].t -= 0.5f;
  float sum = 0;
#pragma hpf independent reduction(+ : sum)
  for (int i = 0; i < 6; ++i) {
#pragma hpf independent
    for (int j = 0; j < 5; ++j)
      sum += M[i][j].t * M[i][j].n;
  }
  std::printf("cells %.1f %d %.1f\n", sum, M[2][3].n, M[4][1].t);
  return 0;
}
