// Kernel for kernel-bench: spmv.cpp with the matrix built through pointers,
// as NAS CG's makea builds colidx and rowstr: the compiler cannot prove
// that nothing between the products changes Col (its address is handed to
// a function), so there is no inspection window. The listing of the
// elements each rank reads is kept across products and checked at run
// time (hpfcc::needed_copy_kept: RowStart's and Col's bytes the listing
// read compared with a copy before each product); this kernel measures
// that check against spmv.cpp, which needs none.
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

// The matrix, written through pointers.
void makea(int *Rs, int *C, double *V) {
  int Nnz = 0;
  for (int r = 0; r < N; ++r) {
    Rs[r] = Nnz;
    const int x = r % G, y = r / G;
    auto add = [&](int c, double v) {
      C[Nnz] = c;
      V[Nnz++] = v;
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
  Rs[N] = Nnz;
}

int main() {
  makea(RowStart, Col, Val);
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
  std::printf("spmvptr %d: %.6e\n", N, Sum);
  return 0;
}
