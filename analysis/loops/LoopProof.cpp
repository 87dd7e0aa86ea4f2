//===- analysis/loops/LoopProof.cpp - inner loops proven independent ------===//
//
// In a loop nest, a loop that is not marked independent but whose index
// subscripts a distributed dimension of an element it writes would make
// that element non-local. When its iterations are provably independent it
// can run as an independent level instead (over the owned indices of that
// dimension). The proof is syntactic and conservative: in the loop's body
//   - every written element of a distributed array has the loop's index as
//     one of its subscripts (iterations write disjoint elements),
//   - every read of an array the body writes is at exactly the subscripts
//     of its write (an iteration reads only what it writes itself),
//   - nothing declared outside the loop is assigned (scalars, other
//     arrays, through pointers), except the nest's reduction variables,
//     and neither is the index,
//   - no break, goto, return, and calls only of functions of system
//     headers (<cmath>, std::max, ...) or constexpr functions.
// Which candidate becomes a level is decided after the flow walk
// (Placement.cpp), only where an element needs it.
//
//===----------------------------------------------------------------------===//
#include "Expressions.h"
#include "Phases.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"

#include <algorithm>
#include <map>

using namespace clang;

namespace hpf::analysis {

namespace {

class Proof : public RecursiveASTVisitor<Proof> {
public:
  Proof(ASTContext &Ctx, const Program &P, const OwnerLoop &L,
        const ForStmt *For, const VarDecl *IV)
      : Ctx(Ctx), SM(Ctx.getSourceManager()), P(P), L(L), For(For), IV(IV) {}

  bool Ok = true;
  bool UsesIndexInWrite = false;

  bool VisitBreakStmt(BreakStmt *) { return fail(); }
  bool VisitGotoStmt(GotoStmt *) { return fail(); }
  bool VisitReturnStmt(ReturnStmt *) { return fail(); }
  bool VisitLambdaExpr(LambdaExpr *) { return fail(); }
  bool VisitCallExpr(CallExpr *E) {
    const FunctionDecl *FD = E->getDirectCallee();
    if (isa<CXXOperatorCallExpr>(E) && !FD)
      return fail();
    if (!FD || !(FD->isConstexpr() ||
                 SM.isInSystemHeader(SM.getExpansionLoc(FD->getLocation()))))
      return fail();
    return true;
  }
  bool VisitCXXMemberCallExpr(CXXMemberCallExpr *) { return fail(); }
  bool VisitBinaryOperator(BinaryOperator *E) {
    if (E->isAssignmentOp())
      write(E->getLHS());
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *E) {
    if (E->isIncrementDecrementOp())
      write(E->getSubExpr());
    if (E->getOpcode() == UO_AddrOf)
      return fail(); // an address may be written through later
    return true;
  }
  bool VisitArraySubscriptExpr(ArraySubscriptExpr *E) {
    if (Inner.count(E))
      return true;
    Subscripts S;
    const DeclRefExpr *Base = subscriptChain(E, S);
    if (!Base)
      return true;
    const auto *VD = dyn_cast<VarDecl>(Base->getDecl());
    if (!P.ArrayByVar.count(VD))
      return true;
    Inner.insert(S.Levels.begin(), S.Levels.end() - 1);
    std::vector<llvm::FoldingSetNodeID> Key(S.Levels.size());
    for (std::size_t D = 0; D < S.Levels.size(); ++D)
      S.sub(D)->IgnoreParenImpCasts()->Profile(Key[D], Ctx,
                                               /*Canonical=*/true);
    const bool Read = onlyRead(Ctx, E);
    Elements.push_back({VD, Key, Read});
    if (!Read) {
      bool AtIndex = false;
      for (std::size_t D = 0; D < S.Levels.size(); ++D)
        AtIndex |= bareVar(S.sub(D)) == IV;
      if (!AtIndex)
        Ok = false;
      UsesIndexInWrite = true;
    }
    return true;
  }

  /// After the walk: reads of written arrays only at their write's element.
  bool finish() {
    std::map<const VarDecl *, std::set<std::vector<llvm::FoldingSetNodeID>>>
        Written;
    for (const Element &E : Elements)
      if (!E.Read)
        Written[E.Array].insert(E.Key);
    for (const Element &E : Elements) {
      auto It = Written.find(E.Array);
      if (It != Written.end() &&
          (It->second.size() != 1 || !It->second.count(E.Key)))
        return false;
    }
    return Ok && UsesIndexInWrite;
  }

private:
  struct Element {
    const VarDecl *Array;
    std::vector<llvm::FoldingSetNodeID> Key; ///< the subscripts' profiles
    bool Read;
  };
  ASTContext &Ctx;
  const SourceManager &SM;
  const Program &P;
  const OwnerLoop &L;
  const ForStmt *For;
  const VarDecl *IV;
  std::vector<Element> Elements;
  std::set<const Expr *> Inner;

  bool fail() {
    Ok = false;
    return false;
  }
  /// A write to anything but an element of a distributed array (checked by
  /// VisitArraySubscriptExpr) must be to a variable declared in the loop's
  /// body, or a reduction variable of the nest.
  void write(const Expr *LHS) {
    const Expr *E = LHS->IgnoreParenImpCasts();
    while (true) {
      if (const auto *AS = dyn_cast<ArraySubscriptExpr>(E)) {
        E = AS->getBase()->IgnoreParenImpCasts();
      } else if (const auto *ME = dyn_cast<MemberExpr>(E)) {
        if (ME->isArrow()) {
          Ok = false;
          return;
        }
        E = ME->getBase()->IgnoreParenImpCasts();
      } else {
        break;
      }
    }
    const auto *DRE = dyn_cast<DeclRefExpr>(E);
    const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
    if (!VD || VD == IV || VD->getType()->isReferenceType() ||
        VD->getType()->isPointerType()) {
      Ok = false;
      return;
    }
    if (P.ArrayByVar.count(VD))
      return;
    for (const LoopReduction &Red : L.Reductions)
      if (Red.Var == VD)
        return;
    SourceRange Body = For->getBody()->getSourceRange();
    if (SM.isBeforeInTranslationUnit(VD->getLocation(), Body.getBegin()) ||
        SM.isBeforeInTranslationUnit(Body.getEnd(), VD->getLocation()))
      Ok = false;
  }
};

/// The for loops inside S that are not levels already (not in lambdas).
class ForFinder : public RecursiveASTVisitor<ForFinder> {
public:
  std::vector<const ForStmt *> Found;
  bool TraverseLambdaExpr(LambdaExpr *) { return true; }
  bool VisitForStmt(ForStmt *S) {
    Found.push_back(S);
    return true;
  }
};

} // namespace

void Loops::provenLevels(OwnerLoop &L) {
  ForFinder Finder;
  Finder.TraverseStmt(const_cast<Stmt *>(L.outer()->getBody()));
  for (const ForStmt *F : Finder.Found) {
    bool Level = false;
    for (const NestLevel &Lv : L.Levels)
      Level |= Lv.For == F;
    if (Level)
      continue;
    NestLevel Lv;
    Lv.DirId = L.DirId;
    Quiet = true;
    const bool Shape = loopShape(F, Lv);
    Quiet = false;
    if (!Shape)
      continue;
    Proof Pr(Ctx, P, L, F, Lv.IndVar);
    Pr.TraverseStmt(const_cast<Stmt *>(F->getBody()));
    if (Pr.Ok && Pr.finish())
      L.Proven.push_back(Lv);
  }
}

void promoteProven(OwnerLoop &L, const Mapping *HM, SourceLocation At) {
  if (!L.Home || L.Proven.empty())
    return;
  for (const LoopAccess &Acc : L.Accesses) {
    if (Acc.Read || Acc.Array->rank() != L.Home->rank() ||
        int(Acc.Subs.Levels.size()) != Acc.Array->rank()) // a row
      continue;
    for (int Dm = 0; Dm < Acc.Array->rank(); ++Dm) {
      if (HM &&
          HM->Formats[std::size_t(Dm)].Kind == pragma::FormatKind::Collapsed)
        continue;
      const VarDecl *V = bareVar(Acc.Subs.sub(std::size_t(Dm)));
      bool Taken = false;
      for (const NestLevel &Lv : L.Levels)
        Taken |= Lv.IndVar == V || Lv.Dim == Dm;
      auto It =
          std::find_if(L.Proven.begin(), L.Proven.end(),
                       [&](const NestLevel &Lv) { return Lv.IndVar == V; });
      if (!V || Taken || It == L.Proven.end())
        continue;
      NestLevel Lv = *It;
      L.Proven.erase(It);
      Lv.Dim = Dm;
      L.Levels.push_back(Lv);
      // A remark only if the nest stays parallel (another inner loop may
      // still make it fall back: Replicated.cpp).
      L.IfParallel.push_back(
          {OwnerLoop::ParallelOnly::Level, At,
           "the loop over '" + V->getName().str() +
               "' is not marked independent, but its iterations are "
               "(each writes distributed elements only at '" +
               V->getName().str() +
               "' and reads the arrays it writes only there): it "
               "runs as an independent level over dimension " +
               std::to_string(Dm) + " of '" + L.Home->Name + "'"});
    }
  }
}

void Loops::shapeError(SourceLocation Loc, const std::string &Msg) {
  if (!Quiet)
    R.error(Loc, Msg);
}

} // namespace hpf::analysis
