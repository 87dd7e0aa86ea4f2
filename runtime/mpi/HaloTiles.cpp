//===- mpi/HaloTiles.cpp - halos per block of a block-cyclic mapping -----===//
//
// A cyclic(k) dimension gives each rank many blocks of k indices, so a
// stencil's reads at offsets [cmin, cmax] need ghosts beside every block,
// not beside one box per rank (Halo.cpp). Each block (a tile: one block
// per dimension, the product over the dimensions) is treated as the box of
// a rank of a block mapping: its need is haloNeedAround(tile), held in a
// buffer of its own, and the pieces of that need (cut at the blocks of
// every dimension) come from their owners. With blocks wider than the
// offsets only the neighbouring blocks' owners send, and all pieces between
// two ranks travel as one message, packed in the order both sides
// enumerate the tiles, needs and pieces. Everything is planned once per
// mappings, reads and element size and reused by later loops.
//
//===----------------------------------------------------------------------===//

#include "mpi/Halo.h"
#include "mpi/HaloBoxes.h"
#include "mpi/Watchdog.h"

#include <mpi.h>

#include <algorithm>
#include <map>
#include <memory>

namespace hpf::rt {

namespace {

constexpr int TileTag = 7412;

/// Several blocks per rank in this dimension.
bool manyBlocks(const plan::Distribution &X) {
  return X.isBlockCyclic() && !X.isContiguous();
}

/// The blocks of dimension X at grid coordinate C, in local order.
std::vector<Range> blocksOf(const plan::Distribution &X, int C) {
  if (C < 0)
    return {};
  if (!manyBlocks(X)) {
    auto [Lo, Hi] = X.range(C);
    return {{Lo, Hi}};
  }
  std::vector<Range> Out;
  const index_t B = X.blockSize(), P = X.procs();
  for (index_t Block = C; Block * B < X.size(); Block += P)
    Out.push_back({Block * B, std::min(X.size(), Block * B + B)});
  return Out;
}

/// The tiles of world rank R: per dimension its blocks; tile T is the
/// product, numbered row-major.
struct Tiles {
  std::vector<std::vector<Range>> Blocks;
  std::size_t count() const {
    std::size_t N = Blocks.empty() ? 0 : 1;
    for (const auto &B : Blocks)
      N *= B.size();
    return N;
  }
  Box box(std::size_t T) const {
    Box Out(Blocks.size());
    for (std::size_t D = Blocks.size(); D-- > 0;) {
      Out[D] = Blocks[D][T % Blocks[D].size()];
      T /= Blocks[D].size();
    }
    return Out;
  }
};

Tiles tilesOf(const plan::DistributionND &Src, int R) {
  Tiles T;
  if (R < 0 || R >= Src.procs())
    return T;
  const std::vector<DimMap> Maps = dimMaps(Src, R);
  for (std::size_t D = 0; D < Maps.size(); ++D)
    T.Blocks.push_back(blocksOf(Src.dims()[D], Maps[D].Coord));
  return T;
}

/// The end of the block of X holding index G.
index_t blockEnd(const plan::Distribution &X, index_t G) {
  if (manyBlocks(X))
    return std::min(X.size(), (G / X.blockSize() + 1) * X.blockSize());
  if (X.kind() == plan::DistKind::Collapsed || X.procs() == 1)
    return X.size();
  return X.range(X.owner(G)).second;
}

/// Calls Fn(piece, owner) for the pieces of box B, cut at the blocks of
/// every dimension (each piece lies in one tile of one rank), row-major.
template <class F>
void forPieces(const plan::DistributionND &Src, const Box &B, F Fn) {
  const std::size_t N = B.size();
  std::vector<std::vector<Range>> Cuts(N);
  for (std::size_t D = 0; D < N; ++D)
    for (index_t G = B[D].first; G < B[D].second;) {
      const index_t End = std::min(B[D].second, blockEnd(Src.dims()[D], G));
      Cuts[D].push_back({G, End});
      G = End;
    }
  std::vector<std::size_t> Idx(N, 0);
  for (const auto &C : Cuts)
    if (C.empty())
      return;
  Box Piece(N);
  std::vector<index_t> Corner(N);
  while (true) {
    for (std::size_t D = 0; D < N; ++D) {
      Piece[D] = Cuts[D][Idx[D]];
      Corner[D] = Piece[D].first;
    }
    Fn(Piece, Src.owner(Corner.data()));
    std::size_t D = N;
    while (D-- > 0) {
      if (++Idx[D] < Cuts[D].size())
        break;
      Idx[D] = 0;
    }
    if (D == std::size_t(-1))
      return;
  }
}

/// A piece (inside one block per dimension) in its owner's local storage.
Box localPart(const plan::DistributionND &Src, const Box &Piece) {
  Box L(Piece.size());
  for (std::size_t D = 0; D < Piece.size(); ++D) {
    const index_t First = Src.dims()[D].localIndex(Piece[D].first);
    L[D] = {First, First + (Piece[D].second - Piece[D].first)};
  }
  return L;
}

/// One exchange's plan: per peer, the pieces sent (boxes of the local
/// storage) and received (tile, piece), packed into one contiguous buffer
/// each way, in the order both sides enumerate them; and the pieces of
/// the need this rank owns itself (with Frame, not those in their tile's
/// deep interior, which interior iterations read in place). Packing with
/// copyBox (a memcpy per row) rather than an MPI struct of subarray types:
/// MPICH's datatype engine took 19 % of a rank's time on the rowscyclic
/// kernel with such types.
struct TilePlan {
  std::size_t ElemSize = 0;
  bool Frame = false;
  struct Piece {
    std::size_t Tile; ///< receives: the tile whose hull holds it
    Box From, To;     ///< local storage box (sends) / global piece
  };
  struct Peer {
    int Rank = 0;
    std::vector<Piece> Sends, Recvs;
    std::vector<char> SendBuf, RecvBuf;
  };
  std::vector<Peer> Peers;
  std::vector<HaloMessage> Msgs;
  std::vector<Piece> Copies;
  Box Local; ///< this rank's local storage, in local indices
  HaloStats St;
  std::vector<MPI_Request> Reqs;
  ~TilePlan() { freeMessages(Msgs); }
};

using TileSetup = HaloSetup<TileLayout, TilePlan>;

TileLayout layoutOf(const plan::DistributionND &Src,
                    const plan::DistributionND &Home, const HaloReads &Rd) {
  TileLayout L;
  const std::size_t N = std::size_t(Src.rank());
  bool Ok = Src.sameMapping(Home);
  for (const plan::Distribution &X : Src.dims())
    Ok = Ok && (X.isBlockCyclic() || X.isContiguous());
  if (!Ok) {
    L.Gather = true;
    for (std::size_t D = 0; D < N; ++D)
      L.Whole.push_back({0, Src.dims()[D].size()});
    return L;
  }
  const Tiles T = tilesOf(Src, rank());
  for (std::size_t D = 0; D < N; ++D) {
    const plan::Distribution &X = Src.dims()[D];
    const bool Many = manyBlocks(X);
    L.Block.push_back(Many ? X.blockSize() : 0);
    L.Procs.push_back(Many ? X.procs() : 1);
    L.Count.push_back(T.Blocks.empty() ? 0 : index_t(T.Blocks[D].size()));
  }
  std::vector<index_t> LocalSteps(N, 1);
  if (!T.Blocks.empty()) {
    const std::vector<index_t> Ext = Src.localExtents(rank());
    for (std::size_t D = N - 1; D-- > 0;)
      LocalSteps[D] = LocalSteps[D + 1] * Ext[D + 1];
  }
  for (std::size_t K = 0; K < T.count(); ++K) {
    const Box Own = T.box(K);
    index_t LocalOffset = 0;
    for (std::size_t D = 0; D < N; ++D)
      if (Own[D].first < Own[D].second)
        LocalOffset += Src.dims()[D].localIndex(Own[D].first) * LocalSteps[D];
    L.Boxes.push_back(Own);
    L.LocalOffsets.push_back(LocalOffset);
    const std::vector<Box> Need = haloNeedAround(Own, Src, Rd);
    Box Hull(N, Range{0, 0});
    if (!Need.empty()) {
      Hull = Need.front();
      for (const Box &B : Need)
        for (std::size_t D = 0; D < N; ++D)
          Hull[D] = {std::min(Hull[D].first, B[D].first),
                     std::max(Hull[D].second, B[D].second)};
    }
    L.Hulls.push_back(Hull);
    L.Offsets.push_back(L.Elements);
    L.Elements += volume(Hull);
  }
  return L;
}

std::vector<std::unique_ptr<TileSetup>> &setups() {
  static std::vector<std::unique_ptr<TileSetup>> S;
  return S;
}

TileSetup &setupFor(const plan::DistributionND &Src,
                    const plan::DistributionND &Home, const HaloReads &Rd) {
  return keptSetup(setups(), Src, Home, Rd, [&] {
    return std::unique_ptr<TileSetup>(
        new TileSetup{Src, Home, Rd, layoutOf(Src, Home, Rd), {}});
  });
}

std::unique_ptr<TilePlan> planTiles(const TileSetup &Set, std::size_t ES,
                                    bool Frame) {

  const plan::DistributionND &Src = Set.Src;
  auto Pl = std::make_unique<TilePlan>();
  Pl->ElemSize = ES;
  Pl->Frame = Frame;
  HaloStats &St = Pl->St;
  const int Me = rank(), W = nranks();
  if (Me < Src.procs())
    for (index_t E : Src.localExtents(Me))
      Pl->Local.push_back({0, E});
  std::map<int, TilePlan::Peer> Peers;
  // My tiles' needs: pieces I own are copied, the others received.
  const Tiles Mine = tilesOf(Src, Me);
  for (std::size_t K = 0; K < Mine.count(); ++K) {
    const Box Own = Mine.box(K);
    Box Its = Own;
    for (std::size_t D = 0; D < Its.size(); ++D)
      Its[D] = intersect(Its[D], {Set.Rd.Lo[D], Set.Rd.Hi[D]});
    const Box Deep = Frame ? deepInterior(Own, Its, Set.Rd) : Box{};
    for (const Box &B : haloNeedAround(Own, Src, Set.Rd))
      forPieces(Src, B, [&](const Box &Piece, int Owner) {
        if (Owner == Me) {
          for (const Box &Part : subtract(Piece, Deep)) {
            Pl->Copies.push_back({K, localPart(Src, Part), Part});
            St.ElementsCopied += volume(Part);
          }
          return;
        }
        Peers[Owner].Recvs.push_back({K, {}, Piece});
        St.ElementsReceived += volume(Piece);
      });
  }
  // Every other rank's tiles' needs: the pieces I own are sent, in the
  // order that rank enumerates them.
  for (int Q = 0; Q < W && !Pl->Local.empty(); ++Q) {
    if (Q == Me)
      continue;
    const Tiles Theirs = tilesOf(Src, Q);
    for (std::size_t K = 0; K < Theirs.count(); ++K)
      for (const Box &B : haloNeedAround(Theirs.box(K), Src, Set.Rd))
        forPieces(Src, B, [&](const Box &Piece, int Owner) {
          if (Owner != Me)
            return;
          Peers[Q].Sends.push_back({0, localPart(Src, Piece), Piece});
          St.ElementsSent += volume(Piece);
        });
  }
  auto Bytes = [&](const std::vector<TilePlan::Piece> &Ps) {
    index_t N = 0;
    for (const TilePlan::Piece &P : Ps)
      N += volume(P.To);
    return std::size_t(N) * ES;
  };
  for (auto &[Rank, P] : Peers) {
    P.Rank = Rank;
    P.SendBuf.resize(Bytes(P.Sends));
    P.RecvBuf.resize(Bytes(P.Recvs));
    Pl->Peers.push_back(std::move(P));
  }
  // The buffers stay where they are from here on.
  // In pieces MPI sends eagerly (eagerPiece: a larger message goes by
  // rendezvous, a handshake and a system call per message); the pieces of
  // one peer and direction arrive in order. rowscyclic at -n 2 (127 KB
  // each way per loop), 7 interleaved runs: 1.79 s in 8 KB pieces, 1.90 s
  // whole (HPF_BCAST_PIECE=0).
  const std::size_t Piece = eagerPiece();
  for (TilePlan::Peer &P : Pl->Peers) {
    for (bool Send : {false, true}) {
      std::vector<char> &Buf = Send ? P.SendBuf : P.RecvBuf;
      if (Buf.empty())
        continue;
      forEachPiece(Buf.size(), Piece, [&](std::size_t Off, std::size_t N) {
        Pl->Msgs.push_back(
            {Send, P.Rank, MPI_BYTE, Buf.data() + Off, MPI_Count(N)});
      });
      ++(Send ? St.Sends : St.Recvs);
    }
  }
  return Pl;
}

} // namespace

const TileLayout &tileLayout(const plan::DistributionND &Src,
                             const plan::DistributionND &Home,
                             const HaloReads &Rd) {
  return setupFor(Src, Home, Rd).Layout;
}

void tileExchange(const plan::DistributionND &Src,
                  const plan::DistributionND &Home, const HaloReads &Rd,
                  const void *Local, std::size_t ElemSize, void *Out,
                  const char *Where, bool Frame) {
  init();
  const watchdog_scope Watch("halo exchange", Where); // a dead host: no hang
  TileSetup &Set = setupFor(Src, Home, Rd);
  const TileLayout &Lay = Set.Layout;
  if (Lay.Gather) {
    HaloShape S;
    S.Hull = Lay.Whole;
    S.Gather = true;
    haloExchange(S, Src, Home, Rd, Local, ElemSize, Out, Where);
    return;
  }
  TilePlan *Pl = nullptr;
  for (auto &P : Set.Plans)
    if (P->ElemSize == ElemSize && P->Frame == Frame)
      Pl = P.get();
  const bool New = !Pl;
  if (New) {
    Set.Plans.push_back(planTiles(Set, ElemSize, Frame));
    Pl = Set.Plans.back().get();
  }
  char *O = static_cast<char *>(Out);
  const char *L = static_cast<const char *>(Local);
  const index_t ES = index_t(ElemSize);
  // Pack what each peer needs (a copy per row of each piece), then post.
  for (TilePlan::Peer &P : Pl->Peers) {
    char *To = P.SendBuf.data();
    for (const TilePlan::Piece &Pc : P.Sends) {
      copyBox(Pl->Local, L, Pc.From, Pc.To, To, Pc.To, ES);
      To += volume(Pc.To) * ES;
    }
  }
  runExchange(Pl->Msgs, Pl->Reqs, L, O, TileTag, Where, [&] {
    // My own pieces, while the messages travel.
    for (const TilePlan::Piece &C : Pl->Copies)
      copyBox(Pl->Local, L, C.From, Lay.Hulls[C.Tile],
              O + Lay.Offsets[C.Tile] * ES, C.To, ES);
  });
  for (const TilePlan::Peer &P : Pl->Peers) {
    const char *From = P.RecvBuf.data();
    for (const TilePlan::Piece &Pc : P.Recvs) {
      copyBox(Pc.To, From, Pc.To, Lay.Hulls[Pc.Tile],
              O + Lay.Offsets[Pc.Tile] * ES, Pc.To, ES);
      From += volume(Pc.To) * ES;
    }
  }
  HaloStats St = Pl->St;
  St.SetUp = New;
  recordHaloExchange(St, ES);
}

} // namespace hpf::rt
