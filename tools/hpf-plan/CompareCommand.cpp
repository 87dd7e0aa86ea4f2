//===- hpf-plan/CompareCommand.cpp - every scheduler side by side ---------===//

#include "Commands.h"
#include "PlanArgs.h"

#include "plan/Scheduler.h"

#include <nlohmann/json.hpp>

#include <chrono>
#include <iomanip>
#include <iostream>
#include <memory>

namespace hpf::tools {

namespace {

struct Row {
  std::string Name;
  bool Applicable = true;
  std::string WhyNot;
  plan::Plan P;
  double Micros = 0;
};

void run(const PlanArgs &Args, const std::string &Format) {
  PlanArgs::Resolved R = Args.resolve();
  plan::PlanOptions Opts = Args.options();
  std::vector<Row> Rows;
  plan::CommTable Table = plan::computeCommTable(R.Src, R.Dst);
  plan::PlanRequest Req;
  Req.Table = &Table;
  Req.Src = &R.Src;
  Req.Dst = &R.Dst;
  Req.Seed = Opts.Seed;
  Req.Weights.LocalRatio = Opts.LocalRatio;
  for (const plan::Scheduler *S : plan::allSchedulers()) {
    Row Rw;
    Rw.Name = std::string(S->name());
    if (!S->applicable(Req, &Rw.WhyNot)) {
      Rw.Applicable = false;
      Rows.push_back(std::move(Rw));
      continue;
    }
    Opts.Scheduler = Rw.Name;
    auto T0 = std::chrono::steady_clock::now();
    try {
      Rw.P = plan::makePlan(R.Src, R.Dst, Opts);
    } catch (const plan::PlanError &E) { // e.g. `exact` refusing the size
      Rw.Applicable = false;
      Rw.WhyNot = E.what();
      Rows.push_back(std::move(Rw));
      continue;
    }
    Rw.Micros = std::chrono::duration<double, std::micro>(
                    std::chrono::steady_clock::now() - T0)
                    .count();
    Rows.push_back(std::move(Rw));
  }

  if (Format == "json") {
    nlohmann::ordered_json J = nlohmann::ordered_json::array();
    for (const Row &Rw : Rows) {
      nlohmann::ordered_json O;
      O["scheduler"] = Rw.Name;
      O["applicable"] = Rw.Applicable;
      if (!Rw.Applicable) {
        O["why_not"] = Rw.WhyNot;
      } else {
        O["used"] = Rw.P.Used;
        O["steps"] = Rw.P.Sched.stepCount();
        O["max_degree"] = Rw.P.Bounds.Steps;
        O["cost"] = Rw.P.Cost;
        O["lower_bound"] = Rw.P.Bounds.Volume;
        O["weighted_cost"] = plan::weightedScheduleCost(
            Rw.P.Table, Rw.P.Sched, plan::CostWeights{Opts.LocalRatio});
        O["predicted_seconds"] =
            plan::predictedSeconds(Rw.P.Table, Rw.P.Sched, Args.Model);
        O["plan_microseconds"] = Rw.Micros;
        O["valid"] = Rw.P.Valid;
      }
      J.push_back(std::move(O));
    }
    std::cout << J.dump() << "\n";
    return;
  }

  std::cout << "Redistribution " << R.Src.format() << " on " << R.Src.procs()
            << " -> " << R.Dst.format() << " on " << R.Dst.procs()
            << ", n = " << R.Src.size() << ": " << Table.Messages.size()
            << " messages, max degree " << Table.maxDegree()
            << ", cost lower bound " << Table.volumeLowerBound() << "\n";
  std::cout << "cost model: T_s = " << Args.Model.StartupSeconds
            << " s/message, T_d = " << Args.Model.SecondsPerElement
            << " s/element";
  if (Opts.LocalRatio != 1)
    std::cout << ", LMR ratio " << Opts.LocalRatio;
  std::cout << "\n\n";
  std::cout << std::left << std::setw(13) << "scheduler" << std::right
            << std::setw(7) << "steps" << std::setw(12) << "cost"
            << std::setw(9) << "cost/LB";
  if (Opts.LocalRatio != 1)
    std::cout << std::setw(13) << "lmr-cost";
  std::cout << std::setw(14) << "predicted-ms" << std::setw(12) << "plan-us"
            << "  notes\n";
  for (const Row &Rw : Rows) {
    std::cout << std::left << std::setw(13) << Rw.Name << std::right;
    if (!Rw.Applicable) {
      std::cout << "  n/a: " << Rw.WhyNot << "\n";
      continue;
    }
    const plan::Plan &P = Rw.P;
    double Ratio =
        P.Bounds.Volume ? double(P.Cost) / double(P.Bounds.Volume) : 1.0;
    std::cout << std::setw(7) << P.Sched.stepCount() << std::setw(12) << P.Cost
              << std::setw(9) << std::fixed << std::setprecision(3) << Ratio;
    if (Opts.LocalRatio != 1)
      std::cout << std::setw(13) << std::setprecision(1)
                << plan::weightedScheduleCost(
                       P.Table, P.Sched, plan::CostWeights{Opts.LocalRatio});
    std::cout << std::setw(14) << std::setprecision(4)
              << plan::predictedSeconds(P.Table, P.Sched, Args.Model) * 1e3
              << std::setw(12) << std::setprecision(1) << Rw.Micros;
    std::cout.unsetf(std::ios::fixed);
    std::string Notes;
    for (const std::string &N : P.Notes)
      Notes += (Notes.empty() ? "" : "; ") + N;
    std::cout << "  " << Notes << "\n";
  }
}

} // namespace

void addCompareCommand(CLI::App &App) {
  CLI::App *Sub =
      App.add_subcommand("compare", "run every applicable scheduler on the "
                                    "same redistribution, side by side");
  auto Args = std::make_shared<PlanArgs>();
  auto Format = std::make_shared<std::string>("text");
  Args->attach(*Sub, /*WithScheduler=*/false);
  Sub->add_option("--format", *Format, "output: text or json")
      ->check(CLI::IsMember({"text", "json"}))
      ->capture_default_str();
  Sub->callback([Args, Format] { run(*Args, *Format); });
}

} // namespace hpf::tools
