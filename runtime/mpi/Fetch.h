//===- mpi/Fetch.h - fetch the elements a loop reads from their owners ----===//
//
// The communication of hpfcc's planned reads (hpfcc/fetch.h): a loop reads
// a one-dimensional array A at subscripts other than its own index
// (A[n - 1 - i], A[2 * i], A[idx[i]]). Each rank lists the elements its
// iterations read (the inspector), and a FetchPlan records, per owner, the
// local offsets of those elements (requests are local offsets on the owner,
// computed from A's distribution, so the owner does no lookups) and where
// each received value goes. Executing the plan is one MPI_Alltoallv of the
// values; an element read by several iterations moves once. This is the
// PARTI/CHAOS inspector-executor: the plan is built once and reused while
// the needs are unchanged.
//
//===----------------------------------------------------------------------===//
#ifndef HPF_MPI_FETCH_H
#define HPF_MPI_FETCH_H

#include "mpi/Env.h"
#include "plan/Distribution.h"

#include <cstddef>
#include <vector>

namespace hpf::rt {

/// Who sends which of its elements to whom, and where received values go.
struct FetchPlan {
  /// Per world rank: elements sent to it (A's local offsets, grouped by
  /// destination) and elements received from it (distinct ones).
  std::vector<int> SendCounts, SendDispls, RecvCounts, RecvDispls;
  std::vector<index_t> SendLocal;
  /// Value k of the receive buffer goes to slot RecvSlot[k] of the output
  /// (several entries may read the same received position RecvPos[k]).
  std::vector<index_t> RecvPos, RecvSlot;
  /// Elements this rank owns: A's local offset and the output slot.
  std::vector<index_t> SelfLocal, SelfSlot;
};

/// Builds the plan for output slots Slots[k] needing element Needs[k] of
/// an array distributed by D (collective: every world rank calls it).
FetchPlan planFetch(const plan::Distribution &D,
                    const std::vector<index_t> &Needs,
                    const std::vector<index_t> &Slots, const char *Where);

/// Runs the plan (collective): Out[slot] = the needed element, from Local
/// (A's local storage, elements of ElemSize bytes). Returns the bytes this
/// rank received from other ranks.
index_t runFetch(const FetchPlan &P, const void *Local, std::size_t ElemSize,
                 void *Out, const char *Where);

/// Runs the exchange of the plan only (collective): Received gets the
/// elements other ranks send, the distinct ones at RecvPos's positions
/// (receivedElements(P) of them); the caller reads the elements it owns
/// in place (SelfLocal). Returns the bytes received.
index_t runFetchReceive(const FetchPlan &P, const void *Local,
                        std::size_t ElemSize, void *Received,
                        const char *Where);

/// The elements the plan receives from other ranks.
index_t receivedElements(const FetchPlan &P);

/// True on every rank if Flag is true on some rank (one MPI_Allreduce).
bool anyRank(bool Flag, const char *Where);

} // namespace hpf::rt

#endif // HPF_MPI_FETCH_H
