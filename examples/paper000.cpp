// hpfcc example: the worked example of Guo & Pan, "Improving communication
// scheduling for array redistribution", JPDC 65 (2005) -- paper 000.
//
// Their Example 1 and Fig. 4 experiment: a 1-D array redistributed from
// cyclic(4) to cyclic(3) on the same 5 processors (p = q = 5). The pattern
// repeats every slice L = lcm(4 * 5, 3 * 5) = 60 elements; in each slice
// every processor sends 12 elements as 5 messages of sizes {3, 3, 2, 2, 2}
// (the paper's Fig. 1a table). Guo & Pan's Algorithm 1 schedules them in 5
// contention-free steps in which every message has the same size, so the
// schedule costs 3 + 2 + 3 + 2 + 2 = 12 element units per slice (the optimum,
// the lower bound L/p), where the plain contention-free round-robin order
// (i + k) mod 5 costs 15 (Fig. 1b vs 1c).
//
// The paper measures "varying local size"; here N = 60 * 2000 = 120000
// (24000 elements per processor, 2000 slices). Everything is a compile-time
// constant, so hpfcc computes the schedule while compiling; -Rhpf shows it:
//   remark: redistribute 'A' static plan (cyclic(4) onto P(5) -> cyclic(3)
//   onto P(5), 120000 elements): 25 messages in 5 steps (lower bound 5),
//   cost 24000 elements (lower bound 24000), ...
// (24000 = 12 per slice * 2000 slices; --hpf-scheduler=round-robin gives
// 30000 = 15 per slice, the paper's baseline.)
//
//   hpfcc -Rhpf examples/paper000.cpp -o paper000 && mpiexec.mpich -n 5 ./paper000
//   clang++ examples/paper000.cpp && ./a.out           # sequential: same output
#include <cstdio>

constexpr int Slice = 60; // L = lcm(x p, y q)
constexpr int N = Slice * 2000;

#pragma hpf processors P(5)
float A[N]; // the paper's experiments use single precision
#pragma hpf distribute A(cyclic(4)) onto P
#pragma hpf dynamic A

int main() {
  // Each element remembers its global index (mod 2^20, exact in a float).
#pragma hpf independent
  for (int i = 0; i < N; ++i)
    A[i] = static_cast<float>(i % (1 << 20));

  // cyclic(4) -> cyclic(3) on the same 5 processors: 25 messages per slice
  // pattern, 5 steps of equal-size messages (Guo & Pan Algorithm 1).
#pragma hpf redistribute A(cyclic(3)) onto P

  // Every element must still hold its own index: count the ones that do
  // not, and a position-weighted checksum that a misplaced block would
  // change.
  long Wrong = 0;
  long long Check = 0;
#pragma hpf independent reduction(+ : Wrong, Check)
  for (int i = 0; i < N; ++i) {
    Wrong += A[i] != static_cast<float>(i % (1 << 20)) ? 1 : 0;
    Check += static_cast<long long>(A[i]) * (i % 7 + 1);
  }
  std::printf("cyclic(4) -> cyclic(3) on 5 processors, %d elements: %ld "
              "misplaced, checksum %lld\n",
              N, Wrong, Check);
  return Wrong == 0 ? 0 : 1;
}
