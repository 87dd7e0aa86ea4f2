//===- mpi/NodeExecutor.cpp - messages aggregated per host pair
//------------===//
//
// The `nodes` executor: between hosts, one message per host pair instead of
// one per rank pair. With R ranks per host a rank-level exchange can put up
// to R^2 messages on each host pair; over TCP each costs a startup and a
// flow, which dominates when messages are small (latency-bound). Here:
//   1. every rank packs its messages to other hosts (grouped by destination
//      host) and sends them to its host's leader (its lowest rank);
//   2. the leaders exchange one message per host pair, all at once;
//   3. each leader hands every rank of its host what arrived for it;
//   4. the ranks unpack.
// Messages inside a host go rank to rank, in flight during all of it; a
// rank's own elements are a local copy. The price is two extra copies of
// every byte that leaves a host and two more hops inside the hosts, so it
// pays only where startups dominate: docs/bench-simulate.md and
// docs/bench-cluster.md measure where.
//
// Layouts (elements; every rank derives them from the plan's table, which
// is sorted by (Src, Dst)):
//   - a rank's outbox: its messages to other hosts, by destination host,
//     then in table order; the leader's gather buffer is the outboxes of
//     its host's ranks in rank order;
//   - host pair g -> h: the messages from g's ranks to h's ranks in table
//     order, on both leaders;
//   - a rank's inbox: its messages from other hosts, by source host, then
//     in table order.
//
//===----------------------------------------------------------------------===//

#include "mpi/CopyKernel.h"
#include "mpi/Exec.h"
#include "mpi/Watchdog.h"

#include <algorithm>
#include <cstring>
#include <map>
#include <memory>
#include <vector>

namespace hpf::rt {

namespace {

// Tags above the chunk tags of the steps executors (< 30001, see
// Executors.cpp) and under the smallest MPI_TAG_UB (32767).
constexpr int TagOutbox = 32100, TagPair = 32101, TagInbox = 32102,
              TagInside = 32103;

void ok(int Code, const char *Fn, const char *Where) {
  check(Code, Fn, "redistribute", Where);
}

/// Where one message's elements sit in each buffer it passes through.
struct Slot {
  std::size_t Msg = 0;
  index_t Gather = 0; ///< offset in the source leader's gather buffer
  index_t Pair = 0;   ///< offset in its host pair's buffer
  index_t Inbox = 0;  ///< offset in the destination rank's inbox
  index_t Outbox = 0; ///< offset in the source rank's outbox
};

} // namespace

/// What this rank (and, on a leader, its host) does in a `nodes` run of
/// one plan; built once per cache entry.
struct NodeView {
  int Host = 0, Leader = 0;
  bool IsLeader = false;
  std::vector<int> Hosts;                   ///< leader of each host
  std::vector<std::size_t> OutMsgs, InMsgs; ///< this rank's, in box order
  index_t OutElems = 0, InElems = 0;
  std::vector<std::size_t> InsideSends, InsideRecvs; ///< same host
  // Leader only:
  std::vector<Slot> Leaving, Arriving;          ///< messages of the host
  std::map<int, index_t> OutboxOf, InboxOf;     ///< rank -> elements
  std::map<int, index_t> GatherAt, InboxAtRank; ///< rank -> offset
  std::map<int, index_t> PairOut, PairIn;       ///< host -> elements
  std::map<int, index_t> PairOutAt, PairInAt;   ///< host -> offset
  index_t GatherElems = 0, PairOutElems = 0, PairInElems = 0, InboxElems = 0;
};

namespace {

std::unique_ptr<NodeView> buildView(const CacheEntry &E,
                                    const std::vector<int> &HostOf) {
  const plan::CommTable &T = E.Plan.Table;
  auto V = std::make_unique<NodeView>();
  const int Me = E.Me;
  auto HostOfRank = [&](int R) { return HostOf[std::size_t(R)]; };
  V->Host = HostOfRank(Me);
  int HostCount = 0;
  for (int H : HostOf)
    HostCount = std::max(HostCount, H + 1);
  V->Hosts.assign(std::size_t(HostCount), -1);
  for (int R = int(HostOf.size()) - 1; R >= 0; --R)
    V->Hosts[std::size_t(HostOfRank(R))] = R;
  V->Leader = V->Hosts[std::size_t(V->Host)];
  V->IsLeader = V->Leader == Me;

  // Box orders: by the other end's host, then table order.
  std::vector<std::size_t> Order(T.Messages.size());
  for (std::size_t M = 0; M < Order.size(); ++M)
    Order[M] = M;
  auto ByDstHost = Order, BySrcHost = Order;
  std::stable_sort(
      ByDstHost.begin(), ByDstHost.end(), [&](std::size_t A, std::size_t B) {
        return std::pair(T.Messages[A].Src, HostOfRank(T.Messages[A].Dst)) <
               std::pair(T.Messages[B].Src, HostOfRank(T.Messages[B].Dst));
      });
  std::stable_sort(
      BySrcHost.begin(), BySrcHost.end(), [&](std::size_t A, std::size_t B) {
        return std::pair(T.Messages[A].Dst, HostOfRank(T.Messages[A].Src)) <
               std::pair(T.Messages[B].Dst, HostOfRank(T.Messages[B].Src));
      });
  // Offsets of every message of this host in the rank boxes (ranks of the
  // host only) and in the pair buffers.
  std::map<std::size_t, index_t> OutboxOff, InboxOff;
  std::map<int, index_t> OutFill, InFill;
  for (std::size_t M : ByDstHost) {
    const plan::Message &Msg = T.Messages[M];
    if (HostOfRank(Msg.Src) == HostOfRank(Msg.Dst) ||
        HostOfRank(Msg.Src) != V->Host)
      continue;
    OutboxOff[M] = OutFill[Msg.Src];
    OutFill[Msg.Src] += Msg.Size;
    if (Msg.Src == Me) {
      V->OutMsgs.push_back(M);
      V->OutElems += Msg.Size;
    }
  }
  for (std::size_t M : BySrcHost) {
    const plan::Message &Msg = T.Messages[M];
    if (HostOfRank(Msg.Src) == HostOfRank(Msg.Dst) ||
        HostOfRank(Msg.Dst) != V->Host)
      continue;
    InboxOff[M] = InFill[Msg.Dst];
    InFill[Msg.Dst] += Msg.Size;
    if (Msg.Dst == Me) {
      V->InMsgs.push_back(M);
      V->InElems += Msg.Size;
    }
  }
  for (std::size_t M = 0; M < T.Messages.size(); ++M) {
    const plan::Message &Msg = T.Messages[M];
    if (Msg.Src == Msg.Dst || HostOfRank(Msg.Src) != HostOfRank(Msg.Dst))
      continue;
    if (Msg.Src == Me)
      V->InsideSends.push_back(M);
    if (Msg.Dst == Me)
      V->InsideRecvs.push_back(M);
  }
  if (!V->IsLeader)
    return V;

  // The gather buffer: the outboxes in rank order; the inboxes likewise.
  V->OutboxOf = OutFill;
  V->InboxOf = InFill;
  for (auto &[R, N] : OutFill) {
    V->GatherAt[R] = V->GatherElems;
    V->GatherElems += N;
  }
  for (auto &[R, N] : InFill) {
    V->InboxAtRank[R] = V->InboxElems;
    V->InboxElems += N;
  }
  // Pair buffers: table order within each host pair.
  for (std::size_t M = 0; M < T.Messages.size(); ++M) {
    const plan::Message &Msg = T.Messages[M];
    int SH = HostOfRank(Msg.Src), DH = HostOfRank(Msg.Dst);
    if (SH == DH)
      continue;
    if (SH == V->Host) {
      Slot S{M};
      S.Outbox = OutboxOff[M];
      S.Gather = V->GatherAt[Msg.Src] + S.Outbox;
      S.Pair = V->PairOut[DH];
      V->PairOut[DH] += Msg.Size;
      V->Leaving.push_back(S);
    }
    if (DH == V->Host) {
      Slot S{M};
      S.Pair = V->PairIn[SH];
      V->PairIn[SH] += Msg.Size;
      S.Inbox = V->InboxAtRank[Msg.Dst] + InboxOff[M];
      V->Arriving.push_back(S);
    }
  }
  for (auto &[H, N] : V->PairOut) {
    V->PairOutAt[H] = V->PairOutElems;
    V->PairOutElems += N;
  }
  for (auto &[H, N] : V->PairIn) {
    V->PairInAt[H] = V->PairInElems;
    V->PairInElems += N;
  }
  return V;
}

/// Reused across calls (grow only), like the steps executors' pack
/// buffers: a cached redistribution allocates nothing.
struct Buffers {
  std::vector<char> Outbox, Inbox, Gather, PairOut, PairIn, Inboxes;
  std::vector<std::vector<char>> InsideIn, InsideOut; ///< per message
  std::vector<MPI_Request> Inside, Reqs;
  void size(std::vector<char> &B, index_t Elems, std::size_t ES) {
    if (B.size() < std::size_t(Elems) * ES)
      B.resize(std::size_t(Elems) * ES);
  }
};

Buffers Bufs;

} // namespace

void NodeViewDeleter::operator()(NodeView *V) const { delete V; }

void runNodes(const ExecArgs &A, CacheEntry &E,
              const std::vector<int> &HostOf) {
  if (!E.Nodes)
    E.Nodes = NodeViewPtr(buildView(E, HostOf).release());
  const NodeView &V = *E.Nodes;
  const plan::CommTable &T = E.Plan.Table;
  const std::size_t ES = A.ES;
  const index_t IES = index_t(ES);
  MPI_Comm C = comm();
  std::vector<MPI_Request> &Inside = Bufs.Inside, &Reqs = Bufs.Reqs;
  Inside.clear();
  Reqs.clear();

  // Messages inside the host: rank to rank, in flight throughout.
  std::vector<std::vector<char>> &InsideIn = Bufs.InsideIn,
                                 &InsideOut = Bufs.InsideOut;
  if (InsideIn.size() < V.InsideRecvs.size())
    InsideIn.resize(V.InsideRecvs.size());
  if (InsideOut.size() < V.InsideSends.size())
    InsideOut.resize(V.InsideSends.size());
  for (std::size_t I = 0; I < V.InsideRecvs.size(); ++I) {
    const plan::Message &Msg = T.Messages[V.InsideRecvs[I]];
    Bufs.size(InsideIn[I], Msg.Size, ES);
    Inside.emplace_back();
    ok(MPI_Irecv_c(InsideIn[I].data(), MPI_Count(Msg.Size) * MPI_Count(ES),
                   MPI_BYTE, Msg.Src, TagInside, C, &Inside.back()),
       "MPI_Irecv", A.Where);
  }
  for (std::size_t I = 0; I < V.InsideSends.size(); ++I) {
    std::size_t M = V.InsideSends[I];
    const plan::Message &Msg = T.Messages[M];
    Bufs.size(InsideOut[I], Msg.Size, ES);
    packRuns(T.Runs[M].SrcRuns, A.Src, InsideOut[I].data(), ES, 0, Msg.Size);
    Inside.emplace_back();
    ok(MPI_Isend_c(InsideOut[I].data(), MPI_Count(Msg.Size) * MPI_Count(ES),
                   MPI_BYTE, Msg.Dst, TagInside, C, &Inside.back()),
       "MPI_Isend", A.Where);
  }

  // 1. Outboxes to the leader (the leader packs its own in place).
  Bufs.size(Bufs.Outbox, V.OutElems, ES);
  char *Out = V.IsLeader ? nullptr : Bufs.Outbox.data();
  if (V.IsLeader) {
    Bufs.size(Bufs.Gather, V.GatherElems, ES);
    auto It = V.GatherAt.find(E.Me);
    Out = Bufs.Gather.data() + (It == V.GatherAt.end() ? 0 : It->second) * IES;
  }
  index_t Off = 0;
  for (std::size_t M : V.OutMsgs) {
    index_t N = T.Messages[M].Size;
    packRuns(T.Runs[M].SrcRuns, A.Src, Out + Off * IES, ES, 0, N);
    Off += N;
  }
  if (!V.IsLeader && V.OutElems > 0) {
    Reqs.emplace_back();
    ok(MPI_Isend_c(Out, MPI_Count(V.OutElems) * MPI_Count(ES), MPI_BYTE,
                   V.Leader, TagOutbox, C, &Reqs.back()),
       "MPI_Isend", A.Where);
  }
  if (V.IsLeader) {
    for (const auto &[R, N] : V.OutboxOf)
      if (R != E.Me && N > 0) {
        Reqs.emplace_back();
        ok(MPI_Irecv_c(Bufs.Gather.data() + V.GatherAt.at(R) * IES,
                       MPI_Count(N) * MPI_Count(ES), MPI_BYTE, R, TagOutbox, C,
                       &Reqs.back()),
           "MPI_Irecv", A.Where);
      }
  }
  ok(MPI_Waitall(int(Reqs.size()), Reqs.data(), MPI_STATUSES_IGNORE),
     "MPI_Waitall", A.Where);
  Reqs.clear();
  watchdog_progress();

  // 2. Leaders: one message per host pair, all at once.
  if (V.IsLeader) {
    Bufs.size(Bufs.PairOut, V.PairOutElems, ES);
    Bufs.size(Bufs.PairIn, V.PairInElems, ES);
    for (const auto &[H, N] : V.PairIn) {
      Reqs.emplace_back();
      ok(MPI_Irecv_c(Bufs.PairIn.data() + V.PairInAt.at(H) * IES,
                     MPI_Count(N) * MPI_Count(ES), MPI_BYTE,
                     V.Hosts[std::size_t(H)], TagPair, C, &Reqs.back()),
         "MPI_Irecv", A.Where);
    }
    for (const Slot &S : V.Leaving) {
      int DH = HostOf[std::size_t(T.Messages[S.Msg].Dst)];
      std::memcpy(Bufs.PairOut.data() + (V.PairOutAt.at(DH) + S.Pair) * IES,
                  Bufs.Gather.data() + S.Gather * IES,
                  std::size_t(T.Messages[S.Msg].Size) * ES);
    }
    for (const auto &[H, N] : V.PairOut) {
      Reqs.emplace_back();
      ok(MPI_Isend_c(Bufs.PairOut.data() + V.PairOutAt.at(H) * IES,
                     MPI_Count(N) * MPI_Count(ES), MPI_BYTE,
                     V.Hosts[std::size_t(H)], TagPair, C, &Reqs.back()),
         "MPI_Isend", A.Where);
    }
    ok(MPI_Waitall(int(Reqs.size()), Reqs.data(), MPI_STATUSES_IGNORE),
       "MPI_Waitall", A.Where);
    Reqs.clear();
    watchdog_progress();
  }

  // 3. Inboxes from the leader.
  Bufs.size(Bufs.Inbox, V.InElems, ES);
  char *In = Bufs.Inbox.data();
  if (V.IsLeader) {
    Bufs.size(Bufs.Inboxes, V.InboxElems, ES);
    for (const Slot &S : V.Arriving) {
      int SH = HostOf[std::size_t(T.Messages[S.Msg].Src)];
      std::memcpy(Bufs.Inboxes.data() + S.Inbox * IES,
                  Bufs.PairIn.data() + (V.PairInAt.at(SH) + S.Pair) * IES,
                  std::size_t(T.Messages[S.Msg].Size) * ES);
    }
    for (const auto &[R, N] : V.InboxOf)
      if (R != E.Me && N > 0) {
        Reqs.emplace_back();
        ok(MPI_Isend_c(Bufs.Inboxes.data() + V.InboxAtRank.at(R) * IES,
                       MPI_Count(N) * MPI_Count(ES), MPI_BYTE, R, TagInbox, C,
                       &Reqs.back()),
           "MPI_Isend", A.Where);
      }
    auto It = V.InboxAtRank.find(E.Me);
    In = Bufs.Inboxes.data() +
         (It == V.InboxAtRank.end() ? 0 : It->second) * IES;
  } else if (V.InElems > 0) {
    Reqs.emplace_back();
    ok(MPI_Irecv_c(In, MPI_Count(V.InElems) * MPI_Count(ES), MPI_BYTE, V.Leader,
                   TagInbox, C, &Reqs.back()),
       "MPI_Irecv", A.Where);
  }
  copySelf(A); // while the inboxes travel
  ok(MPI_Waitall(int(Reqs.size()), Reqs.data(), MPI_STATUSES_IGNORE),
     "MPI_Waitall", A.Where);
  watchdog_progress();

  // 4. Unpack the inbox and the messages from inside the host.
  Off = 0;
  for (std::size_t M : V.InMsgs) {
    index_t N = T.Messages[M].Size;
    unpackRuns(T.Runs[M].DstRuns, A.Dst, In + Off * IES, ES, 0, N);
    Off += N;
  }
  ok(MPI_Waitall(int(Inside.size()), Inside.data(), MPI_STATUSES_IGNORE),
     "MPI_Waitall", A.Where);
  for (std::size_t I = 0; I < V.InsideRecvs.size(); ++I) {
    std::size_t M = V.InsideRecvs[I];
    unpackRuns(T.Runs[M].DstRuns, A.Dst, InsideIn[I].data(), ES, 0,
               T.Messages[M].Size);
  }
  watchdog_progress();
}

} // namespace hpf::rt
