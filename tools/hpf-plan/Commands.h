//===- hpf-plan/Commands.h - hpf-plan subcommands ---------------*- C++ -*-===//
//
// Each subcommand lives in its own file and registers itself on the main
// CLI11 app; errors are thrown (UsageError, plan::PlanError) and turned into
// one line and exit code 2 by main.
//
//===----------------------------------------------------------------------===//
#ifndef HPF_TOOLS_HPF_PLAN_COMMANDS_H
#define HPF_TOOLS_HPF_PLAN_COMMANDS_H

#include <CLI/CLI.hpp>

namespace hpf::tools {

void addCompareCommand(CLI::App &App);   // every scheduler side by side
void addBenchCommand(CLI::App &App);     // plan time for p = q = 2^a .. 2^b
void addListCommand(CLI::App &App);      // the registered schedulers
void addParkBenchCommand(CLI::App &App); // paper 003 Table 6, measured
void addQualityCommand(CLI::App &App);   // cost / lower bound over a sweep
void addStudyCommand(CLI::App &App);     // the irregular papers' simulations
void addSimulateCommand(CLI::App &App);  // predicted network times at scale

} // namespace hpf::tools

#endif // HPF_TOOLS_HPF_PLAN_COMMANDS_H
