// examples/apps/grid-solver.cpp, one of the example programs in the shape of real
// codes (examples/apps/README.md), at -n 1, 2, 3, 4: same output as its sequential build.
// REQUIRES: mpi
// RUN: %e2e --tmp %t --ranks 1,2,3,4 %S/../../examples/apps/grid-solver.cpp | FileCheck %s
// CHECK: e2e: sequential output: smooth: 164 sweeps
// CHECK: e2e: -n 1: same output
// CHECK: e2e: -n 2: same output
// CHECK: e2e: -n 3: same output
// CHECK: e2e: -n 4: same output
