//===- mpi/LocReduce.h - min/max reductions with locations -----*- C++ -*-===//
//
// HPF's MINLOC/MAXLOC written as a loop: a `reduction(min: best)` (or max)
// whose only update is the if
//
//   if (A[i] < best) { best = A[i]; where = i; }
//
// (analysis/loops/LoopBody.cpp recognises it). Its sequential meaning: `<`
// keeps the first iteration reaching the minimum, `<=` the last; if no
// iteration beats the value `best` had before the loop, best and the
// locations keep theirs. Each rank sees only its own iterations, so the
// comparison is rewritten to note the place in the sequential order of the
// iteration it takes (its ordinal: the indices of the levels around the
// update, negated for a level counting down) and to break ties by it, which
// makes each rank's result a function of its set of iterations, whatever
// order it visits them in:
//
//   hpf::loc_reduction<1> __hpf_loc_best7(hpf::loc_cmp::lt, "+", where);
//   for (...) if (__hpf_loc_best7.at(i).lt(A[i], best)) { best = ...; }
//   __hpf_loc_best7.combine(best, where);
//
// combine gathers every rank's (whether it took an iteration, ordinal,
// best, locations) and picks the same winner on every rank by the same
// rule (one MPI_Allgather of a few bytes over rt::comm()). Iterations of
// inner loops that are not levels have the ordinal of their level
// iteration, run on one rank in the sequential order: an equal ordinal is
// a later iteration.
//
//===----------------------------------------------------------------------===//
#ifndef HPF_MPI_LOCREDUCE_H
#define HPF_MPI_LOCREDUCE_H

#include "mpi/Env.h"
#include "mpi/Reduce.h"

#include <array>
#include <cstddef>
#include <cstring>
#include <type_traits>
#include <vector>

namespace hpf {

/// The comparison of a location reduction, value on the left: `v < best`
/// (minimum, first), `v <= best` (minimum, last), `>` and `>=` for maxima.
enum class loc_cmp { lt, le, gt, ge };

/// One location reduction of an independent loop; N: the levels around its
/// update.
template <std::size_t N> class loc_reduction {
  static_assert(N > 0, "a location reduction is inside at least one level");

public:
  /// Op: the comparison with the value on the left (combine's rule);
  /// Directions: '+' or '-' per level, outermost first; Where: the
  /// directive, for errors.
  loc_reduction(loc_cmp Op, const char *Directions, const char *Where)
      : Op(Op), Where(Where) {
    for (std::size_t K = 0; K < N; ++K)
      Down[K] = Directions[K] == '-';
  }
  loc_reduction(const loc_reduction &) = delete;
  loc_reduction &operator=(const loc_reduction &) = delete;

  /// The iteration whose comparison follows: its levels' indices.
  template <class... I> loc_reduction &at(I... Index) {
    static_assert(sizeof...(I) == N, "one index per level");
    const long long V[] = {static_cast<long long>(Index)...};
    for (std::size_t K = 0; K < N; ++K)
      Cur[K] = Down[K] ? -V[K] : V[K];
    return *this;
  }

  /// The user's comparison as written (`l < r`, either operand the
  /// reduction variable), tie-broken by the sequential order: `<` and `>`
  /// also take an equal value from an earlier iteration, `<=` and `>=`
  /// leave an equal value to the later one.
  template <class L, class R> bool lt(const L &l, const R &r) {
    return take(l < r, l == r, true);
  }
  template <class L, class R> bool le(const L &l, const R &r) {
    return take(l <= r, l == r, false);
  }
  template <class L, class R> bool gt(const L &l, const R &r) {
    return take(l > r, l == r, true);
  }
  template <class L, class R> bool ge(const L &l, const R &r) {
    return take(l >= r, l == r, false);
  }

  /// After the loop, on every rank (collective): the winning rank's value
  /// and locations, or, if no rank's iteration took, the values from
  /// before the loop (every rank still holds them).
  template <class T, class... Locs> void combine(T &Best, Locs &...Loc) {
    static_assert(std::is_trivially_copyable_v<T> &&
                      (std::is_trivially_copyable_v<Locs> && ...),
                  "location reductions are of numbers");
    const int P = nranks();
    if (P == 1)
      return;
    constexpr std::size_t Size =
        1 + sizeof(Ord) + sizeof(T) + (sizeof(Locs) + ... + 0);
    std::array<unsigned char, Size> Mine{};
    std::size_t At = 0;
    auto Put = [&](const void *From, std::size_t Bytes) {
      std::memcpy(Mine.data() + At, From, Bytes);
      At += Bytes;
    };
    Mine[At++] = Set ? 1 : 0;
    Put(Ord.data(), sizeof(Ord));
    Put(&Best, sizeof(T));
    (Put(&Loc, sizeof(Locs)), ...);
    std::vector<unsigned char> All(Size * std::size_t(P));
    rt::allgatherBytes(Mine.data(), Size, All.data(), Where);
    int Win = -1;
    T WinValue{};
    std::array<long long, N> WinOrd{};
    for (int R = 0; R < P; ++R) {
      const unsigned char *Of = All.data() + Size * std::size_t(R);
      if (!Of[0])
        continue;
      T V;
      std::array<long long, N> O;
      std::memcpy(O.data(), Of + 1, sizeof(O));
      std::memcpy(&V, Of + 1 + sizeof(O), sizeof(T));
      // Every rank's candidate beat the value before the loop already.
      bool Take = Win < 0;
      if (!Take) {
        const bool Equal = V == WinValue, Earlier = Equal && O < WinOrd;
        switch (Op) {
        case loc_cmp::lt:
          Take = V < WinValue || Earlier;
          break;
        case loc_cmp::gt:
          Take = V > WinValue || Earlier;
          break;
        case loc_cmp::le:
          Take = V <= WinValue && !Earlier;
          break;
        case loc_cmp::ge:
          Take = V >= WinValue && !Earlier;
          break;
        }
      }
      if (Take) {
        Win = R;
        WinValue = V;
        WinOrd = O;
      }
    }
    if (Win < 0)
      return;
    const unsigned char *Of = All.data() + Size * std::size_t(Win);
    At = 1 + sizeof(Ord);
    auto Get = [&](void *To, std::size_t Bytes) {
      std::memcpy(To, Of + At, Bytes);
      At += Bytes;
    };
    Get(&Best, sizeof(T));
    (Get(&Loc, sizeof(Locs)), ...);
  }

private:
  bool take(bool Better, bool Equal, bool Strict) {
    // An equal value from an earlier iteration than the one kept (not
    // from the same level iteration: that one ran before, on this rank).
    const bool Earlier = Set && Equal && Cur < Ord;
    const bool Take = Strict ? Better || Earlier : Better && !Earlier;
    if (Take) {
      Set = true;
      Ord = Cur;
    }
    return Take;
  }

  const loc_cmp Op;
  const char *const Where;
  std::array<bool, N> Down{};
  std::array<long long, N> Cur{}, Ord{};
  bool Set = false;
};

} // namespace hpf

#endif // HPF_MPI_LOCREDUCE_H
