//===- mpi/Executors.cpp - point-to-point and collective executors --------===//
//
// steps / async: point-to-point. Receives are posted first (straight into
// the destination array when the message lands on one contiguous range),
// then each send is packed and sent; messages larger than the chunk size
// (HPF_CHUNK_BYTES, default 1 MiB) go in chunks, so the sender packs chunk
// k+1 while chunk k travels and the receiver unpacks chunk k while k+1
// arrives. `steps` runs the schedule's groups (large steps) one after the
// other with all of a group's messages in flight; `host-steps` does the same
// with the host steps of plan/HostSchedule.h (no host link shared within a
// step); `async` treats the whole plan as one group.
//
// alltoallv: pack everything, one MPI_Alltoallv_c, unpack everything.
// alltoallw: one MPI_Alltoallw over datatypes built from the runs (cached
// per element size), no packing by the runtime.
//
//===----------------------------------------------------------------------===//

#include "mpi/CopyKernel.h"
#include "mpi/Exec.h"
#include "mpi/Payload.h"
#include "mpi/Poll.h"
#include "mpi/Watchdog.h"
#include "plan/HostSchedule.h"

#include <algorithm>
#include <climits>
#include <cstdlib>
#include <memory>
#include <string>

namespace hpf::rt {

namespace {

struct Growable {
  char *Ptr = nullptr;
  std::size_t Cap = 0;
  char *get(std::size_t Bytes) {
    if (Bytes > Cap) {
      freePayload(Ptr, Cap);
      Ptr = nullptr; // allocPayload may throw: hold nothing then
      Cap = 0;
      Ptr = allocPayload(Bytes);
      Cap = Bytes;
    }
    return Ptr;
  }
#ifndef HPF_SMPI // SMPI runs static destructors after the simulation ended
  ~Growable() { freePayload(Ptr, Cap); }
#endif
};

Growable SendBuf, RecvBuf;

std::size_t chunkBytes() {
  static const std::size_t Bytes = [] {
    const char *V = env("HPF_CHUNK_BYTES");
    long long B = V ? std::atoll(V) : 0;
    return B > 0 ? std::size_t(B) : std::size_t(1) << 20;
  }();
  return Bytes;
}

void ok(int Code, const char *Fn, const char *Where) {
  check(Code, Fn, "redistribute", Where);
}

/// Chunks of a message: element count per chunk, and chunk count. Keeps the
/// chunk count under the smallest MPI_TAG_UB the standard allows.
std::pair<index_t, index_t> chunking(const Transfer &X, std::size_t ES) {
  index_t Elems = X.Elems;
  if (Elems == 0 || X.Whole)
    return {std::max<index_t>(Elems, 1), 1};
  index_t Per = std::max<index_t>(1, index_t(chunkBytes() / ES));
  Per = std::max(Per, (Elems + 30000) / 30000);
  return {Per, (Elems + Per - 1) / Per};
}

/// HPF_POLL_SLEEP_US: 0 (default) waits in MPI_Waitany, which polls the
/// network without pause; N > 0 tests instead and, after 64 tests in a row
/// found nothing, sleeps N microseconds between tests, leaving the core to
/// the other ranks and to the kernel's network work where ranks outnumber
/// cores (measured on test/cluster's emulated hosts).
long pollSleepUs() {
  static const long Us = [] {
    const char *V = env("HPF_POLL_SLEEP_US");
    long U = V ? std::atol(V) : 0;
    return U > 0 ? U : 0L;
  }();
  return Us;
}

/// Waits until at least one of Req completes; its indices go to Done.
/// Returns how many, or MPI_UNDEFINED when none is active.
int waitSome(std::vector<MPI_Request> &Req, std::vector<int> &Done,
             const char *Where) {
  Done.resize(Req.size());
  int Got = MPI_UNDEFINED;
  if (pollSleepUs() == 0) {
    ok(MPI_Waitany(int(Req.size()), Req.data(), &Done[0], MPI_STATUS_IGNORE),
       "MPI_Waitany", Where);
    return Done[0] == MPI_UNDEFINED ? MPI_UNDEFINED : 1;
  }
  pollUntil(
      [&] {
        ok(MPI_Testsome(int(Req.size()), Req.data(), &Got, Done.data(),
                        MPI_STATUSES_IGNORE),
           "MPI_Testsome", Where);
        return Got != 0;
      },
      {.SleepUs = pollSleepUs()});
  return Got;
}

struct Pending {
  const Transfer *T;
  index_t First, Last; // packed element range of this chunk
};

} // namespace

char *sendBuffer(std::size_t Bytes) { return SendBuf.get(Bytes); }
char *recvBuffer(std::size_t Bytes) { return RecvBuf.get(Bytes); }

CacheEntry::~CacheEntry() {
  int Done = 1;
  MPI_Finalized(&Done);
  if (Done)
    return;
  for (auto &[ES, TS] : Types) {
    for (MPI_Datatype &T : TS.Send)
      if (T != MPI_DATATYPE_NULL && T != MPI_BYTE)
        MPI_Type_free(&T);
    for (MPI_Datatype &T : TS.Recv)
      if (T != MPI_DATATYPE_NULL && T != MPI_BYTE)
        MPI_Type_free(&T);
  }
}

namespace {

/// This rank's side of message M, whose local indices are Runs: in place
/// when they are one contiguous range, else at the next Elems of the side's
/// pack buffer, of which Packed counts the elements handed out so far.
Transfer transfer(std::size_t M, int Peer, index_t Elems, bool Whole,
                  const std::vector<plan::Run> &Runs, index_t &Packed) {
  Transfer X{M, Peer, Elems};
  X.Whole = Whole;
  X.InPlace = contiguousStart(Runs, &X.Start);
  if (!X.InPlace) {
    X.Offset = Packed;
    Packed += Elems;
  }
  return X;
}

} // namespace

void prepareEntry(CacheEntry &E, int Me) {
  E.Me = Me;
  const plan::CommTable &T = E.Plan.Table;
  const plan::Schedule &S = E.Plan.Sched;
  E.Order.SendGroup = {0};
  E.Order.RecvGroup = {0};
  for (const auto &G : S.effectiveGroups()) {
    for (std::size_t Step : G)
      for (std::size_t M : S.Steps[Step]) {
        const plan::Message &Msg = T.Messages[M];
        if (Msg.Src == Me && Msg.Dst == Me) {
          E.Self = std::ptrdiff_t(M);
          E.SelfElems = Msg.Size;
          continue;
        }
        index_t Ignored;
        bool Whole = contiguousStart(T.Runs[M].SrcRuns, &Ignored) &&
                     contiguousStart(T.Runs[M].DstRuns, &Ignored);
        if (Msg.Src == Me)
          E.Order.Sends.push_back(transfer(M, Msg.Dst, Msg.Size, Whole,
                                           T.Runs[M].SrcRuns, E.SendPacked));
        if (Msg.Dst == Me)
          E.Order.Recvs.push_back(transfer(M, Msg.Src, Msg.Size, Whole,
                                           T.Runs[M].DstRuns, E.RecvPacked));
      }
    E.Order.SendGroup.push_back(E.Order.Sends.size());
    E.Order.RecvGroup.push_back(E.Order.Recvs.size());
  }
}

void copySelf(const ExecArgs &A) {
  if (A.E->Self < 0)
    return;
  const plan::MessageRuns &R = A.E->Plan.Table.Runs[std::size_t(A.E->Self)];
  copyRuns(R.SrcRuns, A.Src, R.DstRuns, A.Dst, A.ES, 0, A.E->SelfElems);
}

void runSteps(const ExecArgs &A, const TransferOrder &O, bool AllAtOnce,
              void (*During)(void *), void *Ctx) {
  const CacheEntry &E = *A.E;
  const plan::CommTable &T = E.Plan.Table;
  const std::size_t ES = A.ES;
  char *SBuf = sendBuffer(std::size_t(E.SendPacked) * ES);
  char *RBuf = recvBuffer(std::size_t(E.RecvPacked) * ES);
  MPI_Comm C = comm();
  std::size_t Groups = AllAtOnce ? 1 : O.SendGroup.size() - 1;
  bool SelfDone = false;

  static std::vector<MPI_Request> RecvReq, SendReq;
  static std::vector<Pending> RecvWhat;
  static std::vector<int> Done;
  for (std::size_t G = 0; G < Groups; ++G) {
    std::size_t SB = AllAtOnce ? 0 : O.SendGroup[G];
    std::size_t SE = AllAtOnce ? O.Sends.size() : O.SendGroup[G + 1];
    std::size_t RB = AllAtOnce ? 0 : O.RecvGroup[G];
    std::size_t RE = AllAtOnce ? O.Recvs.size() : O.RecvGroup[G + 1];
    RecvReq.clear();
    SendReq.clear();
    RecvWhat.clear();
    // Both sides cut a message into the same chunks (a function of its size
    // only), whether or not their side needs packing.
    for (std::size_t I = RB; I < RE; ++I) {
      const Transfer &X = O.Recvs[I];
      auto [Per, Chunks] = chunking(X, ES);
      char *Base = X.InPlace ? A.Dst + X.Start * index_t(ES)
                             : RBuf + X.Offset * index_t(ES);
      for (index_t K = 0; K < Chunks; ++K) {
        index_t F = K * Per, L = std::min(X.Elems, F + Per);
        RecvReq.emplace_back();
        ok(MPI_Irecv_c(Base + F * index_t(ES), MPI_Count(L - F) * MPI_Count(ES),
                       MPI_BYTE, X.Peer, int(K), C, &RecvReq.back()),
           "MPI_Irecv", A.Where);
        RecvWhat.push_back({&X, F, L});
      }
    }
    for (std::size_t I = SB; I < SE; ++I) {
      const Transfer &X = O.Sends[I];
      const auto &Runs = T.Runs[X.Msg].SrcRuns;
      auto [Per, Chunks] = chunking(X, ES);
      for (index_t K = 0; K < Chunks; ++K) {
        index_t F = K * Per, L = std::min(X.Elems, F + Per);
        const char *P;
        if (X.InPlace) {
          P = A.Src + (X.Start + F) * index_t(ES);
        } else {
          char *Packed = SBuf + (X.Offset + F) * index_t(ES);
          packRuns(Runs, A.Src, Packed, ES, F, L);
          P = Packed;
        }
        SendReq.emplace_back();
        ok(MPI_Isend_c(P, MPI_Count(L - F) * MPI_Count(ES), MPI_BYTE, X.Peer,
                       int(K), C, &SendReq.back()),
           "MPI_Isend", A.Where);
      }
    }
    // The local copy overlaps with the first transfers this rank takes part
    // in (a group holding only the self message would leave it alone).
    if (!SelfDone && E.Self >= 0 && (SE > SB || RE > RB)) {
      copySelf(A);
      SelfDone = true;
    }
    if (During && G == 0)
      During(Ctx);
    for (std::size_t Left = RecvReq.size(); Left > 0;) {
      int Got = waitSome(RecvReq, Done, A.Where);
      if (Got == MPI_UNDEFINED)
        break;
      for (int K = 0; K < Got; ++K) {
        const Pending &Pd = RecvWhat[std::size_t(Done[std::size_t(K)])];
        if (!Pd.T->InPlace)
          unpackRuns(T.Runs[Pd.T->Msg].DstRuns, A.Dst,
                     RBuf + (Pd.T->Offset + Pd.First) * index_t(ES), ES,
                     Pd.First, Pd.Last);
      }
      Left -= std::size_t(Got);
      watchdog_progress(); // a chunk arrived: the peers are alive
    }
    ok(MPI_Waitall(int(SendReq.size()), SendReq.data(), MPI_STATUSES_IGNORE),
       "MPI_Waitall", A.Where);
    watchdog_progress();
  }
  if (During && Groups == 0)
    During(Ctx);
  if (!SelfDone)
    copySelf(A);
}

const TransferOrder &hostOrder(CacheEntry &E, const std::vector<int> &HostOf) {
  if (E.ByHost)
    return *E.ByHost;
  plan::HostSteps H = plan::hostSteps(E.Plan.Table, HostOf);
  std::vector<std::size_t> StepOf(E.Plan.Table.Messages.size(), 0);
  for (std::size_t St = 0; St < H.Steps.size(); ++St)
    for (std::size_t M : H.Steps[St])
      StepOf[M] = St;
  // Transfers keep their pack offsets: only the order and the groups
  // change.
  auto Bucket = [&](const std::vector<Transfer> &From,
                    std::vector<Transfer> &To, std::vector<std::size_t> &G) {
    std::vector<std::vector<Transfer>> Per(H.Steps.size());
    for (const Transfer &X : From)
      Per[StepOf[X.Msg]].push_back(X);
    for (const auto &Step : Per) {
      To.insert(To.end(), Step.begin(), Step.end());
      G.push_back(To.size());
    }
  };
  auto O = std::make_unique<TransferOrder>();
  Bucket(E.Order.Sends, O->Sends, O->SendGroup);
  Bucket(E.Order.Recvs, O->Recvs, O->RecvGroup);
  E.ByHost = std::move(O);
  return *E.ByHost;
}

void runAlltoallv(const ExecArgs &A) {
  const CacheEntry &E = *A.E;
  const plan::CommTable &T = E.Plan.Table;
  const std::size_t ES = A.ES;
  int W = nranks();
  index_t SendAll = 0, RecvAll = 0;
  for (const Transfer &X : E.Order.Sends)
    SendAll += X.Elems;
  for (const Transfer &X : E.Order.Recvs)
    RecvAll += X.Elems;
  char *SBuf = sendBuffer(std::size_t(SendAll) * ES);
  char *RBuf = recvBuffer(std::size_t(RecvAll) * ES);
  static std::vector<MPI_Count> SC, RC;
  static std::vector<MPI_Aint> SD, RD;
  SC.assign(std::size_t(W), 0);
  RC.assign(std::size_t(W), 0);
  SD.assign(std::size_t(W), 0);
  RD.assign(std::size_t(W), 0);
  // Buffers ordered by peer rank (Alltoallv's displacements could be in
  // any order, but this keeps the packing sequential).
  static std::vector<const Transfer *> Order;
  Order.clear();
  for (const Transfer &X : E.Order.Sends)
    Order.push_back(&X);
  std::sort(Order.begin(), Order.end(),
            [](auto *L, auto *R) { return L->Peer < R->Peer; });
  index_t Off = 0;
  for (const Transfer *X : Order) {
    packRuns(T.Runs[X->Msg].SrcRuns, A.Src, SBuf + Off * index_t(ES), ES, 0,
             X->Elems);
    SC[std::size_t(X->Peer)] = MPI_Count(X->Elems) * MPI_Count(ES);
    SD[std::size_t(X->Peer)] = MPI_Aint(Off) * MPI_Aint(ES);
    Off += X->Elems;
  }
  Order.clear();
  for (const Transfer &X : E.Order.Recvs)
    Order.push_back(&X);
  std::sort(Order.begin(), Order.end(),
            [](auto *L, auto *R) { return L->Peer < R->Peer; });
  Off = 0;
  for (const Transfer *X : Order) {
    RC[std::size_t(X->Peer)] = MPI_Count(X->Elems) * MPI_Count(ES);
    RD[std::size_t(X->Peer)] = MPI_Aint(Off) * MPI_Aint(ES);
    Off += X->Elems;
  }
  copySelf(A);
  ok(MPI_Alltoallv_c(SBuf, SC.data(), SD.data(), MPI_BYTE, RBuf, RC.data(),
                     RD.data(), MPI_BYTE, comm()),
     "MPI_Alltoallv", A.Where);
  for (const Transfer *X : Order)
    unpackRuns(T.Runs[X->Msg].DstRuns, A.Dst,
               RBuf + (RD[std::size_t(X->Peer)] / MPI_Aint(ES)) * index_t(ES),
               ES, 0, X->Elems);
}

namespace {

int toInt(index_t V, const char *What, const char *Where) {
  if (V > INT_MAX)
    fail("redistribute",
         std::string("alltoallw: ") + What + " " + std::to_string(V) +
             " does not fit an MPI int; use another strategy",
         Where);
  return int(V);
}

/// A datatype selecting the elements of Runs (in run order) from a local
/// array of elements of ES bytes starting at displacement 0.
MPI_Datatype typeFromRuns(const std::vector<plan::Run> &Runs, std::size_t ES,
                          const char *Where) {
  // Elements as a basic type where one fits: MPICH's datatype engine
  // copies those much faster than runs of bytes.
  MPI_Datatype Elem, Unit = MPI_BYTE;
  int Units = int(ES);
  if (ES % 8 == 0) {
    Unit = MPI_INT64_T;
    Units = int(ES / 8);
  } else if (ES % 4 == 0) {
    Unit = MPI_INT32_T;
    Units = int(ES / 4);
  }
  ok(MPI_Type_contiguous(Units, Unit, &Elem), "MPI_Type_contiguous", Where);
  std::vector<MPI_Datatype> Parts;
  std::vector<MPI_Aint> Displs;
  std::vector<int> Lens;
  // Consecutive single blocks become one hindexed part; strided runs one
  // hvector each.
  std::vector<int> HLens;
  std::vector<MPI_Aint> HDispls;
  auto FlushIndexed = [&] {
    if (HLens.empty())
      return;
    MPI_Datatype T;
    ok(MPI_Type_create_hindexed(int(HLens.size()), HLens.data(), HDispls.data(),
                                Elem, &T),
       "MPI_Type_create_hindexed", Where);
    Parts.push_back(T);
    Displs.push_back(0);
    Lens.push_back(1);
    HLens.clear();
    HDispls.clear();
  };
  for (const plan::Run &R : Runs) {
    if (R.Count == 1) {
      HLens.push_back(toInt(R.Length, "run length", Where));
      HDispls.push_back(MPI_Aint(R.Start) * MPI_Aint(ES));
      continue;
    }
    FlushIndexed();
    MPI_Datatype T;
    ok(MPI_Type_create_hvector(toInt(R.Count, "run count", Where),
                               toInt(R.Length, "run length", Where),
                               MPI_Aint(R.Stride) * MPI_Aint(ES), Elem, &T),
       "MPI_Type_create_hvector", Where);
    Parts.push_back(T);
    Displs.push_back(MPI_Aint(R.Start) * MPI_Aint(ES));
    Lens.push_back(1);
  }
  FlushIndexed();
  MPI_Datatype Out;
  ok(MPI_Type_create_struct(int(Parts.size()), Lens.data(), Displs.data(),
                            Parts.data(), &Out),
     "MPI_Type_create_struct", Where);
  ok(MPI_Type_commit(&Out), "MPI_Type_commit", Where);
  for (MPI_Datatype &T : Parts)
    MPI_Type_free(&T);
  MPI_Type_free(&Elem);
  return Out;
}

} // namespace

void runAlltoallw(const ExecArgs &A, CacheEntry &E) {
  const std::size_t ES = A.ES;
  auto It = E.Types.find(ES);
  if (It == E.Types.end()) {
    int W = nranks();
    TypeSet TS;
    TS.Send.assign(std::size_t(W), MPI_BYTE);
    TS.Recv.assign(std::size_t(W), MPI_BYTE);
    TS.SendCounts.assign(std::size_t(W), 0);
    TS.RecvCounts.assign(std::size_t(W), 0);
    TS.Zero.assign(std::size_t(W), 0);
    const plan::CommTable &T = E.Plan.Table;
    for (const Transfer &X : E.Order.Sends) {
      TS.Send[std::size_t(X.Peer)] =
          typeFromRuns(T.Runs[X.Msg].SrcRuns, ES, A.Where);
      TS.SendCounts[std::size_t(X.Peer)] = 1;
    }
    for (const Transfer &X : E.Order.Recvs) {
      TS.Recv[std::size_t(X.Peer)] =
          typeFromRuns(T.Runs[X.Msg].DstRuns, ES, A.Where);
      TS.RecvCounts[std::size_t(X.Peer)] = 1;
    }
    It = E.Types.emplace(ES, std::move(TS)).first;
  }
  TypeSet &TS = It->second;
  copySelf(A);
  ok(MPI_Alltoallw(A.Src, TS.SendCounts.data(), TS.Zero.data(), TS.Send.data(),
                   A.Dst, TS.RecvCounts.data(), TS.Zero.data(), TS.Recv.data(),
                   comm()),
     "MPI_Alltoallw", A.Where);
}

} // namespace hpf::rt
