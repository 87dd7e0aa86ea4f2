//===- plan/regular/LocalSearch.h - improve a schedule's step assignment -*- C++
//-*-===//
//
// Local search over the step assignment of a schedule (large steps are
// ignored and re-chosen afterwards): Kempe-chain interchanges. Taking the
// message that sets a step's maximum, the alternating path of steps a/b
// through it is swapped between the two steps; the steps stay
// contention-free and their number does not change, and a swap is kept
// only if the sum of step maxima drops. This repairs what greedy colourings
// leave behind: a large message stranded among small ones.
//
// Bounded work: at most MaxEdgeVisits path edges and step scans in total.
//
//===----------------------------------------------------------------------===//
#ifndef HPF_PLAN_REGULAR_LOCALSEARCH_H
#define HPF_PLAN_REGULAR_LOCALSEARCH_H

#include "plan/Schedule.h"

namespace hpf::plan::regular {

/// Improves S.Steps in place (S.Groups is cleared); returns true if it
/// changed the schedule (never to a higher cost). S must be valid. Steps
/// come back sorted by decreasing largest message.
bool kempeLocalSearch(const CommTable &T, Schedule &S, const CostWeights &W,
                      std::size_t MaxEdgeVisits = std::size_t(1) << 22);

/// Brings a valid schedule with more than max-degree steps down to exactly
/// max degree: keeps the steps with the largest maxima and re-inserts the
/// other messages (largest first) by Konig's alternating-path colouring,
/// preferring a step where the message fits under the step's maximum.
/// Groups are cleared.
void reduceToMaxDegree(const CommTable &T, Schedule &S, const CostWeights &W);

/// Step indices by decreasing weight of the step's largest message (ties in
/// step order): the order in which the steps are kept or handed out.
std::vector<std::size_t> stepsByLargestMessage(const CommTable &T,
                                               const Schedule &S,
                                               const CostWeights &W);
/// Reorders S.Steps so (stepsByLargestMessage) and sorts each step's
/// messages by index: the order kempeLocalSearch and the coloring scheduler
/// leave the steps in. Groups are not renumbered: call it before choosing
/// them.
void sortStepsByLargestMessage(const CommTable &T, Schedule &S,
                               const CostWeights &W);

/// Hill climbing on the cost *with* large steps (chooseGroups after every
/// move): Kempe-chain swaps of any message and exchanges of two steps'
/// positions, first improvement, at most MaxEvaluations evaluations of
/// O(messages * 32) each. For small inputs where large steps can beat every
/// step-by-step schedule (e.g. cyclic(10) on 3 -> cyclic(3) on 5: 12
/// without, 10 with). Keeps the number of steps. Returns the new cost.
double groupedLocalSearch(const CommTable &T, Schedule &S, const CostWeights &W,
                          std::size_t MaxEvaluations);

} // namespace hpf::plan::regular

#endif // HPF_PLAN_REGULAR_LOCALSEARCH_H
