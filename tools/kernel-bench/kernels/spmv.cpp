// Kernel for kernel-bench: sparse matrix-vector products in compressed
// sparse rows, as finite-element and graph codes store their matrices. The
// matrix is the 5-point stencil of a G x G grid (positive weights) (row r = y *
// G + x reads columns r, r +- 1, r +- G), built in replicated CSR arrays; the
// vectors are block-distributed, so each rank multiplies its own rows.
// X[Col[k]] goes through the index array: before the first product every
// rank lists the elements its rows read (an inspector over its part of Col;
// the iteration loop cannot change Col, so once) and then receives only
// those, a grid row from each neighbour, instead of all of X.
#include <cmath>
#include <cstdio>

#ifndef KERNEL_G
#define KERNEL_G 40
#endif
#ifndef ITERS
#define ITERS 5
#endif
constexpr int G = KERNEL_G, N = G * G;

int RowStart[N + 1], Col[5 * N];
double Val[5 * N];

#pragma hpf processors ALL(*)
double X[N], Y[N];
#pragma hpf distribute X(block) onto ALL
#pragma hpf distribute Y(block) onto ALL

int main() {
  int Nnz = 0;
  for (int r = 0; r < N; ++r) {
    RowStart[r] = Nnz;
    const int x = r % G, y = r / G;
    auto add = [&](int c, double v) {
      Col[Nnz] = c;
      Val[Nnz++] = v;
    };
    if (y > 0)
      add(r - G, 1.0);
    if (x > 0)
      add(r - 1, 1.0);
    add(r, 4.0 + (r % 3) * 0.1);
    if (x + 1 < G)
      add(r + 1, 1.0);
    if (y + 1 < G)
      add(r + G, 1.0);
  }
  RowStart[N] = Nnz;
#pragma hpf independent
  for (int i = 0; i < N; ++i)
    X[i] = 1.0 + (i % 7) * 0.125;
  for (int it = 0; it < ITERS; ++it) {
#pragma hpf independent
    for (int i = 0; i < N; ++i) {
      double s = 0.0;
      for (int k = RowStart[i]; k < RowStart[i + 1]; ++k)
        s += Val[k] * X[Col[k]];
      Y[i] = s;
    }
    // Scaled back to X by a fixed factor (the matrix's largest row sum
    // bounds its norm), so the values stay of order one.
#pragma hpf independent
    for (int i = 0; i < N; ++i)
      X[i] = Y[i] * 0.125;
  }
  double Sum = 0;
#pragma hpf independent reduction(+ : Sum)
  for (int i = 0; i < N; ++i)
    Sum += X[i] * ((i % 5) + 1);
  std::printf("spmv %d: %.6e\n", N, Sum);
  return 0;
}
