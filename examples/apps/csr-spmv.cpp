// Power iteration with a sparse matrix in compressed-sparse-row form, as
// finite-element and graph codes store it. The matrix (row pointers,
// column indices, values) is replicated; both vectors are block-distributed,
// so each rank multiplies its own rows. X[Col[k]] reaches any row: before
// the first product each rank runs the loop over k alone (an inspector),
// lists the elements of X its rows read, and then receives only those from
// their owners; nothing in the iteration loop changes Col or RowStart, so
// the list is made once for the 30 products.
#include <cmath>
#include <cstdio>

constexpr int N = 400;
constexpr int MaxNnz = 5 * N;

int RowStart[N + 1];
int Col[MaxNnz];
double Val[MaxNnz];

#pragma hpf processors P(*)
double X[N];
double Y[N];
#pragma hpf distribute X(block) onto P
#pragma hpf distribute Y(block) onto P

void build() {
  // A 1-D Laplacian plus long-range couplings every 37 rows.
  int nnz = 0;
  for (int i = 0; i < N; ++i) {
    RowStart[i] = nnz;
    auto add = [&](int j, double v) {
      Col[nnz] = j;
      Val[nnz++] = v;
    };
    if (i > 0)
      add(i - 1, -1.0);
    add(i, 2.0 + (i % 7) * 0.01);
    if (i + 1 < N)
      add(i + 1, -1.0);
    if (i % 37 == 0 && i + 100 < N)
      add(i + 100, 0.5);
  }
  RowStart[N] = nnz;
}

int main() {
  build();
#pragma hpf independent
  for (int i = 0; i < N; ++i)
    X[i] = 1.0;
  double lambda = 0.0;
  for (int it = 1; it <= 30; ++it) {
#pragma hpf independent
    for (int i = 0; i < N; ++i) {
      double s = 0.0;
      for (int k = RowStart[i]; k < RowStart[i + 1]; ++k)
        s += Val[k] * X[Col[k]];
      Y[i] = s;
    }
    double m = 0.0;
#pragma hpf independent reduction(max : m)
    for (int i = 0; i < N; ++i)
      m = std::fabs(Y[i]) > m ? std::fabs(Y[i]) : m;
    lambda = m;
#pragma hpf independent
    for (int i = 0; i < N; ++i)
      X[i] = Y[i] / m;
    if (it % 10 == 0)
      std::printf("iteration %d: lambda ~ %.10f\n", it, lambda);
  }
  std::printf("x[0] %.8f, x[N/2] %.8f\n", X[0], X[N / 2]);
}
