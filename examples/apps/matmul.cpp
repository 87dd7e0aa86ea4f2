// Dense matrix product C = A * B with the rows of A and C distributed
// (block, *) and B replicated (an ordinary array every rank holds): each
// rank computes its own rows of C with no communication. Integer entries,
// so the checksums are exact.
#include <cstdio>

constexpr int N = 120, K = 80, M = 100;

#pragma hpf processors P(*)
long A[N][K];
long C[N][M];
#pragma hpf distribute A(block, *) onto P
#pragma hpf distribute C(block, *) onto P
long B[K][M];

int main() {
  for (int k = 0; k < K; ++k)
    for (int j = 0; j < M; ++j)
      B[k][j] = (k * 7 + j * 3) % 11 - 5;
#pragma hpf independent
  for (int i = 0; i < N; ++i)
    for (int k = 0; k < K; ++k)
      A[i][k] = (i * 5 + k) % 13 - 6;
#pragma hpf independent
  for (int i = 0; i < N; ++i)
    for (int j = 0; j < M; ++j) {
      long s = 0;
      for (int k = 0; k < K; ++k)
        s += A[i][k] * B[k][j];
      C[i][j] = s;
    }
  long trace = 0, sum = 0, weighted = 0;
#pragma hpf independent reduction(+ : trace, sum, weighted)
  for (int i = 0; i < N; ++i)
    for (int j = 0; j < M; ++j) {
      sum += C[i][j];
      weighted += C[i][j] * (i + 2 * j + 1);
      if (i == j)
        trace += C[i][j];
    }
  std::printf("C = A * B, %dx%d times %dx%d\n", N, K, K, M);
  std::printf("trace %ld, sum %ld, weighted %ld\n", trace, sum, weighted);
  std::printf("C[0][0] %ld, C[%d][%d] %ld\n", C[0][0], N - 1, M - 1,
              C[N - 1][M - 1]);
}
