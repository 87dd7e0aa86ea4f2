// Strided and reversed independent loops over gen_block arrays (uneven
// segments, one empty) on 4 processors, run at 4 and 5 ranks (the fifth
// owns nothing); a strided level of a nest over a gen_block dimension.
// REQUIRES: mpi
// RUN: %e2e --tmp %t --ranks 4,5 %s | FileCheck %s
// CHECK: e2e: -n 4: same output
// CHECK: e2e: -n 5: same output
#include <cstdio>

constexpr int N = 30;
#pragma hpf processors Q(4)
constexpr long Sizes[4] = {10, 0, 13, 7};
constexpr long Cols[4] = {3, 11, 9, 7};
double A[N];
long C[N];
#pragma hpf distribute A(gen_block(Sizes)) onto Q
#pragma hpf distribute C(gen_block(Sizes)) onto Q
double M[4][N];
#pragma hpf distribute M(*, gen_block(Cols)) onto Q

int main() {
#pragma hpf independent
  for (int r = 0; r < 4; ++r)
#pragma hpf independent
    for (int c = 0; c < N; ++c)
      M[r][c] = -1;
#pragma hpf independent
  for (int i = N - 1; i >= 0; --i) {
    A[i] = i * 1.5;
    C[i] = i;
  }
#pragma hpf independent
  for (int i = 2; i < N; i += 3)
    C[i] *= 10;
  double s = 0;
  long x = 0;
#pragma hpf independent reduction(+ : s) reduction(^ : x)
  for (int i = N - 1; i >= 0; i -= 4) {
    s += A[i] / 7;
    x ^= C[i];
  }
#pragma hpf independent
  for (int r = 0; r < 4; ++r)
#pragma hpf independent
    for (int c = N - 1; c >= r; c -= 2)
      M[r][c] = r + c * 0.5;
  std::printf("s %.9f x %ld\n", s, x);
  for (int i = 0; i < N; ++i)
    std::printf("%d %.1f %ld %.1f %.1f\n", i, A[i], C[i], M[0][i], M[3][i]);
  return 0;
}
