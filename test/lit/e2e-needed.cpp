// Reads through inner loops' index arrays, fetched by need
// (analysis/reads/NeededReads.cpp, hpfcc/needed.h), in the shapes they take:
// two loops on the path (blocks of two), a loop counting down, a
// (block, *) nest's row loop reading a rank-1 array, a cyclic home (a
// strided level) and an index array rewritten between runs. Reads the
// inspector cannot replay keep the gather, with its remark: under an `if`,
// in a loop that breaks, a dense X[j] (no index array), after a `continue`
// in the level's body (the inspector would read Col[-2^30]), and with the
// inner index passed by reference to a function that steps it. Exact on
// 1..4 ranks.
// REQUIRES: mpi
// RUN: %e2e --tmp %t --ranks 1,2,3,4 %s | FileCheck %s
// CHECK: e2e: sequential output: needed {{-?[0-9]+}} {{-?[0-9]+}} {{-?[0-9]+}} {{-?[0-9]+}} {{-?[0-9]+}} {{-?[0-9]+}} {{-?[0-9]+}} {{-?[0-9]+}}
// CHECK: e2e: -n 1: same output
// CHECK: e2e: -n 2: same output
// CHECK: e2e: -n 3: same output
// CHECK: e2e: -n 4: same output
// RUN: %hpfcc -Rpass=hpf -fsyntax-only %s 2>&1 | FileCheck %s --check-prefix=REMARK
// REMARK-DAG: 'X' is read without a gather: inspector-executor (PARTI/CHAOS): before the loop each rank runs the loops around its reads over its iterations of 'Y'
// REMARK-DAG: 'B' is read without a gather: inspector-executor (PARTI/CHAOS): before the loop each rank runs the loops around its reads over its iterations of 'M'
// REMARK-DAG: 'C' is read without a gather: inspector-executor (PARTI/CHAOS): before the loop each rank runs the loops around its reads over its iterations of 'Z'
// REMARK-DAG: 'G1' is read at subscripts that are not aligned with the loop: before the loop its 45 elements are gathered
// REMARK-DAG: 'G2' is read at subscripts that are not aligned with the loop: before the loop its 45 elements are gathered
// REMARK-DAG: 'G3' is read at subscripts that are not aligned with the loop: before the loop its 45 elements are gathered
// REMARK-DAG: 'G4' is read at subscripts that are not aligned with the loop: before the loop its 45 elements are gathered
// REMARK-DAG: 'G5' is read at subscripts that are not aligned with the loop: before the loop its 45 elements are gathered
// RUN: %hpfcc --hpf-emit-source %s | %strip_checks | FileCheck %s --check-prefix=CODE
// CODE: [&](auto &&__hpf_need, const int i) { for (int b = __hpf_need.ld(BStart[i]); b < __hpf_need.ld(BStart[i + 1]); ++b) for (int t = 0; t < 2; ++t) __hpf_need(2 * __hpf_need.ld(BCol[b]) + t, hpfcc::access_info{"X", "X[2 * BCol[b] + t]", "i", "{{.*}}e2e-needed.cpp:{{[0-9]+}}:16"}); for (int k = __hpf_need.ld(RowStart[i + 1]) - 1; k >= __hpf_need.ld(RowStart[i]); --k) __hpf_need(__hpf_need.ld(Col[k]), hpfcc::access_info{"X", "X[Col[k]]", "i", "{{.*}}e2e-needed.cpp:{{[0-9]+}}:24"}); }
// CODE: [&](auto &&__hpf_need, const int i) { for (int j = 0; j < 3; ++j) __hpf_need(__hpf_need.ld(Perm[(i + j) % N]), hpfcc::access_info{"B", "B[Perm[(i + j) % N]]", "i", "{{.*}}e2e-needed.cpp:{{[0-9]+}}:23"}); }
// CODE: hpfcc::needed_copy_kept(__hpf_ns_C{{[0-9]+}}, C, Z, 0, 0, N,
#include <cstdio>

constexpr int N = 45;
int RowStart[N + 1], Col[3 * N];
int BStart[N + 1], BCol[2 * N];
int Perm[N];

#pragma hpf processors P(*)
long X[N], Y[N], B[N], C[N], Z[N];
long M[N][3];
long G1[N], G2[N], G3[N], G4[N], G5[N], H[N], H2[N];
int Start[N];
#pragma hpf distribute X(block) onto P
#pragma hpf distribute Y(block) onto P
#pragma hpf distribute B(block) onto P
#pragma hpf distribute M(block, *) onto P
#pragma hpf distribute C(block) onto P
#pragma hpf distribute Z(cyclic) onto P
#pragma hpf distribute G1(block) onto P
#pragma hpf distribute G2(block) onto P
#pragma hpf distribute G3(block) onto P
#pragma hpf distribute G4(block) onto P
#pragma hpf distribute G5(block) onto P
#pragma hpf distribute H(block) onto P
#pragma hpf distribute H2(block) onto P

inline void skipOne(int &k) { ++k; }

void build(int Shift) {
  int Nnz = 0, Nb = 0;
  for (int i = 0; i < N; ++i) {
    RowStart[i] = Nnz;
    Col[Nnz++] = (i * 7 + Shift) % N;
    if (i % 3)
      Col[Nnz++] = (i + 11) % N;
    BStart[i] = Nb;
    if (i % 2)
      BCol[Nb++] = (i * 5 + Shift) % (N / 2);
    Perm[i] = (i * 13 + Shift) % N;
  }
  RowStart[N] = Nnz;
  BStart[N] = Nb;
}

long sum(const long *A) {
  long S = 0;
  for (int i = 0; i < N; ++i)
    S += A[i] * (i + 1);
  return S;
}

long rows() {
  long S = 0;
  for (int i = 0; i < N; ++i)
    for (int j = 0; j < 3; ++j)
      S += M[i][j] * (i + 2 * j + 1);
  return S;
}

int main() {
#pragma hpf independent
  for (int i = 0; i < N; ++i) {
    X[i] = i * i % 23 - 5;
    B[i] = 3 * i + 1;
    C[i] = i % 4 + 2 * i;
    G1[i] = i + 7;
    G2[i] = 2 * i;
    G3[i] = i * i;
    G4[i] = 5 * i - 3;
    G5[i] = i % 6;
  }
  long Out[8];
  for (int Round = 0; Round < 2; ++Round) {
    build(Round * 4);
    // Two loops on the path, and a loop counting down.
#pragma hpf independent
    for (int i = 0; i < N; ++i) {
      long s = 0;
      for (int b = BStart[i]; b < BStart[i + 1]; ++b)
        for (int t = 0; t < 2; ++t)
          s += X[2 * BCol[b] + t];
      for (int k = RowStart[i + 1] - 1; k >= RowStart[i]; --k) {
        const long v = X[Col[k]];
        s = 3 * s + v;
      }
      Y[i] = s;
    }
    // A (block, *) nest: the row loop reads B through Perm.
#pragma hpf independent
    for (int i = 0; i < N; ++i)
      for (int j = 0; j < 3; ++j)
        M[i][j] = 2 * B[Perm[(i + j) % N]] - j;
    // A cyclic home: the level is strided.
#pragma hpf independent
    for (int i = 0; i < N; ++i) {
      long s = 0;
      for (int k = RowStart[i]; k < RowStart[i + 1]; ++k)
        s += C[Col[k]] * (k + 1);
      Z[i] = s;
    }
    Out[4 * Round] = sum(Y);
    Out[4 * Round + 1] = rows();
    Out[4 * Round + 2] = sum(Z);
  }
  // Kept gathered: a condition on the path, a loop that breaks, a dense
  // read without an index array.
#pragma hpf independent
  for (int i = 0; i < N; ++i) {
    long s = 0;
    for (int k = RowStart[i]; k < RowStart[i + 1]; ++k)
      if (Col[k] % 2)
        s += G1[Col[k]];
    for (int k = RowStart[i]; k < RowStart[i + 1]; ++k) {
      if (s > 1000)
        break;
      s += G2[Col[k]];
    }
    for (int j = 0; j < N; j += 9)
      s += G3[j];
    H[i] = s;
  }
  // Start[i] < 0 marks an empty row: the sequential loop never uses it.
  for (int i = 0; i < N; ++i)
    Start[i] = i % 4 == 1 ? -(1 << 30) : RowStart[i];
#pragma hpf independent
  for (int i = 0; i < N; ++i) {
    long s = 0;
    if (Start[i] < 0) {
      H2[i] = -1;
      continue;
    }
    for (int k = Start[i]; k < RowStart[i + 1]; ++k)
      s += G4[Col[k]];
    for (int k = RowStart[i]; k < RowStart[i + 1]; ++k) {
      s += G5[Col[k]];
      skipOne(k);
    }
    H2[i] = s;
  }
  Out[3] = sum(H) + sum(H2);
  Out[7] = sum(Y) - sum(Z);
  std::printf("needed %ld %ld %ld %ld %ld %ld %ld %ld\n", Out[0], Out[1],
              Out[2], Out[3], Out[4], Out[5], Out[6], Out[7]);
  return 0;
}
