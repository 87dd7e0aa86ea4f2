// examples/kernels/gauss.cpp end to end: Gaussian elimination on M (cyclic, *)
// rows; the pivot row k, read by every row i > k, is broadcast by its owner
// before each step (one row, not the whole matrix). N = 101: not divisible
// by 2, 3 or 4. Same output as the sequential build on 1..4 ranks.
// REQUIRES: mpi
// RUN: %e2e --tmp %t --ranks 1,2,3,4 %S/../../examples/kernels/gauss.cpp | FileCheck %s
// CHECK: e2e: sequential output: gauss 101: checksum {{.*}}, residual below 1e-10
// CHECK: e2e: -n 1: same output
// CHECK: e2e: -n 2: same output
// CHECK: e2e: -n 3: same output
// CHECK: e2e: -n 4: same output
// RUN: %hpfcc -Rhpf -c %S/../../examples/kernels/gauss.cpp -o %t.o 2>&1 | FileCheck %s --check-prefix=REMARK
// REMARK: remark: independent loop nest over 'M' ((cyclic, *) onto ALL(*)): 'i' over the owned indices of dimension 0; owner computes
// REMARK: remark: 'M' is read at 'k' in dimension 0, which this nest does not write (the loop over the index of that dimension never reaches it): before the loop its owner broadcasts that slice to every rank (a broadcast of 102 elements, 816 bytes)
// REMARK-NOT: gathered
