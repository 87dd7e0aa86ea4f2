//===- analysis/replicated/Elements.cpp - elements in replicated code -----===//
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
#include "declarations/Members.h"
#include "reads/RowArgs.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/StringExtras.h"

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
  // Unevaluated operands (`sizeof(A)`, `sizeof(A[0])`, `alignof`,
  // `noexcept(...)`, `decltype(A)`) read no element: their value is known
  // at compile time, and the rewrite writes the sequential one (the array
  // becomes an hpf::darray, whose size and type are not the array's).
  // So are the size and alignment of a class that owns distributed members
  // (`sizeof(Rod)`, `sizeof R`: its members become hpf::darrays).
  bool TraverseUnaryExprOrTypeTraitExpr(UnaryExprOrTypeTraitExpr *E) {
    if (!ownsDistributedMember(E->getTypeOfArgument()) &&
        (E->isArgumentType() || !mentions(E->getArgumentExpr()) ||
         E->getArgumentExpr()->getType()->isVariablyModifiedType()))
      return RecursiveASTVisitor::TraverseUnaryExprOrTypeTraitExpr(E);
    fold(E, [&]() -> std::optional<std::string> {
      Expr::EvalResult V;
      if (!E->EvaluateAsInt(V, Ctx))
        return std::nullopt;
      return "static_cast<" + typeText(E->getType()) + ">(" +
             llvm::toString(V.Val.getInt(), 10) + ")";
    });
    return true;
  }
  bool TraverseCXXNoexceptExpr(CXXNoexceptExpr *E) {
    if (!mentions(E->getOperand()))
      return RecursiveASTVisitor::TraverseCXXNoexceptExpr(E);
    fold(E, [&]() -> std::optional<std::string> {
      return E->getValue() ? "true" : "false";
    });
    return true;
  }
  bool TraverseDecltypeTypeLoc(DecltypeTypeLoc TL) {
    if (!mentions(TL.getUnderlyingExpr()))
      return RecursiveASTVisitor::TraverseDecltypeTypeLoc(TL);
    SourceRange Range(TL.getDecltypeLoc(), TL.getRParenLoc());
    if (Range.getBegin().isMacroID() || Range.getEnd().isMacroID()) {
      unevaluatedInMacro(TL.getUnderlyingExpr());
      return true;
    }
    // __typeof__(T) names any type where a type name stands (T[20] as
    // written would not).
    P.Folded.push_back(
        {Range,
         "__typeof__(" + typeText(TL.getTypePtr()->getUnderlyingType()) + ")"});
    return true;
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
  /// S names a distributed array.
  bool mentions(const Stmt *S) const {
    return !forEachDeclRef(S, [&](const DeclRefExpr *R) {
      return !P.ArrayByVar.count(dyn_cast<VarDecl>(R->getDecl()));
    });
  }
  std::string typeText(QualType T) const {
    PrintingPolicy PP(Ctx.getLangOpts());
    PP.FullyQualifiedName = true;
    PP.SuppressScope = false;
    PP.PrintCanonicalTypes = true;
    return T.getCanonicalType().getAsString(PP);
  }
  /// Replaces the unevaluated expression E by Value(); in a macro, the
  /// whole expansion (`COUNT(A)` for `sizeof(a) / sizeof(a[0])`) by its
  /// value, if it is a constant.
  void fold(const Expr *E,
            llvm::function_ref<std::optional<std::string>()> Value) {
    const SourceManager &SM = Ctx.getSourceManager();
    if (!E->getBeginLoc().isMacroID() && !E->getEndLoc().isMacroID()) {
      if (std::optional<std::string> Text = Value())
        P.Folded.push_back({E->getSourceRange(), "(" + *Text + ")"});
      return;
    }
    // `sizeof(a) / sizeof((a)[0])` in one macro: its expansion, once.
    for (const FoldedUse &F : P.Folded)
      if (F.Range == SM.getExpansionRange(E->getSourceRange()).getAsRange())
        return;
    // The outermost expression of the same macro expansion.
    const CharSourceRange Expansion = SM.getExpansionRange(E->getSourceRange());
    const Stmt *Top = E;
    for (const Stmt *S = E; S;) {
      auto Ps = Ctx.getParents(*S);
      const Stmt *Par = Ps.empty() ? nullptr : Ps[0].get<Stmt>();
      // Not into a conversion the macro's user wrote around it
      // (`int(COUNT(A))`): the value keeps the macro's own type.
      if (!Par || !isa<Expr>(Par) || isa<ImplicitCastExpr>(Par))
        break;
      CharSourceRange PR = SM.getExpansionRange(Par->getSourceRange());
      if (PR.getBegin() != Expansion.getBegin() ||
          PR.getEnd() != Expansion.getEnd())
        break;
      Top = S = Par;
    }
    const auto *TopE = cast<Expr>(Top);
    Expr::EvalResult V;
    if (TopE->getType()->isIntegralOrEnumerationType() &&
        TopE->EvaluateAsInt(V, Ctx) && Expansion.isTokenRange()) {
      P.Folded.push_back({Expansion.getAsRange(),
                          "(static_cast<" + typeText(TopE->getType()) + ">(" +
                              llvm::toString(V.Val.getInt(), 10) + "))"});
      return;
    }
    unevaluatedInMacro(E);
  }
  void unevaluatedInMacro(const Expr *E) {
    R.error(E->getBeginLoc(),
            "a distributed array in an unevaluated operand ('sizeof', "
            "'alignof', 'noexcept', 'decltype') inside a macro must be the "
            "whole macro's value and a constant (hpfcc writes the "
            "sequential value in place of the macro); write it outside the "
            "macro");
  }

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

  /// `Z[k].imag()`: a const member function returning a value is a read
  /// of a copy (Child: the element, or the field of it, called on).
  bool constMemberValue(const Stmt *Par, const Stmt *Child) {
    // The const a const member function's object gets first.
    if (const auto *NC = dyn_cast_or_null<ImplicitCastExpr>(Par);
        NC && NC->getCastKind() == CK_NoOp) {
      Child = NC;
      Par = userParent(Child);
    }
    const auto *ME = dyn_cast_or_null<MemberExpr>(Par);
    const auto *M = ME ? dyn_cast<CXXMethodDecl>(ME->getMemberDecl()) : nullptr;
    if (!M || ME->getBase() != Child || ME->isArrow() || !M->isConst())
      return false;
    const QualType R = M->getReturnType();
    return !R->isReferenceType() && !R->isPointerType();
  }

  /// `.p.x` as written between the `]` of element E and the end of Top,
  /// the field of it that is used (empty: the whole element).
  std::string memberText(const Expr *E, const Expr *Top) {
    if (Top == E)
      return "";
    return Lexer::getSourceText(
               CharSourceRange::getTokenRange(
                   Lexer::getLocForEndOfToken(rbracketLoc(E), 0,
                                              Ctx.getSourceManager(),
                                              Ctx.getLangOpts()),
                   Top->getEndLoc()),
               Ctx.getSourceManager(), Ctx.getLangOpts())
        .str();
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
        trivialCopySource(Ctx, Top) || constMemberValue(Par, Child)) {
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
               OC && OC->isAssignmentOp() && OC->getNumArgs() == 2 &&
               OC->getArg(0) == Child) {
      // The trivial copy assignment of a class, or an assignment operator
      // of the standard library's (`Z[k] *= 2.0` on a std::complex): the
      // owner applies it (a user's operator may do more than assign).
      const auto *F = dyn_cast_or_null<FunctionDecl>(OC->getCalleeDecl());
      const auto *M = dyn_cast_or_null<CXXMethodDecl>(F);
      const BinaryOperatorKind K =
          BinaryOperator::getOverloadedOpcode(OC->getOperator());
      if ((M && M->isTrivial()) ||
          (F && (F->isInStdNamespace() ||
                 (M && M->getParent()->isInStdNamespace())))) {
        Assignment = OC;
        RHS = OC->getArg(1);
        OpLoc = OC->getOperatorLoc();
        Op = K == BO_Assign ? "" : elemOp(K);
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
      P.Elements.push_back(
          {Op.empty() ? ElementAccess::Assign : ElementAccess::Compound, E, S,
           RHS, Op, A, memberText(E, Top)});
      return;
    }
    // `in >> A[k]`: an operator>> given the element by non-const reference
    // (a const one or a value is a read, above) extracts into it.
    if (const auto *OC = dyn_cast_or_null<CXXOperatorCallExpr>(Par);
        OC && OC->getOperator() == OO_GreaterGreater && OC->getNumArgs() == 2 &&
        OC->getArg(1) == Child) {
      if (Top->getEndLoc().isMacroID() || E->getBeginLoc().isMacroID()) {
        R.error(OC->getOperatorLoc(),
                "extraction into an element of distributed array '" + N +
                    "' must be written outside macros");
        return;
      }
      P.Elements.push_back(
          {ElementAccess::Extract, E, S, nullptr, "", A, memberText(E, Top)});
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
                "' can only be read, assigned ('=', 'op=') or extracted "
                "into ('in >> A[k]'), whole or field by field, outside "
                "independent loops (no address, reference or member "
                "function call)");
  }
};

} // namespace

void Elements::check(const CheckedRefs &Checked) {
  UseChecker U(Ctx, P, Checked, R);
  U.TraverseDecl(Ctx.getTranslationUnitDecl());
  groupOwnerReads(Ctx, P);
  batchLoopReads(C);
}

} // namespace hpf::analysis
