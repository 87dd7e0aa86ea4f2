// Rows of distributed arrays (`f(A[i], n)`) where they are no pointer into
// the iteration's own storage: each is an error at the row saying why and
// what to write instead (test/lit/e2e-row-args.cpp: where they are).
// RUN: %clang_verify %s
constexpr int N = 8, M = 6;
#pragma hpf processors ALL(*)
#pragma hpf processors G(2, 2)
double A[N][M];
#pragma hpf distribute A(block, *) onto ALL
double B[N][M];
#pragma hpf distribute B(cyclic, *) onto ALL
double BB[N][M];
#pragma hpf distribute BB(block, block) onto G
double CB[N][M];
#pragma hpf distribute CB(*, block) onto ALL
// D's block size is a run-time value: where the flow walk loses D's mapping
// (below) hpfcc cannot compile a nest for the declared one instead.
int Chunk = 2;
double D[N][M];
#pragma hpf distribute D(block(Chunk), *) onto ALL
#pragma hpf dynamic D
double X[N][M];
#pragma hpf distribute X(block, block) onto G
double T3[N][M][4];
#pragma hpf distribute T3(block, block, *) onto G

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
#define ROW(i) A[i]

double f(bool c) {
  double t = 0;
  // Replicated code: the row is on its owner only.
  scale(A[2], M, 2.0); // expected-error {{row 'A[k]' of distributed array 'A' cannot be used outside an independent loop: it is stored on the rank that owns it, not on every rank; pass it as 'A[i]' from an independent loop over the rows (a pointer into the owner's storage), or use its elements 'A[k][j]'}}
  t += rowsum(BB[1], M); // expected-error {{row 'BB[k]' of distributed array 'BB' is not contiguous on one rank: dimension 1 of 'BB' is distributed ((block, block) onto G(2, 2)), so the row is split over ranks; use its elements 'BB[k][j]', or distribute dimension 1 '*'}}
  // A trailing dimension distributed: the row is split over ranks.
#pragma hpf independent
  for (int i = 0; i < N; ++i)
    scale(BB[i], M, 2.0); // expected-error {{row 'BB[i]' of distributed array 'BB' is not contiguous on one rank: dimension 1 of 'BB' is distributed ((block, block) onto G(2, 2)), so the row is split over ranks; use its elements 'BB[i][j]', or distribute dimension 1 '*'}}
#pragma hpf independent
  for (int i = 0; i < N; ++i)
    scale(CB[i], M, 2.0); // expected-error {{row 'CB[i]' of distributed array 'CB' is not contiguous on one rank: dimension 1 of 'CB' is distributed ((*, block) onto ALL(*)), so the row is split over ranks; use its elements 'CB[i][j]', or distribute dimension 1 '*'}}
#pragma hpf independent
  for (int i = 0; i < N; ++i) {
#pragma hpf independent
    for (int j = 0; j < M; ++j)
      scale(T3[i][j], 4, 2.0); // fine: dimension 2 is '*'
    scale(T3[i][0], 4, 2.0); // expected-error {{row 'T3[i][j]' of distributed array 'T3' is not owned by the iteration: its subscript in distributed dimension 1 must be the index of an enclosing independent loop over that dimension, since a row is passed as a pointer into the storage of the rank that owns it; use its elements 'T3[i][j][k]' (read from a copy) instead}}
  }
  // Not the iteration's row.
#pragma hpf independent
  for (int i = 0; i < N - 1; ++i)
    scale(A[i + 1], M, 2.0); // expected-error {{row 'A[i]' of distributed array 'A' is not owned by the iteration: its subscript in distributed dimension 0 must be the index of an enclosing independent loop over that dimension, since a row is passed as a pointer into the storage of the rank that owns it; use its elements 'A[i][j]' (read from a copy) instead}}
  // Rows of another mapping than the loop's.
#pragma hpf independent
  for (int i = 0; i < N; ++i) {
    A[i][0] = 1;
    scale(B[i], M, 2.0); // expected-error {{row 'B[i]' of distributed array 'B' ((cyclic, *) onto ALL(*)) is not aligned with 'A' ((block, *) onto ALL(*)) here: its rows live on other ranks than the loop's iterations, and only a row the iteration owns is a pointer into its storage; use its elements 'B[i][j]'}}
  }
  // Other elements of A read from a copy: the row is not in the copy.
#pragma hpf independent reduction(+ : t)
  for (int i = 0; i < N; ++i)
    t += rowsum(A[i], M) + A[(i + 1) % N][0]; // expected-error {{row 'A[i]' of distributed array 'A' cannot be passed here: other elements of 'A' in this loop are read from a copy made before it, and a row is a pointer into the owner's storage; use its elements 'A[i][j]'}}
  // A mapping that depends on control flow.
  if (c) {
#pragma hpf redistribute D(*, block)
  }
#pragma hpf independent
  for (int i = 0; i < N; ++i)
    scale(D[i], M, 2.0); // expected-error {{row 'D[i]' of distributed array 'D' cannot be passed here: the mapping of 'D' here depends on control flow (or on the caller), and a row is a pointer into the owner's storage only where the dimensions it spans are known to be '*'; use its elements 'D[i][j]'}}
  // Not decayed to a pointer; spelled by a macro.
#pragma hpf independent
  for (int i = 0; i < N; ++i) {
    double(&r)[M] = A[i]; // expected-error {{row 'A[i]' of distributed array 'A' can only be used as a pointer to its first element (as in 'f(A[i], n)'); use its elements 'A[i][j]' otherwise}}
    r[0] = sizeof(A[i]); // unevaluated: no use of the row
    scale(ROW(i), M, 2.0); // expected-error {{element of distributed array 'A' must be written 'A[i][j]' outside macros}}
  }
  // A nest that runs on every rank over copies (a recurrence in X).
#pragma hpf independent
  for (int i = 0; i < N; ++i) {
    for (int j = 1; j < M; ++j) // expected-warning {{the loop over 'j' is not marked independent}}
      X[i][j] = X[i][j - 1] + 1;
    scale(A[i], M, 2.0); // expected-error {{row 'A[i]' of distributed array 'A' cannot be passed here: this nest runs on every rank over copies of its arrays (see the warning), and a row is a pointer into the owner's storage; use its elements 'A[i][j]'}}
  }
  return t;
}
