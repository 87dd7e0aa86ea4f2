//===- hpf-bench/main.cpp - redistribution benchmark ----------------------===//
//
//   mpiexec.mpich -n R hpf-bench --src FMT --dst FMT (--n N | --size 64MiB)
//       [--p P --q Q] [--strategy all|shm,steps,...] [--scheduler NAME]
//       [--baselines all|none|naive,darray,scalapack,memcpy] [--reps K]
//       [--format text|json]
//   mpiexec.mpich -n R hpf-bench --rows R --cols C --src '(block, cyclic(4))'
//       --dst '(cyclic(2), block)' [--grid-src 2x1] [--grid-dst 1x2] ...
//
// Times hpfrt's redistribution of a double array, per executor strategy,
// next to baselines measured in the same run (Baselines.h), plus the time to
// compute the plan on the first call and to find it in the cache. Each
// repetition is barrier; redistribute src -> dst; the slowest rank's time.
// GB/s is the array's size over the median time. Formats are those of
// hpf-plan, plus weights(w0,w1,...): gen_block with sizes proportional to
// the weights (for uneven gen_block at any size). The 2-D mode (--rows) is
// Bench2D.h.
//
//===----------------------------------------------------------------------===//

#include "Baselines.h"
#include "Bench2D.h"
#include "Report.h"

#include "mpi/hpfrt.h"
#include "plan/Scheduler.h"
#ifdef HPF_SMPI
#include "mpi/Payload.h"
#endif

#include <CLI/CLI.hpp>
#include <mpi.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <functional>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

using namespace hpf;
using bench::Row;
using bench::summarize;
using bench::timeIt;

namespace {

double now() { return MPI_Wtime(); }

plan::Index parseSize(const std::string &S) {
  std::size_t Pos = 0;
  double V = std::stod(S, &Pos);
  std::string Unit = S.substr(Pos);
  double Mul = 1;
  if (Unit == "KiB" || Unit == "K")
    Mul = 1024.0;
  else if (Unit == "MiB" || Unit == "M")
    Mul = 1024.0 * 1024;
  else if (Unit == "GiB" || Unit == "G")
    Mul = 1024.0 * 1024 * 1024;
  else if (!Unit.empty() && Unit != "B")
    throw CLI::ValidationError("--size", "unknown unit '" + Unit + "'");
  return plan::Index(V * Mul);
}

/// A format, with the bench-only weights(...) form.
plan::Distribution distributionFor(const std::string &Text, plan::Index N,
                                   int P) {
  if (Text.rfind("weights(", 0) == 0 && Text.back() == ')') {
    std::vector<double> W;
    std::stringstream SS(Text.substr(8, Text.size() - 9));
    std::string Item;
    double Sum = 0;
    while (std::getline(SS, Item, ',')) {
      W.push_back(std::stod(Item));
      Sum += W.back();
    }
    std::vector<plan::Index> Sizes;
    plan::Index Left = N;
    for (std::size_t I = 0; I < W.size(); ++I) {
      plan::Index S =
          I + 1 == W.size() ? Left : plan::Index(double(N) * W[I] / Sum);
      Sizes.push_back(S);
      Left -= S;
    }
    return format(plan::FormatSpec{plan::DistKind::GenBlock, 0, Sizes})
        .instantiate(N, int(Sizes.size()), "hpf-bench");
  }
  return parse_format(Text.c_str()).instantiate(N, P, "hpf-bench");
}

} // namespace

int main(int argc, char **argv) {
  init(&argc, &argv);
  CLI::App App{"hpf-bench: time hpfrt redistributions against MPI and "
               "ScaLAPACK baselines (run under mpiexec.mpich)"};
  std::string Src, Dst, Size, Strategies = "all", Baselines = "all";
  std::string Scheduler = "auto", Format = "text";
  plan::Index N = 0;
  int P = 0, Q = 0, Reps = 0;
  App.add_option("--src", Src, "source format, e.g. cyclic(4)")->required();
  App.add_option("--dst", Dst, "target format, e.g. cyclic(3)")->required();
  App.add_option("--n", N, "array extent (elements of double)");
  App.add_option("--size", Size, "array size in bytes (1MiB, 64MiB, 512MiB)");
  App.add_option("--p", P, "source processors (default: all ranks)");
  App.add_option("--q", Q, "target processors (default: all ranks)");
  App.add_option("--strategy", Strategies,
                 "all, or a comma list of shm,steps,async,alltoallv,alltoallw");
  App.add_option("--scheduler", Scheduler, "plan-library scheduler");
  App.add_option("--baselines", Baselines,
                 "all, none, or a comma list of naive,darray,scalapack,memcpy");
  App.add_option("--reps", Reps, "timed repetitions (default by size)");
  App.add_option("--format", Format, "text or json")
      ->check(CLI::IsMember({"text", "json"}));
  // 2-D mode: a Rows x Cols matrix, formats '(f0, f1)', processor grids.
  bench::Options2D O2;
  auto *RowsOpt = App.add_option(
      "--rows", O2.Rows,
      "2-D: matrix rows (with --cols; --src/--dst are then '(f0, f1)', e.g. "
      "'(block, cyclic(4))', '*' for a dimension that is not distributed)");
  auto *ColsOpt = App.add_option("--cols", O2.Cols, "2-D: matrix columns");
  auto *GS = App.add_option("--grid-src", O2.GridSrc,
                            "2-D: source processor grid, e.g. 2x1 (one "
                            "extent per distributed dimension; default: all "
                            "ranks on the first)");
  auto *GD = App.add_option("--grid-dst", O2.GridDst,
                            "2-D: target processor grid, e.g. 1x2");
  RowsOpt->needs(ColsOpt);
  ColsOpt->needs(RowsOpt);
  GS->needs(RowsOpt);
  GD->needs(RowsOpt);
  for (const char *OneD : {"--n", "--size", "--p", "--q"})
    RowsOpt->excludes(App.get_option(OneD));
  try {
    App.parse(argc, argv);
    if (!Size.empty())
      N = parseSize(Size) / plan::Index(sizeof(double));
    if (RowsOpt->count() && (O2.Rows <= 0 || O2.Cols <= 0))
      throw CLI::ValidationError("--rows/--cols", "give positive extents");
    if (!RowsOpt->count() && N <= 0)
      throw CLI::ValidationError("--n/--size", "give a positive size");
  } catch (const CLI::ParseError &E) {
    int Rc = is_root() ? App.exit(E) : (E.get_exit_code() ? 2 : 0);
    finalize();
    return Rc;
  }
  if (RowsOpt->count()) {
    O2.Src = Src;
    O2.Dst = Dst;
    O2.Strategies = Strategies;
    O2.Baselines = Baselines;
    O2.Scheduler = Scheduler;
    O2.Format = Format;
    O2.Reps = Reps;
    int Rc = bench::run2D(O2);
    finalize();
    return Rc;
  }
  const int W = nranks();
  if (P <= 0)
    P = W;
  if (Q <= 0)
    Q = W;
  plan::Distribution S = distributionFor(Src, N, P);
  plan::Distribution D = distributionFor(Dst, N, Q);
  processors PP(S.procs(), "--p"), QQ(D.procs(), "--q");
  const double Bytes = double(N) * sizeof(double);
  if (Reps <= 0)
    Reps = Bytes <= 8e6 ? 21 : Bytes <= 1e8 ? 7 : 3;

  auto Wants = bench::wants;

  // Plan computation: first call vs cached.
  redistribute_options PO;
  PO.scheduler = Scheduler.c_str();
  rt::clearPlanCache();
  double T0 = now();
  const plan::DistributionND SN = plan::DistributionND::rank1(S),
                             DN = plan::DistributionND::rank1(D);
#ifdef HPF_SMPI
  // Every simulated rank runs on this one core, one after another: only
  // rank 0 computes the whole plan for the header; the executors compute
  // what they need (async a rank plan, steps the whole plan on each rank).
  const bool HeaderPlan = rank() == 0;
  // With smpirun's shared malloc every rank's payload is the same pages:
  // the values are garbage, so nothing is verified (the JSON says so).
  const bool Verified = !rt::smpiSharedPayload();
#else
  const bool HeaderPlan = true, Verified = true;
#endif
  static const plan::Plan NoPlan;
  const plan::Plan &Pl = HeaderPlan ? rt::lookupPlan(SN, DN, PO) : NoPlan;
  double PlanFirst = allreduce_max(now() - T0);
  T0 = now();
  if (HeaderPlan)
    rt::lookupPlan(SN, DN, PO);
  double PlanCached = allreduce_max(now() - T0);

  std::vector<Row> Rows;
  const int Me = rank();
  auto Value = [](plan::Index G) { return double(G) * 0.5 + 1; };
  std::function<bool(const double *)> Check = [&](const double *Out) {
    if (!Verified)
      return true;
    long Bad = 0;
    if (Me < D.procs())
      for (plan::Index L = 0; L < D.localCount(Me); ++L)
        Bad += Out[L] != Value(D.globalIndex(Me, L));
    return allreduce_sum(Bad) == 0;
  };
  std::vector<double> SrcLocal(
      std::size_t(Me < S.procs() ? S.localCount(Me) : 0));
  for (std::size_t L = 0; L < SrcLocal.size(); ++L)
    SrcLocal[L] = Value(S.globalIndex(Me, plan::Index(L)));
  std::vector<double> DstLocal(
      std::size_t(Me < D.procs() ? D.localCount(Me) : 0));

  // hpfrt, per strategy: a fresh array goes src -> dst (timed) and back.
  bench::timeStrategies(
      Rows, Strategies, Reps, PO,
      [&](const redistribute_options &O) {
        // Made in the source mapping: from block, reaching a cyclic(k)
        // source would be an all-to-all (P - 1 messages a rank), which
        // under SMPI cost O(P^3) CPU.
        auto A = std::make_shared<darray<double>>(SN, PP);
        return bench::StrategyRun{
            [&, A, O] { rt::DArrayAccess::redistribute(*A, DN, QQ, O); },
            [&, A, O] {
              // Back to the source layout with the source values.
              rt::DArrayAccess::redistribute(*A, SN, PP, O);
              std::copy(SrcLocal.begin(), SrcLocal.end(), A->local_data());
            },
            [A] { return static_cast<const double *>(A->local_data()); }};
      },
      Check);
  // The shm strategy's windows (its array is gone) are not needed by the
  // baselines.
  rt::releaseParkedWindows();

  // Baselines.
  auto RunBaseline = [&](const std::string &Name,
                         std::unique_ptr<bench::Baseline> B,
                         const std::string &WhyNot, bool Verify) {
    Rows.push_back(bench::timeBaseline(Name, B.get(), WhyNot, Reps,
                                       SrcLocal.data(), DstLocal,
                                       Verify ? Check : nullptr));
  };
  std::string Why;
  if (Wants(Baselines, "naive"))
    RunBaseline("MPI_Alltoallv, per-element pack", bench::makeNaive(S, D), "",
                true);
  if (Wants(Baselines, "darray")) {
    Why.clear();
    auto B = bench::makeDarray(S, D, Why);
    RunBaseline("MPI darray + Alltoallw", std::move(B), Why, true);
  }
  if (Wants(Baselines, "scalapack")) {
    Why.clear();
    auto B = bench::makeScalapack(S, D, Why);
    RunBaseline("ScaLAPACK pdgemr2d", std::move(B), Why, true);
  }
  if (Wants(Baselines, "memcpy"))
    RunBaseline("memcpy (1 process)", bench::makeMemcpy(N), "", false);

  bench::Header H = bench::planHeader(plan::DistributionND::rank1(S),
                                      plan::DistributionND::rank1(D), N, Bytes,
                                      W, Reps, Pl, PlanFirst, PlanCached);
  char Title[256];
  std::snprintf(Title, sizeof Title,
                "%s -> %s, n = %lld (%.1f MiB), P = %d -> Q = %d, %d ranks, "
                "%d reps",
                H.Src.c_str(), H.Dst.c_str(), (long long)N, Bytes / 1048576.0,
                H.P, H.Q, W, Reps);
  H.Title = Title;
  if (!Verified)
    H.Json.push_back({"verified", "false"});
  int Rc = bench::report(H, Rows, Format);
  finalize();
  return Rc;
}
