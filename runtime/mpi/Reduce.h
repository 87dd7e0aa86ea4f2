//===- mpi/Reduce.h - reductions over all ranks -----------------*- C++ -*-===//
//
// `#pragma hpf independent reduction(+: s)` loops compute a partial value per
// rank over the indices it owns and combine the partials over all ranks
// (every rank calls; ranks that own nothing contribute the identity). To
// keep the sequential result when s has a value before the loop, generated
// code does:
//   auto __s0 = s; s = 0;                  // identity of +
//   for (hpf::index_t i : A.owned(0, N)) s += A[i];
//   s = __s0 + hpf::allreduce_sum(s);
// (min/max can keep s: they are idempotent.) Floating-point sums may differ
// from the sequential order in the last bits, and between rank counts. With
// hpfcc --hpf-reproducible-sums, a floating-point `+` reduction instead adds
// each iteration's contribution exactly (mpi/ExactSum.h):
//   hpf::exact_sum __acc; auto __s0 = s;
//   for (...) { hpf::exact_term __t(__acc, s); s += A[i]; }
//   s = hpf::allreduce_exact_sum(__acc, __s0);
// which gives the same bits at every rank count.
//
// A reduction variable may also be a fixed-size array of any rank
// (`reduction(+: hist)` over `long hist[16]`, as OpenMP 4.5 has it): each
// element is reduced, with one MPI_Allreduce over the whole array:
//   hpf::array_reduction_start(hist, 0); // ranks but 0 fill with 0
//   for (...) hist[k] += e;
//   hpf::allreduce_array(hist, hpf::reduce_op::sum);
// Rank 0 keeps the values before the loop, so the one combination also
// joins them: no copy of the array, no second pass over it, and at -n 1
// the additions are the sequential program's. (min/max/&&/||/&/| keep
// the values on every rank: no start.) Reproducible sums do not cover
// arrays.
//
// Supported element types: the arithmetic types and bool.
//
//===----------------------------------------------------------------------===//
#ifndef HPF_MPI_REDUCE_H
#define HPF_MPI_REDUCE_H

#include "mpi/Env.h"
#include "mpi/ExactSum.h"

#include <algorithm>
#include <cstddef>
#include <string>
#include <type_traits>
#include <vector>

namespace hpf {

enum class reduce_op { sum, prod, min, max, land, lor, band, bor, bxor };

namespace rt {
enum class ScalarKind {
  Bool,
  Char,
  SChar,
  UChar,
  Short,
  UShort,
  Int,
  UInt,
  Long,
  ULong,
  LongLong,
  ULongLong,
  Float,
  Double,
  LongDouble
};
template <class T> constexpr ScalarKind scalarKind() {
  using U = std::remove_cv_t<T>;
  if constexpr (std::is_same_v<U, bool>)
    return ScalarKind::Bool;
  else if constexpr (std::is_same_v<U, char>)
    return ScalarKind::Char;
  else if constexpr (std::is_same_v<U, signed char>)
    return ScalarKind::SChar;
  else if constexpr (std::is_same_v<U, unsigned char>)
    return ScalarKind::UChar;
  else if constexpr (std::is_same_v<U, short>)
    return ScalarKind::Short;
  else if constexpr (std::is_same_v<U, unsigned short>)
    return ScalarKind::UShort;
  else if constexpr (std::is_same_v<U, int>)
    return ScalarKind::Int;
  else if constexpr (std::is_same_v<U, unsigned>)
    return ScalarKind::UInt;
  else if constexpr (std::is_same_v<U, long>)
    return ScalarKind::Long;
  else if constexpr (std::is_same_v<U, unsigned long>)
    return ScalarKind::ULong;
  else if constexpr (std::is_same_v<U, long long>)
    return ScalarKind::LongLong;
  else if constexpr (std::is_same_v<U, unsigned long long>)
    return ScalarKind::ULongLong;
  else if constexpr (std::is_same_v<U, float>)
    return ScalarKind::Float;
  else if constexpr (std::is_same_v<U, double>)
    return ScalarKind::Double;
  else if constexpr (std::is_same_v<U, long double>)
    return ScalarKind::LongDouble;
  else
    static_assert(sizeof(U) == 0, "hpf reductions support arithmetic types");
}
/// MPI_Allgather of Bytes bytes from every rank into All (nranks() * Bytes
/// bytes, in rank order); Where names the call in a failure.
void allgatherBytes(const void *Mine, std::size_t Bytes, void *All,
                    const char *Where);
/// MPI_Alltoallv of bytes: Send holds, in rank order, SendBytes[r] bytes
/// for each rank r; returns what every rank sent this one, in rank order
/// (RecvBytes[r] from rank r). Where names the call in a failure.
std::vector<char> alltoallvBytes(const void *Send,
                                 const std::vector<std::size_t> &SendBytes,
                                 std::vector<std::size_t> &RecvBytes,
                                 const char *Where);
/// MPI_Allgatherv of bytes whose counts every rank knows: Bytes[r] from
/// each rank r (Mine holds this rank's), into All in rank order.
void allgathervBytes(const void *Mine, const std::vector<std::size_t> &Bytes,
                     void *All, const char *Where);
/// In-place MPI_Allreduce of Count values over all ranks.
void allreduceInPlace(void *Values, std::size_t Count, ScalarKind Kind,
                      reduce_op Op);
} // namespace rt

/// The combination of every rank's `value` (collective over the world).
template <class T> T allreduce(T value, reduce_op op) {
  rt::allreduceInPlace(&value, 1, rt::scalarKind<T>(), op);
  return value;
}
template <class T> T allreduce_sum(T v) { return allreduce(v, reduce_op::sum); }
template <class T> T allreduce_prod(T v) {
  return allreduce(v, reduce_op::prod);
}
template <class T> T allreduce_min(T v) { return allreduce(v, reduce_op::min); }
template <class T> T allreduce_max(T v) { return allreduce(v, reduce_op::max); }
template <class T> T allreduce_land(T v) {
  return allreduce(v, reduce_op::land);
}
template <class T> T allreduce_lor(T v) { return allreduce(v, reduce_op::lor); }
template <class T> T allreduce_band(T v) {
  return allreduce(v, reduce_op::band);
}
template <class T> T allreduce_bor(T v) { return allreduce(v, reduce_op::bor); }
template <class T> T allreduce_bxor(T v) {
  return allreduce(v, reduce_op::bxor);
}

namespace rt {
/// The scalar elements of a reduction variable: itself, or every element
/// of a fixed-size array of any rank, row-major.
template <class A> using element_t = std::remove_all_extents_t<A>;
template <class A>
constexpr std::size_t ElementCount = sizeof(A) / sizeof(element_t<A>);
template <class A> element_t<A> *firstElement(A &a) {
  if constexpr (std::is_array_v<A>)
    return firstElement(a[0]);
  else
    return &a;
}
} // namespace rt

/// Array reductions of +, *, ^, before the loop: rank 0 keeps the values
/// the array has (they join the ranks' parts in the combination), the
/// other ranks' parts start from the operator's identity.
template <class A>
void array_reduction_start(A &a, rt::element_t<A> identity) {
  if (rank() == 0)
    return;
  rt::element_t<A> *E = rt::firstElement(a);
  for (std::size_t I = 0; I < rt::ElementCount<A>; ++I)
    E[I] = identity;
}
/// Every element combined over all ranks, in place (collective; one
/// MPI_Allreduce for the whole array).
template <class A> void allreduce_array(A &a, reduce_op op) {
  rt::allreduceInPlace(rt::firstElement(a), rt::ElementCount<A>,
                       rt::scalarKind<rt::element_t<A>>(), op);
}

/// `reduction(op: p[first : length])` (OpenMP's array section): the
/// elements of what a pointer points to, reduced like an array's; the
/// bounds are the directive's, evaluated once before the loop.
template <class T> class section_reduction {
public:
  section_reduction(T *p, long long first, long long length, const char *name,
                    const char *where)
      : First(p + first), Length(std::size_t(length)) {
    if (length < 0 || (length > 0 && !p))
      fail("independent",
           std::string("reduction section '") + name + "[" +
               std::to_string(first) + " : " + std::to_string(length) +
               "]' " +
               (length < 0 ? "has a negative length" : "of a null pointer"),
           where);
  }
  /// +, *, ^: rank 0 keeps the values, the other ranks start from the
  /// identity (as array_reduction_start).
  void start(T identity) const {
    if (rank() != 0)
      std::fill(First, First + Length, identity);
  }
  /// Every element combined over all ranks, in place (one MPI_Allreduce).
  void combine(reduce_op op) const {
    rt::allreduceInPlace(First, Length, rt::scalarKind<T>(), op);
  }

private:
  T *First;
  std::size_t Length;
};

using exact_sum = rt::ExactSum;

namespace rt {
/// Every rank's accumulator, added exactly (collective over the world).
ExactSum allreduceExact(ExactSum &Local);
} // namespace rt

/// One iteration's contribution to a reproducible sum: the reduction
/// variable starts the iteration at 0, and what it holds when the iteration
/// ends (also through `continue`) is added to the accumulator exactly; then
/// the variable gets back the value it had before the iteration (an
/// enclosing level's partial contribution). The iteration's own additions
/// run in its fixed order, so the contribution is the same whichever rank
/// runs it.
template <class T> class exact_term {
public:
  exact_term(exact_sum &acc, T &s) : Acc(acc), S(s), Outer(s) { S = T(0); }
  ~exact_term() {
    Acc.add(double(S));
    S = Outer;
  }
  exact_term(const exact_term &) = delete;
  exact_term &operator=(const exact_term &) = delete;

private:
  exact_sum &Acc;
  T &S;
  const T Outer;
};

/// The reproducible result: `init` (the variable's value before the loop,
/// the same on every rank) plus every rank's exact sum, rounded once.
template <class T> T allreduce_exact_sum(exact_sum &acc, T init) {
  static_assert(std::is_same_v<T, double> || std::is_same_v<T, float>,
                "reproducible sums are for float and double");
  exact_sum S = rt::allreduceExact(acc);
  S.add(double(init));
  return T(S.value());
}

/// Waits until every rank arrives.
void barrier();

} // namespace hpf

#endif // HPF_MPI_REDUCE_H
