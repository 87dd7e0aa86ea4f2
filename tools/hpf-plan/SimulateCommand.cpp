//===- SimulateCommand.cpp - hpf-plan simulate: predicted network times ---===//
//
// `hpf-plan simulate` plans one redistribution at each machine size of a
// list (P = Q ranks) and prints what plan/NetworkModel.h predicts for each
// strategy hpfrt has on a cluster of hosts and racks: all-at-once (`async`),
// the plan's steps (`steps`), host steps (`host-steps`: steps contention-free
// at the host links, plan/HostSchedule.h) and node-aware aggregation, each
// as a ratio to
// the ideal (busiest link's bytes / link rate), with the plan's own size and
// the time it took to compute. This is the scale the emulated cluster
// (4 hosts) and SimGrid cannot reach: 10^4-10^5 ranks, for patterns with
// O(P) messages (block <-> cyclic(k) with k >= N/P, cyclic(x) -> cyclic(Kx),
// random gen_block pairs); an all-to-all pattern at 10^5 ranks has 10^10
// messages and is refused.
//
//===----------------------------------------------------------------------===//

#include "Commands.h"
#include "PlanArgs.h"
#include "Study.h"

#include "plan/HostSchedule.h"
#include "plan/NetworkModel.h"
#include "plan/Plan.h"

#include <chrono>
#include <cstdio>
#include <memory>

namespace hpf::tools {
namespace {

struct SimulateArgs {
  PlanArgs Plan;
  std::string Ranks = "64,256,1024,4096,16384,65536";
  std::string Irregular; ///< "SEED" for random gen_block pairs
  long long BytesPerRank = 1 << 20;
  double LinkGbit = 1.0;
  double TrunkGbit = 0;
  double StartupUs = 50;
  double ShmGbyte = 10;
  long long MaxMessages = 50'000'000;
  plan::Network Net;
};

plan::Plan planAt(const SimulateArgs &A, int P, plan::Index N) {
  if (!A.Irregular.empty()) {
    study::Rng R(std::stoull(A.Irregular) + std::uint64_t(P));
    study::Workload W = study::makeWorkload(R, study::Sizes::Uneven, P, N, 0);
    return plan::makePlan(plan::Distribution::genBlock(W.Src),
                          plan::Distribution::genBlock(W.Dst),
                          A.Plan.options());
  }
  PlanArgs One = A.Plan;
  One.P = P;
  One.Q = P;
  One.N = N;
  PlanArgs::Resolved R = One.resolve();
  // The table first: an all-to-all pattern at this size would not fit.
  plan::CommTable T = plan::computeCommTable(R.Src, R.Dst);
  if (static_cast<long long>(T.Messages.size()) > A.MaxMessages)
    throw UsageError(std::to_string(T.Messages.size()) + " messages at " +
                     std::to_string(P) + " ranks (over --max-messages)");
  return plan::makePlan(std::move(T), A.Plan.options());
}

void run(SimulateArgs &A) {
  A.Net.LinkBytesPerSecond = A.LinkGbit * 1e9 / 8 * 1448 / 1514;
  A.Net.TrunkBytesPerSecond = A.TrunkGbit * 1e9 / 8 * 1448 / 1514;
  A.Net.StartupSeconds = A.StartupUs * 1e-6;
  A.Net.ShmBytesPerSecond = A.ShmGbyte * 1e9;
  if (A.Net.RanksPerHost < 1 || A.Net.HostsPerRack < 0)
    throw UsageError("--ranks-per-host must be >= 1, --hosts-per-rack >= 0");
  const std::vector<int> Sizes = study::parseProcessorList(A.Ranks);
  for (int P : Sizes)
    if (P % A.Net.RanksPerHost != 0)
      throw UsageError(std::to_string(P) +
                       " ranks is not a multiple of --ranks-per-host");
  std::printf(
      "%s -> %s, %lld bytes per rank, %d rank(s) per host, %s, "
      "%.3g Gbit/s links, startup %.0f us, memory %.3g GB/s, scheduler %s\n",
      A.Irregular.empty() ? A.Plan.Src.c_str() : "gen_block(random)",
      A.Irregular.empty() ? A.Plan.Dst.c_str() : "gen_block(random)",
      A.BytesPerRank, A.Net.RanksPerHost,
      A.Net.HostsPerRack ? "two-level (racks)" : "star", A.LinkGbit,
      A.StartupUs, A.ShmGbyte, A.Plan.Scheduler.c_str());
  std::printf("| ranks | hosts | messages | max degree | steps | plan (s) | "
              "ideal (ms) | async / ideal | steps / ideal | host steps | "
              "host-steps / ideal | node-aware / ideal |\n"
              "|---|---|---|---|---|---|---|---|---|---|---|---|\n");
  for (int P : study::parseProcessorList(A.Ranks)) {
    if (P % A.Net.RanksPerHost != 0)
      throw UsageError(std::to_string(P) + " ranks is not a multiple of "
                                           "--ranks-per-host");
    const plan::Index N =
        plan::Index(P) * (A.BytesPerRank / A.Net.ElementBytes);
    auto Start = std::chrono::steady_clock::now();
    plan::Plan Pl = planAt(A, P, N);
    double PlanSeconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - Start)
            .count();
    plan::NetworkTimes T = plan::predictOnNetwork(Pl.Table, Pl.Sched, A.Net);
    auto Ratio = [&](double S) { return T.Ideal > 0 ? S / T.Ideal : 0.0; };
    std::vector<int> HostOf(static_cast<std::size_t>(P));
    for (int R = 0; R < P; ++R)
      HostOf[std::size_t(R)] = A.Net.hostOf(R);
    std::printf("| %d | %d | %zu | %d | %zu | %.3f | %.2f | %.3f | %.3f | %d | "
                "%.3f | %.3f |\n",
                P, P / A.Net.RanksPerHost, Pl.Table.Messages.size(),
                Pl.Table.maxDegree(), Pl.Sched.stepCount(), PlanSeconds,
                T.Ideal * 1e3, Ratio(T.AllAtOnce), Ratio(T.Steps),
                std::max(1, plan::hostDegree(Pl.Table, HostOf)),
                Ratio(T.HostSteps), Ratio(T.NodeAware));
  }
}

} // namespace

void addSimulateCommand(CLI::App &App) {
  auto A = std::make_shared<SimulateArgs>();
  CLI::App *Cmd = App.add_subcommand(
      "simulate",
      "predicted time of each strategy (async, steps, "
      "host-steps, node-aware) on a cluster of P = Q ranks, P from a list "
      "(plan/NetworkModel.h: bottleneck links, per-message "
      "startup)");
  A->Plan.attach(*Cmd);
  Cmd->get_option("--src")->required(false);
  Cmd->get_option("--dst")->required(false);
  // The sizes come from --ranks and --bytes-per-rank, the times from the
  // network model: the single-plan options would be silently ignored.
  for (const char *Unused : {"--n", "--p", "--q", "--ts", "--td"})
    Cmd->remove_option(Cmd->get_option(Unused));
  Cmd->add_option("--ranks", A->Ranks,
                  "machine sizes: a list (64,256) or a range (64..65536*4)")
      ->capture_default_str();
  Cmd->add_option("--irregular", A->Irregular,
                  "random gen_block pairs from this seed instead of "
                  "--src/--dst");
  Cmd->add_option("--bytes-per-rank", A->BytesPerRank,
                  "array bytes per rank (N = ranks * bytes / 8)")
      ->capture_default_str();
  Cmd->add_option("--ranks-per-host", A->Net.RanksPerHost)
      ->capture_default_str();
  Cmd->add_option("--hosts-per-rack", A->Net.HostsPerRack,
                  "0: one switch; else racks joined by trunks")
      ->capture_default_str();
  Cmd->add_option("--link-gbit", A->LinkGbit, "host link rate, each way")
      ->capture_default_str();
  Cmd->add_option("--trunk-gbit", A->TrunkGbit,
                  "rack trunk rate each way (0: hosts-per-rack / 2 links)")
      ->capture_default_str();
  Cmd->add_option("--shm-gbyte", A->ShmGbyte,
                  "GB/s one host copies in memory (local messages, packing)")
      ->capture_default_str();
  Cmd->add_option("--startup-us", A->StartupUs,
                  "microseconds of startup per message")
      ->capture_default_str();
  Cmd->add_option("--max-messages", A->MaxMessages,
                  "refuse larger tables (all-to-all at scale)")
      ->capture_default_str();
  Cmd->callback([A] {
    if (A->Irregular.empty() && (A->Plan.Src.empty() || A->Plan.Dst.empty()))
      throw UsageError("simulate needs --src and --dst, or --irregular SEED");
    run(*A);
  });
}

} // namespace hpf::tools
