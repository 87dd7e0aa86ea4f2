//===- mpi/Redistribute.h - redistribution of distributed arrays -*- C++ -*-=//
//
// `#pragma hpf redistribute A(cyclic(3)) onto Q` becomes
//   hpf::redistribute(A, hpf::cyclic(3), Q, "f.cpp:12:3");
// `#pragma hpf redistribute M(cyclic(2), block) onto H` becomes
//   hpf::redistribute(M, {hpf::cyclic(2), hpf::block()}, H, "f.cpp:12:3");
// or, with a plan the compiler computed (plan/StaticPlan.h, any rank),
//   hpf::redistribute(A, hpf::cyclic(3), Q, __hpf_plan_1, "f.cpp:12:3");
// Both spellings are thin layers over one entry point
// (rt::redistributeStorage, on plan::DistributionND). Every rank of the
// world calls it (ranks outside both arrangements return at once after the
// collective parts). Values are kept: afterwards every element lives on its
// new owner at its new local index. Any two mappings of the same extents,
// including a change of grid (H may have another shape and size than the
// array's grid), are one communication table scheduled as a whole; rank-1
// arrays keep the 1-D closed forms and schedulers (plan::makePlan).
//
// The plan (communication table with index runs + contention-free schedule)
// comes from the static plan if given (checked once by
// plan::checkStaticPlan), else from the plan cache (mpi/PlanCache.h: one
// key, least recently used dropped beyond 64 entries), else it is computed
// and cached. Every rank computes the same plan (the plan library is
// deterministic); HPF_VERIFY=1 compares fingerprints across ranks. The
// executors that need no global schedule (async, alltoallv, alltoallw)
// take a rank plan instead (plan::makeRankPlan: only the messages this
// rank sends and receives, no scheduler), so no rank pays for the whole
// P x Q table at start-up; HPF_RANK_PLAN=0 turns that off.
//
// Executors (strategy):
//   shm        (default on one node) one copy per element: when every rank
//              runs on one node, the array's storage moves into MPI-3
//              shared-memory windows (mpi/Storage.h) and each rank copies its
//              share of the elements straight from the source ranks' storage
//              into the destination ranks' storage between two
//              synchronisations. Across nodes it runs async, with HPF_SHM=0 or
//              when windows are unavailable steps (mpi/Strategy.h; a note says
//              so)
//   steps      the schedule's steps; one partner per step, non-blocking
//              inside a large step; big messages go in chunks so packing,
//              transfer and unpacking overlap
//   host-steps like steps, over the host steps of plan/HostSchedule.h (no
//              host link shared within a step)
//   nodes      between hosts one message per host pair, through each
//              host's leader rank (mpi/NodeExecutor.cpp)
//   async      (default across nodes of one rank each) every message at once
//              (irecv all, pack + isend, unpack as they arrive)
//   hybrid     (default across nodes where a node holds several ranks)
//              async between hosts; inside a host through a shared window
//              of the host, meanwhile (mpi/HybridExecutor.cpp)
//   alltoallv  pack everything, one MPI_Alltoallv, unpack
//   alltoallw  MPI derived datatypes built from the index runs, one
//              MPI_Alltoallw, no packing
// Self messages are always local copies. Contiguous runs are sent and
// received in place (no packing).
//
// Environment: HPF_STRATEGY=<executor> (strategies()) overrides the
// default strategy, HPF_SCHEDULER=<name> the default scheduler ("auto"),
// HPF_VERIFY=1 checks every redistribution (element counts, a checksum of
// (global index, value) pairs before and after, plan fingerprints).
//
//===----------------------------------------------------------------------===//
#ifndef HPF_MPI_REDISTRIBUTE_H
#define HPF_MPI_REDISTRIBUTE_H

#include "mpi/DArray.h"
#include "plan/Plan.h"
#include "plan/StaticPlan.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace hpf {

/// Choices for one call; null fields take the environment or the default.
struct redistribute_options {
  const char *strategy = nullptr;  ///< "shm", "steps", "async", ...
  const char *scheduler = nullptr; ///< plan-library scheduler name
  const static_plan *plan = nullptr;
  const char *where = nullptr; ///< source location for messages
};

/// The executor names, and the default (used when neither the call nor
/// HPF_STRATEGY names one): shm when every rank runs on one node, async
/// across nodes, hybrid across nodes where a node holds several ranks.
/// default_strategy() is collective on its first call (it probes where the
/// ranks are, like the first redistribution).
const std::vector<std::string> &strategies();
const char *default_strategy();

namespace rt {

/// The one entry point: moves the elements of an array mapped by Src (its
/// storage Data) into Spare (made large enough) laid out by Dst, and returns
/// true; the caller swaps the two. The shm strategy may turn both storages
/// into shared-window segments (mpi/Storage.h). Collective, except that
/// when Src and Dst place every element on the same rank at the same local
/// offset (a no-op only known at run time, e.g. cyclic(N/P) and block) it
/// returns false at once on every rank (the mappings are the same on every
/// rank, so every rank decides alike) and Data already holds the result.
bool redistributeStorage(const processors &SrcProcs,
                         const plan::DistributionND &Src, Storage &Data,
                         const processors &DstProcs,
                         const plan::DistributionND &Dst, Storage &Spare,
                         std::size_t ElemSize,
                         const redistribute_options &Opts);

/// The plan redistribute would use for Src -> Dst (cached; computes it on
/// first use). Local, except that errors end the program on this rank.
const plan::Plan &lookupPlan(const plan::DistributionND &Src,
                             const plan::DistributionND &Dst,
                             const redistribute_options &Opts);

struct CacheStats {
  std::uint64_t Hits = 0, Misses = 0, StaticPlans = 0;
  std::uint64_t NoOps = 0;       ///< calls that found the same mapping: no copy
  double LastComputeSeconds = 0; ///< time of the last plan computed
};
CacheStats cacheStats();

/// The executor that ran this rank's last redistribution ("shm", "async",
/// ...; null before the first): what the default or a fallback chose.
const char *lastExecutor();

/// What the shm executor did so far on this rank.
struct ShmStats {
  std::uint64_t Runs = 0;      ///< redistributions it ran
  std::uint64_t Fallbacks = 0; ///< shm calls that ran another executor
  std::uint64_t WindowsCreated = 0, WindowsReused = 0, WindowsFreed = 0;
  /// runs from private storage on every rank: the sources wrote straight
  /// into the destination window (an array's first shm redistribution)
  std::uint64_t Pushes = 0;
};
ShmStats shmStats();
/// Collective: frees now the shared windows of arrays destroyed since the
/// last shm redistribution (else they are reused or freed there, or in
/// hpf::finalize). Does nothing unless every rank destroyed the same ones.
void releaseParkedWindows();
/// Drops every cached plan (and frees its MPI datatypes).
void clearPlanCache();

struct DArrayAccess {
  /// Redistributes A's storage to NewDist on NewProcs and swaps: Data then
  /// holds the new local elements, Spare the old memory (reused by the next
  /// call).
  template <class T, int Rank>
  static void redistribute(darray<T, Rank> &A, plan::DistributionND NewDist,
                           const processors &NewProcs,
                           const redistribute_options &Opts) {
    if (redistributeStorage(A.Procs, A.Dist, A.Data.storage(), NewProcs,
                            NewDist, A.Spare.storage(), sizeof(T), Opts)) {
      A.Spare.setSize(localCountOf(NewDist, A.Me));
      A.Data.swap(A.Spare);
    }
    A.Dist = std::move(NewDist);
    A.Procs = NewProcs;
    A.adopt(/*Zero=*/false);
  }
  /// Out's elements become A's, moved from A's mapping to Out's (Out's
  /// storage is only written; A's values stay: the shm strategy may move
  /// its storage into a shared window, which is why A is not const here).
  /// A copy of an array in another mapping without a copy in A's first.
  template <class T, int Rank>
  static void redistributeInto(darray<T, Rank> &A, darray<T, Rank> &Out,
                               const redistribute_options &Opts) {
    if (redistributeStorage(A.Procs, A.Dist, A.Data.storage(), Out.Procs,
                            Out.Dist, Out.Data.storage(), sizeof(T), Opts))
      Out.Data.setSize(localCountOf(Out.Dist, Out.Me));
    else // the same layout at run time: A's storage holds Out's elements
      std::copy(A.Data.data(), A.Data.data() + A.Data.size(), Out.Data.data());
  }
  /// Swaps the elements of two arrays of the same mapping by swapping their
  /// storage (std::swap of two distributed arrays, hpfcc/algorithms.h).
  template <class T, int Rank>
  static void swapStorage(darray<T, Rank> &A, darray<T, Rank> &B) {
    A.Data.swap(B.Data);
  }
};

template <class T> struct not_deduced { using type = T; };

} // namespace rt

/// HPF's inherited mapping: a function that redistributes an array
/// parameter gives the caller's array its mapping back on return (hpfcc
/// declares one of these first in the function body; collective).
template <class T, int Rank> class restore_mapping {
public:
  explicit restore_mapping(darray<T, Rank> &A)
      : A(A), Dist(A.mapping()), Procs(A.procs()) {}
  restore_mapping(const restore_mapping &) = delete;
  restore_mapping &operator=(const restore_mapping &) = delete;
  ~restore_mapping() {
    rt::DArrayAccess::redistribute(A, Dist, Procs, redistribute_options{});
  }

private:
  darray<T, Rank> &A;
  plan::DistributionND Dist;
  processors Procs;
};

/// One format per dimension, as std::array<format, Rank>; not deduced (Rank
/// comes from the array, and generated code passes a braced list).
template <int Rank>
using formats_of =
    typename rt::not_deduced<std::array<format, std::size_t(Rank)>>::type;

// ---- any rank: one format per dimension ----

template <class T, int Rank>
void redistribute(darray<T, Rank> &A, const formats_of<Rank> &f,
                  const processors &q, const redistribute_options &opts) {
  std::vector<index_t> Extents;
  for (int D = 0; D < Rank; ++D)
    Extents.push_back(A.extent(D));
  rt::DArrayAccess::redistribute(
      A,
      rt::makeDistribution(Extents, std::vector<format>(f.begin(), f.end()), q,
                           "redistribute", opts.where),
      q, opts);
}

template <class T, int Rank>
void redistribute(darray<T, Rank> &A, const formats_of<Rank> &f,
                  const processors &q, const char *where = nullptr) {
  redistribute_options O;
  O.where = where;
  redistribute(A, f, q, O);
}

template <class T, int Rank>
void redistribute(darray<T, Rank> &A, const formats_of<Rank> &f,
                  const processors &q, const static_plan &plan,
                  const char *where = nullptr) {
  redistribute_options O;
  O.plan = &plan;
  O.where = where;
  redistribute(A, f, q, O);
}

/// Onto the array's current grid.
template <class T, int Rank>
void redistribute(darray<T, Rank> &A, const formats_of<Rank> &f,
                  const char *where = nullptr) {
  redistribute(A, f, A.procs(), where);
}

// ---- rank 1: one format, over all ranks of q ----

template <class T>
void redistribute(darray<T, 1> &A, const format &f, const processors &q,
                  const redistribute_options &opts) {
  rt::DArrayAccess::redistribute(
      A, rt::makeDistribution(A.size(), f, q, "redistribute", opts.where), q,
      opts);
}

template <class T>
void redistribute(darray<T, 1> &A, const format &f, const processors &q,
                  const char *where = nullptr) {
  redistribute_options O;
  O.where = where;
  redistribute(A, f, q, O);
}

template <class T>
void redistribute(darray<T, 1> &A, const format &f, const processors &q,
                  const static_plan &plan, const char *where = nullptr) {
  redistribute_options O;
  O.plan = &plan;
  O.where = where;
  redistribute(A, f, q, O);
}

/// Onto the array's current arrangement.
template <class T>
void redistribute(darray<T, 1> &A, const format &f,
                  const char *where = nullptr) {
  redistribute(A, f, A.procs(), where);
}

} // namespace hpf

#endif // HPF_MPI_REDISTRIBUTE_H
