//===- hpf-plan/main.cpp - the schedule explorer --------------------------===//
//
// hpf-plan --src FMT --dst FMT [--n N] [--p P] [--q Q] [--scheduler NAME]
//          [--format text|json|svg] [-o FILE]
// hpf-plan compare | bench | list ...
//
// Exit codes: 0 success, 2 bad arguments (one line on stderr), 1 internal
// error.
//
//===----------------------------------------------------------------------===//

#include "Commands.h"
#include "PlanArgs.h"
#include "Reports.h"

#include "plan/Plan.h"

#include <fstream>
#include <iostream>

using namespace hpf;
using namespace hpf::tools;

int main(int Argc, char **Argv) {
  CLI::App App{"hpf-plan: compute, validate and show the communication "
               "schedule of an HPF array redistribution"};
  App.set_help_all_flag("--help-all", "help for every subcommand");
  PlanArgs Args;
  Args.attach(App);
  // attach() makes --src/--dst required; the subcommands bring their own.
  App.get_option("--src")->required(false);
  App.get_option("--dst")->required(false);
  std::string Format = "text", Output;
  App.add_option("--format", Format, "output: text, json or svg")
      ->check(CLI::IsMember({"text", "json", "svg"}))
      ->capture_default_str();
  App.add_option("-o,--output", Output, "write to FILE instead of stdout");
  App.require_subcommand(0, 1);
  addCompareCommand(App);
  addBenchCommand(App);
  addListCommand(App);
  addParkBenchCommand(App);
  addQualityCommand(App);
  addStudyCommand(App);
  addSimulateCommand(App);

  try {
    App.parse(Argc, Argv);
    if (!App.get_subcommands().empty())
      return 0;
    if (Args.Src.empty() || Args.Dst.empty())
      throw UsageError("--src and --dst are required (see --help)");
    PlanArgs::Resolved R = Args.resolve();
    plan::Plan P = plan::makePlan(R.Src, R.Dst, Args.options());
    std::ofstream File;
    if (!Output.empty()) {
      File.open(Output);
      if (!File)
        throw UsageError("cannot write '" + Output + "'");
    }
    std::ostream &OS = Output.empty() ? std::cout : File;
    if (Format == "json")
      OS << planJson(R.Src, R.Dst, P).dump() << "\n";
    else if (Format == "svg")
      printSvg(OS, R.Src, R.Dst, P);
    else
      printText(OS, R.Src, R.Dst, P, Args.Model);
    return 0;
  } catch (const CLI::CallForHelp &E) {
    return App.exit(E);
  } catch (const CLI::CallForAllHelp &E) {
    return App.exit(E);
  } catch (const CLI::ParseError &E) {
    std::cerr << "hpf-plan: error: " << E.what() << "\n";
    return 2;
  } catch (const UsageError &E) {
    std::cerr << "hpf-plan: error: " << E.what() << "\n";
    return 2;
  } catch (const plan::PlanError &E) {
    std::cerr << "hpf-plan: error: " << E.what() << "\n";
    return 2;
  } catch (const std::exception &E) {
    std::cerr << "hpf-plan: internal error: " << E.what() << "\n";
    return 1;
  }
}
