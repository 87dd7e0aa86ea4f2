// examples/npb/ft.cpp (NAS FT, class S: 64^3 complex grid, 6 time steps) at
// -n 1..4: it verifies, and prints the sequential build's checksums digit
// for digit (each 1-D FFT runs whole on one rank, and the checksum loop adds
// in the sequential order). The time lines are left out of the comparison.
// The x and y passes run on planes (block, *, *), the z pass on xz-planes
// (*, block, *): each pass declares the mapping of its output parameter,
// and reads its input from a copy redistributed to it when the mappings
// differ (the transpose); the checksum's 1024 element reads per step are
// fetched in one exchange.
// REQUIRES: mpi
// RUN: %hpfcc -Rhpf -c %S/../../examples/npb/ft.cpp -o %t.o 2>&1 | FileCheck %s --check-prefix=REMARK
// REMARK-DAG: remark: 'X[k][j][i + ii]' is read from a copy of 'X' redistributed before the loop to the mapping the loop reads it with (dimension 0 of 'X' like dimension 0 of 'XOut', the other dimensions '*')
// REMARK-DAG: remark: 'X[k][j][i + ii]' is read from a copy of 'X' redistributed before the loop to the mapping the loop reads it with (dimension 1 of 'X' like dimension 1 of 'XOut', the other dimensions '*')
// REMARK-DAG: remark: independent loop nest over 'Spectrum' ((*, block, *) onto all ranks): 'j' over the owned indices of dimension 1; owner computes
// REMARK-DAG: remark: the element reads of this loop (1 per iteration) are listed before it
// RUN: %e2e --tmp %t --ranks 1,2,3,4 --ignore "^ Time in seconds" --ignore "^ Mop/s total" %S/../../examples/npb/ft.cpp | FileCheck %s
// CHECK: e2e: sequential output:
// CHECK: T =    1     Checksum =    5.546087004964e+02    4.845363331978e+02
// CHECK: T =    6     Checksum =    5.542683411903e+02    4.932597244941e+02
// CHECK: Result verification successful
// CHECK: Verification    =               SUCCESSFUL
// CHECK: e2e: -n 1: same output
// CHECK: e2e: -n 2: same output
// CHECK: e2e: -n 3: same output
// CHECK: e2e: -n 4: same output
