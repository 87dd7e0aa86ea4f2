//===- mpi/Halo.cpp - neighbour elements for stencil reads ----------------===//
//
// The needs are boxes computed the same way on every rank; the exchange
// moves each piece (a need box intersected with an owner's box) as one
// message described by MPI subarray types on both sides, in the same order
// on both sides, so pieces match without tags of their own.
//
//===----------------------------------------------------------------------===//

#include "mpi/Halo.h"
#include "mpi/HaloBoxes.h"
#include "mpi/InFlight.h"
#include "mpi/Watchdog.h"

#include <mpi.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>

namespace hpf::rt {

namespace {
constexpr int HaloTag = 7411;
} // namespace

Range intersect(Range A, Range B) {
  Range R{std::max(A.first, B.first), std::min(A.second, B.second)};
  if (R.second < R.first)
    R.second = R.first;
  return R;
}

bool empty(const Box &B) {
  for (const Range &R : B)
    if (R.first >= R.second)
      return true;
  return B.empty();
}

Box intersect(const Box &A, const Box &B) {
  Box R(A.size());
  for (std::size_t D = 0; D < A.size(); ++D)
    R[D] = intersect(A[D], B[D]);
  return R;
}

index_t volume(const Box &B) {
  index_t V = 1;
  for (const Range &R : B)
    V *= R.second - R.first;
  return B.empty() ? 0 : V;
}

Box owned(const plan::DistributionND &D, int R) {
  Box B(std::size_t(D.rank()), Range{0, 0});
  if (R < 0 || R >= D.procs())
    return B;
  std::vector<DimMap> Maps = dimMaps(D, R);
  for (std::size_t K = 0; K < B.size(); ++K)
    B[K] = D.dims()[K].range(Maps[K].Coord);
  return B;
}

bool contiguous(const plan::DistributionND &D) {
  for (const plan::Distribution &X : D.dims())
    if (!X.isContiguous())
      return false;
  return true;
}

MPI_Datatype subarray(const Box &Whole, const Box &Part, MPI_Datatype ElemType,
                      const char *Where) {
  const int N = int(Whole.size());
  std::vector<MPI_Count> Sizes(Whole.size()), Subs(Whole.size()),
      Starts(Whole.size());
  for (std::size_t D = 0; D < Whole.size(); ++D) {
    Sizes[D] = Whole[D].second - Whole[D].first;
    Subs[D] = Part[D].second - Part[D].first;
    Starts[D] = Part[D].first - Whole[D].first;
  }
  MPI_Datatype T;
  check(MPI_Type_create_subarray_c(N, Sizes.data(), Subs.data(), Starts.data(),
                                   MPI_ORDER_C, ElemType, &T),
        "MPI_Type_create_subarray", "halo exchange", Where);
  check(MPI_Type_commit(&T), "MPI_Type_commit", "halo exchange", Where);
  return T;
}

/// Copies a box of the row-major box From (bytes at F), at FromPart, into
/// the row-major box To (bytes at O), at ToPart (the same shape): one
/// memcpy per row of the last dimension, the offsets stepped per row (a
/// frame's column is a row of one element per row of the block: no per-row
/// index arithmetic or call for it).
void copyBox(const Box &From, const char *F, const Box &FromPart, const Box &To,
             char *O, const Box &ToPart, index_t ES) {
  const std::size_t N = FromPart.size();
  std::vector<index_t> FS(N), TS(N), Idx(N);
  index_t Fs = ES, Ts = ES, FO = 0, TO = 0;
  for (std::size_t D = N; D-- > 0;) {
    FS[D] = Fs;
    TS[D] = Ts;
    Fs *= From[D].second - From[D].first;
    Ts *= To[D].second - To[D].first;
    Idx[D] = 0;
    FO += (FromPart[D].first - From[D].first) * FS[D];
    TO += (ToPart[D].first - To[D].first) * TS[D];
  }
  const std::size_t Row =
      std::size_t((FromPart[N - 1].second - FromPart[N - 1].first) * ES);
  while (true) {
    if (Row == sizeof(double))
      std::memcpy(O + TO, F + FO, sizeof(double));
    else
      std::memcpy(O + TO, F + FO, Row);
    std::size_t D = N - 1;
    while (D-- > 0) {
      FO += FS[D];
      TO += TS[D];
      if (++Idx[D] < FromPart[D].second - FromPart[D].first)
        break;
      const index_t Back = FromPart[D].second - FromPart[D].first;
      FO -= Back * FS[D];
      TO -= Back * TS[D];
      Idx[D] = 0;
    }
    if (D == std::size_t(-1))
      return;
  }
}

std::vector<Box> subtract(const Box &A, const Box &B) {
  if (empty(A))
    return {};
  if (B.empty() || empty(intersect(A, B)))
    return {A};
  std::vector<Box> Out;
  Box Rest = A;
  for (std::size_t D = 0; D < A.size(); ++D) {
    Box Below = Rest, Above = Rest;
    Below[D] = {Rest[D].first, std::max(Rest[D].first, B[D].first)};
    Above[D] = {std::min(Rest[D].second, B[D].second), Rest[D].second};
    for (const Box *P : {&Below, &Above})
      if (!empty(*P))
        Out.push_back(*P);
    Rest[D] = intersect(Rest[D], B[D]);
  }
  return Out;
}

Box deepInterior(const Box &Mine, const Box &Its, const HaloReads &Rd) {
  Box Deep = Mine;
  for (std::size_t D = 0; D < Mine.size(); ++D) {
    const index_t W = Rd.CMax[D] - Rd.CMin[D];
    const bool None = empty(Its);
    const bool Low = None || Its[D].first < Mine[D].first - Rd.CMin[D];
    const bool High = None || Its[D].second > Mine[D].second - Rd.CMax[D];
    const index_t First = Mine[D].first + (Low ? W : 0);
    Deep[D] = {First, std::max(First, Mine[D].second - (High ? W : 0))};
  }
  return Deep;
}

namespace {

HaloStats &stats() {
  static HaloStats S;
  return S;
}

/// HPF_HALO_REPORT=1: at exit each rank prints the halo bytes it received
/// and the exchanges (kernel-bench's bytes per rank per iteration).
struct Totals {
  long long Bytes = 0, Exchanges = 0;
  int Rank = 0; // MPI may be finalized at exit
};
Totals &totals() {
  static Totals T;
  static const bool Report = [] {
    const char *E = std::getenv("HPF_HALO_REPORT");
    if (E && *E && *E != '0')
      std::atexit([] {
        std::fprintf(stderr,
                     "hpf-halo: rank %d received %lld bytes in %lld "
                     "halo exchanges\n",
                     totals().Rank, totals().Bytes, totals().Exchanges);
      });
    return true;
  }();
  (void)Report;
  return T;
}

/// Free list of halo buffers: a few, the largest kept.
struct Pool {
  std::vector<std::pair<std::size_t, std::unique_ptr<char[]>>> Free;
};
Pool &pool() {
  static Pool P;
  return P;
}

/// One exchange's plan: its messages in posting order (receives, then
/// sends; both sides walk the same boxes in the same order) and the parts
/// of the own block to copy into the halo.
struct ExchangePlan {
  std::size_t ElemSize = 0;
  bool Frame = false, HasOut = false;
  MPI_Datatype Elem = MPI_DATATYPE_NULL;
  std::vector<HaloMessage> Msgs;
  std::vector<Box> Copies;
  HaloStats St; ///< the counts every exchange of this plan has
  std::vector<MPI_Request> Reqs;
  Box Mine; ///< the box of Src this rank owns
  ~ExchangePlan() {
    freeMessages(Msgs);
    int Done = 1;
    MPI_Finalized(&Done);
    if (!Done && Elem != MPI_DATATYPE_NULL)
      MPI_Type_free(&Elem);
  }
};

using Setup = HaloSetup<HaloLayout, ExchangePlan>;

std::vector<std::unique_ptr<Setup>> &setups() {
  static std::vector<std::unique_ptr<Setup>> S;
  return S;
}
long SetUps = 0;

Setup &setupFor(const plan::DistributionND &Src,
                const plan::DistributionND &Home, const HaloReads &Rd) {
  return keptSetup(setups(), Src, Home, Rd, [&] {
    std::unique_ptr<Setup> S(new Setup{Src, Home, Rd, {}, {}});
    HaloLayout &L = S->Layout;
    L.Shape = haloShape(Src, Home, Rd);
    L.Own = haloOwnBox(L.Shape, Src);
    L.InPlace = haloInPlace(L.Shape, Src);
    return S;
  });
}

} // namespace

index_t HaloShape::count() const { return volume(Hull); }

const HaloStats &lastHaloStats() { return stats(); }

long haloSetUps() { return SetUps; }

const HaloLayout &haloLayout(const plan::DistributionND &Src,
                             const plan::DistributionND &Home,
                             const HaloReads &Rd) {
  return setupFor(Src, Home, Rd).Layout;
}

void *acquireHaloBuffer(std::size_t Bytes) {
  auto &F = pool().Free;
  // The smallest free buffer that fits.
  auto Best = F.end();
  for (auto It = F.begin(); It != F.end(); ++It)
    if (It->first >= Bytes && (Best == F.end() || It->first < Best->first))
      Best = It;
  if (Best == F.end())
    return new char[std::max<std::size_t>(Bytes, 1)];
  char *P = Best->second.release();
  F.erase(Best);
  return P;
}

void releaseHaloBuffer(void *P, std::size_t Bytes) {
  auto &F = pool().Free;
  F.emplace_back(std::max<std::size_t>(Bytes, 1),
                 std::unique_ptr<char[]>(static_cast<char *>(P)));
  constexpr std::size_t Keep = 8;
  if (F.size() > Keep) {
    auto Small =
        std::min_element(F.begin(), F.end(), [](const auto &A, const auto &B) {
          return A.first < B.first;
        });
    F.erase(Small);
  }
}

std::vector<Box> haloNeedAround(const Box &Mine,
                                const plan::DistributionND &Src,
                                const HaloReads &Rd) {
  const std::size_t N = std::size_t(Src.rank());
  Box Base(N), Ext(N);
  int Moving = 0;
  for (std::size_t D = 0; D < N; ++D) {
    Base[D] = intersect(Mine[D], {Rd.Lo[D], Rd.Hi[D]});
    if (Base[D].first >= Base[D].second)
      return {};
    const index_t Size = Src.dims()[D].size();
    Ext[D] = intersect(
        {Base[D].first + Rd.CMin[D], Base[D].second + Rd.CMax[D]}, {0, Size});
    Base[D] = intersect(Base[D], {0, Size});
    Moving += Rd.CMin[D] != 0 || Rd.CMax[D] != 0;
  }
  if (empty(Ext))
    return {};
  if (Rd.Corners || Moving < 2)
    return {Ext};
  // No corners: every offset moves in one dimension at most, so offset 0
  // is read in every dimension: the core box plus, per dimension, the slabs
  // below and above it.
  std::vector<Box> Boxes{Base};
  for (std::size_t D = 0; D < N; ++D) {
    Box Below = Base, Above = Base;
    Below[D] = {Ext[D].first, std::max(Ext[D].first, Base[D].first)};
    Above[D] = {std::min(Ext[D].second, Base[D].second), Ext[D].second};
    for (const Box *B : {&Below, &Above})
      if (!empty(*B))
        Boxes.push_back(*B);
  }
  return Boxes;
}

std::vector<Box> haloNeed(const plan::DistributionND &Src,
                          const plan::DistributionND &Home, int R,
                          const HaloReads &Rd) {
  return haloNeedAround(owned(Home, R), Src, Rd);
}

Range haloNeed(const plan::Distribution &Src, const plan::Distribution &Home,
               int R, index_t Lo, index_t Hi, index_t CMin, index_t CMax) {
  HaloReads Rd{{Lo}, {Hi}, {CMin}, {CMax}, true};
  std::vector<Box> B = haloNeed(plan::DistributionND::rank1(Src),
                                plan::DistributionND::rank1(Home), R, Rd);
  return B.empty() ? Range{0, 0} : B.front().front();
}

HaloShape haloShape(const plan::DistributionND &Src,
                    const plan::DistributionND &Home, const HaloReads &Rd) {
  HaloShape S;
  const std::size_t N = std::size_t(Src.rank());
  if (!contiguous(Src) || !contiguous(Home)) {
    S.Gather = true;
    for (std::size_t D = 0; D < N; ++D)
      S.Hull.push_back({0, Src.dims()[D].size()});
    return S;
  }
  std::vector<Box> Need = haloNeed(Src, Home, rank(), Rd);
  S.Hull.assign(N, Range{0, 0});
  if (Need.empty())
    return S;
  S.Hull = Need.front();
  for (const Box &B : Need)
    for (std::size_t D = 0; D < N; ++D)
      S.Hull[D] = {std::min(S.Hull[D].first, B[D].first),
                   std::max(S.Hull[D].second, B[D].second)};
  return S;
}

std::optional<Box> haloInPlace(const HaloShape &S,
                               const plan::DistributionND &Src) {
  if (S.Gather)
    return std::nullopt;
  Box Mine = owned(Src, rank());
  if (empty(Mine) || S.count() == 0)
    return std::nullopt;
  for (std::size_t D = 0; D < Mine.size(); ++D)
    if (S.Hull[D].first < Mine[D].first || S.Hull[D].second > Mine[D].second)
      return std::nullopt;
  // Where another rank holds the same elements (an array replicated over
  // a grid dimension) it sends them too: receive them as before.
  for (int P = 0; P < Src.procs() && P < nranks(); ++P)
    if (P != rank() && !empty(intersect(S.Hull, owned(Src, P))))
      return std::nullopt;
  return Mine;
}

std::optional<Box> haloOwnBox(const HaloShape &S,
                              const plan::DistributionND &Src) {
  if (S.Gather)
    return std::nullopt;
  Box Mine = owned(Src, rank());
  if (empty(Mine))
    return std::nullopt;
  return Mine;
}

/// Plans one exchange (see ExchangePlan): the pieces of my need each other
/// rank owns, the pieces of every other rank's need I own, and the parts of
/// my block to copy (none without Out: the halo reads them in place; with
/// Frame only those outside the deep interior, which no boundary iteration
/// reads).
static std::unique_ptr<ExchangePlan>
planExchange(const HaloShape &S, const plan::DistributionND &Src,
             const plan::DistributionND &Home, const HaloReads &Rd,
             std::size_t ElemSize, bool HasOut, const char *Where, bool Frame) {
  auto Pl = std::make_unique<ExchangePlan>();
  Pl->ElemSize = ElemSize;
  Pl->Frame = Frame;
  Pl->HasOut = HasOut;
  HaloStats &St = Pl->St;
  const int Me = rank(), W = nranks();
  const Box &Mine = Pl->Mine = owned(Src, Me);
  check(MPI_Type_contiguous_c(MPI_Count(ElemSize), MPI_BYTE, &Pl->Elem),
        "MPI_Type_contiguous", "halo exchange", Where);
  auto Post = [&](bool Send, const Box &Whole, const Box &Part, int Peer) {
    Pl->Msgs.push_back({Send, Peer, subarray(Whole, Part, Pl->Elem, Where)});
  };
  const std::vector<Box> Need = haloNeed(Src, Home, Me, Rd);
  // Receives first: the pieces of my need each other rank owns, in box
  // order (the sender walks the same boxes in the same order).
  for (int P = 0; P < Src.procs() && P < W; ++P) {
    if (P == Me)
      continue;
    const Box Theirs = owned(Src, P);
    for (const Box &B : Need) {
      Box Part = intersect(B, Theirs);
      if (empty(Part))
        continue;
      Post(false, S.Hull, Part, P);
      ++St.Recvs;
      St.ElementsReceived += volume(Part);
    }
  }
  // Sends: the pieces of every other rank's need that I own.
  if (!empty(Mine))
    for (int Q = 0; Q < W; ++Q) {
      if (Q == Me)
        continue;
      for (const Box &B : haloNeed(Src, Home, Q, Rd)) {
        Box Part = intersect(B, Mine);
        if (empty(Part))
          continue;
        Post(true, Mine, Part, Q);
        ++St.Sends;
        St.ElementsSent += volume(Part);
      }
    }
  Box Its = owned(Home, Me);
  for (std::size_t D = 0; D < Its.size(); ++D)
    Its[D] = intersect(Its[D], {Rd.Lo[D], Rd.Hi[D]});
  const Box Deep = Frame ? deepInterior(Mine, Its, Rd) : Box{};
  for (const Box &B : HasOut ? Need : std::vector<Box>{})
    for (const Box &Part : subtract(intersect(B, Mine), Deep)) {
      Pl->Copies.push_back(Part);
      St.ElementsCopied += volume(Part);
    }
  return Pl;
}

void haloExchange(const HaloShape &S, const plan::DistributionND &Src,
                  const plan::DistributionND &Home, const HaloReads &Rd,
                  const void *Local, std::size_t ElemSize, void *Out,
                  const char *Where, bool Frame, HaloPending *Pending) {
  init();
  const watchdog_scope Watch("halo exchange", Where); // a dead host: no hang
  HaloStats &St = stats();
  St = HaloStats{};
  if (S.Gather) {
    St.Gathered = true;
    gatherAll(Src, Local, ElemSize, Out);
    return;
  }
  const index_t ES = index_t(ElemSize);
  Setup &Set = setupFor(Src, Home, Rd);
  ExchangePlan *Pl = nullptr;
  for (auto &P : Set.Plans)
    if (P->ElemSize == ElemSize && P->Frame == Frame && P->HasOut == !!Out)
      Pl = P.get();
  if (!Pl) {
    Set.Plans.push_back(
        planExchange(S, Src, Home, Rd, ElemSize, !!Out, Where, Frame));
    Pl = Set.Plans.back().get();
    Pl->St.SetUp = true;
    ++SetUps;
  } else {
    Pl->St.SetUp = false;
  }
  St = Pl->St;
  char *O = static_cast<char *>(Out);
  const char *L = static_cast<const char *>(Local);
  auto CopyOwn = [&] { // my own elements, while the messages travel
    if (O)
      for (const Box &Part : Pl->Copies)
        copyBox(Pl->Mine, L, Part, S.Hull, O, Part, ES);
  };
  if (Pending) {
    // The receives in flight (a set left empty stays free).
    int Slot = -1;
    std::vector<MPI_Request> &Reqs = claimRequests(Slot);
    startExchange(Pl->Msgs, Reqs, L, O, HaloTag, Where, true, CopyOwn);
    if (!Reqs.empty()) {
      Pending->Slot = Slot;
      Pending->Where = Where;
    }
  } else {
    runExchange(Pl->Msgs, Pl->Reqs, L, O, HaloTag, Where, CopyOwn);
  }
  recordHaloExchange(St, ES);
}

void finishHaloExchange(HaloPending &P) {
  finishRequests(P.Slot, "halo exchange", P.Where);
}

void recordHaloExchange(const HaloStats &St, index_t ElemSize) {
  stats() = St;
  totals().Bytes += St.ElementsReceived * ElemSize;
  ++totals().Exchanges;
  totals().Rank = rank();
}

} // namespace hpf::rt
