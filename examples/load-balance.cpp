// hpfcc example: load balancing with gen_block (the dynamic path).
//
// The work per element is irregular: element i costs 1 + i/2 steps plus a
// hot spot of 8000 steps per element in [N/5, N/4) (think of a refined
// region of a mesh). Under `block` every rank gets the same number of
// elements but not the same work: the last ranks and the one holding the
// hot spot wait for nobody while the others idle.
//
// The program
//   1. runs one sweep under block,
//   2. computes at run time, from its cost model, block sizes that give
//      every processor about the same total cost (prefix sums of the
//      per-element cost: element i goes to the processor in whose share
//      of the total its cost midpoint falls),
//   3. `redistribute A(gen_block(Sizes))` -- Sizes is a run-time
//      std::vector, so the plan is made at run time (see -Rhpf),
//   4. runs the next sweeps under gen_block, which now take about the
//      same time on every rank.
// The output (stdout) is the same for the sequential build and any number
// of ranks. Under hpfcc, rank 0 also writes each rank's cost (model) and
// the measured time of both sweeps to stderr:
//   load-balance: block     cost per rank ... max/mean 1.73, sweep time max/mean ...
//   load-balance: gen_block cost per rank ... max/mean 1.00, ...
//
//   hpfcc -Rhpf examples/load-balance.cpp -o load-balance
//   mpiexec.mpich -n 4 ./load-balance
//   clang++ examples/load-balance.cpp && ./a.out      # sequential: same stdout
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <vector>
#ifdef __HPFCC__
#include "mpi/Env.h"    // hpf::nranks(), hpf::rank()
#include "mpi/Reduce.h" // hpf::allreduce_max / _sum (the report only)
#endif

constexpr int N = 6000;

// HPF's NUMBER_OF_PROCESSORS(): the sequential program runs on one.
static int numberOfProcessors() {
#ifdef __HPFCC__
  return hpf::nranks();
#else
  return 1;
#endif
}

// The cost model: steps of element i's work.
static long costOf(int i) {
  return 1 + i / 2 + (i >= N / 5 && i < N / 4 ? 8000 : 0);
}

// Element i's work: costOf(i) steps of a 64-bit LCG, seeded by the old value.
static long work(int i, long seed) {
  unsigned long long X = static_cast<unsigned long long>(seed) * 31 + i + 1;
  for (long k = 0; k < costOf(i); ++k)
    X = X * 6364136223846793005ULL + 1442695040888963407ULL;
  return static_cast<long>(X >> 44); // < 2^20
}

long A[N];
#pragma hpf processors ALL(*)
#pragma hpf distribute A(block) onto ALL
#pragma hpf dynamic A

// Cost of each processor's part for parts given by their sizes.
[[maybe_unused]] static std::vector<long> costPerPart(const std::vector<long> &Sizes) {
  std::vector<long> Cost;
  int I = 0;
  for (long S : Sizes) {
    long C = 0;
    for (long K = 0; K < S; ++K)
      C += costOf(I++);
    Cost.push_back(C);
  }
  return Cost;
}

[[maybe_unused]] static void report(const char *What,
                                    const std::vector<long> &Sizes,
                                    double Seconds) {
#ifdef __HPFCC__
  std::vector<long> Cost = costPerPart(Sizes);
  long Max = *std::max_element(Cost.begin(), Cost.end()), Sum = 0;
  for (long C : Cost)
    Sum += C;
  double TMax = hpf::allreduce_max(Seconds), TSum = hpf::allreduce_sum(Seconds);
  if (hpf::rank() != 0)
    return;
  std::fprintf(stderr, "load-balance: %-9s cost per rank", What);
  for (long C : Cost)
    std::fprintf(stderr, " %ld", C);
  std::fprintf(stderr,
               ", max/mean %.2f; sweep time max %.2f ms, max/mean %.2f\n",
               double(Max) * double(Cost.size()) / double(Sum), TMax * 1e3,
               TSum > 0 ? TMax * double(Cost.size()) / TSum : 1.0);
#else
  (void)What, (void)Sizes, (void)Seconds;
#endif
}

int main() {
  using Clock = std::chrono::steady_clock;
  const int NP = numberOfProcessors();

  // Sweep 1 under block.
  auto T0 = Clock::now();
#pragma hpf independent
  for (int i = 0; i < N; ++i)
    A[i] = work(i, i);
  double Block = std::chrono::duration<double>(Clock::now() - T0).count();
  std::vector<long> BlockSizes(NP, 0); // block: ceil(N / NP) each, the rest last
  for (int R = 0, Left = N; R < NP; ++R) {
    BlockSizes[R] = std::min(Left, (N + NP - 1) / NP);
    Left -= int(BlockSizes[R]);
  }
  report("block", BlockSizes, Block);

  // Balanced sizes from prefix sums of the cost model.
  long Total = 0;
  for (int i = 0; i < N; ++i)
    Total += costOf(i);
  std::vector<long> Sizes(NP, 0);
  long Before = 0;
  for (int i = 0; i < N; ++i) {
    long C = costOf(i);
    long R = std::min<long>(NP - 1, (2 * Before + C) * NP / (2 * Total));
    ++Sizes[R];
    Before += C;
  }
#pragma hpf redistribute A(gen_block(Sizes)) onto ALL

  // Sweeps 2 and 3 under gen_block: about equal work per rank.
  T0 = Clock::now();
  for (int Sweep = 0; Sweep < 2; ++Sweep) {
#pragma hpf independent
    for (int i = 0; i < N; ++i)
      A[i] = work(i, A[i]);
  }
  double Balanced =
      std::chrono::duration<double>(Clock::now() - T0).count() / 2;
  report("gen_block", Sizes, Balanced);

  long Check = 0;
#pragma hpf independent reduction(+ : Check)
  for (int i = 0; i < N; ++i)
    Check += A[i] % 1000 * (i % 7 + 1);
  std::printf("load-balance: %d elements, total cost %ld, checksum %ld\n", N,
              Total, Check);
  return 0;
}
