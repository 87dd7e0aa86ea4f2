// examples/kernels/nbody.cpp end to end: n-body with replicated reads (the
// positions, block, read at every j: gathered once per step on every rank),
// bodies updated by their owners. Same output as the sequential build on
// 1..4 ranks.
// REQUIRES: mpi
// RUN: %e2e --tmp %t --ranks 1,2,3,4 %S/../../examples/kernels/nbody.cpp | FileCheck %s
// CHECK: e2e: sequential output: nbody 96 bodies, 8 steps: kinetic
// CHECK: e2e: -n 1: same output
// CHECK: e2e: -n 2: same output
// CHECK: e2e: -n 3: same output
// CHECK: e2e: -n 4: same output
// RUN: %hpfcc -Rhpf -c %S/../../examples/kernels/nbody.cpp -o %t.o 2>&1 | FileCheck %s --check-prefix=REMARK
// REMARK: remark: 'X' is read at subscripts that are not aligned with the loop: before the loop its 96 elements are gathered on every rank (one MPI_Allgatherv, 768 bytes per rank)
