// examples/kernels/fft2d.cpp end to end: 2-D FFT by transposes, row FFTs on
// (block, *), redistribute to (*, block), column FFTs; every 1-D FFT runs
// whole on one rank in the sequential order of operations. Same output as
// the sequential build on 1..4 ranks (64 rows: 22, 22, 20 at -n 3).
// REQUIRES: mpi
// RUN: %e2e --tmp %t --ranks 1,2,3,4 %S/../../examples/kernels/fft2d.cpp | FileCheck %s
// CHECK: e2e: sequential output: fft2d 64 x 64: checksum {{-?[0-9]+}}, largest {{.*}}
// CHECK: e2e: -n 1: same output
// CHECK: e2e: -n 2: same output
// CHECK: e2e: -n 3: same output
// CHECK: e2e: -n 4: same output
// RUN: %hpfcc -Rhpf -c %S/../../examples/kernels/fft2d.cpp -o %t.o 2>&1 | FileCheck %s --check-prefix=REMARK
// REMARK: remark: independent loop nest over 'Re' ((block, *) onto ALL(*)): 'i' over the owned indices of dimension 0; owner computes
// REMARK: remark: independent loop nest over 'Re' ((*, block) onto ALL(*)): 'j' over the owned indices of dimension 1; owner computes
// REMARK-NOT: gathered
