//===- plan/regular/GuoPanAlgorithms.h - paper 000's two algorithms -*- C++
//-*-===//
//
// Guo & Pan, "Improving communication scheduling for array redistribution"
// (JPDC 65, 2005), on the reduced slice pattern (SlicePattern.h):
//
//  * Algorithm 1, gcd(x', q) = gcd(y', p) = 1: by Theorem 1
//    (M(i, j) = M(i + y'k, j + x'k)) sender i = i0 + y'k_i sends in step l
//    to (j_l + x'k_i) mod q, where j_l is the l-th destination of sender i0:
//    every step moves messages of one size. Contention-free only for p <= q
//    (checked on every case with x, y <= 9 and p, q <= 12); for p > q the
//    paper's schedule has receiver collisions in every step. Two
//    repairs: the sub-step rule (sub-step r takes the senders with
//    k_i div q = r: ceil(p/q) times the steps), or Algorithm 1 on the
//    reverse redistribution with every step reversed (max-degree steps and
//    optimal cost, since the transposed pattern satisfies the same
//    condition). The scheduler uses the transpose.
//
//  * Algorithm 2, otherwise: M is periodic with row period
//    s* = gcd(y'q/t, p) and column period t* = gcd(x'p/s, q) (s = gcd(y', p),
//    t = gcd(x', q); the paper's Theorem 2 claims s and t, which is false in
//    652 of 3056 small cases). Large step n pairs each sender with one column
//    block of t* receivers, shifted by t* per large step; inside a large step
//    the small steps are filled by our reconstruction of the garbled printed
//    algorithm (diagonal order, sizes descending, marks reset per small
//    step, each sender in one column block per large step), or by a
//    bipartite edge colouring of the large step's messages when that greedy
//    needs more small steps than the degree.
//    When p/s* > q/t* it runs on the transpose.
//
//===----------------------------------------------------------------------===//
#ifndef HPF_PLAN_REGULAR_GUOPANALGORITHMS_H
#define HPF_PLAN_REGULAR_GUOPANALGORITHMS_H

#include "plan/regular/SlicePattern.h"

namespace hpf::plan::regular {

/// gcd(x', q) == 1 and gcd(y', p) == 1.
bool guoPanAlgorithm1Applies(const ReducedPair &R);

enum class ManySenders { SubSteps, Transpose };
/// Algorithm 1. For p > q: the sub-step rule or the transpose.
PairSchedule guoPanAlgorithm1(const ReducedPair &R,
                              ManySenders Mode = ManySenders::Transpose);

struct GuoPanPeriods {
  Index S = 1, T = 1;         ///< gcd(y', p), gcd(x', q) (paper's s, t)
  Index SStar = 1, TStar = 1; ///< the true row and column periods
};
GuoPanPeriods guoPanPeriods(const ReducedPair &R);

enum class SmallSteps { Greedy, EdgeColouring };
/// Algorithm 2 with large steps (Schedule::Groups).
PairSchedule guoPanAlgorithm2(const ReducedPair &R, SmallSteps Fill);

/// Rows of M' that Algorithm 1 (1) or 2 (s* or t*) must compute, for the
/// cost estimate of applicable().
double guoPanPatternWork(const ReducedPair &R);

} // namespace hpf::plan::regular

#endif // HPF_PLAN_REGULAR_GUOPANALGORITHMS_H
