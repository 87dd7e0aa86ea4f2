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
// REMARK: remark: 'In' is read at i - 2 .. i + 2, j - 2 .. j + 2: each rank receives a halo of (2, 0) elements below and (2, 0) above its block, without corners, from its grid neighbours, sent before the loop, instead of a copy of all 40804 elements
// The inner level runs over the '*' dimension: the user's loop as written
// (no owned segments, local index = global index), like the sequential one,
// over the runs of the halo: rows whose reads stay in the rank's block read
// In's local storage in place, the two rows at each edge the halo's copy.
// RUN: %hpfcc --hpf-emit-source %S/../../examples/kernels/stencil.cpp | %strip_checks | FileCheck %s --check-prefix=CODE
// CODE: for (const hpfcc::segment __hpf_seg[[ID:[0-9]+]]_0 : hpfcc::owned_segments(Out, 0, 2, N - 2)) for (int i = __hpf_seg[[ID]]_0.lo; i < __hpf_seg[[ID]]_0.hi; ++i) {
// CODE-NEXT: /* #pragma hpf independent */
// CODE-NEXT: { for (const hpf::halo_run __hpf_run[[ID]] : hpf::halo_split_runs(2, N - 2, __hpf_halo_In[[ID]].interior(1, i, 0))) { const auto __hpf_hv_In[[ID]] = __hpf_halo_In[[ID]].view(__hpf_run[[ID]].local(0)); for (int j = __hpf_run[[ID]].lo; j < __hpf_run[[ID]].hi; ++j)
// CODE-NEXT: __hpf_Out[[ID]][(i + __hpf_seg[[ID]]_0.off) * __hpf_Out[[ID]]_e1 + j] += W1 * (__hpf_hv_In[[ID]](i, j + 1)
