// hpfcc example: single elements of distributed arrays in sequential code.
//
// A permutation `Next` (block-distributed) defines a cycle through 1000
// positions. The program walks the cycle from a start given on the command
// line -- each step reads one element whose index is only known at run time
// -- and stamps the step number into `Visit` (cyclic(4)-distributed) at each
// position. Owner-computes loops fill the arrays and count the stamps.
//
// In replicated code (outside independent loops) `x = Next[j]` is a
// collective read (the owner broadcasts the element: one MPI_Bcast) and
// `Visit[j] = s` / `Visit[j] += s` is stored by the owner only (no
// communication), so the program means what it says sequentially. The
// last loop reads Visit[Next[i]] from a copy gathered before the loop.
//
//   hpfcc examples/elements.cpp -o elements && mpiexec.mpich -n 4 ./elements 7
//   clang++ examples/elements.cpp && ./a.out 7         # sequential: same output
#include <cstdio>
#include <cstdlib>

constexpr int N = 1000;

#pragma hpf processors ALL(*)
int Next[N];
long Visit[N];
#pragma hpf distribute Next(block) onto ALL
#pragma hpf distribute Visit(cyclic(4)) onto ALL

int main(int argc, char **argv) {
  int start = argc > 1 ? std::atoi(argv[1]) % N : 7;
  if (start < 0)
    start += N;

  // i -> 37 i + 11 (mod 1000) is a permutation (gcd(37, 1000) = 1).
#pragma hpf independent
  for (int i = 0; i < N; ++i)
    Next[i] = (37 * i + 11) % N;

  // Sequential walk with run-time subscripts: one broadcast per step.
  int j = start;
  for (int step = 1; step <= 25; ++step) {
    Visit[j] = step;      // the owner of j stores
    Visit[j] += 100;      // the owner of j updates
    j = Next[j];          // the owner of j broadcasts
  }
  std::printf("after 25 steps from %d: position %d, its successor %d\n",
              start, j, Next[j]);
  std::printf("stamps at start and 3rd position: %ld %ld\n", Visit[start],
              Visit[Next[Next[start]]]);

  long stamped = 0, total = 0;
#pragma hpf independent reduction(+ : stamped, total)
  for (int i = 0; i < N; ++i) {
    stamped += Visit[i] != 0 ? 1 : 0;
    total += Visit[i];
  }
  std::printf("%ld positions stamped, stamp total %ld\n", stamped, total);

  // Reads at a subscript that is not the loop index (Visit[Next[i]]): hpfcc
  // gathers a copy of Visit on every rank before the loop (see the remark
  // with -Rhpf: one MPI_Allgatherv of 8000 bytes).
  long chained = 0;
#pragma hpf independent reduction(+ : chained)
  for (int i = 0; i < N; ++i)
    chained += Visit[i] != 0 && Visit[Next[i]] != 0 ? 1 : 0;
  std::printf("%ld stamped positions have a stamped successor\n", chained);
  return 0;
}
