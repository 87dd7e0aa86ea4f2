// examples/npb/is.cpp (NAS IS, class S: 2^16 keys below 2^11) at -n 1..4:
// every partial verification and the full verification pass, and the
// output is the sequential build's but for the time lines. The keys are
// distributed by blocks; the histogram is an array reduction, the ranks'
// prefix sum replicated; the full verification sorts a copy of the keys
// (std::sort of a distributed array of integers: a sample sort) and checks
// each position against the ranks.
// REQUIRES: mpi
// RUN: %e2e --tmp %t --ranks 1,2,3,4 --ignore "^ Time in seconds" --ignore "^ Mop/s total" %S/../../examples/npb/is.cpp | FileCheck %s
// CHECK: e2e: sequential output:
// CHECK-NOT: Failed
// CHECK: Verification = SUCCESSFUL
// CHECK: e2e: -n 1: same output
// CHECK: e2e: -n 2: same output
// CHECK: e2e: -n 3: same output
// CHECK: e2e: -n 4: same output
