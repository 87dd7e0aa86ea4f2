//===- plan/Scheduler.h - the scheduler interface and registry --*- C++ -*-===//
//
// Every scheduling algorithm implements Scheduler and is listed in the
// registry (SchedulerRegistry.cpp) under the name DESIGN.md gives it.
// Schedulers are deterministic functions of the request: the compiler and
// every MPI rank compute the same schedule (random ones take the seed from
// the request).
//
//===----------------------------------------------------------------------===//
#ifndef HPF_PLAN_SCHEDULER_H
#define HPF_PLAN_SCHEDULER_H

#include "plan/CommTable.h"
#include "plan/Schedule.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace hpf::plan {

/// What a scheduler gets. Src/Dst are null when the table comes from an
/// arbitrary communication matrix (then only pattern-generic schedulers
/// apply).
struct PlanRequest {
  const CommTable *Table = nullptr;
  const Distribution *Src = nullptr;
  const Distribution *Dst = nullptr;
  std::uint64_t Seed = 0; ///< for randomised schedulers (NICE RS_N)
  CostWeights Weights;    ///< LMR: local/remote bandwidth ratio
};

class Scheduler {
public:
  virtual ~Scheduler() = default;
  /// Registry name, e.g. "round-robin".
  virtual std::string_view name() const = 0;
  /// One line for `hpf-plan list` and --help: what it is and its source.
  virtual std::string_view description() const = 0;
  /// Whether the algorithm handles this request; if not, WhyNot says why
  /// (e.g. "needs cyclic(x) -> cyclic(K*x)").
  virtual bool applicable(const PlanRequest &Req, std::string *WhyNot) const;
  /// The schedule. May be invalid for a published algorithm on an input its
  /// paper gets wrong: makePlan validates and falls back.
  virtual Schedule schedule(const PlanRequest &Req) const = 0;
};

/// Looks a scheduler up by name; null if there is none.
const Scheduler *findScheduler(std::string_view Name);
/// All registered schedulers, in registry order.
const std::vector<const Scheduler *> &allSchedulers();
/// "round-robin, coloring, ..." for error messages.
std::string schedulerNames();

} // namespace hpf::plan

#endif // HPF_PLAN_SCHEDULER_H
