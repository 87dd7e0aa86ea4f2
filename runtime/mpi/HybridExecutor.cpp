//===- mpi/HybridExecutor.cpp - shared memory inside a host, TCP between -===//
//
// The `hybrid` executor. With several ranks per host, async sends the
// messages between two ranks of one host through MPI too; across hosts
// MPICH (UCX limited to tcp,self) then moves them over loopback TCP: kernel
// time on both sides and more TCP flows per host, which costs CPU that the
// ranks and the network stack share (measured on test/cluster's hosts).
// Here:
//   - messages to and from other hosts go as async runs them (all at once,
//     chunked, straight from and into the pack buffers, mpi/Executors.cpp);
//   - while they are in flight, each rank packs its messages to ranks of
//     its own host into its segment of a shared window of the host, the
//     host's ranks meet at a non-blocking barrier, and each rank unpacks
//     what its host's ranks packed for it straight from their segments;
//   - a rank's own elements are a local copy.
// A byte that stays in a host is copied twice (pack, unpack) by the ranks
// themselves, and never by the kernel. The window cannot hold the arrays
// themselves (that would be one copy, as shm does) because darray storage
// windows span the world (mpi/Shm.h), not a host.
//
// Hosts are placement().HostOf (HPF_RANKS_PER_HOST=k makes blocks of k
// ranks the hosts, so the executor is testable on one machine); a host's
// ranks must still share memory (MPI_COMM_TYPE_SHARED), else that host's
// messages go as async (a note says so). A host of one rank creates no
// window and meets no one: with one rank per host hybrid is async.
//
//===----------------------------------------------------------------------===//

#include "mpi/CopyKernel.h"
#include "mpi/Exec.h"
#include "mpi/Poll.h"
#include "mpi/Shm.h"
#include "mpi/Watchdog.h"

#include <algorithm>
#include <cstdio>
#include <vector>

namespace hpf::rt {

namespace {

void ok(int Code, const char *Fn, const char *Where) {
  check(Code, Fn, "redistribute (hybrid)", Where);
}

/// This rank's host: its communicator and the host's shared window.
struct Host {
  bool Made = false;
  bool Usable = false; ///< the host's ranks share memory and windows work
  MPI_Comm Comm = MPI_COMM_NULL;
  int Rank = 0, Size = 1;
  MPI_Win Win = MPI_WIN_NULL;
  std::vector<char *> Bases; ///< every host rank's segment, mapped here
  std::size_t SegBytes = 0;  ///< each segment's size (the same on all)
};

/// Never destroyed (static destructors may run after MPI_Finalize).
Host &host() {
  static Host *H = new Host;
  return *H;
}

void freeWindow(Host &H) {
  if (H.Win == MPI_WIN_NULL)
    return;
  MPI_Win_unlock_all(H.Win);
  MPI_Win_free(&H.Win);
  H.Bases.clear();
  H.SegBytes = 0;
}

void releaseHost() {
  Host &H = host();
  freeWindow(H);
  if (H.Comm != MPI_COMM_NULL)
    MPI_Comm_free(&H.Comm);
}

void note(const Host &H, const char *What) {
  if (H.Rank == 0)
    std::fprintf(stderr,
                 "hpfrt: note: hybrid: %s on the host of rank %d; its "
                 "messages inside the host go as async from now on\n",
                 What, rank());
}

/// Collective over the world on first use: the host communicator (ranks
/// in world order) and whether its ranks share memory.
Host &hostOf(const std::vector<int> &HostOf, const char *Where) {
  Host &H = host();
  if (H.Made)
    return H;
  H.Made = true;
  atFinalize(releaseHost);
  int Me = rank();
  ok(MPI_Comm_split(comm(), HostOf[std::size_t(Me)], Me, &H.Comm),
     "MPI_Comm_split", Where);
  MPI_Comm_set_errhandler(H.Comm, MPI_ERRORS_RETURN);
  MPI_Comm_rank(H.Comm, &H.Rank);
  MPI_Comm_size(H.Comm, &H.Size);
  MPI_Comm Shared = MPI_COMM_NULL;
  ok(MPI_Comm_split_type(H.Comm, MPI_COMM_TYPE_SHARED, H.Rank, MPI_INFO_NULL,
                         &Shared),
     "MPI_Comm_split_type", Where);
  int SharedSize = 0;
  MPI_Comm_size(Shared, &SharedSize);
  MPI_Comm_free(&Shared);
  int All = SharedSize == H.Size;
  ok(MPI_Allreduce(MPI_IN_PLACE, &All, 1, MPI_INT, MPI_MIN, H.Comm),
     "MPI_Allreduce", Where);
  H.Usable = All != 0;
  if (!H.Usable)
    note(H, "the ranks of a host do not share memory");
  return H;
}

/// Collective over the host: segments of at least Bytes on every rank of
/// the host. Every rank of the host asks for the same Bytes (a function of
/// the plan), so all take the same branch. False (on every rank of the
/// host) if MPI cannot allocate the window: the host then stops using it.
bool reserve(Host &H, std::size_t Bytes, const char *Where) {
  if (Bytes <= H.SegBytes)
    return true;
  freeWindow(H);
  // Whole MiBs, so that slightly larger plans reuse the window.
  std::size_t Seg = (Bytes + (std::size_t(1) << 20) - 1) >> 20 << 20;
  std::vector<std::size_t> Sizes;
  H.Win = allocateSharedWindow(H.Comm, Seg, H.Bases, Sizes,
                               "redistribute (hybrid)", Where);
  if (H.Win == MPI_WIN_NULL) {
    H.Bases.clear();
    H.Usable = false;
    note(H, "MPI_Win_allocate_shared failed");
    return false;
  }
  H.SegBytes = Seg;
  return true;
}

/// Completes R. MPI_Test keeps the network messages moving meanwhile;
/// after 64 empty tests the rank sleeps 20 us between tests, leaving the
/// core to the host's other ranks, still packing (more ranks than cores is
/// common here), and to the kernel's TCP.
void complete(MPI_Request &R, const char *Where) {
  pollUntil(
      [&] {
        int Done = 0;
        ok(MPI_Test(&R, &Done, MPI_STATUS_IGNORE), "MPI_Test", Where);
        return Done != 0;
      },
      {.SleepUs = 20});
}

/// One message inside the host: its elements sit at element offset At of
/// its source's segment (From: the source's rank in the host).
struct Piece {
  std::size_t Msg = 0;
  int From = 0;
  index_t At = 0;
};

} // namespace

struct HybridView {
  TransferOrder Net;          ///< to and from other hosts, one group
  std::vector<Piece> Out, In; ///< this rank's messages inside the host
  index_t SegElems = 0;       ///< the largest segment of the host
  bool Inside = false;        ///< the host has messages inside it
};

void HybridViewDeleter::operator()(HybridView *V) const { delete V; }

namespace {

HybridViewPtr buildView(const CacheEntry &E, const std::vector<int> &HostOf) {
  const plan::CommTable &T = E.Plan.Table;
  HybridViewPtr V(new HybridView);
  const int Me = E.Me, Mine = HostOf[std::size_t(Me)];
  // Rank in the host of each rank of this host (world order, as split).
  std::vector<int> HostRank(HostOf.size(), -1);
  for (std::size_t R = 0, K = 0; R < HostOf.size(); ++R)
    if (HostOf[R] == Mine)
      HostRank[R] = int(K++);
  // Segment layout: each source's messages inside the host in table
  // order; every rank of the host derives the same one.
  std::vector<index_t> Fill(HostOf.size(), 0);
  for (std::size_t M = 0; M < T.Messages.size(); ++M) {
    const plan::Message &Msg = T.Messages[M];
    if (Msg.Src == Msg.Dst || HostOf[std::size_t(Msg.Src)] != Mine ||
        HostOf[std::size_t(Msg.Dst)] != Mine)
      continue;
    index_t &At = Fill[std::size_t(Msg.Src)];
    if (Msg.Src == Me)
      V->Out.push_back({M, 0, At});
    if (Msg.Dst == Me)
      V->In.push_back({M, HostRank[std::size_t(Msg.Src)], At});
    At += Msg.Size;
    V->SegElems = std::max(V->SegElems, At);
    V->Inside = true;
  }
  // The rest as async runs it (offsets in the pack buffers kept).
  auto Away = [&](const Transfer &X) {
    return HostOf[std::size_t(X.Peer)] != Mine;
  };
  std::copy_if(E.Order.Sends.begin(), E.Order.Sends.end(),
               std::back_inserter(V->Net.Sends), Away);
  std::copy_if(E.Order.Recvs.begin(), E.Order.Recvs.end(),
               std::back_inserter(V->Net.Recvs), Away);
  V->Net.SendGroup.push_back(V->Net.Sends.size());
  V->Net.RecvGroup.push_back(V->Net.Recvs.size());
  return V;
}

struct Inside {
  const ExecArgs *A;
  const HybridView *V;
  Host *H;
  MPI_Request Read = MPI_REQUEST_NULL; ///< every reader done
};

/// The copies inside the host (runs while the network messages travel).
void copyInside(void *P) {
  Inside &C = *static_cast<Inside *>(P);
  const ExecArgs &A = *C.A;
  const plan::CommTable &T = A.E->Plan.Table;
  Host &H = *C.H;
  const index_t ES = index_t(A.ES);
  char *Mine = H.Bases[std::size_t(H.Rank)];
  for (const Piece &X : C.V->Out)
    packRuns(T.Runs[X.Msg].SrcRuns, A.Src, Mine + X.At * ES, A.ES, 0,
             T.Messages[X.Msg].Size);
  // Every segment filled before anyone reads it.
  ok(MPI_Win_sync(H.Win), "MPI_Win_sync", A.Where);
  MPI_Request Filled;
  ok(MPI_Ibarrier(H.Comm, &Filled), "MPI_Ibarrier", A.Where);
  complete(Filled, A.Where);
  ok(MPI_Win_sync(H.Win), "MPI_Win_sync", A.Where);
  watchdog_progress();
  for (const Piece &X : C.V->In)
    unpackRuns(T.Runs[X.Msg].DstRuns, A.Dst,
               H.Bases[std::size_t(X.From)] + X.At * ES, A.ES, 0,
               T.Messages[X.Msg].Size);
  // No segment refilled (next call) before its readers are done; waited
  // for after the network messages, by when it has long completed.
  ok(MPI_Ibarrier(H.Comm, &C.Read), "MPI_Ibarrier", A.Where);
}

} // namespace

bool runHybrid(const ExecArgs &A, CacheEntry &E,
               const std::vector<int> &HostOf) {
  Host &H = hostOf(HostOf, A.Where);
  if (!E.Hybrid)
    E.Hybrid = buildView(E, HostOf);
  const HybridView &V = *E.Hybrid;
  if (!H.Usable ||
      (V.Inside && !reserve(H, std::size_t(V.SegElems) * A.ES, A.Where))) {
    runSteps(A, E.Order, /*AllAtOnce=*/true);
    return false;
  }
  if (!V.Inside) {
    runSteps(A, V.Net, /*AllAtOnce=*/true);
    return true;
  }
  Inside C{&A, &V, &H};
  runSteps(A, V.Net, /*AllAtOnce=*/true, copyInside, &C);
  complete(C.Read, A.Where);
  return true;
}

} // namespace hpf::rt
