// examples/npb/sp.cpp (NAS SP, class S: 12^3 grid, 100 time steps) at
// -n 1..4: it verifies, and prints the sequential build's norms digit for
// digit (every line is solved whole by one rank, and the norms are summed
// per plane, the planes' sums in plane order). The time lines are left out
// of the comparison. The grid is distributed by planes, (block, *, *, *):
// the right-hand side reads the neighbouring planes of U (k +- 2) and of
// the derived fields (k +- 1) from halos, the x and y solves are local, the
// z solve writes xz-planes (*, block, *, *) and reads its input from a copy
// redistributed to them, and add reads the z solve's result from a copy
// redistributed back to planes (the two transposes of a time step).
// REQUIRES: mpi
// RUN: %hpfcc -Rhpf -c %S/../../examples/npb/sp.cpp -o %t.o 2>&1 | FileCheck %s --check-prefix=REMARK
// REMARK-DAG: remark: 'U' is read at k - 2 .. k + 2, any index, any index, any index: each rank receives the box its part of 'R' reads at these offsets from the ranks that own it, sent before the loop, instead of a copy of all 9360 elements
// REMARK-DAG: remark: 'Fields' is read at k - 1 .. k + 1, any index, any index, any index: each rank receives a halo of (1, 0, 0, 0) elements below and (1, 0, 0, 0) above its block, without corners, from its grid neighbours, sent before the loop, instead of a copy of all 14976 elements
// REMARK-DAG: remark: 'R[k][j][i][RWs]' is read from a copy of 'R' redistributed before the loop to the mapping the loop reads it with (dimension 1 of 'R' like dimension 1 of 'Out', the other dimensions '*')
// REMARK-DAG: remark: independent loop nest over 'Out' ((*, block, *, *) onto all ranks): 'j' over the owned indices of dimension 1; owner computes
// REMARK-DAG: remark: 'R[k][j][i][m]' is read from a copy of 'R' redistributed before the loop to the mapping the loop reads it with (dimension 0 of 'R' like dimension 0 of 'U', the other dimensions '*')
// REMARK-DAG: remark: independent loop nest over 'R' ((block, *, *, *) onto all ranks): 'k' over the owned indices of dimension 0; owner computes
// REMARK-DAG: remark: the element reads of this loop (1 per iteration) are listed before it (its header and their subscripts run first) and fetched in one exchange (one MPI_Allgatherv), instead of one broadcast per read
// RUN: %e2e --tmp %t --ranks 1,2,3,4 --ignore "^ Time in seconds" --ignore "^ Mop/s total" %S/../../examples/npb/sp.cpp | FileCheck %s
// CHECK: e2e: sequential output:
// CHECK: Comparison of RMS-norms of residual
// CHECK-NEXT: 1 2.7470315451369E-02 2.7470315451339E-02
// CHECK: Comparison of RMS-norms of solution error
// CHECK: 5 3.4177666183406E-05 3.4177666183391E-05
// CHECK: Verification Successful
// CHECK: Verification    =               SUCCESSFUL
// CHECK: e2e: -n 1: same output
// CHECK: e2e: -n 2: same output
// CHECK: e2e: -n 3: same output
// CHECK: e2e: -n 4: same output
