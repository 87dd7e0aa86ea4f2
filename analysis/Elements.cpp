//===- analysis/Elements.cpp - elements used in replicated code ----------===//
//
// Outside independent loops every rank runs the same code, so a
// distributed array can only be used there element by element: a read
// (every rank gets the owner's value) or an assignment `=` / `op=` whose
// value is not used (the owner stores), of the whole element or of a field
// (`A[k].p.x`). Every other use is an error.
//
//===----------------------------------------------------------------------===//
#include "Expressions.h"
#include "Phases.h"
#include "RowArgs.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace hpf::analysis {

namespace {

class UseChecker : public RecursiveASTVisitor<UseChecker> {
public:
  UseChecker(ASTContext &Ctx, Program &P,
             const std::set<const DeclRefExpr *> &Allowed, Reporter &R)
      : Ctx(Ctx), P(P), Allowed(Allowed), R(R) {}
  bool TraverseTypeAliasDecl(TypeAliasDecl *D) {
    if (D->getIdentifier() && pragma::parseCarrierName(D->getName().str()))
      return true; // carriers name arrays on purpose
    return RecursiveASTVisitor::TraverseTypeAliasDecl(D);
  }
  bool TraverseTypedefDecl(TypedefDecl *D) {
    if (D->getIdentifier() && pragma::parseCarrierName(D->getName().str()))
      return true; // carriers name arrays on purpose
    return RecursiveASTVisitor::TraverseTypedefDecl(D);
  }
  // Pre-order: the whole access M[i][j] is seen before M[i] and before its
  // base's DeclRefExpr.
  bool VisitArraySubscriptExpr(ArraySubscriptExpr *E) { return subscript(E); }
  bool VisitCXXOperatorCallExpr(CXXOperatorCallExpr *E) {
    return !isSubscript(E) || subscript(E);
  }
  bool subscript(const Expr *E) {
    if (Inner.count(E))
      return true;
    Subscripts S;
    const DeclRefExpr *Base = subscriptChain(E, S);
    if (!Base || Allowed.count(Base))
      return true;
    auto It = P.ArrayByVar.find(dyn_cast<VarDecl>(Base->getDecl()));
    if (It == P.ArrayByVar.end())
      return true;
    Inner.insert(S.Levels.begin(), S.Levels.end() - 1);
    Handled.insert(Base);
    element(E, S, It->second);
    return true;
  }
  bool VisitDeclRefExpr(DeclRefExpr *E) {
    const auto *VD = dyn_cast<VarDecl>(E->getDecl());
    auto It = P.ArrayByVar.find(VD);
    if (It == P.ArrayByVar.end() || Allowed.count(E) || Handled.count(E))
      return true;
    const DistArray &A = *It->second;
    R.error(E->getLocation(),
            "distributed array '" + A.Name + "' can only be used as '" +
                elementSpelling(A) +
                (A.rank() == 1 ? std::string("' in an independent loop over i")
                               : std::string("' in an independent loop nest")) +
                " or as an element '" + elementSpelling(A, "k") +
                "' in other code (other uses are not supported yet)");
    return true;
  }

private:
  ASTContext &Ctx;
  Program &P;
  const std::set<const DeclRefExpr *> &Allowed;
  std::set<const DeclRefExpr *> Handled;
  std::set<const Expr *> Inner; ///< M[i] inside M[i][j]
  Reporter &R;

  const Stmt *parentOf(const Stmt *S) {
    auto Ps = Ctx.getParents(*S);
    return Ps.empty() ? nullptr : Ps[0].get<Stmt>();
  }
  /// The nearest parent that is not a ParenExpr or ExprWithCleanups (and
  /// the child below it).
  const Stmt *userParent(const Stmt *&Child) {
    const Stmt *Par = parentOf(Child);
    while (Par && (isa<ParenExpr>(Par) || isa<ExprWithCleanups>(Par))) {
      Child = Par;
      Par = parentOf(Par);
    }
    return Par;
  }
  static const char *elemOp(BinaryOperatorKind K) {
    switch (K) {
    case BO_AddAssign:
      return "add";
    case BO_SubAssign:
      return "sub";
    case BO_MulAssign:
      return "mul";
    case BO_DivAssign:
      return "div";
    case BO_RemAssign:
      return "rem";
    case BO_ShlAssign:
      return "shl";
    case BO_ShrAssign:
      return "shr";
    case BO_AndAssign:
      return "bit_and";
    case BO_OrAssign:
      return "bit_or";
    case BO_XorAssign:
      return "bit_xor";
    default:
      return nullptr;
    }
  }

  /// Classifies A[k] (or a field of it, A[k].p.x) in replicated code: a
  /// read, the target of `=` or `op=` whose value is not used, or an error.
  void element(const Expr *E, const Subscripts &S, DistArray *A) {
    std::string N = A->Name;
    if (int(S.Levels.size()) < A->rank()) {
      replicatedRowError(R, E, S, *A,
                         A->Inherited || A->Dynamic ? nullptr : &A->Initial);
      return;
    }
    if (!wholeElement(R, E, S, *A, "k"))
      return;
    const Expr *Top = memberTop(Ctx, E);
    const Stmt *Child = Top;
    const Stmt *Par = userParent(Child);
    if (const auto *IC = dyn_cast_or_null<ImplicitCastExpr>(Par);
        (IC && IC->getCastKind() == CK_LValueToRValue) || onlyRead(Ctx, E) ||
        trivialCopySource(Ctx, Top)) {
      P.Elements.push_back({ElementAccess::Read, E, S, nullptr, "", A, ""});
      return;
    }
    // The target of `=` / `op=`: a built-in assignment, or the trivial
    // copy assignment of a class.
    const Expr *Assignment = nullptr, *RHS = nullptr;
    SourceLocation OpLoc;
    std::string Op;
    if (const auto *BO = dyn_cast_or_null<BinaryOperator>(Par);
        BO && BO->isAssignmentOp() && BO->getLHS() == Child) {
      Assignment = BO;
      RHS = BO->getRHS();
      OpLoc = BO->getOperatorLoc();
      Op = BO->getOpcode() == BO_Assign ? "" : elemOp(BO->getOpcode());
    } else if (const auto *OC = dyn_cast_or_null<CXXOperatorCallExpr>(Par);
               OC && OC->getOperator() == OO_Equal && OC->getNumArgs() == 2 &&
               OC->getArg(0) == Child) {
      const auto *M = dyn_cast_or_null<CXXMethodDecl>(OC->getCalleeDecl());
      if (M && M->isTrivial()) {
        Assignment = OC;
        RHS = OC->getArg(1);
        OpLoc = OC->getOperatorLoc();
      }
    }
    if (Assignment) {
      const Stmt *AChild = Assignment;
      const Stmt *Use = userParent(AChild);
      if (Use && isa<Expr>(Use)) {
        R.error(OpLoc, "the value of an assignment to an element of "
                       "distributed array '" +
                           N + "' cannot be used (not supported yet)");
        return;
      }
      if (OpLoc.isMacroID() || Top->getEndLoc().isMacroID()) {
        R.error(OpLoc, "assignment to an element of distributed array '" + N +
                           "' must be written outside macros");
        return;
      }
      // `.p.x` as written between `]` and the operator.
      std::string Member;
      if (Top != E)
        Member = Lexer::getSourceText(
                     CharSourceRange::getTokenRange(
                         Lexer::getLocForEndOfToken(rbracketLoc(E), 0,
                                                    Ctx.getSourceManager(),
                                                    Ctx.getLangOpts()),
                         Top->getEndLoc()),
                     Ctx.getSourceManager(), Ctx.getLangOpts())
                     .str();
      P.Elements.push_back(
          {Op.empty() ? ElementAccess::Assign : ElementAccess::Compound, E, S,
           RHS, Op, A, Member});
      return;
    }
    if (const auto *UO = dyn_cast_or_null<UnaryOperator>(Par);
        UO && UO->isIncrementDecrementOp()) {
      R.error(UO->getOperatorLoc(),
              "'++'/'--' on an element of distributed array '" + N +
                  "' is not supported; write '" + N + "[k]" +
                  (Top != E ? std::string(".field") : "") + " += 1'");
      return;
    }
    R.error(E->getBeginLoc(),
            "element of distributed array '" + N +
                "' can only be read or assigned ('=', 'op='), whole or "
                "field by field, outside independent loops (no address, "
                "reference or member function call)");
  }
};

} // namespace

void Elements::check(const CheckedRefs &Checked) {
  UseChecker U(Ctx, P, Checked, R);
  U.TraverseDecl(Ctx.getTranslationUnitDecl());
  groupOwnerReads(Ctx, P);
}

} // namespace hpf::analysis
