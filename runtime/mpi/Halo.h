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
// the result is always right; for cyclic(k), hpf::halo_tiles keeps a halo
// per block instead (HaloTiles.cpp).
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

#include <algorithm>
#include <array>
#include <cstddef>
#include <limits>
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
  bool operator==(const HaloReads &) const = default;
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

/// The box of Src this rank owns (its local storage, row-major), or
/// nothing if it owns none or S gathers.
std::optional<Box> haloOwnBox(const HaloShape &S,
                              const plan::DistributionND &Src);

/// What a halo's constructor needs of the mappings and the reads: the shape,
/// the box this rank owns (haloOwnBox) and whether the halo reads it in
/// place (haloInPlace). Computed at the first halo with these mappings and
/// reads and kept (a sweep builds the same halos every iteration; the
/// in-place test looks at every rank's box): later calls only compare keys.
struct HaloLayout {
  HaloShape Shape;
  std::optional<Box> Own, InPlace;
};
const HaloLayout &haloLayout(const plan::DistributionND &Src,
                             const plan::DistributionND &Home,
                             const HaloReads &Rd);

/// Fills Out (S.count() elements of ElemSize bytes): local copy plus the
/// exchange, or the gather. Out null (haloInPlace): only the sends to the
/// ranks that need this rank's elements. Frame: of this rank's own
/// elements, copy only those within the offsets' reach of its block's
/// edges (halo_split: the interior is read in place). Collective over the
/// world. Fails naming Where on an MPI error. The messages (every rank's
/// need, the MPI subarray types) and the parts of the own block to copy are
/// planned at the first exchange with these mappings, reads, element size
/// and kind, and reused by the later ones (HaloStats::SetUp).
void haloExchange(const HaloShape &S, const plan::DistributionND &Src,
                  const plan::DistributionND &Home, const HaloReads &Rd,
                  const void *Local, std::size_t ElemSize, void *Out,
                  const char *Where, bool Frame = false,
                  struct HaloPending *Pending = nullptr);

/// A halo_split exchange still in flight: haloExchange given Pending posts
/// the receives, sends from copies (mpi/DetachedSends.h) and copies the
/// frame, and returns; the loop runs its interior meanwhile, and the first
/// run that reads the copy (halo::view) waits for the receives
/// (finishHaloExchange), as the halo's end does if no run did. A rank thus
/// waits for its neighbours' elements only when it needs them, and never
/// for a neighbour to take its own.
struct HaloPending {
  int Slot = -1; ///< the receives' slot in the runtime (-1: none)
  const char *Where = nullptr;
  bool active() const { return Slot >= 0; }
};
void finishHaloExchange(HaloPending &P);

/// Halos of a mapping with several blocks per rank in some dimension
/// (cyclic(k): HaloTiles.cpp). Each of this rank's tiles (one block per
/// dimension) holds, in a buffer of its own, what the iterations in it read
/// (haloNeed's box for that tile), so a loop reads through the view of the
/// tile its segment lies in. Gather: the mappings differ, or a dimension is
/// indirect: the whole array (Whole), gathered.
struct TileLayout {
  bool Gather = false;
  Box Whole;
  /// Per dimension: the block size of a dimension with several blocks per
  /// rank (0: one), its process count, and this rank's number of blocks.
  std::vector<index_t> Block, Procs, Count;
  /// Per tile, row-major over Count: the box it holds (empty: the tile
  /// runs no iteration) and its first element in the buffer; its own box
  /// and the local storage's offset of that box's first element.
  std::vector<Box> Hulls;
  std::vector<index_t> Offsets;
  std::vector<Box> Boxes;
  std::vector<index_t> LocalOffsets;
  index_t Elements = 0; ///< the buffer's length
};
/// Computed at the first halo with these mappings and reads and kept.
const TileLayout &tileLayout(const plan::DistributionND &Src,
                             const plan::DistributionND &Home,
                             const HaloReads &Rd);
/// Fills Out (tileLayout's Elements, or the whole array if it gathers):
/// each tile's own pieces copied, the others received from their owners,
/// one message per pair of ranks. Frame: of the tile's own elements, only
/// those boundary iterations read (halo_split: its interior iterations
/// read the local storage in place). Collective over the world.
void tileExchange(const plan::DistributionND &Src,
                  const plan::DistributionND &Home, const HaloReads &Rd,
                  const void *Local, std::size_t ElemSize, void *Out,
                  const char *Where, bool Frame = false);

/// Halo buffers are reused from one loop to the next (a sweep would
/// otherwise map and fault in fresh pages every time).
void *acquireHaloBuffer(std::size_t Bytes);
void releaseHaloBuffer(void *P, std::size_t Bytes);

/// Statistics of the last haloExchange on this rank (tests, benchmarks).
struct HaloStats {
  int Sends = 0, Recvs = 0;
  index_t ElementsReceived = 0, ElementsSent = 0;
  index_t ElementsCopied = 0; ///< own elements copied into the halo
  bool Gathered = false;
  /// This exchange planned its messages (false: it reused the plan of an
  /// earlier exchange with the same mappings and reads).
  bool SetUp = false;
};
/// Exchange plans made on this rank so far (tests: a second sweep makes
/// none).
long haloSetUps();
const HaloStats &lastHaloStats();

} // namespace rt

/// Tag: the halo's array is also written in the loop (always a copy).
struct halo_copy_t {};
inline constexpr halo_copy_t halo_copy{};
/// Tag: the loop reads the halo only through view() of the runs
/// halo_split() cuts (generated code): the exchange copies only the frame of
/// this rank's elements that boundary iterations read, never the interior
/// of its block, which interior iterations read in place.
struct halo_split_t {};
inline constexpr halo_split_t halo_split{};

/// Tag: the array has several blocks per rank (cyclic(k)): a halo per block
/// (rt::TileLayout), read through tile(indices) of the iteration's block.
struct halo_tiles_t {};
inline constexpr halo_tiles_t halo_tiles{};

/// Elements of a row-major box of an array by global indices: element G is
/// P[sum over d of (G[d] - First[d]) * Step[d]], the last step 1. A halo's
/// copy, or the array's local storage.
template <class T, int Rank> struct halo_view {
  using ix = std::array<index_t, std::size_t(Rank)>;
  const T *P = nullptr;
  ix First{}, Step{};

  const T &operator[](index_t g) const requires(Rank == 1) {
    return P[g - First[0]];
  }
  template <class... I> const T &operator()(I... idx) const {
    static_assert(sizeof...(I) == Rank, "one index per dimension");
    const ix G{static_cast<index_t>(idx)...};
    // The last dimension's stride is 1 (row-major, copy or local storage):
    // spelled as a constant, an inner loop's reads are unit-stride for the
    // vectoriser without a run-time stride check.
    index_t Flat = G[std::size_t(Rank) - 1] - First[std::size_t(Rank) - 1];
    for (std::size_t D = 0; D + 1 < std::size_t(Rank); ++D)
      Flat += (G[D] - First[D]) * Step[D];
    return P[Flat];
  }
};

/// One block's part of a halo per block (halo_tiles): the copy V (what
/// the block's iterations read; with halo_split only the ghosts and the
/// frame) and the block's own elements in the array's local storage (Own),
/// which iterations whose reads stay in the block (Int) read in place.
template <class T, int Rank> struct halo_tile {
  using view_type = halo_view<T, Rank>;
  view_type V, Own;
  /// Per dimension, the indices whose reads stay in the block (all empty:
  /// no run reads in place).
  std::array<rt::Range, std::size_t(Rank)> Int{};
  /// As halo::interior, for this block.
  template <class... I> rt::Range interior(int d, I... idx) const {
    static_assert(sizeof...(I) == Rank, "one index per dimension");
    const std::array<index_t, std::size_t(Rank)> G{
        static_cast<index_t>(idx)...};
    for (std::size_t K = 0; K < std::size_t(Rank); ++K)
      if (int(K) != d && (G[K] < Int[K].first || G[K] >= Int[K].second))
        return {0, 0};
    return Int[std::size_t(d)];
  }
  view_type view(bool Local) const { return Local ? Own : V; }
};

/// Read-only copy of the elements of `a` that this rank reads at offsets
/// [cmin, cmax] per dimension in a loop over `home`'s elements; indexed by
/// global indices: h[g] (rank 1) or h(i, j, ...).
template <class T, int Rank = 1> class halo {
  static_assert(alignof(T) <= __STDCPP_DEFAULT_NEW_ALIGNMENT__);

public:
  using ix = std::array<index_t, std::size_t(Rank)>;
  using view_type = halo_view<T, Rank>;
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
       ix cmin, ix cmax, bool corners, const char *where = nullptr)
      : halo(a, home, lo, hi, cmin, cmax, corners, where, false) {}
  /// The same for an array the loop also writes (rank 1: A[i] = A[i + 1]):
  /// the halo always holds a copy, the values from before the loop.
  template <class U, class... Args>
  halo(halo_copy_t, const darray<T, Rank> &a, const darray<U, Rank> &home,
       Args... args)
      : halo(a, home, args...) {
    if (!Buf)
      copyOwn();
    InPlace = false;
    Int = {}; // no run reads the array's storage (the loop writes it)
  }
  /// The same for a loop that reads it through view(run) (halo_split).
  template <class U>
  halo(halo_split_t, const darray<T, 1> &a, const darray<U, 1> &home,
       index_t lo, index_t hi, index_t cmin, index_t cmax,
       const char *where = nullptr) requires(Rank == 1)
      : halo(a, home, ix{lo}, ix{hi}, ix{cmin}, ix{cmax}, true, where, true) {}
  template <class U>
  halo(halo_split_t, const darray<T, Rank> &a, const darray<U, Rank> &home,
       ix lo, ix hi, ix cmin, ix cmax, bool corners,
       const char *where = nullptr)
      : halo(a, home, lo, hi, cmin, cmax, corners, where, true) {}
  /// The same per block of a block-cyclic mapping (halo_tiles); with
  /// halo_split too, read through tile(...).view(run) of the runs cut at
  /// tile(...).interior(...).
  template <class U>
  halo(halo_tiles_t, const darray<T, 1> &a, const darray<U, 1> &home,
       index_t lo, index_t hi, index_t cmin, index_t cmax,
       const char *where = nullptr) requires(Rank == 1)
      : halo(halo_tiles, a, home, ix{lo}, ix{hi}, ix{cmin}, ix{cmax}, true,
             where) {}
  template <class U>
  halo(halo_tiles_t, halo_split_t, const darray<T, 1> &a,
       const darray<U, 1> &home, index_t lo, index_t hi, index_t cmin,
       index_t cmax, const char *where = nullptr) requires(Rank == 1)
      : halo(halo_tiles, halo_split, a, home, ix{lo}, ix{hi}, ix{cmin},
             ix{cmax}, true, where) {}
  template <class U>
  halo(halo_tiles_t, const darray<T, Rank> &a, const darray<U, Rank> &home,
       ix lo, ix hi, ix cmin, ix cmax, bool corners,
       const char *where = nullptr) {
    tiles(a, home, reads(lo, hi, cmin, cmax, corners, where), where, false);
  }
  template <class U>
  halo(halo_tiles_t, halo_split_t, const darray<T, Rank> &a,
       const darray<U, Rank> &home, ix lo, ix hi, ix cmin, ix cmax,
       bool corners, const char *where = nullptr) {
    tiles(a, home, reads(lo, hi, cmin, cmax, corners, where), where, true);
  }
  halo(halo &&O) noexcept { swap(O); }
  halo &operator=(halo &&O) noexcept {
    swap(O);
    return *this;
  }
  ~halo() {
    if (Pending.active())
      rt::finishHaloExchange(Pending);
    if (Buf)
      rt::releaseHaloBuffer(Buf, Bytes);
  }

  /// Rank 1: element g (global index); g must be inside this rank's halo
  /// (not for a halo_split halo: see view()).
  const T &operator[](index_t g) const requires(Rank == 1) { return V[g]; }
  /// Element (i, j, ...) by global indices, inside this rank's halo.
  template <class... I> const T &operator()(I... idx) const {
    return V(idx...);
  }
  /// The global indices held in dimension d: [first(d), first(d) +
  /// extent(d)); rank 1: [first(), first() + size()).
  index_t first(int d = 0) const { return V.First[std::size_t(d)]; }
  index_t extent(int d) const { return Ext[std::size_t(d)]; }
  index_t size() const { return Count; }

  /// The indices of dimension d at which an iteration whose other indices
  /// are idx (idx[d] is ignored) reads only this rank's own elements: every
  /// offset of every dimension stays inside its block. Empty if an other
  /// index is not such, or if the halo cannot read the array in place.
  template <class... I> rt::Range interior(int d, I... idx) const {
    static_assert(sizeof...(I) == Rank, "one index per dimension");
    if (InPlace) // both views are the local storage: one run
      return {std::numeric_limits<index_t>::min(),
              std::numeric_limits<index_t>::max()};
    const ix G{static_cast<index_t>(idx)...};
    for (std::size_t K = 0; K < std::size_t(Rank); ++K)
      if (int(K) != d && (G[K] < Int[K].first || G[K] >= Int[K].second))
        return {0, 0};
    return Int[std::size_t(d)];
  }
  /// What a run of iterations reads: the array's local storage for an
  /// interior run (Local), else the copy.
  view_type view(bool Local) const {
    if (!Local && Pending.active())
      rt::finishHaloExchange(Pending);
    return Local ? Own : V;
  }
  /// A halo_split exchange whose receives are still travelling: until the
  /// first view of a run that reads the copy, or the halo's end.
  bool in_flight() const { return Pending.active(); }
  /// Every run reads the array's local storage (one rank, or no
  /// neighbour's element in reach).
  bool in_place() const { return InPlace; }
  /// halo_tiles: the part of the block holding the element (i, j, ...) of
  /// the loop's home array (any index of it will do; the whole gathered
  /// array if the mappings are not served by tiles).
  template <class... I> const halo_tile<T, Rank> &tile(I... idx) const {
    static_assert(sizeof...(I) == Rank, "one index per dimension");
    const ix G{static_cast<index_t>(idx)...};
    std::size_t K = 0;
    for (std::size_t D = 0; D < std::size_t(Rank); ++D)
      if (TB[D])
        K += std::size_t(G[D] / TB[D] / TP[D] * TS[D]);
    return Tiles[K];
  }

private:
  /// Addresses the box B row-major from Vw.P (the last step 1); its
  /// extents go to Extents if given. Returns the box's element count.
  static index_t rowMajor(view_type &Vw, const rt::Box &B,
                          ix *Extents = nullptr) {
    index_t Stride = 1;
    for (std::size_t D = std::size_t(Rank); D-- > 0;) {
      Vw.First[D] = B[D].first;
      Vw.Step[D] = Stride;
      if (Extents)
        (*Extents)[D] = B[D].second - B[D].first;
      Stride *= B[D].second - B[D].first;
    }
    return Stride;
  }
  /// halo_tiles: the tiles' views into a buffer filled by the exchange;
  /// Split: each reads its block's interior in place.
  template <class U>
  void tiles(const darray<T, Rank> &a, const darray<U, Rank> &home,
             const rt::HaloReads &Rd, const char *where, bool Split) {
    const plan::DistributionND &S = a.mapping(), &H = home.mapping();
    const rt::TileLayout &Lay = rt::tileLayout(S, H, Rd);
    Count = Lay.Gather ? rowMajor(V, Lay.Whole, &Ext) : Lay.Elements;
    Bytes = std::size_t(Count) * sizeof(T);
    Buf = static_cast<T *>(rt::acquireHaloBuffer(Bytes));
    V.P = Buf;
    if (Lay.Gather) {
      Tiles.push_back({V, {}, {}}); // TB all 0: every index is tile 0
      rt::tileExchange(S, H, Rd, a.local_data(), sizeof(T), Buf, where);
      return;
    }
    index_t Stride = 1;
    for (std::size_t D = std::size_t(Rank); D-- > 0;) {
      TB[D] = Lay.Block[D];
      TP[D] = Lay.Procs[D];
      TS[D] = Stride;
      Stride *= Lay.Count[D];
    }
    // Own: the local storage's row-major steps, from the tile's first
    // element (a tile's own elements are contiguous in each dimension).
    view_type Local;
    Local.P = a.local_data();
    index_t LocalStride = 1;
    for (std::size_t D = std::size_t(Rank); D-- > 0;) {
      Local.Step[D] = LocalStride;
      LocalStride *= a.local_extent(int(D));
    }
    for (std::size_t K = 0; K < Lay.Hulls.size(); ++K) {
      halo_tile<T, Rank> &Tl = Tiles.emplace_back();
      Tl.V.P = Buf + Lay.Offsets[K];
      rowMajor(Tl.V, Lay.Hulls[K]);
      if (!Split)
        continue;
      Tl.Own = Local;
      Tl.Own.P = Local.P + Lay.LocalOffsets[K];
      for (std::size_t D = 0; D < std::size_t(Rank); ++D) {
        Tl.Own.First[D] = Lay.Boxes[K][D].first;
        Tl.Int[D] = interiorOf(S, D, Lay.Boxes[K][D], Rd.CMin[D], Rd.CMax[D]);
      }
    }
    rt::tileExchange(S, H, Rd, a.local_data(), sizeof(T), Buf, where, Split);
  }
  /// The indices of dimension D whose reads at offsets [CMin, CMax] stay
  /// in Own, the range held there. A '*' dimension read at offset 0 (the
  /// compiler's "any index" there) holds the array's whole extent, which
  /// every read of a valid program lies in: all of it, whatever the loop's
  /// range in that dimension (the home array may be longer there).
  static rt::Range interiorOf(const plan::DistributionND &S, std::size_t D,
                              rt::Range Own, index_t CMin, index_t CMax) {
    if (S.dims()[D].kind() == plan::DistKind::Collapsed && CMin == 0 &&
        CMax == 0)
      return {std::numeric_limits<index_t>::min(),
              std::numeric_limits<index_t>::max()};
    return {Own.first - CMin, Own.second - CMax};
  }
  static rt::HaloReads reads(const ix &lo, const ix &hi, const ix &cmin,
                             const ix &cmax, bool corners, const char *where) {
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
    return Rd;
  }
  template <class U>
  halo(const darray<T, Rank> &a, const darray<U, Rank> &home, ix lo, ix hi,
       ix cmin, ix cmax, bool corners, const char *where, bool Split) {
    const rt::HaloReads Rd = reads(lo, hi, cmin, cmax, corners, where);
    const plan::DistributionND &S = a.mapping(), &H = home.mapping();
    const rt::HaloLayout &Lay = rt::haloLayout(S, H, Rd);
    const rt::HaloShape &Shape = Lay.Shape;
    Count = rowMajor(V, Shape.Hull, &Ext);
    if (const std::optional<rt::Box> &Mine = Lay.Own) {
      // The array's local storage, row-major over the box this rank owns,
      // and the iterations that read nothing else.
      Own.P = a.local_data();
      rowMajor(Own, *Mine);
      for (std::size_t D = 0; D < std::size_t(Rank); ++D)
        Int[D] = interiorOf(S, D, (*Mine)[D], cmin[D], cmax[D]);
    }
    if (Lay.InPlace) {
      // Every element this rank reads is its own (one rank, or no
      // neighbour's element in reach): read the local storage in place,
      // with its strides, and only serve the other ranks' needs. The array
      // is not written in the loop (else the halo_copy_t constructor
      // copies), so the values are those from before the loop.
      // Own's addressing, from the hull's first element (first()).
      index_t Off = 0;
      for (std::size_t D = 0; D < std::size_t(Rank); ++D) {
        V.Step[D] = Own.Step[D];
        Off += (V.First[D] - Own.First[D]) * Own.Step[D];
      }
      V.P = Own.P + Off;
      InPlace = true;
      rt::haloExchange(Shape, S, H, Rd, a.local_data(), sizeof(T), nullptr,
                       where, false, Split ? &Pending : nullptr);
      return;
    }
    Bytes = std::size_t(Count) * sizeof(T);
    // Not value-initialised: every element read is set by the exchange.
    Buf = static_cast<T *>(rt::acquireHaloBuffer(Bytes));
    V.P = Buf;
    rt::haloExchange(Shape, S, H, Rd, a.local_data(), sizeof(T), Buf, where,
                     Split && Own.P, Split ? &Pending : nullptr);
  }
  /// The in-place view becomes a copy of the same elements, contiguous.
  void copyOwn() {
    const view_type From = V;
    Bytes = std::size_t(Count) * sizeof(T);
    Buf = static_cast<T *>(rt::acquireHaloBuffer(Bytes));
    V.P = Buf;
    index_t Stride = 1;
    for (std::size_t D = std::size_t(Rank); D-- > 0;) {
      V.Step[D] = Stride;
      Stride *= Ext[D];
    }
    for (index_t K = 0; K < Count; ++K) {
      index_t Rest = K, F = 0;
      for (std::size_t D = std::size_t(Rank); D-- > 0;) {
        F += (Rest % Ext[D]) * From.Step[D];
        Rest /= Ext[D];
      }
      Buf[K] = From.P[F];
    }
  }
  void swap(halo &O) noexcept {
    std::swap(V, O.V);
    std::swap(Own, O.Own);
    std::swap(Buf, O.Buf);
    std::swap(Bytes, O.Bytes);
    std::swap(Count, O.Count);
    std::swap(Ext, O.Ext);
    std::swap(Int, O.Int);
    std::swap(InPlace, O.InPlace);
    std::swap(Pending, O.Pending);
    std::swap(Tiles, O.Tiles);
    std::swap(TB, O.TB);
    std::swap(TP, O.TP);
    std::swap(TS, O.TS);
  }
  view_type V;      ///< the halo: Buf, or the local storage
  view_type Own;    ///< the array's local storage (P null: none)
  T *Buf = nullptr; ///< owned copy (Bytes of it), or null
  std::size_t Bytes = 0;
  index_t Count = 0;
  ix Ext{};
  /// Per dimension, the indices whose reads stay in this rank's block
  /// (all empty: no run reads in place).
  std::array<rt::Range, std::size_t(Rank)> Int{};
  bool InPlace = false; ///< V is the local storage too
  /// halo_split: the exchange, until the first run that reads the copy.
  mutable rt::HaloPending Pending;
  /// halo_tiles: each tile's part, and per dimension the block size (0:
  /// one block per rank), process count and tile stride.
  std::vector<halo_tile<T, Rank>> Tiles;
  ix TB{}, TP{}, TS{};
};

/// Runs of the innermost level of a nest that reads halos: consecutive
/// indices that read, for each halo k, either only the array's local
/// storage (local(k)) or its copy. The run that reads only local storage
/// comes first, while the exchanges travel (HaloPending); the runs at the
/// block's edges follow in index order (all in index order with in_order).
struct halo_run {
  index_t lo, hi; // not initialised: halo_runs sets the runs it returns
  unsigned in;
  bool local(int k) const { return (in >> k & 1u) != 0; }
};
template <std::size_t K> class halo_runs {
public:
  /// [lo, hi) cut at the ends of each halo's interior range; InOrder:
  /// all runs in index order (halo_split_runs(in_order, ...)).
  halo_runs(index_t lo, index_t hi, const std::array<rt::Range, K> &Int,
            bool InOrder = false) {
    if constexpr (K == 1) {
      // One halo (every row of a stencil sweep): below, inside and above
      // its interior, clamped to [lo, hi); no cuts to sort.
      const rt::Range &I = Int[0];
      const bool Any = I.first < I.second;
      const index_t A = Any ? std::clamp(I.first, lo, std::max(lo, hi)) : hi;
      const index_t B = Any ? std::clamp(I.second, A, std::max(A, hi)) : hi;
      // The interior first: it needs no message, so the exchange
      // travels meanwhile (HaloPending).
      if (InOrder)
        add(lo, A, 0u);
      add(A, B, 1u);
      if (!InOrder)
        add(lo, A, 0u);
      add(B, hi, 0u);
      return;
    }
    std::array<index_t, 2 * K + 2> Cut{};
    std::size_t C = 0;
    Cut[C++] = lo;
    for (const rt::Range &R : Int)
      if (R.first < R.second)
        for (index_t X : {R.first, R.second})
          if (X > lo && X < hi)
            Cut[C++] = X;
    Cut[C++] = hi;
    // At most 2K + 2 cuts, K a handful: insertion sort, inlined.
    for (std::size_t I = 1; I < C; ++I)
      for (std::size_t J = I; J > 0 && Cut[J] < Cut[J - 1]; --J)
        std::swap(Cut[J], Cut[J - 1]);
    for (std::size_t I = 0; I + 1 < C; ++I) {
      if (Cut[I] >= Cut[I + 1])
        continue;
      halo_run &R = Runs[N++];
      R.lo = Cut[I];
      R.hi = Cut[I + 1];
      R.in = 0;
      for (std::size_t H = 0; H < K; ++H)
        if (Int[H].first < Int[H].second && Int[H].first <= R.lo &&
            R.hi <= Int[H].second)
          R.in |= 1u << H;
    }
    // The run inside every interior (one at most: the interiors'
    // intersection) first, the others in order.
    constexpr unsigned All = (1u << K) - 1;
    const auto Last = Runs.begin() + std::ptrdiff_t(N);
    const auto In = std::find_if(Runs.begin(), Last,
                                 [](const halo_run &R) { return R.in == All; });
    if (!InOrder && In != Last)
      std::rotate(Runs.begin(), In, In + 1);
  }
  const halo_run *begin() const { return Runs.data(); }
  const halo_run *end() const { return Runs.data() + N; }

private:
  void add(index_t Lo, index_t Hi, unsigned In) {
    if (Lo >= Hi)
      return;
    halo_run &R = Runs[N++];
    R.lo = Lo;
    R.hi = Hi;
    R.in = In;
  }
  std::array<halo_run, 2 * K + 1> Runs; // the first N are set
  std::size_t N = 0;
};
/// The runs of the innermost level's [lo, hi) for halos whose interiors
/// there are the ranges (halo::interior of each).
template <class... R>
halo_runs<sizeof...(R)> halo_split_runs(index_t lo, index_t hi, R... ranges) {
  return halo_runs<sizeof...(R)>(lo, hi, {rt::Range(ranges)...});
}
/// Tag: the runs in index order, for a loop whose order of iterations a
/// rank can show (it may throw or end the process: a rank stops at its
/// first throw, and the ranks agree on the first in the loop's order;
/// or it does I/O). The edge runs then wait for their messages where
/// they come.
struct in_order_t {};
inline constexpr in_order_t in_order{};
template <class... R>
halo_runs<sizeof...(R)> halo_split_runs(in_order_t, index_t lo, index_t hi,
                                        R... ranges) {
  return halo_runs<sizeof...(R)>(lo, hi, {rt::Range(ranges)...}, true);
}

} // namespace hpf

#endif // HPF_MPI_HALO_H
