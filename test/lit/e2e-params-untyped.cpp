// `void *` parameters given their shape in the callee, as C-style code
// (NAS FT) passes arrays (analysis/declarations/Untyped.cpp): a view
// `T (*x)[NY][NX] = (T (*)[NY][NX])pointer_x;` is the parameter, with the
// argument's shape, and may be prescribed a mapping like a parameter; a
// parameter only passed on binds the callee's; a view without a directive
// inherits the argument's mapping (the replicated reads of checksum). Element writes through views in
// independent loops, a scratch array handed through a pointer parameter in
// new(...), and element reads in replicated code; the output is the
// sequential program's at -n 1..4.
// REQUIRES: mpi
// RUN: %e2e --tmp %t --ranks 1,2,3,4 %s | FileCheck %s
// CHECK: e2e: sequential output: sum {{-?[0-9.]+}} {{-?[0-9.]+}}
// CHECK: e2e: -n 1: same output
// CHECK: e2e: -n 2: same output
// CHECK: e2e: -n 4: same output
// RUN: %hpfcc -Rhpf -fsyntax-only %s 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: %hpfcc --hpf-emit-source %s -o - | FileCheck %s --check-prefix=CODE
#include <cstdio>

constexpr int NZ = 8, NY = 6, NX = 4;
typedef struct {
  double real, imag;
} cplx;
static cplx U0[NZ][NY][NX], U1[NZ][NY][NX];
static double Tw[NZ][NY][NX];
#pragma hpf distribute U0(block, *, *)
#pragma hpf distribute U1(block, *, *)
#pragma hpf distribute Tw(block, *, *)

static void init(void *pointer_u, void *pointer_tw);
static void evolve(void *pointer_u0, void *pointer_u1, void *pointer_tw,
                   double scratch[]);
static void step(void *pointer_a, void *pointer_b, void *pointer_tw);
static void checksum(int iter, void *pointer_u);

int main() {
  init(U0, Tw);
  for (int iter = 1; iter <= 3; iter++) {
    step(U0, U1, Tw);
    checksum(iter, U1);
  }
  return 0;
}

// CODE: static void init(hpf::darray<cplx, 3> &u, {{h}}pf::darray<double, 3> &tw) { hpf::restore_mapping __hpf_restore_u(u); hpf::restore_mapping __hpf_restore_tw(tw);
// CODE-NEXT: {{^  $}}
// CODE-NEXT: {{^  $}}
static void init(void *pointer_u, void *pointer_tw) {
  cplx (*u)[NY][NX] = (cplx (*)[NY][NX])pointer_u;
  double (*tw)[NY][NX] = (double (*)[NY][NX])pointer_tw;
  // REMARK-DAG: [[@LINE+1]]:1: remark: parameter 'u' of 'init' is remapped for the call
#pragma hpf distribute u(block, *, *)
#pragma hpf distribute tw(block, *, *)
  int i, j, k;
#pragma hpf independent
  for (k = 0; k < NZ; k++)
    for (j = 0; j < NY; j++)
      for (i = 0; i < NX; i++) {
        u[k][j][i].real = k + 0.5 * j;
        u[k][j][i].imag = i - 0.25 * k;
        tw[k][j][i] = 1.0 / (1 + i + j + k);
      }
}

// Only passes its arrays on: they bind evolve's views.
// REMARK-DAG: [[@LINE+1]]:24: remark: parameter 'pointer_a' of 'step' inherits the mapping of its argument ('U0')
static void step(void *pointer_a, void *pointer_b, void *pointer_tw) {
  double scratch[NX];
  evolve(pointer_a, pointer_b, pointer_tw, scratch);
}

static void evolve(void *pointer_u0, void *pointer_u1, void *pointer_tw,
                   double scratch[]) {
  cplx (*u0)[NY][NX] = (cplx (*)[NY][NX])pointer_u0;
  cplx (*u1)[NY][NX] = (cplx (*)[NY][NX])pointer_u1;
  const double (*tw)[NY][NX] = (const double (*)[NY][NX])pointer_tw;
#pragma hpf distribute u0(block, *, *)
#pragma hpf distribute u1(block, *, *)
#pragma hpf distribute tw(block, *, *)
  // REMARK-DAG: [[@LINE+1]]:1: remark: independent loop nest over 'u0' ((block, *, *) onto all ranks): 'k' over the owned indices of dimension 0
#pragma hpf independent new(scratch)
  for (int k = 0; k < NZ; k++)
    for (int j = 0; j < NY; j++) {
      for (int i = 0; i < NX; i++)
        scratch[i] = tw[k][j][(i + 1) % NX];
      for (int i = 0; i < NX; i++) {
        u0[k][j][i].real *= 1 - scratch[i];
        u0[k][j][i].imag *= 1 + scratch[i];
        u1[k][j][i] = u0[k][j][i];
      }
    }
}

// Inherited (no directive): every rank reads the elements.
static void checksum(int iter, void *pointer_u) {
  cplx (*u)[NY][NX] = (cplx (*)[NY][NX])pointer_u;
  double re = 0, im = 0;
  for (int j = 1; j <= 16; j++) {
    cplx e = u[(5 * j) % NZ][(3 * j) % NY][j % NX];
    re += e.real;
    im += e.imag;
  }
  std::printf("sum %d %.10f %.10f\n", iter, re, im);
}
