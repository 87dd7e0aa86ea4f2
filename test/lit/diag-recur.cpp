// A nest whose inner loop is not marked independent and writes across a
// distributed dimension at its index (a recurrence) is a valid program: it
// runs on every rank over copies, with a warning at the inner loop that says
// why and how to make it parallel. Writes that every iteration of a loop the
// user marked independent makes stay errors (a false assertion).
// RUN: %clang_verify %s
constexpr int N = 16, S = 4;
#pragma hpf processors G(2, 2)
#pragma hpf processors P(4)
double X[N][N];
#pragma hpf distribute X(block, block) onto G
double A[N];
#pragma hpf distribute A(block) onto P
double B[N];
#pragma hpf distribute B(cyclic) onto P

void f(double t) {
#pragma hpf independent
  for (int i = 0; i < N; ++i)
    for (int j = 1; j < N; ++j) // expected-warning {{the loop over 'j' is not marked independent and its iterations may depend on each other through distributed dimension 1 of 'X', so the nest cannot run in parallel: every rank runs all of it on copies of 'X' (256 elements gathered on every rank before it, 2048 bytes per rank) and keeps the elements it owns; to run it in parallel, distribute that dimension '*' or remove the dependence (if the iterations are independent, mark the loop '#pragma hpf independent')}}
      X[i][j] = X[i][j - 1] + t;
  double s = 0;
#pragma hpf independent reduction(+ : s)
  for (int q = 0; q < S; ++q)
    for (int j = q * S + 1; j < (q + 1) * S; ++j) { // expected-warning {{the loop over 'j' is not marked independent and its iterations may depend on each other through distributed 'A', so the nest cannot run in parallel: every rank runs all of it on copies of 'A', 'B' (32 elements gathered on every rank before it, 256 bytes per rank) and keeps the elements it owns; to run it in parallel, remove the dependence (if the iterations are independent, mark the loop '#pragma hpf independent')}}
      A[j] += A[j - 1] * B[j];
      s += A[j];
    }
  // Every i writes every A[j]: the directive on the loop over i is false.
#pragma hpf independent
  for (int i = 0; i < 2; ++i)
    for (int j = 1; j < N; ++j)
      A[j] += A[j - 1]; // expected-error {{subscript of distributed array 'A' must be the loop index 'i' where it is written (other subscripts can only be read)}}
}
