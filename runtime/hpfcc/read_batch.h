//===- hpfcc/read_batch.h - a replicated loop's element reads -*- C++ -*-===//
//
// A loop of replicated code that reads elements of distributed arrays at
// subscripts the loop can compute in advance (NAS FT's checksum,
// `chk += U[(5 * j) % NZ][(3 * j) % NY][j % NX]` for j = 1..1024) would
// make one broadcast per read. hpfcc runs the loop's header and the
// subscripts once before the loop (the inspector: no side effects, proven
// at compile time), listing every element each iteration reads; every rank
// lists the same elements, so each knows who owns what. One
// MPI_Allgatherv then gives every rank the values, and the loop reads its
// k-th element of the current iteration from the list:
//
//   { hpfcc::read_batch __hpf_rb12(2);
//     for (int j = 1; j <= 1024; j++) {
//       int q = j % NX;
//       __hpf_rb12.add(U, "ft.cpp:12:9", s, r, q);
//       __hpf_rb12.add(V, "ft.cpp:12:20", q); }
//     __hpf_rb12.fetch("ft.cpp:10:3");
//     for (int j = 1; j <= 1024; j++) { __hpf_rb12.next_iteration();
//       ... __hpf_rb12.at<Complex>(0) ... __hpf_rb12.at<double>(1) ... } }
//
// The compiler also proved that nothing in the loop writes the arrays read
// or changes what the subscripts are computed from. A read that is out of
// bounds fails in the inspector naming the read, as get_at would.
//
// Depends on the runtime (mpi/hpfrt.h) only.
//
//===----------------------------------------------------------------------===//
#ifndef HPFCC_READ_BATCH_H
#define HPFCC_READ_BATCH_H

#include "mpi/hpfrt.h"

#include <array>
#include <cstring>
#include <vector>

namespace hpfcc {

class read_batch {
public:
  /// PerIteration: the reads of one iteration (slots 0 .. PerIteration-1).
  explicit read_batch(int PerIteration) : PerIteration(PerIteration) {}
  read_batch(const read_batch &) = delete;
  read_batch &operator=(const read_batch &) = delete;

  /// The inspector: the next read is element (idx...) of A.
  template <class T, int R, class... I>
  void add(const hpf::darray<T, R> &A, const char *Where, I... idx) {
    static_assert(sizeof...(I) == R, "one index per dimension");
    Entry E{0, sizeof(T), 0};
    if (hpf::rt::independentDepth() > 0) {
      // Replicated code run by an independent loop (a function it calls):
      // get_at reads the loop's copy on this rank, or stops naming the
      // loop; nothing is exchanged.
      T V = A.get_at(Where, idx...);
      E.Owner = -1;
      E.Offset = Own.size();
      append(V);
      Entries.push_back(E);
      return;
    }
    std::array<hpf::index_t, std::size_t(R)> G{hpf::index_t(idx)...};
    hpf::rt::checkGlobal(A.mapping(), G.data(), "element read", Where);
    E.Owner = A.owner(idx...);
    if (E.Owner == hpf::rank())
      append(A(idx...));
    Entries.push_back(E);
  }

  /// Collective: every rank receives every listed element.
  void fetch(const char *Where) {
    const int P = hpf::nranks();
    std::vector<std::size_t> Bytes(std::size_t(P), 0);
    for (const Entry &E : Entries)
      if (E.Owner >= 0)
        Bytes[std::size_t(E.Owner)] += E.Size;
    std::vector<std::size_t> Start(std::size_t(P), 0);
    std::size_t Total = 0;
    for (int R = 0; R < P; ++R) {
      Start[std::size_t(R)] = Total;
      Total += Bytes[std::size_t(R)];
    }
    All.resize(Total);
    if (Total > 0)
      hpf::rt::allgathervBytes(Own.data(), Bytes, All.data(), Where);
    // Each rank's values are in the order of its entries.
    for (Entry &E : Entries) {
      if (E.Owner < 0)
        continue;
      E.Offset = Start[std::size_t(E.Owner)];
      Start[std::size_t(E.Owner)] += E.Size;
    }
    Base = -PerIteration;
  }

  /// The loop's body starts each iteration with this.
  void next_iteration() { Base += PerIteration; }

  /// The value of read K (0-based, in the order of the source) of the
  /// current iteration.
  template <class T> T at(int K) const {
    const Entry &E = Entries[std::size_t(Base + K)];
    T V;
    std::memcpy(static_cast<void *>(&V),
                (E.Owner < 0 ? Own.data() : All.data()) + E.Offset, sizeof(T));
    return V;
  }

private:
  struct Entry {
    int Owner;          ///< -1: read on this rank (in Own)
    std::size_t Size;   ///< bytes
    std::size_t Offset; ///< in All (or Own), after fetch
  };
  template <class T> void append(const T &V) {
    const char *B = reinterpret_cast<const char *>(&V);
    Own.insert(Own.end(), B, B + sizeof(T));
  }

  int PerIteration;
  long Base = 0;
  std::vector<Entry> Entries;
  std::vector<char> Own, All;
};

} // namespace hpfcc

#endif // HPFCC_READ_BATCH_H
