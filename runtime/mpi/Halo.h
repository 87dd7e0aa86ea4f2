//===- mpi/Halo.h - neighbour elements for stencil reads ---------*- C++
//-*-===//
//
// An owner-computes loop over the elements of `Home` in [lo, hi) that reads
// another (or the same) distributed array at A[i + c], cmin <= c <= cmax,
// needs on each rank only the elements next to its own: for contiguous
// distributions (block, block(k), gen_block) the rank whose segment is
// [s, e) reads A's elements [s + cmin, e + cmax). hpfcc generates
//
//   const hpf::halo<double> H(A, Home, lo, hi, cmin, cmax, "f.cpp:7:1");
//   for (...) B[i] = H[i - 1] + H[i + 1];         // global subscripts
//
// The constructor copies this rank's own part and receives the rest from
// the ranks that own it (one MPI_Isend/MPI_Irecv per partner; when A is
// aligned with Home and every block holds at least |c| elements that is
// the left and right neighbour: at most 2 messages each way per rank).
// Ranks with small or empty blocks simply get the elements from further
// owners. Every rank computes every other rank's need from the
// (replicated) distributions, so there is no request round. If either
// distribution is not contiguous (cyclic(k), indirect) the whole array is
// gathered instead (one MPI_Allgatherv), so the result is always right.
//
// Like the gathered copy it replaces, the halo holds the values from before
// the loop: the sequential meaning of A[i + c] for an array the loop does
// not write, and of A[i + c], c > 0, for the array it writes as A[i].
//
//===----------------------------------------------------------------------===//
#ifndef HPF_MPI_HALO_H
#define HPF_MPI_HALO_H

#include "mpi/DArray.h"
#include "mpi/Env.h"
#include "plan/Distribution.h"

#include <cstddef>
#include <memory>

namespace hpf {

namespace rt {

/// What one rank holds of the source array: global indices [First,
/// First + Count). Gather: the whole array (a distribution is not
/// contiguous).
struct HaloShape {
  index_t First = 0;
  index_t Count = 0;
  bool Gather = false;
};

/// The global range of Src that world rank `R` reads in a loop over Home's
/// elements in [Lo, Hi) at offsets [CMin, CMax] (CMin <= CMax), clipped to
/// Src; empty if R runs no iteration. Both distributions must be
/// contiguous.
std::pair<index_t, index_t> haloNeed(const plan::Distribution &Src,
                                     const plan::Distribution &Home, int R,
                                     index_t Lo, index_t Hi, index_t CMin,
                                     index_t CMax);

/// This rank's shape (no communication).
HaloShape haloShape(const plan::Distribution &Src,
                    const plan::Distribution &Home, index_t Lo, index_t Hi,
                    index_t CMin, index_t CMax);

/// Fills Out (S.Count elements of ElemSize bytes): local copy plus the
/// exchange, or the gather. Collective over the world. Fails naming Where
/// on bad offsets or an MPI error.
void haloExchange(const HaloShape &S, const plan::Distribution &Src,
                  const plan::Distribution &Home, index_t Lo, index_t Hi,
                  index_t CMin, index_t CMax, const void *Local,
                  std::size_t ElemSize, void *Out, const char *Where);

/// Statistics of the last haloExchange on this rank (tests, benchmarks).
struct HaloStats {
  int Sends = 0, Recvs = 0;
  index_t ElementsReceived = 0;
  bool Gathered = false;
};
const HaloStats &lastHaloStats();

} // namespace rt

/// Read-only copy of the elements of `a` that this rank reads at i + c
/// (cmin <= c <= cmax) in a loop over `home`'s elements in [lo, hi);
/// indexed by global index.
template <class T> class halo {
public:
  template <class U>
  halo(const darray<T> &a, const darray<U> &home, index_t lo, index_t hi,
       index_t cmin, index_t cmax, const char *where = nullptr) {
    if (cmin > cmax)
      hpf::fail("halo", "offsets out of order", where);
    const plan::Distribution &S = a.distribution(), &H = home.distribution();
    rt::HaloShape Shape = rt::haloShape(S, H, lo, hi, cmin, cmax);
    // Not value-initialised: every element is overwritten by the exchange.
    Buf.reset(new T[static_cast<std::size_t>(Shape.Count)]);
    Count = Shape.Count;
    First = Shape.First;
    rt::haloExchange(Shape, S, H, lo, hi, cmin, cmax, a.local_data(), sizeof(T),
                     Buf.get(), where);
  }
  /// Element g (global index); g must be inside this rank's halo.
  const T &operator[](index_t g) const { return Buf[g - First]; }
  /// The global indices held: [first(), first() + size()).
  index_t first() const { return First; }
  index_t size() const { return Count; }

private:
  std::unique_ptr<T[]> Buf;
  index_t First = 0, Count = 0;
};

} // namespace hpf

#endif // HPF_MPI_HALO_H
