//===- mpi/ReplicatedWrites.h - stores to replicated arrays -----*- C++ -*-===//
//
// An independent loop runs its iterations on different ranks, but an array
// that is not distributed (replicated: every rank holds all of it) must hold
// after the loop what the sequential loop leaves in it, on every rank. HPF
// compilers deliver each rank's writes to the others after the loop; so
// does this, without instrumenting the stores: generated code keeps a copy
// of the array before the loop and, after it, each rank finds the elements
// it changed by comparing bytes with that copy, and every rank receives
// every rank's changes as runs of consecutive changed elements (first
// index, length, values: one MPI_Allgather of the sizes, one
// MPI_Allgatherv of the runs):
//   hpf::replicated_writes __hpf_rw_R(R, "R", "f.cpp:12:3");
//   for (...) R[i / 2] = ...;          // the rank's iterations
//   __hpf_rw_R.deliver();
// An element stored with the value it had is no change and needs no
// delivery. The ranks apply the changes in rank order, so two ranks that
// changed the same element (the loop was not independent) leave every rank
// the highest rank's value; HPF_VERIFY=1 reports that instead, naming the
// ranks, the array and the element (equal values are no conflict: the
// result does not depend on which rank's is kept).
//
// Element types: trivially copyable (the analysis admits numbers).
//
//===----------------------------------------------------------------------===//
#ifndef HPF_MPI_REPLICATEDWRITES_H
#define HPF_MPI_REPLICATEDWRITES_H

#include "mpi/Env.h"

#include <cstddef>
#include <string>
#include <type_traits>
#include <vector>

namespace hpf {

class replicated_writes {
public:
  /// A fixed-size array of any rank, row-major.
  template <class A, std::enable_if_t<std::is_array_v<A>, int> = 0>
  replicated_writes(A &a, const char *name, const char *where)
      : replicated_writes(static_cast<void *>(&a),
                          sizeof(A) / sizeof(std::remove_all_extents_t<A>),
                          sizeof(std::remove_all_extents_t<A>),
                          extentsOf<A>(), name, where) {
    static_assert(
        std::is_trivially_copyable_v<std::remove_all_extents_t<A>>,
        "replicated arrays written in independent loops are compared "
        "bytewise");
  }
  /// A vector (or any contiguous container of a trivially copyable type
  /// whose size the loop does not change).
  template <class V, std::enable_if_t<!std::is_array_v<V>, int> = 0>
  replicated_writes(V &v, const char *name, const char *where)
      : replicated_writes(static_cast<void *>(v.data()), v.size(),
                          sizeof(*v.data()),
                          {static_cast<index_t>(v.size())}, name, where) {
    static_assert(std::is_trivially_copyable_v<
                      std::remove_reference_t<decltype(*v.data())>>,
                  "replicated arrays written in independent loops are "
                  "compared bytewise");
  }
  replicated_writes(const replicated_writes &) = delete;
  replicated_writes &operator=(const replicated_writes &) = delete;

  /// After the loop, on every rank (collective over the world): every
  /// rank's changes applied to every rank's array.
  void deliver();

private:
  replicated_writes(void *Data, std::size_t Count, std::size_t ElementBytes,
                    std::vector<index_t> Extents, const char *Name,
                    const char *Where);
  template <class A> static std::vector<index_t> extentsOf() {
    std::vector<index_t> E;
    if constexpr (std::is_array_v<A>) {
      E.push_back(static_cast<index_t>(std::extent_v<A>));
      for (index_t X : extentsOf<std::remove_extent_t<A>>())
        E.push_back(X);
    }
    return E;
  }
  /// "R[3][4]" for the flat index I.
  std::string element(std::size_t I) const;

  unsigned char *Data;
  std::size_t Count, Bytes;
  std::vector<index_t> Extents;
  const char *Name, *Where;
  /// The array's bytes before the loop (empty on one rank: nothing to send).
  std::vector<unsigned char> Before;
};

} // namespace hpf

#endif // HPF_MPI_REPLICATEDWRITES_H
