// examples/redistribute.cpp (DESIGN.md section 1) under 5 ranks, as
// `make demo` runs it: the static plan summary at compile time, the result
// equal to the sequential program's.
// REQUIRES: mpi
// RUN: %e2e --tmp %t --ranks 5 --env HPF_VERIFY=1 %S/../../examples/redistribute.cpp | FileCheck %s
// CHECK: e2e: sequential output: sum = {{[0-9]+}}, max = 999
// CHECK: e2e: -n 5: same output
// RUN: %hpfcc -Rhpf -c %S/../../examples/redistribute.cpp -o %t.o 2>&1 | FileCheck %s --check-prefix=REMARK
// REMARK: remark: redistribute 'A' static plan (cyclic(4) onto P(4) -> cyclic(3) onto Q(5), 1048576 elements): 20 messages in 5 steps (lower bound 5)
