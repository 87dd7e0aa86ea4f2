//===- analysis/replicated/RangeFor.cpp - range-for over arrays -----------===//
//
// `for (double x : A)`, `for (const auto &x : A)`, `for (auto &x : V)` over
// a whole one-dimensional distributed array or vector. The iterators of a
// range-for would see only this rank's part of the array, so the loop's
// range is replaced as a whole:
//  - in replicated code (every rank runs the loop) by a copy of the array
//    gathered on every rank before the loop (one MPI_Allgatherv, not one
//    collective per element); the body runs on it as sequentially, its
//    output once (replicated I/O). A loop variable that is a non-const
//    reference writes the copy: after the loop each rank stores the
//    elements it owns back into the array (no message). The body may not
//    change the array otherwise (the copy would not see it), and a writing
//    loop may not read it otherwise either.
//  - after `#pragma hpf independent [reduction(...)]` by the elements this
//    rank owns, as an independent loop over i reads `A[i]`: the body runs
//    once per element on its owner, and its reductions combine after the
//    loop. Like an algorithm's function, the body may write only its own
//    variables, the element (through a reference) and the reduction
//    variables (with their operator), read no other distributed array, do
//    no I/O, not throw or end the process.
//
//===----------------------------------------------------------------------===//
#include "Expressions.h"
#include "replicated/Ranges.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"

using namespace clang;

namespace hpf::analysis {

namespace {

class RangeForFinder : public RecursiveASTVisitor<RangeForFinder> {
public:
  std::vector<const CXXForRangeStmt *> Loops;
  bool shouldVisitTemplateInstantiations() const { return false; }
  bool VisitCXXForRangeStmt(CXXForRangeStmt *S) {
    Loops.push_back(S);
    return true;
  }
};

class RangeFors : public RangeReader {
public:
  RangeFors(Context &C, CheckedRefs &Checked) : RangeReader(C, Checked) {}

  void run(std::set<const Stmt *> &Independent) {
    std::map<const Stmt *, const ParsedDirective *> Marked;
    for (const ParsedDirective &D : C.State.Directives) {
      if (D.Dir.Kind != pragma::DirectiveKind::Independent)
        continue;
      auto It = C.P.Anchors.find(D.Id);
      if (It == C.P.Anchors.end())
        continue;
      if (const auto *S =
              dyn_cast_or_null<CXXForRangeStmt>(stmtAfter(D, It->second)))
        Marked[S] = &D;
    }
    for (const auto &[S, D] : Marked)
      IndependentRangeFors.insert(S);
    Independent = IndependentRangeFors;
    RangeForFinder F;
    F.TraverseDecl(C.Ctx.getTranslationUnitDecl());
    for (const CXXForRangeStmt *S : F.Loops) {
      auto It = Marked.find(S);
      const ParsedDirective *D = It == Marked.end() ? nullptr : It->second;
      const auto *Ref = dyn_cast<DeclRefExpr>(
          S->getRangeInit()->IgnoreParenImpCasts());
      DistArray *A = arrayOf(Ref);
      if (!A || Checked.count(Ref)) {
        if (D)
          C.R.error(S->getColonLoc(),
                    "an independent range-for must run over a whole "
                    "distributed array or vector ('for (double x : A)'); "
                    "write an index loop over the array it works on");
        continue;
      }
      Checked.insert(Ref);
      loop(S, Ref, *A, D);
    }
  }

private:
  void refuse(const CXXForRangeStmt *S, SourceLocation At,
              const std::string &Why) {
    C.R.error(At, Why);
    claimAll(S);
  }

  void loop(const CXXForRangeStmt *S, const DeclRefExpr *Ref, DistArray &A,
            const ParsedDirective *D) {
    const std::string Of =
        "range-for over distributed array '" + A.Name + "'";
    if (A.rank() != 1) {
      refuse(S, Ref->getLocation(),
             Of + " of rank " + std::to_string(A.rank()) +
                 ": its elements are rows; only one-dimensional arrays are "
                 "supported (write an index loop nest)");
      return;
    }
    if (!inFile(S->getRangeInit()) || S->getBeginLoc().isMacroID()) {
      refuse(S, Ref->getLocation(),
             Of + " must be written outside macros (hpfcc rewrites its "
                  "range)");
      return;
    }
    // An independent range-for is in IndependentRangeFors itself.
    if (const Stmt *Outer = D ? parentOf(S) : S; Outer && inLoop(Outer)) {
      refuse(S, Ref->getLocation(),
             Of + " in an independent loop: a loop over a whole "
                  "distributed array runs on every rank together, in "
                  "replicated code, and the loop's iterations run on "
                  "different ranks; use the element of the iteration");
      return;
    }
    const VarDecl *X = S->getLoopVariable();
    RangeForLoop L;
    L.Loop = S;
    L.Array = &A;
    L.Name = text(S->getRangeInit());
    L.Writes = X->getType()->isLValueReferenceType() &&
               !X->getType()->getPointeeType().isConstQualified();
    if (D) {
      if (!independent(S, A, *D, L))
        return;
    } else if (!replicated(S, A, L)) {
      return;
    }
    // A replicated body's elements stay replicated code's (Elements.cpp);
    // an independent body uses no distributed array.
    C.P.RangeFors.push_back(std::move(L));
  }

  /// The body's own uses of the array (Ref: any; else writes), and its
  /// calls' writes of it.
  bool replicated(const CXXForRangeStmt *S, const DistArray &A,
                  RangeForLoop &L) {
    const FunctionDecl *Fn = enclosingFunction(C.Ctx, S);
    const char *Copy =
        "the loop runs over a copy of the array gathered before it, ";
    bool Ok = true;
    forEachStmt(S->getBody(), [&](const Stmt *St) {
      const auto *R = dyn_cast<DeclRefExpr>(St);
      if (!R || arrayOf(R) != &A)
        return true;
      const Expr *Use = R;
      // Up to the element: through the decay and the subscripts of which
      // it is the base.
      const Stmt *P = parentOf(R);
      while (P && isa<ImplicitCastExpr>(P) &&
             cast<ImplicitCastExpr>(P)->getCastKind() !=
                 CK_LValueToRValue) {
        Use = cast<Expr>(P);
        P = parentOf(P);
      }
      if (const auto *E = dyn_cast_or_null<Expr>(P);
          E && isSubscript(E) &&
          subscriptBase(E)->IgnoreParenImpCasts() == R)
        Use = E;
      if (L.Writes || !onlyRead(C.Ctx, Use)) {
        refuse(S, R->getLocation(),
               "distributed array '" + A.Name + "' is " +
                   (L.Writes ? "used" : "changed") +
                   " in the body of a range-for over it that " +
                   (L.Writes ? "writes its elements" : "reads its elements") +
                   ": " + Copy +
                   (L.Writes ? "and stores its elements back after it; "
                               "change the elements through the loop "
                               "variable only, or write an index loop"
                             : "which would not see the change; write an "
                               "index loop"));
        Ok = false;
      }
      return Ok;
    });
    if (!Ok || !Fn)
      return Ok;
    const effects::Effects Eff = C.Effects.ofStatement(S->getBody(), Fn);
    for (const auto *M : {&Eff.Writes, &Eff.PassedWrites})
      for (const auto &[V, W] : *M)
        if (C.P.arrayOfAnyDecl(V) == &A) {
          refuse(S, W.Loc,
                 "distributed array '" + A.Name +
                     "' is changed here, in the body of a range-for over "
                     "it" +
                     (W.Path.empty() ? std::string()
                                     : " (through " + C.Effects.pathText(W) +
                                           ")") +
                     ": " + Copy + "which would not see the change; write "
                                   "an index loop");
          return false;
        }
    C.R.remark(S->getColonLoc(),
               "range-for over distributed array '" + A.Name +
                   "' in replicated code: the array is gathered on every "
                   "rank before the loop (one MPI_Allgatherv, O(N) memory "
                   "per rank) and the loop runs over the copy" +
                   (L.Writes ? "; after it each rank stores the elements it "
                               "owns back (no message)"
                             : ""));
    return true;
  }

  /// An independent range-for: its reductions and the body's effects.
  bool independent(const CXXForRangeStmt *S, const DistArray &A,
                   const ParsedDirective &D, RangeForLoop &L) {
    L.DirId = int(D.Id);
    const std::string Loop =
        "the independent range-for over '" + A.Name + "'";
    std::set<const VarDecl *> Reduced;
    for (const pragma::ReductionClause &RC : D.Dir.Reductions)
      for (std::size_t K = 0; K < RC.Vars.size(); ++K) {
        const pragma::NameRef &N = RC.Vars[K];
        const VarDecl *VD = C.slotVar(D, N.Tok, "a reduction variable");
        if (!VD) {
          claimAll(S);
          return false;
        }
        if (C.P.ArrayByVar.count(VD) ||
            !VD->getType().getNonReferenceType()->isArithmeticType() ||
            (K < RC.Sections.size() && RC.Sections[K].Has)) {
          refuse(S, D.locOf(N.Tok),
                 "a reduction variable of an independent range-for must be "
                 "a scalar that is not distributed (array reductions: write "
                 "an index loop)");
          return false;
        }
        LoopReduction Red;
        Red.Op = RC.Op;
        Red.Var = VD;
        L.Reductions.push_back(Red);
        Reduced.insert(VD->getCanonicalDecl());
      }
    const VarDecl *X = S->getLoopVariable();
    bool Ok = true;
    forEachStmt(S->getBody(), [&](const Stmt *St) {
      const auto *R = dyn_cast<DeclRefExpr>(St);
      if (!R)
        return true;
      if (const DistArray *B = arrayOf(R)) {
        refuse(S, R->getLocation(),
               "distributed array '" + B->Name + "' is used in " + Loop +
                   ", whose iterations run on the ranks that own their "
                   "elements: use the loop variable, or write an index "
                   "loop over i that reads '" +
                   B->Name + "[i]'");
        Ok = false;
        return false;
      }
      const auto *V = dyn_cast<VarDecl>(R->getDecl());
      if (V && Reduced.count(V->getCanonicalDecl()) && !update(R, L)) {
        refuse(S, R->getLocation(),
               "'" + V->getName().str() +
                   "' is in a reduction clause of " + Loop +
                   ": the loop may only update it with the clause's "
                   "operator ('s += e', 's *= e', 's = std::min(s, e)', "
                   "...) and not read it otherwise");
        Ok = false;
        return false;
      }
      return true;
    });
    if (!Ok)
      return false;
    const FunctionDecl *Fn = enclosingFunction(C.Ctx, S);
    if (!Fn)
      return true;
    const effects::Effects Eff = C.Effects.ofStatement(S->getBody(), Fn);
    const std::string Runs =
        ", and the body runs on the rank that owns each element";
    for (const auto &[V, W] : Eff.Writes) {
      if (V->getCanonicalDecl() == X->getCanonicalDecl() ||
          Reduced.count(V->getCanonicalDecl()))
        continue;
      refuse(S, W.Loc,
             "'" + V->getName().str() + "' is written here, in " + Loop +
                 Runs + ": each rank would keep a different value; add it "
                        "to a reduction clause, or declare it in the body");
      return false;
    }
    for (const auto *M : {&Eff.Reads})
      for (const auto &[V, W] : *M)
        if (const DistArray *B = C.P.arrayOfAnyDecl(V)) {
          refuse(S, W.Loc,
                 "distributed array '" + B->Name + "' is read here, by " +
                     Loop + Runs +
                     ": an element read there is collective and ranks run "
                     "different elements; write an index loop");
          return false;
        }
    effects::Effects Known = Eff;
    Known.Opaque.reset();
    Known.Callback.reset();
    if (auto [What, W] = effects::firstOther(Known); W) {
      refuse(S, W->Loc,
             Loop + " " + What + Runs +
                 ": ranks would do it for their own elements only, in "
                 "another order; write an index loop, or leave out the "
                 "directive");
      return false;
    }
    if (auto [What, W] = effects::firstOther(Eff); W)
      C.R.warning(W->Loc, Loop + " " + What +
                              ": hpfcc assumes it changes nothing outside "
                              "it and does no I/O");
    C.R.remark(S->getColonLoc(),
               "independent range-for over distributed array '" + A.Name +
                   "': each rank runs the elements it owns" +
                   (L.Reductions.empty()
                        ? std::string()
                        : ", then one MPI_Allreduce per reduction variable"));
    return true;
  }

  /// R (a reduction variable of L) is updated with its operator: `s op= e`
  /// (`-=` for +), `++s`/`--s` (+), `s = s op e`, `s = e op s`, or `s =
  /// std::min(s, e)` / `std::max` (min, max); or R is the `s` read on the
  /// right of such an assignment.
  bool update(const DeclRefExpr *R, const RangeForLoop &L) const {
    pragma::ReductionOp Op = pragma::ReductionOp::Sum;
    for (const LoopReduction &Red : L.Reductions)
      if (Red.Var->getCanonicalDecl() == R->getDecl()->getCanonicalDecl())
        Op = Red.Op;
    using RO = pragma::ReductionOp;
    auto Binary = [&](BinaryOperatorKind K) {
      switch (Op) {
      case RO::Sum:
        return K == BO_Add || K == BO_Sub || K == BO_AddAssign ||
               K == BO_SubAssign;
      case RO::Product:
        return K == BO_Mul || K == BO_MulAssign;
      case RO::BitXor:
        return K == BO_Xor || K == BO_XorAssign;
      case RO::BitAnd:
        return K == BO_And || K == BO_AndAssign;
      case RO::BitOr:
        return K == BO_Or || K == BO_OrAssign;
      case RO::LogicalAnd:
        return K == BO_LAnd;
      case RO::LogicalOr:
        return K == BO_LOr;
      default:
        return false;
      }
    };
    auto Same = [&](const Expr *E) {
      const auto *D = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
      return D && D->getDecl()->getCanonicalDecl() ==
                      R->getDecl()->getCanonicalDecl();
    };
    // The assignment `s = <rhs>` whose rhs combines s: is it of the clause?
    auto Rhs = [&](const Expr *E) {
      E = E->IgnoreParenImpCasts();
      if (const auto *B = dyn_cast<BinaryOperator>(E))
        return Binary(B->getOpcode()) &&
               (Same(B->getLHS()) ||
                (B->getOpcode() != BO_Sub && Same(B->getRHS())));
      if (const auto *CE = dyn_cast<CallExpr>(E)) {
        const FunctionDecl *FD = CE->getDirectCallee();
        if (!FD || !FD->isInStdNamespace() || !FD->getIdentifier() ||
            CE->getNumArgs() != 2)
          return false;
        return ((FD->getName() == "min" && Op == RO::Min) ||
                (FD->getName() == "max" && Op == RO::Max)) &&
               (Same(CE->getArg(0)) || Same(CE->getArg(1)));
      }
      return false;
    };
    const Stmt *P = parentOf(R);
    while (P && isa<ImplicitCastExpr, ParenExpr>(P))
      P = parentOf(P);
    if (const auto *U = dyn_cast_or_null<UnaryOperator>(P))
      return U->isIncrementDecrementOp() && Op == RO::Sum;
    if (const auto *B = dyn_cast_or_null<BinaryOperator>(P)) {
      if (B->getLHS()->IgnoreParens() == R) {
        if (B->getOpcode() == BO_Assign)
          return Rhs(B->getRHS());
        return B->isCompoundAssignmentOp() && Binary(B->getOpcode());
      }
    }
    // A read: the s of `s = s op e` or `s = std::min(s, e)`.
    for (const Stmt *Up = P; Up; Up = parentOf(Up)) {
      if (const auto *B = dyn_cast<BinaryOperator>(Up);
          B && B->getOpcode() == BO_Assign && Same(B->getLHS()))
        return Rhs(B->getRHS());
      if (!isa<Expr>(Up))
        return false;
    }
    return false;
  }
};

} // namespace

void checkRangeFors(Context &C, CheckedRefs &Checked,
                    std::set<const Stmt *> &Independent) {
  RangeFors(C, Checked).run(Independent);
}

} // namespace hpf::analysis
