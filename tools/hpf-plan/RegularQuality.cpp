//===- hpf-plan/RegularQuality.cpp - schedule quality over a sweep --------===//
//
// hpf-plan quality: cyclic(x) on p -> cyclic(y) on q for x, y in
// 1..--max-x and p, q in 1..--max-p, n = one slice lcm(x*p, y*q). Per
// registered scheduler (exact only with --with-exact): on how many cases it
// applies, how often its own schedule is invalid (makePlan would fall back),
// mean and worst cost / lower bound (with the worst case), how often it
// reaches the lower bound, how often it uses exactly max-degree steps, and
// its total planning time. Prints figures only.
//
//===----------------------------------------------------------------------===//

#include "Commands.h"

#include "plan/Plan.h"
#include "plan/Scheduler.h"

#include <chrono>
#include <iomanip>
#include <iostream>
#include <memory>

namespace hpf::tools {

namespace {

struct Args {
  int MaxX = 12, MaxP = 12;
  bool WithExact = false;
};

struct Stats {
  long Applicable = 0, Invalid = 0, AtBound = 0, MaxDegreeSteps = 0;
  double SumRatio = 0, Worst = 1, Seconds = 0;
  std::string WorstCase;
};

void run(const Args &A) {
  if (A.MaxX < 1 || A.MaxP < 1 || A.MaxX > 64 || A.MaxP > 64)
    throw plan::PlanError("--max-x and --max-p must be in 1..64");
  std::vector<const plan::Scheduler *> Scheds;
  for (const plan::Scheduler *S : plan::allSchedulers())
    if (A.WithExact || S->name() != "exact")
      Scheds.push_back(S);
  std::vector<Stats> St(Scheds.size());
  long Cases = 0;
  for (plan::Index X = 1; X <= A.MaxX; ++X)
    for (plan::Index Y = 1; Y <= A.MaxX; ++Y)
      for (int P = 1; P <= A.MaxP; ++P)
        for (int Q = 1; Q <= A.MaxP; ++Q) {
          plan::Index N = plan::lcmOrOverflow(X * P, Y * Q);
          plan::Distribution Src = plan::Distribution::cyclic(N, P, X),
                             Dst = plan::Distribution::cyclic(N, Q, Y);
          plan::CommTable T = plan::computeCommTable(Src, Dst);
          plan::PlanRequest Req;
          Req.Table = &T;
          Req.Src = &Src;
          Req.Dst = &Dst;
          const double LB = double(T.volumeLowerBound());
          ++Cases;
          for (std::size_t K = 0; K < Scheds.size(); ++K) {
            if (!Scheds[K]->applicable(Req, nullptr))
              continue;
            Stats &S = St[K];
            auto T0 = std::chrono::steady_clock::now();
            plan::Schedule Sch;
            try {
              Sch = Scheds[K]->schedule(Req);
            } catch (const plan::PlanError &) {
              continue;
            }
            S.Seconds += std::chrono::duration<double>(
                             std::chrono::steady_clock::now() - T0)
                             .count();
            ++S.Applicable;
            Sch.dropEmptySteps();
            if (!plan::validate(T, Sch).Ok) {
              ++S.Invalid;
              continue;
            }
            double Ratio = LB > 0 ? double(plan::scheduleCost(T, Sch)) / LB : 1;
            S.SumRatio += Ratio;
            S.AtBound += Ratio <= 1.0 + 1e-12;
            S.MaxDegreeSteps += Sch.stepCount() == std::size_t(T.maxDegree());
            if (Ratio > S.Worst && Ratio > 1.0 + 1e-12) {
              S.Worst = Ratio;
              S.WorstCase = "cyclic(" + std::to_string(X) + ")/" +
                            std::to_string(P) + "->cyclic(" +
                            std::to_string(Y) + ")/" + std::to_string(Q);
            }
          }
        }
  std::cout << "hpf-plan quality: cyclic(x) on p -> cyclic(y) on q, x, y in "
               "1.."
            << A.MaxX << ", p, q in 1.." << A.MaxP
            << ", n = one slice: " << Cases << " cases\n"
            << "ratio = cost / lower bound (max elements one rank sends or "
               "receives); invalid = own schedule fails the validator\n\n";
  std::cout << std::left << std::setw(13) << "scheduler" << std::right
            << std::setw(9) << "applies" << std::setw(9) << "invalid"
            << std::setw(11) << "mean-ratio" << std::setw(11) << "worst"
            << std::setw(9) << "at-LB%" << std::setw(10) << "maxdeg%"
            << std::setw(11) << "time-s"
            << "  worst case\n";
  for (std::size_t K = 0; K < Scheds.size(); ++K) {
    const Stats &S = St[K];
    long Valid = S.Applicable - S.Invalid;
    std::cout << std::left << std::setw(13) << Scheds[K]->name() << std::right
              << std::setw(9) << S.Applicable << std::setw(9) << S.Invalid
              << std::fixed << std::setprecision(4) << std::setw(11)
              << (Valid ? S.SumRatio / double(Valid) : 0) << std::setw(11)
              << S.Worst << std::setprecision(1) << std::setw(9)
              << (Valid ? 100.0 * double(S.AtBound) / double(Valid) : 0)
              << std::setw(10)
              << (Valid ? 100.0 * double(S.MaxDegreeSteps) / double(Valid) : 0)
              << std::setprecision(2) << std::setw(11) << S.Seconds << "  "
              << (S.WorstCase.empty() ? "-" : S.WorstCase) << "\n";
    std::cout.unsetf(std::ios::fixed);
  }
}

} // namespace

void addQualityCommand(CLI::App &App) {
  CLI::App *Sub = App.add_subcommand(
      "quality", "schedule quality of every scheduler over the block-cyclic "
                 "sweep (cost / lower bound, steps)");
  auto A = std::make_shared<Args>();
  Sub->add_option("--max-x", A->MaxX, "largest block size x, y")
      ->capture_default_str();
  Sub->add_option("--max-p", A->MaxP, "largest processor count p, q")
      ->capture_default_str();
  Sub->add_flag("--with-exact", A->WithExact,
                "also run `exact` (branch and bound; slow)");
  Sub->callback([A] { run(*A); });
}

} // namespace hpf::tools
