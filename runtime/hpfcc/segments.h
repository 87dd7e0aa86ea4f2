//===- hpfcc/segments.h - owned segments of generated loops ---*- C++ -*-===//
//
// The core of the runtime support for the `#pragma hpf independent` loops
// that hpfcc generates (codegen/LoopEmitter.cpp), which the other hpfcc/
// headers build on (generated code includes them all through hpfcc/loops.h).
// The rank's elements of one dimension
// of a distributed array inside [lo, hi) form segments of consecutive global
// indices that are also consecutive in local storage:
// one per rank for block, block(k) and gen_block, one per owned block for
// cyclic(k), one per element for indirect. Generated loops are
//
//   for (const hpfcc::segment s : hpfcc::owned_segments(A, 0, lo, hi))
//     for (int i = s.lo; i < s.hi; ++i)
//       A_local[i + s.off] = ...;
//
// so the inner loop is the user's loop with local addressing: no owner test
// and no index translation per element. Segments are computed on the fly in
// O(1) each (closed forms of plan::Distribution), never stored.
//
// Also here: the helpers of versioned innermost loops (assume_separate,
// vector_aligned), the batch of fused nests and gathered copies.
//
// Depends on the runtime (mpi/hpfrt.h) and the plan library only.
//
//===----------------------------------------------------------------------===//
#ifndef HPFCC_SEGMENTS_H
#define HPFCC_SEGMENTS_H

#include "mpi/hpfrt.h"
#include "plan/Distribution.h"
#include "plan/DistributionND.h"

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <string>
#include <type_traits>
#include <vector>

namespace hpfcc {

using index_t = hpf::index_t;

/// Global indices [lo, hi) owned by this rank; local index = global + off.
struct segment {
  index_t lo = 0;
  index_t hi = 0;
  index_t off = 0;
};

/// The iterator of a range of runs numbered K (segment_range,
/// stepped_range, strided_range): *it is the range's at(K).
template <class Range> class run_iterator {
public:
  run_iterator(const Range *R, index_t K) : R(R), K(K) {}
  auto operator*() const { return R->at(K); }
  run_iterator &operator++() {
    ++K;
    return *this;
  }
  bool operator!=(const run_iterator &O) const { return K != O.K; }

private:
  const Range *R;
  index_t K;
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
      // Blocks of this rank: global block numbers c * P + me. (No
      // Hi + B - 1: block(k) / cyclic(k) with k near 2^63 must not wrap.)
      index_t FirstBlock = Lo / B;
      index_t EndBlock = Hi / B + (Hi % B != 0); // exclusive
      First = FirstBlock > Me ? (FirstBlock - Me + P - 1) / P : 0;
      End = EndBlock > Me ? (EndBlock - Me + P - 1) / P : 0;
      if (End < First)
        End = First;
      // Every segment's start and end fit in an index_t (always, but for
      // blocks near 2^63 / P): at() then computes a segment without the
      // saturating arithmetic and without a call. Gaussian elimination on
      // (cyclic, *) rows visits a segment per row, N^2 / P per solve, the
      // back substitution with one element of work each.
      using hpf::plan::mulOrSaturate;
      Plain = mulOrSaturate(mulOrSaturate(End, P), B) < INT64_MAX;
      Procs = P;
    } else if (d.kind() == hpf::plan::DistKind::Indirect) {
      First = 0;
      End = d.localCount(Me);
    } else { // gen_block and other contiguous layouts: one range
      First = 0;
      End = d.localCount(Me) > 0 ? 1 : 0;
    }
    if (Single || (B == 0 && d.kind() != hpf::plan::DistKind::Indirect)) {
      // One segment: computed once here, so that at() is a load (a nest's
      // inner level walks its hoisted range once per outer iteration).
      One = End > First ? compute(First) : segment{};
      Fixed = true;
    }
  }

  /// Segment number k (First <= k < End), clipped; may be empty.
  segment at(index_t k) const {
    if (Fixed)
      return One;
    if (Plain) {
      const index_t Start = (k * Procs + Me) * B;
      return segment{std::max(Lo, Start), std::min(Hi, Start + B),
                     k * B - Start};
    }
    return compute(k);
  }

private:
  segment compute(index_t k) const {
    segment S;
    if (Single) {
      S.lo = Lo;
      S.hi = Hi;
      S.off = 0;
    } else if (B > 0) {
      using hpf::plan::addOrSaturate, hpf::plan::mulOrSaturate;
      index_t P = D->procs();
      // Saturating: with a huge block only block 0 of rank 0 is non-empty,
      // and a saturated start lies past every index (an empty segment).
      index_t Start = mulOrSaturate(k * P + Me, B);
      S.lo = std::max(Lo, Start);
      S.hi = std::min(Hi, addOrSaturate(Start, B));
      S.off = mulOrSaturate(k, B) - Start;
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

public:
  using iterator = run_iterator<segment_range>;
  iterator begin() const { return iterator(this, First); }
  iterator end() const { return iterator(this, End); }
  /// The segment numbers [first(), last()) that at() accepts.
  index_t first() const { return First; }
  index_t last() const { return End; }

private:
  // Alive for the whole loop (the range-for keeps its range): element reads
  // (collective) inside fail instead of hanging.
  hpf::rt::independent_scope Scope;
  const hpf::plan::Distribution *D;
  int Me;
  index_t Lo, Hi;
  index_t B = 0;       ///< block size for block-cyclic kinds, else 0
  bool Single = false; ///< one processor: the whole range is one segment
  bool Fixed = false;  ///< at most one segment, precomputed in One
  bool Plain = false;  ///< block-cyclic without saturation: at() inline
  index_t Procs = 0;   ///< processors of a block-cyclic dimension
  segment One;
  index_t First = 0, End = 0;
};

// ---- owned segments of any rank -------------------------------------------
//
// A loop nest over `double M[R][C]` distributed (block, cyclic(2)) onto a
// grid runs each level over the owned segments of one dimension (the
// rank's coordinate in that dimension's grid dimension); a one-dimensional
// loop is a nest of one level (dimension 0):
//
//   for (const hpfcc::segment s0 : hpfcc::owned_segments(M, 0, 0, R))
//     for (int i = s0.lo; i < s0.hi; ++i)
//       for (const hpfcc::segment s1 : hpfcc::owned_segments(M, 1, 0, C))
//         for (int j = s1.lo; j < s1.hi; ++j)
//           M_local[(i + s0.off) * M_e1 + (j + s1.off)] = ...;

namespace detail {

/// The distribution of dimension d of an array and this rank's coordinate
/// in it (-1: owns nothing). An array whose distribution() is one
/// plan::Distribution numbers its processors by world rank; one with a
/// plan::DistributionND by grid coordinates, where a collapsed dimension
/// belongs to coordinate 0 and the others take the grid dimensions in order.
struct dimension {
  const hpf::plan::Distribution *dist;
  int coord;
};

template <class A> dimension dimension_of(const A &array, int d) {
  const int Me = hpf::rank();
  const bool In = array.procs().contains(Me);
  const auto &D = array.distribution();
  if constexpr (std::is_same_v<std::decay_t<decltype(D)>,
                               hpf::plan::Distribution>) {
    return {&D, In ? Me : -1};
  } else {
    const hpf::plan::Distribution &Dim = D.dims()[std::size_t(d)];
    if (!In)
      return {&Dim, -1};
    if (Dim.kind() == hpf::plan::DistKind::Collapsed)
      return {&Dim, 0};
    std::size_t G = 0;
    for (int K = 0; K < d; ++K)
      if (D.dims()[std::size_t(K)].kind() != hpf::plan::DistKind::Collapsed)
        ++G;
    return {&Dim, D.coordinate(Me, G)};
  }
}

} // namespace detail

/// The owned segments of dimension d of a distributed array inside
/// [lo, hi): all of [lo, hi) for a collapsed dimension, nothing on ranks
/// outside the array's arrangement.
template <class A>
segment_range owned_segments(const A &array, int d, index_t lo, index_t hi) {
  const detail::dimension Dim = detail::dimension_of(array, d);
  return segment_range(*Dim.dist, Dim.coord, lo, hi);
}

// ---- levels with a step other than 1, and levels that count down --------
//
// `for (i = start; i < end; i += step)` (step > 0) or `for (i = start;
// i > end; i += step)` (step < 0, `--i`, `i -= 2`) visits the arithmetic
// progression start, start + step, ... before end. Each owned segment
// intersected with that progression is one run of it: its first index,
// the end of the run in the loop's direction, and the segment's offset.
// Runs come in the loop's order (a loop counting down visits the segments
// from the last to the first, each downward), so within a rank the
// iterations keep the sequential order:
//
//   for (const hpfcc::steps s : hpfcc::owned_steps(A, 0, N - 1, -1, -2,
//                                                   true, "f.cpp:3:1"))
//     for (int i = s.first; i > s.end; i -= 2)
//       A_local[i + s.off] = ...;

/// The indices first, first + step, ... strictly before end of one owned
/// segment; local index = global + off.
struct steps {
  index_t first = 0;
  index_t end = 0;
  index_t off = 0;
};

/// Whether the progression start, start + step, ... strictly before end in
/// the loop's direction (down: counting down, step < 0) is empty. A step
/// of 0 or of the wrong sign never ends the sequential loop unless its
/// range is empty: an error naming the directive (where) then.
inline bool empty_progression(index_t start, index_t end, index_t step,
                              bool down, const char *where) {
  const bool Empty = down ? start <= end : start >= end;
  if (!Empty && (down ? step >= 0 : step <= 0))
    hpf::fail("independent",
              "the loop index steps by " + std::to_string(step) +
                  (down ? ", but the loop counts down (> or >=): the "
                          "sequential loop would never end"
                        : ", but the loop counts up (< or <=): the "
                          "sequential loop would never end"),
              where);
  return Empty;
}

/// The number of indices of a non-empty progression whose step has the
/// loop's direction (as above).
inline index_t progression_count(index_t start, index_t end, index_t step,
                                 bool down) {
  return down ? (start - end - 1) / -step + 1 : (end - start - 1) / step + 1;
}

class stepped_range {
public:
  /// The progression start, start + step, ... before end (exclusive, in the
  /// loop's direction: down for `>`) of dimension d of rank `me` of
  /// distribution `d`. A step of 0 or of the wrong sign never ends the
  /// sequential loop unless its range is empty: an error then.
  stepped_range(const hpf::plan::Distribution &d, int me, index_t start,
                index_t end, index_t step, bool down, const char *where)
      : Segs(d, me, down ? end + 1 : start, down ? start + 1 : end),
        Start(start), Step(step) {
    if (empty_progression(start, end, step, down, where))
      Step = down ? -1 : 1; // no runs; keeps at() well defined
  }

  /// Run number k in the loop's order.
  steps at(index_t k) const {
    const segment S =
        Segs.at(Step > 0 ? Segs.first() + k : Segs.last() - 1 - k);
    steps R;
    R.off = S.off;
    if (S.lo >= S.hi) {
      R.first = R.end = Start; // empty
      return R;
    }
    if (Step > 0) {
      // The first index >= S.lo congruent to Start (mod Step); S.lo >= Start.
      const index_t Skip = (S.lo - Start + Step - 1) / Step;
      R.first = Start + Skip * Step;
      R.end = S.hi;
      if (R.first >= R.end)
        R.first = R.end;
    } else {
      // The last index <= S.hi - 1 congruent to Start; S.hi - 1 <= Start.
      const index_t M = -Step;
      const index_t Skip = (Start - (S.hi - 1) + M - 1) / M;
      R.first = Start - Skip * M;
      R.end = S.lo - 1;
      if (R.first <= R.end)
        R.first = R.end;
    }
    return R;
  }

  using iterator = run_iterator<stepped_range>;
  iterator begin() const { return iterator(this, 0); }
  iterator end() const { return iterator(this, Segs.last() - Segs.first()); }

private:
  segment_range Segs;
  index_t Start, Step;
};

/// The owned runs of `for (i = start; i < end; i += step)` (step > 0) or,
/// with down, `for (i = start; i > end; i += step)` (step < 0) over
/// dimension d of a distributed array, in the loop's order.
template <class A>
stepped_range owned_steps(const A &array, int d, index_t start, index_t end,
                          index_t step, bool down, const char *where) {
  const detail::dimension Dim = detail::dimension_of(array, d);
  return stepped_range(*Dim.dist, Dim.coord, start, end, step, down, where);
}

// ---- loops over no distributed array --------------------------------------
//
// An independent loop that uses no distributed array locally (NAS EP: a
// reduction over generated numbers) is split by its iterations: rank r of
// P runs the r-th of P consecutive blocks of nearly equal counts.
//
//   const hpfcc::steps s = hpfcc::share_of_iterations(0, n, 1, false, w);
//   for (int k = s.first; k < s.end; ++k) ...

/// This rank's block of the progression start, start + step, ... strictly
/// before end in the loop's direction (empty_progression's checks).
inline steps share_of_iterations(index_t start, index_t end, index_t step,
                                 bool down, const char *where) {
  if (empty_progression(start, end, step, down, where))
    return {start, start, 0};
  const index_t Count = progression_count(start, end, step, down);
  const index_t P = hpf::nranks(), R = hpf::rank();
  const index_t From = Count / P * R + std::min<index_t>(R, Count % P);
  const index_t To = From + Count / P + (R < Count % P ? 1 : 0);
  return {start + From * step, start + To * step, 0};
}

/// Tells the optimiser that the local buffers a and b never overlap (what
/// the generated __restrict pointers say, which clang ignores on local
/// variables): a loop nest then needs no run-time overlap check before
/// each of its innermost loops. Only for buffers of distinct arrays
/// (codegen/LoopEmitter.cpp, separate()); a no-op for other compilers.
template <class T, class U>
[[gnu::always_inline]] inline void assume_separate(const T *a, const U *b) {
#if defined(__has_builtin)
#if __has_builtin(__builtin_assume_separate_storage)
  __builtin_assume_separate_storage(a, b);
#endif
#endif
  (void)a;
  (void)b;
}

/// Innermost loops versioned on alignment (codegen/AlignedVersions.cpp):
/// x86-64's baseline vector unit (SSE2) folds a vector load into the
/// arithmetic that uses it only from a 16-byte aligned address. A loop
/// over `A[i + s.off]` whose alignment the compiler cannot know gets
/// separate unaligned loads, scheduled all before the arithmetic: 1.25x
/// the time of the sequential build's loop over a static array (Zen 5,
/// measured with tools/kernel-bench). The generated loop has a second
/// version over pointers rebased at the segment's first element and assumed
/// aligned, run when the test below holds (whenever a block's loop starts at
/// its first element).
inline constexpr std::size_t vector_alignment = 16;

template <class... T>
[[gnu::always_inline]] inline bool vector_aligned(const T *...p) {
  return ((reinterpret_cast<std::uintptr_t>(p) % vector_alignment) | ...) == 0;
}

template <class T>
[[gnu::always_inline]] inline T *assume_vector_aligned(T *p) {
  return std::assume_aligned<vector_alignment>(p);
}

/// The segment addressed from its first element: local index i - lo, for
/// pointers rebased at that element.
[[gnu::always_inline]] inline segment rebased(segment s) {
  return {s.lo, s.hi, -s.lo};
}

/// The rows of the second nest of a fused pair run in batches of about
/// 16 KB of its home array (at least one row, at most 64): each batch
/// costs the set-up of its owned segments, about 20 ns, as much as a row of
/// 8 doubles each of the two nests (codegen/Fusion.cpp). Running a row
/// later than the lag asks is always allowed: only running it earlier than
/// the first nest's rows that touch it is not. HPF_FUSED_BATCH=<rows> sets
/// the batch instead (tests: 1 runs each row as early as the lag allows).
template <class T, int R> index_t fused_batch(const hpf::darray<T, R> &a) {
  static const index_t Forced = [] {
    const char *V = std::getenv("HPF_FUSED_BATCH");
    return V && *V ? std::max<index_t>(std::atoll(V), 1) : index_t(0);
  }();
  if (Forced)
    return Forced;
  index_t Row = index_t(sizeof(T));
  for (int D = 1; D < R; ++D)
    Row *= std::max<index_t>(a.local_extent(D), 1);
  return std::clamp<index_t>(16384 / Row, 1, 64);
}

/// A buffer a loop's call site keeps across runs of the loop (a static the
/// generated code declares per site). A buffer allocated, zeroed and freed
/// around every run cost more than the transfer into it: NAS CG class A
/// at -n 2 (a gather of 14002 doubles before each of 416 products) ran at
/// 0.7-1.0x the sequential build with a new vector per run and at
/// 2.0-2.1x with the kept buffer (same passes, load average 2.3); NAS MG's
/// row fetches between levels took 109 s instead of 0.98 s at -n 1.
struct site_buffer {
  std::vector<std::byte> Bytes;
  /// A run of the site is using Bytes (a recursive call reaching the loop
  /// again, from a nest that runs every iteration on every rank, gets a
  /// buffer of its own).
  bool Busy = false;
};

/// N elements of T for one run of a loop: in its site's buffer (grown when
/// short, never cleared: the run writes what it reads), else in a buffer of
/// its own (no site, the site's buffer in use, or a T that cannot live in
/// raw bytes).
template <class T> class site_lease {
public:
  site_lease() = default;
  site_lease(site_buffer *site, std::size_t n) {
    if (site && !site->Busy && std::is_trivially_copyable_v<T> &&
        alignof(T) <= __STDCPP_DEFAULT_NEW_ALIGNMENT__) {
      site->Busy = true;
      Held = site;
      if (site->Bytes.size() < n * sizeof(T)) {
        site->Bytes.resize(n * sizeof(T));
        Grown = true;
      }
      Data = reinterpret_cast<T *>(site->Bytes.data());
    } else {
      Own.resize(n);
      Data = Own.data();
      Grown = true;
    }
  }
  site_lease(const site_lease &) = delete;
  site_lease &operator=(const site_lease &) = delete;
  ~site_lease() {
    if (Held)
      Held->Busy = false;
  }
  T *data() const { return Data; }
  /// Whether this run allocated memory (for HPF_READ_REPORT).
  bool grown() const { return Grown; }

private:
  site_buffer *Held = nullptr;
  std::vector<T> Own;
  T *Data = nullptr;
  bool Grown = false;
};

/// The buffer of one loop's gathered copy, kept by its call site across
/// runs (`static hpfcc::gather_site<double> __hpf_gs_X7;`).
template <class T> struct gather_site : site_buffer {};

/// A whole array gathered on every rank before a loop (one collective),
/// read with global indices: `Copy[g]` for one dimension, `Copy(i, j)` for
/// more. Into its call site's buffer when given one.
template <class T, int R> class gathered {
public:
  gathered() = default;
  explicit gathered(const hpf::darray<T, R> &a) : gathered(nullptr, a) {}
  gathered(gather_site<T> &site, const hpf::darray<T, R> &a)
      : gathered(&site, a) {}
  gathered(const gathered &) = delete;
  gathered &operator=(const gathered &) = delete;
  const T *data() const { return Data; }
  const T &operator[](index_t g) const { return Data[g]; }
  template <class... I> const T &operator()(I... idx) const {
    static_assert(sizeof...(I) == R, "one index per dimension");
    index_t Flat = 0;
    std::size_t D = 0;
    ((Flat = Flat * Ext[D++] + static_cast<index_t>(idx)), ...);
    return Data[std::size_t(Flat)];
  }

private:
  gathered(site_buffer *site, const hpf::darray<T, R> &a)
      : Buf(site, std::size_t(a.size())) {
    hpf::rt::gatherAll(a.mapping(), a.local_data(), sizeof(T), Buf.data());
    Data = Buf.data();
    for (int D = 0; D < R; ++D)
      Ext[std::size_t(D)] = a.extent(D);
  }

  site_lease<T> Buf;
  const T *Data = nullptr;
  std::array<index_t, std::size_t(R)> Ext{};
};

} // namespace hpfcc

#endif // HPFCC_SEGMENTS_H
