//===- analysis/loops/LocUpdates.cpp - MINLOC/MAXLOC updates -------------===//
//
// A min or max reduction updated by `if (v < best) { best = v; where = i; }`
// records the location of the extreme (HPF's MINLOC/MAXLOC, LocUpdate):
// the if is judged here as a whole, and each deviation from that shape is
// an error saying why.
//
//===----------------------------------------------------------------------===//
#include "loops/LoopChecker.h"

namespace hpf::analysis::loop_body {

void LoopChecker::locUpdate(IfStmt *S) {
  const Stmt *Then = S->getThen();
  std::vector<const Stmt *> Stmts;
  if (const auto *CS = dyn_cast<CompoundStmt>(Then))
    Stmts.assign(CS->body_begin(), CS->body_end());
  else
    Stmts.push_back(Then);
  auto AssignOf = [](const Stmt *St) -> const BinaryOperator * {
    const auto *E = dyn_cast<Expr>(St);
    const auto *BO = E ? dyn_cast<BinaryOperator>(E->IgnoreParens()) : nullptr;
    return BO && BO->isAssignmentOp() ? BO : nullptr;
  };
  auto AssignedVar = [](const BinaryOperator *BO) -> const VarDecl * {
    const auto *DRE = dyn_cast<DeclRefExpr>(BO->getLHS()->IgnoreParens());
    return DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  };
  // The scalar min or max reduction the branch assigns a value not made
  // from itself (`best = A[i]`, not `best = std::min(best, A[i])`).
  LoopReduction *Red = nullptr;
  for (const Stmt *St : Stmts)
    if (const BinaryOperator *BO = AssignOf(St))
      if (const VarDecl *VD = AssignedVar(BO))
        for (LoopReduction &R : L.Reductions)
          if (R.Var == VD && !R.Array && !Red &&
              (R.Op == pragma::ReductionOp::Min ||
               R.Op == pragma::ReductionOp::Max) &&
              BO->getOpcode() == BO_Assign && !usesVar(BO->getRHS(), VD) &&
              usesVar(S->getCond(), VD))
            Red = &R;
  if (!Red)
    return;
  const VarDecl *Best = Red->Var;
  const std::string Name = "'" + Best->getName().str() + "'";
  const bool Max = Red->Op == pragma::ReductionOp::Max;
  const std::string Extreme = Max ? "maximum" : "minimum";
  bool Failed = false;
  auto Fail = [&](SourceLocation Loc, const std::string &Msg) {
    C.R.error(Loc, Msg);
    Failed = true;
  };
  // Every assignment of the branch is judged here, once.
  for (const Stmt *St : Stmts) {
    const auto *X = dyn_cast<Expr>(St);
    if (!X)
      continue;
    X = X->IgnoreParens();
    const Expr *Target = nullptr;
    if (const BinaryOperator *BO = AssignOf(St))
      Target = BO->getLHS();
    else if (const auto *UO = dyn_cast<UnaryOperator>(X);
             UO && UO->isIncrementDecrementOp())
      Target = UO->getSubExpr();
    if (!Target)
      continue;
    LocStores.insert(X);
    if (const auto *DRE = dyn_cast<DeclRefExpr>(Target->IgnoreParens()))
      ReductionRefsOk.insert(DRE);
    if (const VarDecl *VD = baseVar(Target))
      Handled.insert(VD->getCanonicalDecl());
  }
  // The condition: the value compared with best, nothing else.
  const auto *Cmp =
      dyn_cast<BinaryOperator>(S->getCond()->IgnoreParenImpCasts());
  const Expr *Value = nullptr;
  bool BestLeft = false;
  if (Cmp && Cmp->isRelationalOp()) {
    for (const DeclRefExpr *Side :
         {dyn_cast<DeclRefExpr>(Cmp->getLHS()->IgnoreParenImpCasts()),
          dyn_cast<DeclRefExpr>(Cmp->getRHS()->IgnoreParenImpCasts())})
      if (Side && Side->getDecl() == Best && !Value) {
        ReductionRefsOk.insert(Side);
        BestLeft = Side == Cmp->getLHS()->IgnoreParenImpCasts();
        Value = BestLeft ? Cmp->getRHS() : Cmp->getLHS();
      }
  }
  if (!Value) {
    markRefs(S->getCond(), Best);
    Fail(S->getCond()->getBeginLoc(),
         "the condition of the if that assigns " + Name +
             " must be only the comparison of the assigned value with " + Name +
             " ('v < " + Best->getName().str() +
             "'); test other conditions in an if around it");
    return;
  }
  // `v < best` as written, or `best > v` mirrored.
  BinaryOperatorKind Op = Cmp->getOpcode();
  if (BestLeft)
    Op = Op == BO_LT   ? BO_GT
         : Op == BO_GT ? BO_LT
         : Op == BO_LE ? BO_GE
                       : BO_LE;
  const bool KeepsLess = Op == BO_LT || Op == BO_LE;
  if (KeepsLess == Max) {
    Fail(Cmp->getOperatorLoc(),
         "this comparison keeps the " +
             std::string(KeepsLess ? "smaller" : "larger") + " value, a " +
             (KeepsLess ? "minimum" : "maximum") + ", but " + Name +
             " is in reduction(" + (Max ? "max" : "min") +
             ": ...); declare it in reduction(" + (Max ? "min" : "max") + ": " +
             Best->getName().str() + ")");
  }
  if (S->getInit() || S->getConditionVariable() || S->isConstexpr())
    Fail(S->getIfLoc(), "the if that updates " + Name +
                            " with its location must be a plain 'if (v < " +
                            Best->getName().str() +
                            ")' (no init-statement, declaration or constexpr)");
  if (S->getElse())
    Fail(S->getElseLoc(),
         "the if that updates " + Name +
             " with its location cannot have an else branch: whether an "
             "iteration passes the test depends on the iterations before "
             "it, which run on other ranks");
  if (LambdaDepth)
    Fail(S->getIfLoc(), "the if that updates " + Name +
                            " with its location cannot be in a lambda");
  if (Red->Loc)
    Fail(S->getIfLoc(),
         Name + " is updated with its location by the if at line " +
             lineOf(C.SM, Red->Loc->Compare->getBeginLoc()) + " already: a " +
             Extreme +
             " with locations has one update; compare the values in one "
             "if");
  if (!Cmp->getBeginLoc().isFileID() || !Cmp->getOperatorLoc().isFileID() ||
      !Cmp->getEndLoc().isFileID())
    Fail(S->getIfLoc(),
         "the comparison of the if that updates " + Name +
             " comes from a macro: hpfcc rewrites it (to order equal "
             "values by the iterations' order); write it in the file");
  // Iterations are ordered by the indices of the levels around the if:
  // none may be inside a loop that is not a level (its iterations would
  // run on several ranks in one level iteration).
  for (std::size_t K = 0; K < LoopPath.size(); ++K) {
    const auto *F = dyn_cast<ForStmt>(LoopPath[K]);
    if (F && LevelFors.count(F))
      continue;
    for (std::size_t J = K + 1; J < LoopPath.size(); ++J)
      if (const auto *Inner = dyn_cast<ForStmt>(LoopPath[J]);
          Inner && LevelFors.count(Inner)) {
        Fail(S->getIfLoc(),
             "the if that updates " + Name +
                 " with its location is in the independent loop at line " +
                 lineOf(C.SM, Inner->getForLoc()) +
                 ", inside the loop at line " +
                 lineOf(C.SM, LoopPath[K]->getBeginLoc()) +
                 ", which is not marked independent: hpfcc orders equal "
                 "values by the indices of the independent loops around "
                 "the update; mark that loop independent, or move the "
                 "update out of it");
        J = LoopPath.size();
        K = LoopPath.size();
      }
  }
  // The branch: best = v once, and location variables.
  LocUpdate Loc;
  Loc.Compare = Cmp;
  Loc.Strict = Op == BO_LT || Op == BO_GT;
  const BinaryOperator *BestStore = nullptr;
  const std::string Only =
      "only assignments to " + Name +
      " and to variables recording its location ('where = i') may be in "
      "the if that updates it: whether the if runs depends on the "
      "iterations before it, which run on other ranks";
  for (const Stmt *St : Stmts) {
    const BinaryOperator *BO = AssignOf(St);
    if (!BO || BO->getOpcode() != BO_Assign) {
      Fail(St->getBeginLoc(), Only);
      continue;
    }
    const VarDecl *VD = AssignedVar(BO);
    if (VD == Best) {
      if (BestStore) {
        Fail(BO->getOperatorLoc(), Name + " is assigned twice in the if "
                                          "that updates it");
        continue;
      }
      BestStore = BO;
      if (!same(BO->getRHS(), Value))
        Fail(BO->getRHS()->getBeginLoc(),
             Name + " is assigned '" + spelling(BO->getRHS()) +
                 "' but the condition compares '" + spelling(Value) +
                 "' with it: the if must assign the value it compares");
      else if (!keepsValue(Value->IgnoreParenImpCasts()->getType(),
                           Best->getType()))
        Fail(BO->getRHS()->getBeginLoc(),
             "the compared value has type '" +
                 Value->IgnoreParenImpCasts()->getType().getAsString() +
                 "', which " + Name + " ('" + Best->getType().getAsString() +
                 "') cannot hold exactly: values that differ only in "
                 "'" +
                 Best->getType().getAsString() +
                 "' would compare as in no sequential order; give " + Name +
                 " the value's type, or compare a value of its "
                 "type");
      continue;
    }
    if (!VD) {
      Fail(BO->getLHS()->getBeginLoc(),
           "record the location of " + Name +
               " in a scalar variable declared before the loop ('where = "
               "i'): hpfcc combines only such variables with it");
      continue;
    }
    const std::string W = "'" + VD->getName().str() + "'";
    const VarDecl *Canon = VD->getCanonicalDecl();
    if (reduction(VD)) {
      Fail(BO->getLHS()->getBeginLoc(),
           W +
               " is in a reduction clause, but it records the location "
               "of " +
               Name + ": remove it from the clause (a location needs none)");
      continue;
    }
    if (VD == IndVar || LevelVars.count(VD)) {
      Fail(BO->getLHS()->getBeginLoc(),
           "the loop index " + W + " must not be modified in the body");
      continue;
    }
    if (VD->getType()->isReferenceType() || !outside(VD)) {
      Fail(BO->getLHS()->getBeginLoc(),
           W +
               (VD->getType()->isReferenceType()
                    ? " is a reference"
                    : " is declared inside the loop") +
               ": the location of " + Name +
               " is recorded in a variable declared before the loop (the "
               "ranks combine those after it)");
      continue;
    }
    const QualType T = VD->getType();
    if (!T->isArithmeticType() && !T->isEnumeralType()) {
      Fail(BO->getLHS()->getBeginLoc(), W + " records the location of " + Name +
                                            " and must be a number, not '" +
                                            T.getAsString() + "'");
      continue;
    }
    if (L.NewVars.count(Canon)) {
      Fail(BO->getLHS()->getBeginLoc(),
           W + " is in new(...), but it records the location of " + Name +
               ", which is kept after the loop: remove it from new(...)");
      continue;
    }
    if (const LoopReduction *Other = locationOf(VD)) {
      Fail(BO->getLHS()->getBeginLoc(), W + " records the location of '" +
                                            Other->Var->getName().str() +
                                            "' already");
      continue;
    }
    if (std::find(Loc.Locations.begin(), Loc.Locations.end(), Canon) !=
        Loc.Locations.end()) {
      Fail(BO->getOperatorLoc(),
           W + " is assigned twice in the if that updates " + Name);
      continue;
    }
    Loc.Locations.push_back(Canon);
  }
  if (Failed)
    return;
  std::string Names;
  for (const VarDecl *V : Loc.Locations)
    Names += (Names.empty() ? "'" : ", '") + V->getName().str() + "'";
  Loc.TiesAlike = Loc.Locations.empty() &&
                  Best->getType()->isIntegralOrEnumerationType();
  if (Loc.TiesAlike)
    C.R.remark(Cmp->getBeginLoc(),
               Name + " is updated to its " + Extreme +
                   " by this if; equal values of its type are the same, so "
                   "the ranks' " +
                   (Max ? "maxima" : "minima") + " combine as a plain " +
                   (Max ? "max" : "min") + " reduction");
  else
    C.R.remark(
        Cmp->getBeginLoc(),
        Name + " keeps the " + (Loc.Strict ? "first" : "last") +
            " iteration reaching its " + Extreme +
            (Names.empty() ? "" : ", and records its location in " + Names) +
            ": equal values from different ranks are ordered by "
            "their iterations' order");
  Red->Loc = std::move(Loc);
}

} // namespace hpf::analysis::loop_body
