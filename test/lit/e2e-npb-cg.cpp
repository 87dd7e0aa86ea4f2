// examples/npb/cg.cpp (NAS CG, class S: a 1400 x 1400 sparse matrix, 15
// power iterations of 25 conjugate gradient steps) at -n 1..4: zeta
// verifies, and the output is the sequential build's but for the time
// lines. The vectors are distributed by blocks and handed to conj_grad
// (prototype first, arrays as parameters: their mappings are inherited);
// the matrix is built by every rank (makea: the generator is sequential);
// the product reads p through colidx from a copy gathered before it, the
// dot products are reductions.
// REQUIRES: mpi
// RUN: %e2e --tmp %t --ranks 1,2,3,4 --ignore "^ Time in seconds" --ignore "^ Mop/s total" %S/../../examples/npb/cg.cpp | FileCheck %s
// CHECK: e2e: sequential output:
// CHECK: VERIFICATION SUCCESSFUL
// CHECK: Verification = SUCCESSFUL
// CHECK: e2e: -n 1: same output
// CHECK: e2e: -n 2: same output
// CHECK: e2e: -n 3: same output
// CHECK: e2e: -n 4: same output
