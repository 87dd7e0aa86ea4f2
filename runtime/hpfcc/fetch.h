//===- hpfcc/fetch.h - reads a loop plans from its subscripts -*- C++ -*-===//
//
// A loop over the owned indices i of dimension d of its home array H reads
// a one-dimensional array A at a subscript f(i) other than i: affine
// (A[n - 1 - i], A[2 * i], A[i + c] on a cyclic home) or through an index
// array (A[idx[i]]). Instead of gathering all of A on every rank, hpfcc
// (analysis/reads/FetchedReads.cpp) fetches before the loop exactly the
// elements the rank's iterations read, into a buffer laid out like H's local
// dimension d (slot i + off holds A[f(i)], off the offset of i's segment):
//
//   static hpfcc::fetch_site __hpf_fs7_0;
//   const hpfcc::fetched<double> __hpf_fx7_0(__hpf_fs7_0, A, H, 0, lo, hi,
//       true, [&](hpf::index_t g, hpf::index_t l) -> hpf::index_t {...},
//       hpfcc::access_info{...}, w);
//   const double *__restrict const __hpf_fxp7_0 = __hpf_fx7_0.data();
//
// and the loop reads __hpf_fxp7_0[i + off]. The plan (mpi/Fetch.h: per
// owner, which elements) is kept in the call site's fetch_site:
//  - affine f: the needs are a function of f(0), f(1) - f(0), the bounds
//    and the two mappings, all the same on every rank; the plan is reused
//    while they are unchanged, with no inspection and no extra message;
//  - other f (index arrays; the PARTI/CHAOS inspector-executor): each run
//    evaluates f over the owned iterations (a local pass, no messages) and
//    compares with the plan's needs; one MPI_Allreduce of a flag decides,
//    on every rank alike, whether the plan is reused or rebuilt. Comparing
//    the values (not a version counter) also sees writes to idx through
//    pointers or calls. Inside an inspection_window (below) the pass runs
//    once per window.
// Subscripts outside [0, n) are not fetched (the sequential loop would not
// read them either without undefined behaviour). With HPF_VERIFY=1 the
// inspector stops the program at the first one instead, when the compiler
// passes the read's access_info (hpfcc/checks.h): a read made on every
// iteration (an affine one is checked before the loop instead).
//
// HPF_READ_REPORT=1: at exit each rank prints the bytes it received for
// such reads, how many fetches ran, how many plans were built and how many
// inspections ran (here and in hpfcc::needed_copy).
//
//===----------------------------------------------------------------------===//
#ifndef HPFCC_FETCH_H
#define HPFCC_FETCH_H

#include "hpfcc/checks.h"
#include "hpfcc/reads.h"
#include "hpfcc/segments.h"
#include "mpi/Fetch.h"

#include <cstdint>
#include <cstdio>
#include <memory>
#include <optional>
#include <vector>

namespace hpfcc {

namespace detail {

/// HPF_READ_REPORT totals of planned reads on this rank.
struct fetch_totals {
  /// Inspections: passes of an inspector over the rank's iterations;
  /// Checked: runs of a kept listing (hpfcc::needed_copy_kept) that found
  /// what it read unchanged and did not inspect; Gathered: runs of one
  /// whose listing named nearly every element, which gathered the array.
  /// Buffers: allocations of a fetch's buffer (a call site's kept one
  /// grown, or one of its own).
  long long Bytes = 0, Fetches = 0, Plans = 0, Inspections = 0, Checked = 0,
            Gathered = 0, Buffers = 0;
  int Rank = 0; // MPI may be finalized at exit
};
inline fetch_totals &fetchTotals() {
  static fetch_totals T;
  static const bool Registered = [] {
    std::atexit([] {
      const fetch_totals &Tot = fetchTotals();
      std::fprintf(stderr,
                   "hpf-read: rank %d received %lld bytes in %lld planned "
                   "reads (%lld plans built, %lld inspections); %lld "
                   "listings kept by a run-time check; %lld dense "
                   "listings gathered whole; %lld fetch buffers allocated\n",
                   Tot.Rank, Tot.Bytes, Tot.Fetches, Tot.Plans, Tot.Inspections,
                   Tot.Checked, Tot.Gathered, Tot.Buffers);
    });
    return true;
  }();
  (void)Registered;
  return T;
}

} // namespace detail

/// Around a loop whose iterations cannot change what the inspectors of a
/// nest inside it read (analysis/reads/InspectionWindow.cpp proves it):
/// `{ const hpfcc::inspection_window __hpf_iw7; for (...) { ... } }`.
/// hpfcc::fetched and hpfcc::needed_copy inspect once per window, the first
/// time they run in it; every rank opens the same windows in the same
/// order, so they agree without a message.
class inspection_window {
public:
  inspection_window() : Id(++last()) {}
  inspection_window(const inspection_window &) = delete;
  inspection_window &operator=(const inspection_window &) = delete;
  std::uint64_t id() const { return Id; }

private:
  std::uint64_t Id;
  static std::uint64_t &last() {
    static std::uint64_t Last = 0;
    return Last;
  }
};

/// What a call site of a planned read keeps between runs: the plan and
/// the mappings and bounds it was built for (hpfcc::fetched here,
/// hpfcc::needed_copy in hpfcc/needed.h).
struct planned_site {
  std::optional<hpf::plan::Distribution> From, Home;
  index_t Lo = 0, Hi = 0;
  std::vector<index_t> Needs; ///< inspected (not kept when affine)
  hpf::rt::FetchPlan Plan;
  /// The inspection_window whose inspection the plan holds (0: none).
  std::uint64_t Window = 0;

  bool builtFor(const hpf::plan::Distribution &from,
                const hpf::plan::Distribution &home, index_t lo,
                index_t hi) const {
    return From && From->sameMapping(from) && Home->sameMapping(home) &&
           Lo == lo && Hi == hi;
  }
  /// Plans output slots slots[k] needing element needs[k] (collective).
  void rebuild(const hpf::plan::Distribution &from,
               const hpf::plan::Distribution &home, index_t lo, index_t hi,
               std::vector<index_t> needs, const std::vector<index_t> &slots,
               const char *where) {
    Plan = hpf::rt::planFetch(from, needs, slots, where);
    From = from;
    Home = home;
    Lo = lo;
    Hi = hi;
    Needs = std::move(needs);
    if (detail::readReport())
      ++detail::fetchTotals().Plans;
  }
  /// Runs the plan (collective), counted in the read report.
  void run(const void *local, std::size_t elemSize, void *out,
           const char *where) const {
    count(hpf::rt::runFetch(Plan, local, elemSize, out, where));
  }
  /// Runs the plan's exchange only (collective): received gets the
  /// elements of other ranks (hpf::rt::runFetchReceive).
  void runReceive(const void *local, std::size_t elemSize, void *received,
                  const char *where) const {
    count(hpf::rt::runFetchReceive(Plan, local, elemSize, received, where));
  }

private:
  void count(index_t Bytes) const {
    if (detail::readReport()) {
      detail::fetch_totals &Tot = detail::fetchTotals();
      Tot.Rank = hpf::rank();
      Tot.Bytes += Bytes;
      ++Tot.Fetches;
    }
  }
};

struct fetch_site : planned_site {
  index_t F0 = 0, F1 = 0;
  bool Affine = false;
  std::vector<index_t> Slots; ///< inspected (not kept when affine)
  /// The fetched elements, kept for the site's next run (hpfcc/segments.h).
  site_buffer Buffer;
};

/// The outer iterations i in [lo, hi) a rank runs of a nest that stores at
/// subscripts no level runs over (interpolation into a finer grid, NAS
/// MG's `U[2 * c + 1][...]` in a loop over coarse c; every rank runs the
/// iterations whose stores it may own, analysis/flow/FixedSlices.cpp):
/// those for which runs(i) holds. It stands in for the home array of
/// hpfcc::fetched, dimension 0, slot i - lo; the stored array's mapping
/// keys the fetch plan, which the inspection checks on every run.
template <class S, class P> struct run_set {
  const S &Stored;
  index_t Lo, Hi;
  P Runs;
  const auto &mapping() const { return Stored.mapping(); }
  index_t local_extent(int) const { return Hi - Lo; }
};
template <class S, class P>
run_set(const S &, index_t, index_t, P) -> run_set<S, P>;

/// The slot a fetched element is read from; the subscript, still written
/// in the loop, is evaluated as in the sequential program (and dropped).
template <class S> inline index_t fetched_slot(index_t slot, const S &) {
  return slot;
}

/// A[f(i)] for the owned i in [lo, hi) of dimension d of the home array,
/// at local index i + off of that dimension: data()[slot] for rank 1. Rank
/// N: A is distributed by rows only (dimension 0; the others '*'), a row
/// A[f(i)][...] is one element of the exchange, and rows()[slot] points at
/// it, row-major: at the rank's own storage when it owns the row (the loop
/// does not write A), else into the buffer the other ranks' rows arrive
/// in. A plane-distributed grid's rows are planes: NAS MG's restriction
/// reads three fine planes per coarse plane, most of them the rank's own,
/// and copying them all cost more than the stencil.
template <class T> class fetched {
public:
  template <int R, class H, class F>
  fetched(fetch_site &site, const hpf::darray<T, R> &a, const H &home, int d,
          index_t lo, index_t hi, bool affine, F f, const access_info &at,
          const char *where, const inspection_window *window = nullptr)
      : Row(rowLength(a, where)) {
    const hpf::plan::Distribution &From = a.mapping().dims()[0];
    const hpf::plan::Distribution &Home = home.mapping().dims()[std::size_t(d)];
    const bool SameMaps =
        site.builtFor(From, Home, lo, hi) && site.Affine == affine;
    bool Rebuild = true;
    std::vector<index_t> Needs, Slots;
    if (affine) {
      const index_t F0 = f(0, 0), F1 = f(1, 0);
      Rebuild = !(SameMaps && site.F0 == F0 && site.F1 == F1);
      site.F0 = F0;
      site.F1 = F1;
      if (Rebuild)
        inspect(home, d, lo, hi, a, f, {}, Needs, Slots);
    } else if (window && site.Window == window->id() && SameMaps) {
      Rebuild = false; // inspected in this window: the same on every rank
    } else {
      inspect(home, d, lo, hi, a, f, verify_bounds() ? at : access_info{},
              Needs, Slots);
      Rebuild = hpf::rt::anyRank(
          !(SameMaps && site.Needs == Needs && site.Slots == Slots), where);
    }
    site.Window = window ? window->id() : 0;
    if (Rebuild) {
      site.rebuild(From, Home, lo, hi, std::move(Needs), Slots, where);
      site.Affine = affine;
      site.Slots = std::move(Slots);
      if (affine) {
        site.Needs.clear();
        site.Slots.clear();
      }
    }
    // Slots no iteration reads (a subscript outside A) stay unset: the
    // loop never reads them.
    const std::size_t RowBytes = std::size_t(Row) * sizeof(T);
    if constexpr (R == 1) {
      Buf.emplace(&site.Buffer, std::size_t(home.local_extent(d)));
      site.run(a.local_data(), RowBytes, Buf->data(), where);
    } else {
      const hpf::rt::FetchPlan &P = site.Plan;
      Buf.emplace(&site.Buffer,
                  std::size_t(hpf::rt::receivedElements(P) * Row));
      site.runReceive(a.local_data(), RowBytes, Buf->data(), where);
      Rows = std::make_unique_for_overwrite<const T *[]>(
          std::size_t(home.local_extent(d)));
      for (std::size_t K = 0; K < P.SelfSlot.size(); ++K)
        Rows[std::size_t(P.SelfSlot[K])] =
            a.local_data() + std::size_t(P.SelfLocal[K] * Row);
      for (std::size_t K = 0; K < P.RecvSlot.size(); ++K)
        Rows[std::size_t(P.RecvSlot[K])] =
            Buf->data() + std::size_t(P.RecvPos[K] * Row);
    }
    if (Buf->grown() && detail::readReport())
      ++detail::fetchTotals().Buffers;
  }
  fetched(const fetched &) = delete;
  fetched &operator=(const fetched &) = delete;

  /// Rank 1: the fetched elements, by slot.
  const T *data() const { return Buf->data(); }
  /// Rank N: the fetched rows, by slot.
  const T *const *rows() const { return Rows.get(); }

private:
  /// The elements of a row: 1 for rank 1; else the extents of the '*'
  /// dimensions (the compiler fetches rows only of such arrays).
  template <int R>
  static index_t rowLength(const hpf::darray<T, R> &a, const char *where) {
    index_t N = 1;
    for (int D = 1; D < R; ++D) {
      if (a.mapping().dims()[std::size_t(D)].kind() !=
          hpf::plan::DistKind::Collapsed)
        hpf::fail("fetch",
                  "rows are fetched only of arrays distributed by "
                  "their first dimension alone",
                  where);
      N *= a.extent(D);
    }
    return N;
  }
  /// The inspector: the element each owned iteration reads, and its slot;
  /// one outside A fails if `at` names the read (HPF_VERIFY).
  template <class H, int R, class F>
  static void inspect(const H &home, int d, index_t lo, index_t hi,
                      const hpf::darray<T, R> &a, F &f, const access_info &at,
                      std::vector<index_t> &Needs,
                      std::vector<index_t> &Slots) {
    const index_t n = a.extent(0);
    if (detail::readReport())
      ++detail::fetchTotals().Inspections;
    // Iteration i, read at slot.
    const auto visit = [&](index_t i, index_t slot) {
      const index_t g = f(i, slot);
      if (g >= 0 && g < n) {
        Needs.push_back(g);
        Slots.push_back(slot);
      } else if (at.name) {
        verify_index(a, 0, g, at, i);
      }
    };
    if constexpr (requires { home.Runs(index_t{}); }) {
      for (index_t i = lo; i < hi; ++i)
        if (home.Runs(i))
          visit(i, i - lo);
    } else {
      for (const segment s : owned_segments(home, d, lo, hi))
        for (index_t i = s.lo; i < s.hi; ++i)
          visit(i, i + s.off);
    }
  }

  index_t Row;
  std::optional<site_lease<T>> Buf;
  std::unique_ptr<const T *[]> Rows;
};

} // namespace hpfcc

#endif // HPFCC_FETCH_H
