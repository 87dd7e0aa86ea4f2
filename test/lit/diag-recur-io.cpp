// Diagnostics of a nest that falls back to running on every rank (a
// recurrence over a distributed dimension, Replicated.cpp) say what is
// generated: its I/O is replicated code's (once, in the sequential order),
// so the per-rank output/input warnings of a parallel loop are not given and
// the nest's own warning says instead that output keeps the sequential
// order; an inner loop proven independent is not said to run as a level
// when another inner loop then makes the nest fall back. The same
// diagnostics stay for nests that do run in parallel.
// RUN: %clang_hpf -fplugin-arg-hpf-remarks %s 2> %t.err
// RUN: FileCheck %s --input-file=%t.err
// RUN: FileCheck %s --input-file=%t.err --check-prefix=NOT
#include <cstdio>
constexpr int N = 8, M = 6;
#pragma hpf processors G(2, 2)
#pragma hpf processors P(4)
double X[N][M];
#pragma hpf distribute X(block, block) onto G
double Y[N][M];
#pragma hpf distribute Y(block, block) onto G
long A[N * M];
#pragma hpf distribute A(block) onto P

void nd() {
#pragma hpf independent
  for (int i = 0; i < N; ++i)
    // CHECK-DAG: diag-recur-io.cpp:[[@LINE+1]]:5: warning: the loop over 'j' is not marked independent {{.*}} mark the loop '#pragma hpf independent'){{.*}}; output inside it keeps the sequential order{{$}}
    for (int j = 1; j < M; ++j) {
      X[i][j] = X[i][j - 1] + 1;
      // NOT-NOT: diag-recur-io.cpp:[[@LINE+1]]:{{[0-9]+}}: warning: output in an independent loop
      std::printf("%g\n", X[i][j]);
    }
}

void oneD() {
#pragma hpf independent
  for (int s = 0; s < N; ++s)
    // CHECK-DAG: diag-recur-io.cpp:[[@LINE+1]]:5: warning: the loop over 'j' is not marked independent {{.*}}'#pragma hpf independent'); output inside it keeps the sequential order; input inside it is read once and every rank gets it{{$}}
    for (int j = s * M + 1; j < (s + 1) * M; ++j) {
      // NOT-NOT: diag-recur-io.cpp:[[@LINE+1]]:{{[0-9]+}}: warning: output in an independent loop
      std::printf("%ld\n", A[j - 1]);
      A[j] += A[j - 1];
      // NOT-NOT: diag-recur-io.cpp:[[@LINE+1]]:{{[0-9]+}}: warning: input in an independent loop
      std::scanf("%ld", &A[j]);
    }
}

// The loop over 'j' alone would be proven independent and run as a level
// over dimension 1 of 'Y'; the loop over 'k' is a recurrence there, so the
// whole nest runs on every rank and no remark says 'j' is a level.
void provenThenFallback() {
// NOT-NOT: diag-recur-io.cpp:[[@LINE+1]]:1: remark: the loop over 'j' is not marked independent, but its iterations are
#pragma hpf independent
  for (int i = 0; i < N; ++i) {
    for (int j = 0; j < M; ++j)
      Y[i][j] = i + j;
    // CHECK-DAG: diag-recur-io.cpp:[[@LINE+1]]:5: warning: the loop over 'k' is not marked independent and its iterations may depend on each other through distributed dimension 1 of 'Y'
    for (int k = 1; k < M; ++k)
      Y[i][k] += Y[i][k - 1];
  }
}

// Parallel nests keep both.
void parallel() {
// CHECK-DAG: diag-recur-io.cpp:[[@LINE+1]]:1: remark: the loop over 'j' is not marked independent, but its iterations are (each writes distributed elements only at 'j' and reads the arrays it writes only there): it runs as an independent level over dimension 1 of 'Y'
#pragma hpf independent
  for (int i = 0; i < N; ++i)
  {
    // Output in the inner loop's body would keep it from being proven
    // (its order is the sequential one only when every rank runs it).
    for (int j = 0; j < M; ++j)
      Y[i][j] = 2 * i + j;
    // CHECK-DAG: diag-recur-io.cpp:[[@LINE+1]]:5: warning: output in an independent loop is written by the rank that owns each iteration, not in the sequential order
    std::printf("%d\n", i);
  }
}
// The NOT-NOT lines above hold up to the end of the output:
// NOT: warnings generated
