//===- plan/HostSchedule.h - steps free of host-link contention -*- C++ -*-===//
//-*-===//
//
// The papers' schedules are contention-free at the ranks: in a step every
// rank sends at most one message and receives at most one. With several
// ranks per host that is not what a network needs: two ranks of one host
// sending in the same step share the host's link, and two of its ranks
// receiving share its down link (the emulated cluster measured such steps
// at 1.0-1.45x of all-at-once, test/cluster).
// Host steps lift the schedule one level: the messages between two hosts
// travel together, and in every step each host sends to at most one other
// host and receives from at most one, so every host link carries one host
// pair's traffic each way.
//
// The host table (bytes per host pair, messages inside a host left out) is
// scheduled with the plan library's bipartite edge colouring, so the step
// count is the host graph's maximum degree, the lower bound. Messages
// inside a host use no link: they run with the first step.
//
// Not modelled: a trunk between racks. Two host pairs of one step may both
// cross it; a rack-aware colouring is future work.
//
//===----------------------------------------------------------------------===//
#ifndef HPF_PLAN_HOSTSCHEDULE_H
#define HPF_PLAN_HOSTSCHEDULE_H

#include "plan/CommTable.h"
#include "plan/Schedule.h"

#include <cstddef>
#include <vector>

namespace hpf::plan {

/// Messages of a rank-level table grouped by host step.
struct HostSteps {
  /// Steps[s] lists indices into CommTable::Messages: every message between
  /// the host pairs of step s, plus, in step 0, every message inside a host.
  std::vector<std::vector<std::size_t>> Steps;
  int Hosts = 0;
};

/// Host steps of Table, where HostOf[r] is the host of rank r (for every
/// source and destination rank; hosts numbered from 0).
HostSteps hostSteps(const CommTable &Table, const std::vector<int> &HostOf);

/// Checks: every message exactly once, no out-of-range index, and in every
/// step no host sends to two other hosts or receives from two.
Validation validateHostSteps(const CommTable &Table, const HostSteps &S,
                             const std::vector<int> &HostOf);

/// The minimum number of host steps: the host graph's maximum degree
/// (messages inside a host do not count).
int hostDegree(const CommTable &Table, const std::vector<int> &HostOf);

} // namespace hpf::plan

#endif // HPF_PLAN_HOSTSCHEDULE_H
