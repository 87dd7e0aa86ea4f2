// examples/kernels/stencil.cpp end to end: PRK-style star stencil, radius 2, on (block, *) rows: a halo of two rows.
// Same output as the sequential build on 1..4 ranks.
// REQUIRES: mpi
// RUN: %e2e --tmp %t --ranks 1,2,3,4 %S/../../examples/kernels/stencil.cpp | FileCheck %s
// CHECK: e2e: sequential output: stencil
// CHECK: e2e: -n 1: same output
// CHECK: e2e: -n 2: same output
// CHECK: e2e: -n 3: same output
// CHECK: e2e: -n 4: same output
// RUN: %hpfcc -Rhpf -c %S/../../examples/kernels/stencil.cpp -o %t.o 2>&1 | FileCheck %s --check-prefix=REMARK
// REMARK: remark: 'In' is read at i - 2 .. i + 2, j - 2 .. j + 2: before the loop each rank receives a halo of (2, 0) elements below and (2, 0) above its block, without corners, from its grid neighbours instead of a copy of all 40804 elements
// The inner level runs over the '*' dimension: the user's loop as written
// (no owned segments, local index = global index), like the sequential one.
// RUN: %hpfcc --hpf-emit-source %S/../../examples/kernels/stencil.cpp | %strip_checks | FileCheck %s --check-prefix=CODE
// CODE: for (const hpfcc::segment __hpf_seg[[ID:[0-9]+]]_0 : hpfcc::owned_segments(Out, 0, 2, N - 2)) for (int i = __hpf_seg[[ID]]_0.lo; i < __hpf_seg[[ID]]_0.hi; ++i) {
// CODE-NEXT: /* #pragma hpf independent */
// CODE-NEXT: for (int j = 2; j < N - 2; ++j)
// CODE-NEXT: __hpf_Out[[ID]][(i + __hpf_seg[[ID]]_0.off) * __hpf_Out[[ID]]_e1 + j] += W1 * (__hpf_halo_In[[ID]](i, j + 1)
