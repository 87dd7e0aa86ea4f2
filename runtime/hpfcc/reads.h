//===- hpfcc/reads.h - reads in the mapping a loop needs ---------*- C++
//-*-===//
//
// A loop nest over B (block, *) reading A[j][i], i the owned index of B's
// dimension 0, reads on each rank exactly the elements of a mapping of A:
// dimension 1 distributed like B's dimension 0, dimension 0 whole, i.e.
// (*, block). hpfcc (analysis/reads/Reads.cpp) reads A's local storage directly
// when A is known to have that mapping; otherwise, before the loop,
//
//   const hpfcc::realigned<double, 2> __hpf_re_A7(A, B, {-1, 0}, where);
//   const double *__restrict const __hpf_A7 = __hpf_re_A7.data();
//
// and the loop reads __hpf_A7 with local indices (subscript + segment
// offset in the distributed dimensions). realigned points at A's own
// storage when A has the mapping at run time (nothing moves), else it
// redistributes a copy of A into that mapping (one redistribution through
// the plan cache: each element moves at most once, and a rank receives at
// most its part, instead of the whole array a gather would send to every
// rank).
//
// HPF_READ_REPORT=1: at exit each rank prints the bytes it received for
// such reads (elements from other ranks) and how many copies it made.
//
// Depends on the runtime (mpi/hpfrt.h) and the plan library only.
//
//===----------------------------------------------------------------------===//
#ifndef HPFCC_READS_H
#define HPFCC_READS_H

#include "mpi/hpfrt.h"
#include "plan/DistributionND.h"

#include <algorithm>
#include <array>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <optional>
#include <string_view>
#include <utility>
#include <vector>

namespace hpfcc {

namespace detail {

/// HPF_READ_REPORT totals of this rank.
struct read_totals {
  long long Bytes = 0, Copies = 0;
  int Rank = 0;                   // MPI may be finalized at exit
  const char *Executor = nullptr; // of the last copy that moved elements
};
inline bool readReport() {
  static const bool On = [] {
    const char *E = std::getenv("HPF_READ_REPORT");
    return E && *E && *E != '0';
  }();
  return On;
}
inline read_totals &readTotals() {
  static read_totals T;
  static const bool Registered = [] {
    std::atexit([] {
      const read_totals &T = readTotals();
      std::fprintf(stderr,
                   "hpf-read: rank %d received %lld bytes in %lld "
                   "realigned copies%s%s\n",
                   T.Rank, T.Bytes, T.Copies, T.Executor ? " by " : "",
                   T.Executor ? T.Executor : "");
    });
    return true;
  }();
  (void)Registered;
  return T;
}

/// The descriptor an array of `extents` has when dimension d takes the
/// distribution of dimension dim_of[d] of `home` (-1: '*'). The named home
/// dimensions must be all of its distributed ones, in increasing order
/// (then the copy uses home's grid, coordinate for coordinate).
template <std::size_t R>
hpf::plan::DistributionND
read_mapping(const std::array<hpf::index_t, R> &extents,
             const hpf::plan::DistributionND &home,
             const std::array<int, R> &dim_of, const char *where) {
  std::vector<hpf::plan::Distribution> Dims;
  int Last = -1;
  std::size_t Used = 0, Distributed = 0;
  for (const hpf::plan::Distribution &D : home.dims())
    Distributed += D.kind() != hpf::plan::DistKind::Collapsed;
  for (std::size_t D = 0; D < R; ++D) {
    const int E = dim_of[D];
    if (E < 0 ||
        home.dims()[std::size_t(E)].kind() == hpf::plan::DistKind::Collapsed) {
      Dims.push_back(hpf::plan::Distribution::collapsed(extents[D]));
      continue;
    }
    const hpf::plan::Distribution &H = home.dims()[std::size_t(E)];
    if (E <= Last || H.size() != extents[D])
      hpf::fail("independent",
                "a read's subscripts do not fit the loop's distribution",
                where);
    Last = E;
    ++Used;
    Dims.push_back(H);
  }
  if (Used != Distributed)
    hpf::fail("independent",
              "a read's subscripts do not cover the loop's distributed "
              "dimensions",
              where);
  return hpf::plan::DistributionND(std::move(Dims), home.grid());
}

} // namespace detail

/// An array's elements in the mapping a loop reads them with, in local
/// storage (row-major over local_extent(0), ...).
template <class T, int R> class realigned {
public:
  template <class H>
  realigned(const hpf::darray<T, R> &a, const H &home,
            const std::array<int, std::size_t(R)> &dim_of, const char *where) {
    std::array<hpf::index_t, std::size_t(R)> Ext;
    for (int D = 0; D < R; ++D)
      Ext[std::size_t(D)] = a.extent(D);
    hpf::plan::DistributionND Need =
        detail::read_mapping(Ext, home.mapping(), dim_of, where);
    const hpf::darray<T, R> *From = &a;
    if (!(a.procs() == home.procs() && a.mapping().sameMapping(Need))) {
      hpf::redistribute_options O;
      O.where = where;
      // The loop reads the copy as its own storage: on one node the shm
      // executor would make it a shared window, whose 4 KB pages (shared
      // memory gets no transparent huge pages) cost a TLB miss per access
      // of a pass striding through it (NAS FT class A at -n 2: 1.38-1.45 s
      // with async, 1.63-1.96 s with HPF_STRATEGY=shm; docs/bench-npb.md).
      // MPI_Alltoallw keeps it private memory and moves the elements by
      // datatypes, without the pack and unpack copies of async: FT class A
      // at -n 2 runs in 0.87 of async's time, ADI at N = 2000 in 0.96
      // (docs/bench-npb.md). HPF_STRATEGY still decides when set.
      if (!hpf::rt::env("HPF_STRATEGY") &&
          std::string_view(hpf::default_strategy()) == "shm")
        O.strategy = "alltoallw";
      if (detail::readReport())
        count(a, Need, O);
      Copy = takeSpare(Need, home.procs());
      // The copy's storage is only written by the redistribution; a's
      // values stay (its storage may become a shared window).
      hpf::rt::DArrayAccess::redistributeInto(
          const_cast<hpf::darray<T, R> &>(a), *Copy, O);
      if (detail::readReport())
        detail::readTotals().Executor = hpf::rt::lastExecutor();
      From = Copy.get();
    }
    Data = From->local_data();
    for (int D = 0; D < R; ++D)
      Extents[std::size_t(D)] = From->local_extent(D);
  }
  /// The copy's storage is kept for the next copy in the same mapping (a
  /// loop run again: FT's transposes, every time step), so a copy costs
  /// the redistribution only, not fresh memory (zeroed and faulted in by
  /// the system) each time.
  ~realigned() {
    if (!Copy)
      return;
    std::vector<std::unique_ptr<hpf::darray<T, R>>> &P = spares();
    P.push_back(std::move(Copy));
    if (P.size() > MaxSpares)
      P.erase(P.begin());
  }
  realigned(const realigned &) = delete;
  realigned &operator=(const realigned &) = delete;

  const T *data() const { return Data; }
  hpf::index_t local_extent(int d) const { return Extents[std::size_t(d)]; }

private:
  /// HPF_READ_REPORT: the elements this rank receives from others (the
  /// plan's messages into it; the plan is cached for the redistribution).
  static void count(const hpf::darray<T, R> &a,
                    const hpf::plan::DistributionND &Need,
                    const hpf::redistribute_options &O) {
    detail::read_totals &Tot = detail::readTotals();
    ++Tot.Copies;
    const int Me = hpf::rank();
    Tot.Rank = Me;
    for (const hpf::plan::Message &M :
         hpf::rt::lookupPlan(a.mapping(), Need, O).Table.Messages)
      if (M.Dst == Me && M.Src != Me)
        Tot.Bytes += M.Size * hpf::index_t(sizeof(T));
  }

  /// Copies kept for reuse (the oldest dropped beyond MaxSpares), freed in
  /// hpf::finalize while MPI is alive (their storage may be a window).
  static constexpr std::size_t MaxSpares = 4;
  static std::vector<std::unique_ptr<hpf::darray<T, R>>> &spares() {
    static auto *P = [] {
      hpf::rt::atFinalize([] { spares().clear(); });
      return new std::vector<std::unique_ptr<hpf::darray<T, R>>>();
    }();
    return *P;
  }
  static std::unique_ptr<hpf::darray<T, R>>
  takeSpare(const hpf::plan::DistributionND &Need,
            const hpf::processors &Procs) {
    std::vector<std::unique_ptr<hpf::darray<T, R>>> &P = spares();
    for (auto It = P.begin(); It != P.end(); ++It)
      if ((*It)->procs() == Procs && (*It)->mapping() == Need) {
        std::unique_ptr<hpf::darray<T, R>> Found = std::move(*It);
        P.erase(It);
        return Found;
      }
    return std::make_unique<hpf::darray<T, R>>(Need, Procs);
  }

  std::unique_ptr<hpf::darray<T, R>> Copy;
  const T *Data = nullptr;
  std::array<hpf::index_t, std::size_t(R)> Extents{};
};

/// An array written in an independent loop (at the loop's own indices)
/// whose mapping is known only at run time: when it differs from the home
/// array's, it is redistributed in place to the mapping the loop writes it
/// with before the loop, and back by restore() after it (two planned
/// redistributions, cached), so that the loop runs as if it were aligned
/// instead of stopping. Nothing moves when the mappings agree.
///
///   hpfcc::aligned_for_loop<double, 1> __hpf_al_H7(H, G, {0}, "f:3:1");
///   ... the loop over G's owned elements, H through local storage ...
///   __hpf_al_H7.restore(H);
template <class T, int R> class aligned_for_loop {
public:
  template <class H>
  aligned_for_loop(hpf::darray<T, R> &a, const H &home,
                   const std::array<int, std::size_t(R)> &dim_of,
                   const char *where) {
    std::array<hpf::index_t, std::size_t(R)> Ext;
    for (int D = 0; D < R; ++D)
      Ext[std::size_t(D)] = a.extent(D);
    hpf::plan::DistributionND Need =
        detail::read_mapping(Ext, home.mapping(), dim_of, where);
    if (a.procs() == home.procs() && a.mapping().sameMapping(Need))
      return;
    Old.emplace(a.mapping(), a.procs());
    Opts.where = where;
    hpf::rt::DArrayAccess::redistribute(a, std::move(Need), home.procs(), Opts);
  }
  aligned_for_loop(const aligned_for_loop &) = delete;
  aligned_for_loop &operator=(const aligned_for_loop &) = delete;

  /// After the loop (every rank): the array's own mapping again.
  void restore(hpf::darray<T, R> &a) {
    if (!Old)
      return;
    hpf::rt::DArrayAccess::redistribute(a, std::move(Old->first), Old->second,
                                        Opts);
    Old.reset();
  }

private:
  std::optional<std::pair<hpf::plan::DistributionND, hpf::processors>> Old;
  hpf::redistribute_options Opts;
};

} // namespace hpfcc

#endif // HPFCC_READS_H
