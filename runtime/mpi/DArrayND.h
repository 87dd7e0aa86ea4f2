//===- mpi/DArrayND.h - multi-dimensional distributed arrays ----*- C++ -*-===//
//
// `double M[R][C];` + `processors G(2, 3)` +
// `#pragma hpf distribute M(block, cyclic(2)) onto G` becomes
//   hpf::darray<double, 2> M({R, C}, {hpf::block(), hpf::cyclic(2)}, G,
//                            "f.cpp:7:1");
// Each array dimension is distributed independently over one grid dimension
// (plan::DistributionND: the non-collapsed formats take the grid dimensions
// in order; '*' is hpf::collapsed() and uses none). A rank of the grid owns
// the elements whose every distributed index its grid coordinate owns, and
// stores them row-major over its local extents. Ranks outside the grid own
// nothing but take part in every collective call. Elements start zeroed.
//
// Owner-computes loops nest one owned() range per dimension:
//   for (hpf::index_t i : M.owned(0, 0, R))
//     for (hpf::index_t j : M.owned(1, 0, C)) M(i, j) = f(i, j);
// owned(d, lo, hi) is O(1) to build for block-cyclic and collapsed
// dimensions; M(i, j) costs one multiply-add per dimension plus, for a
// dimension with several blocks per rank, a division.
//
// get/set/update/gather have the 1-D meanings (mpi/DArray.h): get is
// collective (the owner broadcasts), set/update act on the owner only,
// gather returns the whole array row-major on every rank.
//
//===----------------------------------------------------------------------===//
#ifndef HPF_MPI_DARRAYND_H
#define HPF_MPI_DARRAYND_H

#include "mpi/DArray.h"
#include "plan/DistributionND.h"

#include <array>
#include <cstddef>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

namespace hpf {

namespace rt {

/// How one dimension maps a global index to a local one on this rank.
struct DimMap {
  enum Kind : unsigned char { Offset, BlockCyclic, Table };
  Kind K = Offset;
  index_t Lo = 0;     ///< Offset: first owned global index
  index_t Block = 1;  ///< BlockCyclic: block size b
  index_t Period = 1; ///< BlockCyclic: b * p
  index_t Stride = 1; ///< row-major stride of the dimension in local storage
  const plan::Distribution *Dist = nullptr; ///< Table: indirect map
  int Coord = -1; ///< this rank's coordinate in the dimension (0 if '*')
};

/// The validated N-D distribution of `Extents` by `Formats` onto `Grid`;
/// fails (naming `Op` and `Where`) on a bad format or a grid mismatch.
plan::DistributionND makeDistributionND(const std::vector<index_t> &Extents,
                                        const std::vector<format> &Formats,
                                        const processors &Grid, const char *Op,
                                        const char *Where);
/// Per-dimension index maps of `Me` (an empty vector's coordinates are -1
/// when Me is outside the grid).
std::vector<DimMap> dimMaps(const plan::DistributionND &D, int Me);
/// Elements `Me` stores (0 outside the grid).
index_t localCountND(const plan::DistributionND &D, int Me);
/// Per dimension K, for each local index L of rank R (inside the grid):
/// the global index times dimension K's row-major global stride, so the
/// global offset of a local element is the sum over its dimensions.
std::vector<std::vector<index_t>>
globalOffsetTables(const plan::DistributionND &D, int R);
/// "(block, cyclic(2))".
std::string formatStringND(const plan::DistributionND &D);
/// Fails unless every index is inside its extent (names the operation).
void checkGlobalND(const plan::DistributionND &D, const index_t *Idx,
                   const char *Op);
/// The world rank owning the element at Idx.
int ownerND(const plan::DistributionND &D, const index_t *Idx);
/// gather(): every element, row-major, on every rank.
void gatherAllND(const plan::DistributionND &D, const void *Local,
                 std::size_t ElemSize, void *Out);
/// Fails with the 1-D get()'s message when inside an owner-computes loop.
void checkNotInIndependentLoop();

struct DArrayNDAccess; // redistribute's door into darray<T, Rank>

} // namespace rt

template <class T, int Rank> class darray {
  static_assert(Rank >= 2, "darray<T, 1> is the one-dimensional array");
  static_assert(std::is_trivially_copyable_v<T>,
                "hpf::darray elements are moved as bytes between ranks");

public:
  using value_type = T;
  static constexpr int rank = Rank;

  /// An extents[0] x extents[1] x ... array distributed by `formats` onto
  /// `grid`. Fails (naming `where`) on a bad format or grid.
  darray(std::array<index_t, Rank> extents, std::array<format, Rank> formats,
         const processors &grid, const char *where = nullptr)
      : Procs(grid), Dist(rt::makeDistributionND(
                         std::vector<index_t>(extents.begin(), extents.end()),
                         std::vector<format>(formats.begin(), formats.end()),
                         grid, "distribute", where)),
        Me(hpf::rank()) {
    adopt(/*Zero=*/true);
  }
  darray(const darray &) = delete;
  darray &operator=(const darray &) = delete;
  darray(darray &&) = default;
  darray &operator=(darray &&) = default;

  index_t extent(int d) const { return Dist.dims()[std::size_t(d)].size(); }
  index_t size() const { return Dist.size(); }
  const processors &procs() const { return Procs; }
  const plan::DistributionND &distribution() const { return Dist; }
  std::string format_string() const { return rt::formatStringND(Dist); }

  // ---- owner-computes loops ----
  /// The indices of dimension d in [lo, hi) this rank's grid coordinate
  /// owns, increasing; all of [lo, hi) for '*'; empty outside the grid.
  owned_range owned(int d, index_t lo, index_t hi) const {
    const rt::DimMap &M = Maps[std::size_t(d)];
    return owned_range(Dist.dims()[std::size_t(d)], M.Coord, lo, hi);
  }
  owned_range owned(int d) const { return owned(d, 0, extent(d)); }

  /// Element (i, j, ...); this rank must own it.
  template <class... I> T &operator()(I... idx) {
    static_assert(sizeof...(I) == Rank, "one index per dimension");
    return Data.data()[offsetOf({index_t(idx)...})];
  }
  template <class... I> const T &operator()(I... idx) const {
    static_assert(sizeof...(I) == Rank, "one index per dimension");
    return Data.data()[offsetOf({index_t(idx)...})];
  }
  /// Whether this rank owns element (i, j, ...).
  template <class... I> bool is_local(I... idx) const {
    static_assert(sizeof...(I) == Rank, "one index per dimension");
    return isLocal({index_t(idx)...});
  }
  /// World rank owning element (i, j, ...).
  template <class... I> int owner(I... idx) const {
    static_assert(sizeof...(I) == Rank, "one index per dimension");
    std::array<index_t, Rank> G{index_t(idx)...};
    return rt::ownerND(Dist, G.data());
  }

  // ---- replicated code ----
  /// Element (i, j, ...) on every rank (collective: the owner broadcasts).
  template <class... I> T get(I... idx) const {
    static_assert(sizeof...(I) == Rank, "one index per dimension");
    std::array<index_t, Rank> G{index_t(idx)...};
    rt::checkGlobalND(Dist, G.data(), "element read");
    rt::checkNotInIndependentLoop();
    T V{};
    int O = rt::ownerND(Dist, G.data());
    if (O == Me)
      V = Data.data()[offsetOf(G)];
    rt::broadcastFromOwner(&V, sizeof(T), O);
    return V;
  }
  /// set(i, j, ..., v): stores v on the owner (not collective).
  template <class... A> void set(const A &...args) {
    static_assert(sizeof...(A) == Rank + 1, "indices, then the value");
    apply(std::forward_as_tuple(args...), "element write",
          [](T &E, const auto &V) { E = V; });
  }
  /// update<op>(i, j, ..., v): M(i, j, ...) op= v on the owner.
  template <elem_op Op, class... A> void update(const A &...args) {
    static_assert(sizeof...(A) == Rank + 1, "indices, then the value");
    apply(std::forward_as_tuple(args...), "element update",
          [](T &E, const auto &V) { rt::applyOp<Op>(E, V); });
  }
  /// The whole array, row-major, on every rank (collective).
  std::vector<T> gather() const {
    std::vector<T> Out(static_cast<std::size_t>(size()));
    rt::gatherAllND(Dist, Data.data(), sizeof(T), Out.data());
    return Out;
  }

  // ---- local storage: row-major over the local extents ----
  T *local_data() { return Data.data(); }
  const T *local_data() const { return Data.data(); }
  index_t local_size() const { return Data.size(); }
  index_t local_extent(int d) const { return LocalExtents[std::size_t(d)]; }

private:
  friend struct rt::DArrayNDAccess;

  /// Recomputes the per-rank views of Dist; (re)allocates Data if Zero.
  void adopt(bool Zero) {
    Maps = rt::dimMaps(Dist, Me);
    bool In = Procs.contains(Me);
    LocalExtents.assign(std::size_t(Rank), 0);
    if (In) {
      std::vector<index_t> E = Dist.localExtents(Me);
      for (int D = 0; D < Rank; ++D)
        LocalExtents[std::size_t(D)] = E[std::size_t(D)];
    }
    if (Zero)
      Data.resize(rt::localCountND(Dist, Me), /*Zero=*/true);
  }

  index_t offsetOf(const std::array<index_t, Rank> &G) const {
    index_t Off = 0;
    for (int D = 0; D < Rank; ++D) {
      const rt::DimMap &M = Maps[std::size_t(D)];
      index_t L;
      if (M.K == rt::DimMap::Offset)
        L = G[std::size_t(D)] - M.Lo;
      else if (M.K == rt::DimMap::BlockCyclic)
        L = (G[std::size_t(D)] / M.Period) * M.Block +
            G[std::size_t(D)] % M.Block;
      else
        L = M.Dist->localIndex(G[std::size_t(D)]);
      Off += L * M.Stride;
    }
    return Off;
  }

  bool isLocal(const std::array<index_t, Rank> &G) const {
    if (!Procs.contains(Me))
      return false;
    for (int D = 0; D < Rank; ++D) {
      const plan::Distribution &X = Dist.dims()[std::size_t(D)];
      index_t I = G[std::size_t(D)];
      if (I < 0 || I >= X.size())
        return false;
      if (X.kind() != plan::DistKind::Collapsed &&
          X.owner(I) != Maps[std::size_t(D)].Coord)
        return false;
    }
    return true;
  }

  /// Runs F(element, value) on the owner of the element named by the first
  /// Rank arguments; the last argument is the value.
  template <class Tuple, class F>
  void apply(const Tuple &Args, const char *Op, F &&Fn) {
    std::array<index_t, Rank> G =
        indicesOf(Args, std::make_index_sequence<Rank>());
    rt::checkGlobalND(Dist, G.data(), Op);
    if (isLocal(G))
      Fn(Data.data()[offsetOf(G)], std::get<Rank>(Args));
  }
  template <class Tuple, std::size_t... K>
  static std::array<index_t, Rank> indicesOf(const Tuple &Args,
                                             std::index_sequence<K...>) {
    return {index_t(std::get<K>(Args))...};
  }

  processors Procs;
  plan::DistributionND Dist;
  int Me;
  std::vector<rt::DimMap> Maps;
  std::vector<index_t> LocalExtents;
  rt::Buffer<T> Data, Spare;
};

} // namespace hpf

#endif // HPF_MPI_DARRAYND_H
