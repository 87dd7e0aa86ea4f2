//===- hpfcc/replica.h - copies for nests that run on every rank -*- C++ -*-=//
//
// A loop nest that cannot run in parallel (an inner loop that is not marked
// independent carries a dependence over a distributed dimension, e.g.
// `X[i][j] = X[i][j - 1] + t` with X (block, block)) still has its
// sequential meaning: hpfcc runs it on every rank over whole copies of the
// arrays it uses, then each rank keeps the elements it owns of the arrays it
// wrote (codegen/LoopEmitter.cpp, analysis/loops/Replicated.cpp):
//
//   { hpfcc::replica<double, 2> __hpf_rep_X7(X, "f.cpp:8:1");
//     for (int i = 0; i < N; ++i) for (int j = 1; j < M; ++j)
//       __hpf_rep_X7(i, j) = __hpf_rep_X7(i, j - 1) + t;
//     __hpf_rep_X7.store(X); }
//
// One gather per array before the nest (every rank computes the same
// values), no message after it. The copies are bulk operations: the gather
// receives in place or copies runs (hpf::rt::gatherAll), the copy is not
// zero-filled first, and store() copies the owned runs back
// (hpf::rt::copyOwned). On one rank that holds the whole array (-n 1) the
// replica is the array's own storage: nothing is copied at all.
//
//===----------------------------------------------------------------------===//
#ifndef HPFCC_REPLICA_H
#define HPFCC_REPLICA_H

#include "mpi/hpfrt.h"

#include <array>
#include <cstddef>
#include <limits>
#include <memory>
#include <new>
#include <stdexcept>
#include <string>

namespace hpfcc {

/// The whole of a distributed array on every rank, read and written with
/// global indices (`C(i, j)`, rank 1 `C[i]`).
template <class T, int R> class replica {
public:
  /// Gathers `a` (collective). An array too large for one rank's memory
  /// fails naming the loop at `where`, not with std::bad_alloc. `a` may be
  /// const (a const parameter): the nest then never writes the copy, as the
  /// sequential program would not compile otherwise.
  replica(const hpf::darray<T, R> &a, const char *name, const char *where) {
    for (int D = 0; D < R; ++D)
      Ext[std::size_t(D)] = a.extent(D);
    if (hpf::nranks() == 1 && hpf::rt::holdsWhole(a.mapping(), hpf::rank())) {
      Ptr = const_cast<T *>(a.local_data());
      return;
    }
    const hpf::index_t N = a.size();
    try {
      if (std::size_t(N) > std::numeric_limits<std::size_t>::max() / sizeof(T))
        throw std::bad_alloc();
      Own = std::make_unique_for_overwrite<T[]>(std::size_t(N));
    } catch (const std::exception &) { // bad_alloc, length_error
      hpf::fail("independent",
                "this loop nest cannot run in parallel and runs on every rank "
                "over a copy of '" +
                    std::string(name) + "', but the copy does not fit: " +
                    hpf::rt::elementsOfBytes(N, sizeof(T)) +
                    " (distribute the dimension the inner loop "
                    "runs over '*', or remove the dependence)",
                where);
    }
    Ptr = Own.get();
    hpf::rt::gatherAll(a.mapping(), a.local_data(), sizeof(T), Ptr);
  }

  template <class... I> T &operator()(I... idx) {
    static_assert(sizeof...(I) == R, "one index per dimension");
    hpf::index_t Flat = 0;
    std::size_t D = 0;
    ((Flat = Flat * Ext[D++] + static_cast<hpf::index_t>(idx)), ...);
    return Ptr[Flat];
  }
  T &operator[](hpf::index_t i) requires(R == 1) { return Ptr[i]; }

  /// Each rank keeps the elements of `a` it owns, from the copy (after the
  /// nest; no messages: every rank computed every element). Nothing to do
  /// when the replica is `a`'s own storage.
  void store(hpf::darray<T, R> &a) const {
    if (!Own)
      return;
    hpf::rt::copyOwned(a.mapping(), hpf::rank(), Ptr, sizeof(T),
                       a.local_data());
  }

private:
  std::unique_ptr<T[]> Own; ///< the copy (null: Ptr is the array's storage)
  T *Ptr = nullptr;
  std::array<hpf::index_t, std::size_t(R)> Ext{};
};

} // namespace hpfcc

#endif // HPFCC_REPLICA_H
