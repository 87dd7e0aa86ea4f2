// examples/apps/histogram.cpp, one of the example programs in the shape of real
// codes (examples/apps/README.md): array reductions (+ over counts and sums,
// min/max per bin, a 2-D joint histogram) at -n 1, 2, 3, 4: same output as
// its sequential build.
// REQUIRES: mpi
// RUN: %e2e --tmp %t --ranks 1,2,3,4 %S/../../examples/apps/histogram.cpp | FileCheck %s
// CHECK: e2e: sequential output: bin  count      mean     min     max
// CHECK: e2e: -n 1: same output
// CHECK: e2e: -n 2: same output
// CHECK: e2e: -n 3: same output
// CHECK: e2e: -n 4: same output
