// examples/elements.cpp (element access in sequential code, a gathered read
// in an independent loop) under 1..4
// ranks: same output as the sequential program.
// REQUIRES: mpi
// RUN: %e2e --tmp %t --ranks 1,2,3,4 %S/../../examples/elements.cpp | FileCheck %s
// CHECK: e2e: sequential output: after 25 steps from 7: position {{[0-9]+}}
// CHECK: e2e: -n 4: same output
// RUN: %hpfcc -Rhpf -c %S/../../examples/elements.cpp -o %t.o 2>&1 | FileCheck %s --check-prefix=REMARK
// REMARK: remark: 'Visit' is read at subscripts that are not aligned with the loop: before the loop its 1000 elements are gathered on every rank (one MPI_Allgatherv, 8000 bytes per rank)
