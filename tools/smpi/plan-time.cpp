//===- smpi/plan-time.cpp - plan cost per rank at 64..4096 ranks ----------===//
//
// What one rank pays for its plan, the cost every simulated rank pays one
// after another under SMPI (and every rank of a real job at start-up): the
// whole plan (table with runs + a scheduler) against the rank plan
// (plan::makeRankPlan: the rank's own messages, no schedule), for the cases
// of tools/smpi/smpi-bench.py at 128 KiB per rank. CPU time of this process
// (CLOCK_PROCESS_CPUTIME_ID, not wall time: the machine is shared), the
// rank plan averaged over up to 64 ranks spread over 0..P-1. Std-only:
//
//   g++ -O2 -std=c++20 -Iruntime tools/smpi/plan-time.cpp
//       build/lib/libhpfplan.a -o build/plan-time
//   build/plan-time 64,256,1024,4096 coloring,auto
//
//===----------------------------------------------------------------------===//

#include "plan/FormatSpec.h"
#include "plan/Plan.h"

#include <algorithm>
#include <cstdio>
#include <ctime>
#include <random>
#include <sstream>
#include <string>
#include <vector>

using namespace hpf::plan;

namespace {

double cpuSeconds() {
  timespec T;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &T);
  return double(T.tv_sec) + double(T.tv_nsec) * 1e-9;
}

std::vector<std::string> split(const std::string &S) {
  std::vector<std::string> Out;
  std::stringstream SS(S);
  std::string X;
  while (std::getline(SS, X, ','))
    Out.push_back(X);
  return Out;
}

/// gen_block sizes with weights 1..9 (the shape of smpi-bench.py's pair).
Distribution randomGenBlock(Index N, int P, unsigned Seed) {
  std::mt19937 Rng(Seed);
  std::vector<Index> W(static_cast<size_t>(P)), Sizes(W.size());
  Index Total = 0;
  for (Index &X : W)
    Total += X = 1 + Index(Rng() % 9);
  Index Sum = 0;
  for (size_t I = 0; I < W.size(); ++I)
    Sum += Sizes[I] = N * W[I] / Total;
  Sizes.back() += N - Sum;
  return Distribution::genBlock(Sizes);
}

} // namespace

int main(int Argc, char **Argv) {
  std::vector<std::string> Ranks = split(Argc > 1 ? Argv[1] : "64,256,1024");
  std::vector<std::string> Scheds = split(Argc > 2 ? Argv[2] : "coloring");
  std::printf("| case | ranks | messages | rank plan (ms/rank) | rank plan x P "
              "(s) |");
  for (const std::string &S : Scheds)
    std::printf(" whole plan, %s (ms/rank) | x P (s) |", S.c_str());
  std::printf("\n|---|---|---|---|---|");
  for (size_t I = 0; I < Scheds.size(); ++I)
    std::printf("---|---|");
  std::printf("\n");
  for (const char *Case : {"block-cyclic", "cyclic4-cyclic3", "gen_block"})
    for (const std::string &RS : Ranks) {
      int P = std::stoi(RS);
      Index N = Index(P) * 16384; // 128 KiB of doubles per rank
      Distribution S = Distribution::block(N, P), D = S;
      if (std::string(Case) == "block-cyclic") {
        D = Distribution::cyclic(N, P, 8192);
      } else if (std::string(Case) == "cyclic4-cyclic3") {
        S = Distribution::cyclic(N, P, 4);
        D = Distribution::cyclic(N, P, 3);
      } else {
        S = randomGenBlock(N, P, 1);
        D = randomGenBlock(N, P, 2);
      }
      DistributionND SN = DistributionND::rank1(S),
                     DN = DistributionND::rank1(D);
      int Samples = std::min(P, 64);
      double T0 = cpuSeconds();
      std::size_t Msgs = 0;
      for (int K = 0; K < Samples; ++K)
        Msgs += makeRankPlan(SN, DN, int(Index(K) * P / Samples), true)
                    .Table.Messages.size();
      double Rank = (cpuSeconds() - T0) / Samples;
      (void)Msgs;
      PlanOptions PO;
      PO.WithRuns = true;
      PO.Scheduler = Scheds.front();
      Plan Whole = makePlan(SN, DN, PO);
      std::printf("| %s | %d | %zu | %.3f | %.2f |", Case, P,
                  Whole.Table.Messages.size(), Rank * 1e3, Rank * P);
      for (const std::string &Sch : Scheds) {
        PO.Scheduler = Sch;
        double T1 = cpuSeconds();
        makePlan(SN, DN, PO);
        double W = cpuSeconds() - T1;
        std::printf(" %.2f | %.1f |", W * 1e3, W * P);
        std::fflush(stdout);
      }
      std::printf("\n");
    }
  return 0;
}
