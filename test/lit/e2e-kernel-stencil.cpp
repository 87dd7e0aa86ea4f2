// examples/kernels/stencil.cpp end to end: PRK-style star stencil, radius 2, on (block, *) rows: a halo of two rows.
// Same output as the sequential build on 1..4 ranks.
// REQUIRES: mpi
// RUN: %e2e --tmp %t --ranks 1,2,3,4 %S/../../examples/kernels/stencil.cpp | FileCheck %s
// CHECK: e2e: sequential output: stencil
// CHECK: e2e: -n 1: same output
// CHECK: e2e: -n 2: same output
// CHECK: e2e: -n 3: same output
// CHECK: e2e: -n 4: same output
// RUN: %hpfcc -Rhpf -c %S/../../examples/kernels/stencil.cpp -o %t.o 2>&1 | FileCheck %s --check-prefix=REMARK
// REMARK: remark: 'In' is read at i - 2 .. i + 2, j - 2 .. j + 2: before the loop each rank receives a halo of (2, 0) elements below and (2, 0) above its block, without corners, from its grid neighbours instead of a copy of all 40804 elements
