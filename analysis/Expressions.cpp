//===- analysis/Expressions.cpp - questions about expressions -------------===//
#include "Expressions.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

#include <string_view>
#include <vector>

using namespace clang;

namespace hpf::analysis {

namespace {
const CXXOperatorCallExpr *vectorSubscript(const Expr *E) {
  const auto *OC = dyn_cast<CXXOperatorCallExpr>(E);
  return OC && OC->getOperator() == OO_Subscript && OC->getNumArgs() == 2
             ? OC
             : nullptr;
}
} // namespace

std::string expansionText(ASTContext &Ctx, const Expr *E) {
  const SourceManager &SM = Ctx.getSourceManager();
  return Lexer::getSourceText(SM.getExpansionRange(E->getSourceRange()), SM,
                              Ctx.getLangOpts())
      .str();
}

bool isSubscript(const Expr *E) {
  return isa<ArraySubscriptExpr>(E) || vectorSubscript(E);
}
const Expr *subscriptBase(const Expr *E) {
  if (const auto *OC = vectorSubscript(E))
    return OC->getArg(0);
  return cast<ArraySubscriptExpr>(E)->getBase();
}
const Expr *subscriptIndex(const Expr *E) {
  if (const auto *OC = vectorSubscript(E))
    return OC->getArg(1);
  return cast<ArraySubscriptExpr>(E)->getIdx();
}
SourceLocation rbracketLoc(const Expr *E) {
  if (const auto *OC = vectorSubscript(E))
    return OC->getRParenLoc();
  return cast<ArraySubscriptExpr>(E)->getRBracketLoc();
}

QualType vectorElement(QualType T) {
  const auto *RD = T.getNonReferenceType()->getAsCXXRecordDecl();
  const auto *Spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(RD);
  if (!Spec || !Spec->isInStdNamespace() || Spec->getName() != "vector" ||
      Spec->getTemplateArgs().size() < 1 ||
      Spec->getTemplateArgs()[0].getKind() != TemplateArgument::Type)
    return QualType();
  return Spec->getTemplateArgs()[0].getAsType();
}

const Expr *Subscripts::base() const { return subscriptBase(Levels.front()); }
const Expr *Subscripts::sub(std::size_t D) const {
  return subscriptIndex(Levels[D]);
}

const DeclRefExpr *subscriptChain(const Expr *E, Subscripts &S) {
  std::vector<const Expr *> Rev;
  for (const Expr *Cur = E;;) {
    Rev.push_back(Cur);
    const Expr *B = subscriptBase(Cur)->IgnoreParenImpCasts();
    if (isa<ArraySubscriptExpr>(B) && B->getType()->isArrayType()) {
      Cur = B;
      continue;
    }
    S.Levels.assign(Rev.rbegin(), Rev.rend());
    return dyn_cast<DeclRefExpr>(B);
  }
}

namespace {

/// True if every subscript is written `X[k]` (not `k[X]`) outside macros.
bool plainSubscripts(const Subscripts &S) {
  for (const Expr *L : S.Levels) {
    const auto *AS = dyn_cast<ArraySubscriptExpr>(L);
    if ((AS && AS->getLHS()->IgnoreParenImpCasts() !=
                   AS->getBase()->IgnoreParenImpCasts()) ||
        L->getBeginLoc().isMacroID() || rbracketLoc(L).isMacroID())
      return false;
  }
  return true;
}

} // namespace

std::string subscriptSpelling(const DistArray &A, std::size_t K,
                              const char *First) {
  static const char *const Names[] = {"j", "k", "l", "m"};
  std::string S = A.Name;
  if (K > 0)
    S += std::string("[") + First + "]";
  std::size_t Next = 0;
  for (std::size_t D = 1; D < K; ++D) {
    while (Next < 4 && std::string_view(Names[Next]) == First)
      ++Next;
    S += std::string("[") + (Next < 4 ? Names[Next++] : "...") + "]";
  }
  return S;
}

std::string elementSpelling(const DistArray &A, const char *First) {
  return subscriptSpelling(A, std::size_t(A.rank()), First);
}

bool wholeElement(Reporter &R, const Expr *E, const Subscripts &S,
                  const DistArray &A, const char *First, bool AllowRow) {
  if (int(S.Levels.size()) != A.rank() &&
      !(AllowRow && int(S.Levels.size()) < A.rank())) {
    R.error(E->getBeginLoc(),
            "'" + A.Name + "' has " + std::to_string(A.rank()) +
                " dimensions: use its elements as '" +
                elementSpelling(A, First) +
                "' (rows of a distributed array are not supported)");
    return false;
  }
  if (!plainSubscripts(S)) {
    R.error(E->getBeginLoc(),
            "element of distributed array '" + A.Name + "' must be written '" +
                elementSpelling(A, First) + "' outside macros");
    return false;
  }
  return true;
}

namespace {

/// True if Arg, an argument of call Par, binds to a reference to const (a
/// read, as long as the call does not hand the reference back: then the
/// call's own use decides, see onlyRead).
bool constRefArgument(const Stmt *Par, const Stmt *Arg) {
  const FunctionDecl *F = nullptr;
  llvm::ArrayRef<const Expr *> Args;
  unsigned Skip = 0;
  if (const auto *CE = dyn_cast<CallExpr>(Par)) {
    F = CE->getDirectCallee();
    Args = llvm::ArrayRef(CE->getArgs(), CE->getNumArgs());
    // a @ b as an operator member: the object is not a parameter.
    if (isa<CXXOperatorCallExpr>(CE) && isa_and_nonnull<CXXMethodDecl>(F))
      Skip = 1;
  } else if (const auto *CC = dyn_cast<CXXConstructExpr>(Par)) {
    F = CC->getConstructor();
    Args = llvm::ArrayRef(CC->getArgs(), CC->getNumArgs());
  }
  if (!F)
    return false;
  for (unsigned K = Skip; K < Args.size(); ++K) {
    if (Args[K] != Arg)
      continue;
    if (K - Skip >= F->getNumParams())
      return false;
    QualType T = F->getParamDecl(K - Skip)->getType();
    return T->isLValueReferenceType() && T->getPointeeType().isConstQualified();
  }
  return false;
}

} // namespace

bool forEachStmt(const Stmt *S, llvm::function_ref<bool(const Stmt *)> F) {
  std::vector<const Stmt *> Todo{S};
  while (!Todo.empty()) {
    const Stmt *T = Todo.back();
    Todo.pop_back();
    if (!T)
      continue;
    if (!F(T))
      return false;
    Todo.insert(Todo.end(), T->child_begin(), T->child_end());
  }
  return true;
}

bool forEachDeclRef(const Stmt *S,
                    llvm::function_ref<bool(const DeclRefExpr *)> F) {
  return forEachStmt(S, [&](const Stmt *T) {
    const auto *R = dyn_cast<DeclRefExpr>(T);
    return !R || F(R);
  });
}

const Stmt *lambdaUnsafe(ASTContext &Ctx, const Stmt *S) {
  if (!S)
    return nullptr;
  const SourceManager &SM = Ctx.getSourceManager();
  const SourceLocation Begin = SM.getExpansionLoc(S->getBeginLoc()),
                       End = SM.getExpansionLoc(S->getEndLoc());
  auto Outside = [&](const Decl *D) {
    return !SM.isPointWithin(SM.getExpansionLoc(D->getLocation()), Begin, End);
  };
  const Stmt *Unsafe = nullptr;
  forEachStmt(S, [&](const Stmt *T) {
    if (isa<LabelStmt, PredefinedExpr, SourceLocExpr, IndirectGotoStmt,
            CoroutineBodyStmt, CoreturnStmt, CoawaitExpr, CoyieldExpr>(T))
      Unsafe = T;
    if (const auto *DS = dyn_cast<DeclStmt>(T))
      for (const Decl *D : DS->decls())
        if (const auto *VD = dyn_cast<VarDecl>(D);
            VD &&
            (VD->isStaticLocal() || VD->getTLSKind() != VarDecl::TLS_None))
          Unsafe = T;
    if (const auto *DRE = dyn_cast<DeclRefExpr>(T)) {
      const ValueDecl *D = DRE->getDecl();
      const auto *V = dyn_cast<VarDecl>(D);
      if ((isa<BindingDecl>(D) || (V && !V->getIdentifier())) && Outside(D))
        Unsafe = T;
    }
    return !Unsafe;
  });
  return Unsafe;
}

const FunctionDecl *enclosingFunction(ASTContext &Ctx, const Stmt *S) {
  DynTypedNode N = DynTypedNode::create(*S);
  for (;;) {
    auto Ps = Ctx.getParents(N);
    if (Ps.empty())
      return nullptr;
    N = Ps[0];
    if (const auto *LE = N.get<LambdaExpr>())
      return LE->getCallOperator();
    if (const auto *FD = N.get<FunctionDecl>())
      return FD;
    if (N.get<Decl>() && !N.get<VarDecl>())
      return nullptr; // a global's initializer, a block, a captured region
  }
}

bool leavesEarly(const Stmt *S, int Loops, int Switches) {
  if (!S)
    return false;
  if (isa<GotoStmt, IndirectGotoStmt, ReturnStmt, CXXThrowExpr, CoreturnStmt>(
          S))
    return true;
  if (isa<BreakStmt>(S) && Loops + Switches == 0)
    return true;
  if (isa<ContinueStmt>(S) && Loops == 0)
    return true;
  const bool Loop = isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt>(S);
  const bool Switch = isa<SwitchStmt>(S);
  for (const Stmt *C : S->children())
    if (leavesEarly(C, Loops + Loop, Switches + Switch))
      return true;
  return false;
}

const Stmt *loopBody(const Stmt *Loop) {
  if (const auto *F = dyn_cast<ForStmt>(Loop))
    return F->getBody();
  if (const auto *W = dyn_cast<WhileStmt>(Loop))
    return W->getBody();
  if (const auto *D = dyn_cast<DoStmt>(Loop))
    return D->getBody();
  if (const auto *R = dyn_cast<CXXForRangeStmt>(Loop))
    return R->getBody();
  return nullptr;
}

bool unevaluated(ASTContext &Ctx, const Expr *E) {
  for (DynTypedNodeList Ps = Ctx.getParents(*E); !Ps.empty();) {
    const DynTypedNode N = Ps[0];
    if (const auto *U = N.get<UnaryExprOrTypeTraitExpr>())
      return !U->isArgumentType() &&
             !U->getArgumentExpr()->getType()->isVariablyModifiedType();
    if (N.get<CXXNoexceptExpr>())
      return true;
    if (const auto *TL = N.get<TypeLoc>()) // decltype(e), __typeof__(e)
      return TL->getTypeLocClass() == TypeLoc::Decltype ||
             TL->getTypeLocClass() == TypeLoc::TypeOfExpr;
    if (!N.get<Expr>())
      return false;
    Ps = Ctx.getParents(N);
  }
  return false;
}

const Expr *outermostElement(ASTContext &Ctx, const DeclRefExpr *DRE) {
  const Expr *E = DRE, *Top = DRE;
  for (;;) {
    const Expr *Up = nullptr;
    for (const DynTypedNode &N : Ctx.getParents(*E))
      if (const auto *P = N.get<Expr>())
        Up = P;
    const auto *Cast = dyn_cast_or_null<ImplicitCastExpr>(Up);
    const auto *Sub = dyn_cast_or_null<ArraySubscriptExpr>(Up);
    if (isa_and_nonnull<ParenExpr>(Up) ||
        (Cast && Cast->getCastKind() == CK_ArrayToPointerDecay))
      E = Up;
    else if (Sub && Sub->getBase()->IgnoreParenImpCasts() == Top)
      E = Top = Up;
    else
      return Top;
  }
}

namespace {
const Stmt *parentOf(ASTContext &Ctx, const Stmt *S) {
  auto Ps = Ctx.getParents(*S);
  return Ps.empty() ? nullptr : Ps[0].get<Stmt>();
}
} // namespace

bool onlyRead(ASTContext &Ctx, const Expr *E) {
  const Stmt *Child = memberTop(Ctx, E);
  if (trivialCopySource(Ctx, cast<Expr>(Child)))
    return true;
  for (;;) {
    auto Ps = Ctx.getParents(*Child);
    const Stmt *Par = Ps.empty() ? nullptr : Ps[0].get<Stmt>();
    if (Par && isa<ParenExpr>(Par)) {
      Child = Par;
      continue;
    }
    // `c ? A[i] : A[j]` as an lvalue: read if the whole is only read.
    if (const auto *CO = dyn_cast_or_null<ConditionalOperator>(Par);
        CO && CO->getCond() != Child && CO->isGLValue()) {
      Child = Par;
      continue;
    }
    // `std::max(A[i], A[i + 1])`: const T& parameters only read; a call
    // that returns a reference may return the argument, so its own use
    // must be a read too (a value result is a copy).
    if (Par && constRefArgument(Par, Child)) {
      const auto *Call = dyn_cast<CallExpr>(Par);
      // Unless the reference is discarded (`s += A[k];` with a class's
      // operator+=, which returns *this): the call is a statement. Under a
      // declaration (`const T &r = std::max(A[i], A[j])`) it is kept.
      const Stmt *Up = Call ? parentOf(Ctx, Call) : nullptr;
      if (Call && Call->isGLValue() && (!Up || isa<Expr>(Up))) {
        Child = Par;
        continue;
      }
      return true;
    }
    // Binding to a const reference adds const first (a no-op cast).
    if (const auto *NC = dyn_cast_or_null<ImplicitCastExpr>(Par);
        NC && NC->getCastKind() == CK_NoOp && NC->isGLValue()) {
      Child = Par;
      continue;
    }
    // An initializer list has two forms (`Pair p = {X[5], Id[5]}`): the
    // semantic one converts the element to a value.
    for (const DynTypedNode &N : Ps)
      if (const auto *IC = N.get<ImplicitCastExpr>();
          IC && IC->getCastKind() == CK_LValueToRValue)
        return true;
    return false;
  }
}

const Expr *memberTop(ASTContext &Ctx, const Expr *E) {
  const Expr *Top = E;
  for (const Stmt *Cur = E;;) {
    const Stmt *Par = parentOf(Ctx, Cur);
    if (const auto *PE = dyn_cast_or_null<ParenExpr>(Par)) {
      Cur = PE;
      continue;
    }
    const auto *ME = dyn_cast_or_null<MemberExpr>(Par);
    if (!ME || ME->isArrow() || !isa<FieldDecl>(ME->getMemberDecl()))
      return Top;
    Cur = Top = ME;
  }
}

bool assignedDirectly(ASTContext &Ctx, const Expr *E) {
  const Stmt *Child = memberTop(Ctx, E);
  const Stmt *Par = parentOf(Ctx, Child);
  for (; isa_and_nonnull<ParenExpr>(Par); Par = parentOf(Ctx, Par))
    Child = Par;
  if (const auto *BO = dyn_cast_or_null<BinaryOperator>(Par))
    return BO->isAssignmentOp() && BO->getLHS() == Child;
  if (const auto *UO = dyn_cast_or_null<UnaryOperator>(Par))
    return UO->isIncrementDecrementOp();
  const auto *OC = dyn_cast_or_null<CXXOperatorCallExpr>(Par);
  const auto *M =
      OC ? dyn_cast_or_null<CXXMethodDecl>(OC->getCalleeDecl()) : nullptr;
  return M && M->isTrivial() && OC->getOperator() == OO_Equal &&
         OC->getArg(0) == Child;
}

bool trivialCopySource(ASTContext &Ctx, const Expr *E) {
  if (!E->getType()->isRecordType())
    return false;
  const Stmt *Child = E;
  const Stmt *Par = parentOf(Ctx, Child);
  // Parentheses, and the `const` a copy's reference parameter adds.
  while (Par && (isa<ParenExpr>(Par) ||
                 (isa<ImplicitCastExpr>(Par) &&
                  cast<ImplicitCastExpr>(Par)->getCastKind() == CK_NoOp))) {
    Child = Par;
    Par = parentOf(Ctx, Par);
  }
  if (const auto *CE = dyn_cast_or_null<CXXConstructExpr>(Par))
    return CE->getNumArgs() == 1 &&
           CE->getConstructor()->isCopyOrMoveConstructor() &&
           CE->getConstructor()->isTrivial();
  if (const auto *OC = dyn_cast_or_null<CXXOperatorCallExpr>(Par)) {
    const auto *M = dyn_cast_or_null<CXXMethodDecl>(OC->getCalleeDecl());
    return OC->getOperator() == OO_Equal && OC->getNumArgs() == 2 &&
           OC->getArg(1) == Child && M && M->isTrivial();
  }
  return false;
}

std::optional<int64_t> offsetFrom(ASTContext &Ctx, const Expr *E,
                                  const VarDecl *I) {
  E = E->IgnoreParenImpCasts();
  auto IsI = [&](const Expr *X) {
    const auto *D = dyn_cast<DeclRefExpr>(X->IgnoreParenImpCasts());
    return D && D->getDecl() == I;
  };
  auto Const = [&](const Expr *X) -> std::optional<int64_t> {
    if (X->isValueDependent())
      return std::nullopt;
    if (auto V = X->getIntegerConstantExpr(Ctx))
      return V->getExtValue();
    return std::nullopt;
  };
  const auto *BO = dyn_cast<BinaryOperator>(E);
  if (!BO)
    return std::nullopt;
  std::optional<int64_t> C;
  if (BO->getOpcode() == BO_Add) {
    if (IsI(BO->getLHS()))
      C = Const(BO->getRHS());
    else if (IsI(BO->getRHS()))
      C = Const(BO->getLHS());
  } else if (BO->getOpcode() == BO_Sub && IsI(BO->getLHS())) {
    if (auto K = Const(BO->getRHS()))
      C = -*K;
  }
  // An unsigned sum wraps: `i + 4294967295u` is row i - 1, not i + 2^32 - 1.
  // Its constant is an offset only while far from the type's wrap.
  if (C && BO->getType()->isUnsignedIntegerType()) {
    const uint64_t Width = Ctx.getIntWidth(BO->getType());
    const int64_t Half =
        Width >= 64 ? int64_t(1) << 62 : int64_t(1) << (Width - 1);
    if (*C >= Half || *C <= -Half)
      return std::nullopt;
  }
  return C;
}

const Stmt *directiveStatement(const Program &P, const OwnerLoop &L) {
  auto A = P.Anchors.find(L.DirId);
  if (A == P.Anchors.end())
    return nullptr;
  return isa_and_nonnull<IfStmt>(A->second.Parent)
             ? A->second.Parent
             : static_cast<const Stmt *>(L.outer());
}

const DeclRefExpr *arrayArgument(const Expr *Arg, const Expr **AddrOf) {
  const Expr *E = Arg->IgnoreParenImpCasts();
  if (const auto *UO = dyn_cast<UnaryOperator>(E);
      UO && UO->getOpcode() == UO_AddrOf) {
    const auto *AS =
        dyn_cast<ArraySubscriptExpr>(UO->getSubExpr()->IgnoreParens());
    const auto *Lit =
        AS ? dyn_cast<IntegerLiteral>(AS->getIdx()->IgnoreParenImpCasts())
           : nullptr;
    if (!Lit || Lit->getValue() != 0 || !AddrOf)
      return nullptr;
    *AddrOf = UO;
    return dyn_cast<DeclRefExpr>(AS->getBase()->IgnoreParenImpCasts());
  }
  return dyn_cast<DeclRefExpr>(E);
}

const VarDecl *bareVar(const Expr *E) {
  const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
  return DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
}

std::vector<const DeclRefExpr *> refsTo(const Stmt *S, const ValueDecl *V) {
  struct Finder : RecursiveASTVisitor<Finder> {
    const ValueDecl *V = nullptr;
    std::vector<const DeclRefExpr *> Found;
    bool shouldVisitImplicitCode() const { return true; }
    bool VisitDeclRefExpr(DeclRefExpr *E) {
      if (E->getDecl() == V)
        Found.push_back(E);
      return true;
    }
  } F;
  F.V = V;
  F.TraverseStmt(const_cast<Stmt *>(S));
  return std::move(F.Found);
}

const ParmVarDecl *viewedParameter(const VarDecl *X) {
  if (isa<ParmVarDecl>(X) || !X->isLocalVarDecl() || !X->hasInit() ||
      !X->getType()->isPointerType() || X->getType()->isVoidPointerType())
    return nullptr;
  const auto *Cast =
      dyn_cast<ExplicitCastExpr>(X->getInit()->IgnoreParenImpCasts());
  const auto *Ref =
      Cast ? dyn_cast<DeclRefExpr>(Cast->getSubExpr()->IgnoreParenImpCasts())
           : nullptr;
  const auto *PV = Ref ? dyn_cast<ParmVarDecl>(Ref->getDecl()) : nullptr;
  if (!PV || !PV->getType()->isVoidPointerType() ||
      PV->getDeclContext() != X->getDeclContext())
    return nullptr;
  return PV;
}

std::vector<ViewDim> viewDims(ASTContext &Ctx, const VarDecl *X,
                              QualType &Elem) {
  std::vector<ViewDim> Dims;
  Elem = X->getType()->getPointeeType();
  while (const ArrayType *Dim = Ctx.getAsArrayType(Elem)) {
    if (const auto *C = dyn_cast<ConstantArrayType>(Dim))
      Dims.push_back({static_cast<std::int64_t>(C->getSize().getZExtValue())});
    else if (const auto *V = dyn_cast<VariableArrayType>(Dim))
      Dims.push_back({-1, V->getSizeExpr()});
    else
      break;
    Elem = Dim->getElementType();
  }
  return Dims;
}

llvm::StringRef templateOfCopy(llvm::StringRef Name) {
  if (!Name.consume_front("__hpf_"))
    return {};
  const std::size_t Us = Name.rfind('_');
  if (Us == llvm::StringRef::npos || Us == 0 || Us + 1 == Name.size() ||
      Name.substr(Us + 1).find_first_not_of("0123456789") !=
          llvm::StringRef::npos)
    return {};
  return Name.substr(0, Us);
}

bool hasFunctionCopy(const FunctionDecl *F) {
  if (!F->getIdentifier() || F->getPrimaryTemplate())
    return false;
  for (const Decl *D : F->getDeclContext()->decls())
    if (const auto *G = dyn_cast<FunctionDecl>(D);
        G && G->getIdentifier() && templateOfCopy(G->getName()) == F->getName())
      return true;
  return false;
}

std::string replicatedIoType(QualType T) {
  if (T->isPointerType())
    if (const RecordDecl *RD = T->getPointeeType()->getAsRecordDecl())
      return RD->getName() == "_IO_FILE" || RD->getName() == "FILE" ? "FILE"
                                                                    : "";
  const auto *S =
      dyn_cast_or_null<ClassTemplateSpecializationDecl>(T->getAsRecordDecl());
  if (!S || !S->isInStdNamespace() || S->getTemplateArgs().size() < 1 ||
      S->getTemplateArgs()[0].getKind() != TemplateArgument::Type ||
      !S->getTemplateArgs()[0].getAsType()->isCharType())
    return "";
  StringRef N = S->getName();
  if (N == "basic_ifstream" || N == "basic_ofstream" || N == "basic_fstream")
    return N.drop_front(6).str();
  return "";
}

} // namespace hpf::analysis
