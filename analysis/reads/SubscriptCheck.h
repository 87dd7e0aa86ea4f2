//===- analysis/reads/SubscriptCheck.h - subscripts -------------*- C++ -*-===//
//
// Whether a subscript in an owner-computes loop is a function of the
// outermost level's index (and of inner loops' indices the caller allows)
// and of values the nest does not change: then each rank can evaluate it
// for its iterations before the loop (FetchedReads.cpp, NeededReads.cpp).
//
//===----------------------------------------------------------------------===//
#ifndef HPF_ANALYSIS_SUBSCRIPTCHECK_H
#define HPF_ANALYSIS_SUBSCRIPTCHECK_H

#include "Analyzer.h"
#include "Expressions.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/Basic/SourceManager.h"

#include <functional>
#include <optional>
#include <set>
#include <vector>

namespace hpf::analysis {
namespace subscript_check {
// Clang's names inside this namespace only.
using namespace clang;

/// Decides whether a subscript is a function of the outermost level's
/// index and of values the nest does not change.
class SubscriptCheck {
public:
  SubscriptCheck(clang::ASTContext &Ctx, const OwnerLoop &L) : Ctx(Ctx), L(L) {
    for (const LoopAccess &Acc : L.Accesses)
      if (Acc.Kind == LoopAccess::Local && Acc.Array->rank() == 1 &&
          !L.Written.count(Acc.Array) &&
          !L.GatherIfMisaligned.count(Acc.Array) &&
          bareVar(Acc.Subs.sub(0)) == indVar())
        Aligned.insert(Acc.Subs.whole());
  }

  const clang::VarDecl *indVar() const { return L.Levels.front().IndVar; }
  /// V may appear too (an inner loop's index, NeededReads.cpp).
  void allow(const clang::VarDecl *V) { Allowed.insert(V); }
  /// Integer locals of the nest may appear too (`int kf = 2 * k;` then
  /// `A[kf - 1]`): each declared in the nest with an initializer that fits
  /// (no aligned element in it) and never written after it, so its value
  /// is its initializer's. Out collects them, for the inspector to declare
  /// (FetchedReads.cpp).
  void allowLocals(std::vector<const clang::VarDecl *> *Out) {
    LocalsOut = Out;
  }

  /// Whether E fits; the aligned elements inside it are added to Inner.
  bool fits(const Expr *E, std::vector<const Expr *> &Inner) const {
    E = E->IgnoreParens();
    if (Aligned.count(E)) {
      Inner.push_back(E);
      return true;
    }
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
      if (isa<EnumConstantDecl>(DRE->getDecl()))
        return true;
      const auto *V = dyn_cast<VarDecl>(DRE->getDecl());
      if (!V)
        return false;
      if (V == indVar() || Allowed.count(V))
        return true;
      if (LocalsOut && nestLocal(V)) {
        std::vector<const Expr *> InInit;
        if (!fits(V->getInit(), InInit) || !InInit.empty())
          return false;
        if (llvm::find(*LocalsOut, V) == LocalsOut->end())
          LocalsOut->push_back(V);
        return true;
      }
      return declaredOutside(V) && !writtenInNest(V) && !distributed(V);
    }
    if (isa<IntegerLiteral, CharacterLiteral>(E))
      return true;
    // sizeof of a variable-length array is computed when it runs, from a
    // size that may change (maybe behind a typedef).
    if (const auto *U = dyn_cast<UnaryExprOrTypeTraitExpr>(E))
      return !U->getTypeOfArgument()->isVariablyModifiedType();
    if (const auto *C = dyn_cast<CastExpr>(E))
      return (isa<ImplicitCastExpr>(C) || isa<ExplicitCastExpr>(C)) &&
             !C->getType()->isVariablyModifiedType() &&
             fits(C->getSubExpr(), Inner);
    if (const auto *U = dyn_cast<UnaryOperator>(E))
      return (U->getOpcode() == UO_Minus || U->getOpcode() == UO_Plus ||
              U->getOpcode() == UO_Not || U->getOpcode() == UO_LNot) &&
             fits(U->getSubExpr(), Inner);
    if (const auto *B = dyn_cast<BinaryOperator>(E))
      return !B->isAssignmentOp() && !B->isCommaOp() &&
             fits(B->getLHS(), Inner) && fits(B->getRHS(), Inner);
    if (const auto *C = dyn_cast<ConditionalOperator>(E))
      return fits(C->getCond(), Inner) && fits(C->getTrueExpr(), Inner) &&
             fits(C->getFalseExpr(), Inner);
    // An element of a replicated array (plain C array) the nest only reads.
    if (const auto *S = dyn_cast<ArraySubscriptExpr>(E))
      return fits(S->getBase(), Inner) && fits(S->getIdx(), Inner);
    return false;
  }

  /// 1 if E is a * i + b with a, b free of i, 0 if E is free of i,
  /// nullopt otherwise (E fits).
  std::optional<int> degree(const Expr *E) const {
    E = E->IgnoreParens();
    if (const auto *C = dyn_cast<CastExpr>(E))
      return degree(C->getSubExpr());
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
      if (DRE->getDecl() == indVar())
        return 1;
      // A local of the nest is its initializer (fits() admitted it).
      if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl());
          V && nestLocal(V))
        return degree(V->getInit());
      return 0;
    }
    if (const auto *U = dyn_cast<UnaryOperator>(E);
        U && (U->getOpcode() == UO_Minus || U->getOpcode() == UO_Plus))
      return degree(U->getSubExpr());
    if (const auto *B = dyn_cast<BinaryOperator>(E)) {
      std::optional<int> X = degree(B->getLHS()), Y = degree(B->getRHS());
      if (!X || !Y)
        return std::nullopt;
      if (B->getOpcode() == BO_Add || B->getOpcode() == BO_Sub)
        return std::max(*X, *Y);
      if (B->getOpcode() == BO_Mul && *X + *Y <= 1)
        return *X + *Y;
    }
    return mentions(E, indVar()) ? std::nullopt : std::optional<int>(0);
  }

private:
  ASTContext &Ctx;
  const OwnerLoop &L;
  std::set<const Expr *> Aligned;
  std::set<const clang::VarDecl *> Allowed;
  std::vector<const clang::VarDecl *> *LocalsOut = nullptr;

  /// V is an integer variable declared in the nest with an initializer
  /// and never written after it.
  bool nestLocal(const VarDecl *V) const {
    const SourceManager &SM = Ctx.getSourceManager();
    SourceRange Nest = L.outer()->getSourceRange();
    return V->hasLocalStorage() && !isa<ParmVarDecl>(V) && V->getInit() &&
           V->getInit()->getBeginLoc().isFileID() &&
           V->getInit()->getEndLoc().isFileID() &&
           V->getType()->isIntegerType() &&
           !V->getType().isVolatileQualified() &&
           SM.isBeforeInTranslationUnit(Nest.getBegin(), V->getLocation()) &&
           SM.isBeforeInTranslationUnit(V->getLocation(), Nest.getEnd()) &&
           !writtenInNest(V);
  }

  static bool mentions(const Stmt *S, const VarDecl *V) {
    if (const auto *DRE = dyn_cast<DeclRefExpr>(S); DRE && DRE->getDecl() == V)
      return true;
    for (const Stmt *C : S->children())
      if (C && mentions(C, V))
        return true;
    return false;
  }
  bool declaredOutside(const VarDecl *V) const {
    const SourceManager &SM = Ctx.getSourceManager();
    SourceRange Nest = L.outer()->getSourceRange();
    return SM.isBeforeInTranslationUnit(V->getLocation(), Nest.getBegin());
  }
  bool distributed(const VarDecl *V) const {
    for (const LoopAccess &Acc : L.Accesses)
      if (Acc.Array->Var == V)
        return true;
    return false;
  }
  /// Whether the nest may write V (or an element of it).
  bool writtenInNest(const VarDecl *V) const {
    bool Written = false;
    std::function<void(const Stmt *)> Walk = [&](const Stmt *S) {
      if (Written || !S)
        return;
      if (const auto *DRE = dyn_cast<DeclRefExpr>(S);
          DRE && DRE->getDecl() == V) {
        Written = !onlyRead(Ctx, outermostElement(Ctx, DRE));
        return;
      }
      for (const Stmt *C : S->children())
        Walk(C);
    };
    Walk(L.outer());
    return Written;
  }
};

} // namespace subscript_check

using subscript_check::SubscriptCheck;

} // namespace hpf::analysis

#endif // HPF_ANALYSIS_SUBSCRIPTCHECK_H
