//===- mpi/Fetch.cpp - fetch the elements a loop reads from their owners --===//
//
// See Fetch.h. Building a plan costs one MPI_Alltoall of counts and one
// MPI_Alltoallv of the requested offsets; running it, one MPI_Alltoallv of
// the values.
//
//===----------------------------------------------------------------------===//
#include "mpi/Fetch.h"

#include "mpi/Exec.h"

#include <mpi.h>

#include <algorithm>
#include <cstring>
#include <memory>

namespace hpf::rt {

namespace {

/// Exclusive prefix sums of Counts.
std::vector<int> displs(const std::vector<int> &Counts) {
  std::vector<int> D(Counts.size(), 0);
  for (std::size_t R = 1; R < Counts.size(); ++R)
    D[R] = D[R - 1] + Counts[R - 1];
  return D;
}

} // namespace

FetchPlan planFetch(const plan::Distribution &D,
                    const std::vector<index_t> &Needs,
                    const std::vector<index_t> &Slots, const char *Where) {
  const int Me = hpf::rank(), P = hpf::nranks();
  FetchPlan F;
  // Per owner: the distinct local offsets wanted, and per need its owner
  // and offset (to find its position once the lists are sorted).
  std::vector<std::vector<index_t>> Want(static_cast<std::size_t>(P));
  std::vector<int> OwnerOf(Needs.size(), -1);
  std::vector<index_t> LocalOf(Needs.size(), 0);
  for (std::size_t K = 0; K < Needs.size(); ++K) {
    const int O = D.owner(Needs[K]);
    const index_t L = D.localIndex(Needs[K]);
    if (O == Me) {
      F.SelfLocal.push_back(L);
      F.SelfSlot.push_back(Slots[K]);
      continue;
    }
    OwnerOf[K] = O;
    LocalOf[K] = L;
    Want[std::size_t(O)].push_back(L);
  }
  F.RecvCounts.assign(std::size_t(P), 0);
  for (int R = 0; R < P; ++R) {
    std::vector<index_t> &W = Want[std::size_t(R)];
    std::sort(W.begin(), W.end());
    W.erase(std::unique(W.begin(), W.end()), W.end());
    F.RecvCounts[std::size_t(R)] = int(W.size());
  }
  F.RecvDispls = displs(F.RecvCounts);
  for (std::size_t K = 0; K < Needs.size(); ++K) {
    if (OwnerOf[K] < 0)
      continue;
    const std::vector<index_t> &W = Want[std::size_t(OwnerOf[K])];
    F.RecvPos.push_back(
        F.RecvDispls[std::size_t(OwnerOf[K])] +
        index_t(std::lower_bound(W.begin(), W.end(), LocalOf[K]) - W.begin()));
    F.RecvSlot.push_back(Slots[K]);
  }
  // The requests: my receive lists are the owners' send lists.
  F.SendCounts.assign(std::size_t(P), 0);
  check(MPI_Alltoall(F.RecvCounts.data(), 1, MPI_INT, F.SendCounts.data(), 1,
                     MPI_INT, comm()),
        "MPI_Alltoall", "planned read", Where);
  F.SendDispls = displs(F.SendCounts);
  std::vector<index_t> Requests;
  for (const std::vector<index_t> &W : Want)
    Requests.insert(Requests.end(), W.begin(), W.end());
  F.SendLocal.resize(std::size_t(F.SendDispls.back() + F.SendCounts.back()));
  check(MPI_Alltoallv(Requests.data(), F.RecvCounts.data(), F.RecvDispls.data(),
                      MPI_INT64_T, F.SendLocal.data(), F.SendCounts.data(),
                      F.SendDispls.data(), MPI_INT64_T, comm()),
        "MPI_Alltoallv", "planned read", Where);
  return F;
}

index_t receivedElements(const FetchPlan &P) {
  index_t N = 0;
  for (int C : P.RecvCounts)
    N += C;
  return N;
}

index_t runFetchReceive(const FetchPlan &P, const void *Local,
                        std::size_t ElemSize, void *Received,
                        const char *Where) {
  const auto *Src = static_cast<const unsigned char *>(Local);
  // Written whole before it is sent: not zero-filled (rows of a
  // plane-distributed grid are 100 KB each; NAS MG's transfers between
  // levels spent most of their time in memset).
  auto Send = std::make_unique_for_overwrite<unsigned char[]>(
      P.SendLocal.size() * ElemSize);
  for (std::size_t K = 0; K < P.SendLocal.size(); ++K)
    std::memcpy(Send.get() + K * ElemSize,
                Src + std::size_t(P.SendLocal[K]) * ElemSize, ElemSize);
  const std::size_t Ranks = P.SendCounts.size();
  std::vector<int> SC(Ranks), SD(Ranks), RC(Ranks), RD(Ranks);
  index_t Bytes = 0;
  for (std::size_t R = 0; R < Ranks; ++R) {
    SC[R] = P.SendCounts[R] * int(ElemSize);
    SD[R] = P.SendDispls[R] * int(ElemSize);
    RC[R] = P.RecvCounts[R] * int(ElemSize);
    RD[R] = P.RecvDispls[R] * int(ElemSize);
    Bytes += RC[R];
  }
  check(MPI_Alltoallv(Send.get(), SC.data(), SD.data(), MPI_BYTE, Received,
                      RC.data(), RD.data(), MPI_BYTE, comm()),
        "MPI_Alltoallv", "planned read", Where);
  return Bytes;
}

index_t runFetch(const FetchPlan &P, const void *Local, std::size_t ElemSize,
                 void *Out, const char *Where) {
  const auto *Src = static_cast<const unsigned char *>(Local);
  auto *Dst = static_cast<unsigned char *>(Out);
  for (std::size_t K = 0; K < P.SelfLocal.size(); ++K)
    std::memcpy(Dst + std::size_t(P.SelfSlot[K]) * ElemSize,
                Src + std::size_t(P.SelfLocal[K]) * ElemSize, ElemSize);
  auto Recv = std::make_unique_for_overwrite<unsigned char[]>(
      std::size_t(receivedElements(P)) * ElemSize);
  const index_t Bytes = runFetchReceive(P, Local, ElemSize, Recv.get(), Where);
  for (std::size_t K = 0; K < P.RecvPos.size(); ++K)
    std::memcpy(Dst + std::size_t(P.RecvSlot[K]) * ElemSize,
                Recv.get() + std::size_t(P.RecvPos[K]) * ElemSize, ElemSize);
  return Bytes;
}

bool anyRank(bool Flag, const char *Where) {
  int In = Flag, Out = 0;
  check(MPI_Allreduce(&In, &Out, 1, MPI_INT, MPI_LOR, comm()), "MPI_Allreduce",
        "planned read", Where);
  return Out != 0;
}

} // namespace hpf::rt
