// Pivot rows broadcast in pieces (mpi/DArray.cpp, broadcastFromOwner):
// slices up to 64 KB go in 8 KB pieces (eager, not rendezvous), larger ones
// in one MPI_Bcast. Rows of 1500 doubles (12000 bytes: two pieces, the
// second partial) and of 9000 doubles (72000 bytes: whole), each root in
// turn; and with HPF_BCAST_PIECE=1000 (twelve pieces, none a whole number
// of elements) and 0 (always whole). The same output as the sequential
// build each time.
// REQUIRES: mpi
// RUN: %e2e --tmp %t --ranks 1,2,3 %s | FileCheck %s
// RUN: %e2e --tmp %t.odd --ranks 2,3 --env HPF_BCAST_PIECE=1000 %s | FileCheck %s --check-prefix=ODD
// RUN: %e2e --tmp %t.whole --ranks 2 --env HPF_BCAST_PIECE=0 %s | FileCheck %s --check-prefix=ODD
// CHECK: e2e: sequential output: pieces {{-?[0-9.e+]+}} {{-?[0-9.e+]+}}
// CHECK: e2e: -n 1: same output
// CHECK: e2e: -n 2: same output
// CHECK: e2e: -n 3: same output
// ODD: e2e: -n 2: same output
#include <cstdio>

constexpr int R = 5, C = 1500, W = 9000;
#pragma hpf processors ALL(*)
double M[R][C];
double L[R][W];
#pragma hpf distribute M(cyclic, *) onto ALL
#pragma hpf distribute L(cyclic, *) onto ALL

int main() {
#pragma hpf independent
  for (int i = 0; i < R; ++i)
    for (int j = 0; j < C; ++j)
      M[i][j] = (i * 31 + j * 7) % 13 + (i == j ? 40 : 0);
#pragma hpf independent
  for (int i = 0; i < R; ++i)
    for (int j = 0; j < W; ++j)
      L[i][j] = (i * 17 + j * 5) % 11 + (i == j ? 30 : 0);
  for (int k = 0; k < R - 1; ++k) {
#pragma hpf independent
    for (int i = k + 1; i < R; ++i) {
      const double F = M[i][k] / M[k][k];
      for (int j = k; j < C; ++j)
        M[i][j] -= F * M[k][j];
    }
#pragma hpf independent
    for (int i = k + 1; i < R; ++i) {
      const double F = L[i][k] / L[k][k];
      for (int j = k; j < W; ++j)
        L[i][j] -= F * L[k][j];
    }
  }
  // The last rows' weighted sums, added in the sequential order on their
  // owner (the other ranks add nothing): the same bits.
  double SM = 0, SL = 0;
#pragma hpf independent reduction(+ : SM)
  for (int i = 0; i < R; ++i)
    if (i == R - 1)
      for (int j = 0; j < C; ++j)
        SM += M[i][j] * (j % 3 + 1);
#pragma hpf independent reduction(+ : SL)
  for (int i = 0; i < R; ++i)
    if (i == R - 1)
      for (int j = 0; j < W; ++j)
        SL += L[i][j] * (j % 5 + 1);
  std::printf("pieces %.12e %.12e\n", SM, SL);
  return 0;
}
