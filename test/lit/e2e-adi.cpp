// examples/adi.cpp (ADI sweeps: rows under (block, *), columns under
// (*, block), redistribute between the phases) under 1..5 ranks: same
// output as the sequential program.
// REQUIRES: mpi
// RUN: %e2e --tmp %t --ranks 1,2,3,4,5 %S/../../examples/adi.cpp | FileCheck %s
// CHECK: e2e: sequential output: ADI 40x40, 3 steps: checksum
// CHECK: e2e: -n 1: same output
// CHECK: e2e: -n 2: same output
// CHECK: e2e: -n 3: same output
// CHECK: e2e: -n 4: same output
// CHECK: e2e: -n 5: same output
// RUN: %hpfcc -Rhpf -c %S/../../examples/adi.cpp -o %t.o 2>&1 | FileCheck %s --check-prefix=REMARK
// REMARK-DAG: remark: independent loop nest over 'U' ((block, *) onto ALL(*)): 'i' over the owned indices of dimension 0; owner computes
// REMARK-DAG: remark: independent loop nest over 'U' ((*, block) onto ALL(*)): 'j' over the owned indices of dimension 1; owner computes
// REMARK-DAG: remark: 'F[0][j]' is read from a copy of 'F' redistributed before the loop to the mapping the loop reads it with (dimension 1 of 'F' like dimension 1 of 'U', the other dimensions '*')
// REMARK-DAG: remark: redistribute 'U' plan made at run time
