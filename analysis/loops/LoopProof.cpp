//===- analysis/loops/LoopProof.cpp - inner loops proven independent ------===//
//
// In a loop nest, a loop that is not marked independent but whose index
// subscripts a distributed dimension of an element it writes would make
// that element non-local. When its iterations are provably independent it
// can run as an independent level instead (over the owned indices of that
// dimension). The proof is conservative: in the loop's body
//   - every written element of a distributed array has the loop's index as
//     one of its subscripts (iterations write disjoint elements) and is
//     written by an assignment (no reference or address of it is handed
//     on), and no distributed array is named but as an element,
//   - every read of an array the body writes is at exactly the subscripts
//     of its write (an iteration reads only what it writes itself),
//   - no break, goto or return,
// and, by the effects analysis (effects/Effects.h), through every call,
// lambda, constructor and destructor it runs: nothing declared outside
// the body is written but the nest's reduction variables and the elements
// above (in the body itself, not through a call), and neither is the
// index; no array the body writes is read through a call; no throw, exit,
// I/O or code the compiler cannot see. A loop not proven says why in the
// warning of the nest that falls back to running on every rank
// (Replicated.cpp).
// Which candidate becomes a level is decided after the flow walk
// (Placement.cpp), only where an element needs it.
//
//===----------------------------------------------------------------------===//
#include "Expressions.h"
#include "Phases.h"
#include "effects/ProgramWrites.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"

#include <algorithm>
#include <map>

using namespace clang;

namespace hpf::analysis {

namespace {

/// Why the iterations of an inner loop may depend on each other (empty:
/// they cannot), from its body: its elements, walked here, and its
/// effects, the effects analysis' answer.
class Proof : public RecursiveASTVisitor<Proof> {
public:
  Proof(Context &C, const OwnerLoop &L, const VarDecl *IV)
      : C(C), L(L), IV(IV) {}

  std::string run(const ForStmt *For) {
    TraverseStmt(const_cast<Stmt *>(For->getBody()));
    if (Why.empty())
      Why = elements();
    if (Why.empty())
      Why = effects(For);
    return Why;
  }

  bool VisitBreakStmt(BreakStmt *S) { return fail(S, "it has a break"); }
  bool VisitGotoStmt(GotoStmt *S) { return fail(S, "it has a goto"); }
  bool VisitReturnStmt(ReturnStmt *S) { return fail(S, "it has a return"); }
  /// A lambda's body runs where it is called: the effects analysis' (and
  /// its returns are its own).
  bool TraverseLambdaExpr(LambdaExpr *LE) {
    for (Expr *Init : LE->capture_inits())
      if (Init && !TraverseStmt(Init))
        return false;
    return true;
  }
  bool VisitArraySubscriptExpr(ArraySubscriptExpr *E) {
    if (Inner.count(E))
      return true;
    Subscripts S;
    const DeclRefExpr *Base = subscriptChain(E, S);
    const auto *VD = Base ? dyn_cast<VarDecl>(Base->getDecl()) : nullptr;
    const DistArray *A = VD ? C.P.arrayOfAnyDecl(VD) : nullptr;
    if (!A)
      return true;
    Bases.insert(Base);
    Inner.insert(S.Levels.begin(), S.Levels.end() - 1);
    std::vector<llvm::FoldingSetNodeID> Key(S.Levels.size());
    for (std::size_t D = 0; D < S.Levels.size(); ++D)
      S.sub(D)->IgnoreParenImpCasts()->Profile(Key[D], C.Ctx,
                                               /*Canonical=*/true);
    const bool Read = onlyRead(C.Ctx, E);
    Elements.push_back({A, E, Key, Read});
    if (Read)
      return true;
    // A reference or address handed on reaches the elements next to it.
    if (!assignedDirectly(C.Ctx, E))
      return fail(E, "an element of '" + A->Name +
                         "' is written other than by an assignment");
    bool AtIndex = false;
    for (std::size_t D = 0; D < S.Levels.size(); ++D)
      AtIndex |= bareVar(S.sub(D)) == IV;
    if (!AtIndex)
      return fail(E, "an element of '" + A->Name + "' is written without '" +
                         IV->getName().str() + "' as a subscript");
    UsesIndexInWrite = true;
    return true;
  }
  /// A distributed array named but not subscripted (handed whole to a
  /// call) may be written or read anywhere.
  bool VisitDeclRefExpr(DeclRefExpr *E) {
    const auto *VD = dyn_cast<VarDecl>(E->getDecl());
    const DistArray *A = VD ? C.P.arrayOfAnyDecl(VD) : nullptr;
    if (A && !Bases.count(E) && !unevaluated(C.Ctx, E))
      return fail(E, "'" + A->Name + "' is named, not subscripted,");
    return true;
  }

private:
  struct Element {
    const DistArray *Array;
    const Expr *At;
    std::vector<llvm::FoldingSetNodeID> Key; ///< the subscripts' profiles
    bool Read;
  };
  Context &C;
  const OwnerLoop &L;
  const VarDecl *IV;
  std::vector<Element> Elements;
  std::set<const Expr *> Inner;
  std::set<const DeclRefExpr *> Bases;
  bool UsesIndexInWrite = false;
  std::string Why;

  std::string at(const Stmt *S) const {
    return " at line " + lineOf(C.SM, S->getBeginLoc());
  }
  bool fail(const Stmt *S, const std::string &What) {
    Why = What + at(S);
    return false;
  }

  /// Reads of written arrays only at their write's element.
  std::string elements() const {
    std::map<const DistArray *, std::set<std::vector<llvm::FoldingSetNodeID>>>
        Written;
    for (const Element &E : Elements)
      if (!E.Read)
        Written[E.Array].insert(E.Key);
    if (Written.empty())
      return "it writes no distributed element";
    for (const Element &E : Elements) {
      auto It = Written.find(E.Array);
      if (It != Written.end() &&
          (It->second.size() != 1 || !It->second.count(E.Key)))
        return "'" + E.Array->Name + "' is used" + at(E.At) +
               " at another element than the one the iteration writes";
    }
    return "";
  }

  /// Nothing declared outside the body is written but the nest's
  /// reduction variables and the elements checked above (directly, not
  /// through a call), no array it writes is read through a call, and it
  /// neither throws, exits, does I/O nor reaches code not seen.
  std::string effects(const ForStmt *For) const {
    const FunctionDecl *Fn = enclosingFunction(C.Ctx, For);
    if (!Fn)
      return "it is not in a function";
    const effects::Effects E = C.Effects.ofStatement(For->getBody(), Fn);
    // A location reduction's if stays in the level iteration around it: its
    // ordinal is the indices of the levels (mpi/LocReduce.h).
    auto Reduction = [this](const VarDecl *V) {
      return std::any_of(L.Reductions.begin(), L.Reductions.end(),
                         [V](const LoopReduction &Red) {
                           return !Red.Loc && Red.Var->getCanonicalDecl() == V;
                         });
    };
    for (const auto &[V, W] : E.Writes)
      if (!W.Path.empty() || !(Reduction(V) || C.P.arrayOfAnyDecl(V)))
        return "'" + V->getName().str() + "' is written" +
               C.Effects.whereText(W);
    for (const auto &[V, W] : E.Reads)
      if (!W.Path.empty() && C.P.arrayOfAnyDecl(V) && E.Writes.count(V))
        return "'" + V->getName().str() + "', which it writes, is read" +
               C.Effects.whereText(W);
    if (auto [Does, W] = effects::firstOther(E); W)
      return "it " + Does + C.Effects.whereText(*W);
    return "";
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
    if (std::string Why = Proof(C, L, Lv.IndVar).run(F); !Why.empty())
      L.Unproven[F] = Why;
    else
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
