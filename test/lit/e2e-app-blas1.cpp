// examples/apps/blas1.cpp, one of the example programs in the shape of real
// codes (examples/apps/README.md), at -n 1, 2, 3, 4: same output as its sequential build.
// REQUIRES: mpi
// RUN: %e2e --tmp %t --ranks 1,2,3,4 --flag=--hpf-reproducible-sums %S/../../examples/apps/blas1.cpp | FileCheck %s
// CHECK: e2e: sequential output: x.y = -7.784666993151e+02
// CHECK: e2e: -n 1: same output
// CHECK: e2e: -n 2: same output
// CHECK: e2e: -n 3: same output
// CHECK: e2e: -n 4: same output
