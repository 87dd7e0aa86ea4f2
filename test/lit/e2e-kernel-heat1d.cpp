// examples/kernels/heat1d.cpp end to end: Heat 1-D on block: a one-element halo on each side.
// Same output as the sequential build on 1..4 ranks.
// REQUIRES: mpi
// RUN: %e2e --tmp %t --ranks 1,2,3,4 %S/../../examples/kernels/heat1d.cpp | FileCheck %s
// CHECK: e2e: sequential output: heat1d
// CHECK: e2e: -n 1: same output
// CHECK: e2e: -n 2: same output
// CHECK: e2e: -n 3: same output
// CHECK: e2e: -n 4: same output
// RUN: %hpfcc -Rhpf -c %S/../../examples/kernels/heat1d.cpp -o %t.o 2>&1 | FileCheck %s --check-prefix=REMARK
// REMARK: remark: 'U' is read at i - 1 .. i + 1: each rank receives a halo of 1 element below and 1 above its block from the nearest owners (16 bytes per rank)
