//===- mpi/DArray.cpp - index maps and collective element access ----------===//

#include "mpi/DArray.h"

#include <mpi.h>

#include <algorithm>
#include <string>

namespace hpf {

namespace rt {

index_t ownedBelow(const plan::Distribution &D, int Rank, index_t G) {
  if (Rank < 0 || Rank >= D.procs())
    return 0;
  G = std::clamp<index_t>(G, 0, D.size());
  switch (D.kind()) {
  case plan::DistKind::GenBlock:
  case plan::DistKind::Collapsed: {
    auto [Lo, Hi] = D.range(Rank);
    return std::clamp<index_t>(G - Lo, 0, Hi - Lo);
  }
  case plan::DistKind::Indirect: {
    // Owned globals are increasing in local index: binary search.
    index_t Lo = 0, Hi = D.localCount(Rank);
    while (Lo < Hi) {
      index_t Mid = Lo + (Hi - Lo) / 2;
      if (D.globalIndex(Rank, Mid) < G)
        Lo = Mid + 1;
      else
        Hi = Mid;
    }
    return Lo;
  }
  default: {
    index_t B = D.blockSize(), Period = B * D.procs();
    return (G / Period) * B +
           std::clamp<index_t>(G % Period - index_t(Rank) * B, 0, B);
  }
  }
}

void checkGlobal(const plan::Distribution &D, index_t G, const char *Op) {
  if (G < 0 || G >= D.size())
    fail(Op, "index " + std::to_string(G) + " is outside 0.." +
                 std::to_string(D.size() - 1));
}

void broadcastFromOwner(void *Value, std::size_t Bytes, int Owner) {
  check(MPI_Bcast(Value, int(Bytes), MPI_BYTE, Owner, MPI_COMM_WORLD),
        "MPI_Bcast", "element read", nullptr);
}

void gatherAll(const plan::Distribution &D, const void *Local, std::size_t ES,
               void *Out) {
  int W = nranks(), Me = rank();
  std::vector<MPI_Count> Counts(std::size_t(W), 0);
  std::vector<MPI_Aint> Displs(std::size_t(W), 0);
  MPI_Aint Off = 0;
  for (int R = 0; R < W; ++R) {
    index_t N = R < D.procs() ? D.localCount(R) : 0;
    Counts[std::size_t(R)] = MPI_Count(N) * MPI_Count(ES);
    Displs[std::size_t(R)] = Off;
    Off += MPI_Aint(Counts[std::size_t(R)]);
  }
  std::vector<char> All(static_cast<std::size_t>(Off));
  check(MPI_Allgatherv_c(Local, Counts[std::size_t(Me)], MPI_BYTE, All.data(),
                         Counts.data(), Displs.data(), MPI_BYTE,
                         MPI_COMM_WORLD),
        "MPI_Allgatherv", "gather", nullptr);
  char *O = static_cast<char *>(Out);
  for (int R = 0; R < W && R < D.procs(); ++R) {
    index_t N = D.localCount(R);
    const char *Src = All.data() + Displs[std::size_t(R)];
    for (index_t L = 0; L < N; ++L)
      std::memcpy(O + D.globalIndex(R, L) * index_t(ES), Src + L * index_t(ES),
                  ES);
  }
}

} // namespace rt

owned_range::owned_range(const plan::Distribution &D, int Me, index_t Lo,
                         index_t Hi) {
  Lo = std::clamp<index_t>(Lo, 0, D.size());
  Hi = std::clamp<index_t>(Hi, Lo, D.size());
  index_t L0 = rt::ownedBelow(D, Me, Lo), L1 = rt::ownedBelow(D, Me, Hi);
  for (iterator *It : {&Begin, &EndIt}) {
    It->D = &D;
    It->Me = Me;
    It->End = L1;
  }
  Begin.L = L0;
  EndIt.L = L1;
  if (L0 < L1) {
    Begin.G = D.globalIndex(Me, L0);
    if (D.isBlockCyclic()) {
      index_t B = D.blockSize();
      Begin.BlockEnd = Begin.G - L0 % B + B;
      Begin.Jump = (index_t(D.procs()) - 1) * B;
    }
  }
}

} // namespace hpf
