//===- plan/Schedule.h - contention-free communication schedules -*- C++ -*-==//
//
// A schedule orders the messages of a CommTable into steps. In a step every
// rank sends at most one message and receives at most one (node-contention
// free: a partial permutation, a matching of the bipartite message graph).
// Consecutive steps may be grouped into a "large step" (Guo-Pan Algorithm 2):
// the runtime runs a group without synchronising between its steps. Paper
// 000 claims a large step completes "simultaneously ... if there is no node
// contention"; the validator holds a group to exactly that: when every rank
// handles its messages one at a time in step order, starting each as soon as
// both partners are free, the group must finish after the largest volume one
// rank moves -- the cost the model charges for it (groupRunsUncontended).
// Without that rule one group of all steps would cost the lower bound for
// any pattern, i.e. unscheduled all-to-all.
//
// Cost (element units, DESIGN.md section 4): a group of one step costs its
// largest message; a group of several steps costs the largest volume any rank
// sends or receives inside it. Lower bounds: steps >= max degree, cost >= max
// over ranks of elements sent or received.
//
//===----------------------------------------------------------------------===//
#ifndef HPF_PLAN_SCHEDULE_H
#define HPF_PLAN_SCHEDULE_H

#include "plan/CommTable.h"

#include <cstddef>
#include <string>
#include <vector>

namespace hpf::plan {

struct Schedule {
  /// Steps[s] lists indices into CommTable::Messages.
  std::vector<std::vector<std::size_t>> Steps;
  /// Large steps: each group a run of consecutive step indices, together
  /// covering all steps in order. Empty means one step per group.
  std::vector<std::vector<std::size_t>> Groups;
  /// What the scheduler wants the user to know (e.g. auto's choice).
  std::vector<std::string> Notes;
  /// auto only: the schedule it kept, e.g. "guo-pan + local search" (for
  /// one-line summaries; Notes has the same in a sentence).
  std::string Choice;

  std::size_t stepCount() const { return Steps.size(); }
  /// Groups, or one group per step when Groups is empty.
  std::vector<std::vector<std::size_t>> effectiveGroups() const;
  /// Drops empty steps (and renumbers the groups).
  void dropEmptySteps();
};

/// The validator's verdict. Errors are precise ("step 3: rank 2 sends twice
/// (messages 2->4 and 2->5)") and complete up to a limit.
struct Validation {
  bool Ok = true;
  std::vector<std::string> Errors;
};

/// Checks: every message exactly once, no out-of-range index, no rank sends
/// twice or receives twice in a step, groups partition the steps in order,
/// and every group of several steps runs uncontended.
Validation validate(const CommTable &Table, const Schedule &S);

/// Whether the steps of Group (consecutive step indices) can run as one
/// large step at the cost charged for it: in the self-timed run (every rank
/// handles its messages one at a time, in step order, each message starting
/// when sender and receiver are both free -- node-contention-free by
/// construction) the group finishes after the largest volume one rank sends
/// or receives. If not, Why (when given) says by how much it is late.
bool groupRunsUncontended(const CommTable &Table, const Schedule &S,
                          const std::vector<std::size_t> &Group,
                          std::string *Why = nullptr);

/// Per-message weights for the cost (LMR, paper 004): weight of a local
/// message = size / LocalRatio, of a remote one = size. Ratio 1 = sizes.
struct CostWeights {
  double LocalRatio = 1.0;
  double weight(const Message &M) const {
    return M.isLocal() ? double(M.Size) / LocalRatio : double(M.Size);
  }
};

/// Schedule cost in element units (see the file comment).
Index scheduleCost(const CommTable &Table, const Schedule &S);
/// The same with LMR weights.
double weightedScheduleCost(const CommTable &Table, const Schedule &S,
                            const CostWeights &W);

struct LowerBounds {
  int Steps = 0;    ///< max degree
  Index Volume = 0; ///< max elements one rank sends or receives
};
LowerBounds lowerBounds(const CommTable &Table);

/// The linear cost model T_s + T_d * size per step (paper 003, paper 002
/// Eq. 1). Defaults are a typical commodity cluster: 20 us startup, 1 ns per
/// 8-byte element (8 GB/s). hpf-plan --ts/--td override them.
struct CostModel {
  double StartupSeconds = 20e-6;
  double SecondsPerElement = 1e-9;
};
/// Predicted time: every group pays one startup per message its busiest rank
/// sends or receives, plus T_d times the group's cost.
double predictedSeconds(const CommTable &Table, const Schedule &S,
                        const CostModel &Model);

} // namespace hpf::plan

#endif // HPF_PLAN_SCHEDULE_H
