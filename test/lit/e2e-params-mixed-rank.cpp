// A function prescribing the mappings of parameters of different ranks or
// element types knows all of them after its directives: a parameter is an
// hpf::darray<T, R> and takes only arguments of its own T and R, so the
// redistribution of a vector cannot change a matrix, nor one of an int
// matrix a double one. Parameters of the same type may be one array, so
// the second directive forgets the first's mapping (the nest over X then
// runs with its mapping known only at run time). Exact on 1..4 ranks.
// REQUIRES: mpi
// RUN: %e2e --tmp %t --ranks 1,2,3,4 %s | FileCheck %s
// CHECK: e2e: sequential output: mixed {{-?[0-9]+}} {{-?[0-9]+}} {{-?[0-9]+}}
// CHECK: e2e: -n 1: same output
// CHECK: e2e: -n 2: same output
// CHECK: e2e: -n 3: same output
// CHECK: e2e: -n 4: same output
// RUN: %hpfcc -Rpass=hpf -fsyntax-only %s 2>&1 | FileCheck %s --check-prefix=REMARK --implicit-check-not=warning:
// REMARK: remark: independent loop nest over 'A' ((block, *) onto all ranks)
// REMARK: remark: independent loop nest over 'D' ((*, block) onto all ranks)
// REMARK: remark: independent loop nest over 'A' ((block, *) onto all ranks): 'i' over the owned indices of dimension 0; owner computes
// REMARK: remark: independent loop nest over 'D' ((block, *) onto all ranks): 'i' over the owned indices of dimension 0; owner computes
// REMARK: remark: independent loop nest over 'X' (mapping known at run time)
#include <cstdio>

constexpr int N = 12;
static double A[N][N], B[N], D[N][N], X[N][N], Y[N][N];
static int K[N][N];
#pragma hpf distribute A(block, *)
#pragma hpf distribute B(cyclic)
#pragma hpf distribute D(*, block)
#pragma hpf distribute K(block, *)
#pragma hpf distribute X(block, *)
#pragma hpf distribute Y(block, *)

void scale(double A[N][N], const double B[N]);
void weigh(double D[N][N], const int K[N][N]);
void both(double X[N][N], const double Y[N][N]);

int main() {
#pragma hpf independent
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      A[i][j] = (i * 3 + j) % 7;
      K[i][j] = (i + 2 * j) % 5;
      X[i][j] = (i * j) % 4;
      Y[i][j] = (i + j) % 3;
    }
#pragma hpf independent
  for (int j = 0; j < N; j++)
    for (int i = 0; i < N; i++)
      D[i][j] = (i * 5 + j) % 9;
#pragma hpf independent
  for (int i = 0; i < N; i++)
    B[i] = i % 4 - 1;
  scale(A, B);
  weigh(D, K);
  both(X, Y);
  long s[3] = {0, 0, 0};
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      s[0] += (long)A[i][j] * (1 + (i + j) % 3);
      s[1] += (long)D[i][j] * (1 + (i * j) % 5);
      s[2] += (long)X[i][j] * (1 + i % 4);
    }
  std::printf("mixed %ld %ld %ld\n", s[0], s[1], s[2]);
  return 0;
}

// A running sum along each row: the loop over j is sequential, so the
// rows must be whole on their rank.
void scale(double A[N][N], const double B[N]) {
#pragma hpf distribute A(block, *)
#pragma hpf distribute B(block)
#pragma hpf independent
  for (int i = 0; i < N; i++)
    for (int j = 1; j < N; j++)
      A[i][j] = A[i][j - 1] + B[i];
}

void weigh(double D[N][N], const int K[N][N]) {
#pragma hpf distribute D(block, *)
#pragma hpf distribute K(*, block)
#pragma hpf independent
  for (int i = 0; i < N; i++)
    for (int j = 1; j < N; j++)
      D[i][j] = D[i][j - 1] * 0.5 + K[i][j];
}

void both(double X[N][N], const double Y[N][N]) {
#pragma hpf distribute X(block, *)
#pragma hpf distribute Y(*, block)
#pragma hpf independent
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      X[i][j] = X[i][j] + Y[i][j];
}
