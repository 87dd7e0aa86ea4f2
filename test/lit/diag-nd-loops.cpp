// Loop nests over multi-dimensional arrays: what cannot run owner-computes
// (and is not served by a gathered copy) is an error at the access.
// RUN: %clang_verify %s
constexpr int N = 16;
#pragma hpf processors P(4)
#pragma hpf processors G(2, 2)
double M[N][N];
#pragma hpf distribute M(block, block) onto G
// R's block size is a run-time value: where the flow walk loses R's mapping
// (below) hpfcc cannot compile a nest for the declared one instead.
int Chunk = 4;
double R[N][N];
#pragma hpf distribute R(block(Chunk), *) onto P
#pragma hpf dynamic R
double K[N][N];
#pragma hpf distribute K(block, *) onto P
double Q[N][N];
#pragma hpf distribute Q(cyclic, *) onto P
double V[N];
#pragma hpf distribute V(block) onto P
double W[N];
#pragma hpf distribute W(cyclic) onto P
// Written beside K (block, *): B3 places its elements over i like K does
// (e2e-loop-mixed-rank.cpp), C3 does not.
double B3[N][N][2], C3[N][N][2];
#pragma hpf distribute B3(block, *, *) onto P
#pragma hpf distribute C3(cyclic, *, *) onto P

void f(bool c, double t) {
#pragma hpf independent
  for (int i = 0; i < N; ++i) {
    double acc = 0; // carried from one j to the next: not provably independent
    for (int j = 0; j < N; ++j) { // expected-warning {{the loop over 'j' is not marked independent and its iterations may depend on each other through distributed dimension 1 of 'M', so the nest cannot run in parallel: every rank runs all of it on copies of 'M' (256 elements gathered on every rank before it, 2048 bytes per rank) and keeps the elements it owns; to run it in parallel, distribute that dimension '*' or remove the dependence (if the iterations are independent, mark the loop '#pragma hpf independent')}}
      M[i][j] = acc; // a valid program: runs on every rank (diag-recur.cpp)
      acc += t;
    }
  }
#pragma hpf independent
  for (int i = 0; i < N - 1; ++i) {
#pragma hpf independent
    for (int j = 0; j < N; ++j)
      M[i + 1][j] = t; // expected-error {{'M' is written here, so its subscript in distributed dimension 0 must be the index of an enclosing independent loop over that dimension}}
  }
#pragma hpf independent
  for (int i = 1; i < N; ++i)
    for (int j = 0; j < N; ++j)
      K[i][j] = K[i - 1][j] + K[i][j]; // expected-error {{'K' is written in this loop nest, so it can be read only at elements the iteration owns: its subscript in distributed dimension 0 must be the index of an enclosing independent loop over that dimension}}
#pragma hpf independent
  for (int i = 0; i < N; ++i)
    for (int j = 0; j < N; ++j) {
      K[i][j] = t;
      Q[i][j] = t; // expected-error {{'Q' ((cyclic, *) onto P(4)) is not aligned with 'K' ((block, *) onto P(4)) here}}
    }
#pragma hpf independent
  for (int i = 0; i < N; ++i)
    for (int j = 0; j < N; ++j) {
      K[i][j] = V[i] + W[j]; // V local (aligned with the rows of K), W gathered
      V[j] = t; // expected-error {{one-dimensional 'V' can be written (or read where the nest writes it) in a loop nest over 'K' only as 'V[i]' with i the index of the level over the distributed dimension of 'K', and only if it has that dimension's format, arrangement and extent}}
    }
  double s = 0;
#pragma hpf independent
  for (int i = 0; i < N; ++i) {
#pragma hpf independent reduction(+ : s) // expected-error {{a reduction clause on an inner loop of a nest is supported only for a variable declared inside the nest; 's' is declared outside it: move the clause to the outermost loop, at line 61}}
    for (int j = 0; j < N; ++j)
      s += M[i][j];
  }
#pragma hpf independent
  for (int i = 0; i < N; ++i) {
#pragma hpf independent
    for (int j = 0; j < N; ++j) {
      if (M[i][j] > t)
        break; // expected-error {{'break' cannot leave an independent loop}}
      M[i][j] = t;
    }
  }
#pragma hpf independent
  for (int i = 0; i < N; ++i) {
#pragma hpf independent
    for (int j = 0; j < N; ++j) {
      M[i][j] = t;
      j += 0; // expected-error {{the loop index 'j' must not be modified in the body}}
    }
  }
#pragma hpf independent
  for (int i = 0; i < N; ++i) {
    double *row = M[i]; // expected-error {{row 'M[i]' of distributed array 'M' is not contiguous on one rank: dimension 1 of 'M' is distributed ((block, block) onto G(2, 2)), so the row is split over ranks; use its elements 'M[i][j]', or distribute dimension 1 '*'}}
    (void)row;
  }
  if (c) {
#pragma hpf redistribute R(*, block)
  }
#pragma hpf independent
  for (int i = 0; i < N; ++i)
    for (int j = 1; j < N; ++j) // expected-warning {{the loop over 'j' is not marked independent and its iterations may depend on each other through distributed dimension 1 of 'R', so the nest cannot run in parallel}}
      R[i][j] = R[i][j - 1] + t; // mapping unknown here: every dimension counts as distributed
#pragma hpf independent
  for (int i = 0; i < N; ++i) {
    const int k = N - 1 - i;
    R[i][k] = t; // expected-error {{'R' is written here, so its subscript in distributed dimension 1 must be the index of an enclosing independent loop over that dimension; if the iterations of the loop over 'k' are independent, mark it '#pragma hpf independent' (the mapping of 'R' here depends on control flow, so every dimension counts as distributed)}}
  }
#pragma hpf independent
  for (int i = 0; i < N; ++i)
#pragma hpf independent
    for (int j = 0; j < N; ++j) {
      K[i][j] = t;
      B3[i][j][1] = t; // the same ranks as K[i][j]: written in place
      C3[i][j][1] = t; // expected-error {{'C3' ((cyclic, *, *) onto P(4)) is not aligned with 'K' ((block, *) onto P(4)) here}}
    }
#pragma hpf independent
  for (int i = 0; i < N; ++i)
#pragma hpf independent
    for (int j = 0; j < N; ++j) {
      K[i][j] = t;
      B3[j][i][0] = t; // expected-error {{'B3' is written here, so its subscript in distributed dimension 0 must be the index of an enclosing independent loop over that dimension}}
    }
}

// Stores at subscripts no level runs over are made by their owners
// (FixedSlices.cpp) only if the nest reads the array nowhere but at the
// element an assignment stores.
void varyingStores() {
#pragma hpf independent
  for (int k = 0; k < N / 2 - 1; k++)
    for (int i = 0; i < N; i++)
      K[2 * k][i] = K[2 * k + 1][i]; // expected-error {{'K' is written here, so its subscript in distributed dimension 0 must be the index of an enclosing independent loop over that dimension}} expected-error {{'K' is written in this loop nest, so it can be read only at elements the iteration owns}} expected-note {{the nest has no level over a distributed dimension: each element it stores could be stored by its owner, every rank running the nest, if the nest read the stored array only at the element an assignment stores; here it reads another}}
}
