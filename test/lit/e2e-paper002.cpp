// examples/paper002.cpp: the HPF-2 GEN_BLOCK program of Wang, Guo & Wei
// (7 processors, 40 elements, S -> new). The sizes array `new` is assigned
// at run time as in the paper, so the plan is made at run time; the plan
// for the same pair (test vector TV-B, docs/irregular-schedulers.md) has
// the paper's 13 messages (Fig. 2), 3 steps and cost 13 (the optimum: P4
// sends 3 + 6 + 4).
// The run needs 7 ranks (and 8: one outside P): the same output as the
// sequential program.
// REQUIRES: mpi
// RUN: %hpfcc -Rhpf -c %S/../../examples/paper002.cpp -o %t.o 2>&1 | FileCheck %s --check-prefix=REMARK
// REMARK: remark: distribute 'A': gen_block(3, 5, 9, 4, 13, 4, 2) onto P(7), 40 elements of float
// REMARK: remark: redistribute 'A' plan made at run time: target: gen_block(New) is not a constant array (make it constexpr)
// The run-time plan (scheduler auto) for this pair: the paper's 13 messages
// in 3 steps at cost 13, the optimum. DCA itself, as we reconstruct it
// (the paper's final table is missing), costs 14.
// RUN: %hpf-plan --src 'gen_block(3,5,9,4,13,4,2)' --dst 'gen_block(2,5,3,6,8,6,10)' --format json | %python %S/Inputs/steps.py | FileCheck %s --check-prefix=PLAN
// PLAN: messages 13 steps 3 contention-free 1 sizes [{{.*}}] uniform 0 cost 13
// RUN: %hpf-plan --src 'gen_block(3,5,9,4,13,4,2)' --dst 'gen_block(2,5,3,6,8,6,10)' --scheduler dca --format json | %python %S/Inputs/steps.py | FileCheck %s --check-prefix=DCA
// DCA: messages 13 steps 3 contention-free 1 sizes [{{.*}}] uniform 0 cost 14
// RUN: %e2e --tmp %t --ranks 7,8 --env HPF_VERIFY=1 %S/../../examples/paper002.cpp | FileCheck %s
// CHECK: e2e: sequential output: A(1:40) under GEN_BLOCK(new) = /2,5,3,6,8,6,10/: 0 misplaced, sum A(i)*B(i) = 11480
// CHECK: e2e: -n 7: same output
// CHECK: e2e: -n 8: same output
