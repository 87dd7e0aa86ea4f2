//===- mpi/DArray.cpp - index maps and collective element access ----------===//

#include "mpi/DArray.h"

#include "mpi/Comm.h"
#include "mpi/InFlight.h"

#include <mpi.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <memory>
#include <string>
#include <vector>

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
    // Saturating: block(k) / cyclic(k) with k near 2^63 (read at run time)
    // must not wrap; a saturated period exceeds every index.
    index_t B = D.blockSize(), Period = D.cyclePeriod();
    return (G / Period) * B +
           std::clamp<index_t>(G % Period - plan::mulOrSaturate(Rank, B), 0, B);
  }
  }
}

/// Broadcasts of a few pieces' size go in pieces of this many bytes
/// (HPF_BCAST_PIECE=<bytes> instead; 0: one MPI_Bcast). MPICH over UCX
/// sends a message above about 8 KB by rendezvous (a handshake, then a
/// single copy by a system call), which costs more than the copy at these
/// sizes; pieces below it go eagerly. Measured with 2 ranks on one host
/// (the 2-core Zen 5 VM), alternating roots, microseconds per broadcast,
/// whole / in 8 KB pieces: 9608 bytes (a pivot row of 1201 doubles) 6.3 /
/// 2.8, 16 KB 7.4 / 3.9, 32 KB 9.8 / 6.9, 80 KB 17.3 / 17.2, 256 KB 45 /
/// 56. Gaussian elimination at N = 1200 on 2 ranks: 9% less time.
std::size_t eagerPiece() {
  static const std::size_t Piece = [] {
    const char *V = std::getenv("HPF_BCAST_PIECE");
    return V && *V ? std::size_t(std::strtoull(V, nullptr, 10))
                   : std::size_t(8192);
  }();
  return Piece;
}

namespace {

/// Larger broadcasts go whole: the single copy wins from here.
constexpr std::size_t PiecewiseBroadcastLimit = 64 * 1024;
/// startSendSlice's messages.
constexpr int SliceTag = 7413;

} // namespace

void broadcastFromOwner(void *Value, std::size_t Bytes, int Owner) {
  char *P = static_cast<char *>(Value);
  forEachPiece(Bytes, Bytes <= PiecewiseBroadcastLimit ? eagerPiece() : 0,
               [&](std::size_t Off, std::size_t N) {
                 check(MPI_Bcast(P + Off, int(N), MPI_BYTE, Owner, comm()),
                       "MPI_Bcast", "element read", nullptr);
               });
}

int startSendSlice(const void *Value, std::size_t Bytes, int User) {
  int H = -1;
  // The request's place first: a failed allocation loses no message.
  MPI_Request &R = claimRequests(H).emplace_back();
  check(MPI_Isend_c(Value, MPI_Count(Bytes), MPI_BYTE, User, SliceTag, comm(),
                    &R),
        "MPI_Isend", "slice read", nullptr);
  return H;
}

int startReceiveSlice(void *Value, std::size_t Bytes, int Owner) {
  int H = -1;
  MPI_Request &R = claimRequests(H).emplace_back();
  check(MPI_Irecv_c(Value, MPI_Count(Bytes), MPI_BYTE, Owner, SliceTag, comm(),
                    &R),
        "MPI_Irecv", "slice read", nullptr);
  return H;
}

void finishSlice(int &Handle, const char *Where) {
  finishRequests(Handle, "slice read", Where);
}

namespace {

std::string listText(const std::vector<std::string> &Items) {
  std::string S = "(";
  for (std::size_t I = 0; I < Items.size(); ++I)
    S += (I ? ", " : "") + Items[I];
  return S + ")";
}

std::string shapeText(const std::vector<int> &Shape) {
  std::vector<std::string> Items;
  for (int E : Shape)
    Items.push_back(std::to_string(E));
  return listText(Items);
}

bool inGrid(const plan::DistributionND &D, int Me) {
  return Me >= 0 && Me < D.procs();
}

} // namespace

plan::DistributionND makeDistribution(const std::vector<index_t> &Extents,
                                      const std::vector<format> &Formats,
                                      const processors &Grid, const char *Op,
                                      const char *Where) {
  std::vector<std::string> Names;
  std::size_t Distributed = 0;
  for (const format &F : Formats) {
    Names.push_back(F.str());
    Distributed += F.spec().Kind != plan::DistKind::Collapsed;
  }
  std::vector<int> Shape = Grid.shape();
  // (*, *) on one processor: nothing is distributed, rank 0 holds it all.
  if (Distributed == 0 && Grid.size() == 1)
    Shape.clear();
  if (Shape.size() != Distributed)
    fail(Op,
         listText(Names) + " distributes " + std::to_string(Distributed) +
             " dimension" + (Distributed == 1 ? "" : "s") +
             ", but the processor arrangement " + shapeText(Grid.shape()) +
             " has " + std::to_string(Grid.shape().size()),
         Where);
  std::vector<plan::Distribution> Dims;
  std::size_t Next = 0;
  for (std::size_t D = 0; D < Formats.size(); ++D) {
    bool Collapsed = Formats[D].spec().Kind == plan::DistKind::Collapsed;
    int Procs = Collapsed ? 1 : Shape[Next++];
    Dims.push_back(Formats[D].instantiate(Extents[D], Procs, Op, Where));
  }
  try {
    return plan::DistributionND(std::move(Dims), std::move(Shape));
  } catch (const plan::PlanError &E) {
    fail(Op,
         std::string(E.what()) + " (" + listText(Names) + " onto " +
             shapeText(Grid.shape()) + ")",
         Where);
  }
}

plan::DistributionND makeDistribution(index_t N, const format &F,
                                      const processors &P, const char *Op,
                                      const char *Where) {
  return plan::DistributionND::rank1(F.instantiate(N, P.size(), Op, Where));
}

std::vector<DimMap> dimMaps(const plan::DistributionND &D, int Me) {
  bool In = inGrid(D, Me);
  std::vector<int> Coords = In ? D.coordinates(Me) : std::vector<int>();
  std::vector<index_t> Ext =
      In ? D.localExtents(Me) : std::vector<index_t>(std::size_t(D.rank()), 0);
  std::vector<DimMap> Maps(std::size_t(D.rank()));
  index_t Stride = 1;
  std::size_t GridDim = 0;
  for (std::size_t K = std::size_t(D.rank()); K-- > 0;) {
    Maps[K].Stride = Stride;
    Stride *= Ext[K];
  }
  for (std::size_t K = 0; K < Maps.size(); ++K) {
    const plan::Distribution &X = D.dims()[K];
    DimMap &M = Maps[K];
    bool Collapsed = X.kind() == plan::DistKind::Collapsed;
    int C = Collapsed ? 0 : (In ? Coords[GridDim] : -1);
    GridDim += !Collapsed;
    M.Coord = In ? C : -1;
    if (!In || Collapsed)
      continue; // Offset from 0
    if (X.kind() == plan::DistKind::Indirect) {
      M.K = DimMap::Table;
      M.Dist = &X;
    } else if (X.isContiguous()) {
      M.Lo = X.range(C).first;
    } else {
      M.K = DimMap::BlockCyclic;
      M.Block = X.blockSize();
      M.Period = X.cyclePeriod(); // saturates for huge blocks
    }
  }
  return Maps;
}

index_t localCountOf(const plan::DistributionND &D, int Me) {
  return inGrid(D, Me) ? D.localCount(Me) : 0;
}

void forEachLocal(const plan::DistributionND &D, int R,
                  const std::function<void(index_t)> &Fn) {
  // The runs in row-major local order, element by element.
  forEachLocalRun(D, R, [&](index_t Global, index_t, index_t Count) {
    for (index_t K = 0; K < Count; ++K)
      Fn(Global + K);
  });
}

namespace {

/// The global row-major offset of each local index of one dimension of
/// rank R: Base + L * Stride where the rank's indices of the dimension are
/// one stretch (collapsed, block, gen_block), else a table. Without the
/// table a gather of a block-distributed vector costs no pass over its
/// indices and no allocation of their size.
struct DimOffsets {
  index_t Base = 0, Stride = 1;
  std::vector<index_t> Table;
  index_t at(index_t L) const {
    return Table.empty() ? Base + L * Stride : Table[std::size_t(L)];
  }
};

std::vector<DimOffsets> dimOffsets(const plan::DistributionND &D, int R) {
  const std::size_t Rank = std::size_t(D.rank());
  std::vector<index_t> Stride(Rank, 1);
  for (std::size_t K = Rank; K-- > 1;)
    Stride[K - 1] = Stride[K] * D.dims()[K].size();
  std::vector<int> Coords = D.coordinates(R);
  std::vector<index_t> Ext = D.localExtents(R);
  std::vector<DimOffsets> O(Rank);
  std::size_t GridDim = 0;
  for (std::size_t K = 0; K < Rank; ++K) {
    const plan::Distribution &X = D.dims()[K];
    O[K].Stride = Stride[K];
    if (X.kind() == plan::DistKind::Collapsed)
      continue;
    const int C = Coords[GridDim++];
    if (X.isContiguous()) {
      O[K].Base = X.range(C).first * Stride[K];
      continue;
    }
    O[K].Table.reserve(std::size_t(Ext[K]));
    for (index_t L = 0; L < Ext[K]; ++L)
      O[K].Table.push_back(X.globalIndex(C, L) * Stride[K]);
  }
  return O;
}

} // namespace

void forEachLocalRun(const plan::DistributionND &D, int R,
                     const std::function<void(index_t, index_t, index_t)> &Fn) {
  if (localCountOf(D, R) == 0)
    return;
  const std::size_t Rank = std::size_t(D.rank());
  const std::vector<DimOffsets> G = dimOffsets(D, R);
  const std::vector<index_t> Ext = D.localExtents(R);
  // Trailing dimensions this rank holds whole continue the dimension
  // before them: when that one's indices are one stretch, they all make
  // one run per index of the dimensions before it ((block, *): one run).
  std::size_t Inner = Rank - 1;
  index_t InnerCount = 1;
  while (Inner > 0 && G[Inner].Table.empty() && G[Inner].Base == 0 &&
         Ext[Inner] == D.dims()[Inner].size() && G[Inner - 1].Table.empty()) {
    InnerCount *= Ext[Inner];
    --Inner;
  }
  // The runs of dimension Inner, found once: (first local index, length
  // in elements); one run when its indices are one stretch.
  const DimOffsets &Last = G[Inner];
  std::vector<std::pair<index_t, index_t>> Row;
  if (Last.Table.empty())
    Row.emplace_back(0, Ext[Inner] * InnerCount);
  else
    for (index_t L = 0; L < Ext[Inner]; ++L)
      if (L > 0 && Last.at(L) == Last.at(L - 1) + 1)
        ++Row.back().second;
      else
        Row.emplace_back(L, 1);
  // Row-major walk of the local indices of the dimensions before Inner
  // (odometer), coalescing a run with the previous one when it continues
  // it in the whole array.
  index_t RunG = 0, RunL = 0, RunN = 0, Local = 0;
  std::vector<index_t> Pos(Inner + 1, 0);
  while (true) {
    index_t Outer = 0;
    for (std::size_t K = 0; K < Inner; ++K)
      Outer += G[K].at(Pos[K]);
    for (auto [First, Len] : Row) {
      const index_t Gl = Outer + Last.at(First);
      if (RunN > 0 && RunG + RunN == Gl) {
        RunN += Len;
      } else {
        if (RunN > 0)
          Fn(RunG, RunL, RunN);
        RunG = Gl, RunL = Local, RunN = Len;
      }
      Local += Len;
    }
    std::size_t K = Inner;
    while (K > 0 && ++Pos[K - 1] == Ext[K - 1]) {
      Pos[K - 1] = 0;
      --K;
    }
    if (K == 0)
      break;
  }
  Fn(RunG, RunL, RunN);
}

bool holdsWhole(const plan::DistributionND &D, int R) {
  if (localCountOf(D, R) != D.size())
    return false;
  bool Whole = true;
  forEachLocalRun(
      D, R, [&](index_t G, index_t L, index_t) { Whole = Whole && G == L; });
  return Whole;
}

void copyOwned(const plan::DistributionND &D, int R, const void *Whole,
               std::size_t ES, void *Local) {
  const char *W = static_cast<const char *>(Whole);
  char *O = static_cast<char *>(Local);
  forEachLocalRun(D, R, [&](index_t G, index_t L, index_t N) {
    std::memcpy(O + L * index_t(ES), W + G * index_t(ES), std::size_t(N) * ES);
  });
}

void checkGlobal(const plan::DistributionND &D, const index_t *Idx,
                 const char *Op, const char *Where) {
  if (D.rank() == 1) {
    index_t N = D.size();
    if (Idx[0] < 0 || Idx[0] >= N)
      fail(Op,
           "index " + std::to_string(Idx[0]) + " is outside 0.." +
               std::to_string(N - 1),
           Where);
    return;
  }
  bool Bad = false;
  for (int K = 0; K < D.rank(); ++K) {
    index_t N = D.dims()[std::size_t(K)].size();
    Bad |= Idx[K] < 0 || Idx[K] >= N;
  }
  if (!Bad) // the message only when it is needed: no allocation per read
    return;
  std::vector<std::string> I, E;
  for (int K = 0; K < D.rank(); ++K) {
    I.push_back(std::to_string(Idx[K]));
    E.push_back(std::to_string(D.dims()[std::size_t(K)].size()));
  }
  fail(Op, "index " + listText(I) + " is outside the extents " + listText(E),
       Where);
}

void failIndex(const plan::DistributionND &D, const char *Name, int Dim,
               index_t Index, const char *Access, const char *Var,
               index_t VarValue, const char *Where) {
  // The extents as the array is declared: [4][16].
  std::string Extents;
  for (int K = 0; K < D.rank(); ++K)
    Extents += "[" + std::to_string(D.dims()[std::size_t(K)].size()) + "]";
  std::string Msg = "'" + std::string(Name) + "' index " +
                    std::to_string(Index) +
                    (D.rank() > 1 ? " in dimension " + std::to_string(Dim + 1)
                                  : std::string()) +
                    " is outside the extents " + Extents;
  if (Access && *Access)
    Msg += std::string(" (") + Access +
           (Var ? std::string(" at ") + Var + " = " + std::to_string(VarValue)
                : std::string()) +
           ")";
  fail("bounds check (HPF_VERIFY)", Msg, Where);
}

int ownerOf(const plan::DistributionND &D, const index_t *Idx) {
  return D.owner(Idx);
}

void checkNotInIndependentLoop(const char *Read) {
  if (independentDepth() == 0)
    return;
  fail("element read",
       "an element of a distributed array is read (collectively) inside " +
           runningLoop() +
           ", where ranks run different iterations; read it before the loop",
       Read);
}

void checkAlgorithmNotInIndependentLoop(const char *Op, const char *Where) {
  if (independentDepth() == 0)
    return;
  fail(Op,
       "a standard algorithm on a distributed array runs on every rank "
       "together, but it is called inside " +
           runningLoop() +
           ", where ranks run different iterations; call it before or after "
           "the loop",
       Where);
}

void failRemoteWriteInIndependentLoop(const char *Op, const char *Where) {
  fail(Op,
       "an element of a distributed array that another rank owns is "
       "stored inside " +
           runningLoop() +
           ", where only the rank running the iteration makes the store; "
           "store it after the loop or in the loop itself",
       Where);
}

void gatherAll(const plan::DistributionND &D, const void *Local, std::size_t ES,
               void *Out) {
  int W = nranks(), Me = rank();
  std::vector<MPI_Count> Counts(std::size_t(W), 0);
  std::vector<MPI_Aint> Displs(std::size_t(W), 0);
  MPI_Aint Off = 0;
  for (int R = 0; R < W; ++R) {
    Counts[std::size_t(R)] = MPI_Count(localCountOf(D, R)) * MPI_Count(ES);
    Displs[std::size_t(R)] = Off;
    Off += MPI_Aint(Counts[std::size_t(R)]);
  }
  // When the local blocks laid end to end are the whole array (block or
  // (block, *): one run per rank, in rank order), the gather receives in
  // place; else into a buffer copied to the whole run by run.
  bool InPlace = true;
  for (int R = 0; R < W && R < D.procs(); ++R) {
    int Count = 0;
    forEachLocalRun(D, R, [&](index_t G, index_t, index_t) {
      InPlace = InPlace && Count++ == 0 &&
                MPI_Aint(G) * MPI_Aint(ES) == Displs[std::size_t(R)];
    });
  }
  char *O = static_cast<char *>(Out);
  // Not zero-filled: every byte is received.
  std::unique_ptr<char[]> Buf(InPlace ? nullptr : new char[std::size_t(Off)]);
  char *All = InPlace ? O : Buf.get();
  check(MPI_Allgatherv_c(Local, Counts[std::size_t(Me)], MPI_BYTE, All,
                         Counts.data(), Displs.data(), MPI_BYTE, comm()),
        "MPI_Allgatherv", "gather", nullptr);
  if (InPlace)
    return;
  for (int R = 0; R < W && R < D.procs(); ++R) {
    const char *Src = All + Displs[std::size_t(R)];
    forEachLocalRun(D, R, [&](index_t G, index_t L, index_t N) {
      std::memcpy(O + G * index_t(ES), Src + L * index_t(ES),
                  std::size_t(N) * ES);
    });
  }
}

void checkExtentArgument(long long N, index_t Extent, const char *Where) {
  if (N < 0 || N > Extent)
    fail("call",
         "size argument " + std::to_string(N) +
             (N < 0 ? " is negative (or too large)" : "") +
             " for a distributed array of " + std::to_string(Extent) +
             " elements",
         Where);
}

void checkViewRows(const std::vector<long long> &View,
                   const std::vector<index_t> &Array, const char *Where) {
  bool Same = View.size() == Array.size();
  for (std::size_t D = 0; Same && D < View.size(); ++D)
    Same = View[D] == (long long)(Array[D]);
  if (Same)
    return;
  auto Dims = [](const auto &V) {
    std::string S;
    for (auto X : V)
      S += "[" + std::to_string(X) + "]";
    return S;
  };
  fail("view",
       "a view with rows " + Dims(View) +
           " of a distributed array whose rows are " + Dims(Array) +
           " (a view of a distributed array must have its extents but the "
           "first)",
       Where);
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
      // Saturating (k near 2^63): a huge block is never left, so its end
      // and the jump to the next one only need not wrap.
      Begin.BlockEnd = plan::addOrSaturate(Begin.G - L0 % B, B);
      Begin.Jump = plan::mulOrSaturate(index_t(D.procs()) - 1, B);
    }
  }
}

} // namespace hpf
