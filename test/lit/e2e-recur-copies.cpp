// The copies of nests that cannot run in parallel (hpfcc::replica) for every
// way a rank's elements lie in the whole array: whole rows ((block, block)
// on a G(*, *) grid: at -n 2 and 3 the local blocks end to end are the
// whole array and the gather receives in place), blocks of rows ((block,
// block) on 2 x 2: copied run by run), runs of one element (cyclic), uneven
// and empty gen_block segments, ranks outside a smaller grid (Q has half
// the ranks), struct elements with a field recurrence, a const reference
// parameter read in the nest, and -n 1, where the copy is the array's own
// storage (nothing copied). Each nest runs twice (a second gather after a
// store-back).
// REQUIRES: mpi
// RUN: %e2e --tmp %t --ranks 1,2,3,4 %s | FileCheck %s
// CHECK: e2e: sequential output: weighted
// CHECK: e2e: -n 1: same output
// CHECK: e2e: -n 2: same output
// CHECK: e2e: -n 3: same output
// CHECK: e2e: -n 4: same output
#include <cstdio>
#include <hpf.h>
#include <vector>

constexpr int N = 7, M = 10, K = 23;
#pragma hpf processors G(*, *)
#pragma hpf processors P(*)
#pragma hpf processors Q((number_of_processors() + 1) / 2)
double X[N][M];
#pragma hpf distribute X(block, block) onto G
long C[K];
#pragma hpf distribute C(cyclic) onto P
int Gb[K];
#pragma hpf distribute Gb(block) onto P
#pragma hpf dynamic Gb
struct Cell {
  float t;
  int n;
};
Cell S[N][M];
#pragma hpf distribute S(cyclic, block) onto G
double H[K];
#pragma hpf distribute H(block) onto Q

/// Reads a const parameter inside a nest that runs on every rank.
double weighted(const double (&W)[K], double (&Out)[K]) {
  double s = 0;
#pragma hpf independent reduction(+ : s)
  for (int b = 0; b < 2; ++b)
    for (int j = b * 11 + 1; j < (b + 1) * 11; ++j) {
      Out[j] = Out[j - 1] * 0.5 + W[j];
      s += Out[j];
    }
  return s;
}

int main() {
#pragma hpf independent
  for (int i = 0; i < N; ++i) {
#pragma hpf independent
    for (int j = 0; j < M; ++j) {
      X[i][j] = i * 0.5 + j;
    }
  }
#pragma hpf independent
  for (int i = 0; i < N; ++i) {
#pragma hpf independent
    for (int j = 0; j < M; ++j)
      S[i][j] = Cell{float(i + j % 3), i * j};
  }
#pragma hpf independent
  for (int i = 0; i < K; ++i)
    C[i] = i % 5 + 1;
#pragma hpf independent
  for (int i = 0; i < K; ++i)
    Gb[i] = i % 3;
#pragma hpf independent
  for (int i = 0; i < K; ++i)
    H[i] = 0.25 * i;
  // Run-time gen_block sizes: uneven, the first segment empty.
  const int NP = hpf::number_of_processors();
  std::vector<int> Sizes(std::size_t(NP), 0);
  int Used = 0;
  for (int R = 1; R + 1 < NP; ++R)
    Used += Sizes[std::size_t(R)] = 2 + R;
  Sizes[std::size_t(NP - 1)] = K - Used;
#pragma hpf redistribute Gb(gen_block(Sizes)) onto P
  for (int round = 0; round < 2; ++round) {
#pragma hpf independent
    for (int i = 0; i < N; ++i)
      for (int j = 1; j < M; ++j)
        X[i][j] = 0.5 * X[i][j - 1] + X[i][j];
#pragma hpf independent
    for (int s = 0; s < 3; ++s)
      for (int j = s * 7 + 1; j < (s + 1) * 7; ++j) {
        C[j] += C[j - 1];
        Gb[j] = Gb[j - 1] * 2 + Gb[j] + int(C[j] % 7);
      }
#pragma hpf independent
    for (int i = 0; i < N; ++i)
      for (int j = 1; j < M; ++j) {
        S[i][j].t = S[i][j - 1].t * 0.5f + S[i][j].t;
        S[i][j].n += S[i][j - 1].n % 11;
      }
  }
  double Out[K];
#pragma hpf distribute Out(cyclic(3)) onto P
#pragma hpf independent
  for (int i = 0; i < K; ++i)
    Out[i] = 1;
  const double W1 = weighted(H, Out);
  const double W2 = weighted(Out, H);
  std::printf("weighted %.4f %.4f\n", W1, W2);
  std::printf("X");
  for (int i = 0; i < N; ++i)
    for (int j = 0; j < M; ++j)
      std::printf(" %.3f", X[i][j]);
  std::printf("\nC");
  for (int i = 0; i < K; ++i)
    std::printf(" %ld", C[i]);
  std::printf("\nGb");
  for (int i = 0; i < K; ++i)
    std::printf(" %d", Gb[i]);
  std::printf("\nS");
  for (int i = 0; i < N; ++i)
    std::printf(" %.3f/%d", double(S[i][M - 1].t), S[i][M - 1].n);
  std::printf("\nH");
  for (int i = 0; i < K; ++i)
    std::printf(" %.3f", H[i] + Out[i]);
  std::printf("\n");
}
