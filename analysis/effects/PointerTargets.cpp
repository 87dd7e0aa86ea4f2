//===- analysis/effects/PointerTargets.cpp - where own pointers point -----===//
#include "effects/PointerTargets.h"

#include "clang/AST/Expr.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"

namespace hpf::analysis::effects {

using namespace clang;

namespace {

/// The pointer variables of a body, the values they are given, and those
/// used other than by value or as an assignment's target.
class SourceFinder : public RecursiveASTVisitor<SourceFinder> {
public:
  SourceFinder(ASTContext &Ctx, std::function<bool(const VarDecl *)> Tracked)
      : Ctx(Ctx), Tracked(std::move(Tracked)) {}
  std::map<const VarDecl *, std::vector<const Expr *>> Sources;
  std::set<const VarDecl *> Escaped;

  bool VisitVarDecl(VarDecl *V) {
    if (Tracked(V) && V->getInit())
      Sources[V].push_back(V->getInit());
    return true;
  }
  /// `std::swap(p, q)` of two traced pointers gives each the other's value.
  bool VisitCallExpr(CallExpr *CE) {
    const FunctionDecl *FD = CE->getDirectCallee();
    if (!FD || !FD->isInStdNamespace() || !FD->getIdentifier() ||
        FD->getName() != "swap" || CE->getNumArgs() != 2)
      return true;
    const VarDecl *A = trackedRef(CE->getArg(0));
    const VarDecl *B = trackedRef(CE->getArg(1));
    if (!A || !B)
      return true;
    Sources[A].push_back(CE->getArg(1));
    Sources[B].push_back(CE->getArg(0));
    Swapped.insert(CE->getArg(0)->IgnoreParens());
    Swapped.insert(CE->getArg(1)->IgnoreParens());
    return true;
  }
  bool VisitBinaryOperator(BinaryOperator *BO) {
    if (BO->getOpcode() == BO_Assign)
      if (const VarDecl *V = trackedRef(BO->getLHS()))
        Sources[V].push_back(BO->getRHS());
    return true;
  }
  /// A use other than reading the pointer's value, assigning it, or moving
  /// it by `+=`, `-=`, `++`, `--` (which keep what it points into) may
  /// change it behind the analysis' back: `&p`, `T *&r = p`, `swap(p, q)`.
  bool VisitDeclRefExpr(DeclRefExpr *E) {
    const auto *V = dyn_cast<VarDecl>(E->getDecl());
    if (!V || !Tracked(V) || Swapped.count(E))
      return true;
    const Expr *Child = E;
    for (;;) {
      DynTypedNodeList Ps = Ctx.getParents(*Child);
      const Stmt *P = Ps.empty() ? nullptr : Ps[0].get<Stmt>();
      if (const auto *PE = dyn_cast_or_null<ParenExpr>(P)) {
        Child = PE;
        continue;
      }
      if (const auto *IC = dyn_cast_or_null<ImplicitCastExpr>(P);
          IC && IC->getCastKind() == CK_LValueToRValue)
        return true;
      if (const auto *BO = dyn_cast_or_null<BinaryOperator>(P);
          BO && BO->getLHS() == Child &&
          (BO->getOpcode() == BO_Assign || BO->getOpcode() == BO_AddAssign ||
           BO->getOpcode() == BO_SubAssign))
        return true;
      if (const auto *UO = dyn_cast_or_null<UnaryOperator>(P);
          UO && UO->isIncrementDecrementOp())
        return true;
      Escaped.insert(V);
      return true;
    }
  }

private:
  std::set<const Expr *> Swapped;
  const VarDecl *trackedRef(const Expr *E) const {
    const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParens());
    const auto *V = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
    return V && Tracked(V) ? V : nullptr;
  }
  ASTContext &Ctx;
  std::function<bool(const VarDecl *)> Tracked;
};

} // namespace

PointerTargets::PointerTargets(ASTContext &Ctx, const Stmt *Body,
                               std::function<bool(const VarDecl *)> Own)
    : Ctx(Ctx), Own(std::move(Own)) {
  SourceFinder F(Ctx, [this](const VarDecl *V) { return traced(V); });
  F.TraverseStmt(const_cast<Stmt *>(Body));
  Sources = std::move(F.Sources);
  Untraceable = std::move(F.Escaped);
  solve();
}

bool PointerTargets::traced(const VarDecl *V) const {
  return V->getType()->isPointerType() && !isa<ParmVarDecl>(V) &&
         V->hasLocalStorage() && Own(V);
}

bool PointerTargets::valueRoots(const Expr *E, std::set<const VarDecl *> &Out) {
  E = E->IgnoreParens();
  if (const auto *CE = dyn_cast<CastExpr>(E)) {
    if (CE->getCastKind() == CK_ArrayToPointerDecay)
      return objectRoots(CE->getSubExpr(), Out);
    if (CE->getCastKind() == CK_IntegralToPointer ||
        CE->getCastKind() == CK_NullToPointer)
      return CE->getCastKind() == CK_NullToPointer;
    return valueRoots(CE->getSubExpr(), Out);
  }
  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    if (BO->isAdditiveOp())
      return valueRoots(BO->getLHS()->getType()->isPointerType() ? BO->getLHS()
                                                                 : BO->getRHS(),
                        Out);
    if (BO->getOpcode() == BO_Comma)
      return valueRoots(BO->getRHS(), Out);
    return false;
  }
  if (const auto *CO = dyn_cast<ConditionalOperator>(E))
    return valueRoots(CO->getTrueExpr(), Out) &&
           valueRoots(CO->getFalseExpr(), Out);
  if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
    if (UO->getOpcode() == UO_AddrOf)
      return objectRoots(UO->getSubExpr(), Out);
    return false;
  }
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    const auto *V = dyn_cast<VarDecl>(DRE->getDecl());
    if (!V)
      return false;
    Out.insert(V); // a traced pointer: a dependency, resolved by solve()
    return true;
  }
  return isa<CXXNullPtrLiteralExpr>(E) || isa<GNUNullExpr>(E);
}

bool PointerTargets::objectRoots(const Expr *E,
                                 std::set<const VarDecl *> &Out) {
  E = E->IgnoreParens();
  if (const auto *AS = dyn_cast<ArraySubscriptExpr>(E))
    return valueRoots(AS->getBase(), Out);
  if (const auto *ME = dyn_cast<MemberExpr>(E))
    return ME->isArrow() ? valueRoots(ME->getBase(), Out)
                         : objectRoots(ME->getBase(), Out);
  if (const auto *UO = dyn_cast<UnaryOperator>(E);
      UO && UO->getOpcode() == UO_Deref)
    return valueRoots(UO->getSubExpr(), Out);
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    const auto *V = dyn_cast<VarDecl>(DRE->getDecl());
    // A reference names what it is bound to, which is not traced here.
    if (!V || V->getType()->isReferenceType())
      return false;
    Out.insert(V);
    return true;
  }
  return false;
}

void PointerTargets::solve() {
  // Each pointer's direct roots; traced pointers among them are resolved
  // to their own targets until nothing changes (the sets only grow, and
  // an untraceable pointer makes every pointer given its value one too).
  std::map<const VarDecl *, std::set<const VarDecl *>> Direct;
  for (const auto &[V, Values] : Sources) {
    if (Untraceable.count(V))
      continue;
    for (const Expr *E : Values)
      if (!valueRoots(E, Direct[V])) {
        Untraceable.insert(V);
        break;
      }
  }
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (auto &[V, Roots] : Direct) {
      if (Untraceable.count(V))
        continue;
      std::set<const VarDecl *> &T = Targets[V];
      for (const VarDecl *R : Roots) {
        if (!traced(R)) {
          Changed |= T.insert(R).second;
          continue;
        }
        if (R == V)
          continue;
        if (Untraceable.count(R) || !Sources.count(R)) {
          // Given an untraceable value, or no value at all (uninitialised:
          // what it points to is not known either).
          Untraceable.insert(V);
          Changed = true;
          break;
        }
        for (const VarDecl *X : Targets[R])
          Changed |= T.insert(X).second;
      }
    }
  }
}

const std::set<const VarDecl *> *
PointerTargets::targets(const VarDecl *P) const {
  if (!traced(P) || Untraceable.count(P) || !Sources.count(P))
    return nullptr;
  auto It = Targets.find(P);
  static const std::set<const VarDecl *> None;
  return It == Targets.end() ? &None : &It->second;
}

} // namespace hpf::analysis::effects
