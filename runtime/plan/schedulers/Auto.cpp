//===- plan/schedulers/Auto.cpp - the best valid schedule -----------------===//
//
// Runs every other applicable scheduler (except `exact`, which refuses large
// inputs and is for measuring), keeps the valid schedules with at most
// max-degree steps, and improves each one:
//  1. Kempe-chain local search over its step assignment (LocalSearch.h);
//  2. the cheapest grouping of its steps into uncontended large steps
//     (Grouping.h), which is how paper 000's Algorithm 2 saves cost.
// The candidate's own schedule stays in the race unchanged, so auto is never
// worse than any registered scheduler that keeps to max-degree steps.
// Winner: lowest cost (LMR-weighted when a ratio is set), then fewest
// steps, then registry order.
//
// A schedule with more than max-degree steps (guo-pan's Algorithm 2 in some
// cases) is not taken as it is: it is recoloured to max degree
// (reduceToMaxDegree) and improved like the others, and when it was still
// cheaper than everything auto found, auto searches again with large steps
// in the objective (groupedLocalSearch, small inputs only), starting from
// every candidate. In the x, y, p, q <= 12 sweep (RegularSweepTest) that
// makes auto the cheapest in all 20736 cases.
//
//===----------------------------------------------------------------------===//

#include "plan/regular/Grouping.h"
#include "plan/regular/LocalSearch.h"
#include "plan/schedulers/Schedulers.h"

#include <algorithm>
#include <string>

namespace hpf::plan {

namespace {

/// Local search costs O((P + Q) * steps) memory; above this, skip it.
constexpr double MaxSearchTable = double(1 << 22);
/// The search with large steps in the objective: inputs and effort.
constexpr std::size_t MaxGroupedSearchMessages = 1024;
constexpr std::size_t MaxGroupedEvaluations = 20000;

class Auto final : public Scheduler {
public:
  std::string_view name() const override { return "auto"; }
  std::string_view description() const override {
    return "the best valid schedule of all the other schedulers, improved "
           "by local search and large steps";
  }
  Schedule schedule(const PlanRequest &Req) const override {
    const CommTable &T = *Req.Table;
    const std::size_t MaxSteps = std::size_t(T.maxDegree());
    Schedule Best;
    std::string BestName;
    double BestCost = 0;
    double Target = -1; // cheapest schedule seen, whatever its steps
    std::vector<std::pair<Schedule, std::string>> Starts; // max-degree ones
    auto Consider = [&](Schedule Cand, const std::string &Name) {
      if (Cand.stepCount() > MaxSteps || !validate(T, Cand).Ok)
        return;
      double Cost = weightedScheduleCost(T, Cand, Req.Weights);
      if (BestName.empty() || Cost < BestCost - 1e-9 * std::max(1.0, Cost) ||
          (Cost <= BestCost + 1e-9 * std::max(1.0, Cost) &&
           Cand.stepCount() < Best.stepCount())) {
        Best = std::move(Cand);
        BestName = Name;
        BestCost = Cost;
      }
    };
    for (const Scheduler *S : allSchedulers()) {
      if (S == this || S->name() == "exact" || !S->applicable(Req, nullptr))
        continue;
      Schedule Cand;
      try {
        Cand = S->schedule(Req);
      } catch (const PlanError &) {
        continue; // a scheduler refusing this input
      }
      Cand.dropEmptySteps();
      if (!validate(T, Cand).Ok)
        continue;
      std::string Name(S->name());
      double OwnCost = weightedScheduleCost(T, Cand, Req.Weights);
      if (Target < 0 || OwnCost < Target)
        Target = OwnCost;
      Schedule Improved = Cand;
      if (Cand.stepCount() > MaxSteps) {
        // Too many steps for auto, but maybe a good start: recolour the
        // surplus into max-degree steps and search from there.
        regular::reduceToMaxDegree(T, Improved, Req.Weights);
        Improved.Notes.push_back("auto: recoloured " + Name + " to " +
                                 std::to_string(MaxSteps) + " steps");
      }
      bool Searched = false;
      if (double(T.P + T.Q) * double(Improved.stepCount()) <= MaxSearchTable)
        Searched = regular::kempeLocalSearch(T, Improved, Req.Weights) ||
                   Cand.stepCount() > MaxSteps;
      else
        Improved.Groups.clear();
      regular::chooseGroups(T, Improved, Req.Weights);
      bool Grouped = !Improved.Groups.empty();
      if (Improved.stepCount() <= MaxSteps)
        Starts.push_back({Improved, Name});
      Consider(std::move(Cand), Name);
      if (Searched || Grouped) {
        std::string How = Searched && Grouped ? "local search + large steps"
                          : Searched          ? "local search"
                                              : "large steps";
        Improved.Notes.push_back("auto improved " + Name + " by " + How);
        Consider(std::move(Improved), Name + " + " + How);
      }
    }
    // A scheduler with more than max-degree steps (guo-pan's Algorithm 2
    // in a few cases) beat every max-degree schedule: search with large
    // steps in the objective, on small inputs only.
    if (!BestName.empty() &&
        Target < BestCost - 1e-9 * std::max(1.0, BestCost) &&
        T.Messages.size() <= MaxGroupedSearchMessages) {
      for (auto &[G, Name] : Starts) {
        regular::groupedLocalSearch(T, G, Req.Weights, MaxGroupedEvaluations);
        G.Notes.push_back("auto: searched " + Name + " with large steps");
        Consider(std::move(G), Name + " + grouped search");
        if (BestCost <= Target + 1e-9 * std::max(1.0, Target))
          break;
      }
    }
    if (BestName.empty()) { // cannot happen: coloring always qualifies
      Best = coloringScheduler().schedule(Req);
      BestName = "coloring";
    }
    Best.Notes.push_back("auto chose " + BestName);
    Best.Choice = BestName;
    return Best;
  }
};
} // namespace

const Scheduler &autoScheduler() {
  static const Auto S;
  return S;
}

} // namespace hpf::plan
