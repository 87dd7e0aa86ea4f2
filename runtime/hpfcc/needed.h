//===- hpfcc/needed.h - elements inner loops read, fetched ---- -*- C++ -*-===//
//
// A loop over the owned indices i of its home array whose inner,
// sequential loops read a one-dimensional array at subscripts of their own
// indices -- a compressed-sparse-row product's `X[Col[k]]` for k in
// [RowStart[i], RowStart[i + 1]) -- reads, per iteration, elements no
// formula in i gives. hpfcc (analysis/reads/NeededReads.cpp) passes the loop's
// inner loops, down to each such read, as an inspector:
//
//   static hpfcc::needs_site<double> __hpf_ns_X7;
//   const double *const __hpf_all_X7 = hpfcc::needed_copy(
//       __hpf_ns_X7, X, Y, 0, 0, N,
//       [&](auto &&__hpf_need, const int i) {
//         for (int k = RowStart[i]; k < RowStart[i + 1]; ++k)
//           __hpf_need(Col[k], hpfcc::access_info{...}); },
//       "f.cpp:40:1");
//
// Before the loop every rank runs it over its owned iterations (a local
// pass), which lists the distinct elements they read (in the order first
// read, marked in an array of the extent); their owners send
// only those (mpi/Fetch.h, one MPI_Alltoallv), into a buffer of the array's
// extent at their global indices, so the loop reads `__hpf_all_X7[Col[k]]`
// as it would read a gathered copy. This is the PARTI/CHAOS
// inspector-executor again: one MPI_Allreduce of a flag decides, on every
// rank alike, whether the last plan still fits (same needs, bounds and
// mappings) or a new one is built. Where the compiler proves that a loop
// around the nest cannot change what the inspector reads
// (analysis/reads/InspectionWindow.cpp), it passes an inspection_window
// (hpfcc/fetch.h): the inspection then runs once per run of that loop.
// Where it cannot, needed_copy_kept keeps the listing anyway and checks
// before each run, against a copy, the bytes the last inspection loaded
// (its inspector loads through `__hpf_need.ld`). The
// buffer is kept by the call site: the memory of a gathered copy, the messages
// of the elements read. A read made on every iteration of the inner loops
// on its path passes its access_info (hpfcc/checks.h) to __hpf_need: with
// HPF_VERIFY=1 the inspection, then run on every rank (also one owning
// all of A), stops the program at the first subscript outside A.
//
// Depends on hpfcc/segments.h, hpfcc/fetch.h (its read report) and
// mpi/Fetch.h.
//
//===----------------------------------------------------------------------===//
#ifndef HPFCC_NEEDED_H
#define HPFCC_NEEDED_H

#include "hpfcc/checks.h"
#include "hpfcc/fetch.h"
#include "hpfcc/segments.h"
#include "mpi/Fetch.h"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <initializer_list>
#include <vector>

namespace hpfcc {

/// What the last inspection of a kept listing (needed_copy_kept) read:
/// the addresses of the variables its inspector names, and every stretch
/// of bytes it loaded, with a copy of them. The inspector is a function of
/// those bytes, of where the variables are, of the bounds and of the
/// mappings (the compiler passes it only loads of variables and array
/// elements, arithmetic and loops: no call), so while all of them are
/// unchanged it would list the same elements again.
struct inspection_trace {
  struct Run {
    std::uintptr_t Lo = 0, Hi = 0; ///< [Lo, Hi) was read
    std::size_t At = 0;            ///< its copy in Saved
  };
  std::vector<const void *> Roots;
  /// In the order the inspection first read them: a stretch whose address
  /// came from a loaded pointer follows the stretch holding that pointer,
  /// so a changed pointer stops the comparison before the memory it no
  /// longer points to is read.
  std::vector<Run> Runs;
  std::vector<unsigned char> Saved;
  bool Valid = false;

  /// Whether the memory the last inspection read is unchanged and at the
  /// same addresses: exact (a copy compared byte for byte, no hash).
  bool unchanged(std::initializer_list<const void *> roots) const {
    if (!Valid || !std::equal(roots.begin(), roots.end(), Roots.begin(),
                              Roots.end()))
      return false;
    for (const Run &R : Runs)
      if (std::memcmp(reinterpret_cast<const void *>(R.Lo),
                      Saved.data() + R.At, R.Hi - R.Lo) != 0)
        return false;
    return true;
  }
};

namespace detail {

/// Records, while an inspector runs, the bytes it loads (through
/// `__hpf_need.ld(x)`) as few stretches: a load next to (or in) one of the
/// few stretches read last extends it, so a CSR inspector's reads of
/// RowStart and Col make two.
class trace_recorder {
public:
  void record(const void *P, std::size_t N) {
    const std::uintptr_t A = reinterpret_cast<std::uintptr_t>(P), E = A + N;
    for (std::size_t K = 0; K < Open.size(); ++K) {
      Stretch &S = Open[K];
      // Touching or overlapping only: two allocations are never adjacent
      // byte for byte (malloc keeps a header between them), so a stretch
      // never spans two objects, one of which could be freed and unmapped
      // before the next check reads it.
      if (A <= S.Hi && E >= S.Lo) {
        S.Lo = std::min(S.Lo, A);
        S.Hi = std::max(S.Hi, E);
        if (K) // most recent first: a loop's next load is usually there
          std::rotate(Open.begin(), Open.begin() + std::ptrdiff_t(K),
                      Open.begin() + std::ptrdiff_t(K) + 1);
        return;
      }
    }
    if (Open.size() == MaxOpen) {
      Closed.push_back(Open.back());
      Open.pop_back();
    }
    Open.insert(Open.begin(), Stretch{A, E, Next++});
  }
  /// Moves the stretches, in the order first read, with copies of their
  /// bytes now, into T.
  void finish(inspection_trace &T, std::initializer_list<const void *> roots) {
    Closed.insert(Closed.end(), Open.begin(), Open.end());
    std::sort(Closed.begin(), Closed.end(),
              [](const Stretch &X, const Stretch &Y) {
                return X.Order < Y.Order;
              });
    T.Roots.assign(roots.begin(), roots.end());
    T.Runs.clear();
    T.Saved.clear();
    for (const Stretch &S : Closed) {
      T.Runs.push_back({S.Lo, S.Hi, T.Saved.size()});
      const auto *B = reinterpret_cast<const unsigned char *>(S.Lo);
      T.Saved.insert(T.Saved.end(), B, B + (S.Hi - S.Lo));
    }
    T.Valid = true;
  }

private:
  struct Stretch {
    std::uintptr_t Lo, Hi;
    std::size_t Order;
  };
  static constexpr std::size_t MaxOpen = 8;
  std::vector<Stretch> Open, Closed;
  std::size_t Next = 0;
};

/// What an inspector calls: `__hpf_need(g)` lists element g, and
/// `__hpf_need.ld(x)` (a kept listing's inspector) reads x, recording it.
template <class F> struct need_fn {
  F &Need;
  trace_recorder *Rec;
  void operator()(index_t g, const access_info &at = {}) const {
    Need(g, at);
  }
  template <class V> const V &ld(const V &X) const {
    if (Rec)
      Rec->record(&X, sizeof(V));
    return X;
  }
};

} // namespace detail

/// What a call site keeps between runs: the plan, what it was built for
/// (planned_site, hpfcc/fetch.h), and the buffer the elements land in.
template <class T> struct needs_site : planned_site {
  std::vector<T> Full;
  /// Mark[g] == Epoch: g is listed in this run (no sort per run: a
  /// product's inspector sees each element several times).
  std::vector<std::uint32_t> Mark;
  std::uint32_t Epoch = 0;
  /// A kept listing's last inspection (needed_copy_kept).
  inspection_trace Trace;
  /// That inspection listed nearly every element each rank does not own
  /// (needed_copy_kept gathers the whole array instead, unchecked).
  bool Dense = false;
};

namespace detail {

/// The one stretch of A a rank owns ([Lo, Hi), local index g + Off) under
/// block or gen_block; empty under other mappings.
struct own_stretch {
  index_t Lo = 0, Hi = 0, Off = 0;
};
template <class T> own_stretch ownStretch(const hpf::darray<T, 1> &a) {
  own_stretch O;
  if (const segment_range Own = owned_segments(a, 0, 0, a.extent(0));
      Own.last() - Own.first() == 1) {
    const segment S = Own.at(Own.first());
    O = {S.lo, std::max(S.lo, S.hi), S.off};
  }
  return O;
}

/// The inspection: lists the elements outside Own that inspect(need, i)
/// names for the owned i in [lo, hi) of dimension d of home, and keeps or
/// rebuilds site's plan (one MPI_Allreduce of a flag: every rank alike).
template <class T, class H, class F>
void inspectNeeds(needs_site<T> &site, const hpf::darray<T, 1> &a,
                  const H &home, int d, index_t lo, index_t hi,
                  const own_stretch &Own, F &inspect, const char *where,
                  trace_recorder *Rec = nullptr) {
  const index_t N = a.extent(0);
  if (site.Mark.size() != std::size_t(N) || ++site.Epoch == 0) {
    site.Mark.assign(std::size_t(N), 0);
    site.Epoch = 1;
  }
  // The distinct other elements in the order first read: the same list
  // while the inputs are the same.
  std::vector<index_t> Needs;
  std::uint32_t *const Mark = site.Mark.data();
  const std::uint32_t Epoch = site.Epoch;
  const bool Verify = verify_bounds();
  index_t I = 0; // the iteration, for HPF_VERIFY's message
  auto Need = [&](index_t g, const access_info &at = {}) {
    if (Verify && at.name && (g < 0 || g >= N))
      verify_index(a, 0, g, at, I);
    if (g >= Own.Lo && g < Own.Hi)
      return;
    if (g >= 0 && g < N && Mark[g] != Epoch) {
      Mark[g] = Epoch;
      Needs.push_back(g);
    }
  };
  // A rank that owns all of A (one rank) needs nothing from the others
  // (but HPF_VERIFY checks its subscripts).
  if (Own.Lo != 0 || Own.Hi != N || Verify)
    for (const segment s : owned_segments(home, d, lo, hi))
      for (index_t i = s.lo; i < s.hi; ++i) {
        I = i;
        inspect(need_fn<decltype(Need)>{Need, Rec}, i);
      }
  if (readReport())
    ++fetchTotals().Inspections;
  const hpf::plan::Distribution &From = a.mapping().dims()[0];
  const hpf::plan::Distribution &Home = home.mapping().dims()[std::size_t(d)];
  const bool Same = site.builtFor(From, Home, lo, hi) && site.Needs == Needs &&
                    site.Full.size() == std::size_t(N);
  if (hpf::rt::anyRank(!Same, where)) {
    // The slot of an element is its global index.
    const std::vector<index_t> Slots = Needs;
    site.rebuild(From, Home, lo, hi, std::move(Needs), Slots, where);
    site.Full.assign(std::size_t(N), T{});
  }
}

} // namespace detail

/// A's elements that inspect(need, i) names for the owned i in [lo, hi) of
/// dimension d of the home array, at their global indices (the others are
/// never read by the loop and keep older values). Subscripts outside
/// [0, n) are not fetched (the loop would not read them either without
/// undefined behaviour). Inside a window (window not null) the inspection
/// runs once, while the bounds and mappings stay those of its plan.
template <class T, class H, class F>
const T *needed_copy(needs_site<T> &site, const hpf::darray<T, 1> &a,
                     const H &home, int d, index_t lo, index_t hi, F inspect,
                     const char *where,
                     const inspection_window *window = nullptr) {
  const index_t N = a.extent(0);
  // A rank owning one stretch of A (block, gen_block) copies it whole
  // after the exchange and lists only the others: one range test per read
  // of its own elements, no per-element copy of them.
  const detail::own_stretch Own = detail::ownStretch(a);
  // Inspected already in this window, for these bounds and mappings: the
  // same needs on every rank, no pass and no message.
  if (!window || site.Window != window->id() ||
      !site.builtFor(a.mapping().dims()[0],
                     home.mapping().dims()[std::size_t(d)], lo, hi) ||
      site.Full.size() != std::size_t(N))
    detail::inspectNeeds(site, a, home, d, lo, hi, Own, inspect, where);
  site.Window = window ? window->id() : 0;
  site.run(a.local_data(), sizeof(T), site.Full.data(), where);
  if (Own.Lo == 0 && Own.Hi == N) // owns all: read in place
    return a.local_data();
  std::copy(a.local_data() + (Own.Lo + Own.Off),
            a.local_data() + (Own.Hi + Own.Off), site.Full.begin() + Own.Lo);
  return site.Full.data();
}

/// needed_copy for a nest no window holds (the compiler could not prove
/// that nothing between its runs changes what the inspector reads): the
/// listing is kept across runs and checked before each. inspect loads
/// through `__hpf_need.ld(...)` everything it reads but its own indices;
/// roots are the addresses of the variables it names. The last inspection
/// recorded those loads (inspection_trace); a run whose bounds, mappings,
/// roots and recorded bytes are all unchanged on every rank (a byte-wise
/// comparison with a copy; one MPI_Allreduce, as an inspection's) reuses
/// the plan without inspecting. HPF_READ_REPORT counts such runs.
///
/// A listing that names at least 7/8 of the elements outside the rank's
/// own stretch, on every rank, is dropped: while the bounds and mappings
/// stay those it was made for, each run gathers the whole array (one
/// MPI_Allgatherv, at most 8/7 of the listed elements) and neither checks
/// nor inspects. A gathered copy serves any subscripts, so nothing needs
/// checking; the check it saves reads the index data twice per run (NAS
/// CG's product, random columns: at -n 2 a rank lists all 7001 elements
/// of p it does not own and compared 3.7 MB of colidx before each
/// product, which cost a quarter of the product's time). Not under
/// HPF_VERIFY, whose inspections check the subscripts.
template <class T, class H, class F>
const T *needed_copy_kept(needs_site<T> &site, const hpf::darray<T, 1> &a,
                          const H &home, int d, index_t lo, index_t hi,
                          F inspect, const char *where,
                          std::initializer_list<const void *> roots) {
  const index_t N = a.extent(0);
  const detail::own_stretch Own = detail::ownStretch(a);
  // The same on every rank: the mappings and bounds are, and Dense was
  // agreed by all.
  const bool Built =
      site.builtFor(a.mapping().dims()[0],
                    home.mapping().dims()[std::size_t(d)], lo, hi) &&
      site.Full.size() == std::size_t(N);
  if (Built && site.Dense) {
    hpf::rt::gatherAll(a.mapping(), a.local_data(), sizeof(T),
                       site.Full.data());
    if (detail::readReport()) {
      detail::fetch_totals &Tot = detail::fetchTotals();
      Tot.Rank = hpf::rank();
      Tot.Bytes += (N - a.local_size()) * index_t(sizeof(T));
      ++Tot.Gathered;
    }
    site.Window = 0;
    return site.Full.data();
  }
  if (hpf::rt::anyRank(!(Built && site.Trace.unchanged(roots)), where)) {
    site.Trace.Valid = false; // until this inspection is recorded
    detail::trace_recorder Rec;
    detail::inspectNeeds(site, a, home, d, lo, hi, Own, inspect, where, &Rec);
    Rec.finish(site.Trace, roots);
    const index_t Others = N - (Own.Hi - Own.Lo);
    const bool Dense = !verify_bounds() && Others > 0 &&
                       index_t(site.Needs.size()) * 8 >= Others * 7;
    site.Dense = !hpf::rt::anyRank(!Dense, where);
  } else if (detail::readReport()) {
    ++detail::fetchTotals().Checked;
  }
  site.Window = 0;
  site.run(a.local_data(), sizeof(T), site.Full.data(), where);
  if (Own.Lo == 0 && Own.Hi == N)
    return a.local_data();
  std::copy(a.local_data() + (Own.Lo + Own.Off),
            a.local_data() + (Own.Hi + Own.Off), site.Full.begin() + Own.Lo);
  return site.Full.data();
}

} // namespace hpfcc

#endif // HPFCC_NEEDED_H
