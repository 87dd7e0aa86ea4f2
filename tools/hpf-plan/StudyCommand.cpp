//===- hpf-plan/StudyCommand.cpp - replay the papers' simulations ---------===//
//
// hpf-plan study gen_block --p 4..24:2 --cases 10000 --sizes uneven|even|bound
//                          [--n N] [--bound U] [--seed S] [--lmr R]
//                          [--schedulers a,b,...] [--exact-max-p P]
// hpf-plan study gen_block --bench [--p 16..65536*2] [--reps R]
//
// For every processor count P (P source and P destination ranks, as in the
// papers) it draws `cases` random gen_block pairs (Study.h), runs every
// scheduler that applies, validates each schedule, and prints markdown
// tables: per scheduler the mean and worst cost / lower bound, how often it
// reaches the lower bound and (when P <= --exact-max-p) the exact optimum,
// and for every pair of schedulers how often one is cheaper than the other;
// then summary tables over P, including the papers' TPDR-vs-DC layout.
// With --bench it times the schedulers instead, one uneven case per P.
// Prints figures only; nothing here passes or fails.
//
//===----------------------------------------------------------------------===//

#include "Commands.h"
#include "Study.h"

#include "plan/CommTable.h"
#include "plan/Scheduler.h"

#include <algorithm>
#include <chrono>
#include <ctime>
#include <iomanip>
#include <iostream>
#include <map>
#include <memory>
#include <sstream>

namespace hpf::tools {

namespace {

/// Ends a markdown header row with one column per scheduler and prints the
/// separator row for Leading columns before them.
void printSchedulerColumns(const std::vector<const plan::Scheduler *> &Scheds,
                           std::size_t Leading) {
  for (const plan::Scheduler *S : Scheds)
    std::cout << " | " << S->name();
  std::cout << " |\n|";
  for (std::size_t I = 0; I < Leading + Scheds.size(); ++I)
    std::cout << "---|";
  std::cout << "\n";
}

using Clock = std::chrono::steady_clock;
using plan::Index;

struct StudyArgs {
  std::string What = "gen_block";
  std::string PSpec;
  int Cases = 10000;
  std::string SizesName = "uneven";
  long long N = 0; // 0: 100 * P
  long long Bound = 100;
  unsigned long long Seed = 1;
  double Lmr = 1.0;
  std::vector<std::string> Schedulers;
  int ExactMaxP = 10;
  bool Bench = false;
  int Reps = 3;
};

struct Stats {
  double SumRatio = 0, WorstRatio = 0, SumOptRatio = 0, Micros = 0;
  long long AtLb = 0, AtOpt = 0, MinSteps = 0, Invalid = 0;
  /// Cases the scheduler applies to (guo-pan and park never do on
  /// gen_block): its means are over these, and with none its row says n/a.
  long long Applied = 0, ExactApplied = 0;
};

std::vector<const plan::Scheduler *> chooseSchedulers(const StudyArgs &A) {
  std::vector<const plan::Scheduler *> Out;
  if (A.Schedulers.empty()) {
    for (const plan::Scheduler *S : plan::allSchedulers())
      if (S->name() != "exact")
        Out.push_back(S);
    return Out;
  }
  for (const std::string &Name : A.Schedulers) {
    const plan::Scheduler *S = plan::findScheduler(Name);
    if (!S)
      throw plan::PlanError("unknown scheduler '" + Name +
                            "' (known: " + plan::schedulerNames() + ")");
    if (Name == "exact")
      throw plan::PlanError("exact is run separately (see --exact-max-p)");
    Out.push_back(S);
  }
  return Out;
}

/// The volume lower bound in LMR weights.
double weightedLowerBound(const plan::CommTable &T,
                          const plan::CostWeights &W) {
  std::vector<double> Out(std::size_t(T.P), 0), In(std::size_t(T.Q), 0);
  double Max = 0;
  for (const plan::Message &M : T.Messages) {
    Max = std::max(Max, Out[std::size_t(M.Src)] += W.weight(M));
    Max = std::max(Max, In[std::size_t(M.Dst)] += W.weight(M));
  }
  return Max;
}

std::string fixed(double V, int Digits) {
  std::ostringstream OS;
  OS << std::fixed << std::setprecision(Digits) << V;
  return OS.str();
}

std::string percent(long long Part, long long Whole) {
  return Whole ? fixed(100.0 * double(Part) / double(Whole), 1) + "%" : "-";
}

struct PResult {
  int P = 0;
  long long Cases = 0, ExactCases = 0, ExactGaveUp = 0;
  double Messages = 0, Degree = 0;
  std::vector<Stats> Per;
  std::vector<std::vector<long long>> Better; // [a][b]: a cheaper than b
};

PResult studyOne(const StudyArgs &A, study::Sizes Kind, int P,
                 const std::vector<const plan::Scheduler *> &Scheds) {
  PResult R;
  R.P = P;
  R.Per.resize(Scheds.size());
  R.Better.assign(Scheds.size(), std::vector<long long>(Scheds.size(), 0));
  study::Rng Rng(A.Seed * 0x100000001b3ull + std::uint64_t(P));
  const Index N = A.N > 0 ? A.N : Index(100) * P;
  const plan::Scheduler *Exact = plan::findScheduler("exact");
  std::vector<double> Cost(Scheds.size());
  for (int C = 0; C < A.Cases; ++C) {
    study::Workload W = study::makeWorkload(Rng, Kind, P, N, A.Bound);
    plan::Distribution Src = plan::Distribution::genBlock(W.Src),
                       Dst = plan::Distribution::genBlock(W.Dst);
    plan::CommTable T = plan::computeCommTable(Src, Dst);
    plan::PlanRequest Req;
    Req.Table = &T;
    Req.Src = &Src;
    Req.Dst = &Dst;
    Req.Seed = A.Seed + std::uint64_t(C);
    Req.Weights.LocalRatio = A.Lmr;
    const int D = T.maxDegree();
    const double Lb = weightedLowerBound(T, Req.Weights);
    ++R.Cases;
    R.Messages += double(T.Messages.size());
    R.Degree += D;
    double Opt = -1;
    if (P <= A.ExactMaxP && Exact->applicable(Req, nullptr)) {
      try {
        plan::Schedule S = Exact->schedule(Req);
        Opt = plan::weightedScheduleCost(T, S, Req.Weights);
        ++R.ExactCases;
      } catch (const plan::PlanError &) {
        ++R.ExactGaveUp;
      }
    }
    for (std::size_t I = 0; I < Scheds.size(); ++I) {
      Stats &St = R.Per[I];
      if (!Scheds[I]->applicable(Req, nullptr)) {
        Cost[I] = -1;
        continue;
      }
      ++St.Applied;
      St.ExactApplied += Opt >= 0;
      auto T0 = Clock::now();
      plan::Schedule S = Scheds[I]->schedule(Req);
      St.Micros +=
          std::chrono::duration<double, std::micro>(Clock::now() - T0).count();
      S.dropEmptySteps();
      if (!plan::validate(T, S).Ok) {
        ++St.Invalid;
        Cost[I] = -1;
        continue;
      }
      double Cst = plan::weightedScheduleCost(T, S, Req.Weights);
      Cost[I] = Cst;
      double Ratio = Lb > 0 ? Cst / Lb : 1.0;
      St.SumRatio += Ratio;
      St.WorstRatio = std::max(St.WorstRatio, Ratio);
      St.AtLb += Cst <= Lb * (1 + 1e-12);
      St.MinSteps += int(S.stepCount()) == D;
      if (Opt >= 0) {
        St.AtOpt += Cst <= Opt * (1 + 1e-12);
        St.SumOptRatio += Opt > 0 ? Cst / Opt : 1.0;
      }
    }
    for (std::size_t I = 0; I < Scheds.size(); ++I)
      for (std::size_t J = 0; J < Scheds.size(); ++J)
        if (Cost[I] >= 0 && Cost[J] >= 0 && Cost[I] < Cost[J] * (1 - 1e-12))
          ++R.Better[I][J];
  }
  return R;
}

void printP(const PResult &R,
            const std::vector<const plan::Scheduler *> &Scheds) {
  const double Cases = double(R.Cases);
  std::cout << "\n### P = " << R.P << "\n\n"
            << R.Cases << " cases; mean " << fixed(R.Messages / Cases, 1)
            << " messages, mean max degree " << fixed(R.Degree / Cases, 2);
  if (R.ExactCases || R.ExactGaveUp)
    std::cout << "; exact optimum known in " << R.ExactCases << " cases";
  std::cout << "\n\n| scheduler | mean cost/LB | worst cost/LB | = LB | "
               "= optimum | mean cost/opt | max-degree steps | invalid | "
               "mean us |\n|---|---|---|---|---|---|---|---|---|\n";
  for (std::size_t I = 0; I < Scheds.size(); ++I) {
    const Stats &S = R.Per[I];
    std::cout << "| " << Scheds[I]->name() << " | ";
    if (!S.Applied) {
      std::cout << "n/a | n/a | n/a | n/a | n/a | n/a | n/a | n/a |\n";
      continue;
    }
    const double Applied = double(S.Applied);
    std::cout << fixed(S.SumRatio / Applied, 4) << " | "
              << fixed(S.WorstRatio, 3) << " | " << percent(S.AtLb, S.Applied)
              << " | "
              << (S.ExactApplied ? percent(S.AtOpt, S.ExactApplied) : "-")
              << " | "
              << (S.ExactApplied
                      ? fixed(S.SumOptRatio / double(S.ExactApplied), 4)
                      : "-")
              << " | " << percent(S.MinSteps, S.Applied) << " | " << S.Invalid
              << " | " << fixed(S.Micros / Applied, 1) << " |\n";
  }
  std::cout << "\nCases where the row's cost is lower than the column's:\n\n|";
  printSchedulerColumns(Scheds, 1);
  for (std::size_t I = 0; I < Scheds.size(); ++I) {
    std::cout << "| " << Scheds[I]->name();
    for (std::size_t J = 0; J < Scheds.size(); ++J)
      std::cout << " | "
                << (!R.Per[I].Applied || !R.Per[J].Applied ? std::string("n/a")
                    : I == J                               ? std::string("-")
                             : std::to_string(R.Better[I][J]));
    std::cout << " |\n";
  }
}

void printSummary(const std::vector<PResult> &Rs,
                  const std::vector<const plan::Scheduler *> &Scheds) {
  auto Index = [&](std::string_view Name) -> std::ptrdiff_t {
    for (std::size_t I = 0; I < Scheds.size(); ++I)
      if (Scheds[I]->name() == Name)
        return std::ptrdiff_t(I);
    return -1;
  };
  std::cout << "\n### Summary: mean cost / lower bound\n\n| P";
  printSchedulerColumns(Scheds, 1);
  for (const PResult &R : Rs) {
    std::cout << "| " << R.P;
    for (const Stats &S : R.Per)
      std::cout << " | "
                << (S.Applied ? fixed(S.SumRatio / double(S.Applied), 4)
                              : "n/a");
    std::cout << " |\n";
  }
  const std::pair<const char *, const char *> Pairs[] = {
      {"tpdr", "dca"},
      {"etpdr", "dca"},
      {"etpdr", "tpdr"},
      {"relocation", "dca"},
      {"etpdr", "relocation"}};
  for (auto [A, B] : Pairs) {
    std::ptrdiff_t IA = Index(A), IB = Index(B);
    if (IA < 0 || IB < 0)
      continue;
    std::cout << "\n### Summary: " << A << " vs " << B << "\n\n| P | " << A
              << " better | " << B << " better | same |\n|---|---|---|---|\n";
    for (const PResult &R : Rs) {
      long long X = R.Better[std::size_t(IA)][std::size_t(IB)],
                Y = R.Better[std::size_t(IB)][std::size_t(IA)];
      std::cout << "| " << R.P << " | " << X << " | " << Y << " | "
                << R.Cases - X - Y << " |\n";
    }
  }
}

/// Median over Reps of the CPU time per call of F, in microseconds. CPU
/// time (not wall clock) because this machine's cores are shared: a
/// descheduled process does not count. Each rep repeats F until it has
/// used at least 2 ms of CPU, so short calls are measured too.
template <typename Fn> double medianCpuMicros(int Reps, Fn &&F) {
  auto Now = [] { return double(std::clock()) * 1e6 / CLOCKS_PER_SEC; };
  std::vector<double> T;
  for (int R = 0; R < Reps; ++R) {
    long Calls = 0;
    double T0 = Now(), Elapsed = 0;
    do {
      F();
      ++Calls;
      Elapsed = Now() - T0;
    } while (Elapsed < 2000);
    T.push_back(Elapsed / double(Calls));
  }
  std::sort(T.begin(), T.end());
  return T[T.size() / 2];
}

void bench(const StudyArgs &A, study::Sizes Kind,
           const std::vector<const plan::Scheduler *> &Scheds,
           const std::vector<int> &Ps) {
  std::cout << "hpf-plan study " << A.What << " --bench: sizes " << A.SizesName
            << ", N = " << (A.N > 0 ? std::to_string(A.N) : "100 * P")
            << ", one case per P, median of " << A.Reps
            << " runs, CPU microseconds per call\n\n| P | messages | max "
               "degree | table";
  printSchedulerColumns(Scheds, 4);
  for (int P : Ps) {
    study::Rng Rng(A.Seed * 0x100000001b3ull + std::uint64_t(P));
    study::Workload W = study::makeWorkload(
        Rng, Kind, P, A.N > 0 ? A.N : Index(100) * P, A.Bound);
    plan::Distribution Src = plan::Distribution::genBlock(W.Src),
                       Dst = plan::Distribution::genBlock(W.Dst);
    plan::CommTable T;
    double TableUs =
        medianCpuMicros(A.Reps, [&] { T = plan::computeCommTable(Src, Dst); });
    std::cout << "| " << P << " | " << T.Messages.size() << " | "
              << T.maxDegree() << " | " << fixed(TableUs, 1);
    plan::PlanRequest Req;
    Req.Table = &T;
    Req.Src = &Src;
    Req.Dst = &Dst;
    Req.Seed = A.Seed;
    Req.Weights.LocalRatio = A.Lmr;
    for (const plan::Scheduler *S : Scheds) {
      if (!S->applicable(Req, nullptr)) {
        std::cout << " | n/a";
        continue;
      }
      std::cout << " | "
                << fixed(
                       medianCpuMicros(A.Reps, [&] { (void)S->schedule(Req); }),
                       1);
    }
    std::cout << " |\n" << std::flush;
  }
}

void run(const StudyArgs &A) {
  if (A.What != "gen_block")
    throw plan::PlanError("study: only 'gen_block' workloads exist (got '" +
                          A.What + "')");
  if (!(A.Lmr > 0))
    throw plan::PlanError("LMR local/remote ratio must be > 0");
  study::Sizes Kind = study::parseSizes(A.SizesName);
  std::vector<int> Ps = study::parseProcessorList(!A.PSpec.empty() ? A.PSpec
                                                  : A.Bench ? "16..65536*2"
                                                            : "4..24:2");
  std::vector<const plan::Scheduler *> Scheds = chooseSchedulers(A);
  if (A.Bench)
    return bench(A, Kind, Scheds, Ps);
  std::cout << "## hpf-plan study " << A.What << ": sizes " << A.SizesName;
  if (Kind == study::Sizes::Bound)
    std::cout << " (upper bound " << A.Bound << ")";
  else
    std::cout << ", N = " << (A.N > 0 ? std::to_string(A.N) : "100 * P");
  std::cout << ", " << A.Cases << " cases per P, seed " << A.Seed;
  if (A.Lmr != 1.0)
    std::cout << ", LMR ratio " << A.Lmr << " (weighted costs)";
  std::cout << "\n\nLB = max over ranks of the elements sent or received; "
               "optimum = exact (minimum cost with max-degree steps) for P <= "
            << A.ExactMaxP << ".\n";
  std::vector<PResult> Rs;
  for (int P : Ps) {
    Rs.push_back(studyOne(A, Kind, P, Scheds));
    printP(Rs.back(), Scheds);
    std::cout << std::flush;
  }
  printSummary(Rs, Scheds);
}

} // namespace

void addStudyCommand(CLI::App &App) {
  CLI::App *Sub = App.add_subcommand(
      "study", "replay the irregular-redistribution papers' simulations on "
               "random gen_block pairs (quality tables, or --bench timings)");
  auto A = std::make_shared<StudyArgs>();
  Sub->add_option("what", A->What, "workload: gen_block")
      ->capture_default_str();
  Sub->add_option("--p", A->PSpec,
                  "processor counts: A..B, A..B:STEP, A..B*FACTOR or a,b,c "
                  "(default 4..24:2; 16..65536*2 with --bench)");
  Sub->add_option("--cases", A->Cases, "random cases per processor count")
      ->check(CLI::Range(1, 100000000))
      ->capture_default_str();
  Sub->add_option("--sizes", A->SizesName,
                  "uneven (random cut points), even (+-30% of the mean) or "
                  "bound (blocks in [0, --bound], paper 002)")
      ->capture_default_str();
  Sub->add_option("--n", A->N, "array size for uneven/even (default 100 * P)")
      ->check(CLI::Range(0LL, 1LL << 40));
  Sub->add_option("--bound", A->Bound, "block size bound for --sizes bound")
      ->check(CLI::Range(1LL, 1LL << 30))
      ->capture_default_str();
  Sub->add_option("--seed", A->Seed, "random seed")->capture_default_str();
  Sub->add_option("--lmr", A->Lmr,
                  "LMR local/remote bandwidth ratio (weights local messages)")
      ->capture_default_str();
  Sub->add_option("--schedulers", A->Schedulers,
                  "schedulers to compare (default: all but exact)")
      ->delimiter(',');
  Sub->add_option("--exact-max-p", A->ExactMaxP,
                  "compute the exact optimum for P up to this")
      ->capture_default_str();
  Sub->add_flag("--bench", A->Bench,
                "time the schedulers (one case per P) instead");
  Sub->add_option("--reps", A->Reps, "repetitions for --bench (median)")
      ->check(CLI::Range(1, 1000))
      ->capture_default_str();
  Sub->callback([A] { run(*A); });
}

} // namespace hpf::tools
