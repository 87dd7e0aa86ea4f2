// C-style levels of a grid hierarchy, as NAS MG writes them: routines take
// `void *` and view it as a variable-length array (`double (*)[n2][n1]`, the
// extents passed at run time). The finest level is a distributed array of
// its own, the coarse levels sit at offsets of one plain array, and the same
// routines serve both: the calls with the distributed level call copies of
// the routines (e2e-function-copies.cpp), whose views are the array, their
// extents checked where the view was declared (hpf::check_view_rows; the
// halo of the stencil in norm goes through the view). A view of other
// extents stops every rank, naming the view. Exact on 1..4 ranks.
// REQUIRES: mpi
// RUN: %e2e --tmp %t --ranks 1,2,3,4 %s | FileCheck %s
// CHECK: e2e: sequential output: norms {{[-0-9.]+}} {{[-0-9.]+}} {{[-0-9.]+}}
// CHECK: e2e: -n 1: same output
// CHECK: e2e: -n 2: same output
// CHECK: e2e: -n 3: same output
// CHECK: e2e: -n 4: same output
// RUN: %hpfcc -DWRONG %s -o %t.wrong
// RUN: not env MPIEXEC_TIMEOUT=60 %mpiexec -n 2 %t.wrong 2>&1 | FileCheck %s --check-prefix=WRONG
// WRONG: hpfrt: error: rank {{[01]}}: view at {{.*}}e2e-params-untyped-vla.cpp:[[@LINE+39]]:3: a view with rows [24][6] of a distributed array whose rows are [12][12]
#include <cstdio>

#pragma clang diagnostic ignored "-Wvla-cxx-extension"

constexpr int N = 12, NC = 6;
static double U0[N][N][N];
#pragma hpf distribute U0(block, *, *)
static double Levels[2 * NC * NC * NC];

static void fill(void *pu, int n1, int n2, int n3, double s);
static double norm(void *pu, int n1, int n2, int n3);

int main() {
  fill(U0, N, N, N, 1.0);
  fill(&Levels[0], NC, NC, NC, 2.0);
  fill(&Levels[NC * NC * NC], NC, NC, NC, 3.0);
#ifdef WRONG
  std::printf("%.6f\n", norm(U0, N / 2, N * 2, N));
#endif
  std::printf("norms %.6f %.6f %.6f\n", norm(U0, N, N, N),
              norm(&Levels[0], NC, NC, NC),
              norm(&Levels[NC * NC * NC], NC, NC, NC));
  return 0;
}

static void fill(void *pu, int n1, int n2, int n3, double s) {
  using view = double (*)[n2][n1];
  view u = reinterpret_cast<view>(pu);
  int i3, i2, i1;
#pragma hpf independent new(i2, i1)
  for (i3 = 0; i3 < n3; i3++)
    for (i2 = 0; i2 < n2; i2++)
      for (i1 = 0; i1 < n1; i1++)
        u[i3][i2][i1] = s * (i3 + 2 * i2 + 3 * i1) / n1;
}

static double norm(void *pu, int n1, int n2, int n3) {
  using view = const double (*)[n2][n1];
  view u = reinterpret_cast<view>(pu);
  double t = 0;
  int i3, i2, i1;
#pragma hpf independent new(i2, i1) reduction(+ : t)
  for (i3 = 1; i3 < n3 - 1; i3++)
    for (i2 = 0; i2 < n2; i2++)
      for (i1 = 0; i1 < n1; i1++)
        t += u[i3][i2][i1] * (u[i3 - 1][i2][i1] + u[i3 + 1][i2][i1]) * (i3 + 1);
  return t;
}
