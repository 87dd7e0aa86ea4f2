// tools/kernel-bench/kernels/spmv.cpp (CSR products, X[Col[k]] fetched by
// need) at its small default size, -n 1..4: same output as its sequential
// build, and a grid row from each neighbour per product (HPF_READ_REPORT:
// G = 40, 5 products; at -n 2 rank 0 receives 40 elements per product).
// REQUIRES: mpi
// RUN: %e2e --tmp %t --ranks 1,2,3,4 %S/../../tools/kernel-bench/kernels/spmv.cpp | FileCheck %s
// CHECK: e2e: sequential output: spmv 1600: {{.*}}
// CHECK: e2e: -n 1: same output
// CHECK: e2e: -n 2: same output
// CHECK: e2e: -n 3: same output
// CHECK: e2e: -n 4: same output
// RUN: env HPF_READ_REPORT=1 MPIEXEC_TIMEOUT=120 %mpiexec -n 2 %t/hpf.exe 2>&1 >/dev/null | FileCheck %s --check-prefix=BYTES
// BYTES-DAG: hpf-read: rank 0 received 1600 bytes in 5 planned reads (1 plans built, 1 inspections)
// BYTES-DAG: hpf-read: rank 1 received 1600 bytes in 5 planned reads (1 plans built, 1 inspections)
