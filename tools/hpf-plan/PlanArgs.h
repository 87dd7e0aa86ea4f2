//===- hpf-plan/PlanArgs.h - the options every subcommand shares -*- C++
//-*-===//
//
// --src/--dst/--n/--p/--q/--scheduler/--seed/--lmr/--ts/--td, attached to a
// CLI11 (sub)command, and their resolution into two distributions with the
// defaults DESIGN.md section 5 describes (p and q implied by gen_block
// lists; n implied by gen_block/indirect, else one period lcm(x*p, y*q)).
//
//===----------------------------------------------------------------------===//
#ifndef HPF_TOOLS_HPF_PLAN_PLANARGS_H
#define HPF_TOOLS_HPF_PLAN_PLANARGS_H

#include "plan/Distribution.h"
#include "plan/Plan.h"
#include "plan/Schedule.h"

#include <CLI/CLI.hpp>

#include <optional>
#include <string>

namespace hpf::tools {

/// Bad command-line input: printed as one line, exit code 2.
struct UsageError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

struct PlanArgs {
  std::string Src, Dst;
  std::optional<long long> N, P, Q;
  std::string Scheduler = "auto";
  unsigned long long Seed = 0;
  double Lmr = 1.0;
  plan::CostModel Model;

  /// Adds the options to a command. WithScheduler=false for `compare`.
  void attach(CLI::App &App, bool WithScheduler = true);

  struct Resolved {
    plan::Distribution Src, Dst;
  };
  /// Throws UsageError with a one-line message on inconsistent input.
  Resolved resolve() const;
  plan::PlanOptions options() const;
};

} // namespace hpf::tools

#endif // HPF_TOOLS_HPF_PLAN_PLANARGS_H
