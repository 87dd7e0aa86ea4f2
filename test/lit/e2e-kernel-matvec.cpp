// examples/kernels/matvec.cpp end to end: Matrix-vector on (block, *) with a replicated vector: nothing moves.
// Same output as the sequential build on 1..4 ranks.
// REQUIRES: mpi
// RUN: %e2e --tmp %t --ranks 1,2,3,4 %S/../../examples/kernels/matvec.cpp | FileCheck %s
// CHECK: e2e: sequential output: matvec
// CHECK: e2e: -n 1: same output
// CHECK: e2e: -n 2: same output
// CHECK: e2e: -n 3: same output
// CHECK: e2e: -n 4: same output
// RUN: %hpfcc -Rhpf -c %S/../../examples/kernels/matvec.cpp -o %t.o 2>&1 | FileCheck %s --check-prefix=REMARK
// REMARK: independent loop nest over 'M' ((block, *) onto ALL(*)): 'i' over the owned indices of dimension 0; owner computes
// REMARK-NOT: gathered
