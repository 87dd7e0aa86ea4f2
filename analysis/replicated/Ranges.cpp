//===- analysis/replicated/Ranges.cpp - ranges in distributed arrays ------===//
//
// Positions in distributed arrays read from the AST (Ranges.h).
//
//===----------------------------------------------------------------------===//
#include "replicated/Ranges.h"

#include "Expressions.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace hpf::analysis {

// Through implicit nodes, parentheses and the copies of an iterator or a
// function object passed by value (Ranges.h).
const Expr *stripCopies(const Expr *E) {
  while (true) {
    E = E->IgnoreParenImpCasts();
    if (const auto *M = dyn_cast<MaterializeTemporaryExpr>(E))
      E = M->getSubExpr();
    else if (const auto *B = dyn_cast<CXXBindTemporaryExpr>(E))
      E = B->getSubExpr();
    else if (const auto *C = dyn_cast<CXXConstructExpr>(E);
             C && C->getNumArgs() == 1 && C->getConstructor() &&
             C->getConstructor()->isCopyOrMoveConstructor())
      E = C->getArg(0);
    else if (const auto *F = dyn_cast<CXXFunctionalCastExpr>(E);
             F && F->getCastKind() == CK_NoOp)
      E = F->getSubExpr();
    else
      return E;
  }
}


DistArray *RangeReader::arrayOf(const DeclRefExpr *Ref) const {
  const auto *VD = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
  auto It = VD ? C.P.ArrayByVar.find(VD) : C.P.ArrayByVar.end();
  return It == C.P.ArrayByVar.end() ? nullptr : It->second;
}

const DeclRefExpr *RangeReader::arrayArg(const CallExpr *CE) {
  for (const Expr *Arg : CE->arguments()) {
    Position Pos;
    if (position(Arg, Pos))
      return Pos.Ref;
    if (const auto *Ref = dyn_cast<DeclRefExpr>(stripCopies(Arg)); arrayOf(Ref))
      return Ref;
  }
  return nullptr;
}

bool RangeReader::inLoop(const Stmt *CE) {
  if (LoopStmts.empty())
    for (const OwnerLoop &L : C.P.Loops)
      LoopStmts.insert(L.outer());
  for (DynTypedNode N = DynTypedNode::create(*CE);;) {
    if (const auto *S = N.get<Stmt>();
        S && (LoopStmts.count(S) || IndependentRangeFors.count(S)))
      return true;
    auto Ps = C.Ctx.getParents(N);
    if (Ps.empty() || Ps[0].get<FunctionDecl>())
      return false;
    N = Ps[0];
  }
}

bool RangeReader::part(const Expr *E, Position &Pos) {
  std::string Name;
  const Expr *Of = nullptr;
  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(E)) {
    if (!MC->getMethodDecl() || !MC->getMethodDecl()->getIdentifier())
      return false;
    Name = MC->getMethodDecl()->getName().str();
    Of = MC->getImplicitObjectArgument();
  } else if (const auto *CE = dyn_cast<CallExpr>(E)) {
    const FunctionDecl *FD = CE->getDirectCallee();
    if (!FD || !FD->isInStdNamespace() || !FD->getIdentifier() ||
        CE->getNumArgs() != 1 || isa<CXXOperatorCallExpr>(CE))
      return false;
    Name = FD->getName().str();
    Of = CE->getArg(0);
  } else {
    return false;
  }
  if (Name != "begin" && Name != "end" && Name != "cbegin" && Name != "cend")
    return false;
  const auto *Ref = dyn_cast<DeclRefExpr>(Of->IgnoreParenImpCasts());
  DistArray *A = arrayOf(Ref);
  if (!A)
    return false;
  Pos.Ref = Ref;
  Pos.Array = A;
  Pos.FromEnd = Name == "end" || Name == "cend";
  Pos.Parts.push_back(E);
  return true;
}

bool RangeReader::position(const Expr *Arg, Position &Pos) {
  const Expr *E = stripCopies(Arg);
  if (const auto *Ref = dyn_cast<DeclRefExpr>(E)) {
    DistArray *A = arrayOf(Ref);
    if (!A || A->Vector || !Arg->getType()->isPointerType())
      return false;
    Pos.Ref = Ref;
    Pos.Array = A;
    return true;
  }
  if (part(E, Pos))
    return true;
  const Expr *Base = nullptr, *Off = nullptr;
  char Sign = '+';
  if (const auto *BO = dyn_cast<BinaryOperator>(E);
      BO && BO->isAdditiveOp() && BO->getType()->isPointerType()) {
    Sign = BO->getOpcode() == BO_Add ? '+' : '-';
    const bool LeftPointer = BO->getLHS()->getType()->isPointerType();
    Base = LeftPointer ? BO->getLHS() : BO->getRHS();
    Off = LeftPointer ? BO->getRHS() : BO->getLHS();
  } else if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(E);
             OC && OC->getNumArgs() == 2 &&
             (OC->getOperator() == OO_Plus ||
              OC->getOperator() == OO_Minus) &&
             OC->getArg(1)->getType()->isIntegerType()) {
    Sign = OC->getOperator() == OO_Plus ? '+' : '-';
    Base = OC->getArg(0);
    Off = OC->getArg(1);
  } else {
    return false;
  }
  if (!Off->getType()->isIntegerType() || !position(Base, Pos))
    return false;
  Pos.Offsets.push_back({Sign, Off});
  return true;
}

std::string RangeReader::text(const Expr *E) const {
  return expansionText(C.Ctx, E);
}

std::string RangeReader::positionText(const Position &Pos) {
  std::string T = Pos.FromEnd ? text(Pos.Ref) + ".size()" : std::string();
  for (const auto &[Sign, Off] : Pos.Offsets) {
    // Copied as written: no calls but a distributed vector's size(), no
    // other use of a distributed array, no side effects.
    std::set<const DeclRefExpr *> Sizes;
    bool Copyable = !Off->HasSideEffects(C.Ctx, false);
    forEachStmt(Off, [&](const Stmt *S) {
      if (const auto *MC = dyn_cast<CXXMemberCallExpr>(S)) {
        const auto *Of = dyn_cast<DeclRefExpr>(
            MC->getImplicitObjectArgument()->IgnoreParenImpCasts());
        if (MC->getMethodDecl() && MC->getMethodDecl()->getIdentifier() &&
            MC->getMethodDecl()->getName() == "size" && arrayOf(Of) &&
            arrayOf(Of)->Vector)
          Sizes.insert(Of);
        else
          Copyable = false;
      } else if (isa<CallExpr>(S)) {
        Copyable = false;
      } else if (const auto *R = dyn_cast<DeclRefExpr>(S);
                 R && arrayOf(R) && !Sizes.count(R)) {
        Copyable = false;
      }
      return Copyable;
    });
    if (!Copyable) {
      C.R.error(Off->getBeginLoc(),
                "the offset of a position in distributed array '" +
                    Pos.Array->Name +
                    "' must be an integer expression without calls or "
                    "side effects that uses no distributed array but a "
                    "vector's size() (hpfcc passes it to the algorithm as "
                    "written)");
      return "";
    }
    if (T.empty() && Sign == '+')
      T = "(" + text(Off) + ")";
    else
      T += std::string(T.empty() ? "0 " : " ") + Sign + " (" + text(Off) +
           ")";
  }
  return T.empty() ? "0" : T;
}

bool RangeReader::inFile(const Expr *E) const {
  // A macro may end it (`A + N`): the generated call copies the offset's
  // tokens, and the macro is expanded there as here.
  return !E->getBeginLoc().isMacroID() &&
         C.SM.isInMainFile(E->getBeginLoc()) &&
         C.SM.isInMainFile(C.SM.getExpansionLoc(E->getEndLoc())) &&
         !C.SM.isMacroArgExpansion(E->getEndLoc());
}

void RangeReader::claim(const Position &Pos) {
  Checked.insert(Pos.Ref);
  for (const Expr *P : Pos.Parts)
    Consumed.insert(P);
}

void RangeReader::claimAll(const Stmt *CE) {
  forEachStmt(CE, [&](const Stmt *S) {
    if (const auto *R = dyn_cast<DeclRefExpr>(S); R && arrayOf(R))
      Checked.insert(R);
    if (const auto *E = dyn_cast<Expr>(S))
      Consumed.insert(E);
    return true;
  });
}

const Stmt *RangeReader::parentOf(const Stmt *S) const {
  auto Ps = C.Ctx.getParents(*S);
  return Ps.empty() ? nullptr : Ps[0].get<Stmt>();
}
bool RangeReader::discarded(const CallExpr *CE) const {
  const Stmt *Child = CE;
  while (true) {
    auto Ps = C.Ctx.getParents(*Child);
    const Stmt *S = Ps.empty() ? nullptr : Ps[0].get<Stmt>();
    if (!S)
      return false; // a declaration's initializer, ...
    if (isa<ParenExpr>(S) || isa<ExprWithCleanups>(S) ||
        isa<ImplicitCastExpr>(S) || isa<MaterializeTemporaryExpr>(S) ||
        isa<CXXBindTemporaryExpr>(S)) {
      Child = S;
      continue;
    }
    if (const auto *Cast = dyn_cast<ExplicitCastExpr>(S))
      return Cast->getType()->isVoidType();
    if (isa<CompoundStmt>(S) || isa<LabelStmt>(S) || isa<CaseStmt>(S) ||
        isa<DefaultStmt>(S))
      return !isa<CaseStmt>(S) || cast<CaseStmt>(S)->getSubStmt() == Child;
    if (const auto *If = dyn_cast<IfStmt>(S))
      return If->getThen() == Child || If->getElse() == Child;
    if (const auto *For = dyn_cast<ForStmt>(S))
      return For->getBody() == Child || For->getInc() == Child;
    if (const auto *While = dyn_cast<WhileStmt>(S))
      return While->getBody() == Child;
    if (const auto *Do = dyn_cast<DoStmt>(S))
      return Do->getBody() == Child;
    return false;
  }
}

} // namespace hpf::analysis
