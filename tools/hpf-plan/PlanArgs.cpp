//===- hpf-plan/PlanArgs.cpp - shared option resolution -------------------===//

#include "PlanArgs.h"

#include "plan/FormatSpec.h"

namespace hpf::tools {

using plan::DistKind;
using plan::FormatSpec;
using plan::Index;

void PlanArgs::attach(CLI::App &App, bool WithScheduler) {
  App.add_option("--src", Src,
                 "source distribution format, e.g. cyclic(4), "
                 "block, gen_block(3,5,9)")
      ->required();
  App.add_option("--dst", Dst, "destination distribution format")->required();
  App.add_option("--n", N,
                 "array extent (default: implied by gen_block/"
                 "indirect, else one period lcm(x*p, y*q))");
  App.add_option("--p", P,
                 "source processor count (default: implied by "
                 "gen_block)");
  App.add_option("--q", Q,
                 "destination processor count (default: implied "
                 "by gen_block, else p)");
  if (WithScheduler)
    App.add_option("--scheduler", Scheduler,
                   "scheduling algorithm (see `hpf-plan list`)")
        ->capture_default_str();
  App.add_option("--seed", Seed, "seed of randomised schedulers")
      ->capture_default_str();
  App.add_option("--lmr", Lmr,
                 "local/remote bandwidth ratio: local messages weigh "
                 "size/RATIO (paper 004's LMR; 1 = off)")
      ->capture_default_str();
  App.add_option("--ts", Model.StartupSeconds,
                 "cost model: seconds of startup per message")
      ->capture_default_str();
  App.add_option("--td", Model.SecondsPerElement,
                 "cost model: seconds per element transferred")
      ->capture_default_str();
}

namespace {

FormatSpec parseSide(const std::string &Text, const char *Side) {
  try {
    return plan::parseFormat(Text);
  } catch (const plan::PlanError &E) {
    throw UsageError(std::string("--") + Side + ": " + E.what());
  }
}

int checkedProcs(long long V, const char *Flag) {
  if (V < 1 || V > (1 << 24))
    throw UsageError(std::string("--") + Flag +
                     " must be between 1 and 16777216, got " +
                     std::to_string(V));
  return int(V);
}

/// The period block size of a side for the default extent, if it has one;
/// -1 when k * p does not fit an Index.
std::optional<Index> periodOf(const FormatSpec &F, int Procs) {
  if (F.Kind == DistKind::Cyclic || F.Kind == DistKind::BlockSize) {
    Index Period;
    return __builtin_mul_overflow(F.Param, Index(Procs), &Period) ? -1 : Period;
  }
  return std::nullopt;
}

} // namespace

PlanArgs::Resolved PlanArgs::resolve() const {
  FormatSpec S = parseSide(Src, "src"), D = parseSide(Dst, "dst");
  if (S.Kind == DistKind::Collapsed || D.Kind == DistKind::Collapsed)
    throw UsageError("'*' is only meaningful for a dimension of a "
                     "multi-dimensional array");

  auto ResolveProcs = [](const FormatSpec &F, std::optional<long long> Given,
                         const char *Flag) -> std::optional<int> {
    std::optional<int> Implied = F.impliedProcs();
    if (Given) {
      int V = checkedProcs(*Given, Flag);
      if (Implied && *Implied != V)
        throw UsageError(std::string("gen_block lists ") +
                         std::to_string(*Implied) + " block sizes but --" +
                         Flag + " is " + std::to_string(V));
      return V;
    }
    return Implied;
  };
  std::optional<int> PS = ResolveProcs(S, P, "p");
  if (!PS)
    throw UsageError("--p is required (the source processor count)");
  std::optional<int> QS = ResolveProcs(D, Q, "q");
  int QV = QS ? *QS : *PS;

  std::optional<Index> NS = S.impliedExtent(), ND = D.impliedExtent();
  if (NS && ND && *NS != *ND)
    throw UsageError("gen_block/indirect extents differ: source " +
                     std::to_string(*NS) + ", destination " +
                     std::to_string(*ND));
  std::optional<Index> Implied = NS ? NS : ND;
  Index NV;
  if (N) {
    if (*N < 0)
      throw UsageError("--n must be >= 0, got " + std::to_string(*N));
    if (Implied && *Implied != *N)
      throw UsageError("--n is " + std::to_string(*N) +
                       " but the gen_block/indirect list covers " +
                       std::to_string(*Implied) + " elements");
    NV = *N;
  } else if (Implied) {
    NV = *Implied;
  } else {
    std::optional<Index> A = periodOf(S, *PS), B = periodOf(D, QV);
    if (!A && !B)
      throw UsageError("--n is required when neither side is cyclic(k), "
                       "block(k) or gen_block");
    const bool Overflow = (A && *A < 0) || (B && *B < 0);
    NV = Overflow ? -1 : A && B ? plan::lcmOrOverflow(*A, *B) : (A ? *A : *B);
    if (NV < 0)
      throw UsageError("the period lcm(x*p, y*q) overflows; give --n");
  }
  try {
    return {S.instantiate(NV, *PS), D.instantiate(NV, QV)};
  } catch (const plan::PlanError &E) {
    throw UsageError(E.what());
  }
}

plan::PlanOptions PlanArgs::options() const {
  if (!(Lmr > 0))
    throw UsageError("--lmr must be > 0");
  plan::PlanOptions O;
  O.Scheduler = Scheduler;
  O.Seed = Seed;
  O.LocalRatio = Lmr;
  return O;
}

} // namespace hpf::tools
