//===- mpi/Strategy.h - choosing and running an executor --------*- C++ -*-===//
//
// Internal to hpfrt. The strategy of a call (its option, else HPF_STRATEGY,
// else the default for where the ranks are) and the dispatch of a cached
// plan to that executor (mpi/Exec.h); see mpi/Redistribute.h for what each
// one does. The default: `shm` when every rank runs on one node (one
// MPI_COMM_TYPE_SHARED group), `async` across nodes (all messages in
// flight at once keeps every host link full; measured at 0.99-1.04x of the
// link limit in docs/bench-cluster.md, where step-by-step execution waits
// for the slowest TCP flow of each step), and `hybrid` (async between
// nodes, shared memory inside them: less CPU, as fast) where some node
// holds several ranks. A strategy that cannot run where the ranks are falls
// back with a note on stderr, never silently.
//
//===----------------------------------------------------------------------===//
#ifndef HPF_MPI_STRATEGY_H
#define HPF_MPI_STRATEGY_H

#include "mpi/Redistribute.h"

#include <cstddef>
#include <string>
#include <vector>

namespace hpf::rt {

struct CacheEntry;

/// What an executor choice knows of where the ranks are.
struct Placement {
  int Nodes = 1;           ///< MPI_COMM_TYPE_SHARED groups of the world
  int MaxRanksPerNode = 1; ///< ranks of the largest group
  bool ShmAllowed = true;  ///< HPF_SHM is not 0
  std::vector<int> HostOf; ///< host of each world rank (host-steps)
  /// Ranks of the largest host of HostOf; 0 (a made-up placement without
  /// hosts) means the hosts are the nodes.
  int MaxRanksPerHost = 0;
};

/// The world's placement. Collective on its first call (every rank of the
/// world must make it; redistributions do), cached afterwards.
const Placement &placement();

/// An executor decision: the executor that runs, and why.
struct StrategyChoice {
  const char *Name = nullptr; ///< "shm", "steps", "async", ...
  bool Default = false;       ///< neither the call nor HPF_STRATEGY chose
  bool Fallback = false;      ///< the requested strategy cannot run here
  std::string Why;            ///< e.g. "default: the ranks span 4 nodes"
};

/// The choice for Requested (a strategy name, or null for the default) on
/// placement P; fails (naming Where) on an unknown name. Pure: tests call it
/// with made-up placements.
StrategyChoice chooseStrategy(const char *Requested, const Placement &P,
                              const char *Where);

/// The call's choice: its option, else HPF_STRATEGY, else the default, on
/// this world's placement (collective on first use, see placement()).
StrategyChoice strategyFor(const redistribute_options &O);

/// Runs E's plan on an array held in storages (Data: DataBytes now; Spare:
/// room for SpareBytes) with the chosen executor, and returns the name of
/// the executor that ran. shm may turn both storages into window segments;
/// where windows cannot be allocated it runs steps (with a note). The
/// caller swaps them.
const char *runStrategy(CacheEntry &E, const StrategyChoice &Choice,
                        Storage &Data, std::size_t DataBytes, Storage &Spare,
                        std::size_t SpareBytes, std::size_t ElemSize,
                        const char *Where);

/// Says once per run on rank 0 (stderr) what a fallback or, under
/// HPF_VERIFY, what every distinct choice ran: "hpfrt: note: ..." /
/// "hpfrt: verify: executor async (default: the ranks span 4 nodes)".
void reportChoice(const StrategyChoice &Choice, const char *Ran,
                  const char *Where);

} // namespace hpf::rt

#endif // HPF_MPI_STRATEGY_H
