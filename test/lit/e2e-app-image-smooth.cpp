// examples/apps/image-smooth.cpp, one of the example programs in the shape of real
// codes (examples/apps/README.md), at -n 1 to 5 (grids 1x1, 2x1, 3x1, 2x2, 5x1): same output as its sequential build.
// REQUIRES: mpi
// RUN: %e2e --tmp %t --ranks 1,2,3,4,5 %S/../../examples/apps/image-smooth.cpp | FileCheck %s
// CHECK: e2e: sequential output: mean level 51
// CHECK: e2e: -n 1: same output
// CHECK: e2e: -n 2: same output
// CHECK: e2e: -n 3: same output
// CHECK: e2e: -n 4: same output
// CHECK: e2e: -n 5: same output
