//===- mpi/Exec.h - plan cache entries and executors ------------*- C++ -*-===//
//
// Internal to hpfrt. A cache entry holds a plan (table with runs, schedule)
// and what this rank derives from it once: its sends and receives in
// schedule order with their packed-buffer offsets, the alltoallv counts,
// and lazily the alltoallw datatypes per element size. Executors read the
// entry and reuse the runtime's pack buffers, so a cached redistribution
// allocates nothing.
//
//===----------------------------------------------------------------------===//
#ifndef HPF_MPI_EXEC_H
#define HPF_MPI_EXEC_H

#include "mpi/Comm.h"
#include "mpi/Redistribute.h"
#include "mpi/Storage.h"
#include "plan/CopyShares.h"
#include "plan/Plan.h"

#include <mpi.h>

#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace hpf::rt {

/// One remote message as this rank sees it.
struct Transfer {
  std::size_t Msg = 0; ///< index into the plan's messages / runs
  int Peer = 0;        ///< world rank of the partner
  index_t Elems = 0;
  bool InPlace = false; ///< runs are one contiguous range: no packing
  /// Both sides contiguous: one message, no chunks (both sides know it).
  bool Whole = false;
  index_t Start = 0;  ///< its first local index when InPlace
  index_t Offset = 0; ///< element offset in the pack buffer otherwise
};

/// alltoallw datatypes of one element size (committed; freed with the entry).
struct TypeSet {
  std::vector<MPI_Datatype> Send, Recv; ///< per world rank
  std::vector<int> SendCounts, RecvCounts, Zero;
};

/// This rank's transfers in the order an executor runs them, in groups
/// (group g: [SendGroup[g], SendGroup[g+1])) run one after the other.
struct TransferOrder {
  std::vector<Transfer> Sends, Recvs;
  std::vector<std::size_t> SendGroup{0}, RecvGroup{0};
};

/// The `nodes` executor's view of a plan (mpi/NodeExecutor.cpp).
struct NodeView;
struct NodeViewDeleter {
  void operator()(NodeView *V) const;
};
using NodeViewPtr = std::unique_ptr<NodeView, NodeViewDeleter>;

/// The `hybrid` executor's view of a plan (mpi/HybridExecutor.cpp).
struct HybridView;
struct HybridViewDeleter {
  void operator()(HybridView *V) const;
};
using HybridViewPtr = std::unique_ptr<HybridView, HybridViewDeleter>;

struct CacheEntry {
  plan::Plan Plan;
  std::uint64_t Fingerprint = 0;
  int Me = 0;
  TransferOrder Order; ///< the schedule's groups
  /// The host steps' order (plan/HostSchedule.h), built on first use.
  std::unique_ptr<TransferOrder> ByHost;
  /// The `nodes` executor's layouts, built on first use.
  NodeViewPtr Nodes;
  /// The `hybrid` executor's split of the plan, built on first use.
  HybridViewPtr Hybrid;
  std::ptrdiff_t Self = -1;               ///< local-copy message index
  index_t SendPacked = 0, RecvPacked = 0; ///< pack buffer elements
  index_t SelfElems = 0;
  std::map<std::size_t, TypeSet> Types; ///< by element size
  /// This rank's share of the shm executor's copies, by element size.
  std::map<std::size_t, std::vector<plan::CopyPiece>> ShmWork;

  ~CacheEntry();
};

/// Builds the rank's view of a plan.
void prepareEntry(CacheEntry &E, int Me);

/// Where the data is, for the executors.
struct ExecArgs {
  const CacheEntry *E;
  const char *Src;
  char *Dst;
  std::size_t ES;
  const char *Where;
};

/// Runs O's groups one after the other (all of O as one group when
/// AllAtOnce), every message of a group in flight together. During(Ctx),
/// if given, runs once while the first group's messages are in flight
/// (after its receives are posted and its sends started), e.g. copies that
/// do not go through MPI.
void runSteps(const ExecArgs &A, const TransferOrder &O, bool AllAtOnce,
              void (*During)(void *) = nullptr, void *Ctx = nullptr);
/// The order of E's transfers by host step, HostOf[r] being the host of
/// world rank r (built once per entry and host map).
const TransferOrder &hostOrder(CacheEntry &E, const std::vector<int> &HostOf);
/// Messages between hosts aggregated per host pair through each host's
/// leader (mpi/NodeExecutor.cpp); HostOf[r] is the host of world rank r.
void runNodes(const ExecArgs &A, CacheEntry &E, const std::vector<int> &HostOf);
/// Messages inside a host through a shared window of the host, messages
/// between hosts as async runs them, both at once (mpi/HybridExecutor.cpp);
/// HostOf[r] is the host of world rank r. Collective over the world on
/// first use. Returns false where this rank's host cannot share memory:
/// it then ran async.
bool runHybrid(const ExecArgs &A, CacheEntry &E,
               const std::vector<int> &HostOf);
void runAlltoallv(const ExecArgs &A);
void runAlltoallw(const ExecArgs &A, CacheEntry &Mutable);
void copySelf(const ExecArgs &A);

/// The one-copy executor on shared-memory windows (mpi/Shm.h): makes Data
/// (DataBytes used) and Spare (SpareBytes needed) segments of windows if
/// they are not, then every rank copies its share of the elements from the
/// source ranks' Data segments into the destination ranks' Spare segments.
/// Returns false, on every rank, if windows are unavailable (nothing done).
bool runShm(CacheEntry &E, Storage &Data, std::size_t DataBytes, Storage &Spare,
            std::size_t SpareBytes, std::size_t ES, const char *Where);

/// Reused pack buffers (grow only).
char *sendBuffer(std::size_t Bytes);
char *recvBuffer(std::size_t Bytes);

} // namespace hpf::rt

#endif // HPF_MPI_EXEC_H
