//===- plan/schedulers/Auto.cpp - the best valid schedule -----------------===//
//
// Runs every other applicable scheduler (except `exact`, which refuses large
// inputs and is for measuring) and keeps the valid schedule with the lowest
// cost (LMR-weighted when a ratio is set), then the fewest steps, then the
// earliest in registry order. So auto is never worse than any registered
// scheduler on the same input.
//
//===----------------------------------------------------------------------===//

#include "plan/schedulers/Schedulers.h"

#include <string>

namespace hpf::plan {

namespace {
class Auto final : public Scheduler {
public:
  std::string_view name() const override { return "auto"; }
  std::string_view description() const override {
    return "the best valid schedule of all the other schedulers";
  }
  Schedule schedule(const PlanRequest &Req) const override {
    Schedule Best;
    std::string BestName;
    double BestCost = 0;
    for (const Scheduler *S : allSchedulers()) {
      if (S == this || S->name() == "exact" || !S->applicable(Req, nullptr))
        continue;
      Schedule Cand = S->schedule(Req);
      Cand.dropEmptySteps();
      if (!validate(*Req.Table, Cand).Ok)
        continue;
      double Cost = weightedScheduleCost(*Req.Table, Cand, Req.Weights);
      if (BestName.empty() || Cost < BestCost ||
          (Cost == BestCost && Cand.stepCount() < Best.stepCount())) {
        Best = std::move(Cand);
        BestName = std::string(S->name());
        BestCost = Cost;
      }
    }
    Best.Notes.push_back("auto chose " + BestName);
    return Best;
  }
};
} // namespace

const Scheduler &autoScheduler() {
  static const Auto S;
  return S;
}

} // namespace hpf::plan
