// examples/npb/mg.cpp (NAS MG, class S: 32^3 periodic grid, 4 V-cycles)
// at -n 1..4: the L2 norm of the residual verifies, and the output is the
// sequential build's but for the time lines (the norm, a sum added per
// rank, printed to 11 significant digits). The three finest levels, each
// in arrays of its own extent, are distributed by planes, (block, *, *),
// in routines that are templates over the extent and prescribe their
// parameters' mapping; the coarser levels are replicated (the same
// templates, run as written). The smoother and the residual read the
// neighbouring planes from halos; the periodic ghost planes 0 and n + 1
// are copies of planes n and 1 sent by their owners to the owners of the
// ghost planes alone (a loop over (j, i) that stores planes 0 and n + 1,
// run by every rank, stored by their owners); the
// restriction reads fine planes 2k - 1 .. 2k + 1 in place or fetched, and
// onto the replicated level below delivers each rank's planes to all;
// zran3's charges are picked from per-plane candidates fetched in one
// exchange.
// REQUIRES: mpi
// RUN: %hpfcc -Rhpf -c %S/../../examples/npb/mg.cpp -o %t.o 2>&1 | FileCheck %s --check-prefix=REMARK
// REMARK-DAG: remark: 'U' is read at k - 1 .. k + 1, any index, any index: each rank receives a halo of (1, 0, 0) elements below and (1, 0, 0) above its block, without corners, from its grid neighbours, sent before the loop, instead of a copy of all 39304 elements
// REMARK-DAG: remark: 'R' is read at k - 1 .. k + 1, any index, any index: each rank receives a halo of (1, 0, 0) elements below and (1, 0, 0) above its block, without corners, from its grid neighbours, sent before the loop, instead of a copy of all 5832 elements
// REMARK-DAG: remark: 'U' is read at 'N' in dimension 0, which this nest must not write (checked at run time: it stores into other slices): its values are only stored into the slice of 'U' at '0' in dimension 0, so before the loop its owner sends it to that slice's owner alone (one message of 1156 elements, 9248 bytes; the other ranks store zeros into a sink)
// REMARK-DAG: remark: 'U' is read at '1' in dimension 0, which this nest must not write (checked at run time: it stores into other slices): its values are only stored into the slice of 'U' at 'N + 1' in dimension 0, so before the loop its owner sends it to that slice's owner alone (one message of 324 elements, 2592 bytes; the other ranks store zeros into a sink)
// REMARK-DAG: remark: independent loop nest stores into distributed arrays only at subscripts fixed in the nest in their distributed dimensions ('U' at '0' in dimension 0; 'U' at 'N + 1' in dimension 0): no rank owns an iteration, so every rank runs all of it and each element is stored by its owner only
// REMARK-DAG: remark: 'R[kf][jf - 1][i]' is read without a gather: its subscript is affine in 'k', so each rank fetches before the loop only the rows its iterations of 'S' read
// REMARK-DAG: remark: 'S' is replicated and written in the loop: before it a copy of 216 elements, after it each rank's changed elements are sent to all (one MPI_Allgatherv)
// REMARK-DAG: remark: 'Z[k / 2][j + 1][i]' is read without a gather: inspector-executor (PARTI/CHAOS)
// REMARK-DAG: remark: the element reads of this loop (4 per iteration) are listed before it (its header and their subscripts run first) and fetched in one exchange (one MPI_Allgatherv), instead of one broadcast per read
// RUN: %e2e --tmp %t --ranks 1,2,3,4 --ignore "^ Time in seconds" --ignore "^ Mop/s total" %S/../../examples/npb/mg.cpp | FileCheck %s
// CHECK: e2e: sequential output:
// CHECK: VERIFICATION SUCCESSFUL
// CHECK: L2 Norm is     5.3077070057e-05
// CHECK: Verification    =               SUCCESSFUL
// CHECK: e2e: -n 1: same output
// CHECK: e2e: -n 2: same output
// CHECK: e2e: -n 3: same output
// CHECK: e2e: -n 4: same output
