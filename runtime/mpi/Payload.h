//===- mpi/Payload.h - memory for array elements and pack buffers -*- C++ -*-=//
//
// Internal to hpfrt. The large allocations of the runtime (an array's
// private storage, the pack buffers) go through these two calls. Normally
// they are aligned operator new[] / delete[]. In the SimGrid SMPI build
// (HPF_SMPI, tools/smpi) they are SimGrid's shared malloc when smpirun runs
// with --cfg=smpi/shared-malloc:global (or local): every simulated rank's
// buffers then map the same few physical pages, so 4096 simulated ranks fit
// in a few GB; the values are garbage (ranks overwrite each other), which
// is what a timing-only simulation wants and why hpf-bench does not verify
// then. Without that option they stay private memory: SimGrid's default
// value of the option is "global" (it governs only SMPI_SHARED_MALLOC), so
// sharing is the user's explicit choice, not the option's value alone.
// SMPI's own interception of malloc never sees operator new[], hence this.
//
//===----------------------------------------------------------------------===//
#ifndef HPF_MPI_PAYLOAD_H
#define HPF_MPI_PAYLOAD_H

#include <cstddef>
#include <new>

#ifdef HPF_SMPI
#include <smpi/smpi.h>
#include <string>
#include <xbt/config.hpp>
#endif

namespace hpf::rt {

/// Alignment of every payload block (Storage::Alignment).
constexpr std::size_t PayloadAlignment = 64;

#ifdef HPF_SMPI
/// True when smpirun was told to share malloc'd memory between simulated
/// ranks (its blocks are mmap'd pages, so page-aligned).
inline bool smpiSharedPayload() {
  static const bool Shared = [] {
    const char *Key = "smpi/shared-malloc";
    if (simgrid::config::is_default(Key))
      return false;
    const std::string V = simgrid::config::get_value<std::string>(Key);
    return V != "off" && V != "no" && V != "none";
  }();
  return Shared;
}
#endif

inline char *allocPayload(std::size_t Bytes) {
#ifdef HPF_SMPI
  if (smpiSharedPayload()) // one byte at least: freePayload frees it alike
    return static_cast<char *>(SMPI_SHARED_MALLOC(Bytes ? Bytes : 1));
#endif
  return static_cast<char *>(
      ::operator new[](Bytes, std::align_val_t(PayloadAlignment)));
}

inline void freePayload(char *Ptr) {
  if (!Ptr)
    return;
#ifdef HPF_SMPI
  if (smpiSharedPayload()) {
    SMPI_SHARED_FREE(Ptr);
    return;
  }
#endif
  ::operator delete[](Ptr, std::align_val_t(PayloadAlignment));
}

} // namespace hpf::rt

#endif // HPF_MPI_PAYLOAD_H
