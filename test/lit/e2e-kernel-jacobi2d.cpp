// examples/kernels/jacobi2d.cpp end to end: Jacobi 2-D on (block, block): halos from the grid neighbours, no corners.
// Same output as the sequential build on 1..4 ranks.
// REQUIRES: mpi
// RUN: %e2e --tmp %t --ranks 1,2,3,4 %S/../../examples/kernels/jacobi2d.cpp | FileCheck %s
// CHECK: e2e: sequential output: jacobi2d
// CHECK: e2e: -n 1: same output
// CHECK: e2e: -n 2: same output
// CHECK: e2e: -n 3: same output
// CHECK: e2e: -n 4: same output
// RUN: %hpfcc -Rhpf -c %S/../../examples/kernels/jacobi2d.cpp -o %t.o 2>&1 | FileCheck %s --check-prefix=REMARK
// REMARK: remark: 'In' is read at i - 1 .. i + 1, j - 1 .. j + 1: each rank receives a halo of (1, 1) elements below and (1, 1) above its block, without corners, from its grid neighbours, sent before the loop, instead of a copy of all 66564 elements
