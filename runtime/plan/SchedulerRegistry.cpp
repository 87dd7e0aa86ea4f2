//===- plan/SchedulerRegistry.cpp - schedulers by name --------------------===//
//
// An explicit list rather than self-registering static objects: a static
// library drops unreferenced objects, and the order here is the order of
// `hpf-plan compare` and of auto's tie-breaks.
//
//===----------------------------------------------------------------------===//

#include "plan/Scheduler.h"
#include "plan/schedulers/Schedulers.h"

namespace hpf::plan {

bool Scheduler::applicable(const PlanRequest &, std::string *) const {
  return true;
}

const std::vector<const Scheduler *> &allSchedulers() {
  static const std::vector<const Scheduler *> List = {
      &roundRobinScheduler(),
      &coloringScheduler(),
      &guoPanScheduler(),
      &parkScheduler(),
      &niceLpScheduler(),
      &niceRsnScheduler(),
      &dcaScheduler(),
      &relocationScheduler(),
      &tpdrScheduler(),
      &etpdrScheduler(),
      &exactScheduler(),
      &autoScheduler(),
  };
  return List;
}

const Scheduler *findScheduler(std::string_view Name) {
  for (const Scheduler *S : allSchedulers())
    if (S->name() == Name)
      return S;
  return nullptr;
}

std::string schedulerNames() {
  std::string Out;
  for (const Scheduler *S : allSchedulers()) {
    if (!Out.empty())
      Out += ", ";
    Out += S->name();
  }
  return Out;
}

} // namespace hpf::plan
