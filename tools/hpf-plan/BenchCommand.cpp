//===- hpf-plan/BenchCommand.cpp - plan computation time ------------------===//
//
// hpf-plan bench: for p = q = 2^from .. 2^to, the time to compute the
// communication table (for one period and for n = 10^12 elements: the closed
// forms do not depend on n) and each scheduler's schedule, next to the
// baseline measured in the same run: the per-element table (what a runtime
// without closed forms does: visit every element and count owner pairs),
// measured on one period and extrapolated linearly to 10^12 elements.
// Prints figures only; nothing here passes or fails.
//
//===----------------------------------------------------------------------===//

#include "Commands.h"
#include "Timing.h"

#include "plan/FormatSpec.h"
#include "plan/Plan.h"
#include "plan/Scheduler.h"

#include <algorithm>
#include <chrono>
#include <iomanip>
#include <iostream>
#include <memory>
#include <sstream>
#include <unordered_map>

namespace hpf::tools {

namespace {

/// The baseline: count owner pairs element by element.
size_t perElementTable(const plan::Distribution &S,
                       const plan::Distribution &D) {
  std::unordered_map<std::int64_t, plan::Index> Count;
  for (plan::Index G = 0; G < S.size(); ++G)
    ++Count[std::int64_t(S.owner(G)) * D.procs() + D.owner(G)];
  return Count.size();
}

struct BenchArgs {
  std::string Src = "cyclic(4)", Dst = "cyclic(3)";
  int From = 4, To = 16, Reps = 3;
  std::vector<std::string> Schedulers = {"round-robin", "coloring"};
  long long ElementLimit = 1 << 24;
};

void run(const BenchArgs &A) {
  if (A.From < 0 || A.To > 24 || A.From > A.To)
    throw plan::PlanError("--from/--to must satisfy 0 <= from <= to <= 24");
  plan::FormatSpec FS = plan::parseFormat(A.Src), FD = plan::parseFormat(A.Dst);
  for (const std::string &S : A.Schedulers)
    if (!plan::findScheduler(S))
      throw plan::PlanError("unknown scheduler '" + S +
                            "' (known: " + plan::schedulerNames() + ")");
  std::cout << "hpf-plan bench: " << A.Src << " -> " << A.Dst
            << ", p = q, n = one period lcm(x*p, y*q) (or 2^20 * p for "
               "block); median of "
            << A.Reps << " runs, microseconds\n\n";
  std::cout << std::setw(7) << "p" << std::setw(12) << "n" << std::setw(10)
            << "messages" << std::setw(11) << "table";
  for (const std::string &S : A.Schedulers)
    std::cout << std::setw(13) << S;
  std::cout << std::setw(13) << "table@1e12" << std::setw(13) << "per-element"
            << std::setw(18) << "per-element@1e12" << std::setw(12) << "speedup"
            << "\n";
  for (int K = A.From; K <= A.To; ++K) {
    int P = 1 << K;
    plan::Index Period = 1;
    for (const plan::FormatSpec *F : {&FS, &FD})
      Period = plan::lcmOrOverflow(Period, F->Param > 0 ? F->Param * P
                                                        : plan::Index(1) << 20);
    plan::Distribution S = FS.instantiate(Period, P),
                       D = FD.instantiate(Period, P);
    plan::CommTable T;
    double TableUs =
        medianMicros(A.Reps, [&] { T = plan::computeCommTable(S, D); });
    std::cout << std::setw(7) << P << std::setw(12) << Period << std::setw(10)
              << T.Messages.size() << std::setw(11) << std::fixed
              << std::setprecision(1) << TableUs;
    for (const std::string &Name : A.Schedulers) {
      const plan::Scheduler *Sch = plan::findScheduler(Name);
      plan::PlanRequest Req;
      Req.Table = &T;
      Req.Src = &S;
      Req.Dst = &D;
      double Us = medianMicros(A.Reps, [&] { (void)Sch->schedule(Req); });
      std::cout << std::setw(13) << Us;
    }
    plan::Index Huge = 1000000000000LL;
    plan::Distribution SH = FS.instantiate(Huge, P),
                       DH = FD.instantiate(Huge, P);
    double HugeUs =
        medianMicros(A.Reps, [&] { (void)plan::computeCommTable(SH, DH); });
    std::cout << std::setw(13) << HugeUs;
    if (Period <= A.ElementLimit) {
      // The per-element baseline is linear in n: measured on one period,
      // extrapolated to 10^12 elements (labelled as such).
      double Base = medianMicros(1, [&] { (void)perElementTable(S, D); });
      double Extrapolated = Base * (double(Huge) / double(Period));
      std::cout << std::setw(13) << Base << std::setw(18) << std::scientific
                << std::setprecision(2) << Extrapolated << std::setw(12)
                << Extrapolated / std::max(HugeUs, 0.1) << std::fixed
                << std::setprecision(1) << "\n";
    } else {
      std::cout << std::setw(13) << "skipped\n";
    }
    std::cout.unsetf(std::ios::fixed);
  }
}

} // namespace

void addBenchCommand(CLI::App &App) {
  CLI::App *Sub = App.add_subcommand(
      "bench", "time plan computation (table + schedule) for p = q = "
               "2^from .. 2^to against a per-element baseline");
  auto A = std::make_shared<BenchArgs>();
  Sub->add_option("--src", A->Src, "source format")->capture_default_str();
  Sub->add_option("--dst", A->Dst, "destination format")->capture_default_str();
  Sub->add_option("--from", A->From, "smallest log2(p)")->capture_default_str();
  Sub->add_option("--to", A->To, "largest log2(p)")->capture_default_str();
  Sub->add_option("--reps", A->Reps, "repetitions (median)")
      ->check(CLI::Range(1, 1000))
      ->capture_default_str();
  Sub->add_option("--schedulers", A->Schedulers, "schedulers to time")
      ->delimiter(',');
  Sub->add_option("--element-limit", A->ElementLimit,
                  "largest n for the per-element baseline")
      ->capture_default_str();
  Sub->callback([A] { run(*A); });
}

} // namespace hpf::tools
