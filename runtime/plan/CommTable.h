//===- plan/CommTable.h - messages of a redistribution ----------*- C++ -*-===//
//
// The communication table of a redistribution src -> dst: one message per
// (source rank, destination rank) pair that exchanges elements, with its
// element count and, on request, its index sets as compact runs on both
// sides.
//
// Cost: O(p + q + messages) when one side is contiguous (block, gen_block,
// block(k)); for two multi-block block-cyclic sides, one sweep over the
// segments of the period L = lcm(x*p, y*q) (paper 000), bounded by
// O(min(n, L) / x + min(n, L) / y) and independent of n beyond one period;
// O(n) only for indirect, whose map is itself O(n).
//
//===----------------------------------------------------------------------===//
#ifndef HPF_PLAN_COMMTABLE_H
#define HPF_PLAN_COMMTABLE_H

#include "plan/Distribution.h"

#include <cstddef>
#include <vector>

namespace hpf::plan {

/// A message of a redistribution: source rank `Src` (in the source
/// arrangement) sends `Size` elements to destination rank `Dst` (in the
/// destination arrangement). Both arrangements are ranks 0.. of the same
/// communicator, so Src == Dst is a local copy.
struct Message {
  int Src = 0;
  int Dst = 0;
  Index Size = 0;
  bool isLocal() const { return Src == Dst; }
  bool operator==(const Message &) const = default;
};

/// A strided set of local indices: `Count` blocks of `Length` consecutive
/// indices, block b starting at Start + b * Stride.
struct Run {
  Index Start = 0;
  Index Length = 0;
  Index Stride = 0;
  Index Count = 0;
  Index elements() const { return Length * Count; }
  bool operator==(const Run &) const = default;
};

/// The index sets of one message. SrcRuns[r] and DstRuns[r] have the same
/// Length and Count, and enumerate corresponding elements in the same order
/// (run by run, block by block, index by index): the k-th element packed
/// from the source's local array is the k-th unpacked into the destination's.
struct MessageRuns {
  std::vector<Run> SrcRuns; ///< local indices on the source rank
  std::vector<Run> DstRuns; ///< local indices on the destination rank
};

struct CommTable {
  int P = 0;                     ///< source processor count
  int Q = 0;                     ///< destination processor count
  Index N = 0;                   ///< array extent
  std::vector<Message> Messages; ///< nonzero only, sorted by (Src, Dst)
  std::vector<MessageRuns> Runs; ///< parallel to Messages, or empty

  Index totalElements() const;
  /// Messages sent by each source rank / received by each destination rank.
  std::vector<int> sendDegrees() const;
  std::vector<int> recvDegrees() const;
  /// Max over all vertices of the bipartite message graph: the minimum
  /// number of contention-free steps.
  int maxDegree() const;
  /// Max over ranks of elements sent or received: the minimum cost in
  /// element units of any contention-free schedule.
  Index volumeLowerBound() const;
  /// Index of message (Src, Dst), or -1.
  std::ptrdiff_t find(int Src, int Dst) const;
  /// The p x q matrix of sizes (for printing; O(p * q)).
  std::vector<std::vector<Index>> matrix() const;
};

/// Computes the communication table of src -> dst. Both must have the same
/// extent. With WithRuns, also the index sets of every message.
CommTable computeCommTable(const Distribution &Src, const Distribution &Dst,
                           bool WithRuns = false);

/// One rank's part of computeCommTable(Src, Dst, WithRuns): the messages
/// source rank SrcRank sends and destination rank DstRank receives (either
/// -1 or out of range: none of that side), equal, message for message and
/// run for run, to those rows and columns of the full table (P, Q and N as
/// there). What an executor that needs no global schedule (async, the
/// alltoalls) needs, at the cost of this rank's share: O(its messages) for
/// contiguous pairs and contiguous -> block-cyclic, 1/p of the period sweep
/// for two block-cyclic sides, O(n) for indirect. Throws like
/// computeCommTable.
CommTable computeRankTable(const Distribution &Src, const Distribution &Dst,
                           int SrcRank, int DstRank, bool WithRuns = false);

/// The table of an arbitrary communication matrix (NICE's COM): Sizes[i][j]
/// elements from i to j. For schedulers that work on any pattern.
CommTable commTableFromMatrix(const std::vector<std::vector<Index>> &Sizes);

} // namespace hpf::plan

#endif // HPF_PLAN_COMMTABLE_H
