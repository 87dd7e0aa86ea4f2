//===- mpi/DArray.h - distributed arrays of any rank ------------*- C++ -*-===//
//
// One class, hpf::darray<T, Rank> (Rank defaults to 1), described by one
// plan::DistributionND for every rank: a one-dimensional array is rank 1 on
// the grid {p}.
//
// `double A[N];` + `#pragma hpf distribute A(cyclic(4)) onto P` becomes
//   hpf::darray<double> A(N, hpf::cyclic(4), P, "f.cpp:5:1");
// `double M[R][C];` + `processors G(2, 3)` +
// `#pragma hpf distribute M(block, cyclic(2)) onto G` becomes
//   hpf::darray<double, 2> M({R, C}, {hpf::block(), hpf::cyclic(2)}, G,
//                            "f.cpp:7:1");
// Each array dimension is distributed independently over one grid dimension
// (the non-collapsed formats take the grid dimensions in order; '*' is
// hpf::collapsed() and uses none). A rank of the grid stores the elements
// it owns row-major over its local extents (rank 1: in local index order,
// hpf::plan::Distribution::localIndex). Ranks outside the grid own nothing
// but take part in every collective call. Elements start zeroed (like a C++
// array with static storage).
//
// Multi-dimensional owner-computes loops nest one owned() range per
// dimension:
//   for (hpf::index_t i : M.owned(0, 0, R))
//     for (hpf::index_t j : M.owned(1, 0, C)) M(i, j) = f(i, j);
// owned(d, lo, hi) is O(1) to build for block-cyclic and collapsed
// dimensions; M(i, j) costs one multiply-add per dimension plus, for a
// dimension with several blocks per rank, a division. Rank 1 keeps its
// closed forms (A[g] is Distribution::localIndex).
//
// Owner-computes loops: `for (int i = lo; i < hi; ++i) A[i] = f(i);` becomes
//   for (hpf::index_t i : A.owned(lo, hi)) A[i] = f(i);
// A[g] maps a global index to local storage and is legal only for indices
// this rank owns; A.owned(lo, hi) visits exactly those in [lo, hi), in
// increasing order (so iteration order is the sequential one per rank). For
// the fastest loops use the local view: A.local_data()[l] for l in
// [0, A.local_size()) with A.global_index(l), or the iterator's .local().
//
// Replicated code reading or writing one element uses A.get(g) (collective:
// every rank calls it, the owner broadcasts) and A.set(g, v) (the owner
// stores). A[k] op= v in replicated code is A.update<hpf::elem_op::op>(k, v)
// (v evaluated on every rank, the owner applies it). A.gather() returns the
// whole array on every rank (collective). get() fails (instead of hanging)
// when called inside an owner-computes loop, where ranks run different
// iteration counts: hpfcc's loops hold an rt::independent_scope.
// The N-D element calls take one index per dimension: M.get(i, j),
// M.set(i, j, v), M.update<op>(i, j, v). Generated code calls the _at
// forms, whose first argument is the element's source location (a string
// literal) that a failing call names: A.get_at("f.cpp:7:10", k). A field
// of a struct element is stored with A.set_part_at(where, part, k, v) /
// A.update_part_at<op>(where, part, k, v), part returning a reference to
// the field (`A[k].p.x = v`). A store inside an owner-computes loop (from a
// function the loop calls) to an element another rank owns fails too.
// `in >> A[k]` is `in >> A.extract_at(where, k)` (hpf::element_in).
//
//===----------------------------------------------------------------------===//
#ifndef HPF_MPI_DARRAY_H
#define HPF_MPI_DARRAY_H

#include "mpi/Ahead.h"
#include "mpi/Env.h"
#include "mpi/Format.h"
#include "mpi/IndependentScope.h"
#include "mpi/Processors.h"
#include "mpi/Storage.h"
#include "plan/DistributionND.h"

#include <algorithm>
#include <array>
#include <complex>
#include <cstddef>
#include <cstring>
#include <functional>
#include <initializer_list>
#include <memory>
#include <new>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

namespace hpf {

namespace rt {

/// Local storage that only reallocates when it must grow: a redistribution
/// writes into the array's spare buffer and swaps, so repeated
/// redistributions allocate nothing after the first round trip. The bytes
/// are a Storage (mpi/Storage.h): private memory, or a segment of a shared
/// window once the shm executor has used the array.
template <class T> class Buffer {
public:
  T *data() { return reinterpret_cast<T *>(Bytes.data()); }
  const T *data() const { return reinterpret_cast<const T *>(Bytes.data()); }
  index_t size() const { return Size; }
  /// Makes room for n elements; contents are unspecified unless Zero.
  void resize(index_t N, bool Zero) {
    // N * sizeof(T) must not wrap to a small allocation.
    if (std::size_t(N) > std::size_t(-1) / sizeof(T))
      throw std::bad_array_new_length();
    // Fresh mapped memory is zero already: writing zeros over it would
    // fault in every page before the program's own first touch.
    const bool Fresh = Bytes.reserve(std::size_t(N) * sizeof(T));
    if (Zero && !(Fresh && zeroBytesAreValue()))
      std::uninitialized_fill_n(data(), std::size_t(N), T());
    Size = N;
  }
  void swap(Buffer &O) {
    Bytes.swap(O.Bytes);
    std::swap(Size, O.Size);
  }
  /// The memory itself (for the executors); setSize after filling it.
  Storage &storage() { return Bytes; }
  void setSize(index_t N) { Size = N; }

private:
  template <class U> struct IsComplex : std::false_type {};
  template <class U> struct IsComplex<std::complex<U>> : std::is_arithmetic<U> {};
  /// T() is all zero bytes and needs no construction (arithmetic types,
  /// object pointers, std::complex of a number; not member pointers, whose
  /// null is -1).
  static constexpr bool zeroBytesAreValue() {
    return std::is_arithmetic_v<T> || std::is_pointer_v<T> ||
           IsComplex<T>::value;
  }
  Storage Bytes;
  index_t Size = 0;
};

/// Number of elements `Rank` owns whose global index is < G.
index_t ownedBelow(const plan::Distribution &D, int Rank, index_t G);
/// get(): the owner's bytes broadcast to every rank.
void broadcastFromOwner(void *Value, std::size_t Bytes, int Owner);
/// A slice only one rank uses (hpfcc::row to a store): its owner sends its
/// Bytes to User, which receives them. Both only post the message and
/// return its handle; finishSlice waits for it (under the hang watchdog,
/// naming Where) and sets the handle to -1 (none). A nest posts all its
/// slices' messages before it waits for any, so no rank's receive waits
/// behind its own send (a periodic boundary's two planes travel at once).
/// Matched in program order, as every rank constructs the same slices in
/// the same order. Value must stay put until the message is finished.
int startSendSlice(const void *Value, std::size_t Bytes, int User);
int startReceiveSlice(void *Value, std::size_t Bytes, int Owner);
void finishSlice(int &Handle, const char *Where);
/// The size of a message MPI sends eagerly here (8 KB unless
/// HPF_BCAST_PIECE says; 0: no pieces), mpi/DArray.cpp.
std::size_t eagerPiece();
/// Fn(offset, length) for the consecutive pieces of at most Piece bytes
/// (0: one piece) that make up Bytes; one empty piece for no bytes, so
/// that every rank still takes part in a message.
template <class F>
void forEachPiece(std::size_t Bytes, std::size_t Piece, F &&Fn) {
  if (Piece == 0)
    Piece = Bytes;
  std::size_t Off = 0;
  do {
    const std::size_t N = std::min(Piece, Bytes - Off);
    Fn(Off, N);
    Off += N;
  } while (Off < Bytes);
}

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

/// The validated distribution of `Extents` by `Formats` onto `Grid`; fails
/// (naming `Op` and `Where`) on a bad format or a grid mismatch.
plan::DistributionND makeDistribution(const std::vector<index_t> &Extents,
                                      const std::vector<format> &Formats,
                                      const processors &Grid, const char *Op,
                                      const char *Where);
/// A one-dimensional array: `F` over all p.size() ranks of `P`, whatever
/// P's shape (rank 1 on the grid {p}).
plan::DistributionND makeDistribution(index_t N, const format &F,
                                      const processors &P, const char *Op,
                                      const char *Where);
/// Per-dimension index maps of `Me` (coordinates are -1 when Me is outside
/// the grid).
std::vector<DimMap> dimMaps(const plan::DistributionND &D, int Me);
/// Elements `Me` stores (0 outside the grid).
index_t localCountOf(const plan::DistributionND &D, int Me);
/// Calls Fn(global row-major offset) for every element rank R stores, in
/// its local storage order (gather and HPF_VERIFY's checksum; not a hot
/// path, hence std::function).
void forEachLocal(const plan::DistributionND &D, int R,
                  const std::function<void(index_t)> &Fn);
/// Calls Fn(global row-major offset, local offset, count) for each run of
/// elements rank R stores contiguously that are contiguous in the whole
/// array too, in local storage order; consecutive runs coalesce (one run
/// for a (block, *) rank, one per row under (*, block)). Bulk copies between
/// local storage and a whole copy go by run (gatherAll, copyOwned), not by
/// element.
void forEachLocalRun(const plan::DistributionND &D, int R,
                     const std::function<void(index_t, index_t, index_t)> &Fn);
/// Whether rank R stores the whole array in row-major order (one rank
/// owning everything: its local storage is the whole copy).
bool holdsWhole(const plan::DistributionND &D, int R);
/// The elements rank R owns, from a whole row-major copy into its local
/// storage (per run, no messages).
void copyOwned(const plan::DistributionND &D, int R, const void *Whole,
               std::size_t ElemSize, void *Local);
/// Fails unless every index is inside its extent (names the operation).
void checkGlobal(const plan::DistributionND &D, const index_t *Idx,
                 const char *Op, const char *Where = nullptr);
/// HPF_VERIFY's bounds check of an element in an independent loop
/// (hpfcc/checks.h): stops the program with "'X' index 16 is outside the
/// extents [16]" (for rank N, which dimension), then what Access spelled
/// and, if Var is not null, the loop index's value ("X[i + 1] at i = 15").
[[noreturn]] void failIndex(const plan::DistributionND &D, const char *Name,
                            int Dim, index_t Index, const char *Access,
                            const char *Var, index_t VarValue,
                            const char *Where);
/// The world rank owning the element at Idx.
int ownerOf(const plan::DistributionND &D, const index_t *Idx);
/// gather(): every element, row-major, on every rank.
void gatherAll(const plan::DistributionND &D, const void *Local,
               std::size_t ElemSize, void *Out);
/// Fails when inside an owner-computes loop (a collective read there would
/// hang: ranks run different iteration counts). Read is the read's own
/// location ("file.cpp:7:10") or null; the message names it and the loop.
void checkNotInIndependentLoop(const char *Read = nullptr);
/// Fails when inside an owner-computes loop: a standard algorithm on a
/// distributed array (Op, e.g. "std::fill", at Where) is collective
/// (hpfcc/algorithms.h), and ranks run different iterations there.
void checkAlgorithmNotInIndependentLoop(const char *Op, const char *Where);
/// Fails for a store (Op: "element write"/"element update", at Where) to
/// an element this rank does not own, made inside an owner-computes loop
/// (the owner does not run the iteration: the store would be lost).
[[noreturn]] void failRemoteWriteInIndependentLoop(const char *Op,
                                                   const char *Where);

struct DArrayAccess; // redistribute's door into darray

} // namespace rt

/// The global indices one rank owns inside [lo, hi), increasing.
class owned_range {
public:
  class iterator {
  public:
    using value_type = index_t;
    using difference_type = std::ptrdiff_t;
    index_t operator*() const { return G; }
    /// The local index of the current element.
    index_t local() const { return L; }
    iterator &operator++() {
      ++L;
      if (D->isBlockCyclic()) {
        if (++G == BlockEnd) {
          G += Jump;
          BlockEnd = G + D->blockSize();
        }
      } else if (D->kind() == plan::DistKind::Indirect) {
        if (L < End)
          G = D->globalIndex(Me, L);
      } else {
        ++G;
      }
      return *this;
    }
    bool operator==(const iterator &O) const { return L == O.L; }
    bool operator!=(const iterator &O) const { return L != O.L; }

  private:
    friend class owned_range;
    const plan::Distribution *D = nullptr;
    int Me = 0;
    index_t L = 0, End = 0, G = 0, BlockEnd = 0, Jump = 0;
  };

  owned_range(const plan::Distribution &D, int Me, index_t Lo, index_t Hi);
  iterator begin() const { return Begin; }
  iterator end() const { return EndIt; }
  /// Number of owned indices in the range.
  index_t size() const { return EndIt.L - Begin.L; }
  /// The range of local indices [first, last).
  std::pair<index_t, index_t> local_range() const { return {Begin.L, EndIt.L}; }

private:
  iterator Begin, EndIt;
};

/// The compound assignments of one element (A[k] op= v).
enum class elem_op {
  add,
  sub,
  mul,
  div,
  rem,
  shl,
  shr,
  bit_and,
  bit_or,
  bit_xor
};

namespace rt {
/// E op= v (the compound assignment of an elem_op).
template <elem_op Op, class T, class V> void applyOp(T &E, const V &v) {
  if constexpr (Op == elem_op::add)
    E += v;
  else if constexpr (Op == elem_op::sub)
    E -= v;
  else if constexpr (Op == elem_op::mul)
    E *= v;
  else if constexpr (Op == elem_op::div)
    E /= v;
  else if constexpr (Op == elem_op::rem)
    E %= v;
  else if constexpr (Op == elem_op::shl)
    E <<= v;
  else if constexpr (Op == elem_op::shr)
    E >>= v;
  else if constexpr (Op == elem_op::bit_and)
    E &= v;
  else if constexpr (Op == elem_op::bit_or)
    E |= v;
  else
    E ^= v;
}
} // namespace rt

template <class Array, class Part> struct element_in;

template <class T, int Rank = 1> class darray {
  static_assert(Rank >= 1, "an array has at least one dimension");
  static_assert(std::is_trivially_copyable_v<T>,
                "hpf::darray elements are moved as bytes between ranks");

public:
  using value_type = T;
  static constexpr int rank = Rank;

  /// An n-element array distributed by `f` onto `p`. Fails (naming
  /// `where`) if the format does not fit n and p.size().
  darray(index_t n, const format &f, const processors &p,
         const char *where = nullptr) requires(Rank == 1)
      : Procs(p), Dist(rt::makeDistribution(n, f, p, "distribute", where)),
        Me(hpf::rank()) {
    adopt(/*Zero=*/true, where);
  }
  /// Onto every rank of the world.
  darray(index_t n, const format &f,
         const char *where = nullptr) requires(Rank == 1)
      : darray(n, f, processors::all(), where) {}
  /// An extents[0] x extents[1] x ... array distributed by `formats` onto
  /// `grid`. Fails (naming `where`) on a bad format or grid.
  darray(std::array<index_t, Rank> extents, std::array<format, Rank> formats,
         const processors &grid, const char *where = nullptr)
      : Procs(grid), Dist(rt::makeDistribution(
                         std::vector<index_t>(extents.begin(), extents.end()),
                         std::vector<format>(formats.begin(), formats.end()),
                         grid, "distribute", where)),
        Me(hpf::rank()) {
    adopt(/*Zero=*/true, where);
  }
  /// An array with the descriptor `d` on `grid` (d's grid must be grid's
  /// shape): hpfcc's copies of an array in the mapping a loop reads it with.
  darray(plan::DistributionND d, const processors &grid)
      : Procs(grid), Dist(std::move(d)), Me(hpf::rank()) {
    adopt(/*Zero=*/true);
  }
  darray(const darray &) = delete;
  darray &operator=(const darray &) = delete;
  darray(darray &&) = default;
  darray &operator=(darray &&) = default;

  /// Global element count.
  index_t size() const { return Dist.size(); }
  index_t extent(int d) const { return Dist.dims()[std::size_t(d)].size(); }
  const processors &procs() const { return Procs; }
  /// The descriptor (every rank).
  const plan::DistributionND &mapping() const { return Dist; }
  /// Rank 1: the dimension's plan::Distribution (what 1-D code and
  /// generated code compare with sameMapping); else the descriptor.
  const auto &distribution() const {
    if constexpr (Rank == 1)
      return dim0();
    else
      return Dist;
  }
  /// The current format, e.g. "cyclic(4)" or "(block, cyclic(2))".
  std::string format_string() const { return Dist.format(); }

  // ---- local storage: row-major over the local extents ----
  index_t local_size() const { return Data.size(); }
  T *local_data() { return Data.data(); }
  const T *local_data() const { return Data.data(); }
  index_t local_extent(int d) const { return LocalExtents[std::size_t(d)]; }
  T &local(index_t l) requires(Rank == 1) { return Data.data()[l]; }
  const T &local(index_t l) const requires(Rank == 1) { return Data.data()[l]; }
  index_t global_index(index_t l) const requires(Rank == 1) {
    return dim0().globalIndex(Me, l);
  }
  /// Local index of an element this rank owns.
  index_t local_index(index_t g) const requires(Rank == 1) {
    return dim0().localIndex(g);
  }

  // ---- owner-computes loops ----
  /// The indices of dimension d in [lo, hi) this rank's grid coordinate
  /// owns, increasing; all of [lo, hi) for '*'; empty outside the grid.
  owned_range owned(int d, index_t lo, index_t hi) const {
    return owned_range(Dist.dims()[std::size_t(d)], Maps[std::size_t(d)].Coord,
                       lo, hi);
  }
  owned_range owned(int d) const { return owned(d, 0, extent(d)); }
  /// Rank 1: owned global indices in [lo, hi) / in the whole array.
  owned_range owned(index_t lo, index_t hi) const requires(Rank == 1) {
    return owned(0, lo, hi);
  }
  owned_range owned() const requires(Rank == 1) { return owned(0, 0, size()); }

  /// Element g; this rank must own it (owner-computes code).
  T &operator[](index_t g) requires(Rank == 1) {
    return Data.data()[dim0().localIndex(g)];
  }
  const T &operator[](index_t g) const requires(Rank == 1) {
    return Data.data()[dim0().localIndex(g)];
  }
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
    if constexpr (Rank == 1)
      return dim0().owner(G[0]);
    else
      return rt::ownerOf(Dist, G.data());
  }

  // ---- replicated code ----
  /// Element (i, j, ...) on every rank (collective: the owner broadcasts).
  template <class... I> T get(I... idx) const {
    return get_at(nullptr, idx...);
  }
  /// get() as generated code calls it: Where is the read's own location
  /// ("file.cpp:7:10", a literal: nothing is built per read), which a
  /// failing read names.
  template <class... I> T get_at(const char *Where, I... idx) const {
    static_assert(sizeof...(I) == Rank, "one index per dimension");
    std::array<index_t, Rank> G{index_t(idx)...};
    if (LoopCopy && rt::independentDepth() > 0) {
      // Read by a function an independent loop calls: from the copy the
      // loop made before it ran (hpf::loop_read_copy).
      rt::checkGlobal(Dist, G.data(), "element read", Where);
      return LoopCopy[copyIndex(G)];
    }
    rt::checkNotInIndependentLoop(Where); // first: it names the loop
    rt::checkGlobal(Dist, G.data(), "element read", Where);
    T V{};
    int O = owner(idx...);
    if (O == Me)
      V = Data.data()[offsetOf(G)];
    rt::broadcastFromOwner(&V, sizeof(T), O);
    return V;
  }
  /// Fn() evaluated on the owner of element (i, j, ...) alone and
  /// broadcast to every rank (collective): generated code's form of an
  /// expression of replicated code whose element reads all have that owner
  /// (`M[k][N] / M[k][k]`, M distributed by rows), one broadcast instead of
  /// one per read. Fn reads the elements with owned_at.
  template <class F, class... I>
  auto owner_value(const char *Where, F &&Fn, I... idx) const {
    using R = std::decay_t<decltype(Fn())>;
    static_assert(std::is_trivially_copyable_v<R>, "a value to broadcast");
    static_assert(sizeof...(I) == Rank, "one index per dimension");
    std::array<index_t, Rank> G{index_t(idx)...};
    if (LoopCopy && rt::independentDepth() > 0) {
      // In a function an independent loop calls: Fn's owned_at reads the
      // loop's copy, on this rank alone.
      rt::checkGlobal(Dist, G.data(), "element read", Where);
      return R(Fn());
    }
    rt::checkNotInIndependentLoop(Where);
    rt::checkGlobal(Dist, G.data(), "element read", Where);
    R V{};
    // Sent ahead by the nest of the step before (codegen/ValueAhead.cpp),
    // to every rank: taken on every rank, no broadcast.
    if (const void *Ahead = rt::takeAhead(this, G[0], sizeof(R))) {
      std::memcpy(&V, Ahead, sizeof(R));
      return V;
    }
    int O = owner(idx...);
    if (O == Me)
      V = Fn();
    rt::broadcastFromOwner(&V, sizeof(R), O);
    return V;
  }
  /// Element (i, j, ...) inside owner_value's Fn, which runs on its owner
  /// (the compiler proved it; checked).
  template <class... I> const T &owned_at(const char *Where, I... idx) const {
    static_assert(sizeof...(I) == Rank, "one index per dimension");
    std::array<index_t, Rank> G{index_t(idx)...};
    rt::checkGlobal(Dist, G.data(), "element read", Where);
    if (LoopCopy && rt::independentDepth() > 0)
      return LoopCopy[copyIndex(G)];
    if (!isLocal(G))
      fail("element read",
           "read on a rank that does not own the element (internal error: "
           "the reads of one owner_value must have one owner)",
           Where);
    return Data.data()[offsetOf(G)];
  }
  /// set(i, j, ..., v): stores v on the owner (not collective).
  template <class... A> void set(const A &...args) { set_at(nullptr, args...); }
  /// update<op>(i, j, ..., v): element op= v on the owner (not collective;
  /// v is already evaluated).
  template <elem_op Op, class... A> void update(const A &...args) {
    update_at<Op>(nullptr, args...);
  }
  /// set() and update() as generated code calls them, Where being the
  /// write's location (see get_at).
  template <class... A> void set_at(const char *Where, const A &...args) {
    set_part_at(Where, Whole(), args...);
  }
  template <elem_op Op, class... A>
  void update_at(const char *Where, const A &...args) {
    update_part_at<Op>(Where, Whole(), args...);
  }
  /// set_part_at(where, part, i, j, ..., v): part(element) = v on the
  /// owner, where part names a field of the element (`A[k].p.x = v`; not
  /// collective).
  template <class Part, class... A>
  void set_part_at(const char *Where, const Part &part, const A &...args) {
    static_assert(sizeof...(A) == Rank + 1, "indices, then the value");
    apply(std::forward_as_tuple(args...), "element write", Where,
          [&](T &E, const auto &V) { part(E) = V; });
  }
  /// update_part_at<op>(where, part, i, j, ..., v): part(element) op= v on
  /// the owner.
  template <elem_op Op, class Part, class... A>
  void update_part_at(const char *Where, const Part &part, const A &...args) {
    static_assert(sizeof...(A) == Rank + 1, "indices, then the value");
    apply(std::forward_as_tuple(args...), "element update", Where,
          [&](T &E, const auto &V) { rt::applyOp<Op>(part(E), V); });
  }
  /// `in >> A[k]` in replicated code, as generated code writes it: `in >>
  /// A.extract_at(where, k)`, whose operator>> (element_in, below) reads
  /// the element, extracts into that copy and stores it back; a field
  /// `in >> A[k].x` is extract_part_at(where, part, k).
  template <class... I>
  auto extract_at(const char *Where, I... idx) {
    return extract_part_at(Where, Whole(), idx...);
  }
  template <class Part, class... I>
  element_in<darray, Part> extract_part_at(const char *Where, const Part &part,
                                           I... idx) {
    static_assert(sizeof...(I) == Rank, "one index per dimension");
    return {*this, part, Where, {index_t(idx)...}};
  }
  /// Every element v (std::vector<T> A(n, v); not collective: each rank
  /// fills the elements it stores).
  void fill(const T &v) { std::fill_n(Data.data(), Data.size(), v); }
  /// The whole array, row-major, on every rank (collective).
  std::vector<T> gather() const {
    std::vector<T> Out(static_cast<std::size_t>(size()));
    rt::gatherAll(Dist, Data.data(), sizeof(T), Out.data());
    return Out;
  }

private:
  friend struct rt::DArrayAccess;

  const plan::Distribution &dim0() const { return Dist.dims()[0]; }
  /// The part of an element set() and update() store: all of it.
  struct Whole {
    T &operator()(T &E) const { return E; }
  };

  /// Recomputes the per-rank views of Dist; (re)allocates Data if Zero. A
  /// part too large for this rank's memory fails naming the directive
  /// instead of an uncaught std::bad_alloc.
  void adopt(bool Zero, const char *Where = nullptr) {
    Maps = rt::dimMaps(Dist, Me);
    LocalExtents.assign(std::size_t(Rank), 0);
    if (Procs.contains(Me)) {
      std::vector<index_t> E = Dist.localExtents(Me);
      for (int D = 0; D < Rank; ++D)
        LocalExtents[std::size_t(D)] = E[std::size_t(D)];
    }
    if (!Zero)
      return;
    const index_t N = rt::localCountOf(Dist, Me);
    try {
      Data.resize(N, /*Zero=*/true);
    } catch (const std::bad_alloc &) {
      fail("distribute",
           "cannot allocate this rank's part of the array: " +
               rt::elementsOfBytes(N, sizeof(T)),
           Where);
    }
  }

  index_t offsetOf(const std::array<index_t, Rank> &G) const {
    if constexpr (Rank == 1) {
      return dim0().localIndex(G[0]);
    } else {
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
  /// Inside an owner-computes loop only the rank running the iteration
  /// calls this: a store to an element another rank owns would be lost,
  /// so it fails instead.
  template <class Tuple, class F>
  void apply(const Tuple &Args, const char *Op, const char *Where, F &&Fn) {
    std::array<index_t, Rank> G =
        indicesOf(Args, std::make_index_sequence<Rank>());
    rt::checkGlobal(Dist, G.data(), Op, Where);
    if (isLocal(G))
      Fn(Data.data()[offsetOf(G)], std::get<Rank>(Args));
    else if (rt::independentDepth() > 0)
      rt::failRemoteWriteInIndependentLoop(Op, Where);
  }
  template <class Tuple, std::size_t... K>
  static std::array<index_t, Rank> indicesOf(const Tuple &Args,
                                             std::index_sequence<K...>) {
    return {index_t(std::get<K>(Args))...};
  }

  template <class, int> friend class loop_read_copy;
  /// G's position in the whole array, row-major (a loop_read_copy).
  index_t copyIndex(const std::array<index_t, Rank> &G) const {
    index_t Linear = 0;
    for (int D = 0; D < Rank; ++D)
      Linear = Linear * Dist.dims()[std::size_t(D)].size() + G[std::size_t(D)];
    return Linear;
  }
  /// The whole array (row-major) that element reads in functions called
  /// from the running independent loop read, or null.
  mutable const T *LoopCopy = nullptr;
  processors Procs;
  plan::DistributionND Dist;
  int Me;
  std::vector<rt::DimMap> Maps;
  std::vector<index_t> LocalExtents;
  rt::Buffer<T> Data, Spare;
};

/// An element of replicated code that a stream extracts into (`in >>
/// A[k]`): the stream's operator>> runs on every rank (replicated streams
/// give every rank the same input) on a copy of the element, read before
/// (collective) so that an extraction that fails leaves the element as it
/// was, and the owner stores the copy after. The stream is returned, so
/// `in >> A[i] >> A[j]` and `while (in >> A[i])` read as written.
template <class Array, class Part> struct element_in {
  Array &A;
  Part part;
  const char *Where;
  std::array<index_t, Array::rank> Idx;
};

template <class S, class Array, class Part>
S &&operator>>(S &&s, element_in<Array, Part> &&E) {
  auto V =
      std::apply([&](auto... I) { return E.A.get_at(E.Where, I...); }, E.Idx);
  s >> E.part(V);
  std::apply([&](auto... I) { E.A.set_at(E.Where, I..., V); }, E.Idx);
  return std::forward<S>(s);
}

/// Made before an independent loop whose called functions read elements of
/// A (replicated code: A.get_at): the whole array on every rank
/// (collective), which those reads read while the loop runs; the values
/// from before the loop, which the loop does not change (the compiler
/// checks that it does not write A).
template <class T, int Rank> class loop_read_copy {
public:
  explicit loop_read_copy(const darray<T, Rank> &A)
      : A(A), Saved(A.LoopCopy), Copy(A.gather()) {
    A.LoopCopy = Copy.data();
  }
  ~loop_read_copy() { A.LoopCopy = Saved; }
  loop_read_copy(const loop_read_copy &) = delete;
  loop_read_copy &operator=(const loop_read_copy &) = delete;

private:
  const darray<T, Rank> &A;
  const T *Saved;
  std::vector<T> Copy;
};

namespace rt {
/// Fails (naming `where`, the call) unless 0 <= n <= extent.
void checkExtentArgument(long long n, index_t extent, const char *where);
/// Fails (naming `where`, the view) unless View (a view's extents but the
/// first) equals Array (the distributed array's).
void checkViewRows(const std::vector<long long> &View,
                   const std::vector<index_t> &Array, const char *where);
} // namespace rt

/// `T (*x)[n][m] = (T (*)[n][m])p`, p a `void *` parameter bound to a
/// distributed array (NAS MG's views of its levels): hpfcc makes x the
/// array and leaves this check where the view was declared, since n and m
/// are known at run time only; the view must have the array's rows, else
/// its subscripts would mean other elements.
template <class T, int Rank>
void check_view_rows(const darray<T, Rank> &A,
                     std::initializer_list<long long> Rows, const char *where) {
  std::vector<index_t> Extents;
  for (int D = 1; D < Rank; ++D)
    Extents.push_back(A.extent(D));
  rt::checkViewRows(std::vector<long long>(Rows), Extents, where);
}

/// `f(A, n)` with `void f(T *A, int n)`: the size argument n, unchanged,
/// after checking that it does not exceed A's extent (the callee takes the
/// whole hpf::darray; a larger n would index past its end).
template <class T, int Rank, class N>
N checked_extent(const darray<T, Rank> &A, N n, const char *where) {
  static_assert(std::is_integral_v<N>, "a size argument is an integer");
  if constexpr (std::is_unsigned_v<N>)
    rt::checkExtentArgument(n > N(-1) / 2 ? -1 : (long long)(n), A.size(),
                            where);
  else
    rt::checkExtentArgument((long long)(n), A.size(), where);
  return n;
}

} // namespace hpf

#endif // HPF_MPI_DARRAY_H
