// Two periodic boundaries of different plane sizes in one nest: each
// slice read at 'N' is sent to the owner of plane 0 alone, and every other
// rank (at -n 3, the middle one) reads zeros into its sink. Both slices'
// zeros must stay valid through the nest: a larger second slice once
// resized the one zero buffer they shared, and the first slice read freed
// memory (AddressSanitizer: heap-use-after-free at -n 3 and 4). Same
// output as the sequential build at -n 1..4, and no AddressSanitizer
// report at -n 3 and 4 (UCX's memory hooks off, which AddressSanitizer
// cannot run with).
// REQUIRES: mpi
// RUN: %e2e --tmp %t --ranks 1,2,3,4 %s | FileCheck %s
// CHECK: e2e: sequential output: zeros {{[0-9.]+}}
// CHECK: e2e: -n 4: same output
// RUN: %hpfcc -O1 -g -fsanitize=address %s -o %t.asan
// RUN: env UCX_MEM_EVENTS=no UCX_MEM_MALLOC_HOOKS=no ASAN_OPTIONS=detect_leaks=0 MPIEXEC_TIMEOUT=60 %mpiexec -n 3 %t.asan 2>&1 | FileCheck %s --check-prefix=ASAN --implicit-check-not=AddressSanitizer
// RUN: env UCX_MEM_EVENTS=no UCX_MEM_MALLOC_HOOKS=no ASAN_OPTIONS=detect_leaks=0 MPIEXEC_TIMEOUT=60 %mpiexec -n 4 %t.asan 2>&1 | FileCheck %s --check-prefix=ASAN --implicit-check-not=AddressSanitizer
// ASAN: zeros {{[0-9.]+}}
#include <cstdio>

constexpr int E = 9;
double U[E][6][6];
double W[E][12][12];
#pragma hpf distribute U(block, *, *)
#pragma hpf distribute W(block, *, *)

int main() {
#pragma hpf independent
  for (int k = 0; k < E; k++)
    for (int j = 0; j < 12; j++)
      for (int i = 0; i < 12; i++) {
        W[k][j][i] = k * 100 + j * 12 + i;
        if (j < 6 && i < 6)
          U[k][j][i] = k * 1000 + j * 6 + i;
      }
  int N = E - 2;
#pragma hpf independent
  for (int j = 0; j < 12; j++)
    for (int i = 0; i < 12; i++) {
      if (j < 6 && i < 6)
        U[0][j][i] = U[N][j][i];
      W[0][j][i] = W[N][j][i];
    }
  double S = 0;
  for (int j = 0; j < 12; j++)
    for (int i = 0; i < 12; i++)
      S += W[0][j][i] + (j < 6 && i < 6 ? U[0][j][i] : 0);
  std::printf("zeros %.1f\n", S);
  return 0;
}
