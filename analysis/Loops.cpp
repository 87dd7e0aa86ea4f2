//===- analysis/Loops.cpp - independent loops and nests ------------------===//
//
// An independent directive must stand before a for loop of the shape
// `for (int i = lb; i < ub; ++i)`. A loop whose body uses a
// multi-dimensional distributed array is a nest: the independent loops
// inside it are its levels, and each level runs over a dimension of the
// nest's home array (or over its whole range). The body is checked by
// checkLoopBody; the home array of a loop over rank-1 arrays and the
// reads served by copies are chosen here, what is local is decided after the
// flow walk (Placement.cpp).
//
//===----------------------------------------------------------------------===//
#include "Expressions.h"
#include "Phases.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"

#include <functional>

using namespace clang;

namespace hpf::analysis {

using pragma::DirectiveKind;

namespace {

/// Marks the distributed-array references under S as reported, so that a
/// loop rejected for its shape does not also get one error per access.
class UseSuppressor : public RecursiveASTVisitor<UseSuppressor> {
public:
  UseSuppressor(const Program &P, std::set<const DeclRefExpr *> &Allowed)
      : P(P), Allowed(Allowed) {}
  bool VisitDeclRefExpr(DeclRefExpr *E) {
    if (P.ArrayByVar.count(dyn_cast<VarDecl>(E->getDecl())))
      Allowed.insert(E);
    return true;
  }

private:
  const Program &P;
  std::set<const DeclRefExpr *> &Allowed;
};

/// The for loop right after a directive's carriers, or null.
const ForStmt *loopAfter(const ParsedDirective &D, const Anchor &A) {
  if (!A.Parent)
    return nullptr;
  if (const auto *If = dyn_cast<IfStmt>(A.Parent)) {
    // One `if` per carrier, the loop in the last else.
    const Stmt *S = If;
    for (std::size_t K = 0; K < D.Slots.size(); ++K) {
      const auto *I = dyn_cast_or_null<IfStmt>(S);
      S = I ? I->getElse() : nullptr;
    }
    return dyn_cast_or_null<ForStmt>(S);
  }
  const auto *CS = cast<CompoundStmt>(A.Parent);
  unsigned LoopIdx = A.Index + static_cast<unsigned>(D.Slots.size());
  return LoopIdx < CS->size() ? dyn_cast<ForStmt>(CS->body_begin()[LoopIdx])
                              : nullptr;
}

/// True if S refers to a distributed array of rank >= 2 (carriers aside).
class NDUseFinder : public RecursiveASTVisitor<NDUseFinder> {
public:
  explicit NDUseFinder(const Program &P) : P(P) {}
  bool Found = false;
  bool TraverseTypeAliasDecl(TypeAliasDecl *D) {
    if (D->getIdentifier() && pragma::parseCarrierName(D->getName().str()))
      return true;
    return RecursiveASTVisitor::TraverseTypeAliasDecl(D);
  }
  bool TraverseTypedefDecl(TypedefDecl *D) {
    if (D->getIdentifier() && pragma::parseCarrierName(D->getName().str()))
      return true;
    return RecursiveASTVisitor::TraverseTypedefDecl(D);
  }
  bool VisitDeclRefExpr(DeclRefExpr *E) {
    auto It = P.ArrayByVar.find(dyn_cast<VarDecl>(E->getDecl()));
    if (It != P.ArrayByVar.end() && It->second->rank() > 1)
      Found = true;
    return !Found;
  }

private:
  const Program &P;
};

} // namespace

bool usesMultiDim(const Program &P, const Stmt *Body) {
  NDUseFinder Finder(P);
  Finder.TraverseStmt(const_cast<Stmt *>(Body));
  return Finder.Found;
}

bool Loops::loopShape(const ForStmt *For, NestLevel &Lv) {
  const char *Shape =
      "independent loops must have the form 'for (int i = lb; i < ub; ++i)'";
  Lv.For = For;
  // Init: one integer index declared in the loop.
  const auto *Init = dyn_cast_or_null<DeclStmt>(For->getInit());
  const VarDecl *IV = Init && Init->isSingleDecl()
                          ? dyn_cast<VarDecl>(Init->getSingleDecl())
                          : nullptr;
  if (!IV || !IV->getInit() || !IV->getType()->isIntegerType()) {
    R.error(For->getInit() ? For->getInit()->getBeginLoc() : For->getBeginLoc(),
            std::string(Shape) + ": declare the integer index in the loop");
    return false;
  }
  Lv.IndVar = IV;
  Lv.Lower = IV->getInit();
  // Condition: i < ub, i <= ub (or ub > i, ub >= i).
  const auto *Cond = dyn_cast_or_null<BinaryOperator>(
      For->getCond() ? For->getCond()->IgnoreParenImpCasts() : nullptr);
  auto IsIV = [&](const Expr *E) {
    const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
    return DRE && DRE->getDecl() == IV;
  };
  if (Cond && IsIV(Cond->getLHS()) &&
      (Cond->getOpcode() == BO_LT || Cond->getOpcode() == BO_LE)) {
    Lv.Upper = Cond->getRHS();
    Lv.Inclusive = Cond->getOpcode() == BO_LE;
  } else if (Cond && IsIV(Cond->getRHS()) &&
             (Cond->getOpcode() == BO_GT || Cond->getOpcode() == BO_GE)) {
    Lv.Upper = Cond->getLHS();
    Lv.Inclusive = Cond->getOpcode() == BO_GE;
  } else {
    R.error(For->getCond() ? For->getCond()->getBeginLoc() : For->getBeginLoc(),
            std::string(Shape) + ": the condition must compare '" +
                IV->getName().str() + "' with < or <=");
    return false;
  }
  // The bound is evaluated once, before the loop: it must not depend on
  // the index.
  std::function<bool(const Stmt *)> UsesIV = [&](const Stmt *S) {
    if (!S)
      return false;
    if (const auto *DRE = dyn_cast<DeclRefExpr>(S); DRE && DRE->getDecl() == IV)
      return true;
    for (const Stmt *C : S->children())
      if (UsesIV(C))
        return true;
    return false;
  };
  if (UsesIV(Lv.Upper)) {
    R.error(Lv.Upper->getBeginLoc(), std::string(Shape) +
                                         ": the bound must not depend on '" +
                                         IV->getName().str() + "'");
    return false;
  }
  // Increment: ++i, i++, i += 1.
  const Expr *Inc =
      For->getInc() ? For->getInc()->IgnoreParenImpCasts() : nullptr;
  bool StepOne = false;
  if (const auto *U = dyn_cast_or_null<UnaryOperator>(Inc))
    StepOne = U->isIncrementOp() && IsIV(U->getSubExpr());
  else if (const auto *C = dyn_cast_or_null<CompoundAssignOperator>(Inc))
    if (C->getOpcode() == BO_AddAssign && IsIV(C->getLHS()))
      if (auto V = C->getRHS()->getIntegerConstantExpr(Ctx))
        StepOne = *V == 1;
  if (!StepOne) {
    R.error(Inc ? Inc->getBeginLoc() : For->getBeginLoc(),
            std::string(Shape) +
                ": the index must step by 1 (other strides are not "
                "supported yet)");
    return false;
  }
  return true;
}

void Loops::independent(const ParsedDirective &D) {
  const Anchor *A = C.anchorOf(D);
  if (!A)
    return;
  if (NestInner.count(D.Id))
    return; // a level of an enclosing nest, checked with it
  if (!A->Parent) {
    R.error(D.HashLoc, "independent must be placed right before a for loop "
                       "inside a function");
    return;
  }
  const ForStmt *For = loopAfter(D, *A);
  if (!For) {
    R.error(D.locOf(D.Dir.KindTok),
            "'independent' must be followed by a for loop");
    return;
  }
  OwnerLoop L;
  L.DirId = D.Id;
  struct Suppress {
    Loops &A;
    const ForStmt *For;
    bool Armed = true;
    ~Suppress() {
      if (Armed)
        UseSuppressor(A.P, A.Checked).TraverseStmt(const_cast<ForStmt *>(For));
    }
  } OnError{*this, For};
  NestLevel Top;
  Top.DirId = D.Id;
  if (!loopShape(For, Top))
    return;
  L.Levels.push_back(Top);
  // Reduction variables.
  for (const pragma::ReductionClause &RC : D.Dir.Reductions)
    for (const pragma::NameRef &N : RC.Vars) {
      const VarDecl *VD = C.slotVar(D, N.Tok, "a reduction variable");
      if (!VD)
        return;
      if (!VD->getType()->isArithmeticType()) {
        R.error(D.locOf(N.Tok), "reduction variable '" + N.Name +
                                    "' must have an arithmetic type, not '" +
                                    VD->getType().getAsString() + "'");
        return;
      }
      if (P.ArrayByVar.count(VD)) {
        R.error(D.locOf(N.Tok), "a distributed array cannot be a reduction "
                                "variable");
        return;
      }
      for (const LoopReduction &Prev : L.Reductions)
        if (Prev.Var == VD) {
          R.error(D.locOf(N.Tok),
                  "'" + N.Name + "' appears in more than one reduction");
          return;
        }
      QualType T = VD->getType().getCanonicalType().getUnqualifiedType();
      const bool Exact = C.Opts.ReproducibleSums &&
                         RC.Op == pragma::ReductionOp::Sum &&
                         (T->isSpecificBuiltinType(BuiltinType::Double) ||
                          T->isSpecificBuiltinType(BuiltinType::Float));
      if (Exact)
        R.remark(D.locOf(N.Tok),
                 "reduction(+: " + N.Name +
                     ") adds exactly (reproducible): each iteration's "
                     "contribution goes to an exact accumulator, the same "
                     "bits at every rank count");
      L.Reductions.push_back({RC.Op, VD, Exact});
    }
  // A loop over multi-dimensional arrays is a nest: the independent loops
  // inside it are its levels (HPF marks each level).
  const bool MultiDim = usesMultiDim(P, For->getBody());
  if (MultiDim) {
    SourceRange FR = For->getSourceRange();
    for (const ParsedDirective &D2 : State.Directives) {
      if (D2.Dir.Kind != DirectiveKind::Independent ||
          !SM.isBeforeInTranslationUnit(FR.getBegin(), D2.HashLoc) ||
          !SM.isBeforeInTranslationUnit(D2.HashLoc, FR.getEnd()))
        continue;
      auto It = C.BodyAnchors.find(D2.Id);
      const ForStmt *F2 =
          It == C.BodyAnchors.end() ? nullptr : loopAfter(D2, It->second);
      if (!F2)
        continue; // reported when D2 itself is checked
      NestInner.insert(D2.Id);
      if (!D2.Dir.Reductions.empty()) {
        R.error(D2.locOf(D2.Dir.Reductions[0].OpTok),
                "a reduction clause is supported only on the outermost "
                "independent loop of a nest (move it to the loop at line " +
                    std::to_string(SM.getPresumedLineNumber(D.HashLoc)) + ")");
        return;
      }
      NestLevel Lv;
      Lv.DirId = D2.Id;
      if (!loopShape(F2, Lv))
        return;
      L.Levels.push_back(Lv);
    }
  }
  OnError.Armed = false;
  checkLoopBody(C, L, D, Checked);
  if (MultiDim) {
    nestHome(L);
    P.Loops.push_back(std::move(L));
    return;
  }
  // One-dimensional arrays: the accesses at the index are local, the
  // others read from copies. Home: the first distributed array written
  // there, else the first one read there.
  for (const LoopAccess &Acc : L.Accesses) {
    if (Acc.Kind != LoopAccess::Local)
      continue;
    const Expr *E = Acc.Subs.whole();
    bool Written = false;
    for (const DynTypedNode &N : Ctx.getParents(*E)) {
      if (const auto *BO = N.get<BinaryOperator>())
        Written = BO->isAssignmentOp() && BO->getLHS()->IgnoreParens() == E;
      if (const auto *U = N.get<UnaryOperator>())
        Written = U->isIncrementDecrementOp();
    }
    if (Written) {
      L.Home = Acc.Array;
      break;
    }
  }
  for (const LoopAccess &Acc : L.Accesses)
    if (!L.Home && Acc.Kind == LoopAccess::Local)
      L.Home = Acc.Array;
  L.Levels[0].Dim = L.Home ? 0 : -1;
  for (const LoopAccess &Acc : L.Accesses)
    if (!Acc.Read)
      L.Written.insert(Acc.Array);
  // A gathered copy holds the values from before the loop: right for an
  // array the loop does not write, and for A[i + c] (c > 0) of one it
  // writes as A[i], since the sequential loop writes A[i + c] only later.
  const VarDecl *IV = Top.IndVar;
  for (const LoopAccess &G : L.Accesses)
    if (G.Kind == LoopAccess::Gathered && L.Written.count(G.Array)) {
      const Expr *Idx = G.Subs.sub(0);
      std::optional<int64_t> C = offsetFrom(Ctx, Idx, IV);
      if (!C || *C <= 0)
        R.error(Idx->getBeginLoc(),
                "'" + G.Array->Name +
                    "' is written in this loop, so it can "
                    "be read only as '" +
                    G.Array->Name + "[" + IV->getName().str() + "]' or '" +
                    G.Array->Name + "[" + IV->getName().str() +
                    " + c]' with a constant c > 0 (other subscripts may read "
                    "elements the loop has already changed)");
    }
  P.Loops.push_back(std::move(L));
}

/// The home array (the first one written, else the first one used) and the
/// dimension each level runs over: the first dimension of the home array,
/// not taken by an outer level, whose subscript is the level's index.
void Loops::nestHome(OwnerLoop &L) {
  for (const LoopAccess &Acc : L.Accesses)
    if (!Acc.Read)
      L.Written.insert(Acc.Array);
  // The home array is multi-dimensional (1-D arrays follow it).
  for (const LoopAccess &Acc : L.Accesses)
    if (!Acc.Read && Acc.Array->rank() > 1) {
      L.Home = Acc.Array;
      break;
    }
  for (const LoopAccess &Acc : L.Accesses)
    if (!L.Home && Acc.Array->rank() > 1)
      L.Home = Acc.Array;
  if (!L.Home)
    return;
  // Written accesses first: they must be local.
  std::vector<const LoopAccess *> Order;
  for (bool Writes : {true, false})
    for (const LoopAccess &Acc : L.Accesses)
      if (Acc.Array == L.Home && Acc.Read != Writes)
        Order.push_back(&Acc);
  std::set<int> Taken;
  for (NestLevel &Lv : L.Levels)
    for (const LoopAccess *Acc : Order) {
      for (int D = 0; D < L.Home->rank() && Lv.Dim < 0; ++D)
        if (!Taken.count(D) &&
            bareVar(Acc->Subs.sub(std::size_t(D))) == Lv.IndVar) {
          Lv.Dim = D;
          Taken.insert(D);
        }
      if (Lv.Dim >= 0)
        break;
    }
}

} // namespace hpf::analysis
