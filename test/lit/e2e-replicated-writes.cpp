// Replicated (not distributed) arrays stored into by independent loops, at
// any subscripts (issue 33, item 7; NAS MG's restriction into a coarse
// grid): the iterations run on their owners, each rank keeps a copy of the
// array before the loop and after it sends the elements it changed to all
// (hpf::replicated_writes), so every rank holds what the sequential loop
// leaves. A 1-D restriction over a distributed fine grid (even i only, with
// a reduction beside it), a 3-D MG-like restriction over the fine grid and
// one over the coarse grid (no distributed array written: split by
// iterations), a scatter through an index array, stores under a condition
// into a std::vector, a loop that reads elements of the array it writes
// that no iteration changes, and loops after them reading the arrays. Same
// output as the sequential build at -n 1..4.
// REQUIRES: mpi
// RUN: %e2e --tmp %t --ranks 1,2,3,4 %s | FileCheck %s
// CHECK: e2e: sequential output: restrict1 -13.5625 20409 s 888 4117 8080.31
// CHECK: e2e: -n 1: same output
// CHECK: e2e: -n 2: same output
// CHECK: e2e: -n 3: same output
// CHECK: e2e: -n 4: same output
// RUN: %hpfcc --hpf-emit-source %s | %strip_checks | FileCheck %s --check-prefix=CODE
// CODE: hpf::replicated_writes __hpf_rw_C[[ID:[0-9]+]](C, "C", "{{.*}}e2e-replicated-writes.cpp:{{[0-9]+}}:1");
// CODE: __hpf_rw_C[[ID]].deliver();
#include <cstdio>
#include <vector>

constexpr int N = 64;
constexpr int G = 8;
#pragma hpf processors P(*)
double F[N];
#pragma hpf distribute F(block) onto P
double U[G][G][G];
#pragma hpf distribute U(block, *, *) onto P
double C[N / 2];         // coarse grid of F: replicated
double Cg[G / 2][G / 2][G / 2];  // coarse grids of U: replicated
double Cg2[G / 2][G / 2][G / 2];
int Perm[N];             // a permutation: replicated
double S[N + 8];         // scattered into
double T[N];

int main() {
#pragma hpf independent
  for (int i = 0; i < N; ++i)
    F[i] = (i * 7 % 13) + 0.25 * i;
#pragma hpf independent
  for (int i = 0; i < G; ++i)
    for (int j = 0; j < G; ++j)
      for (int k = 0; k < G; ++k)
        U[i][j][k] = (i * 5 + j * 3 + k) % 11 - 0.5 * (i % 3);
  for (int k = 0; k < N / 2; ++k)
    C[k] = -1;
  double s = 0;
  // 1-D restriction: the even points of F.
#pragma hpf independent reduction(+: s)
  for (int i = 0; i < N; ++i) {
    if (i % 2 == 0)
      C[i / 2] = 0.5 * F[i] +
                 0.25 * (F[i > 0 ? i - 1 : i] + F[i < N - 1 ? i + 1 : i]);
    s += F[i];
  }
  double c = 0;
  for (int k = 0; k < N / 2; ++k)
    c += (k % 3 - 1) * C[k];
  std::printf("restrict1 %g", c);
  // 3-D restriction over the fine grid (MG's rprj3 with the coarse grid
  // not distributed): only the points with even subscripts store.
#pragma hpf independent
  for (int i = 0; i < G; ++i)
    for (int j = 0; j < G; ++j)
      for (int k = 0; k < G; ++k)
        if (i % 2 == 0 && j % 2 == 0 && k % 2 == 0)
          Cg[i / 2][j / 2][k / 2] =
              0.5 * U[i][j][k] +
              0.125 * (U[i + 1][j][k] + U[i][j + 1][k] + U[i][j][k + 1]);
  // The same over the coarse grid: every fine element read is gathered,
  // no distributed array is written: rank r runs the r-th block.
#pragma hpf independent
  for (int i = 0; i < G / 2; ++i)
#pragma hpf independent
    for (int j = 0; j < G / 2; ++j)
#pragma hpf independent
      for (int k = 0; k < G / 2; ++k)
        Cg2[i][j][k] = 0.5 * U[2 * i][2 * j][2 * k] +
                       0.125 * (U[2 * i + 1][2 * j][2 * k] +
                                U[2 * i][2 * j + 1][2 * k] +
                                U[2 * i][2 * j][2 * k + 1]);
  long cs = 0;
  for (int i = 0; i < G / 2; ++i)
    for (int j = 0; j < G / 2; ++j)
      for (int k = 0; k < G / 2; ++k) {
        cs += long(8 * Cg[i][j][k]) * (i + 2 * j + 3 * k + 1);
        if (Cg[i][j][k] != Cg2[i][j][k])
          std::printf(" differ");
      }
  std::printf(" %ld", cs);
  // Scatter through an index array (every target distinct).
  for (int i = 0; i < N; ++i)
    Perm[i] = (i * 37 + 5) % N; // 37 is prime to 64: a permutation
  for (int k = 0; k < N + 8; ++k)
    S[k] = 7;
#pragma hpf independent
  for (int i = 0; i < N; ++i)
    S[Perm[i] + 4] = F[i] * 2 - i;
  // Stores under a condition, into a vector; the value stored may equal
  // the one there (no change to deliver).
  std::vector<double> Mark(N, 0.0);
#pragma hpf independent
  for (int i = 0; i < N; ++i)
    if (F[i] > 6.0)
      Mark[i] = i % 4 == 0 ? 0.0 : F[i];
  // Reads elements of T that no iteration writes.
  for (int k = 0; k < N; ++k)
    T[k] = 1 + k % 2;
#pragma hpf independent
  for (int i = 0; i < N - 1; ++i)
    T[i] = T[N - 1] * F[i] + C[i / 2];
  // The replicated arrays read after the loops, by replicated code and by
  // an independent loop.
  double s2 = 0;
#pragma hpf independent reduction(+: s2)
  for (int i = 0; i < N; ++i)
    s2 += S[i + 4] - S[Perm[i] + 4] + Mark[i] + T[i] + C[i / 2];
  double m = 0;
  for (int k = 0; k < N + 8; ++k)
    m += S[k] * (k % 5);
  for (int k = 0; k < N; ++k)
    m += Mark[k] * (k % 3) + T[k] * (k % 7);
  std::printf(" s %g %g %g\n", s, s2, m);
}
