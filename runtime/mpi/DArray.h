//===- mpi/DArray.h - distributed arrays ------------------------*- C++ -*-===//
//
// `double A[N];` + `#pragma hpf distribute A(cyclic(4)) onto P` becomes
//   hpf::darray<double> A(N, hpf::cyclic(4), P, "f.cpp:5:1");
// Each rank stores only the elements it owns, contiguously, in local index
// order (hpf::plan::Distribution::localIndex). Elements start zeroed (like a
// C++ array with static storage).
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
//
// This is Rank == 1; mpi/DArrayND.h has darray<T, Rank> for Rank >= 2.
//
//===----------------------------------------------------------------------===//
#ifndef HPF_MPI_DARRAY_H
#define HPF_MPI_DARRAY_H

#include "mpi/Env.h"
#include "mpi/Format.h"
#include "mpi/Processors.h"
#include "mpi/Storage.h"
#include "plan/Distribution.h"

#include <cstddef>
#include <cstring>
#include <memory>
#include <string>
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
    Bytes.reserve(std::size_t(N) * sizeof(T));
    if (Zero)
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
  Storage Bytes;
  index_t Size = 0;
};

/// Number of elements `Rank` owns whose global index is < G.
index_t ownedBelow(const plan::Distribution &D, int Rank, index_t G);
/// Fails unless 0 <= G < D.size() (names the operation).
void checkGlobal(const plan::Distribution &D, index_t G, const char *Op);
/// get(): the owner's bytes broadcast to every rank.
void broadcastFromOwner(void *Value, std::size_t Bytes, int Owner);
/// gather(): every element, in global order, on every rank.
void gatherAll(const plan::Distribution &D, const void *Local,
               std::size_t ElemSize, void *Out);

struct DArrayAccess; // redistribute's door into darray

/// Depth of owner-computes loops being run (hpfcc/loops.h holds a scope).
inline int &independentDepth() {
  static int Depth = 0;
  return Depth;
}
/// Marks the lifetime of an owner-computes loop.
class independent_scope {
public:
  independent_scope() { ++independentDepth(); }
  independent_scope(const independent_scope &) { ++independentDepth(); }
  independent_scope &operator=(const independent_scope &) = default;
  ~independent_scope() { --independentDepth(); }
};

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

template <class T, int Rank = 1> class darray;

template <class T> class darray<T, 1> {
  static_assert(std::is_trivially_copyable_v<T>,
                "hpf::darray elements are moved as bytes between ranks");

public:
  using value_type = T;
  static constexpr int rank = 1;

  /// An n-element array distributed by `f` onto `p`. Fails (naming
  /// `where`) if the format does not fit n and p.size().
  darray(index_t n, const format &f, const processors &p,
         const char *where = nullptr)
      : Procs(p), Dist(f.instantiate(n, p.size(), "distribute", where)),
        Me(hpf::rank()) {
    Data.resize(localCountOf(Dist), /*Zero=*/true);
  }
  /// Onto every rank of the world.
  darray(index_t n, const format &f, const char *where = nullptr)
      : darray(n, f, processors::all(), where) {}
  darray(const darray &) = delete;
  darray &operator=(const darray &) = delete;
  darray(darray &&) = default;
  darray &operator=(darray &&) = default;

  /// Global extent.
  index_t size() const { return Dist.size(); }
  const processors &procs() const { return Procs; }
  const plan::Distribution &distribution() const { return Dist; }
  /// The current format, e.g. "cyclic(4)".
  std::string format_string() const { return Dist.format(); }

  // ---- local view (this rank's elements, local index order) ----
  index_t local_size() const { return Data.size(); }
  T *local_data() { return Data.data(); }
  const T *local_data() const { return Data.data(); }
  T &local(index_t l) { return Data.data()[l]; }
  const T &local(index_t l) const { return Data.data()[l]; }
  index_t global_index(index_t l) const { return Dist.globalIndex(Me, l); }

  // ---- global view ----
  /// Rank (in the arrangement = world rank) that owns element g.
  int owner(index_t g) const { return Dist.owner(g); }
  bool is_local(index_t g) const {
    return Procs.contains(Me) && g >= 0 && g < size() && Dist.owner(g) == Me;
  }
  /// Local index of an element this rank owns.
  index_t local_index(index_t g) const { return Dist.localIndex(g); }
  /// Element g; this rank must own it (owner-computes code).
  T &operator[](index_t g) { return Data.data()[Dist.localIndex(g)]; }
  const T &operator[](index_t g) const {
    return Data.data()[Dist.localIndex(g)];
  }
  /// Owned global indices in [lo, hi) / in the whole array.
  owned_range owned(index_t lo, index_t hi) const {
    return owned_range(Dist, Procs.contains(Me) ? Me : -1, lo, hi);
  }
  owned_range owned() const { return owned(0, size()); }

  // ---- replicated code (collective unless noted) ----
  /// Element g on every rank (every rank must call it).
  T get(index_t g) const {
    rt::checkGlobal(Dist, g, "element read");
    if (rt::independentDepth() > 0)
      hpf::fail("element read",
                "an element of a distributed array is read (collectively) "
                "inside an independent loop, where ranks run different "
                "iterations; read it before the loop");
    T V{};
    int O = Dist.owner(g);
    if (O == Me)
      V = (*this)[g];
    rt::broadcastFromOwner(&V, sizeof(T), O);
    return V;
  }
  /// Stores v at element g on its owner (not collective).
  void set(index_t g, const T &v) {
    rt::checkGlobal(Dist, g, "element write");
    if (is_local(g))
      (*this)[g] = v;
  }
  /// A[g] op= v on the owner of g (not collective; v is already evaluated).
  template <elem_op Op, class V> void update(index_t g, const V &v) {
    rt::checkGlobal(Dist, g, "element update");
    if (!is_local(g))
      return;
    rt::applyOp<Op>((*this)[g], v);
  }
  /// The whole array, in global order, on every rank.
  std::vector<T> gather() const {
    std::vector<T> Out(static_cast<std::size_t>(size()));
    rt::gatherAll(Dist, Data.data(), sizeof(T), Out.data());
    return Out;
  }

private:
  friend struct rt::DArrayAccess;
  index_t localCountOf(const plan::Distribution &D) const {
    return Procs.contains(Me) ? D.localCount(Me) : 0;
  }

  processors Procs;
  plan::Distribution Dist;
  int Me;
  rt::Buffer<T> Data, Spare;
};

} // namespace hpf

#endif // HPF_MPI_DARRAY_H
