//===- analysis/Gathers.cpp - reads served by copies and halos -----------===//
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

/// Gathered arrays read only at i + c (constant c) get a halo when the
/// loop's and the array's distributions may be contiguous (block,
/// block(k), gen_block, or not known here: the runtime gathers if they are
/// not). Cyclic and indirect keep the gather.
void chooseHalos(ASTContext &Ctx, OwnerLoop &L, const FlowState &St) {
  auto MayBeContiguous = [&](DistArray *A) {
    auto It = St.find(A);
    if (It == St.end() || !It->second)
      return true; // not known here: the runtime decides
    if (It->second->Formats.size() != 1)
      return false;
    FormatKind K = It->second->Formats[0].Kind;
    return K == FormatKind::Block || K == FormatKind::GenBlock;
  };
  // One-dimensional arrays only (hpf::halo is 1-D).
  auto OneD = [&](DistArray *A) {
    const ArrayType *AT =
        Ctx.getAsArrayType(A->Var->getType().getNonReferenceType());
    return AT && !AT->getElementType()->isArrayType();
  };
  if (!L.Home || !OneD(L.Home) || !MayBeContiguous(L.Home))
    return;
  const VarDecl *IV = L.Levels.front().IndVar;
  std::set<DistArray *> No;
  for (const LoopAccess &G : L.Accesses) {
    if (G.Kind != LoopAccess::Gathered || No.count(G.Array))
      continue;
    const Expr *Idx = G.Subs.whole()->getIdx();
    std::optional<int64_t> C;
    const auto *Ref = dyn_cast<DeclRefExpr>(Idx->IgnoreParenImpCasts());
    if (Ref && Ref->getDecl() == IV)
      C = 0;
    else
      C = offsetFrom(Ctx, Idx, IV);
    if (!C || !OneD(G.Array) || !MayBeContiguous(G.Array)) {
      No.insert(G.Array);
      L.Halos.erase(G.Array);
      continue;
    }
    auto [It, New] = L.Halos.try_emplace(G.Array, *C, *C);
    It->second.first = std::min<long long>(It->second.first, *C);
    It->second.second = std::max<long long>(It->second.second, *C);
  }
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

} // namespace

/// What a gathered read (or a halo) costs, once per array and loop.
void remarkGathers(Context &C, const OwnerLoop &L, const FlowState &St) {
  ASTContext &Ctx = C.Ctx;
  Reporter &R = C.R;
  std::set<DistArray *> Done;
  for (const LoopAccess &G : L.Accesses) {
    if (G.Kind != LoopAccess::Gathered || !Done.insert(G.Array).second)
      continue;
    const ArraySubscriptExpr *E = G.Subs.whole();
    QualType ET = G.Array->Var->getType().getNonReferenceType();
    while (const ArrayType *AT = Ctx.getAsArrayType(ET))
      ET = AT->getElementType();
    long long ES = Ctx.getTypeSizeInChars(ET).getQuantity();
    if (auto H = L.Halos.find(G.Array); H != L.Halos.end()) {
      long long CMin = H->second.first, CMax = H->second.second;
      const Mapping *MA = mappingIn(St, G.Array), *MH = mappingIn(St, L.Home);
      std::optional<plan::Distribution> DA = knownDistribution(St, G.Array),
                                        DH = knownDistribution(St, L.Home);
      // Same array, same mapping (also with run-time parameters), or the
      // same distribution: the halo comes from the neighbours.
      bool Aligned =
          G.Array == L.Home ||
          (MA && MH && *MA == *MH && G.Array->Extent == L.Home->Extent) ||
          (DA && DH && DA->sameMapping(*DH));
      std::string I = L.Levels.front().IndVar->getName().str();
      std::string Msg = "'" + G.Array->Name + "' is read at " +
                        offsetsText(I, CMin, CMax) +
                        ": before the loop each rank receives ";
      if (Aligned) {
        long long Below = std::max(0LL, -CMin), Above = std::max(0LL, CMax);
        std::string Parts;
        if (Below)
          Parts = std::to_string(Below) + " element" + (Below > 1 ? "s" : "") +
                  " below";
        if (Above)
          Parts +=
              (Parts.empty() ? "" : " and ") + std::to_string(Above) +
              (Parts.empty() ? std::string(" element") + (Above > 1 ? "s" : "")
                             : std::string()) +
              " above";
        Msg += "a halo of " + Parts + " its block from the nearest owners (" +
               std::to_string((Below + Above) * ES) + " bytes per rank)";
      } else {
        auto Shift = [](long long K) {
          return K == 0  ? std::string()
                 : K < 0 ? " - " + std::to_string(-K)
                         : " + " + std::to_string(K);
        };
        Msg += "the elements [s" + Shift(CMin) + ", e" + Shift(CMax) +
               ") for its part [s, e) of '" + L.Home->Name +
               "' from the ranks that own them";
      }
      Msg += " instead of a copy of all " + std::to_string(G.Array->Extent) +
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
