// examples/apps/kernels.cpp, one of the example programs in the shape of real
// codes (examples/apps/README.md), at -n 1, 2, 3, 4: same output as its sequential build.
// REQUIRES: mpi
// RUN: %e2e --tmp %t --ranks 1,2,3,4 --flag=--hpf-reproducible-sums %S/../../examples/apps/kernels.cpp | FileCheck %s
// CHECK: e2e: sequential output: block:      |u| = 5.027553284143e-01  u.f = 5.016470152839e-01
// CHECK: e2e: -n 1: same output
// CHECK: e2e: -n 2: same output
// CHECK: e2e: -n 3: same output
// CHECK: e2e: -n 4: same output
