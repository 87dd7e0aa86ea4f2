//===- plan/regular/SlicePattern.h - cyclic(x) -> cyclic(y) per slice -*- C++
//-*-===//
//
// The communication pattern of cyclic(x) on p -> cyclic(y) on q over one
// slice L = lcm(x*p, y*q) (paper 000, section 2): the table M repeats every
// L elements, and after the gcd reduction (Lemma 2: M = z * M' for
// z = gcd(x, y)) the schedulers work on the reduced problem x' = x/z,
// y' = y/z. block and block(k) are read as cyclic(b) with their block size
// b (one block per rank).
//
// A row of M' is computed by walking the blocks of one source rank inside a
// slice, cut at the destination block boundaries: O(L/(p x') + L/(p y'))
// segments, never O(n).
//
//===----------------------------------------------------------------------===//
#ifndef HPF_PLAN_REGULAR_SLICEPATTERN_H
#define HPF_PLAN_REGULAR_SLICEPATTERN_H

#include "plan/Scheduler.h"

#include <string>
#include <utility>
#include <vector>

namespace hpf::plan::regular {

/// A reduced block-cyclic pair: cyclic(X) on P -> cyclic(Y) on Q with
/// gcd(X, Y) = 1; Z is the factor divided out, Slice = lcm(X*P, Y*Q) of the
/// reduced problem (-1 if it does not fit in 63 bits).
struct ReducedPair {
  Index X = 1, Y = 1, Z = 1;
  int P = 1, Q = 1;
  Index Slice = 1;
  /// The reverse redistribution (its M is the transpose of this one's).
  ReducedPair transposed() const;
  /// Segments walked to compute `Rows` rows (a double: it may be huge).
  double rowWork(double Rows) const;
};

/// A refusal of Scheduler::applicable: says Why in *WhyNot when the caller
/// asked for a reason, and returns false.
bool refuse(std::string *WhyNot, std::string Why);

/// Whether Req carries both distributions and both are block-cyclic (block,
/// block(k), cyclic(k)), as the schedulers that work on the pattern rather
/// than the table need; if not, refuses with NotBlockCyclic, or with their
/// absence when the table came without them.
bool blockCyclicSides(const PlanRequest &Req, std::string *WhyNot,
                      std::string NotBlockCyclic);

/// Reads a request whose two sides are block-cyclic (block, block(k),
/// cyclic(k)); false with a reason otherwise.
bool readReducedPair(const PlanRequest &Req, ReducedPair &Out,
                     std::string *WhyNot);
ReducedPair reducePair(Index X, int P, Index Y, int Q);

/// Row I of M' over one slice: (destination, elements), sorted by
/// destination, zeros omitted.
std::vector<std::pair<int, Index>> sliceRow(const ReducedPair &R, int I);

/// Pattern-level schedules: steps of (source, destination) pairs of the
/// slice pattern, with optional large steps, before they are mapped onto
/// the messages of an actual table.
struct PairSchedule {
  std::vector<std::vector<std::pair<int, int>>> Steps;
  std::vector<std::vector<std::size_t>> Groups;
  std::vector<std::string> Notes;
  /// The same schedule for the reverse redistribution.
  PairSchedule flipped() const;
};

/// Maps pairs to message indices of T (pairs without a message, possible
/// when n is not a multiple of the slice, are skipped; empty steps are
/// dropped and the groups renumbered).
Schedule toSchedule(const CommTable &T, const PairSchedule &PS);

/// Splits every group that cannot run uncontended into the cheapest valid
/// sub-grouping (Grouping.h); other groups are kept as they are.
void legalizeGroups(const CommTable &T, Schedule &S, const CostWeights &W);

} // namespace hpf::plan::regular

#endif // HPF_PLAN_REGULAR_SLICEPATTERN_H
