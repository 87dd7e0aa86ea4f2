// examples/kernels/transpose.cpp end to end: PRK-style Transpose, B += A^T
// with A (*, block) and B (block, *): A's column i lives with B's row i, so
// the read is local and nothing moves. Same output as the sequential build
// on 1..4 ranks.
// REQUIRES: mpi
// RUN: %e2e --tmp %t --ranks 1,2,3,4 %S/../../examples/kernels/transpose.cpp | FileCheck %s
// CHECK: e2e: sequential output: transpose 120 x 120, 10 iterations: checksum {{.*}} (solution validates)
// CHECK: e2e: -n 1: same output
// CHECK: e2e: -n 2: same output
// CHECK: e2e: -n 3: same output
// CHECK: e2e: -n 4: same output
// RUN: %hpfcc -Rhpf -c %S/../../examples/kernels/transpose.cpp -o %t.o 2>&1 | FileCheck %s --check-prefix=REMARK
// REMARK: remark: 'A[j][i]' is read locally: dimension 1 of 'A' like dimension 0 of 'B', so every element an iteration reads is owned by its rank; nothing moves before the loop
// REMARK-NOT: gathered
