//===- mpi/Shm.h - MPI-3 shared-memory windows for darray storage -*- C++ -*-=//
//
// Internal to hpfrt. When every rank of the world runs on one node
// (MPI_COMM_TYPE_SHARED covers MPI_COMM_WORLD), a darray's storage can be a
// segment of a window made by MPI_Win_allocate_shared, which every rank maps:
// the shm executor then copies each element once, from the source rank's
// segment straight into the destination rank's segment.
//
// Windows are created collectively (inside a redistribution) and numbered
// in creation order, so a window has the same number on every rank. A
// released window (its Storage destroyed or replaced: a local event) is
// parked; parked windows are reused or freed only at collective points where
// every rank reports the same parked set (count and hash of numbers), so no
// rank ever calls MPI_Win_free alone.
//
//===----------------------------------------------------------------------===//
#ifndef HPF_MPI_SHM_H
#define HPF_MPI_SHM_H

#include "mpi/Redistribute.h"

#include <mpi.h>

#include <cstddef>
#include <cstdint>
#include <vector>

namespace hpf::rt {

struct SharedWindow {
  MPI_Win Win = MPI_WIN_NULL;
  std::uint64_t Id = 0;           ///< creation number, same on every rank
  std::vector<char *> Bases;      ///< every rank's segment, mapped here
  std::vector<std::size_t> Sizes; ///< every rank's segment bytes
  std::size_t TotalBytes = 0;
};

/// Counters (Redistribute.h's shmStats()).
ShmStats &shmCounters();

/// True when every world rank shares this node and shared windows have not
/// failed. The same answer on every rank.
bool shmUsable();

/// Collective over C: a window of Seg bytes on every rank of C (each
/// segment on its own pages), every rank's segment mapped here (Bases, and
/// its bytes in Sizes), in one passive-target epoch for the window's life.
/// MPI_WIN_NULL on every rank of C if MPI cannot allocate it; a failure on
/// some ranks only ends the job. Errors name Operation.
MPI_Win allocateSharedWindow(MPI_Comm C, std::size_t Seg,
                             std::vector<char *> &Bases,
                             std::vector<std::size_t> &Sizes,
                             const char *Operation, const char *Where);

/// Collective over the world: a new window whose segment on this rank has
/// at least Bytes. Null on every rank if MPI cannot allocate it; shm is then
/// off for the rest of the run (shmUsable() turns false).
SharedWindow *createWindow(std::size_t Bytes, const char *Where);

/// Storage's release of a window segment (local): parks the window.
void parkWindow(SharedWindow *W);

/// This rank's view of the parked set (count, order-independent hash).
std::int64_t parkedCount();
std::uint64_t parkedHash();

/// Only where every rank has the same parked set (compare parkedCount and
/// parkedHash first): the oldest parked window whose segment fits
/// Need[r] bytes on every rank r, removed from the pool; null if none.
SharedWindow *takeParked(const std::vector<std::int64_t> &Need);
/// Only where every rank has the same parked set: frees (collectively)
/// parked windows beyond a small pool (large ones, and the oldest past a
/// count), or all of them.
void trimParked(bool All, const char *Where);

} // namespace hpf::rt

#endif // HPF_MPI_SHM_H
