//===- hpfcc/strided.h - levels over cyclic(1) dimensions ----- -*- C++ -*-===//
//
// A rank's indices of a cyclic(1) dimension are every P-th one, each its
// own segment (hpfcc/segments.h): a loop over them spent about ten cycles a
// segment finding it, more than a back substitution's one multiply-add per
// row (3.5x the time of a plain loop over the same local rows, Zen 5). A
// level whose home dimension hpfcc knows to be cyclic(1)
// (codegen/LoopEmitter.cpp, "strided levels") instead runs over one run at
// a step of P, its offset following the index so that `i + off` stays the
// local index of i:
//
//   for (hpfcc::strided_segment s : hpfcc::owned_strided(M, 0, lo, hi))
//     for (int i = s.lo; i < s.hi; i += s.step, s.off -= s.skip)
//       M_local[(i + s.off) * M_e1 + k] = ...;
//
// The body is the one a segment loop would have. Any other run-time
// mapping (a DYNAMIC array redistributed since) gives its segments as runs
// of step 1 (skip 0), and so does a run whose last step would leave a
// 32-bit int's range (the loop's index may be an int): the same loop is
// then the segment loop.
//
// Depends on hpfcc/segments.h only.
//
//===----------------------------------------------------------------------===//
#ifndef HPFCC_STRIDED_H
#define HPFCC_STRIDED_H

#include "hpfcc/segments.h"

#include <cstdint>

namespace hpfcc {

/// Indices lo, lo + step, ... before hi; local index of i = i + off, with
/// off decreased by skip = step - 1 at each step.
struct strided_segment {
  index_t lo = 0;
  index_t hi = 0;
  index_t off = 0;
  index_t step = 1;
  index_t skip = 0;
};

class strided_range {
public:
  strided_range(const hpf::plan::Distribution &d, int me, index_t lo,
                index_t hi)
      : Segs(d, me, lo, hi) {
    const index_t P = d.procs();
    if (!d.isBlockCyclic() || d.blockSize() != 1 || P < 2 ||
        Segs.first() >= Segs.last())
      return;
    const segment First = Segs.at(Segs.first());
    const segment Last = Segs.at(Segs.last() - 1);
    // The loop's last step goes from the last index to past it.
    if (Last.lo > index_t(INT32_MAX) - P)
      return;
    One = {First.lo, Last.hi, First.off, P, P - 1};
    Strided = true;
  }

  /// Run number K: the one strided run, or segment K with step 1.
  strided_segment at(index_t K) const {
    if (Strided)
      return One;
    const segment S = Segs.at(K);
    return {S.lo, S.hi, S.off, 1, 0};
  }

  using iterator = run_iterator<strided_range>;
  iterator begin() const { return iterator(this, Segs.first()); }
  iterator end() const {
    return iterator(this, Strided ? Segs.first() + 1 : Segs.last());
  }

private:
  segment_range Segs;
  strided_segment One;
  bool Strided = false;
};

/// The rank's indices of dimension d inside [lo, hi) as strided runs.
template <class A>
strided_range owned_strided(const A &array, int d, index_t lo, index_t hi) {
  const detail::dimension Dim = detail::dimension_of(array, d);
  return strided_range(*Dim.dist, Dim.coord, lo, hi);
}

} // namespace hpfcc

#endif // HPFCC_STRIDED_H
