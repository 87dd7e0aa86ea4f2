// examples/elements.cpp (element access in sequential code) under 1..4
// ranks: same output as the sequential program.
// REQUIRES: mpi
// RUN: %e2e --tmp %t --ranks 1,2,3,4 %S/../../examples/elements.cpp | FileCheck %s
// CHECK: e2e: sequential output: after 25 steps from 7: position {{[0-9]+}}
// CHECK: e2e: -n 4: same output
