//===- plan/regular/Grouping.h - choose the large steps ---------*- C++ -*-===//
//
// Given a schedule's steps in order, picks the partition into consecutive
// groups (large steps) of lowest cost among those whose groups run
// uncontended (groupRunsUncontended, Schedule.h). Removing the barrier
// between steps pays when a rank's small messages can fill the time another
// rank spends on one large message (paper 000's Example 2: 9 -> 6).
//
// Dynamic programme over step boundaries, groups of at most MaxGroup steps:
// O(S * MaxGroup * messages per step * MaxGroup) time.
//
//===----------------------------------------------------------------------===//
#ifndef HPF_PLAN_REGULAR_GROUPING_H
#define HPF_PLAN_REGULAR_GROUPING_H

#include "plan/Schedule.h"

namespace hpf::plan::regular {

/// Replaces S.Groups by the cheapest valid grouping of S.Steps (ties keep
/// steps separate). Steps and their order are unchanged. Returns the new
/// weighted cost.
double chooseGroups(const CommTable &T, Schedule &S, const CostWeights &W,
                    std::size_t MaxGroup = 32);

} // namespace hpf::plan::regular

#endif // HPF_PLAN_REGULAR_GROUPING_H
