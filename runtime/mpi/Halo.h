//===- mpi/Halo.h - neighbour elements for stencil reads ---------*- C++
//-*-===//
//
// HPF's shadow regions. An owner-computes loop over the elements of `Home`
// that reads a distributed array of the same rank at constant offsets in
// each dimension, A[i + a][j + b] with CMin[d] <= offset <= CMax[d], needs
// on each rank only the elements next to its own: for contiguous
// distributions (block, block(k), gen_block, '*') the rank whose part of the
// loop is the box [s0, e0) x [s1, e1) reads A's box [s0 + CMin0, e0 + CMax0)
// x [s1 + CMin1, e1 + CMax1) (clipped to A), or only the cross of it along
// each dimension when the stencil reads no corner (no offset has two
// non-zero components). hpfcc generates, for any rank (rank 1 keeps its
// short spelling):
//
//   const hpf::halo<double> H(A, Home, lo, hi, cmin, cmax, "f.cpp:7:1");
//   for (...) B[i] = H[i - 1] + H[i + 1];         // global subscripts
//   const hpf::halo<double, 2> G(M, Home, {lo0, lo1}, {hi0, hi1}, {-1, -1},
//                                {1, 1}, /*corners=*/false, "f.cpp:9:1");
//   for (...) for (...) W[..] = G(i - 1, j) + G(i, j + 1);
//
// When every element the rank reads is its own (and no other rank holds
// it), the halo reads the array's local storage in place and the
// constructor only sends (hpf::halo_copy: always a copy, for an array the
// loop writes). Otherwise the constructor copies this rank's own part and
// receives the rest from the ranks that own it: one MPI_Irecv/MPI_Isend of an
// MPI subarray type per partner and box piece, so when A is aligned with Home
// and every block is at least as wide as the offsets, only the grid neighbours
// exchange (2 per distributed dimension, plus the diagonal ones for corners).
// Every rank computes every other rank's need from the (replicated)
// distributions: there is no request round. If a distribution is not
// contiguous (cyclic(k), indirect) the whole array is gathered instead, so
// the result is always right.
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
#include "plan/DistributionND.h"

#include <array>
#include <cstddef>
#include <optional>
#include <utility>
#include <vector>

namespace hpf {

namespace rt {

/// Global index range [first, second).
using Range = std::pair<index_t, index_t>;
/// A box of global indices: one range per dimension.
using Box = std::vector<Range>;

/// What a loop reads of the source array: per dimension, the loop's bounds
/// [Lo, Hi) over Home's dimension and the offsets [CMin, CMax]; Corners
/// when an offset moves in two dimensions at once.
struct HaloReads {
  std::vector<index_t> Lo, Hi, CMin, CMax;
  bool Corners = true;
};

/// What one rank holds of the source array: the box Hull (row-major,
/// elements outside the needed boxes unset). Gather: the whole array (a
/// distribution is not contiguous).
struct HaloShape {
  Box Hull;
  bool Gather = false;
  index_t count() const;
};

/// The disjoint boxes of Src that world rank `R` reads (clipped to Src;
/// none if R runs no iteration). Both mappings must be contiguous.
std::vector<Box> haloNeed(const plan::DistributionND &Src,
                          const plan::DistributionND &Home, int R,
                          const HaloReads &Rd);
/// Rank 1: the one range rank R reads in a loop over Home's [Lo, Hi) at
/// offsets [CMin, CMax] (haloNeed of a rank-1 read).
Range haloNeed(const plan::Distribution &Src, const plan::Distribution &Home,
               int R, index_t Lo, index_t Hi, index_t CMin, index_t CMax);

/// This rank's shape (no communication).
HaloShape haloShape(const plan::DistributionND &Src,
                    const plan::DistributionND &Home, const HaloReads &Rd);

/// The box of Src this rank owns (its local storage, row-major), or
/// nothing if S's hull is not inside it (or S gathers): then the halo
/// reads the rank's own storage in place instead of a copy.
std::optional<Box> haloInPlace(const HaloShape &S,
                               const plan::DistributionND &Src);

/// Fills Out (S.count() elements of ElemSize bytes): local copy plus the
/// exchange, or the gather. Out null (haloInPlace): only the sends to the
/// ranks that need this rank's elements. Collective over the world. Fails
/// naming Where on an MPI error.
void haloExchange(const HaloShape &S, const plan::DistributionND &Src,
                  const plan::DistributionND &Home, const HaloReads &Rd,
                  const void *Local, std::size_t ElemSize, void *Out,
                  const char *Where);

/// Halo buffers are reused from one loop to the next (a sweep would
/// otherwise map and fault in fresh pages every time).
void *acquireHaloBuffer(std::size_t Bytes);
void releaseHaloBuffer(void *P, std::size_t Bytes);

/// Statistics of the last haloExchange on this rank (tests, benchmarks).
struct HaloStats {
  int Sends = 0, Recvs = 0;
  index_t ElementsReceived = 0, ElementsSent = 0;
  bool Gathered = false;
};
const HaloStats &lastHaloStats();

} // namespace rt

/// Tag: the halo's array is also written in the loop (always a copy).
struct halo_copy_t {};
inline constexpr halo_copy_t halo_copy{};

/// Read-only copy of the elements of `a` that this rank reads at offsets
/// [cmin, cmax] per dimension in a loop over `home`'s elements; indexed by
/// global indices: h[g] (rank 1) or h(i, j, ...).
template <class T, int Rank = 1> class halo {
  static_assert(alignof(T) <= __STDCPP_DEFAULT_NEW_ALIGNMENT__);

public:
  using ix = std::array<index_t, std::size_t(Rank)>;
  /// Holds nothing (generated code: an aligned array needs no copy).
  halo() = default;
  /// Rank 1: a loop over home's [lo, hi) reading a[i + c], c in
  /// [cmin, cmax].
  template <class U>
  halo(const darray<T, 1> &a, const darray<U, 1> &home, index_t lo, index_t hi,
       index_t cmin, index_t cmax,
       const char *where = nullptr) requires(Rank == 1)
      : halo(a, home, ix{lo}, ix{hi}, ix{cmin}, ix{cmax}, true, where) {}
  template <class U>
  halo(const darray<T, Rank> &a, const darray<U, Rank> &home, ix lo, ix hi,
       ix cmin, ix cmax, bool corners, const char *where = nullptr) {
    rt::HaloReads Rd;
    for (std::size_t D = 0; D < std::size_t(Rank); ++D) {
      if (cmin[D] > cmax[D])
        hpf::fail("halo", "offsets out of order", where);
      Rd.Lo.push_back(lo[D]);
      Rd.Hi.push_back(hi[D]);
      Rd.CMin.push_back(cmin[D]);
      Rd.CMax.push_back(cmax[D]);
    }
    Rd.Corners = corners;
    const plan::DistributionND &S = a.mapping(), &H = home.mapping();
    rt::HaloShape Shape = rt::haloShape(S, H, Rd);
    index_t Stride = 1;
    for (std::size_t D = std::size_t(Rank); D-- > 0;) {
      First[D] = Shape.Hull[D].first;
      Ext[D] = Shape.Hull[D].second - Shape.Hull[D].first;
      Step[D] = Stride;
      Stride *= Ext[D];
    }
    Count = Stride;
    if (std::optional<rt::Box> Own = rt::haloInPlace(Shape, S)) {
      // Every element this rank reads is its own (one rank, or no
      // neighbour's element in reach): read the local storage in place,
      // with its strides, and only serve the other ranks' needs. The array
      // is not written in the loop (else the halo_copy_t constructor
      // copies), so the values are those from before the loop.
      index_t Off = 0, OwnStride = 1;
      for (std::size_t D = std::size_t(Rank); D-- > 0;) {
        Step[D] = OwnStride;
        Off += (First[D] - (*Own)[D].first) * OwnStride;
        OwnStride *= (*Own)[D].second - (*Own)[D].first;
      }
      View = a.local_data() + Off;
      rt::haloExchange(Shape, S, H, Rd, a.local_data(), sizeof(T), nullptr,
                       where);
      return;
    }
    Bytes = std::size_t(Count) * sizeof(T);
    // Not value-initialised: every element read is set by the exchange.
    Buf = static_cast<T *>(rt::acquireHaloBuffer(Bytes));
    View = Buf;
    rt::haloExchange(Shape, S, H, Rd, a.local_data(), sizeof(T), Buf, where);
  }
  /// The same for an array the loop also writes (rank 1: A[i] = A[i + 1]):
  /// the halo always holds a copy, the values from before the loop.
  template <class U, class... Args>
  halo(halo_copy_t, const darray<T, Rank> &a, const darray<U, Rank> &home,
       Args... args)
      : halo(a, home, args...) {
    if (!Buf)
      copyOwn();
  }
  halo(halo &&O) noexcept { swap(O); }
  halo &operator=(halo &&O) noexcept {
    swap(O);
    return *this;
  }
  ~halo() {
    if (Buf)
      rt::releaseHaloBuffer(Buf, Bytes);
  }

  /// Rank 1: element g (global index); g must be inside this rank's halo.
  const T &operator[](index_t g) const requires(Rank == 1) {
    return View[g - First[0]];
  }
  /// Element (i, j, ...) by global indices, inside this rank's halo.
  template <class... I> const T &operator()(I... idx) const {
    static_assert(sizeof...(I) == Rank, "one index per dimension");
    const ix G{static_cast<index_t>(idx)...};
    // The last dimension's stride is 1 (row-major, copy or local storage):
    // spelled as a constant, an inner loop's reads are unit-stride for the
    // vectoriser without a run-time stride check.
    index_t Flat = G[std::size_t(Rank) - 1] - First[std::size_t(Rank) - 1];
    for (std::size_t D = 0; D + 1 < std::size_t(Rank); ++D)
      Flat += (G[D] - First[D]) * Step[D];
    return View[Flat];
  }
  /// The global indices held in dimension d: [first(d), first(d) +
  /// extent(d)); rank 1: [first(), first() + size()).
  index_t first(int d = 0) const { return First[std::size_t(d)]; }
  index_t extent(int d) const { return Ext[std::size_t(d)]; }
  index_t size() const { return Count; }

private:
  /// The in-place view becomes a copy of the same elements, contiguous.
  void copyOwn() {
    const T *From = View;
    const ix FromStep = Step;
    Bytes = std::size_t(Count) * sizeof(T);
    Buf = static_cast<T *>(rt::acquireHaloBuffer(Bytes));
    View = Buf;
    index_t Stride = 1;
    for (std::size_t D = std::size_t(Rank); D-- > 0;) {
      Step[D] = Stride;
      Stride *= Ext[D];
    }
    for (index_t K = 0; K < Count; ++K) {
      index_t Rest = K, F = 0;
      for (std::size_t D = std::size_t(Rank); D-- > 0;) {
        F += (Rest % Ext[D]) * FromStep[D];
        Rest /= Ext[D];
      }
      Buf[K] = From[F];
    }
  }
  void swap(halo &O) noexcept {
    std::swap(View, O.View);
    std::swap(Buf, O.Buf);
    std::swap(Bytes, O.Bytes);
    std::swap(Count, O.Count);
    std::swap(First, O.First);
    std::swap(Ext, O.Ext);
    std::swap(Step, O.Step);
  }
  const T *View = nullptr; ///< element First: Buf, or the local storage
  T *Buf = nullptr;        ///< owned copy (Bytes of it), or null
  std::size_t Bytes = 0;
  index_t Count = 0;
  ix First{}, Ext{}, Step{};
};

} // namespace hpf

#endif // HPF_MPI_HALO_H
