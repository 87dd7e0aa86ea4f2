//===- hpf-plan/RegularParkBench.cpp - paper 003's Table 6, measured ------===//
//
// hpf-plan park-bench: the time to compute the Park-Prasanna-Raghavendra
// schedule and index sets, for P = Q and the K of paper 003's Table 6, next
// to the paper's published figures (IBM SP2, 1998; hard-coded, labelled
// "paper"), and for 2^10 .. 2^16 ranks. Columns, median of --reps runs:
//  * rank-us: what one rank computes (paper's measure): its send column
//    (C_send, D_send, folded block lists) and its receive column (C_recv and
//    the local offsets of every received block);
//  * all-us: the same for every rank (a compiler precomputing all tables);
//  * park-us / coloring-us: the registered schedulers on the communication
//    table of one superblock (message-level steps), where the table fits;
//    coloring stands in for the bipartite-matching baseline, measured in
//    the same run.
// Prints figures only.
//
//===----------------------------------------------------------------------===//

#include "Commands.h"
#include "Timing.h"

#include "plan/Plan.h"
#include "plan/regular/ParkTables.h"
#include "plan/schedulers/Schedulers.h"

#include <algorithm>
#include <chrono>
#include <iomanip>
#include <iostream>
#include <memory>

namespace hpf::tools {

namespace {

/// Paper 003, Table 6 (microseconds): PPR (schedule + index) and bipartite
/// matching (schedule only, Jonker-Volgenant) on an IBM SP2.
struct PaperRow {
  int P;
  plan::Index K;
  double Ppr, Bipartite;
};
const PaperRow PaperTable6[] = {
    {16, 4, 30, 866},       {16, 8, 51, 2390},       {16, 12, 78, 3960},
    {32, 8, 52, 7453},      {32, 16, 94, 16761},     {32, 24, 147, 25613},
    {64, 16, 94, 62443},    {64, 32, 179, 133213},   {64, 48, 277, 207763},
    {128, 32, 176, 534768}, {128, 64, 346, 1167586}, {128, 96, 577, 1842415},
};

struct Args {
  int Reps = 5;
  int From = 10, To = 16;
  plan::Index X = 1;
  long long TableLimit = 1 << 18;
};

/// Checksum so the optimiser keeps the work.
plan::Index Sink = 0;

double rankMicros(const plan::regular::ParkTables &T, int Reps) {
  return medianMicros(Reps, [&] {
    auto S = plan::regular::parkSourceSteps(T, 0);
    auto R = plan::regular::parkDestinationSteps(T, T.Q - 1);
    Sink += plan::Index(S.size() + R.size());
  });
}

double allMicros(const plan::regular::ParkTables &T, int Reps) {
  return medianMicros(Reps, [&] {
    for (int J = 0; J < T.P; ++J)
      Sink += plan::Index(plan::regular::parkSourceSteps(T, J).size());
    for (int D = 0; D < T.Q; ++D)
      Sink += plan::Index(plan::regular::parkDestinationSteps(T, D).size());
  });
}

void printRow(int P, plan::Index K, const Args &A, const PaperRow *Paper) {
  plan::regular::ParkTables T = plan::regular::ParkTables::make(P, K, P);
  std::cout << std::setw(7) << P << std::setw(7) << K << std::setw(8)
            << (T.AllToAll ? "a2a" : "non-a2a") << std::setw(7) << T.Steps
            << std::fixed << std::setprecision(1) << std::setw(10)
            << rankMicros(T, A.Reps);
  bool Small = double(T.Steps) * P <= double(A.TableLimit);
  if (Small)
    std::cout << std::setw(12) << allMicros(T, A.Reps);
  else
    std::cout << std::setw(12) << "-";
  plan::Index N = T.Superblock * A.X;
  if (Small && double(P) * double(P) <= double(A.TableLimit)) {
    plan::Distribution S = plan::Distribution::cyclic(N, P, A.X),
                       D = plan::Distribution::cyclic(N, P, K * A.X);
    plan::CommTable Tab = plan::computeCommTable(S, D);
    plan::PlanRequest Req;
    Req.Table = &Tab;
    Req.Src = &S;
    Req.Dst = &D;
    double Park = medianMicros(A.Reps, [&] {
      Sink += plan::Index(plan::parkScheduler().schedule(Req).stepCount());
    });
    double Col = medianMicros(A.Reps, [&] {
      Sink += plan::Index(plan::coloringScheduler().schedule(Req).stepCount());
    });
    std::cout << std::setw(10) << Park << std::setw(13) << Col;
  } else {
    std::cout << std::setw(10) << "-" << std::setw(13) << "-";
  }
  if (Paper)
    std::cout << std::setw(11) << std::setprecision(0) << Paper->Ppr
              << std::setw(13) << Paper->Bipartite;
  std::cout << "\n";
  std::cout.unsetf(std::ios::fixed);
}

void run(const Args &A) {
  if (A.From < 1 || A.To > 20 || A.From > A.To)
    throw plan::PlanError("--from/--to must satisfy 1 <= from <= to <= 20");
  std::cout << "hpf-plan park-bench: R_x(P, K, Q = P), time to compute the "
               "PPR schedule and index sets (median of "
            << A.Reps << " runs, microseconds)\n"
            << "rank-us: one rank's send + receive columns; all-us: every "
               "rank; park-us / coloring-us: the schedulers on one "
               "superblock's table\n"
            << "paper-ppr / paper-bipartite: paper 003 Table 6 (IBM SP2, "
               "1998), reference only\n\n";
  auto Header = [] {
    std::cout << std::setw(7) << "P=Q" << std::setw(7) << "K" << std::setw(8)
              << "pattern" << std::setw(7) << "steps" << std::setw(10)
              << "rank-us" << std::setw(12) << "all-us" << std::setw(10)
              << "park-us" << std::setw(13) << "coloring-us" << std::setw(11)
              << "paper-ppr" << std::setw(13) << "paper-bip."
              << "\n";
  };
  Header();
  for (const PaperRow &R : PaperTable6)
    printRow(R.P, R.K, A, &R);
  std::cout << "\nlarge processor counts (K = P/4, P/2, 3P/4 as in Table 6):\n";
  Header();
  for (int E = A.From; E <= A.To; ++E) {
    int P = 1 << E;
    for (int F = 1; F <= 3; ++F)
      printRow(P, plan::Index(P) / 4 * F, A, nullptr);
  }
  if (Sink == -1)
    std::cout << "";
}

} // namespace

void addParkBenchCommand(CLI::App &App) {
  CLI::App *Sub = App.add_subcommand(
      "park-bench", "time the Park (paper 003) schedule and index "
                    "computation against paper 003's Table 6");
  auto A = std::make_shared<Args>();
  Sub->add_option("--reps", A->Reps, "repetitions (median)")
      ->check(CLI::Range(1, 1000))
      ->capture_default_str();
  Sub->add_option("--from", A->From, "smallest log2(P) of the large rows")
      ->capture_default_str();
  Sub->add_option("--to", A->To, "largest log2(P) of the large rows")
      ->capture_default_str();
  Sub->add_option("--x", A->X, "block size x (elements)")
      ->check(CLI::Range(1, 1 << 20))
      ->capture_default_str();
  Sub->add_option("--table-limit", A->TableLimit,
                  "largest steps*P (and P*P) for the all-ranks and "
                  "scheduler columns")
      ->capture_default_str();
  Sub->callback([A] { run(*A); });
}

} // namespace hpf::tools
