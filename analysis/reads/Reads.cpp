//===- analysis/reads/Reads.cpp - reads in the mapping the loop needs -----===//
//
// A read-only array of a loop nest whose subscripts are loop indices in
// another order than the home array's (`B[i][j] += A[j][i]`) would be
// gathered whole on every rank. But the elements an iteration reads form a
// mapping of their own: dimension 1 of A indexed by i, the owned index of
// dimension 0 of B, needs dimension 1 of A distributed like dimension 0 of
// B, and its other dimensions not distributed ((*, block) for B (block, *)).
// When A has that mapping (PRK Transpose: A (*, block), B (block, *)) its
// local storage is read directly, with the dimensions swapped, and nothing
// moves; otherwise it is redistributed into a copy with that mapping
// before the loop (hpfcc::realigned: one planned, cached redistribution,
// each element moving at most once, none if the mappings agree at run
// time) and read locally from the copy.
//
//===----------------------------------------------------------------------===//
#include "Expressions.h"
#include "Phases.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/Lex/Lexer.h"

#include <algorithm>

using namespace clang;

namespace hpf::analysis {

using pragma::FormatKind;

namespace {

/// Per dimension of an access of X: the home dimension whose owned index
/// the subscript is (a distributed dimension of the home array, one per
/// dimension, in increasing order, covering all of them), or -1 (the copy
/// holds that dimension whole); with the level of each. Nullopt when the
/// access does not fit.
struct Fit {
  std::vector<int> DimOf, Level;
};
std::optional<Fit> fitOf(const OwnerLoop &L, const LoopAccess &Acc,
                         const std::vector<bool> &HomeDist) {
  const DistArray *X = Acc.Array;
  if (Acc.Subs.Levels.size() != std::size_t(X->rank()))
    return std::nullopt;
  Fit F{std::vector<int>(std::size_t(X->rank()), -1),
        std::vector<int>(std::size_t(X->rank()), -1)};
  int Last = -1, Covered = 0;
  for (int D = 0; D < X->rank(); ++D) {
    const VarDecl *V = bareVar(Acc.Subs.sub(std::size_t(D)));
    for (std::size_t K = 0; V && K < L.Levels.size(); ++K) {
      const NestLevel &Lv = L.Levels[K];
      if (Lv.IndVar != V || Lv.Dim < 0 || !HomeDist[std::size_t(Lv.Dim)])
        continue;
      if (Lv.Dim <= Last ||
          X->Extents[std::size_t(D)] != L.Home->Extents[std::size_t(Lv.Dim)])
        return std::nullopt;
      Last = Lv.Dim;
      ++Covered;
      F.DimOf[std::size_t(D)] = Lv.Dim;
      F.Level[std::size_t(D)] = int(K);
    }
  }
  if (Covered == 0 ||
      Covered != std::count(HomeDist.begin(), HomeDist.end(), true))
    return std::nullopt;
  return F;
}

/// Whether X has, at any rank count, the mapping DimOf asks for: the home
/// array's format in each dimension it names, '*' elsewhere, on the same
/// arrangement (or, constant, the same distribution).
bool alreadyFits(const FlowState &St, DistArray *X, DistArray *H,
                 const std::vector<int> &DimOf) {
  const Mapping *XM = mappingIn(St, X), *HM = mappingIn(St, H);
  if (!XM || !HM)
    return false;
  bool Same =
      XM->Onto == HM->Onto && constantParams(*XM) && constantParams(*HM);
  for (std::size_t D = 0; Same && D < DimOf.size(); ++D)
    Same = DimOf[D] >= 0 ? XM->Formats[D] == HM->Formats[std::size_t(DimOf[D])]
                         : XM->Formats[D].Kind == FormatKind::Collapsed;
  if (Same)
    return true;
  try {
    std::optional<plan::DistributionND> XS =
        staticDistribution(*XM, X->Extents, nullptr);
    std::optional<plan::DistributionND> HS =
        staticDistribution(*HM, H->Extents, nullptr);
    if (!XS || !HS || XM->Onto != HM->Onto)
      return false;
    std::vector<plan::Distribution> Dims;
    for (std::size_t D = 0; D < DimOf.size(); ++D)
      Dims.push_back(DimOf[D] >= 0
                         ? HS->dims()[std::size_t(DimOf[D])]
                         : plan::Distribution::collapsed(X->Extents[D]));
    return XS->sameMapping(plan::DistributionND(Dims, HS->grid()));
  } catch (const plan::PlanError &) {
    return false;
  }
}

/// "A[j][i]" with the subscripts as written.
std::string accessText(ASTContext &Ctx, const LoopAccess &Acc) {
  std::string S = Acc.Array->Name;
  for (std::size_t D = 0; D < Acc.Subs.Levels.size(); ++D) {
    const Expr *E = Acc.Subs.sub(D);
    S += "[" +
         Lexer::getSourceText(
             CharSourceRange::getTokenRange(E->getSourceRange()),
             Ctx.getSourceManager(), Ctx.getLangOpts())
             .str() +
         "]";
  }
  return S;
}

/// "dimension 1 of 'A' like dimension 0 of 'B'" for each named dimension.
std::string likeText(const DistArray *X, const DistArray *H,
                     const std::vector<int> &DimOf) {
  std::string S;
  for (std::size_t D = 0; D < DimOf.size(); ++D)
    if (DimOf[D] >= 0)
      S += (S.empty() ? "" : ", ") + std::string("dimension ") +
           std::to_string(D) + " of '" + X->Name + "' like dimension " +
           std::to_string(DimOf[D]) + " of '" + H->Name + "'";
  return S;
}

} // namespace

namespace {
/// The home array's distributed dimensions, if its mapping is known.
std::optional<std::vector<bool>> homeDistributed(const OwnerLoop &L,
                                                 const FlowState &St) {
  const Mapping *HM = L.Home ? mappingIn(St, L.Home) : nullptr;
  if (!HM)
    return std::nullopt;
  std::vector<bool> HomeDist;
  for (const FormatValue &F : HM->Formats)
    HomeDist.push_back(F.Kind != FormatKind::Collapsed);
  return HomeDist;
}
} // namespace

namespace {
/// The DimOf every access of X fits with, if one does.
std::optional<std::vector<int>> commonFit(const OwnerLoop &L,
                                          const DistArray *X,
                                          const std::vector<bool> &HomeDist) {
  std::optional<std::vector<int>> DimOf;
  for (const LoopAccess &Acc : L.Accesses) {
    if (Acc.Array != X)
      continue;
    std::optional<Fit> F = fitOf(L, Acc, HomeDist);
    if (!F || (DimOf && *DimOf != F->DimOf))
      return std::nullopt;
    DimOf = F->DimOf;
  }
  return DimOf;
}

/// Every access of X local, at the levels its fit names; the first one.
const LoopAccess *makeLocal(OwnerLoop &L, const DistArray *X,
                            const std::vector<bool> &HomeDist) {
  const LoopAccess *First = nullptr;
  for (LoopAccess &Acc : L.Accesses) {
    if (Acc.Array != X)
      continue;
    Acc.Kind = LoopAccess::Local;
    Acc.Segment = fitOf(L, Acc, HomeDist)->Level;
    First = First ? First : &Acc;
  }
  return First;
}
} // namespace

bool realignable(const OwnerLoop &L, const DistArray *X, const FlowState &St) {
  std::optional<std::vector<bool>> HomeDist = homeDistributed(L, St);
  return HomeDist && X->rank() >= 2 &&
         !L.Halos.count(const_cast<DistArray *>(X)) &&
         commonFit(L, X, *HomeDist).has_value();
}

bool ownedLikeHome(Context &C, OwnerLoop &L, const DistArray *X,
                   const FlowState &St) {
  std::optional<std::vector<bool>> HomeDist = homeDistributed(L, St);
  if (!HomeDist || X->rank() < 2 || L.Halos.count(const_cast<DistArray *>(X)))
    return false;
  std::optional<std::vector<int>> DimOf = commonFit(L, X, *HomeDist);
  if (!DimOf || !alreadyFits(St, const_cast<DistArray *>(X), L.Home, *DimOf))
    return false;
  const LoopAccess *First = makeLocal(L, X, *HomeDist);
  C.R.remark(First->Subs.whole()->getBeginLoc(),
             "'" + X->Name +
                 "' is written in place: " + likeText(X, L.Home, *DimOf) +
                 ", so every element an iteration uses is owned by its rank");
  return true;
}

void chooseRealigned(Context &C, OwnerLoop &L, const FlowState &St) {
  DistArray *H = L.Home;
  std::optional<std::vector<bool>> Dist = homeDistributed(L, St);
  if (!Dist)
    return;
  const std::vector<bool> &HomeDist = *Dist;
  // Per array: one DimOf for every access (else nothing).
  std::map<DistArray *, std::optional<std::vector<int>>> Want;
  for (const LoopAccess &Acc : L.Accesses) {
    DistArray *X = Acc.Array;
    if (Acc.Kind != LoopAccess::Gathered || X->rank() < 2 || L.Halos.count(X))
      continue;
    std::optional<Fit> F = fitOf(L, Acc, HomeDist);
    auto [It, New] = Want.try_emplace(X);
    if (!F)
      It->second.reset();
    else if (New)
      It->second = F->DimOf;
    else if (It->second != F->DimOf)
      It->second.reset();
  }
  for (auto &[X, DimOf] : Want) {
    if (!DimOf)
      continue;
    const LoopAccess *First = makeLocal(L, X, HomeDist);
    std::string Like = likeText(X, H, *DimOf);
    SourceLocation At = First->Subs.whole()->getBeginLoc();
    if (alreadyFits(St, X, H, *DimOf)) {
      C.R.remark(At, "'" + accessText(C.Ctx, *First) +
                         "' is read locally: " + Like +
                         ", so every element an iteration reads is owned by "
                         "its rank; nothing moves before the loop");
      continue;
    }
    L.Realigned[X] = *DimOf;
    C.R.remark(At,
               "'" + accessText(C.Ctx, *First) + "' is read from a copy of '" +
                   X->Name +
                   "' redistributed before the loop to the mapping the loop "
                   "reads it with (" +
                   Like +
                   ", the other dimensions '*'): one planned redistribution, "
                   "cached, each rank receiving at most its part instead of a "
                   "copy of all " +
                   std::to_string(X->Extent) + " elements; nothing moves if '" +
                   X->Name + "' has that mapping at run time");
  }
}

} // namespace hpf::analysis
