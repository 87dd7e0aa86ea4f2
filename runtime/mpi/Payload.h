//===- mpi/Payload.h - memory for array elements and pack buffers -*- C++ -*-=//
//
// Internal to hpfrt. The large allocations of the runtime (an array's
// private storage, the pack buffers) go through these two calls.
//
// Normally a small block is aligned operator new[] / delete[]. A block of
// HugePayload bytes or more (a benchmark's 32 MB grid) is mapped directly
// (mmap): its pages come zero-filled, so the caller need not write zeros
// over it (a darray's construction then touches no page, like the
// sequential build's static arrays in .bss: the first touch is the
// program's own set-up loop), and its whole 2 MB pages are marked
// MADV_HUGEPAGE, so a sweep over it takes one TLB entry and one page fault
// per 2 MB instead of 512 (transparent huge pages are "madvise" on Debian:
// the sequential build's .bss gets 4 KB pages). Not in a virtual machine
// that hands free memory back to its host (mpi/Payload.cpp): there the
// block's 4 KB pages are faulted in when it is mapped (mapPayload).
// HPF_HUGE_PAGES=1 or 0 decides instead.
//
// In the SimGrid SMPI build (HPF_SMPI, tools/smpi) they are SimGrid's
// shared malloc when smpirun runs with --cfg=smpi/shared-malloc:global (or
// local): every simulated rank's buffers then map the same few physical
// pages, so 4096 simulated ranks fit in a few GB; the values are garbage
// (ranks overwrite each other), which is what a timing-only simulation
// wants and why hpf-bench does not verify then. Without that option they
// stay private memory, never mapped directly (SMPI accounts for memory
// through its allocator): SimGrid's default value of the option is
// "global" (it governs only SMPI_SHARED_MALLOC), so sharing is the user's
// explicit choice, not the option's value alone. SMPI's own interception
// of malloc never sees operator new[], hence this.
//
//===----------------------------------------------------------------------===//
#ifndef HPF_MPI_PAYLOAD_H
#define HPF_MPI_PAYLOAD_H

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <new>
#ifndef HPF_SMPI
#include <sys/mman.h>
#endif

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

/// Blocks of at least this many bytes are mapped directly (zero pages,
/// huge pages where whole) where huge pages pay; smaller ones come from
/// operator new[].
constexpr std::size_t HugePayload = std::size_t(4) << 20;
/// A transparent huge page on x86-64: a mapped block starts at a multiple
/// of it, so every whole 2 MB of the block can be one.
constexpr std::size_t HugePage = std::size_t(2) << 20;

/// Where in its first 4 KB page the N-th block of a kind starts: 0, 512,
/// ..., 3584 bytes (MaxColour) in turn. Two arrays swept together
/// (`Out[i][j] = f(In[i][j +- 1])`) whose blocks both started on a page
/// boundary would have their elements at the same addresses modulo 4 KB,
/// which the CPU's check of loads against earlier stores takes for a
/// dependence (4K aliasing): the loads wait. The sequential build's static
/// arrays lie wherever the linker put them (stencil's In and Out 2048
/// bytes apart modulo 4 KB). Mapped blocks count here (nextColour), shared
/// windows by their number (mpi/Shm.cpp).
constexpr std::size_t colourOf(std::uint64_t N) {
  return std::size_t(N % 8) * 512;
}
constexpr std::size_t MaxColour = colourOf(7);

#ifndef HPF_SMPI
/// Whether large blocks are huge pages: yes, unless the machine is a
/// virtual machine that hands free memory back to its host, where they
/// cost more than they save (mpi/Payload.cpp); HPF_HUGE_PAGES=1 or 0
/// decides instead. Read once, so a block is freed as it was allocated.
bool hugePagesPay();

/// Whether a block of Bytes is mapped directly (allocPayload and
/// freePayload decide by the same rule).
inline bool mappedPayload(std::size_t Bytes) { return Bytes >= HugePayload; }

/// The length of the mapping of a block of Bytes: whole 4 KB pages.
constexpr std::size_t mappedLength(std::size_t Bytes) {
  return (Bytes + 4095) & ~std::size_t(4095);
}

/// The colour of the next mapped block.
inline std::size_t nextColour() {
  static std::atomic<unsigned> Next{0};
  return colourOf(Next.fetch_add(1, std::memory_order_relaxed));
}

/// Maps Bytes (>= HugePayload) zero-filled, nextColour() bytes into its
/// first page; throws std::bad_alloc if the kernel refuses (as operator
/// new[] would). Where huge pages pay, the block lies near a HugePage
/// boundary and its whole huge pages are advised MADV_HUGEPAGE, faulted in
/// by first touch. Elsewhere its 4 KB pages are all faulted in at once
/// (MAP_POPULATE): taken together from the kernel's free lists, largely
/// physically contiguous, which this Zen 5 guest's TLB seems to reward
/// (probably its coalescing of contiguous 4 KB pages; not verified). fft2d
/// -n 1 ran 1.28-1.43 s against 1.71-1.77 s for heap memory zeroed at
/// construction and 1.67-1.78 s for the sequential build; transpose,
/// heat1d and stencil at least as fast as either
/// (tools/kernel-bench, Zen 5).
inline char *mapPayload(std::size_t Bytes) {
  const std::size_t Colour = nextColour();
  const std::size_t Len = mappedLength(Bytes + Colour);
  if (!hugePagesPay()) {
    void *P = ::mmap(nullptr, Len, PROT_READ | PROT_WRITE,
                     MAP_PRIVATE | MAP_ANONYMOUS | MAP_POPULATE, -1, 0);
    if (P == MAP_FAILED)
      throw std::bad_alloc();
    return static_cast<char *>(P) + Colour;
  }
  // Over-map by one huge page and trim both ends to the aligned block.
  void *Raw = ::mmap(nullptr, Len + HugePage, PROT_READ | PROT_WRITE,
                     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (Raw == MAP_FAILED)
    throw std::bad_alloc();
  const auto Base = reinterpret_cast<std::uintptr_t>(Raw);
  const std::uintptr_t Start = (Base + HugePage - 1) & ~(HugePage - 1);
  if (Start > Base)
    ::munmap(Raw, Start - Base);
  if (const std::uintptr_t End = Base + Len + HugePage; End > Start + Len)
    ::munmap(reinterpret_cast<void *>(Start + Len), End - (Start + Len));
  char *P = reinterpret_cast<char *>(Start);
  // Only whole huge pages: a partial one at the end stays 4 KB pages (no
  // memory beyond Len is ever faulted in). Advice only: ignore failure
  // (a kernel without THP).
  ::madvise(P, Len & ~(HugePage - 1), MADV_HUGEPAGE);
  return P + Colour;
}
#endif

/// Bytes of memory aligned to PayloadAlignment. *Zeroed (if given) says
/// whether every byte is known to be zero (a fresh mapping).
inline char *allocPayload(std::size_t Bytes, bool *Zeroed = nullptr) {
  if (Zeroed)
    *Zeroed = false;
#ifdef HPF_SMPI
  if (smpiSharedPayload()) // one byte at least: freePayload frees it alike
    return static_cast<char *>(SMPI_SHARED_MALLOC(Bytes ? Bytes : 1));
#else
  if (mappedPayload(Bytes)) {
    if (Zeroed)
      *Zeroed = true;
    return mapPayload(Bytes);
  }
#endif
  return static_cast<char *>(
      ::operator new[](Bytes, std::align_val_t(PayloadAlignment)));
}

/// Frees what allocPayload(Bytes) returned (null: nothing).
inline void freePayload(char *Ptr, [[maybe_unused]] std::size_t Bytes) {
  if (!Ptr)
    return;
#ifdef HPF_SMPI
  if (smpiSharedPayload()) {
    SMPI_SHARED_FREE(Ptr);
    return;
  }
#else
  if (mappedPayload(Bytes)) {
    const std::size_t Colour = reinterpret_cast<std::uintptr_t>(Ptr) % 4096;
    ::munmap(Ptr - Colour, mappedLength(Bytes + Colour));
    return;
  }
#endif
  ::operator delete[](Ptr, std::align_val_t(PayloadAlignment));
}

} // namespace hpf::rt

#endif // HPF_MPI_PAYLOAD_H
