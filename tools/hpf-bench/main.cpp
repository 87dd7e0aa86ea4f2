//===- hpf-bench/main.cpp - redistribution benchmark ----------------------===//
//
//   mpiexec.mpich -n R hpf-bench --src FMT --dst FMT (--n N | --size 64MiB)
//       [--p P --q Q] [--strategy all|shm,steps,...] [--scheduler NAME]
//       [--baselines all|none|naive,darray,scalapack,memcpy] [--reps K]
//       [--format text|json]
//
// Times hpfrt's redistribution of a double array, per executor strategy,
// next to baselines measured in the same run (Baselines.h), plus the time to
// compute the plan on the first call and to find it in the cache. Each
// repetition is barrier; redistribute src -> dst; the slowest rank's time.
// GB/s is the array's size over the median time. Formats are those of
// hpf-plan, plus weights(w0,w1,...): gen_block with sizes proportional to
// the weights (for uneven gen_block at any size).
//
//===----------------------------------------------------------------------===//

#include "Baselines.h"

#include "mpi/hpfrt.h"
#include "plan/Scheduler.h"

#include <CLI/CLI.hpp>
#include <mpi.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <functional>
#include <sstream>
#include <string>
#include <vector>

using namespace hpf;

namespace {

struct Row {
  std::string Name, Kind, Note;
  double Median = 0, Min = 0;
  bool Ran = false;
  bool Correct = true;
};

double now() { return MPI_Wtime(); }

/// Times Fn over Reps repetitions (after one untimed warm-up); Reset runs
/// untimed before each repetition. Returns the slowest rank's times.
std::vector<double> timeIt(int Reps, const std::function<void()> &Fn,
                           const std::function<void()> &Reset) {
  std::vector<double> T;
  Reset();
  Fn(); // warm-up: plan, buffers, datatypes, page faults
  for (int R = 0; R < Reps; ++R) {
    Reset();
    barrier();
    double T0 = now();
    Fn();
    double Dt = now() - T0;
    T.push_back(allreduce_max(Dt));
  }
  return T;
}

void summarize(Row &R, std::vector<double> T) {
  std::sort(T.begin(), T.end());
  R.Ran = true;
  R.Min = T.front();
  R.Median = T.size() % 2 ? T[T.size() / 2]
                          : 0.5 * (T[T.size() / 2 - 1] + T[T.size() / 2]);
}

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

std::string json(const std::string &S) {
  std::string O = "\"";
  for (char C : S)
    O += (C == '"' || C == '\\') ? std::string("\\") + C : std::string(1, C);
  return O + "\"";
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
  try {
    App.parse(argc, argv);
    if (!Size.empty())
      N = parseSize(Size) / plan::Index(sizeof(double));
    if (N <= 0)
      throw CLI::ValidationError("--n/--size", "give a positive size");
  } catch (const CLI::ParseError &E) {
    int Rc = is_root() ? App.exit(E) : (E.get_exit_code() ? 2 : 0);
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

  auto Wants = [](const std::string &List, const std::string &Name) {
    if (List == "all")
      return true;
    std::stringstream SS(List);
    std::string Item;
    while (std::getline(SS, Item, ','))
      if (Item == Name)
        return true;
    return false;
  };

  // Plan computation: first call vs cached.
  redistribute_options PO;
  PO.scheduler = Scheduler.c_str();
  rt::clearPlanCache();
  double T0 = now();
  const plan::Plan &Pl = rt::lookupPlan(S, D, PO);
  double PlanFirst = allreduce_max(now() - T0);
  T0 = now();
  rt::lookupPlan(S, D, PO);
  double PlanCached = allreduce_max(now() - T0);

  std::vector<Row> Rows;
  const int Me = rank();
  auto Value = [](plan::Index G) { return double(G) * 0.5 + 1; };
  auto Check = [&](const double *Out) {
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

  // hpfrt, per strategy: the array goes src -> dst (timed) and back.
  for (const std::string &St : strategies()) {
    if (!Wants(Strategies, St))
      continue;
    Row R{"hpfrt " + St, "hpfrt", ""};
    darray<double> A(N, format(plan::parseFormat("block")), PP);
    redistribute_options O = PO;
    O.strategy = St.c_str();
    auto Reset = [&] {
      // Back to the source layout with the source values.
      rt::DArrayAccess::redistribute(A, S, PP, O);
      std::copy(SrcLocal.begin(), SrcLocal.end(), A.local_data());
    };
    auto Fn = [&] { rt::DArrayAccess::redistribute(A, D, QQ, O); };
    summarize(R, timeIt(Reps, Fn, Reset));
    R.Correct = Check(A.local_data());
    if (St == default_strategy())
      R.Note = "default";
    Rows.push_back(R);
  }
  // The shm strategy's windows (its array is gone) are not needed by the
  // baselines.
  rt::releaseParkedWindows();

  // Baselines.
  auto RunBaseline = [&](const std::string &Name,
                         std::unique_ptr<bench::Baseline> B,
                         const std::string &WhyNot, bool Verify) {
    Row R{Name, "baseline", WhyNot};
    if (B) {
      std::fill(DstLocal.begin(), DstLocal.end(), 0.0);
      summarize(R, timeIt(
                       Reps, [&] { B->run(SrcLocal.data(), DstLocal.data()); },
                       [] {}));
      if (Verify)
        R.Correct = Check(DstLocal.data());
    }
    Rows.push_back(R);
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

  if (!is_root()) {
    finalize();
    return 0;
  }
  const Row *Memcpy = nullptr, *Default = nullptr;
  for (const Row &R : Rows) {
    if (R.Name == "memcpy (1 process)" && R.Ran)
      Memcpy = &R;
    if (R.Note == "default")
      Default = &R;
  }
  bool AllCorrect = true;
  for (const Row &R : Rows)
    AllCorrect &= R.Correct;
  if (Format == "json") {
    std::printf("{\"src\": %s, \"dst\": %s, \"n\": %lld, \"bytes\": %.0f, "
                "\"p\": %d, \"q\": %d, \"ranks\": %d, \"reps\": %d, "
                "\"scheduler\": %s, \"plan_first_s\": %.9f, "
                "\"plan_cached_s\": %.9f, \"messages\": %zu, \"steps\": %zu, "
                "\"default_strategy\": %s, \"rows\": [",
                json(S.format()).c_str(), json(D.format()).c_str(),
                (long long)N, Bytes, S.procs(), D.procs(), W, Reps,
                json(Pl.Used).c_str(), PlanFirst, PlanCached,
                Pl.Table.Messages.size(), Pl.Sched.Steps.size(),
                json(default_strategy()).c_str());
    bool First = true;
    for (const Row &R : Rows) {
      std::printf("%s\n  {\"name\": %s, \"kind\": %s, \"ran\": %s",
                  First ? "" : ",", json(R.Name).c_str(), json(R.Kind).c_str(),
                  R.Ran ? "true" : "false");
      if (R.Ran)
        std::printf(", \"median_s\": %.9f, \"min_s\": %.9f, \"gbps\": %.3f, "
                    "\"correct\": %s",
                    R.Median, R.Min, Bytes / R.Median / 1e9,
                    R.Correct ? "true" : "false");
      if (!R.Note.empty())
        std::printf(", \"note\": %s", json(R.Note).c_str());
      std::printf("}");
      First = false;
    }
    std::printf("]}\n");
  } else {
    std::printf("hpf-bench: %s -> %s, n = %lld (%.1f MiB), P = %d -> Q = %d, "
                "%d ranks, %d reps\n",
                S.format().c_str(), D.format().c_str(), (long long)N,
                Bytes / 1048576.0, S.procs(), D.procs(), W, Reps);
    std::printf("plan (%s): %zu messages, %zu steps; computed in %.3f ms, "
                "cached lookup %.3f ms\n",
                Pl.Used.c_str(), Pl.Table.Messages.size(),
                Pl.Sched.Steps.size(), PlanFirst * 1e3, PlanCached * 1e3);
    std::printf("%-34s %11s %11s %8s %9s %9s\n", "", "median ms", "min ms",
                "GB/s", "/default", "/memcpy");
    for (const Row &R : Rows) {
      if (!R.Ran) {
        std::printf("%-34s %s\n", R.Name.c_str(), ("n/a: " + R.Note).c_str());
        continue;
      }
      std::printf("%-34s %11.3f %11.3f %8.2f", R.Name.c_str(), R.Median * 1e3,
                  R.Min * 1e3, Bytes / R.Median / 1e9);
      if (Default)
        std::printf(" %9.2f", R.Median / Default->Median);
      else
        std::printf(" %9s", "");
      if (Memcpy)
        std::printf(" %9.2f", R.Median / Memcpy->Median);
      std::printf("%s%s\n", R.Note == "default" ? "  (default)" : "",
                  R.Correct ? "" : "  WRONG VALUES");
    }
  }
  finalize();
  return AllCorrect ? 0 : 1;
}
