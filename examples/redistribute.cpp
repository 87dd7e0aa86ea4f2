// hpfcc example: the program of DESIGN.md section 1.
//
// An array of 2^20 doubles lives cyclic(4) on 4 processors, is filled by an
// owner-computes loop, redistributed to cyclic(3) on 5 processors, and
// summed by a reduction loop. Everything about the redistribution is a
// compile-time constant, so hpfcc computes its communication schedule while
// compiling (see the remark) and the program only executes it.
//
//   hpfcc -Rhpf examples/redistribute.cpp -o redistribute   # remarks: the plan
//   mpiexec.mpich -n 5 ./redistribute
//   clang++ examples/redistribute.cpp && ./a.out            # sequential: same output
//
// Without hpfcc the pragmas are ignored and this is the sequential program;
// with hpfcc it is an SPMD program that prints the same thing.
#include <algorithm>
#include <cstdio>

constexpr int N = 1 << 20;

// Processor arrangements: MPI ranks 0..3 and 0..4.
#pragma hpf processors P(4)
#pragma hpf processors Q(5)

double A[N];
// Blocks of 4 elements dealt round-robin to P's 4 ranks; each rank stores
// only its own N/4 elements.
#pragma hpf distribute A(cyclic(4)) onto P
// A may be redistributed (HPF requires 'dynamic' for that).
#pragma hpf dynamic A

int main() {
  // Owner computes: each rank runs the iterations of the elements it owns.
#pragma hpf independent
  for (int i = 0; i < N; ++i)
    A[i] = i % 1000;

  // cyclic(4) on 4 ranks -> cyclic(3) on 5 ranks: 20 messages in 5
  // contention-free steps, schedule precomputed by the compiler.
#pragma hpf redistribute A(cyclic(3)) onto Q

  // Each rank sums its own elements; the partial sums are combined.
  double Sum = 0;
  double Max = 0;
#pragma hpf independent reduction(+ : Sum) reduction(max : Max)
  for (int i = 0; i < N; ++i) {
    Sum += A[i] * (i % 7);
    Max = std::max(Max, A[i]);
  }

  // Replicated code: printed once (by rank 0).
  std::printf("sum = %.0f, max = %.0f\n", Sum, Max);
  return 0;
}
