//===- analysis/Expressions.cpp - questions about expressions -------------===//
#include "Expressions.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"

using namespace clang;

namespace hpf::analysis {

const Expr *Subscripts::base() const { return Levels.front()->getBase(); }
const Expr *Subscripts::sub(std::size_t D) const { return Levels[D]->getIdx(); }

const DeclRefExpr *subscriptChain(const ArraySubscriptExpr *E, Subscripts &S) {
  std::vector<const ArraySubscriptExpr *> Rev;
  for (const ArraySubscriptExpr *Cur = E;;) {
    Rev.push_back(Cur);
    const Expr *B = Cur->getBase()->IgnoreParenImpCasts();
    if (const auto *Inner = dyn_cast<ArraySubscriptExpr>(B);
        Inner && B->getType()->isArrayType()) {
      Cur = Inner;
      continue;
    }
    S.Levels.assign(Rev.rbegin(), Rev.rend());
    return dyn_cast<DeclRefExpr>(B);
  }
}

namespace {

/// True if every subscript is written `X[k]` (not `k[X]`) outside macros.
bool plainSubscripts(const Subscripts &S) {
  for (const ArraySubscriptExpr *L : S.Levels)
    if (L->getLHS()->IgnoreParenImpCasts() !=
            L->getBase()->IgnoreParenImpCasts() ||
        L->getBeginLoc().isMacroID() || L->getRBracketLoc().isMacroID())
      return false;
  return true;
}

} // namespace

std::string elementSpelling(const DistArray &A, const char *First) {
  std::string S = A.Name;
  static const char *const Names[] = {"i", "j", "k", "l"};
  for (int D = 0; D < A.rank(); ++D)
    S += std::string("[") +
         (A.rank() == 1 ? First
          : D < 4       ? Names[D]
                        : "...") +
         "]";
  return S;
}

bool wholeElement(Reporter &R, const ArraySubscriptExpr *E, const Subscripts &S,
                  const DistArray &A, const char *First) {
  if (int(S.Levels.size()) != A.rank()) {
    R.error(E->getBeginLoc(),
            "'" + A.Name + "' has " + std::to_string(A.rank()) +
                " dimensions: use its elements as '" +
                elementSpelling(A, First) +
                "' (rows of a distributed array are not supported)");
    return false;
  }
  if (!plainSubscripts(S)) {
    R.error(E->getBeginLoc(),
            "element of distributed array '" + A.Name + "' must be written '" +
                elementSpelling(A, First) + "' outside macros");
    return false;
  }
  return true;
}

bool onlyRead(ASTContext &Ctx, const Expr *E) {
  const Stmt *Child = memberTop(Ctx, E);
  if (trivialCopySource(Ctx, cast<Expr>(Child)))
    return true;
  for (;;) {
    auto Ps = Ctx.getParents(*Child);
    const Stmt *Par = Ps.empty() ? nullptr : Ps[0].get<Stmt>();
    if (Par && isa<ParenExpr>(Par)) {
      Child = Par;
      continue;
    }
    const auto *IC = dyn_cast_or_null<ImplicitCastExpr>(Par);
    return IC && IC->getCastKind() == CK_LValueToRValue;
  }
}

namespace {
const Stmt *parentOf(ASTContext &Ctx, const Stmt *S) {
  auto Ps = Ctx.getParents(*S);
  return Ps.empty() ? nullptr : Ps[0].get<Stmt>();
}
} // namespace

const Expr *memberTop(ASTContext &Ctx, const Expr *E) {
  const Expr *Top = E;
  for (const Stmt *Cur = E;;) {
    const Stmt *Par = parentOf(Ctx, Cur);
    if (const auto *PE = dyn_cast_or_null<ParenExpr>(Par)) {
      Cur = PE;
      continue;
    }
    const auto *ME = dyn_cast_or_null<MemberExpr>(Par);
    if (!ME || ME->isArrow() || !isa<FieldDecl>(ME->getMemberDecl()))
      return Top;
    Cur = Top = ME;
  }
}

bool trivialCopySource(ASTContext &Ctx, const Expr *E) {
  if (!E->getType()->isRecordType())
    return false;
  const Stmt *Child = E;
  const Stmt *Par = parentOf(Ctx, Child);
  // Parentheses, and the `const` a copy's reference parameter adds.
  while (Par && (isa<ParenExpr>(Par) ||
                 (isa<ImplicitCastExpr>(Par) &&
                  cast<ImplicitCastExpr>(Par)->getCastKind() == CK_NoOp))) {
    Child = Par;
    Par = parentOf(Ctx, Par);
  }
  if (const auto *CE = dyn_cast_or_null<CXXConstructExpr>(Par))
    return CE->getNumArgs() == 1 &&
           CE->getConstructor()->isCopyOrMoveConstructor() &&
           CE->getConstructor()->isTrivial();
  if (const auto *OC = dyn_cast_or_null<CXXOperatorCallExpr>(Par)) {
    const auto *M = dyn_cast_or_null<CXXMethodDecl>(OC->getCalleeDecl());
    return OC->getOperator() == OO_Equal && OC->getNumArgs() == 2 &&
           OC->getArg(1) == Child && M && M->isTrivial();
  }
  return false;
}

std::optional<int64_t> offsetFrom(ASTContext &Ctx, const Expr *E,
                                  const VarDecl *I) {
  E = E->IgnoreParenImpCasts();
  auto IsI = [&](const Expr *X) {
    const auto *D = dyn_cast<DeclRefExpr>(X->IgnoreParenImpCasts());
    return D && D->getDecl() == I;
  };
  auto Const = [&](const Expr *X) -> std::optional<int64_t> {
    if (X->isValueDependent())
      return std::nullopt;
    if (auto V = X->getIntegerConstantExpr(Ctx))
      return V->getExtValue();
    return std::nullopt;
  };
  const auto *BO = dyn_cast<BinaryOperator>(E);
  if (!BO)
    return std::nullopt;
  if (BO->getOpcode() == BO_Add) {
    if (IsI(BO->getLHS()))
      return Const(BO->getRHS());
    if (IsI(BO->getRHS()))
      return Const(BO->getLHS());
  }
  if (BO->getOpcode() == BO_Sub && IsI(BO->getLHS()))
    if (auto C = Const(BO->getRHS()))
      return -*C;
  return std::nullopt;
}

const VarDecl *bareVar(const Expr *E) {
  const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
  return DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
}

} // namespace hpf::analysis
