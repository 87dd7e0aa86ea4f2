// examples/transpose.cpp (2-D transform by the transpose method: row phase
// under (block, *), redistribute to (*, block), column phase) under 1..5
// ranks: same output as the sequential program.
// REQUIRES: mpi
// RUN: %e2e --tmp %t --ranks 1,2,3,4,5 %S/../../examples/transpose.cpp | FileCheck %s
// CHECK: e2e: sequential output: 2-D transform of 24x36: checksum
// CHECK: e2e: -n 1: same output
// CHECK: e2e: -n 2: same output
// CHECK: e2e: -n 3: same output
// CHECK: e2e: -n 4: same output
// CHECK: e2e: -n 5: same output
// RUN: %hpfcc -Rhpf -c %S/../../examples/transpose.cpp -o %t.o 2>&1 | FileCheck %s --check-prefix=REMARK
// REMARK: remark: independent loop nest over 'X' ((block, *) onto ALL(*)): 'i' over the owned indices of dimension 0; owner computes
// REMARK: remark: independent loop nest over 'X' ((*, block) onto ALL(*)): 'j' over the owned indices of dimension 1; owner computes
