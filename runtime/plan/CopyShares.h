//===- plan/CopyShares.h - who copies what on one node ---------*- C++ -*-===//
//
// When every rank maps every rank's array storage (MPI-3 shared windows on
// one node), a redistribution is a set of element copies that any rank can
// do. This file decides which rank copies which part of which message. The
// costs that matter are not the copies themselves but the cache lines that
// move between cores, so the rules are:
//
//  1. Pull: a destination's owner copies everything into its destination
//     (it reads remote source lines once, and its own lines stay in its
//     cache). With as many destinations as ranks and even counts, this is
//     already balanced.
//  2. Push: an overloaded destination (more than Total / Ranks elements)
//     hands tail parts of its incoming messages to their source ranks when
//     those have room: a source rank reads only its own lines. Only
//     messages whose destination runs cover whole pages (mostly) are
//     pushed, so that two ranks never write into the same page (gen_block
//     yes; P -> 1 with cyclic(8) sources no: the writers would alternate
//     every 64 bytes).
//  3. Help: whatever is still above the share goes to ranks with room
//     (idle ranks included) as disjoint stretches of the destination, the
//     same fraction of every message into it, so that different ranks
//     write different stretches of the destination's memory.
//
// Inside a rank's share, the parts into one destination are interleaved in
// slices of SliceBytes of destination, so a slice written by one message is
// still in cache when the next message writes into it.
//
// All ranks compute the same shares from the same table (a pure function of
// its arguments), which the shm executor relies on.
//
//===----------------------------------------------------------------------===//
#ifndef HPF_PLAN_COPYSHARES_H
#define HPF_PLAN_COPYSHARES_H

#include "plan/CommTable.h"

#include <cstddef>
#include <vector>

namespace hpf::plan {

/// Elements [First, Last) of message Msg, in the element order of the
/// message's runs (run bundles walked block by block, see mpi/CopyKernel.h).
struct CopyPiece {
  std::size_t Msg = 0;
  Index First = 0, Last = 0;
  bool operator==(const CopyPiece &) const = default;
};

struct CopyShareOptions {
  std::size_t ElemSize = 8;           ///< bytes per element
  std::size_t SliceBytes = 256 << 10; ///< interleaving slice
  /// Writers of one destination keep this far apart: a page, since
  /// hardware prefetchers stream whole pages (two ranks writing alternate
  /// 64-byte blocks of one page were 2-3x slower than one rank writing it).
  std::size_t GranuleBytes = 4096;
};

/// Every rank's pieces, index r for rank r (ranks 0..Ranks-1; the table's
/// P and Q must not exceed Ranks). T must have runs.
std::vector<std::vector<CopyPiece>> shareCopies(const CommTable &T, int Ranks,
                                                const CopyShareOptions &O);

} // namespace hpf::plan

#endif // HPF_PLAN_COPYSHARES_H
