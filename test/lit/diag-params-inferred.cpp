// A parameter's mapping is inferred only from calls that agree
// (e2e-params-inferred.cpp): a function called with (block, *) and
// (*, block) arrays keeps the run-time mapping, so its loop over i alone,
// which writes X[i][M - 1 - j], runs on every rank (the warning).
// RUN: %clang_verify %s
constexpr int N = 10, M = 6;
double A[N][M], C[N][M];
#pragma hpf distribute A(block, *)
#pragma hpf distribute C(*, block)

void mirror(double (&X)[N][M]) {
#pragma hpf independent
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M / 2; j++) // expected-warning {{the loop over 'j' is not marked independent and its iterations may depend on each other through distributed dimension 1 of 'X'}}
      X[i][M - 1 - j] = X[i][j];
}

int main() {
  mirror(A);
  mirror(C);
  return 0;
}
