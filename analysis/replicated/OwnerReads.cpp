//===- analysis/replicated/OwnerReads.cpp - reads one owner evaluates -----===//
//
// Every element read of replicated code is a broadcast from its owner
// (A.get_at). When several reads in one expression provably have the same
// owner -- the same array, equal subscripts in every dimension that may be
// distributed -- and the expression around them has no side effects, the
// owner can evaluate the whole expression and broadcast its value: one
// broadcast instead of one per read. Gaussian elimination's back
// substitution `X[k] = M[k][N] / M[k][k]` with M (cyclic, *) is the case
// that made it worth doing (two broadcasts per step became one).
//
// The expression chosen is the innermost one holding every read of such a
// group; it must be a prvalue of arithmetic or enumeration type (a value
// the runtime can broadcast as bytes), written outside macros, inside a
// function body (the generated lambda captures by reference), and hold no
// other access to a distributed array.
//
//===----------------------------------------------------------------------===//
#include "Phases.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ParentMapContext.h"
#include "llvm/ADT/FoldingSet.h"

#include <algorithm>
#include <map>

using namespace clang;

namespace hpf::analysis {

namespace {

/// E and its ancestors that are expressions, innermost first.
std::vector<const Expr *> exprChain(ASTContext &Ctx, const Expr *E) {
  std::vector<const Expr *> Chain{E};
  for (;;) {
    auto Ps = Ctx.getParents(*Chain.back());
    const Expr *Par = Ps.size() == 1 ? Ps[0].get<Expr>() : nullptr;
    if (!Par)
      return Chain;
    Chain.push_back(Par);
  }
}

/// True if the statement holding Top stands in a function body (and not,
/// e.g., in a namespace-scope variable's initializer, where a lambda may
/// not capture by reference).
bool inFunctionBody(ASTContext &Ctx, const Expr *Top) {
  DynTypedNode N = DynTypedNode::create(*Top);
  for (int Depth = 0; Depth < 256; ++Depth) {
    auto Ps = Ctx.getParents(N);
    if (Ps.size() != 1)
      return false;
    N = Ps[0];
    if (N.get<Stmt>())
      continue;
    if (const auto *VD = N.get<VarDecl>()) {
      if (!VD->isLocalVarDecl())
        return false;
      continue;
    }
    return N.get<FunctionDecl>() != nullptr;
  }
  return false;
}

bool sameExpr(ASTContext &Ctx, const Expr *A, const Expr *B) {
  llvm::FoldingSetNodeID IA, IB;
  A->IgnoreParenImpCasts()->Profile(IA, Ctx, /*Canonical=*/true);
  B->IgnoreParenImpCasts()->Profile(IB, Ctx, /*Canonical=*/true);
  return IA == IB;
}

/// True if the reads A and B of one array have the same owner whatever the
/// subscripts' values: equal subscripts in every dimension that may be
/// distributed (a fixed mapping's `*` dimensions are not).
bool sameOwner(ASTContext &Ctx, const ElementAccess &A,
               const ElementAccess &B) {
  const DistArray &Arr = *A.Array;
  const bool Fixed = !Arr.Dynamic && !Arr.Inherited &&
                     int(Arr.Initial.Formats.size()) == Arr.rank();
  for (int D = 0; D < Arr.rank(); ++D) {
    if (Fixed && Arr.Initial.Formats[std::size_t(D)].Kind ==
                     pragma::FormatKind::Collapsed)
      continue;
    if (!sameExpr(Ctx, A.Subs.sub(std::size_t(D)), B.Subs.sub(std::size_t(D))))
      return false;
  }
  return true;
}

bool broadcastable(ASTContext &Ctx, const Expr *V) {
  if (V->isInstantiationDependent() || !V->isPRValue())
    return false;
  QualType T = V->getType().getCanonicalType();
  if (!T->isArithmeticType() && !T->isEnumeralType())
    return false;
  if (V->HasSideEffects(Ctx, /*IncludePossibleEffects=*/true))
    return false;
  return V->getBeginLoc().isFileID() && V->getEndLoc().isFileID();
}

} // namespace

void groupOwnerReads(ASTContext &Ctx, Program &P) {
  // The chain of every element access, reads and writes alike: a group's
  // expression may hold no access outside the group.
  std::vector<std::vector<const Expr *>> Chains;
  Chains.reserve(P.Elements.size());
  for (const ElementAccess &El : P.Elements)
    Chains.push_back(exprChain(Ctx, El.Expr));
  // Reads by their full expression (the chain's outermost expression).
  std::map<const Expr *, std::vector<std::size_t>> ByTop;
  for (std::size_t I = 0; I < P.Elements.size(); ++I)
    if (P.Elements[I].Kind == ElementAccess::Read &&
        P.Elements[I].Member.empty() && Chains[I].size() > 1)
      ByTop[Chains[I].back()].push_back(I);
  for (auto &[Top, Reads] : ByTop) {
    if (Reads.size() < 2 || !inFunctionBody(Ctx, Top))
      continue;
    std::vector<bool> Taken(Reads.size(), false);
    for (std::size_t A = 0; A < Reads.size(); ++A) {
      if (Taken[A])
        continue;
      const ElementAccess &First = P.Elements[Reads[A]];
      std::vector<std::size_t> Group{Reads[A]};
      for (std::size_t B = A + 1; B < Reads.size(); ++B) {
        const ElementAccess &Other = P.Elements[Reads[B]];
        if (!Taken[B] && Other.Array == First.Array &&
            sameOwner(Ctx, First, Other)) {
          Group.push_back(Reads[B]);
          Taken[B] = true;
        }
      }
      if (Group.size() < 2)
        continue;
      // No read of the group in another's subscripts (the owner's
      // subscripts are copied as written).
      bool Nested = false;
      for (std::size_t G : Group)
        for (std::size_t H : Group)
          Nested |= G != H && std::find(Chains[G].begin(), Chains[G].end(),
                                        P.Elements[H].Expr) != Chains[G].end();
      if (Nested)
        continue;
      // The innermost expression above every read of the group.
      const Expr *Value = nullptr;
      for (const Expr *Cand : Chains[Group[0]]) {
        bool InAll = Cand != First.Expr;
        for (std::size_t G = 1; G < Group.size() && InAll; ++G)
          InAll = std::find(Chains[Group[G]].begin(), Chains[Group[G]].end(),
                            Cand) != Chains[Group[G]].end();
        if (InAll) {
          Value = Cand;
          break;
        }
      }
      if (!Value || !broadcastable(Ctx, Value))
        continue;
      // No other distributed access inside (nested reads in subscripts,
      // other arrays, other owners, writes).
      bool Alone = true;
      for (std::size_t I = 0; I < P.Elements.size() && Alone; ++I)
        if (std::find(Group.begin(), Group.end(), I) == Group.end())
          Alone = std::find(Chains[I].begin(), Chains[I].end(), Value) ==
                  Chains[I].end();
      if (!Alone)
        continue;
      OwnerValue OV;
      OV.Value = Value;
      for (std::size_t G : Group)
        OV.Reads.push_back(P.Elements[G].Expr);
      P.OwnerValues.push_back(std::move(OV));
    }
  }
}

} // namespace hpf::analysis
