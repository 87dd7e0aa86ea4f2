//===- mpi/Storage.h - the bytes of a distributed array's local part -*- C++
//-*-//
//
// A darray's local elements live in a Storage: either private memory of this
// process, or this rank's segment of an MPI-3 shared-memory window (when
// every rank runs on one node). The `shm` executor (mpi/Redistribute.h)
// needs the latter: it copies every element once, straight from the source
// rank's segment into the destination rank's segment.
//
// A Storage starts private. Only the shm executor turns storages into
// window segments, and it does so inside a redistribution (collective): the
// construction of a darray stays a local operation. Releasing a window
// segment is local too: MPI_Win_free is collective, so a released window is
// parked and freed (or reused) later at a point where every rank has
// released it, i.e. inside the next shm redistribution or in hpf::finalize.
// A darray may therefore be destroyed on any rank at any time; a program
// that destroys arrays in different orders on different ranks only keeps
// their windows until exit.
//
//===----------------------------------------------------------------------===//
#ifndef HPF_MPI_STORAGE_H
#define HPF_MPI_STORAGE_H

#include <cstddef>
#include <cstdint>
#include <utility>

namespace hpf::rt {

struct SharedWindow; // mpi/Shm.h (internal)

class Storage {
public:
  Storage() = default;
  Storage(const Storage &) = delete;
  Storage &operator=(const Storage &) = delete;
  Storage(Storage &&O) noexcept { swap(O); }
  Storage &operator=(Storage &&O) noexcept {
    Storage Old;
    Old.swap(O);
    swap(Old);
    return *this;
  }
  ~Storage() { release(); }

  /// Every storage starts at a multiple of this (private memory and window
  /// segments alike): data() says so to the compiler, so generated loops
  /// whose accesses are a multiple of 16 bytes from the start use aligned
  /// vector loads (which SSE can fold into arithmetic) like the sequential
  /// build's static arrays.
  static constexpr std::size_t Alignment = 64;

  char *data() const {
    return static_cast<char *>(__builtin_assume_aligned(Ptr, Alignment));
  }
  std::size_t capacity() const { return Cap; }
  /// The window this storage is a segment of (null when private).
  SharedWindow *window() const { return Win; }

  /// Makes room for Bytes; keeps the memory (shared or not) when it is
  /// large enough, else switches to new private memory. Contents are not
  /// kept. True if the memory is new and known to be all zero bytes (a
  /// fresh mapping, mpi/Payload.h): the caller need not zero it.
  bool reserve(std::size_t Bytes);
  /// Becomes this rank's segment of W (which it now owns); the previous
  /// memory is released.
  void adopt(SharedWindow *W);
  void swap(Storage &O) noexcept {
    std::swap(Ptr, O.Ptr);
    std::swap(Cap, O.Cap);
    std::swap(Win, O.Win);
  }

private:
  void release();

  char *Ptr = nullptr;
  std::size_t Cap = 0;
  SharedWindow *Win = nullptr;
};

} // namespace hpf::rt

#endif // HPF_MPI_STORAGE_H
