//===- mpi/Redistribute.h - redistribution of distributed arrays -*- C++ -*-=//
//
// `#pragma hpf redistribute A(cyclic(3)) onto Q` becomes
//   hpf::redistribute(A, hpf::cyclic(3), Q, "f.cpp:12:3");
// or, with a plan the compiler computed (mpi/StaticPlan.h),
//   hpf::redistribute(A, hpf::cyclic(3), Q, __hpf_plan_1, "f.cpp:12:3");
// Every rank of the world calls it (ranks outside both arrangements return
// at once after the collective parts). Values are kept: afterwards element g
// lives on its new owner at its new local index.
//
// The plan (communication table with index runs + contention-free schedule)
// comes from the static plan if given, else from a cache keyed by the source
// and target distributions and the scheduler, else it is computed and
// cached. Every rank computes the same plan (the plan library is
// deterministic); HPF_VERIFY=1 compares fingerprints across ranks.
//
// Executors (strategy):
//   shm        (default) one copy per element: when every rank runs on one
//              node, the array's storage moves into MPI-3 shared-memory
//              windows (mpi/Storage.h) and each rank copies its share of
//              the elements straight from the source ranks' storage into
//              the destination ranks' storage between two synchronisations.
//              Falls back to steps across nodes, when windows are
//              unavailable, or through redistributeBytes (raw pointers)
//   steps      the schedule's steps; one partner per step, non-blocking
//              inside a large step; big messages go in chunks so packing,
//              transfer and unpacking overlap
//   async      every message at once (irecv all, pack + isend, unpack as
//              they arrive)
//   alltoallv  pack everything, one MPI_Alltoallv, unpack
//   alltoallw  MPI derived datatypes built from the index runs, one
//              MPI_Alltoallw, no packing
// Self messages are always local copies. Contiguous runs are sent and
// received in place (no packing).
//
// Environment: HPF_STRATEGY=shm|steps|async|alltoallv|alltoallw overrides the
// default strategy, HPF_SCHEDULER=<name> the default scheduler ("auto"),
// HPF_VERIFY=1 checks every redistribution (element counts, a checksum of
// (global index, value) pairs before and after, plan fingerprints).
//
//===----------------------------------------------------------------------===//
#ifndef HPF_MPI_REDISTRIBUTE_H
#define HPF_MPI_REDISTRIBUTE_H

#include "mpi/DArray.h"
#include "mpi/StaticPlan.h"
#include "plan/Plan.h"

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
/// HPF_STRATEGY names one).
const std::vector<std::string> &strategies();
const char *default_strategy();

namespace rt {

/// The type-erased core of redistribute: moves the elements of an array
/// distributed by Src (local data SrcData) into DstData laid out by Dst.
void redistributeBytes(const processors &SrcProcs,
                       const plan::Distribution &Src, const void *SrcData,
                       const processors &DstProcs,
                       const plan::Distribution &Dst, void *DstData,
                       std::size_t ElemSize, const redistribute_options &Opts);

/// The same for a darray's storage: moves Data (laid out by Src) into
/// Spare (made large enough) laid out by Dst. The shm strategy needs this
/// form: it may turn both storages into shared-window segments.
void redistributeStorage(const processors &SrcProcs,
                         const plan::Distribution &Src, Storage &Data,
                         const processors &DstProcs,
                         const plan::Distribution &Dst, Storage &Spare,
                         std::size_t ElemSize,
                         const redistribute_options &Opts);

/// Redistributes the local elements in Data (laid out by Src) to the layout
/// Dst and swaps: Data then holds the new local elements, Spare the old
/// memory (reused by the next call). Collective. What darray<T, 1> uses;
/// an N-D array flattened to a 1-D plan calls it the same way.
template <class T>
void redistributeBuffers(const processors &SrcProcs,
                         const plan::Distribution &Src, Buffer<T> &Data,
                         Buffer<T> &Spare, const processors &DstProcs,
                         const plan::Distribution &Dst,
                         const redistribute_options &Opts) {
  int Me = hpf::rank();
  redistributeStorage(SrcProcs, Src, Data.storage(), DstProcs, Dst,
                      Spare.storage(), sizeof(T), Opts);
  Spare.setSize(DstProcs.contains(Me) ? Dst.localCount(Me) : 0);
  Data.swap(Spare);
}

/// The plan redistribute would use (cached; computes it on first use).
/// Collective only under HPF_VERIFY; otherwise local.
const plan::Plan &lookupPlan(const plan::Distribution &Src,
                             const plan::Distribution &Dst,
                             const redistribute_options &Opts);

struct CacheStats {
  std::uint64_t Hits = 0, Misses = 0, StaticPlans = 0;
  double LastComputeSeconds = 0; ///< time of the last plan computed
};
CacheStats cacheStats();

/// What the shm executor did so far on this rank.
struct ShmStats {
  std::uint64_t Runs = 0;      ///< redistributions it ran
  std::uint64_t Fallbacks = 0; ///< calls that fell back to steps
  std::uint64_t WindowsCreated = 0, WindowsReused = 0, WindowsFreed = 0;
};
ShmStats shmStats();
/// Collective: frees now the shared windows of arrays destroyed since the
/// last shm redistribution (else they are reused or freed there, or in
/// hpf::finalize). Does nothing unless every rank destroyed the same ones.
void releaseParkedWindows();
/// Drops every cached plan (and frees its MPI datatypes).
void clearPlanCache();

struct DArrayAccess {
  template <class T>
  static void redistribute(darray<T, 1> &A, const plan::Distribution &NewDist,
                           const processors &NewProcs,
                           const redistribute_options &Opts) {
    redistributeBuffers(A.Procs, A.Dist, A.Data, A.Spare, NewProcs, NewDist,
                        Opts);
    A.Dist = NewDist;
    A.Procs = NewProcs;
  }
};

} // namespace rt

template <class T>
void redistribute(darray<T, 1> &A, const format &f, const processors &q,
                  const redistribute_options &opts) {
  rt::DArrayAccess::redistribute(
      A, f.instantiate(A.size(), q.size(), "redistribute", opts.where), q,
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
