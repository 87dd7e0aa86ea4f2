//===- hpfcc/rows.h - slices at loop-invariant subscripts -------*- C++ -*-===//
//
// A loop nest reading an array at subscripts that are the same in every
// iteration in each distributed dimension (the pivot row `M[k][j]` of
// Gaussian elimination, M (cyclic, *)) reads one slice, and every element
// of it lives on one rank. hpfcc (analysis/reads/RowReads.cpp) makes, before
// the loop,
//
//   const hpfcc::row<double, 2, 1u> __hpf_row7_0(M, {hpf::index_t(k), 0},
//                                                 "f.cpp:7:1");
//
// (Fixed: bit d set for each fixed dimension; the other dimensions are
// held whole) and reads `__hpf_row7_0(k, j)` with global indices, the
// fixed ones ignored. The owner broadcasts the slice (mpi/DArray.cpp,
// broadcastFromOwner), instead of a whole-array gather: from its storage,
// which it then reads in place, when the slice is contiguous there (a row
// of (cyclic, *)), else packed into a copy. A slice whose values only one
// stored slice takes (hpfcc::to_store) goes to that slice's owner alone.
//
// A nest that stores into slices at such subscripts (a periodic boundary)
// stores through hpfcc::stored_slice: its owner into its storage, every
// other rank into a sink; one that stores at subscripts no level of it runs
// over, through hpfcc::owner_store, element by element.
//
// Depends on the runtime (mpi/hpfrt.h) only.
//
//===----------------------------------------------------------------------===//
#ifndef HPFCC_ROWS_H
#define HPFCC_ROWS_H

#include "mpi/Ahead.h"
#include "mpi/hpfrt.h"

#include <algorithm>
#include <array>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace hpfcc {
namespace detail {

template <int R> using index_array = std::array<hpf::index_t, std::size_t(R)>;

/// Element G of a, which this rank owns, and the rank that owns G.
template <class T, int R>
const T &element(const hpf::darray<T, R> &a, const index_array<R> &G) {
  return std::apply([&](auto... I) -> const T & { return a(I...); }, G);
}
template <class T, int R>
int owner(const hpf::darray<T, R> &a, const index_array<R> &G) {
  return std::apply([&](auto... I) { return a.owner(I...); }, G);
}

/// Row i's first index (i, 0, ...) and its bytes (every dimension after
/// the first, held whole).
template <int R> index_array<R> rowStart(hpf::index_t i) {
  index_array<R> G{};
  G[0] = i;
  return G;
}
template <class T, int R> std::size_t rowBytes(const hpf::darray<T, R> &a) {
  hpf::index_t Size = 1;
  for (int D = 1; D < R; ++D)
    Size *= a.mapping().dims()[std::size_t(D)].size();
  return std::size_t(Size) * sizeof(T);
}

/// Every rank but row at's owner posts the receive of its Bytes sent
/// ahead (mpi/Ahead.h); whether this rank did.
template <class T, int R>
bool receiveFromOwner(const hpf::darray<T, R> &a, hpf::index_t at,
                      std::size_t Bytes) {
  if (hpf::number_of_processors() == 1)
    return false;
  const int Owner = owner(a, rowStart<R>(at));
  if (Owner == hpf::rank())
    return false;
  hpf::rt::receiveAhead(&a, at, Bytes, Owner);
  return true;
}

/// A value sent ahead for row at, in a nest whose range starts at lo:
/// only a row of the array inside that range, and only with other ranks.
template <class T, int R>
bool valueAhead(const hpf::darray<T, R> &a, hpf::index_t at, hpf::index_t lo) {
  return at >= lo && at >= 0 && at < a.extent(0) &&
         hpf::number_of_processors() > 1;
}

} // namespace detail

/// Selects row's constructor for a slice only one store uses.
struct to_store_t {
  explicit to_store_t() = default;
};
inline constexpr to_store_t to_store{};

/// Selects row's constructor for the paired step's pivot row.
struct next_step_t {
  explicit next_step_t() = default;
};
inline constexpr next_step_t next_step{};

template <class T, int R, unsigned Fixed> class row {
  static_assert(Fixed != 0 && Fixed < (1u << R), "a fixed dimension");

public:
  row(const hpf::darray<T, R> &a,
      const std::array<hpf::index_t, std::size_t(R)> &at, const char *where) {
    const auto [G, Size] = locate(a, at, where);
    const std::size_t Bytes = std::size_t(Size) * sizeof(T);
    if (takeAhead(a, G, Bytes))
      return;
    const int Owner = detail::owner(a, G);
    if (Owner == hpf::rank() && contiguous()) {
      // The owner reads its slice in place (the nest does not write it)
      // and sends it from there: no copy on the critical path of the
      // loop that follows (each step of an elimination waits for it).
      Base = &detail::element(a, G);
      if (hpf::number_of_processors() > 1)
        hpf::rt::broadcastFromOwner(const_cast<T *>(Base), Bytes, Owner);
      return;
    }
    Data.resize(std::size_t(Size));
    if (Owner == hpf::rank())
      pack(a, G);
    hpf::rt::broadcastFromOwner(Data.data(), Bytes, Owner);
    Base = Data.data();
  }
  /// A slice whose every read is only stored, by assignments that are
  /// statements of their own, into the slice of b at bat (a periodic
  /// boundary: `U[0][j][i] = U[N][j][i]`): only that slice's owner uses its
  /// values, every other rank stores them into a sink. The owner of the
  /// slice sends it to that rank alone, one message instead of a broadcast;
  /// the others read zeros. The message is only posted: the nest waits for
  /// all its slices' messages at once (slices_arrived) before it runs.
  template <class B, int RB>
  row(to_store_t, const hpf::darray<T, R> &a,
      const std::array<hpf::index_t, std::size_t(R)> &at,
      const hpf::darray<B, RB> &b,
      const std::array<hpf::index_t, std::size_t(RB)> &bat, const char *where) {
    const auto [G, Size] = locate(a, at, where);
    const std::size_t Bytes = std::size_t(Size) * sizeof(T);
    if (takeAhead(a, G, Bytes))
      return;
    const int Owner = detail::owner(a, G), Me = hpf::rank();
    const int User = detail::owner(b, bat);
    Where = where;
    if (Owner == Me) {
      if (contiguous()) {
        Base = &detail::element(a, G);
      } else {
        Data.resize(std::size_t(Size));
        pack(a, G);
        Base = Data.data();
      }
      if (User != Me)
        Message = hpf::rt::startSendSlice(Base, Bytes, User);
      return;
    }
    if (User == Me) {
      // Received whole: no need to zero it first.
      Received.reset(new T[std::size_t(Size)]);
      Message = hpf::rt::startReceiveSlice(Received.get(), Bytes, Owner);
      Base = Received.get();
      return;
    }
    Base = zeros(std::size_t(Size));
  }
  /// Waits for a to_store slice's message: received on its user, sent
  /// from its owner's storage (which the loop may then change).
  void arrived() const { hpf::rt::finishSlice(Message, Where); }
  /// Waits for a message an exception left between construction and
  /// slices_arrived (none otherwise).
  ~row() { hpf::rt::finishSlice(Message, Where); }
  /// The pivot row of the second step of a pair (codegen/Lookahead.cpp,
  /// "Two steps per pass"): row `at` as step at - 1 leaves it. When the
  /// pair runs (`active`), the other ranks post its receive now; its owner
  /// sends it once it has updated it, the first row of its pass. ready()
  /// waits for it where the second step first reads it.
  row(next_step_t, const hpf::darray<T, R> &a, hpf::index_t at, bool active,
      const char *where)
      : Array(&a), At(at), Where(where) {
    static_assert(Fixed == 1u && R >= 2, "a row of a matrix");
    for (int D = 1; D < R; ++D)
      Ext[std::size_t(D)] = a.mapping().dims()[std::size_t(D)].size();
    if (!active)
      return;
    hpf::rt::countPair();
    Posted = detail::receiveFromOwner(a, at, detail::rowBytes(a));
  }
  row(const row &) = delete;
  row &operator=(const row &) = delete;

  /// The paired row, read in place by its owner (which wrote it before
  /// any other row of the pass), received by the others.
  const row &ready() {
    if (Base)
      return *this;
    if (!Posted) {
      Base = &detail::element(*Array, detail::rowStart<R>(At));
      return *this;
    }
    Base = static_cast<const T *>(
        hpf::rt::takeAhead(Array, At, detail::rowBytes(*Array), false));
    if (!Base)
      hpf::fail("independent",
                "row " + std::to_string(At) +
                    " of the paired step was not received",
                Where);
    return *this;
  }

  /// Element (i, j, ...) of the array, which must lie in the slice (the
  /// fixed indices are not looked at): row-major over the whole dimensions,
  /// the last of which has stride 1.
  template <class... I> const T &operator()(I... idx) const {
    static_assert(sizeof...(I) == R, "one index per dimension");
    const hpf::index_t G[] = {hpf::index_t(idx)...};
    hpf::index_t Flat = 0;
    for (int D = 0; D < R; ++D)
      if (!fixed(D))
        Flat = Flat * Ext[std::size_t(D)] + G[D];
    return Base[Flat];
  }

private:
  static constexpr bool fixed(int D) { return (Fixed >> D) & 1u; }
  /// Checks the fixed subscripts at and the whole dimensions: the first
  /// element of the slice and its number of elements.
  std::pair<std::array<hpf::index_t, std::size_t(R)>, hpf::index_t>
  locate(const hpf::darray<T, R> &a,
         const std::array<hpf::index_t, std::size_t(R)> &at,
         const char *where) {
    std::array<hpf::index_t, std::size_t(R)> G{};
    hpf::index_t Size = 1;
    for (int D = 0; D < R; ++D) {
      const hpf::plan::Distribution &Dim = a.mapping().dims()[std::size_t(D)];
      if (fixed(D)) {
        if (at[std::size_t(D)] < 0 || at[std::size_t(D)] >= Dim.size())
          hpf::fail("independent",
                    "a slice is read at index " +
                        std::to_string(at[std::size_t(D)]) + " of dimension " +
                        std::to_string(D) + ", outside its extent " +
                        std::to_string(Dim.size()),
                    where);
        G[std::size_t(D)] = at[std::size_t(D)];
        continue;
      }
      // The analysis fixes every distributed dimension of the mapping it
      // knows; the array cannot have another one here.
      if (Dim.kind() != hpf::plan::DistKind::Collapsed)
        hpf::fail("independent",
                  "a slice read needs dimension " + std::to_string(D) +
                      " held whole ('*'), but the array is " +
                      a.format_string(),
                  where);
      Ext[std::size_t(D)] = Dim.size();
      Size *= Dim.size();
    }
    return {G, Size};
  }
  /// A row (one fixed dimension, the first) sent ahead (mpi/Ahead.h):
  /// read from there.
  bool takeAhead(const hpf::darray<T, R> &a,
                 const std::array<hpf::index_t, std::size_t(R)> &G,
                 std::size_t Bytes) {
    if constexpr (Fixed == 1u)
      if (const void *P = hpf::rt::takeAhead(&a, G[0], Bytes)) {
        Base = static_cast<const T *>(P);
        return true;
      }
    return false;
  }
  /// The slice is one run of local storage: the fixed dimensions come
  /// first and the whole ones ('*', every index local) after them (a row
  /// of a (cyclic, *) matrix, not a column of a (*, block) one).
  static constexpr bool contiguous() {
    for (int D = 1; D < R; ++D)
      if (fixed(D) && !fixed(D - 1))
        return false;
    return true;
  }
  /// The owner copies the slice row-major into Data. The whole dimensions
  /// are '*' (local index = global index), so element (.., g_d, ..) of the
  /// slice is at First + sum over them of g_d * stride_d in local storage:
  /// one pointer walk, the innermost whole dimension a contiguous copy when
  /// it is the last one (a row of a (cyclic, *) matrix: one std::copy).
  void pack(const hpf::darray<T, R> &a,
            const std::array<hpf::index_t, std::size_t(R)> &G) {
    std::array<hpf::index_t, std::size_t(R)> Stride{};
    hpf::index_t S = 1;
    for (int D = R; D-- > 0;) {
      Stride[std::size_t(D)] = S;
      S *= a.local_extent(D);
    }
    const T *First = &detail::element(a, G);
    T *Out = Data.data();
    walk(First, Stride, 0, Out);
  }
  void walk(const T *P, const std::array<hpf::index_t, std::size_t(R)> &Stride,
            int D, T *&Out) const {
    while (D < R && fixed(D))
      ++D;
    if (D == R) {
      *Out++ = *P;
      return;
    }
    const hpf::index_t E = Ext[std::size_t(D)];
    if (Stride[std::size_t(D)] == 1 && innermost(D)) {
      Out = std::copy(P, P + E, Out);
      return;
    }
    for (hpf::index_t K = 0; K < E; ++K)
      walk(P + K * Stride[std::size_t(D)], Stride, D + 1, Out);
  }
  /// No whole dimension after D.
  static constexpr bool innermost(int D) {
    for (int E = D + 1; E < R; ++E)
      if (!fixed(E))
        return false;
    return true;
  }

  /// Size value-initialised elements no one writes, kept from one slice
  /// to the next (the ranks a to_store slice is not for read them). A
  /// larger slice gets a new block and the smaller ones stay: the nest's
  /// other slices still read them (a vector's resize would free the block
  /// they point into).
  static const T *zeros(std::size_t Size) {
    static std::vector<std::vector<T>> Blocks(1);
    if (Blocks.back().size() < Size)
      Blocks.emplace_back(Size); // moving a block keeps its elements' place
    return Blocks.back().data();
  }

  std::vector<T> Data;     ///< the slice's copy, unless in place
  std::unique_ptr<T[]> Received; ///< a to_store slice, on its user
  const T *Base = nullptr; ///< Data, or the owner's storage
  std::array<hpf::index_t, std::size_t(R)> Ext{};
  // The paired step's row: which, and whether its receive is posted.
  const hpf::darray<T, R> *Array = nullptr;
  hpf::index_t At = 0;
  bool Posted = false;
  const char *Where = nullptr;
  /// A to_store slice's message in flight (hpf::rt::startSendSlice), or -1.
  /// Mutable: the generated code's rows are const, and waiting ends it.
  mutable int Message = -1;
};

/// Waits for the messages of a nest's to_store slices, all posted by
/// their construction: after this every rank's slices are in place.
template <class... Rows> void slices_arrived(const Rows &...Rs) {
  (Rs.arrived(), ...);
}

/// A slice stored at fixed subscripts by a nest every rank runs whole (a
/// periodic boundary `U[0][j][i] = U[N][j][i]`, U (block, *, *); hpfcc's
/// analysis/flow/FixedSlices.cpp):
///
///   hpfcc::stored_slice<double, 3, 1u> __hpf_store7_0(U, {0, 0, 0},
///                                                     "f.cpp:7:1");
///   ... __hpf_store7_0(0, j, i) = __hpf_row7_0(N, j, i);
///
/// The slice's owner stores into its storage; every other rank into one
/// sink element (every stride 0), so the nest's other effects, the same
/// on every rank, stay as written.
template <class T, int R, unsigned Fixed> class stored_slice {
  static_assert(Fixed != 0 && Fixed < (1u << R), "a fixed dimension");

public:
  stored_slice(hpf::darray<T, R> &a,
               const std::array<hpf::index_t, std::size_t(R)> &at,
               const char *where)
      : At(at), Where(where) {
    std::array<hpf::index_t, std::size_t(R)> G{};
    for (int D = 0; D < R; ++D) {
      const hpf::plan::Distribution &Dim = a.mapping().dims()[std::size_t(D)];
      if (fixed(D)) {
        if (at[std::size_t(D)] < 0 || at[std::size_t(D)] >= Dim.size())
          hpf::fail("independent",
                    "a slice is written at index " +
                        std::to_string(at[std::size_t(D)]) +
                        " of dimension " + std::to_string(D) +
                        ", outside its extent " + std::to_string(Dim.size()),
                    where);
        G[std::size_t(D)] = at[std::size_t(D)];
      } else if (Dim.kind() != hpf::plan::DistKind::Collapsed) {
        hpf::fail("independent",
                  "a slice written at fixed subscripts needs dimension " +
                      std::to_string(D) + " held whole ('*'), but the array "
                      "is " + a.format_string(),
                  where);
      }
    }
    if (detail::owner(a, G) != hpf::rank()) {
      Base = &Sink; // every stride 0
      return;
    }
    Base = &elementAt(a, G, std::make_index_sequence<std::size_t(R)>{});
    hpf::index_t S = 1;
    for (int D = R; D-- > 0;) {
      Stride[std::size_t(D)] = fixed(D) ? 0 : S;
      S *= a.local_extent(D);
    }
  }
  stored_slice(const stored_slice &) = delete;
  stored_slice &operator=(const stored_slice &) = delete;

  /// Element (i, j, ...), which must lie in the slice (the fixed indices
  /// are not looked at; a whole dimension's local index is the global one).
  template <class... I> T &operator()(I... idx) {
    static_assert(sizeof...(I) == R, "one index per dimension");
    const hpf::index_t G[] = {hpf::index_t(idx)...};
    hpf::index_t Flat = 0;
    for (int D = 0; D < R; ++D)
      Flat += G[D] * Stride[std::size_t(D)];
    return Base[Flat];
  }

  /// A slice of the same array the nest reads from a copy made before it
  /// (hpfcc::row) must be another one: the nest changes this one.
  void must_differ(const std::array<hpf::index_t, std::size_t(R)> &read,
                   const char *name) const {
    for (int D = 0; D < R; ++D)
      if (fixed(D) && read[std::size_t(D)] != At[std::size_t(D)])
        return;
    std::string Slice;
    for (int D = 0; D < R; ++D)
      if (fixed(D))
        Slice += (Slice.empty() ? "" : ", ") +
                 std::to_string(At[std::size_t(D)]) + " in dimension " +
                 std::to_string(D);
    hpf::fail("independent",
              std::string("'") + name +
                  "' is read and written in the slice at " + Slice +
                  ": every rank runs this nest and reads the slices it does "
                  "not own from copies made before it, which the nest changes",
              Where);
  }

private:
  static constexpr bool fixed(int D) { return (Fixed >> D) & 1u; }
  template <std::size_t... K>
  static T &elementAt(hpf::darray<T, R> &a,
               const std::array<hpf::index_t, std::size_t(R)> &G,
               std::index_sequence<K...>) {
    return a(G[K]...);
  }

  std::array<hpf::index_t, std::size_t(R)> At;
  std::array<hpf::index_t, std::size_t(R)> Stride{};
  T *Base = nullptr;
  T Sink{};
  const char *Where;
};

/// The stores of a nest every rank runs at subscripts no level of it runs
/// over (interpolation into a finer grid, `U[2 * k + 1][j]` in a loop over
/// the coarse k; analysis/flow/FixedSlices.cpp):
///
///   hpfcc::owner_store<double, 2> __hpf_store7_0(U, "f.cpp:7:1");
///   ... __hpf_store7_0(2 * k + 1, j) = ...;
///   if (!(__hpf_store7_0.may_own(0, 2 * k))) continue;  // skipped iteration
///
/// The element's owner stores into its storage, every other rank into a
/// sink; may_own tells the nest which outer iterations to skip.
template <class T, int R> class owner_store {
public:
  /// Per dimension, the local index of each global one this rank's grid
  /// coordinate owns (-1 elsewhere): a store is then a lookup per
  /// dimension.
  owner_store(hpf::darray<T, R> &a, const char *where)
      : Data(a.local_data()), Where(where) {
    for (int D = 0; D < R; ++D) {
      std::vector<hpf::index_t> &L = Tables[std::size_t(D)];
      L.assign(std::size_t(a.extent(D)), -1);
      const hpf::owned_range Owned = a.owned(D);
      for (auto It = Owned.begin(); It != Owned.end(); ++It)
        L[std::size_t(*It)] = It.local();
      Extent[std::size_t(D)] = a.local_extent(D);
    }
  }
  owner_store(const owner_store &) = delete;
  owner_store &operator=(const owner_store &) = delete;

  /// Element (i, j, ...) with global indices: the element on its owner,
  /// the sink elsewhere.
  template <class... I> [[gnu::always_inline]] T &operator()(I... idx) {
    static_assert(sizeof...(I) == R, "one index per dimension");
    const hpf::index_t G[] = {hpf::index_t(idx)...};
    hpf::index_t Flat = 0;
    bool Mine = true;
    for (int D = 0; D < R; ++D) {
      const std::vector<hpf::index_t> &L = Tables[std::size_t(D)];
      // One unsigned comparison: negative indices wrap to large ones.
      if (std::size_t(G[D]) >= L.size())
        outside(D, G[D]);
      const hpf::index_t Li = L[std::size_t(G[D])];
      Mine &= Li >= 0;
      Flat = Flat * Extent[std::size_t(D)] + Li;
    }
    return Mine ? Data[Flat] : Sink;
  }

  /// Whether this rank owns some element whose index in dimension d is g.
  bool may_own(int d, hpf::index_t g) const {
    const std::vector<hpf::index_t> &L = Tables[std::size_t(d)];
    return std::size_t(g) < L.size() && L[std::size_t(g)] >= 0;
  }

  /// Of an array distributed in dimension 0 only: plane g (every element
  /// (g, ...), row-major) in this rank's storage, or a sink plane.
  T *plane(hpf::index_t g) {
    if (std::size_t(g) >= Tables[0].size())
      outside(0, g);
    hpf::index_t PlaneSize = 1;
    for (int D = 1; D < R; ++D)
      PlaneSize *= Extent[std::size_t(D)];
    if (const hpf::index_t Li = Tables[0][std::size_t(g)]; Li >= 0)
      return Data + Li * PlaneSize;
    if (SinkPlane.empty())
      SinkPlane.resize(std::size_t(PlaneSize));
    return SinkPlane.data();
  }
  /// The local extent of dimension d (its extent if held whole).
  hpf::index_t extent(int d) const { return Extent[std::size_t(d)]; }

private:
  [[gnu::cold, gnu::noinline]] void outside(int D, hpf::index_t G) const {
    hpf::fail("independent",
              "an element is written at index " + std::to_string(G) +
                  " of dimension " + std::to_string(D) +
                  ", outside its extent " +
                  std::to_string(Tables[std::size_t(D)].size()),
              Where);
  }

  T *Data;
  const char *Where;
  std::array<std::vector<hpf::index_t>, std::size_t(R)> Tables;
  std::array<hpf::index_t, std::size_t(R)> Extent{};
  T Sink{};
  std::vector<T> SinkPlane;
};

/// Around a loop whose steps send rows ahead (codegen/Lookahead.cpp): the
/// row its last step sent is not taken after it, whatever runs next.
struct ahead_scope {
  ahead_scope() = default;
  ahead_scope(const ahead_scope &) = delete;
  ahead_scope &operator=(const ahead_scope &) = delete;
  ~ahead_scope() { hpf::rt::retireAhead(); }
};

/// Row i of a, which this rank owns and the nest has just written: sent
/// ahead to every other rank (mpi/Ahead.h; codegen/Lookahead.cpp emits
/// the call after the iteration that writes the next step's pivot row).
template <class T, int R>
void send_ahead(const hpf::darray<T, R> &a, hpf::index_t i) {
  static_assert(R >= 2, "a row of a matrix");
  if (hpf::number_of_processors() > 1)
    hpf::rt::sendAhead(&a, i, &detail::element(a, detail::rowStart<R>(i)),
                       detail::rowBytes(a));
}

/// After the nest: the receive of row lo from its owner, if the nest's
/// range [lo, hi) holds it (then the owner sent it) and this rank is not
/// its owner.
template <class T, int R>
void receive_ahead(const hpf::darray<T, R> &a, hpf::index_t lo,
                   hpf::index_t hi) {
  if (lo < hi)
    detail::receiveFromOwner(a, lo, detail::rowBytes(a));
}

/// Row `at` is final and its step's owner value fn(at) can be evaluated
/// (codegen/ValueAhead.cpp: a back substitution's next X[k]): its owner
/// evaluates it and sends it ahead, if the nest's range from lo holds the
/// row; the next step's owner_value takes it instead of broadcasting.
template <class T, int R, class F>
void send_value_ahead(const hpf::darray<T, R> &a, hpf::index_t at,
                      hpf::index_t lo, F &&fn) {
  if (!detail::valueAhead(a, at, lo) ||
      detail::owner(a, detail::rowStart<R>(at)) != hpf::rank())
    return;
  const auto V = fn(at);
  hpf::rt::sendAhead(&a, at, &V, sizeof V, /*Copy=*/true);
}

/// After the nest, on the other ranks: the receive of that value (V).
template <class V, class T, int R>
void receive_value_ahead(const hpf::darray<T, R> &a, hpf::index_t at,
                         hpf::index_t lo) {
  if (detail::valueAhead(a, at, lo))
    detail::receiveFromOwner(a, at, sizeof(V));
}

} // namespace hpfcc

#endif // HPFCC_ROWS_H
