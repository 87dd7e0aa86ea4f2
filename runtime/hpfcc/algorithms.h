//===- hpfcc/algorithms.h - standard algorithms on distributed arrays -*- C++
//-*-===//
//
// What hpfcc makes of a standard algorithm called in replicated code on a
// distributed array (analysis/replicated/Algorithms.cpp,
// codegen/AlgorithmEmitter.cpp): the call becomes one of these, with the
// range as global positions [lo, hi) of the array,
//
//   std::fill(std::begin(A), std::end(A), 0.0);
//   -> hpfcc::algo::fill("f.cpp:9:3", A, 0, A.size(), 0.0);
//   double s = std::accumulate(A, A + N, 0.0);
//   -> double s = hpfcc::algo::accumulate("f.cpp:10:14", A, 0, A.size(), 0.0);
//
// and each keeps the sequential algorithm's result:
//  - fill, copy, transform run as an owner-computes loop over the
//    destination's owned segments (hpfcc::owned_segments); a source is read
//    as an independent loop reads `B[i]` at `A[i]`: in local storage when it
//    has the destination's mapping, else from a copy redistributed into it
//    (hpfcc::realigned, the plan cache); a source at another offset or of
//    another extent is read from a gathered copy (darray::gather).
//  - count, count_if, equal: each rank's part, then one MPI_Allreduce
//    (exact).
//  - min_element, max_element: each rank's first best element, then one
//    MPI_Allgather of the candidates, combined in the order of their global
//    indices by the algorithm's own rule: the first occurrence, as
//    sequentially (for a comparison that is a strict weak ordering, as the
//    standard requires; with a NaN in a floating-point range `<` is none,
//    nor is a comparison of values computed from it, so then the whole
//    range is gathered and scanned in order).
//  - accumulate, reduce: integral accumulator and elements with `+`, `*`,
//    `&`, `|`, `^` (std::plus<> ...): each rank's partial value in unsigned
//    arithmetic of the accumulator's width, then one MPI_Allreduce; the
//    result is the sequential one (these are associative modulo 2^n).
//    Anything else (floating point, another operation) is not associative:
//    the range is gathered on every rank (one MPI_Allgatherv) and the same
//    standard algorithm runs over the copy, in the sequential order, so the
//    bits are the sequential program's.
//  - sort, stable_sort: where the sequential result is known without
//    sorting in its order (stable_sort; sort of integers by `<` or `>`,
//    whose equivalent elements are equal) over the whole array, a sample
//    sort (local sorts, splitters from one MPI_Allgather of samples, one
//    MPI_Alltoallv, the sorted blocks redistributed to the array's
//    mapping); otherwise the range gathered on every rank, sorted by the
//    same standard function as sequentially, each rank keeping its part.
//  - range-for (elements, elements_kept, owned_elements): in replicated
//    code over a copy gathered on every rank (written back to the owned
//    elements after a loop that writes through its variable); marked
//    independent over this rank's own elements.
//  - swap_arrays (std::swap of two distributed arrays): the storage is
//    swapped (O(1), no message) when the mappings agree; otherwise each
//    array keeps its mapping and receives the other's elements (two
//    redistributions).
//
// Every function is collective (replicated code: every rank calls it) and
// fails naming the call (where) if a range is not inside its array.
//
//===----------------------------------------------------------------------===//
#ifndef HPFCC_ALGORITHMS_H
#define HPFCC_ALGORITHMS_H

#include "hpfcc/reads.h"
#include "hpfcc/segments.h"
#include "mpi/hpfrt.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <cstring>
#include <functional>
#include <numeric>
#include <optional>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

namespace hpfcc::algo {

namespace detail {

/// Fails (naming the call) unless [lo, hi) lies inside a's elements.
template <class T>
void check_range(const hpf::darray<T> &a, index_t lo, index_t hi,
                 const char *what, const char *where) {
  hpf::rt::checkAlgorithmNotInIndependentLoop(what, where);
  if (lo < 0 || lo > hi || hi > a.size())
    hpf::fail(what,
              "the range [" + std::to_string(lo) + ", " + std::to_string(hi) +
                  ") is not inside the array's " + std::to_string(a.size()) +
                  " elements",
              where);
}

/// The elements src[i - dlo + slo] for the indices i of dst this rank owns,
/// as an independent loop over dst reads them: from local storage (src
/// aligned, or a copy realigned to dst's mapping) or from a gathered copy
/// (another offset or extent).
template <class T> class source {
public:
  template <class U>
  source(const hpf::darray<T> &src, index_t slo, const hpf::darray<U> &dst,
         index_t dlo, const char *where) {
    if (slo == dlo && src.size() == dst.size()) {
      Re.emplace(src, dst, std::array<int, 1>{0}, where);
      Local = Re->data();
    } else {
      All = src.gather();
      Shift = slo - dlo;
    }
  }
  /// Element at global index i of the destination, whose segment has
  /// offset off.
  const T &at(index_t i, index_t off) const {
    return Local ? Local[i + off] : All[std::size_t(i + Shift)];
  }

private:
  std::optional<hpfcc::realigned<T, 1>> Re;
  const T *Local = nullptr;
  std::vector<T> All;
  index_t Shift = 0;
};

/// Op is std::op<X> with X void or Init (an operation on the accumulator's
/// type, not a narrower one).
template <template <class> class F, class Op, class Init>
constexpr bool is_std_op =
    std::is_same_v<Op, F<void>> || std::is_same_v<Op, F<Init>>;

/// The MPI reduction of an integral accumulation, if it is associative and
/// commutative in unsigned arithmetic modulo 2^n (the sequential result
/// then follows from per-rank partial values).
template <class Op, class Init, class T> constexpr int integral_op() {
  if constexpr (!std::is_integral_v<Init> || std::is_same_v<Init, bool> ||
                !std::is_integral_v<T>)
    return -1;
  else if constexpr (is_std_op<std::plus, Op, Init>)
    return int(hpf::reduce_op::sum);
  else if constexpr (is_std_op<std::multiplies, Op, Init>)
    return int(hpf::reduce_op::prod);
  else if constexpr (is_std_op<std::bit_and, Op, Init>)
    return int(hpf::reduce_op::band);
  else if constexpr (is_std_op<std::bit_or, Op, Init>)
    return int(hpf::reduce_op::bor);
  else if constexpr (is_std_op<std::bit_xor, Op, Init>)
    return int(hpf::reduce_op::bxor);
  else
    return -1;
}

/// init op a[lo] op ... op a[hi - 1] for an integral_op: each rank's
/// partial value in unsigned arithmetic at least as wide as unsigned and
/// the accumulator (modulo 2^n, no overflow), combined with one
/// MPI_Allreduce, then init.
template <int Op, class T, class Init>
Init integral_fold(const hpf::darray<T> &a, index_t lo, index_t hi, Init init) {
  using U = std::make_unsigned_t<Init>;
  using W = std::common_type_t<unsigned, U>;
  constexpr auto K = hpf::reduce_op(Op);
  auto apply = [](W x, W y) -> W {
    if constexpr (K == hpf::reduce_op::sum)
      return W(x + y);
    else if constexpr (K == hpf::reduce_op::prod)
      return W(x * y);
    else if constexpr (K == hpf::reduce_op::band)
      return W(x & y);
    else if constexpr (K == hpf::reduce_op::bor)
      return W(x | y);
    else
      return W(x ^ y);
  };
  W P = K == hpf::reduce_op::prod   ? W(1)
        : K == hpf::reduce_op::band ? W(~W(0))
                                    : W(0);
  const T *L = a.local_data();
  for (const segment s : owned_segments(a, 0, lo, hi))
    for (index_t i = s.lo; i < s.hi; ++i)
      P = apply(P, W(L[i + s.off]));
  P = hpf::allreduce(P, K);
  return Init(U(apply(W(init), P)));
}

/// min_element / max_element: the position of the first best element of
/// [lo, hi) by Better(candidate, best) (hi if empty), and, Value set, its
/// value.
template <class T, class Better>
index_t best_element(const hpf::darray<T> &a, index_t lo, index_t hi,
                     Better better, std::type_identity_t<T> *Value,
                     const char *what, const char *where) {
  check_range(a, lo, hi, what, where);
  struct candidate {
    long long Index;
    int Found;
    int Unordered; ///< a NaN: the comparison may be no ordering
    T Value;
  };
  candidate Mine{};
  Mine.Index = hi;
  const T *L = a.local_data();
  for (const segment s : owned_segments(a, 0, lo, hi))
    for (index_t i = s.lo; i < s.hi; ++i) {
      const T &X = L[i + s.off];
      if constexpr (std::is_floating_point_v<T>)
        if (std::isnan(X))
          Mine.Unordered = 1;
      if (!Mine.Found || better(X, Mine.Value)) {
        Mine.Found = 1;
        Mine.Index = i;
        Mine.Value = X;
      }
    }
  std::vector<candidate> All(static_cast<std::size_t>(hpf::nranks()));
  hpf::rt::allgatherBytes(&Mine, sizeof(candidate), All.data(), where);
  bool Unordered = false;
  for (const candidate &C : All)
    Unordered |= C.Unordered != 0;
  if (Unordered) {
    // The comparison is no ordering: only the sequential scan itself gives
    // the sequential answer.
    const std::vector<T> Whole = a.gather();
    index_t Best = hi;
    for (index_t i = lo; i < hi; ++i)
      if (Best == hi || better(Whole[std::size_t(i)], Whole[std::size_t(Best)]))
        Best = i;
    if (Value && Best < hi)
      *Value = Whole[std::size_t(Best)];
    return Best;
  }
  std::sort(All.begin(), All.end(), [](const candidate &X, const candidate &Y) {
    return X.Index < Y.Index;
  });
  const candidate *Best = nullptr;
  for (const candidate &C : All)
    if (C.Found && (!Best || better(C.Value, Best->Value)))
      Best = &C;
  if (!Best)
    return hi;
  if (Value)
    *Value = Best->Value;
  return index_t(Best->Index);
}

} // namespace detail

// ---- fill, copy, transform: owner computes -------------------------------

template <class T, class V>
void fill(const char *where, hpf::darray<T> &a, index_t lo, index_t hi,
          const V &value) {
  detail::check_range(a, lo, hi, "std::fill", where);
  T *L = a.local_data();
  for (const segment s : owned_segments(a, 0, lo, hi))
    std::fill(L + (s.lo + s.off), L + (s.hi + s.off), value);
}

template <class T, class U>
void copy(const char *where, const hpf::darray<T> &src, index_t lo, index_t hi,
          hpf::darray<U> &dst, index_t dlo) {
  detail::check_range(src, lo, hi, "std::copy", where);
  const index_t dhi = dlo + (hi - lo);
  detail::check_range(dst, dlo, dhi, "std::copy", where);
  const detail::source<T> S(src, lo, dst, dlo, where);
  U *D = dst.local_data();
  for (const segment s : owned_segments(dst, 0, dlo, dhi))
    for (index_t i = s.lo; i < s.hi; ++i)
      D[i + s.off] = S.at(i, s.off);
}

template <class T, class U, class Op>
void transform(const char *where, const hpf::darray<T> &src, index_t lo,
               index_t hi, hpf::darray<U> &dst, index_t dlo, Op op) {
  detail::check_range(src, lo, hi, "std::transform", where);
  const index_t dhi = dlo + (hi - lo);
  detail::check_range(dst, dlo, dhi, "std::transform", where);
  const detail::source<T> S(src, lo, dst, dlo, where);
  U *D = dst.local_data();
  for (const segment s : owned_segments(dst, 0, dlo, dhi))
    for (index_t i = s.lo; i < s.hi; ++i)
      D[i + s.off] = op(S.at(i, s.off));
}

template <class T, class T2, class U, class Op>
void transform(const char *where, const hpf::darray<T> &src, index_t lo,
               index_t hi, const hpf::darray<T2> &src2, index_t lo2,
               hpf::darray<U> &dst, index_t dlo, Op op) {
  detail::check_range(src, lo, hi, "std::transform", where);
  detail::check_range(src2, lo2, lo2 + (hi - lo), "std::transform", where);
  const index_t dhi = dlo + (hi - lo);
  detail::check_range(dst, dlo, dhi, "std::transform", where);
  const detail::source<T> S(src, lo, dst, dlo, where);
  const detail::source<T2> S2(src2, lo2, dst, dlo, where);
  U *D = dst.local_data();
  for (const segment s : owned_segments(dst, 0, dlo, dhi))
    for (index_t i = s.lo; i < s.hi; ++i)
      D[i + s.off] = op(S.at(i, s.off), S2.at(i, s.off));
}

// ---- count, count_if, equal: exact reductions ----------------------------

template <class T, class Pred>
std::ptrdiff_t count_if(const char *where, const hpf::darray<T> &a, index_t lo,
                        index_t hi, Pred pred) {
  detail::check_range(a, lo, hi, "std::count", where);
  long long N = 0;
  const T *L = a.local_data();
  for (const segment s : owned_segments(a, 0, lo, hi))
    for (index_t i = s.lo; i < s.hi; ++i)
      if (pred(L[i + s.off]))
        ++N;
  return std::ptrdiff_t(hpf::allreduce_sum(N));
}

template <class T, class V>
std::ptrdiff_t count(const char *where, const hpf::darray<T> &a, index_t lo,
                     index_t hi, const V &value) {
  return algo::count_if(where, a, lo, hi,
                        [&value](const T &x) -> bool { return x == value; });
}

template <class T, class T2, class Pred = std::equal_to<>>
bool equal(const char *where, const hpf::darray<T> &a, index_t lo, index_t hi,
           const hpf::darray<T2> &b, index_t blo, Pred pred = {}) {
  detail::check_range(a, lo, hi, "std::equal", where);
  detail::check_range(b, blo, blo + (hi - lo), "std::equal", where);
  const detail::source<T2> S(b, blo, a, lo, where);
  int Same = 1;
  const T *L = a.local_data();
  for (const segment s : owned_segments(a, 0, lo, hi))
    for (index_t i = s.lo; i < s.hi && Same; ++i)
      if (!pred(L[i + s.off], S.at(i, s.off)))
        Same = 0;
  return hpf::allreduce(Same, hpf::reduce_op::land) != 0;
}

/// The four-iterator form: ranges of different lengths are not equal.
template <class T, class T2, class Pred = std::equal_to<>>
bool equal_ranges(const char *where, const hpf::darray<T> &a, index_t lo,
                  index_t hi, const hpf::darray<T2> &b, index_t blo,
                  index_t bhi, Pred pred = {}) {
  detail::check_range(b, blo, bhi, "std::equal", where);
  if (hi - lo != bhi - blo) {
    detail::check_range(a, lo, hi, "std::equal", where);
    return false;
  }
  return algo::equal(where, a, lo, hi, b, blo, pred);
}

// ---- accumulate, reduce --------------------------------------------------

namespace detail {
/// accumulate and reduce: an integral_op folds each rank's part (exact);
/// anything else runs Seq, the standard function itself, over the range
/// gathered on every rank, so the bits are the sequential ones.
template <class T, class Init, class Op, class Seq>
Init fold(const char *name, const char *where, const hpf::darray<T> &a,
          index_t lo, index_t hi, Init init, Op op, Seq seq) {
  detail::check_range(a, lo, hi, name, where);
  constexpr int K = detail::integral_op<Op, Init, T>();
  if constexpr (K >= 0) {
    (void)op; // std::plus<> ...: the MPI reduction K
    (void)seq;
    return detail::integral_fold<K>(a, lo, hi, init);
  } else {
    const std::vector<T> All = a.gather();
    return seq(All.begin() + lo, All.begin() + hi, std::move(init), op);
  }
}
} // namespace detail

template <class T, class Init, class Op = std::plus<>>
Init accumulate(const char *where, const hpf::darray<T> &a, index_t lo,
                index_t hi, Init init, Op op = {}) {
  return detail::fold("std::accumulate", where, a, lo, hi, std::move(init), op,
                      [](auto b, auto e, Init i, Op o) {
                        return std::accumulate(b, e, std::move(i), o);
                      });
}

template <class T, class Init, class Op = std::plus<>>
Init reduce(const char *where, const hpf::darray<T> &a, index_t lo, index_t hi,
            Init init, Op op = {}) {
  return detail::fold("std::reduce", where, a, lo, hi, std::move(init), op,
                      [](auto b, auto e, Init i, Op o) {
                        return std::reduce(b, e, std::move(i), o);
                      });
}

/// std::reduce(first, last): the initial value is T{}.
template <class T>
T reduce(const char *where, const hpf::darray<T> &a, index_t lo, index_t hi) {
  return algo::reduce(where, a, lo, hi, T{});
}

// ---- min_element, max_element --------------------------------------------

/// `std::min_element(...) - std::begin(A)`: the position of the first
/// smallest element (hi if the range is empty).
template <class T, class Comp = std::less<>>
std::ptrdiff_t min_element_index(const char *where, const hpf::darray<T> &a,
                                 index_t lo, index_t hi, Comp comp = {}) {
  return std::ptrdiff_t(detail::best_element(
      a, lo, hi, [&](const T &x, const T &best) { return comp(x, best); },
      nullptr, "std::min_element", where));
}

template <class T, class Comp = std::less<>>
std::ptrdiff_t max_element_index(const char *where, const hpf::darray<T> &a,
                                 index_t lo, index_t hi, Comp comp = {}) {
  return std::ptrdiff_t(detail::best_element(
      a, lo, hi, [&](const T &x, const T &best) { return comp(best, x); },
      nullptr, "std::max_element", where));
}

/// `*std::min_element(...)`: the value of the first smallest element (the
/// sequential program dereferences the end of an empty range: an error).
template <class T, class Comp = std::less<>>
T min_element_value(const char *where, const hpf::darray<T> &a, index_t lo,
                    index_t hi, Comp comp = {}) {
  T V{};
  if (detail::best_element(
          a, lo, hi, [&](const T &x, const T &best) { return comp(x, best); },
          &V, "std::min_element", where) == hi)
    hpf::fail("std::min_element", "the range is empty: there is no element",
              where);
  return V;
}

template <class T, class Comp = std::less<>>
T max_element_value(const char *where, const hpf::darray<T> &a, index_t lo,
                    index_t hi, Comp comp = {}) {
  T V{};
  if (detail::best_element(
          a, lo, hi, [&](const T &x, const T &best) { return comp(best, x); },
          &V, "std::max_element", where) == hi)
    hpf::fail("std::max_element", "the range is empty: there is no element",
              where);
  return V;
}

// ---- sort, stable_sort ---------------------------------------------------

namespace detail {

/// Whether std::sort's order of equivalent elements is invisible: integers
/// ordered by `<` or `>` (none given, std::less, std::greater), where
/// equivalent elements are equal.
template <class T, class Comp> constexpr bool ties_invisible() {
  if constexpr (!std::is_integral_v<T>)
    return false;
  else
    return std::is_same_v<Comp, std::less<>> ||
           std::is_same_v<Comp, std::less<T>> ||
           std::is_same_v<Comp, std::greater<>> ||
           std::is_same_v<Comp, std::greater<T>>;
}

/// `<` or `>` on a floating-point type: no ordering if a NaN is in the
/// range (the sequential result then depends on the algorithm's path).
template <class T, class Comp> constexpr bool nan_unordered() {
  return std::is_floating_point_v<T> &&
         (std::is_same_v<Comp, std::less<>> ||
          std::is_same_v<Comp, std::less<T>> ||
          std::is_same_v<Comp, std::greater<>> ||
          std::is_same_v<Comp, std::greater<T>>);
}

/// An element with its global index: ordered by comp, then by the index
/// (a strict total order: a sort by it is stable).
template <class T> struct keyed {
  T Value;
  long long Index;
};

/// Sorts the whole of a by comp, stably, as a sample sort: each rank sorts
/// its elements, P - 1 regular samples per rank are gathered (one
/// MPI_Allgather) and give every rank the same P - 1 splitters, the
/// elements go to the rank of their interval (one MPI_Alltoallv), each
/// rank sorts what it received: rank r then holds the r-th block of the
/// sorted sequence, an array of gen_block mapping, which the redistribution
/// engine moves to a's mapping.
template <class T, class Comp>
void sample_sort(hpf::darray<T> &a, Comp comp, const char *where) {
  using K = keyed<T>;
  auto less = [&comp](const K &x, const K &y) {
    if (comp(x.Value, y.Value))
      return true;
    if (comp(y.Value, x.Value))
      return false;
    return x.Index < y.Index;
  };
  const std::size_t P = std::size_t(hpf::nranks());
  std::vector<K> Mine;
  Mine.reserve(std::size_t(a.local_size()));
  const T *L = a.local_data();
  for (const segment s : owned_segments(a, 0, 0, a.size()))
    for (index_t i = s.lo; i < s.hi; ++i)
      Mine.push_back({L[i + s.off], (long long)i});
  std::sort(Mine.begin(), Mine.end(), less);

  struct sample {
    K Key;
    int Present;
  };
  std::vector<K> Splitters;
  if (P > 1) {
    std::vector<sample> Samples(P - 1), All((P - 1) * P);
    for (std::size_t k = 1; k < P; ++k)
      if (!Mine.empty())
        Samples[k - 1] = {Mine[k * Mine.size() / P], 1};
    hpf::rt::allgatherBytes(Samples.data(), Samples.size() * sizeof(sample),
                            All.data(), where);
    std::vector<K> Present;
    for (const sample &S : All)
      if (S.Present)
        Present.push_back(S.Key);
    std::sort(Present.begin(), Present.end(), less);
    for (std::size_t k = 1; k < P && !Present.empty(); ++k)
      Splitters.push_back(Present[k * Present.size() / P]);
  }
  // Rank r receives the elements after splitter r - 1, up to splitter r.
  std::vector<std::size_t> SendBytes(P, 0), RecvBytes;
  std::size_t From = 0;
  for (std::size_t r = 0; r < P; ++r) {
    const std::size_t To =
        r < Splitters.size()
            ? std::size_t(std::upper_bound(Mine.begin(), Mine.end(),
                                           Splitters[r], less) -
                          Mine.begin())
            : Mine.size();
    SendBytes[r] = (std::max(To, From) - From) * sizeof(K);
    From = std::max(To, From);
  }
  const std::vector<char> Got =
      hpf::rt::alltoallvBytes(Mine.data(), SendBytes, RecvBytes, where);
  std::vector<K> Block(Got.size() / sizeof(K));
  if (!Got.empty())
    std::memcpy(static_cast<void *>(Block.data()), Got.data(), Got.size());
  std::sort(Block.begin(), Block.end(), less);

  std::vector<long long> Counts(P);
  const long long N = (long long)Block.size();
  hpf::rt::allgatherBytes(&N, sizeof N, Counts.data(), where);
  hpf::darray<T> Sorted(a.size(), hpf::gen_block(Counts),
                        hpf::processors::all(), where);
  T *S = Sorted.local_data();
  for (std::size_t k = 0; k < Block.size(); ++k)
    S[k] = Block[k].Value;
  hpf::redistribute_options O;
  O.where = where;
  hpf::rt::DArrayAccess::redistribute(Sorted, a.mapping(), a.procs(), O);
  hpf::rt::DArrayAccess::swapStorage(a, Sorted);
}

/// Sorts [lo, hi) of a as the sequential program does: the range gathered
/// on every rank, sorted there by Seq (std::sort or std::stable_sort, the
/// sequential program's own function), each rank keeping its elements.
template <class T, class Comp, class Seq>
void gathered_sort(hpf::darray<T> &a, index_t lo, index_t hi, Comp comp,
                   Seq seq) {
  std::vector<T> All = a.gather();
  seq(All.begin() + lo, All.begin() + hi, comp);
  T *L = a.local_data();
  for (const segment s : owned_segments(a, 0, lo, hi))
    for (index_t i = s.lo; i < s.hi; ++i)
      L[i + s.off] = All[std::size_t(i)];
}

/// A sample sort when it gives the sequential result (Stable, or ties
/// invisible), the range is the whole array and no NaN makes `<` no
/// ordering; else the gathered sort.
template <bool Stable, class T, class Comp, class Seq>
void sort_range(const char *what, const char *where, hpf::darray<T> &a,
                index_t lo, index_t hi, Comp comp, Seq seq) {
  check_range(a, lo, hi, what, where);
  if (hi - lo < 2)
    return;
  bool Sample = (Stable || ties_invisible<T, Comp>()) && lo == 0 &&
                hi == a.size() && hpf::nranks() > 1;
  if constexpr (nan_unordered<T, Comp>())
    if (Sample) {
      int Nan = 0;
      const T *L = a.local_data();
      for (index_t l = 0; l < a.local_size() && !Nan; ++l)
        Nan = std::isnan(L[l]) ? 1 : 0;
      Sample = hpf::allreduce(Nan, hpf::reduce_op::lor) == 0;
    }
  if (Sample)
    sample_sort(a, comp, where);
  else
    gathered_sort(a, lo, hi, comp, seq);
}

} // namespace detail

/// std::sort(first, last[, comp]).
template <class T, class Comp = std::less<>>
void sort(const char *where, hpf::darray<T> &a, index_t lo, index_t hi,
          Comp comp = {}) {
  detail::sort_range<false>("std::sort", where, a, lo, hi, comp,
                            [](auto b, auto e, Comp c) { std::sort(b, e, c); });
}

/// std::stable_sort(first, last[, comp]).
template <class T, class Comp = std::less<>>
void stable_sort(const char *where, hpf::darray<T> &a, index_t lo, index_t hi,
                 Comp comp = {}) {
  detail::sort_range<true>(
      "std::stable_sort", where, a, lo, hi, comp,
      [](auto b, auto e, Comp c) { std::stable_sort(b, e, c); });
}

// ---- range-for -----------------------------------------------------------

/// `for (x : A)` in replicated code: the loop runs over a copy of A
/// gathered on every rank (one MPI_Allgatherv), read only.
template <class T> class gathered_elements {
public:
  explicit gathered_elements(std::vector<T> all) : All(std::move(all)) {}
  const T *begin() const { return All.data(); }
  const T *end() const { return All.data() + All.size(); }

private:
  std::vector<T> All;
};

template <class T>
gathered_elements<T> elements(const char *where, const hpf::darray<T> &a) {
  hpf::rt::checkAlgorithmNotInIndependentLoop("range-for", where);
  return gathered_elements<T>(a.gather());
}

/// `for (auto &x : A)` in replicated code: the loop writes a copy gathered
/// on every rank; when the loop ends (however it ends), each rank stores
/// the elements it owns back into A (no message), so A holds what the
/// sequential loop leaves.
template <class T> class kept_elements {
public:
  explicit kept_elements(hpf::darray<T> &a) : A(a), All(a.gather()) {}
  kept_elements(const kept_elements &) = delete;
  kept_elements &operator=(const kept_elements &) = delete;
  ~kept_elements() {
    T *L = A.local_data();
    for (const segment s : owned_segments(A, 0, 0, A.size()))
      for (index_t i = s.lo; i < s.hi; ++i)
        L[i + s.off] = All[std::size_t(i)];
  }
  T *begin() { return All.data(); }
  T *end() { return All.data() + All.size(); }

private:
  hpf::darray<T> &A;
  std::vector<T> All;
};

template <class T>
kept_elements<T> elements_kept(const char *where, hpf::darray<T> &a) {
  hpf::rt::checkAlgorithmNotInIndependentLoop("range-for", where);
  return kept_elements<T>(a);
}

/// `#pragma hpf independent` before `for (x : A)`: the elements this rank
/// owns, in its local storage (increasing global order).
template <class T> struct owned_span {
  T *First, *Last;
  T *begin() const { return First; }
  T *end() const { return Last; }
};

template <class T>
owned_span<T> owned_elements(const char *, hpf::darray<T> &a) {
  // Not collective: each rank its own part (the independent_scope around
  // the loop is already set).
  return {a.local_data(), a.local_data() + a.local_size()};
}

// ---- swap ----------------------------------------------------------------

/// std::swap(A, B) of two distributed arrays of one type: the storage when
/// the mappings agree (O(1)), else the elements, each array keeping its
/// mapping (two redistributions through the plan cache).
template <class T, int R>
void swap_arrays(const char *where, hpf::darray<T, R> &a,
                 hpf::darray<T, R> &b) {
  hpf::rt::checkAlgorithmNotInIndependentLoop("std::swap", where);
  if (&a == &b)
    return;
  for (int D = 0; D < R; ++D)
    if (a.extent(D) != b.extent(D))
      hpf::fail("std::swap", "the arrays have different extents", where);
  if (a.procs() == b.procs() && a.mapping().sameMapping(b.mapping())) {
    hpf::rt::DArrayAccess::swapStorage(a, b);
    return;
  }
  hpf::redistribute_options O;
  O.where = where;
  // A copy of each in the other's mapping, then the storage swapped.
  hpf::darray<T, R> AinB(a.mapping(), a.procs());
  std::copy(a.local_data(), a.local_data() + a.local_size(), AinB.local_data());
  hpf::rt::DArrayAccess::redistribute(AinB, b.mapping(), b.procs(), O);
  hpf::darray<T, R> BinA(b.mapping(), b.procs());
  std::copy(b.local_data(), b.local_data() + b.local_size(), BinA.local_data());
  hpf::rt::DArrayAccess::redistribute(BinA, a.mapping(), a.procs(), O);
  hpf::rt::DArrayAccess::swapStorage(a, BinA);
  hpf::rt::DArrayAccess::swapStorage(b, AinB);
}

} // namespace hpfcc::algo

#endif // HPFCC_ALGORITHMS_H
