// examples/load-balance.cpp: gen_block sizes computed at run time from a cost
// model (prefix sums), `redistribute A(gen_block(Sizes))` with a run-time
// std::vector (plan made at run time), the same stdout as the sequential
// program on 1..5 ranks; under hpfcc rank 0 reports each rank's cost to
// stderr: under block the hot spot makes it uneven, under the computed
// gen_block sizes it is even (max/mean 1.00..1.09).
// REQUIRES: mpi
// RUN: %hpfcc -Rhpf -c %S/../../examples/load-balance.cpp -o %t.o 2>&1 | FileCheck %s --check-prefix=REMARK
// REMARK: remark: redistribute 'A' plan made at run time: source: the size of ALL(*) is only known at run time
// RUN: %e2e --tmp %t --ranks 1,2,3,4,5 %S/../../examples/load-balance.cpp | FileCheck %s
// CHECK: e2e: sequential output: load-balance: 6000 elements, total cost 11403000, checksum {{[0-9]+}}
// CHECK: e2e: -n 1: same output
// CHECK: e2e: -n 2: same output
// CHECK: e2e: -n 3: same output
// CHECK: e2e: -n 4: same output
// CHECK: e2e: -n 5: same output
// RUN: %mpiexec -n 3 %t/hpf.exe 2>&1 >/dev/null | FileCheck %s --check-prefix=REPORT
// REPORT: load-balance: block cost per rank [[B0:[0-9]+]] [[B1:[0-9]+]] [[B2:[0-9]+]], max/mean 1.{{[1-9][0-9]}};
// REPORT: load-balance: gen_block cost per rank {{[0-9]+ [0-9]+ [0-9]+}}, max/mean 1.0{{[0-9]}};
