//===- analysis/reads/Gathers.cpp - reads served by copies and halos ------===//
//
// A loop reads some arrays at elements other ranks own: from a copy of the
// whole array gathered before the loop, or, for reads at i + c of arrays
// whose distributions may be contiguous, from a halo of neighbouring
// elements. Both cost messages before the loop; the remarks say how much.
//
//===----------------------------------------------------------------------===//
#include "Expressions.h"
#include "Phases.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"

#include <algorithm>

using namespace clang;

namespace hpf::analysis {

using pragma::FormatKind;

namespace {

/// The loop index running over each dimension of the home array (rank 1:
/// the directive's loop, unless OwnLevel asks for a level over the
/// dimension itself).
std::vector<const VarDecl *> levelIndices(const OwnerLoop &L,
                                          bool OwnLevel = false) {
  const int Rank = L.Home->rank();
  std::vector<const VarDecl *> IV(std::size_t(Rank), nullptr);
  for (const NestLevel &Lv : L.Levels)
    if (Lv.Dim >= 0 && Lv.Dim < Rank)
      IV[std::size_t(Lv.Dim)] = Lv.IndVar;
  if (Rank == 1 && !IV[0] && !OwnLevel)
    IV[0] = L.Levels.front().IndVar;
  return IV;
}

/// The offset of subscript Idx from the level index IV (null: none).
std::optional<int64_t> offsetOf(ASTContext &Ctx, const Expr *Idx,
                                const VarDecl *IV) {
  if (!IV)
    return std::nullopt;
  const auto *Ref = dyn_cast<DeclRefExpr>(Idx->IgnoreParenImpCasts());
  if (Ref && Ref->getDecl() == IV)
    return 0;
  return offsetFrom(Ctx, Idx, IV);
}

/// Records the halo of every gathered array all of whose accesses Fits:
/// Fits(access, offsets, whole) gives per dimension the offset from the
/// level's index, or Whole for a '*' dimension read at any subscript.
/// An array with one access that does not fit keeps its gather.
template <class FitsFn>
void collectHalos(OwnerLoop &L, bool Tiles, FitsFn Fits) {
  const std::size_t Rank = std::size_t(L.Home->rank());
  std::set<DistArray *> No;
  for (const LoopAccess &G : L.Accesses) {
    if (G.Kind != LoopAccess::Gathered || No.count(G.Array))
      continue;
    std::vector<long long> Off;
    std::vector<bool> Whole;
    if (!Fits(G, Off, Whole)) {
      No.insert(G.Array);
      L.Halos.erase(G.Array);
      continue;
    }
    auto [It, New] = L.Halos.try_emplace(G.Array);
    HaloWidths &W = It->second;
    if (New) {
      W.Lo = W.Hi = Off;
      W.Whole.assign(Rank, false);
      W.Tiles = Tiles;
    }
    for (std::size_t D = 0; D < Rank; ++D) {
      W.Lo[D] = std::min(W.Lo[D], Off[D]);
      W.Hi[D] = std::max(W.Hi[D], Off[D]);
      W.Whole[D] = W.Whole[D] || Whole[D];
    }
    // Whole dimensions have offset 0: they make no corner.
    W.Corners |= std::count_if(Off.begin(), Off.end(),
                               [](long long C) { return C != 0; }) > 1;
  }
  for (auto &[A, W] : L.Halos)
    for (std::size_t D = 0; D < W.Whole.size(); ++D)
      if (W.Whole[D])
        W.Lo[D] = W.Hi[D] = 0;
}

/// Halos per block for a home array whose known mapping has cyclic(k)
/// dimensions: arrays with the same mapping and extents, read at a
/// level's index plus a constant in every distributed dimension (any
/// subscript in a '*' one), the offsets smaller than k on either side of
/// every cyclic dimension.
void chooseTileHalos(ASTContext &Ctx, OwnerLoop &L, const FlowState &St,
                     const Mapping &HomeMap) {
  const int Rank = L.Home->rank();
  // The views of the blocks are taken in the levels' segments.
  const std::vector<const VarDecl *> IV = levelIndices(L, true);
  collectHalos(L, true,
               [&](const LoopAccess &G, std::vector<long long> &Off,
                   std::vector<bool> &Whole) {
                 const Mapping *M = mappingIn(St, G.Array);
                 bool Ok = M && *M == HomeMap &&
                           G.Array->Extents == L.Home->Extents &&
                           G.Subs.Levels.size() == std::size_t(Rank);
                 for (std::size_t D = 0; Ok && D < std::size_t(Rank); ++D) {
                   const FormatValue &F = HomeMap.Formats[D];
                   const std::optional<int64_t> C =
                       offsetOf(Ctx, G.Subs.sub(D), IV[D]);
                   const bool Star = F.Kind == FormatKind::Collapsed;
                   Ok = C.has_value() || (Star && Rank > 1);
                   if (Ok && F.Kind == FormatKind::Cyclic)
                     Ok = C && (F.HasParam ? F.Param.known() : true) &&
                          std::llabs(*C) < (F.HasParam ? *F.Param.Const : 1);
                   Whole.push_back(!C.has_value());
                   Off.push_back(C.value_or(0));
                 }
                 return Ok;
               });
}

} // namespace

/// Gathered arrays read only at constant offsets from the loop index of the
/// same dimension (A[i + c] for rank 1, A[i + a][j + b] for rank 2, ...)
/// get a halo when the loop's and the array's mappings may be contiguous in
/// every dimension (block, block(k), gen_block, '*', or not known here: the
/// runtime gathers if they are not). Cyclic and indirect keep the gather.
/// A dimension that is '*' in the known mappings of both the array and the
/// home array (the home's at least as long) may be read at any subscript:
/// HPF's shadow widths are 0 there, every rank holds it whole.
/// An array with the home array's own cyclic(k) mapping (known here, k a
/// constant larger than the offsets on either side, so that a block's
/// ghosts come from the blocks beside it) gets a halo per block instead.
void chooseHalos(ASTContext &Ctx, OwnerLoop &L, const FlowState &St) {
  if (!L.Home)
    return;
  const Mapping *HomeMap = mappingIn(St, L.Home);
  // Cyclic formats of the home mapping, none indirect or unknown.
  auto Tiled = [&](const Mapping *M) {
    bool Any = false;
    for (const auto &F : M->Formats) {
      if (F.Kind == FormatKind::Cyclic)
        Any = true;
      else if (F.Kind != FormatKind::Block && F.Kind != FormatKind::GenBlock &&
               F.Kind != FormatKind::Collapsed)
        return false;
    }
    return Any;
  };
  if (HomeMap && Tiled(HomeMap)) {
    chooseTileHalos(Ctx, L, St, *HomeMap);
    return;
  }
  auto MayBeContiguous = [&](DistArray *A) {
    auto It = St.find(A);
    if (It == St.end() || !It->second)
      return true; // not known here: the runtime decides
    for (const auto &F : It->second->Formats)
      if (F.Kind != FormatKind::Block && F.Kind != FormatKind::GenBlock &&
          F.Kind != FormatKind::Collapsed)
        return false;
    return true;
  };
  auto Collapsed = [&](DistArray *A, std::size_t D) {
    const Mapping *M = mappingIn(St, A);
    return M && D < M->Formats.size() &&
           M->Formats[D].Kind == FormatKind::Collapsed;
  };
  if (!MayBeContiguous(L.Home))
    return;
  const int Rank = L.Home->rank();
  const std::vector<const VarDecl *> IV = levelIndices(L);
  collectHalos(L, false,
               [&](const LoopAccess &G, std::vector<long long> &Off,
                   std::vector<bool> &Whole) {
                 bool Ok = G.Array->rank() == Rank &&
                           MayBeContiguous(G.Array) &&
                           G.Subs.Levels.size() == std::size_t(Rank);
                 for (int D = 0; Ok && D < Rank; ++D) {
                   const std::size_t UD = std::size_t(D);
                   const std::optional<int64_t> C =
                       offsetOf(Ctx, G.Subs.sub(UD), IV[UD]);
                   const bool AnyOk =
                       Rank > 1 && Collapsed(G.Array, UD) &&
                       Collapsed(L.Home, UD) && G.Array->Extents[UD] >= 0 &&
                       L.Home->Extents[UD] >= G.Array->Extents[UD];
                   Ok = C.has_value() || AnyOk;
                   Whole.push_back(!C.has_value());
                   Off.push_back(C.value_or(0));
                 }
                 return Ok;
               });
}

namespace {

/// "i - 1 .. i + 1", "i + 2".
std::string offsetsText(const std::string &I, long long Lo, long long Hi) {
  auto One = [&](long long C) {
    return C == 0  ? I
           : C < 0 ? I + " - " + std::to_string(-C)
                   : I + " + " + std::to_string(C);
  };
  return Lo == Hi ? One(Lo) : One(Lo) + " .. " + One(Hi);
}

/// The constant mapping of X in St, if any.
std::optional<plan::DistributionND> knownND(const FlowState &St, DistArray *X) {
  const Mapping *M = mappingIn(St, X);
  if (!M)
    return std::nullopt;
  try {
    return staticDistribution(*M, X->Extents, nullptr);
  } catch (const plan::PlanError &) {
    return std::nullopt;
  }
}

/// Rank 1: "a halo of 1 element below and 1 above its block from the
/// nearest owners (16 bytes per rank)".
std::string rank1Halo(const HaloWidths &W, long long ES) {
  long long Below = std::max(0LL, -W.Lo[0]), Above = std::max(0LL, W.Hi[0]);
  std::string Parts;
  if (Below)
    Parts =
        std::to_string(Below) + " element" + (Below > 1 ? "s" : "") + " below";
  if (Above)
    Parts += (Parts.empty() ? "" : " and ") + std::to_string(Above) +
             (Parts.empty() ? std::string(" element") + (Above > 1 ? "s" : "")
                            : std::string()) +
             " above";
  return "a halo of " + Parts + " its block from the nearest owners (" +
         std::to_string((Below + Above) * ES) + " bytes per rank)";
}

/// The ghosts of a box of extents B widened by Wd per dimension: the whole
/// border with corners, else the slabs beside each face.
long long ghostElements(const std::vector<long long> &B,
                        const std::vector<long long> &Wd, bool Corners) {
  long long All = 1, Core = 1, Slabs = 0;
  for (std::size_t K = 0; K < B.size(); ++K) {
    All *= B[K] + Wd[K];
    Core *= B[K];
    long long Slab = Wd[K];
    for (std::size_t E = 0; E < B.size(); ++E)
      if (E != K)
        Slab *= B[E];
    Slabs += Slab;
  }
  return Corners ? All - Core : Slabs;
}

/// Rank N: "a halo of (1, 1) elements below and (1, 1) above its block
/// ('*' dimensions: 0, every rank holds them),
/// without corners, from its grid neighbours (at most 16400 bytes per
/// rank)"; the bytes when the mapping is constant: the largest block's
/// border in the distributed dimensions ('*' dimensions need none).
std::string rankNHalo(const HaloWidths &W, long long ES, const Mapping *M,
                      const std::optional<plan::DistributionND> &D) {
  std::string Below, Above;
  for (std::size_t K = 0; K < W.Lo.size(); ++K) {
    bool Whole = M && M->Formats.size() == W.Lo.size() &&
                 M->Formats[K].Kind == FormatKind::Collapsed;
    Below +=
        (K ? ", " : "") + std::to_string(Whole ? 0 : std::max(0LL, -W.Lo[K]));
    Above +=
        (K ? ", " : "") + std::to_string(Whole ? 0 : std::max(0LL, W.Hi[K]));
  }
  std::string Msg = "a halo of (" + Below + ") elements below and (" + Above +
                    ") above its block, " + (W.Corners ? "with" : "without") +
                    " corners, from its grid neighbours";
  if (!D)
    return Msg;
  std::vector<long long> B(W.Lo.size(), 0), Wd(W.Lo.size(), 0);
  for (int R = 0; R < D->procs(); ++R) {
    std::vector<plan::Index> E = D->localExtents(R);
    for (std::size_t K = 0; K < B.size(); ++K)
      B[K] = std::max<long long>(B[K], E[K]);
  }
  for (std::size_t K = 0; K < B.size(); ++K)
    if (D->dims()[K].procs() > 1 &&
        D->dims()[K].kind() != plan::DistKind::Collapsed)
      Wd[K] = std::max(0LL, -W.Lo[K]) + std::max(0LL, W.Hi[K]);
  return Msg + " (at most " +
         std::to_string(ghostElements(B, Wd, W.Corners) * ES) +
         " bytes per rank)";
}

/// Per block of a cyclic(k) mapping: "a halo of (1, 0) elements below and
/// (1, 0) above each of its blocks ((cyclic(8), *) onto P(4)), from the owners
/// of the blocks beside it (at most 4096 bytes per rank)"; the bytes when the
/// mapping is constant: the ghosts of every block of the rank with the
/// most blocks ('*' dimensions need none).
std::string tileHalo(const HaloWidths &W, long long ES, const Mapping &M,
                     const std::optional<plan::DistributionND> &D) {
  std::string Below, Above;
  for (std::size_t K = 0; K < W.Lo.size(); ++K) {
    Below += (K ? ", " : "") + std::to_string(std::max(0LL, -W.Lo[K]));
    Above += (K ? ", " : "") + std::to_string(std::max(0LL, W.Hi[K]));
  }
  const bool Rank1 = W.Lo.size() == 1;
  std::string Msg =
      Rank1 ? "a halo of " + Below + " below and " + Above +
                  " above each of its blocks (" + M.describe() + ")"
            : "a halo of (" + Below + ") elements below and (" + Above +
                  ") above each of its blocks (" + M.describe() + ")";
  if (!Rank1)
    Msg += std::string(", ") + (W.Corners ? "with" : "without") + " corners";
  Msg += ", from the owners of the blocks beside it";
  if (!D)
    return Msg;
  // Ghosts of one tile (its blocks' extents, k in a cyclic dimension)
  // times the tiles of the rank with the most.
  long long Most = 0;
  for (int R = 0; R < D->procs(); ++R) {
    long long Tiles = 1;
    std::vector<long long> B, Wd;
    for (std::size_t K = 0; K < W.Lo.size(); ++K) {
      const plan::Distribution &X = D->dims()[K];
      const long long Local = D->localExtents(R)[K];
      const bool Many = X.isBlockCyclic() && !X.isContiguous();
      const long long Ext =
          Many ? std::min<long long>(X.blockSize(), Local) : Local;
      Tiles *= Many && Ext ? (Local + Ext - 1) / Ext : 1;
      B.push_back(Ext);
      Wd.push_back(X.kind() == plan::DistKind::Collapsed || X.procs() == 1
                       ? 0
                       : std::max(0LL, -W.Lo[K]) + std::max(0LL, W.Hi[K]));
    }
    Most = std::max(Most, Tiles * ghostElements(B, Wd, W.Corners));
  }
  return Msg + " (at most " + std::to_string(Most * ES) + " bytes per rank)";
}

} // namespace

/// What a gathered read (or a halo) costs, once per array and loop.
void remarkGathers(Context &C, const OwnerLoop &L, const FlowState &St) {
  ASTContext &Ctx = C.Ctx;
  Reporter &R = C.R;
  std::set<DistArray *> Done;
  for (const LoopAccess &G : L.Accesses) {
    if (G.Kind != LoopAccess::Gathered || L.Fetched.count(G.Subs.whole()) ||
        L.Needed.count(G.Array) || !Done.insert(G.Array).second)
      continue;
    const Expr *E = G.Subs.whole();
    QualType ET = G.Array->Var->getType().getNonReferenceType();
    while (const ArrayType *AT = Ctx.getAsArrayType(ET))
      ET = AT->getElementType();
    long long ES = Ctx.getTypeSizeInChars(ET).getQuantity();
    if (auto H = L.Halos.find(G.Array); H != L.Halos.end()) {
      const HaloWidths &W = H->second;
      const Mapping *MA = mappingIn(St, G.Array), *MH = mappingIn(St, L.Home);
      std::optional<plan::DistributionND> DA = knownND(St, G.Array),
                                          DH = knownND(St, L.Home);
      // Same array, same mapping (also with run-time parameters), or the
      // same distribution: the halo comes from the neighbours.
      bool Aligned =
          G.Array == L.Home ||
          (MA && MH && *MA == *MH && G.Array->Extents == L.Home->Extents) ||
          (DA && DH && DA->sameMapping(*DH));
      const int Rank = G.Array->rank();
      std::vector<std::string> IVs(static_cast<std::size_t>(Rank));
      for (const NestLevel &Lv : L.Levels)
        if (Lv.Dim >= 0 && Lv.Dim < Rank)
          IVs[std::size_t(Lv.Dim)] = Lv.IndVar->getName().str();
      if (Rank == 1 && IVs[0].empty())
        IVs[0] = L.Levels.front().IndVar->getName().str();
      std::string Msg = "'" + G.Array->Name + "' is read at ";
      for (int K = 0; K < Rank; ++K)
        Msg += (K ? ", " : "") +
               (W.whole(std::size_t(K))
                    ? std::string("any index")
                    : offsetsText(IVs[std::size_t(K)], W.Lo[std::size_t(K)],
                                  W.Hi[std::size_t(K)]));
      // Sent before the loop; a halo read through runs (codegen's
      // halo_split) is received while the interior runs, any other before
      // the loop: "sent before the loop" is true of both.
      Msg += ": each rank receives ";
      if (W.Tiles) {
        Msg += tileHalo(W, ES, *MA, DA);
      } else if (Aligned) {
        Msg +=
            Rank == 1 ? rank1Halo(W, ES) : rankNHalo(W, ES, MA, DA ? DA : DH);
      } else if (Rank == 1) {
        auto Shift = [](long long K) {
          return K == 0  ? std::string()
                 : K < 0 ? " - " + std::to_string(-K)
                         : " + " + std::to_string(K);
        };
        Msg += "the elements [s" + Shift(W.Lo[0]) + ", e" + Shift(W.Hi[0]) +
               ") for its part [s, e) of '" + L.Home->Name +
               "' from the ranks that own them";
      } else {
        Msg += "the box its part of '" + L.Home->Name +
               "' reads at these offsets from the ranks that own it";
      }
      Msg += ", sent before the loop, instead of a copy of all " +
             (G.Array->runtimeExtent() ? std::string("its")
                                       : std::to_string(G.Array->Extent)) +
             " elements";
      // Kinds known here are block-like (chooseHalos); unknown ones are
      // checked at run time.
      if (!MA || !MH)
        Msg += "; if a distribution is not contiguous at run time, the "
               "whole array is gathered";
      R.remark(E->getBeginLoc(), Msg);
      continue;
    }
    long long Bytes = static_cast<long long>(G.Array->Extent) * ES;
    if (G.Array->runtimeExtent()) {
      R.remark(E->getBeginLoc(),
               "'" + G.Array->Name +
                   "' is read at subscripts that are not aligned with the "
                   "loop: before the loop all its elements (a number known "
                   "at run time) are gathered on every rank (one "
                   "MPI_Allgatherv)");
      continue;
    }
    R.remark(E->getBeginLoc(),
             "'" + G.Array->Name +
                 "' is read at subscripts that are not "
                 "aligned with the loop: before the loop its " +
                 std::to_string(G.Array->Extent) +
                 " elements are gathered on every rank (one MPI_Allgatherv, " +
                 std::to_string(Bytes) + " bytes per rank)");
  }
}

} // namespace hpf::analysis
