//===- mpi/RedistributeND.h - redistribution of N-D arrays ------*- C++ -*-===//
//
// `#pragma hpf redistribute M(cyclic(2), block) onto H` becomes
//   hpf::redistribute(M, {hpf::cyclic(2), hpf::block()}, H, "f.cpp:12:3");
// Collective (every rank of the world calls it). Any two N-D mappings of the
// same extents, including a change of grid (H may have another shape and
// size than the array's grid), are one communication table
// (plan::computeCommTableND) scheduled as a whole, not a sequence of 1-D
// redistributions. Each message's index set is flattened into runs over the
// row-major local storage (plan::flattenRunsND), so the plan runs on the same
// executors (shm included), plan cache rules and environment settings as
// 1-D (HPF_STRATEGY, HPF_SCHEDULER, HPF_VERIFY; see mpi/Redistribute.h). The
// table is not tied to one distribution pair, so only pattern-generic
// schedulers apply; a 1-D-only one (e.g. round-robin) falls back to coloring
// with a note in the plan.
//
//===----------------------------------------------------------------------===//
#ifndef HPF_MPI_REDISTRIBUTEND_H
#define HPF_MPI_REDISTRIBUTEND_H

#include "mpi/DArrayND.h"
#include "mpi/Redistribute.h"

#include <array>
#include <cstddef>
#include <type_traits>

namespace hpf {

namespace rt {
template <class T> struct not_deduced { using type = T; };
} // namespace rt

/// One format per dimension, as std::array<format, Rank>; not deduced (Rank
/// comes from the array, and generated code passes a braced list).
template <int Rank>
using formats_of =
    typename rt::not_deduced<std::array<format, std::size_t(Rank)>>::type;

namespace rt {

/// The type-erased core: moves the elements of an array mapped by Src
/// (local data SrcData) into DstData laid out by Dst.
void redistributeBytesND(const processors &SrcProcs,
                         const plan::DistributionND &Src, const void *SrcData,
                         const processors &DstProcs,
                         const plan::DistributionND &Dst, void *DstData,
                         std::size_t ElemSize,
                         const redistribute_options &Opts);

/// The same for an array's storage (what darray<T, Rank> uses): moves Data
/// into Spare (made large enough); the shm strategy may turn both into
/// shared-window segments (mpi/Storage.h).
void redistributeStorageND(const processors &SrcProcs,
                           const plan::DistributionND &Src, Storage &Data,
                           const processors &DstProcs,
                           const plan::DistributionND &Dst, Storage &Spare,
                           std::size_t ElemSize,
                           const redistribute_options &Opts);

/// The plan redistribute would use for Src -> Dst (cached). Local, except
/// that errors end the program on this rank's call.
const plan::Plan &lookupPlanND(const plan::DistributionND &Src,
                               const plan::DistributionND &Dst,
                               const redistribute_options &Opts);

struct DArrayNDAccess {
  template <class T, int Rank>
  static void redistribute(darray<T, Rank> &A, plan::DistributionND NewDist,
                           const processors &NewProcs,
                           const redistribute_options &Opts) {
    redistributeStorageND(A.Procs, A.Dist, A.Data.storage(), NewProcs, NewDist,
                          A.Spare.storage(), sizeof(T), Opts);
    A.Spare.setSize(localCountND(NewDist, A.Me));
    A.Data.swap(A.Spare);
    A.Dist = std::move(NewDist);
    A.Procs = NewProcs;
    A.adopt(/*Zero=*/false);
  }
};

template <int Rank>
plan::DistributionND remap(const plan::DistributionND &Old,
                           const formats_of<Rank> &F, const processors &Q,
                           const char *Where) {
  std::vector<index_t> Extents;
  for (const plan::Distribution &D : Old.dims())
    Extents.push_back(D.size());
  return makeDistributionND(Extents, std::vector<format>(F.begin(), F.end()), Q,
                            "redistribute", Where);
}

} // namespace rt

template <class T, int Rank>
void redistribute(darray<T, Rank> &A, const formats_of<Rank> &f,
                  const processors &q, const redistribute_options &opts) {
  rt::DArrayNDAccess::redistribute(
      A, rt::remap<Rank>(A.distribution(), f, q, opts.where), q, opts);
}

template <class T, int Rank>
void redistribute(darray<T, Rank> &A, const formats_of<Rank> &f,
                  const processors &q, const char *where = nullptr) {
  redistribute_options O;
  O.where = where;
  redistribute(A, f, q, O);
}

/// Onto the array's current grid.
template <class T, int Rank>
void redistribute(darray<T, Rank> &A, const formats_of<Rank> &f,
                  const char *where = nullptr) {
  redistribute(A, f, A.procs(), where);
}

} // namespace hpf

#endif // HPF_MPI_REDISTRIBUTEND_H
