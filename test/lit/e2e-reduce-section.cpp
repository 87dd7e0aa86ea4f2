// Reductions over the elements a pointer points to, named as OpenMP's
// array sections (`reduction(+: rms[0 : 5])`): NAS SP's norms, which
// accumulate into their caller's array through a `double rms[]`
// parameter, a max over a run-time length (`p[:n]`) and a product from an
// offset. Each rank reduces its iterations' part; rank 0 keeps the values
// before the loop and one MPI_Allreduce per section combines them. Same
// output as the sequential build at -n 1..4; a negative length is a
// run-time error naming the directive.
// REQUIRES: mpi
// RUN: %e2e --tmp %t --ranks 1,2,3,4 %s | FileCheck %s
// CHECK: e2e: sequential output: norms {{[0-9.]+}} {{[0-9.]+}} {{[0-9.]+}} {{[0-9.]+}} {{[0-9.]+}} max {{[0-9.]+}} {{[0-9.]+}} {{[0-9.]+}} prod {{[0-9.]+}} {{[0-9.]+}}
// CHECK: e2e: -n 1: same output
// CHECK: e2e: -n 2: same output
// CHECK: e2e: -n 3: same output
// CHECK: e2e: -n 4: same output
// RUN: %hpfcc -O1 %s -o %t.bin
// RUN: not env MPIEXEC_TIMEOUT=60 %mpiexec -n 2 %t.bin -3 2>&1 | FileCheck %s --check-prefix=NEG
// NEG: rank {{[01]}}: independent at {{.*}}e2e-reduce-section.cpp:[[#@LINE+25]]:1: reduction section 'p[0 : -3]' has a negative length
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>

constexpr int N = 12;
double U[N][N][5];
#pragma hpf distribute U(block, *, *)

void norms(double rms[]) {
  for (int m = 0; m < 5; m++)
    rms[m] = 0.0;
#pragma hpf independent reduction(+ : rms[0 : 5])
  for (int k = 0; k < N; k++)
    for (int j = 0; j < N; j++)
      for (int m = 0; m < 5; m++) {
        double add = U[k][j][m];
        rms[m] = rms[m] + add * add;
      }
  for (int m = 0; m < 5; m++)
    rms[m] = std::sqrt(rms[m] / N / N);
}

void maxima(double *p, int n) {
#pragma hpf independent reduction(max : p[:n])
  for (int k = 0; k < N; k++)
    for (int m = 0; m < n; m++)
      p[m] = std::max(p[m], U[k][k][m]);
}

void products(double *q, int first) {
#pragma hpf independent reduction(* : q[first : 2])
  for (int k = 0; k < N; k++)
    q[first + k % 2] *= 1.0 + U[k][1][k % 5] / 1000;
}

int main(int argc, char **argv) {
#pragma hpf independent
  for (int k = 0; k < N; k++)
    for (int j = 0; j < N; j++)
      for (int m = 0; m < 5; m++)
        U[k][j][m] = std::sin(k + 0.5 * j + 0.25 * m) * (k + 1);
  double rms[5], mx[3] = {-1, -1, -1}, q[4] = {1, 1, 2, 2};
  norms(rms);
  maxima(mx, argc > 1 ? std::atoi(argv[1]) : 3);
  products(q, 2);
  std::printf("norms %.12f %.12f %.12f %.12f %.12f max %.12f %.12f %.12f "
              "prod %.12f %.12f\n",
              rms[0], rms[1], rms[2], rms[3], rms[4], mx[0], mx[1], mx[2],
              q[2], q[3]);
}
