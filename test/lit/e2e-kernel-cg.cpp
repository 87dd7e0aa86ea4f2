// examples/kernels/cg.cpp end to end: conjugate gradient on the 1-D Poisson
// matrix with block vectors: the product reads p through a halo of one
// element per side, the dot products are reductions. Same output as the
// sequential build on 1..4 ranks.
// REQUIRES: mpi
// RUN: %e2e --tmp %t --ranks 1,2,3,4 %S/../../examples/kernels/cg.cpp | FileCheck %s
// CHECK: e2e: sequential output: cg 400 unknowns, 25 iterations: residual
// CHECK: e2e: -n 1: same output
// CHECK: e2e: -n 2: same output
// CHECK: e2e: -n 3: same output
// CHECK: e2e: -n 4: same output
// RUN: %hpfcc -Rhpf -c %S/../../examples/kernels/cg.cpp -o %t.o 2>&1 | FileCheck %s --check-prefix=REMARK
// REMARK: remark: 'P' is read at i - 1 .. i + 1: each rank receives a halo of 1 element below and 1 above its block from the nearest owners (16 bytes per rank), sent before the loop, instead of a copy of all 402 elements
