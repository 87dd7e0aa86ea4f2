// Halos of arrays with '*' dimensions read at any subscript there: only the
// distributed dimensions need "level index + constant" (HPF's shadow widths
// are 0 in a '*' dimension, which every rank holds whole), so a rows
// stencil whose inner loop is an ordinary sequential loop, or that reads a
// row backwards, gets a halo instead of a gather. Exact on 1..4 ranks:
// (block, *) rows read at i - 1 .. i + 1 and any column (an inner loop not
// marked independent, a reversed column); (*, block) columns read at any
// row; a rank-3 (block, *, *) array read at two inner loops' indices; a
// (block, *) array longer in its '*' dimension than the loop's home array
// (no halo: it would not hold the columns the home lacks; its rows are
// fetched by subscript instead); a home array longer in the '*' dimension
// than the array it reads, with an independent level over that dimension
// (the runs must not be cut at the read array's extent there: its
// interior is every index).
// REQUIRES: mpi
// RUN: %e2e --tmp %t --ranks 1,2,3,4 %s | FileCheck %s
// CHECK: e2e: sequential output: star {{-?[0-9]+}} {{-?[0-9]+}} {{-?[0-9]+}} {{-?[0-9]+}}
// CHECK: e2e: -n 1: same output
// CHECK: e2e: -n 2: same output
// CHECK: e2e: -n 3: same output
// CHECK: e2e: -n 4: same output
// RUN: %hpfcc -Rpass=hpf -fsyntax-only %s 2>&1 | FileCheck %s --check-prefix=REMARK
// REMARK: 'A' is read at i - 1 .. i + 1, any index: each rank receives a halo of (1, 0) elements below and (1, 0) above its block, without corners, from its grid neighbours, sent before the loop, instead of a copy of all 713 elements
// REMARK: 'CA' is read at any index, j - 2 .. j + 1: each rank receives a halo of (0, 2) elements below and (0, 1) above its block, without corners, from its grid neighbours, sent before the loop, instead of a copy of all 713 elements
// REMARK: 'T' is read at i - 1 .. i + 2, any index, any index: each rank receives a halo of (1, 0, 0) elements below and (2, 0, 0) above its block, without corners, from its grid neighbours, sent before the loop, instead of a copy of all 280 elements
// REMARK: 'W[i - 1][k + 2]' is read without a gather: its subscript is affine in 'i', so each rank fetches before the loop only the rows its iterations of 'B' read
// RUN: %hpfcc --hpf-emit-source %s | %strip_checks | FileCheck %s --check-prefix=CODE
// The interior rows read A's storage in place (runs over i; the '*'
// dimension's index in interior() is 0: every column is inside).
// CODE: const hpf::halo<long, 2> __hpf_halo_A[[ID:[0-9]+]](hpf::halo_split, A, B, {1, 0}, {R - 1, 31}, {-1, 0}, {1, 0}, false,
// CODE: hpf::halo_split_runs(__hpf_seg[[ID]]_0.lo, __hpf_seg[[ID]]_0.hi, __hpf_halo_A[[ID]].interior(0, 0, 0))
// CODE: __hpf_hv_A[[ID]](i - 1, k) + 3 * __hpf_hv_A[[ID]](i + 1, C - 1 - k)
// T's planes are read whole: its views step by the constant extents.
// CODE: const auto __hpf_hv_T[[T:[0-9]+]] = hpfcc::planes_of<5, 4>(__hpf_halo_T[[T]].view(
#include <cstdio>

constexpr int R = 23, C = 31, Z = 5, N = 14;

#pragma hpf processors P(number_of_processors())
long A[R][C], B[R][C];
long CA[R][C], CB[R][C];
long T[N][Z][4], U[N][Z][4];
long W[R][C + 2];
long S6[R][6], L12[R][12];
#pragma hpf distribute A(block, *) onto P
#pragma hpf distribute B(block, *) onto P
#pragma hpf distribute CA(*, block) onto P
#pragma hpf distribute CB(*, block) onto P
#pragma hpf distribute T(block, *, *) onto P
#pragma hpf distribute U(block, *, *) onto P
#pragma hpf distribute W(block, *) onto P
#pragma hpf distribute S6(block, *) onto P
#pragma hpf distribute L12(block, *) onto P

int main() {
#pragma hpf independent
  for (int i = 0; i < R; ++i)
    for (int k = 0; k < C; ++k) {
      A[i][k] = (i * 31 + k * 17) % 23 - 11;
      B[i][k] = 0;
      CA[i][k] = (i * 13 + k * 7) % 19 - 9;
      CB[i][k] = 0;
    }
#pragma hpf independent
  for (int i = 0; i < R; ++i)
    for (int k = 0; k < C + 2; ++k)
      W[i][k] = (i + 3 * k) % 7;
#pragma hpf independent
  for (int i = 0; i < R; ++i)
    for (int k = 0; k < 6; ++k)
      S6[i][k] = (i * 31 + k * 17) % 23 - 11;
#pragma hpf independent
  for (int i = 0; i < N; ++i)
    for (int z = 0; z < Z; ++z)
      for (int w = 0; w < 4; ++w) {
        T[i][z][w] = (i * 5 + z * 3 + w) % 9 - 4;
        U[i][z][w] = 0;
      }
  for (int t = 0; t < 3; ++t) {
    // Rows: an inner loop not marked independent, a reversed column.
#pragma hpf independent
    for (int i = 1; i < R - 1; ++i)
      for (int k = 0; k < C; ++k)
        B[i][k] = A[i - 1][k] + 3 * A[i + 1][C - 1 - k] - A[i][(k * 7) % C] % 5;
#pragma hpf independent
    for (int i = 0; i < R; ++i)
      for (int k = 0; k < C; ++k)
        A[i][k] = (A[i][k] + B[i][k]) % 1000;
    // Columns: the level runs over the distributed dimension 1.
#pragma hpf independent
    for (int j = 2; j < C - 1; ++j)
      for (int i = 0; i < R; ++i)
        CB[i][j] = CA[R - 1 - i][j - 2] - 2 * CA[i][j + 1] + CA[(i + t) % R][j];
#pragma hpf independent
    for (int j = 0; j < C; ++j)
      for (int i = 0; i < R; ++i)
        CA[i][j] = (CA[i][j] + CB[i][j]) % 1000;
    // Rank 3: two inner loops.
#pragma hpf independent
    for (int i = 1; i < N - 2; ++i)
      for (int z = 0; z < Z; ++z)
        for (int w = 0; w < 4; ++w)
          U[i][z][w] = T[i - 1][Z - 1 - z][w] + T[i + 2][z][3 - w] - T[i][z][w];
#pragma hpf independent
    for (int i = 0; i < N; ++i)
      for (int z = 0; z < Z; ++z)
        for (int w = 0; w < 4; ++w)
          T[i][z][w] = (T[i][z][w] + U[i][z][w]) % 1000;
    // L12's rows are longer than S6's, read at any column of S6.
#pragma hpf independent
    for (int i = 1; i < R - 1; ++i) {
#pragma hpf independent
      for (int j = 0; j < 12; ++j)
        L12[i][j] = S6[i - 1][j / 2] + 3 * S6[i + 1][j % 6] + t;
    }
    // W's rows are longer than B's: no halo, rows fetched.
#pragma hpf independent
    for (int i = 1; i < R; ++i)
      for (int k = 0; k < C; ++k)
        B[i][k] = W[i - 1][k + 2] - W[i][k];
  }
  long S1 = 0, S2 = 0, S3 = 0, S4 = 0;
  for (int i = 0; i < R; ++i)
    for (int k = 0; k < C; ++k) {
      S1 += A[i][k] * (1 + (i + k) % 3);
      S2 += CA[i][k] * (1 + (i * k) % 5);
      S4 += B[i][k] * (1 + k % 4);
    }
  for (int i = 1; i < R - 1; ++i)
    for (int k = 0; k < 12; ++k)
      S4 += L12[i][k] * (1 + (i + k) % 5);
  for (int i = 0; i < N; ++i)
    for (int z = 0; z < Z; ++z)
      for (int w = 0; w < 4; ++w)
        S3 += T[i][z][w] * (1 + (i + z + w) % 7);
  std::printf("star %ld %ld %ld %ld\n", S1, S2, S3, S4);
  return 0;
}
