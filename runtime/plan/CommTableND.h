//===- plan/CommTableND.h - messages of an N-D redistribution ---*- C++ -*-===//
//
// The communication table of a multi-dimensional redistribution, including a
// change of processor grid, as ONE table over the ranks of the two
// arrangements, so it is scheduled as a whole (not as a sequence of 1-D
// redistributions).
//
// Each grid dimension is driven by exactly one array dimension, so a message
// between two ranks is a combination of one 1-D message per array dimension
// (a collapsed '*' dimension has a single 1-D "message" on rank 0 of a
// one-processor side): its size is the product of their sizes, and its
// index set is the tensor product of their runs. The runtime packs an N-D
// message with nested loops over the per-dimension runs (dimension 0
// outermost) on both sides, with row-major local strides; both sides
// enumerate the elements in the same order.
//
// Cost: the 1-D tables plus O(messages) for the product; one rank's part
// (computeRankTableND) costs that rank's share.
//
//===----------------------------------------------------------------------===//
#ifndef HPF_PLAN_COMMTABLEND_H
#define HPF_PLAN_COMMTABLEND_H

#include "plan/CommTable.h"
#include "plan/DistributionND.h"

#include <cstddef>
#include <vector>

namespace hpf::plan {

struct CommTableND {
  /// Messages between ranks of the source and destination arrangements
  /// (row-major grid ranks), sorted by (Src, Dst). Schedule this one.
  CommTable Table;
  /// Per array dimension: the 1-D table between that dimension's source and
  /// destination distributions (collapsed dimensions as one processor).
  std::vector<CommTable> Dims;
  /// Per message of Table: the index of its 1-D message in each Dims[d].
  std::vector<std::vector<std::size_t>> Parts;
};

CommTableND computeCommTableND(const DistributionND &Src,
                               const DistributionND &Dst,
                               bool WithRuns = false);

/// Rank's messages only (it sends or receives them; -1 or a rank of neither
/// arrangement: none): those messages of computeCommTableND, in the same
/// order with the same sizes and per-dimension runs. Dims holds each
/// dimension's computeRankTable for the rank's grid coordinates, so the
/// cost is the rank's share, not the whole table.
CommTableND computeRankTableND(const DistributionND &Src,
                               const DistributionND &Dst, int Rank,
                               bool WithRuns = false);

} // namespace hpf::plan

#endif // HPF_PLAN_COMMTABLEND_H
