//===- plan/RankSteps.cpp - one rank's part of a scheduled plan -----------===//

#include "plan/RankSteps.h"

#include <limits>
#include <string>
#include <utility>

namespace hpf::plan {

Plan rankView(const Plan &Whole, CommTable RankTable, int Rank) {
  const std::vector<Message> &All = Whole.Table.Messages;
  constexpr std::size_t None = std::numeric_limits<std::size_t>::max();
  std::vector<std::size_t> Local(All.size(), None);
  std::size_t Next = 0;
  for (std::size_t M = 0; M < All.size(); ++M) {
    if (All[M].Src != Rank && All[M].Dst != Rank)
      continue;
    if (Next >= RankTable.Messages.size() ||
        !(RankTable.Messages[Next] == All[M]))
      throw PlanError("rank " + std::to_string(Rank) +
                      "'s table differs from its messages in the plan");
    Local[M] = Next++;
  }
  if (Next != RankTable.Messages.size())
    throw PlanError("rank " + std::to_string(Rank) +
                    "'s table has messages the plan does not");
  Plan P;
  P.Table = std::move(RankTable);
  P.Sched.Steps.reserve(Whole.Sched.Steps.size());
  for (const auto &Step : Whole.Sched.Steps) {
    std::vector<std::size_t> Mine;
    for (std::size_t M : Step)
      if (Local[M] != None)
        Mine.push_back(Local[M]);
    P.Sched.Steps.push_back(std::move(Mine));
  }
  P.Sched.Groups = Whole.Sched.Groups;
  P.Sched.Notes = Whole.Sched.Notes;
  P.Sched.Choice = Whole.Sched.Choice;
  P.Requested = Whole.Requested;
  P.Used = Whole.Used;
  P.Notes = Whole.Notes;
  P.Cost = Whole.Cost;
  P.Bounds = Whole.Bounds;
  P.Valid = Whole.Valid;
  return P;
}

Plan makeRankStepsPlan(const DistributionND &Src, const DistributionND &Dst,
                       int Rank, const PlanOptions &Opts,
                       std::uint64_t *WholeFingerprint) {
  PlanOptions NoRuns = Opts;
  NoRuns.WithRuns = false;
  Plan Whole = makePlan(Src, Dst, NoRuns);
  if (WholeFingerprint)
    *WholeFingerprint = fingerprint(Whole);
  // makeRankPlan's table is the rank's rows of the whole table; its
  // staggered one-step schedule is replaced by the whole plan's steps.
  Plan Mine = makeRankPlan(Src, Dst, Rank, Opts.WithRuns);
  return rankView(Whole, std::move(Mine.Table), Rank);
}

} // namespace hpf::plan
