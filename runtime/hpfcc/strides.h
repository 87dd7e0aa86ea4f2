//===- hpfcc/strides.h - constant row strides for generated nests -*- C++ -*-=//
//
// A loop nest over a rank-2 array whose second dimension is distributed
// addresses its local storage through a run-time row stride,
// `P[(i + off) * e1 + j]`. Where that dimension is not divided (one rank,
// or one grid column) the stride is the array's extent, a constant; the
// generated nest is then a lambda instantiated twice
// (codegen/StrideVersions.cpp):
//
//   auto nest = [&](const auto P, const auto e1) { ...P[x * e1 + y]... };
//   if (e1 == 120) nest(hpfcc::rows<double, 120>(P), hpfcc::stride<120>());
//   else nest(P, e1);
//
// In the first instantiation the element's text is unchanged but its
// arithmetic builds a row and a column (x * stride<N> is a row_index,
// + y a row_col) and rows<T, N> subscripts a `T (*)[N]`: the element is
// `R[x][y]`, the sequential build's `double A[M][120]` addressing. LLVM's
// vectoriser prices a column walk (`A[j][i]`, j inner) through such a
// two-index address like the sequential loop's and vectorises it; through
// the flat `P[j * 120 + i]`, or a run-time stride, it keeps the loop
// scalar. Every other use converts back to the flat index or pointer.
//
// planes_view is the view of a split halo whose dimensions after the first
// are read whole (a plane stencil): its strides are always the extents'
// products, so it needs no second version (codegen/LoopCopies.cpp).
//
// Depends on hpfcc/segments.h (rows_halo uses its assume_separate, and
// through it mpi/hpfrt.h for hpf::fail) and the C++ standard library.
//
//===----------------------------------------------------------------------===//
#ifndef HPFCC_STRIDES_H
#define HPFCC_STRIDES_H

#include "hpfcc/segments.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <type_traits>

namespace hpfcc {

namespace detail {
using stride_index = std::int64_t; // hpf::index_t
template <class I>
concept integral_index = std::is_integral_v<I>;
} // namespace detail

/// A row stride known at compile time: N elements.
template <detail::stride_index N> struct stride {
  constexpr operator detail::stride_index() const { return N; }
};

/// `x * stride<N>`: the first element of row x.
template <detail::stride_index N> struct row_index {
  detail::stride_index Row;
  constexpr operator detail::stride_index() const { return Row * N; }
};

/// `x * stride<N> + y`: element y of row x.
template <detail::stride_index N> struct row_col {
  detail::stride_index Row, Col;
  constexpr operator detail::stride_index() const { return Row * N + Col; }
};

template <detail::stride_index N, detail::integral_index I>
constexpr row_index<N> operator*(I X, stride<N>) {
  return {detail::stride_index(X)};
}
template <detail::stride_index N, detail::integral_index I>
constexpr row_col<N> operator+(row_index<N> R, I Y) {
  return {R.Row, detail::stride_index(Y)};
}

/// Local storage of rows of N elements: subscripted by a row_col it reads
/// `T (*)[N]`'s element; by a flat index, or offset to a pointer, it is the
/// plain pointer.
template <class T, detail::stride_index N> class rows {
public:
  constexpr explicit rows(T *P) : P(P) {}
  T &operator[](row_col<N> X) const {
    return reinterpret_cast<T(*)[N]>(P)[X.Row][X.Col];
  }
  template <detail::integral_index I> T &operator[](I K) const { return P[K]; }
  T *operator+(row_index<N> R) const { return P + R.Row * N; }
  template <detail::integral_index I> T *operator+(I K) const { return P + K; }

private:
  T *P;
};

/// A halo view (hpf::halo_view) of rows of N elements: `R[i - F0][j - F1]`.
template <class T, detail::stride_index N> struct rows_view {
  const T *P;
  detail::stride_index F0, F1;
  const T &operator()(detail::stride_index I, detail::stride_index J) const {
    return reinterpret_cast<const T(*)[N]>(P)[I - F0][J - F1];
  }
};

/// Whether a rank-2 halo (hpf::halo) reads the array's local storage in
/// place for every run (its interior is every index: one rank, or no
/// neighbour's element in reach) and that storage's rows hold N elements.
/// (Asking interior() of one dimension is not enough: a '*' dimension read
/// at any index has every index inside, in place or not.)
template <detail::stride_index N, class H> bool rows_fit(const H &Halo) {
  const auto Own = Halo.view(true);
  return Own.P && Own.Step[0] == N && Halo.in_place();
}

/// A rank-2 halo that rows_fit: interior() as the halo's (one run per
/// row), view() of every run the local storage as rows_view. The storage
/// pointer is read once, and stated separate from the written arrays'
/// local pointers (assume_separate): the vectoriser then checks no overlap
/// per row.
template <class T, detail::stride_index N, class H> class rows_halo {
public:
  template <class... W>
  rows_halo(const H &Halo, const W *...Written)
      : Halo(Halo), P(Halo.view(true).P), F0(Halo.view(true).First[0]),
        F1(Halo.view(true).First[1]) {
    (assume_separate(P, Written), ...);
  }
  template <class... I> auto interior(int D, I... Idx) const {
    return Halo.interior(D, Idx...);
  }
  rows_view<T, N> view(bool) const { return {P, F0, F1}; }

private:
  const H &Halo;
  const T *P;
  detail::stride_index F0, F1;
};
template <detail::stride_index N, class H, class... W>
auto rows_halo_of(const H &Halo, const W *...Written) {
  using T =
      std::remove_cv_t<std::remove_pointer_t<decltype(Halo.view(true).P)>>;
  return rows_halo<T, N, H>(Halo, Written...);
}

/// A halo view (hpf::halo_view) of an array whose dimensions after the
/// first are read whole ('*' dimensions read at any index) and have the
/// extents Ext...: the halo's copy and the local storage both hold them
/// from index 0, so both step by the products of Ext, constants here as in
/// the sequential build's `double A[N][E1][E2]`. Each neighbour of a
/// stencil (`A[k][j + 1][i]`, `A[k + 1][j][i]`) is then the same base at a
/// constant displacement, not a base register of its own.
template <class T, detail::stride_index... Ext> struct planes_view {
  static constexpr std::size_t Rank = sizeof...(Ext) + 1;
  static constexpr std::array<detail::stride_index, Rank> Steps = [] {
    const std::array<detail::stride_index, Rank - 1> E{Ext...};
    std::array<detail::stride_index, Rank> S{};
    S[Rank - 1] = 1;
    for (std::size_t D = Rank - 1; D-- > 0;)
      S[D] = S[D + 1] * E[D];
    return S;
  }();
  const T *P;
  detail::stride_index F0; ///< the first index of dimension 0 at P
  template <class... I>
  const T &operator()(I... Idx) const requires(sizeof...(I) == Rank) {
    const std::array<detail::stride_index, Rank> G{
        detail::stride_index(Idx)...};
    detail::stride_index Flat = (G[0] - F0) * Steps[0];
    for (std::size_t D = 1; D < Rank; ++D)
      Flat += G[D] * Steps[D];
    return P[Flat];
  }
};

/// View as planes_view<T, Ext...>; fails (naming Where) unless its
/// dimensions after the first start at 0 and step by Ext's products,
/// which the compiler asks for only where the halo reads them whole.
template <detail::stride_index... Ext, class V>
auto planes_of(const V &View, const char *Where) {
  using T = std::remove_cv_t<std::remove_pointer_t<decltype(View.P)>>;
  using Out = planes_view<T, Ext...>;
  bool Fits = true;
  for (std::size_t D = 1; D < Out::Rank; ++D)
    Fits = Fits && View.First[D] == 0 && View.Step[D - 1] == Out::Steps[D - 1];
  if (View.P && !Fits)
    hpf::fail("halo",
              "internal error: the halo's rows are not the array's whole "
              "rows",
              Where);
  return Out{View.P, View.First[0]};
}

} // namespace hpfcc

#endif // HPFCC_STRIDES_H
