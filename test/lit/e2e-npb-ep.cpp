// examples/npb/ep.cpp (NAS EP, class S: 2^25 random numbers in 256
// batches) at -n 1..4: it verifies, and prints the counts and sums of its
// sequential build (the sums to 11 digits: their last bits depend on the
// order of the additions). The time lines are left out of the comparison.
// The batch loop uses no distributed array: its iterations are split over
// the ranks, the sums and the counts (an array) combined.
// REQUIRES: mpi
// RUN: %e2e --tmp %t --ranks 1,2,3,4 --ignore "^ Time in seconds" --ignore "^ Mop/s total" %S/../../examples/npb/ep.cpp | FileCheck %s
// CHECK: e2e: sequential output:
// CHECK: No. Gaussian Pairs = 13176389
// CHECK-NEXT: Sums = -3.2478346520e+03 -6.9584070784e+03
// CHECK-NEXT: Counts:
// CHECK-NEXT: 0 6140517
// CHECK-NEXT: 1 5865300
// CHECK-NEXT: 2 1100361
// CHECK-NEXT: 3 68546
// CHECK-NEXT: 4 1648
// CHECK-NEXT: 5 17
// CHECK-NEXT: 6 0
// CHECK: Class = S
// CHECK-NEXT: Size = 33554432
// CHECK-NEXT: Iterations = 256
// CHECK-NEXT: Operation type = Random numbers generated
// CHECK-NEXT: Verification = SUCCESSFUL
// CHECK: e2e: -n 1: same output
// CHECK: e2e: -n 2: same output
// CHECK: e2e: -n 3: same output
// CHECK: e2e: -n 4: same output
// RUN: %hpfcc -Rhpf -fsyntax-only %S/../../examples/npb/ep.cpp 2>&1 | FileCheck %s --check-prefix=REMARK
// REMARK-DAG: remark: private to each rank's iterations (assigned before they are read, not read after the loop): {{.*}}'seed'
// REMARK-DAG: remark: independent loop uses no distributed array: its iterations are split over the ranks in blocks ('k': rank r runs the r-th of P), 3 reduction(s) combined across ranks
// REMARK-NOT: warning
// REMARK-NOT: error
