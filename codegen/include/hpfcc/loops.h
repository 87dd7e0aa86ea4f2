//===- hpfcc/loops.h - owner-computes loops of rewritten programs -*- C++ -*-=//
//
// Compiler support for `#pragma hpf independent` loops. The rank's elements
// of a one-dimensional distributed array inside [lo, hi) form segments of
// consecutive global indices that are also consecutive in local storage:
// one per rank for block, block(k) and gen_block, one per owned block for
// cyclic(k), one per element for indirect. Generated loops are
//
//   for (const hpfcc::segment s : hpfcc::owned_segments(A, lo, hi))
//     for (int i = s.lo; i < s.hi; ++i)
//       A_local[i + s.off] = ...;
//
// so the inner loop is the user's loop with local addressing: no owner test
// and no index translation per element. Segments are computed on the fly in
// O(1) each (closed forms of plan::Distribution), never stored.
//
// Depends on the runtime (mpi/hpfrt.h) and the plan library only.
//
//===----------------------------------------------------------------------===//
#ifndef HPFCC_LOOPS_H
#define HPFCC_LOOPS_H

#include "mpi/hpfrt.h"
#include "plan/Distribution.h"

#include <algorithm>
#include <cstdint>

namespace hpfcc {

using index_t = hpf::index_t;

/// Global indices [lo, hi) owned by this rank; local index = global + off.
struct segment {
  index_t lo = 0;
  index_t hi = 0;
  index_t off = 0;
};

class segment_range {
public:
  /// Rank `me` (-1: owns nothing) of distribution `d`, clipped to [lo, hi).
  segment_range(const hpf::plan::Distribution &d, int me, index_t lo,
                index_t hi)
      : D(&d), Me(me), Lo(std::max<index_t>(lo, 0)),
        Hi(std::min<index_t>(hi, d.size())) {
    if (Me < 0 || Me >= d.procs() || Lo >= Hi)
      return; // empty
    if (d.isBlockCyclic() && d.procs() == 1) {
      // One rank owns everything in order: one segment, as for block.
      Single = true;
      First = 0;
      End = 1;
    } else if (d.isBlockCyclic()) {
      B = d.blockSize();
      index_t P = d.procs();
      // Blocks of this rank: global block numbers c * P + me.
      index_t FirstBlock = Lo / B;
      index_t EndBlock = (Hi + B - 1) / B; // exclusive
      First = FirstBlock > Me ? (FirstBlock - Me + P - 1) / P : 0;
      End = EndBlock > Me ? (EndBlock - Me + P - 1) / P : 0;
      if (End < First)
        End = First;
    } else if (d.kind() == hpf::plan::DistKind::Indirect) {
      First = 0;
      End = d.localCount(Me);
    } else { // gen_block and other contiguous layouts: one range
      First = 0;
      End = d.localCount(Me) > 0 ? 1 : 0;
    }
  }

  /// Segment number k (First <= k < End), clipped; may be empty.
  segment at(index_t k) const {
    segment S;
    if (Single) {
      S.lo = Lo;
      S.hi = Hi;
      S.off = 0;
    } else if (B > 0) {
      index_t P = D->procs();
      index_t Start = (k * P + Me) * B;
      S.lo = std::max(Lo, Start);
      S.hi = std::min(Hi, Start + B);
      S.off = k * B - Start;
    } else if (D->kind() == hpf::plan::DistKind::Indirect) {
      index_t G = D->globalIndex(Me, k);
      bool In = G >= Lo && G < Hi;
      S.lo = In ? G : 0;
      S.hi = In ? G + 1 : 0;
      S.off = k - G;
    } else {
      auto R = D->range(Me);
      S.lo = std::max(Lo, R.first);
      S.hi = std::min(Hi, R.second);
      S.off = -R.first;
    }
    return S;
  }

  class iterator {
  public:
    segment operator*() const { return Range->at(K); }
    iterator &operator++() {
      ++K;
      return *this;
    }
    bool operator!=(const iterator &O) const { return K != O.K; }

  private:
    friend class segment_range;
    iterator(const segment_range *R, index_t K) : Range(R), K(K) {}
    const segment_range *Range;
    index_t K;
  };
  iterator begin() const { return iterator(this, First); }
  iterator end() const { return iterator(this, End); }

private:
  // Alive for the whole loop (the range-for keeps its range): element reads
  // (collective) inside fail instead of hanging.
  hpf::rt::independent_scope Scope;
  const hpf::plan::Distribution *D;
  int Me;
  index_t Lo, Hi;
  index_t B = 0;       ///< block size for block-cyclic kinds, else 0
  bool Single = false; ///< one processor: the whole range is one segment
  index_t First = 0, End = 0;
};

/// The owned segments of a distributed array inside [lo, hi).
template <class A>
segment_range owned_segments(const A &array, index_t lo, index_t hi) {
  int Me = hpf::rank();
  return segment_range(array.distribution(),
                       array.procs().contains(Me) ? Me : -1, lo, hi);
}

} // namespace hpfcc

#endif // HPFCC_LOOPS_H
