// Rows of distributed arrays passed to functions in independent loops
// (`f(A[i], n)`): each row the iteration owns is a pointer into the rank's
// local storage, for block, cyclic(2) and gen_block rows, rank-3 arrays
// passed as A[i] and A[i][j], functions that write and functions that only
// read (const pointers), and a reduction over the functions' results. The
// e2e run compares with the sequential build at 1..4 ranks; the CODE lines
// check the call as emitted.
// RUN: %hpfcc --hpf-emit-source %s | %strip_checks | FileCheck %s --check-prefix=CODE
// REQUIRES: mpi
// RUN: %e2e --tmp %t.e2e --ranks 1,2,3,4 %s | FileCheck %s
// CHECK: e2e: -n 4: same output
#include <cstdio>
#include <hpf.h>
#include <vector>

constexpr int N = 10, M = 7, Q = 3;
#pragma hpf processors ALL(*)
double A[N][M];
double B[N][M];
double T3[N][M][Q];
#pragma hpf distribute A(block, *) onto ALL
#pragma hpf distribute B(cyclic(2), *) onto ALL
#pragma hpf distribute T3(block, *, *) onto ALL
#pragma hpf processors G(*, *)
double S3[N][M][Q];
#pragma hpf distribute S3(block, block, *) onto G

void fill(double *row, int n, double base) {
  for (int j = 0; j < n; ++j)
    row[j] = base + 0.25 * j;
}
void scale(double *row, int n, double f) {
  for (int j = 0; j < n; ++j)
    row[j] *= f;
}
double rowsum(const double *row, int n) {
  double s = 0;
  for (int j = 0; j < n; ++j)
    s += row[j];
  return s;
}
void ramp(long *row, int n, long i) {
  for (int j = 0; j < n; ++j)
    row[j] = i * 100 + j;
}
long lsum(const long *row, int n) {
  long s = 0;
  for (int j = 0; j < n; ++j)
    s += row[j];
  return s;
}
// A plane of T3 (rank 3): rows of Q.
void plane(double (*p)[Q], int m, double base) {
  for (int j = 0; j < m; ++j)
    for (int k = 0; k < Q; ++k)
      p[j][k] = base + j - k;
}
double planesum(const double (*p)[Q], int m) {
  double s = 0;
  for (int j = 0; j < m; ++j)
    for (int k = 0; k < Q; ++k)
      s += p[j][k] * (k + 1);
  return s;
}

int main() {
  double T = 0, U = 0, V = 0;
  long W = 0;
  // gen_block rows: an empty block and uneven ones, the rest on the last.
  const int P = hpf::number_of_processors();
  std::vector<int> Sizes(P, 0);
  int Used = 0;
  for (int K = 0; K + 1 < P; ++K) {
    Sizes[K] = K % 2 == 0 ? 1 + K % 3 : 0;
    Used += Sizes[K];
  }
  Sizes[P - 1] = N - Used;
  static long C[N][M];
#pragma hpf distribute C(gen_block(Sizes), *) onto ALL
  // One loop per array: each loop's iterations follow its array's rows.
#pragma hpf independent
  for (int i = 0; i < N; ++i)
    fill(A[i], M, i);
#pragma hpf independent
  for (int i = 0; i < N; ++i)
    fill(B[i], M, 2 * i);
#pragma hpf independent
  for (int i = 0; i < N; ++i)
    ramp(C[i], M, i);
#pragma hpf independent
  for (int i = 0; i < N; ++i)
    plane(T3[i], M, i);
  // CODE-LABEL: reduction(+ : T)
  // CODE: scale((__hpf_A[[ID:[0-9]+]] + (i + __hpf_seg[[ID]]_0.off) * __hpf_A[[ID]]_e1), M, 2.0);
  // CODE-NEXT: T += rowsum((__hpf_A[[ID]] + (i + __hpf_seg[[ID]]_0.off) * __hpf_A[[ID]]_e1), M);
#pragma hpf independent reduction(+ : T)
  for (int i = 0; i < N; ++i) {
    scale(A[i], M, 2.0);
    T += rowsum(A[i], M);
  }
#pragma hpf independent reduction(+ : U)
  for (int i = 0; i < N; ++i) {
    scale(B[i], M, 0.5);
    U += rowsum(B[i], M) * i;
  }
#pragma hpf independent reduction(+ : W)
  for (int i = 0; i < N; ++i)
    W += lsum(C[i], M);
  // A[i][j] of a rank-3 array: a row of Q; T3[i]: rows of Q.
  // CODE: fill((__hpf_T3[[ID3:[0-9]+]] + ((i + __hpf_seg[[ID3]]_0.off) * __hpf_T3[[ID3]]_e1 + (j + 1)) * __hpf_T3[[ID3]]_e2), Q, j);
  // CODE: V += planesum(reinterpret_cast<double (*)[3]>(__hpf_T3[[ID3]] + (i + __hpf_seg[[ID3]]_0.off) * __hpf_T3[[ID3]]_e1 * __hpf_T3[[ID3]]_e2), M);
#pragma hpf independent reduction(+ : V)
  for (int i = 0; i < N; ++i) {
    for (int j = 0; j < M - 1; j += 2)
      fill(T3[i][j + 1], Q, j);
    V += planesum(T3[i], M);
  }
  // Two distributed dimensions: S3[i][j] (a row of Q) over levels i and j.
  double Z = 0;
#pragma hpf independent reduction(+ : Z)
  for (int i = 0; i < N; ++i) {
#pragma hpf independent
    for (int j = 0; j < M; ++j) {
      fill(S3[i][j], Q, i * 10 + j);
      scale(S3[i][j], Q, 0.5);
      Z += rowsum(S3[i][j], Q) * (j + 1);
    }
  }
  std::printf("Z %.3f\n", Z);
  // Elements and rows of one array in one nest.
#pragma hpf independent
  for (int i = 0; i < N; ++i) {
    A[i][0] = rowsum(A[i], M);
    scale(A[i], M, 0.5);
  }
  std::printf("T %.3f U %.3f V %.3f W %ld\n", T, U, V, W);
  for (int i = 0; i < N; ++i)
    std::printf("%d: %.3f %.3f %ld %.3f\n", i, A[i][0], B[i][M - 1],
                C[i][3], T3[i][M - 1][Q - 1]);
  return 0;
}
