// NAS Parallel Benchmarks, IS (integer sort), written for hpfcc from the
// benchmark's specification (NAS reports RNR-94-007 and NPB 2).
//
// IS ranks N integer keys in [0, Bmax): the rank of a key is the number of
// keys smaller than it or equal to it and before it. The keys come from
// NPB's generator (seed 314159265, a = 5^13): each is Bmax/4 times the sum
// of four uniform numbers, truncated. Ten iterations each change two keys
// (key i becomes i, key i + 10 becomes Bmax - i) and rank all of them; the
// ranks of five keys are checked against the specification's after every
// iteration (partial verification), and after the last one the ranks are
// checked against the keys sorted (full verification).
//
// Ranking counts the keys of each value (a histogram) and sums the counts
// up: after it, Rank[v] is the number of keys <= v. With hpfcc the keys are
// distributed by blocks; the histogram is an array reduction (each rank
// counts its keys, the counts are added), and the prefix sum and the
// partial verification run on every rank on the replicated counts.
//
//   clang++ -std=c++20 -O3 -DCLASS=W is.cpp -o is && ./is
//   hpfcc -O3 -DCLASS=W is.cpp -o is && mpiexec.mpich -n 2 ./is
//
// Class S (the default), W or A; the run time ("Time in seconds", "Mop/s
// total") is the only output that changes from run to run.
#include <algorithm>
#include <chrono>
#include <cstdio>

#include "randdp.h"

#ifndef CLASS
#define CLASS S
#endif
#define IS_STRING2(X) #X
#define IS_STRING(X) IS_STRING2(X)

constexpr int TestArraySize = 5;
constexpr int MaxIterations = 10;

// The problem classes: log2 of the number of keys and of Bmax, and the
// specification's five test keys (their positions) and their ranks.
struct ProblemClass {
  char Name;
  int TotalKeysLog2, MaxKeyLog2;
  long TestIndex[TestArraySize];
  long TestRank[TestArraySize];
};
constexpr ProblemClass Classes[] = {
    {'S', 16, 11, {48427, 17148, 23627, 62548, 4431}, {0, 18, 346, 64917, 65463}},
    {'W',
     20,
     16,
     {357773, 934767, 875723, 898999, 404505},
     {1249, 11698, 1039987, 1043896, 1048018}},
    {'A',
     23,
     19,
     {2112377, 662041, 5336171, 3642833, 4250760},
     {104, 17523, 123928, 8288932, 8388264}},
};
constexpr const ProblemClass *findClass(char Name) {
  for (const ProblemClass &C : Classes)
    if (C.Name == Name)
      return &C;
  return nullptr;
}
constexpr const ProblemClass *Problem = findClass(IS_STRING(CLASS)[0]);
static_assert(Problem, "CLASS must be S, W or A");

constexpr long TotalKeys = 1L << Problem->TotalKeysLog2;
constexpr int MaxKey = 1 << Problem->MaxKeyLog2;
constexpr int NumKeys = int(TotalKeys);

// The keys, a copy of them taken by every ranking, and the ranks (counts,
// then their prefix sums) of every key value.
static int KeyArray[NumKeys];
#pragma hpf distribute KeyArray(block)
static int KeyBuff2[NumKeys];
#pragma hpf distribute KeyBuff2(block)
static int Rank[MaxKey];

static int PartialVerifyVals[TestArraySize];
static int PassedVerification;

void createSeq(double Seed, double A);
void rankKeys(int Iteration);
void fullVerify();
void printResults(bool Verified, double Seconds);

int main() {
  int iteration;

  std::printf("\n NAS Parallel Benchmarks (hpfcc example) - IS Benchmark\n\n");
  std::printf(" Size:  %ld  (class %c)\n", TotalKeys, Problem->Name);
  std::printf(" Iterations:   %d\n", MaxIterations);

  createSeq(314159265.00, 1220703125.00);

  // One ranking outside the timed part, as the reference does.
  rankKeys(1);
  PassedVerification = 0;

  std::printf("\n   iteration\n");
  auto start = std::chrono::steady_clock::now();
  for (iteration = 1; iteration <= MaxIterations; iteration++) {
    std::printf("        %d\n", iteration);
    rankKeys(iteration);
  }
  double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
          .count();

  fullVerify();
  bool verified = PassedVerification == TestArraySize * MaxIterations + 1;
  printResults(verified, seconds);
  return verified ? 0 : 1;
}

// The keys: Bmax/4 times the sum of four consecutive numbers of the
// generator. The generator is sequential: every rank runs it, and each key
// is stored by its owner.
void createSeq(double Seed, double A) {
  double x;
  int i, k = MaxKey / 4;
  for (i = 0; i < NumKeys; i++) {
    x = randlc(&Seed, A);
    x += randlc(&Seed, A);
    x += randlc(&Seed, A);
    x += randlc(&Seed, A);
    KeyArray[i] = int(k * x);
  }
}

// One iteration: two keys changed, every key counted by value, the counts
// summed up into ranks, five ranks checked.
void rankKeys(int Iteration) {
  int i, k;

  KeyArray[Iteration] = Iteration;
  KeyArray[Iteration + MaxIterations] = MaxKey - Iteration;
  for (i = 0; i < TestArraySize; i++)
    PartialVerifyVals[i] = KeyArray[Problem->TestIndex[i]];

  for (i = 0; i < MaxKey; i++)
    Rank[i] = 0;
#pragma hpf independent reduction(+ : Rank)
  for (i = 0; i < NumKeys; i++) {
    KeyBuff2[i] = KeyArray[i];
    Rank[KeyBuff2[i]] += 1;
  }
  for (i = 0; i < MaxKey - 1; i++)
    Rank[i + 1] += Rank[i];

  // The specification's ranks move by one per iteration with the two
  // changed keys: up for the test keys below them, down for those above.
  for (i = 0; i < TestArraySize; i++) {
    k = PartialVerifyVals[i];
    if (0 < k && k <= NumKeys - 1) {
      long keyRank = Rank[k - 1];
      long expected = Problem->TestRank[i];
      switch (Problem->Name) {
      case 'S':
        expected += i <= 2 ? Iteration : -Iteration;
        break;
      case 'W':
        expected += i < 2 ? Iteration - 2 : -Iteration;
        break;
      default: // 'A'
        expected += i <= 2 ? Iteration - 1 : -(Iteration - 1);
        break;
      }
      if (keyRank == expected)
        PassedVerification++;
      else
        std::printf("Failed partial verification: iteration %d, test key "
                    "%d\n",
                    Iteration, i);
    }
  }
}

// The last iteration's keys sorted: the key at position j must have rank
// range [Rank[v - 1], Rank[v]) containing j, v its value. Each sorted
// position is checked against the ranks (not the sort against itself).
void fullVerify() {
  long outOfPlace = 0;
  int i;
  std::copy(std::begin(KeyBuff2), std::end(KeyBuff2), std::begin(KeyArray));
  std::sort(std::begin(KeyArray), std::end(KeyArray));
#pragma hpf independent reduction(+ : outOfPlace)
  for (i = 0; i < NumKeys; i++) {
    int v = KeyArray[i];
    int first = v > 0 ? Rank[v - 1] : 0;
    if (i < first || i >= Rank[v])
      outOfPlace++;
  }
  if (outOfPlace != 0)
    std::printf("Full_verify: number of keys out of sort: %ld\n", outOfPlace);
  else
    PassedVerification++;
}

// NPB's closing block. Time and Mop/s are the only lines that change from
// run to run.
void printResults(bool Verified, double Seconds) {
  std::printf("\n IS Benchmark Completed.\n");
  std::printf(" Class           = %24c\n", Problem->Name);
  std::printf(" Size            = %24ld\n", TotalKeys);
  std::printf(" Iterations      = %24d\n", MaxIterations);
  std::printf(" Time in seconds = %24.2f\n", Seconds);
  std::printf(" Mop/s total     = %24.2f\n",
              double(MaxIterations) * double(TotalKeys) / Seconds / 1.0e6);
  std::printf(" Operation type  = %24s\n", "keys ranked");
  std::printf(" Verification    = %24s\n",
              Verified ? "SUCCESSFUL" : "UNSUCCESSFUL");
}
