//===- plan/Plan.cpp - validated, costed plans ----------------------------===//

#include "plan/Plan.h"
#include "plan/CommTableND.h"
#include "plan/RunsND.h"
#include "plan/Scheduler.h"
#include "plan/schedulers/Schedulers.h"

#include <algorithm>

namespace hpf::plan {

namespace {

Plan finishPlan(CommTable Table, const PlanRequest &ReqIn,
                const PlanOptions &Opts) {
  const Scheduler *S = findScheduler(Opts.Scheduler);
  if (!S)
    throw PlanError("unknown scheduler '" + Opts.Scheduler +
                    "' (known: " + schedulerNames() + ")");
  Plan P;
  P.Table = std::move(Table);
  PlanRequest Req = ReqIn;
  Req.Table = &P.Table;
  P.Requested = Opts.Scheduler;
  const Scheduler *Fallback = &coloringScheduler();

  std::string WhyNot;
  if (!S->applicable(Req, &WhyNot)) {
    P.Notes.push_back(Opts.Scheduler + " does not apply (" + WhyNot +
                      "); used coloring");
    S = Fallback;
  }
  P.Sched = S->schedule(Req);
  P.Sched.dropEmptySteps();
  Validation V = validate(P.Table, P.Sched);
  if (!V.Ok) {
    P.Notes.push_back(std::string(S->name()) +
                      " produced an invalid schedule (" + V.Errors.front() +
                      "); used coloring");
    S = Fallback;
    P.Sched = S->schedule(Req);
    P.Sched.dropEmptySteps();
    V = validate(P.Table, P.Sched);
  }
  for (const std::string &N : P.Sched.Notes)
    P.Notes.push_back(N);
  P.Used = std::string(S->name());
  P.Valid = V.Ok;
  P.Cost = scheduleCost(P.Table, P.Sched);
  P.Bounds = lowerBounds(P.Table);
  return P;
}

PlanRequest requestFor(const PlanOptions &Opts) {
  PlanRequest Req;
  Req.Seed = Opts.Seed;
  if (!(Opts.LocalRatio > 0))
    throw PlanError("LMR local/remote ratio must be > 0");
  Req.Weights.LocalRatio = Opts.LocalRatio;
  return Req;
}

} // namespace

Plan makePlan(const Distribution &Src, const Distribution &Dst,
              const PlanOptions &Opts) {
  PlanRequest Req = requestFor(Opts);
  Req.Src = &Src;
  Req.Dst = &Dst;
  return finishPlan(computeCommTable(Src, Dst, Opts.WithRuns), Req, Opts);
}

CommTable commTableFor(const DistributionND &Src, const DistributionND &Dst,
                       bool WithRuns) {
  if (Src.isRank1() && Dst.isRank1())
    return computeCommTable(Src.dims()[0], Dst.dims()[0], WithRuns);
  CommTableND T = computeCommTableND(Src, Dst, WithRuns);
  if (WithRuns)
    flattenRunsND(T, Src, Dst);
  return std::move(T.Table);
}

Plan makePlan(const DistributionND &Src, const DistributionND &Dst,
              const PlanOptions &Opts) {
  if (Src.isRank1() && Dst.isRank1())
    return makePlan(Src.dims()[0], Dst.dims()[0], Opts);
  return makePlan(commTableFor(Src, Dst, Opts.WithRuns), Opts);
}

Plan makeRankPlan(const DistributionND &Src, const DistributionND &Dst,
                  int Rank, bool WithRuns) {
  Plan P;
  if (Src.isRank1() && Dst.isRank1()) {
    P.Table =
        computeRankTable(Src.dims()[0], Dst.dims()[0], Rank, Rank, WithRuns);
  } else {
    CommTableND T = computeRankTableND(Src, Dst, Rank, WithRuns);
    if (WithRuns)
      flattenRunsND(T, Src, Dst);
    P.Table = std::move(T.Table);
  }
  // Staggered order (the executors post in step order): this rank sends
  // first to Rank + 1, then Rank + 2, ..., and receives first from
  // Rank - 1, ... In ascending peer order every rank would start by
  // packing for rank 0, whose link then carries the first flows of all
  // ranks while the others idle.
  std::vector<std::size_t> Order(P.Table.Messages.size());
  for (std::size_t M = 0; M < Order.size(); ++M)
    Order[M] = M;
  const Index Q = P.Table.Q > 0 ? P.Table.Q : 1;
  const Index Ps = P.Table.P > 0 ? P.Table.P : 1;
  auto Distance = [&](std::size_t M) {
    const Message &Msg = P.Table.Messages[M];
    return Msg.Src == Rank ? ((Msg.Dst - Rank) % Q + Q) % Q
                           : ((Rank - Msg.Src) % Ps + Ps) % Ps;
  };
  std::stable_sort(
      Order.begin(), Order.end(),
      [&](std::size_t A, std::size_t B) { return Distance(A) < Distance(B); });
  P.Sched.Steps.push_back(std::move(Order));
  P.Sched.dropEmptySteps();
  P.Requested = P.Used = "none (rank's messages only)";
  P.Valid = true;
  return P;
}

Plan makePlan(CommTable Table, const PlanOptions &Opts) {
  return finishPlan(std::move(Table), requestFor(Opts), Opts);
}

std::uint64_t fingerprint(const Plan &P) {
  std::uint64_t H = 1469598103934665603ull;
  auto Mix = [&](std::uint64_t V) {
    for (int B = 0; B < 8; ++B) {
      H ^= (V >> (8 * B)) & 0xff;
      H *= 1099511628211ull;
    }
  };
  Mix(std::uint64_t(P.Table.P));
  Mix(std::uint64_t(P.Table.Q));
  Mix(std::uint64_t(P.Table.N));
  for (const Message &M : P.Table.Messages) {
    Mix(std::uint64_t(M.Src));
    Mix(std::uint64_t(M.Dst));
    Mix(std::uint64_t(M.Size));
  }
  for (const auto &Step : P.Sched.Steps) {
    Mix(~std::uint64_t(0));
    for (std::size_t I : Step)
      Mix(I);
  }
  for (const auto &G : P.Sched.Groups) {
    Mix(~std::uint64_t(1));
    for (std::size_t I : G)
      Mix(I);
  }
  return H;
}

} // namespace hpf::plan
