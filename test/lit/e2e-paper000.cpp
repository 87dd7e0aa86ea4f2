// examples/paper000.cpp: Guo & Pan's Example 1 (cyclic(4) -> cyclic(3) on
// p = q = 5, slice L = 60). The compiler's static plan must have the
// paper's figures (its Example 1): 5 contention-free steps (= the
// maximum degree), cost 12 element units per slice = the lower bound L/p,
// i.e. 24000 for 2000 slices; the contention-free round-robin baseline of
// the paper's Fig. 1(b) costs 15 per slice (30000). The run on 5 ranks (and
// 6, one rank outside P) prints what the sequential program prints.
// REQUIRES: mpi
// RUN: %hpfcc -Rhpf -c %S/../../examples/paper000.cpp -o %t.o 2>&1 | FileCheck %s --check-prefix=REMARK
// REMARK: remark: redistribute 'A' static plan (cyclic(4) onto P(5) -> cyclic(3) onto P(5), 120000 elements): 25 messages in 5 steps (lower bound 5), cost 24000 elements (lower bound 24000)
// RUN: %hpfcc -Rhpf --hpf-scheduler=guo-pan -c %S/../../examples/paper000.cpp -o %t.o 2>&1 | FileCheck %s --check-prefix=GUOPAN
// GUOPAN: 25 messages in 5 steps (lower bound 5), cost 24000 elements (lower bound 24000), scheduler guo-pan
// RUN: %hpfcc -Rhpf --hpf-scheduler=round-robin -c %S/../../examples/paper000.cpp -o %t.o 2>&1 | FileCheck %s --check-prefix=RR
// RR: 25 messages in 5 steps (lower bound 5), cost 30000 elements (lower bound 24000), scheduler round-robin
// The schedule itself: every step moves equal-size messages (3 or 2 per
// slice, times 2000 slices), one per sender and one per receiver.
// RUN: %hpf-plan --src 'cyclic(4)' --dst 'cyclic(3)' --n 60 --p 5 --q 5 --scheduler guo-pan --format json | %python %S/Inputs/steps.py | FileCheck %s --check-prefix=STEPS
// STEPS: messages 25 steps 5 contention-free 1 sizes [3, 2, 3, 2, 2] uniform 1 cost 12
// RUN: %e2e --tmp %t --ranks 5,6 --env HPF_VERIFY=1 %S/../../examples/paper000.cpp | FileCheck %s
// CHECK: e2e: sequential output: cyclic(4) -> cyclic(3) on 5 processors, 120000 elements: 0 misplaced, checksum {{[0-9]+}}
// CHECK: e2e: -n 5: same output
// CHECK: e2e: -n 6: same output
