//===- hpf-bench/Report.h - timing and the report of one run ----*- C++ -*-===//
//
// Shared by the 1-D (main.cpp) and 2-D (Bench2D.cpp) benchmarks: rows of
// timings measured in the same run, and their text or JSON report (rank 0
// prints; the JSON keys are what bench-table.py reads).
//
//===----------------------------------------------------------------------===//
#ifndef HPF_BENCH_REPORT_H
#define HPF_BENCH_REPORT_H

#include "mpi/Redistribute.h"
#include "plan/DistributionND.h"
#include "plan/Plan.h"

#include <cstddef>
#include <functional>
#include <string>
#include <utility>
#include <vector>

namespace hpf::bench {

/// One timed implementation: an hpfrt strategy or a baseline.
struct Row {
  std::string Name, Kind, Note;
  double Median = 0, Min = 0;
  /// CPU seconds (user, system) per repetition: the mean over the ranks,
  /// and the busiest rank's user+system (getrusage around each timed call).
  double CpuUser = 0, CpuSys = 0, CpuMax = 0;
  /// The whole machine's system and soft-interrupt CPU seconds per
  /// repetition (/proc/stat, read by rank 0: the kernel's TCP and shaping
  /// of every rank on this machine, and whatever else runs there).
  double HostSys = 0, HostSoftirq = 0;
  bool Ran = false;
  bool Correct = true;
};

/// Times Fn over Reps repetitions (after one untimed warm-up); Reset runs
/// untimed before each repetition. Returns the slowest rank's times; with
/// Cpu set, also fills its CPU fields (a collective over the ranks).
std::vector<double> timeIt(int Reps, const std::function<void()> &Fn,
                           const std::function<void()> &Reset,
                           Row *Cpu = nullptr);
/// Sets R's median and minimum from the times.
void summarize(Row &R, std::vector<double> Times);
/// Whether a comma list ("all" = everything) names Name.
bool wants(const std::string &List, const std::string &Name);

class Baseline; // Baselines.h

/// A baseline's row: B copies Src into Dst (zeroed first), timed over Reps
/// repetitions; Check, when set, reads Dst afterwards. A null B gives a row
/// that did not run, with WhyNot as its note.
Row timeBaseline(const std::string &Name, Baseline *B,
                 const std::string &WhyNot, int Reps, const double *Src,
                 std::vector<double> &Dst,
                 const std::function<bool(const double *)> &Check);

/// What one strategy's row times (see timeStrategies).
struct StrategyRun {
  std::function<void()> To;   ///< timed: the source layout -> the target
  std::function<void()> Back; ///< untimed, before each repetition: back to
                              ///< the source layout and values
  std::function<const double *()> Result; ///< the local elements after To
};

/// One row per hpfrt strategy that Wanted names, in strategies() order:
/// Make builds the strategy's run from the call options (Base with the
/// strategy set; the run may own a fresh array), Check reads its result.
void timeStrategies(
    std::vector<Row> &Rows, const std::string &Wanted, int Reps,
    const redistribute_options &Base,
    const std::function<StrategyRun(const redistribute_options &)> &Make,
    const std::function<bool(const double *)> &Check);

/// What the report says about the run besides the rows.
struct Header {
  std::string Src, Dst; ///< formats as printed
  std::string Title;    ///< first text line after "hpf-bench: "
  plan::Index N = 0;    ///< elements
  double Bytes = 0;
  int P = 0, Q = 0, Ranks = 0, Reps = 0;
  std::string Scheduler;
  double PlanFirst = 0, PlanCached = 0;
  std::size_t Messages = 0, Steps = 0;
  std::string PlanNote; ///< appended to the text plan line
  /// Extra JSON fields: key and an already-encoded JSON value.
  std::vector<std::pair<std::string, std::string>> Json;
};

/// The fields every benchmark fills alike: the two mappings, the array's
/// elements and bytes, ranks, repetitions, and the plan with the times of
/// its first (computed) and cached lookups. Title, PlanNote and Json are the
/// caller's.
Header planHeader(const plan::DistributionND &S, const plan::DistributionND &D,
                  plan::Index N, double Bytes, int Ranks, int Reps,
                  const plan::Plan &Pl, double PlanFirst, double PlanCached);

/// JSON string literal.
std::string json(const std::string &S);
/// Prints the report on rank 0 ("text" or "json"); returns the exit code
/// (1 if any row computed wrong values).
int report(const Header &H, const std::vector<Row> &Rows,
           const std::string &Format);

} // namespace hpf::bench

#endif // HPF_BENCH_REPORT_H
