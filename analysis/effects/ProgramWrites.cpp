//===- analysis/effects/ProgramWrites.cpp - who can write a variable ------===//
//
// See ProgramWrites.h. Both questions are answered syntactically over the
// translation unit, skipping system headers (a library cannot name the
// program's variables).
//
//===----------------------------------------------------------------------===//
#include "effects/ProgramWrites.h"

#include "Expressions.h"
#include "effects/Effects.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"

#include <map>
#include <vector>

using namespace clang;

namespace hpf::analysis {

namespace {

/// Whether every use of V in Scope is by name: a read, or an assignment,
/// ++ or -- of V or of its element. Where is set at the first other use
/// (an address, a reference, a pointer: writes through it cannot be
/// followed).
class OnlyNamed : public RecursiveASTVisitor<OnlyNamed> {
public:
  OnlyNamed(ASTContext &Ctx, const VarDecl *V)
      : Ctx(Ctx), V(V->getCanonicalDecl()) {}
  SourceLocation Where;

  bool TraverseDecl(Decl *D) {
    if (D && !isa<TranslationUnitDecl>(D) &&
        inSystemHeader(Ctx.getSourceManager(), D->getLocation()))
      return true; // a library cannot name the program's variables
    return RecursiveASTVisitor::TraverseDecl(D);
  }
  bool VisitDeclRefExpr(DeclRefExpr *E) {
    const auto *D = dyn_cast<VarDecl>(E->getDecl());
    if (!D || D->getCanonicalDecl() != V)
      return true;
    const Expr *El = outermostElement(Ctx, E);
    if ((onlyRead(Ctx, El) && !boundToReference(El)) || assigned(El) ||
        unevaluated(El))
      return true;
    Where = E->getBeginLoc();
    return false;
  }
  /// Another name for some variable's storage (`__asm__("Col")`).
  bool VisitVarDecl(VarDecl *D) {
    if (!D->hasAttr<AsmLabelAttr>() && !D->hasAttr<AliasAttr>())
      return true;
    Where = D->getLocation();
    return false;
  }

private:
  ASTContext &Ctx;
  const VarDecl *V;

  const Stmt *parent(const Stmt *S) {
    for (;;) {
      auto Ps = Ctx.getParents(*S);
      const Stmt *P = Ps.empty() ? nullptr : Ps[0].get<Stmt>();
      if (!P || !isa<ParenExpr>(P))
        return P;
      S = P;
    }
  }
  /// Whether E (an lvalue read as far as onlyRead knows) is bound to a
  /// reference the program keeps or hands to its own function, which may
  /// write through it (`const_cast`).
  bool boundToReference(const Expr *E) {
    if (!E->isGLValue())
      return false;
    const Stmt *Child = E;
    for (;;) {
      auto Ps = Ctx.getParents(*Child);
      if (Ps.empty())
        return false;
      const Stmt *P = Ps[0].get<Stmt>();
      if (!P) // a declaration's initializer: a reference if not converted
        return true;
      const auto *C = dyn_cast<ImplicitCastExpr>(P);
      if (isa<ParenExpr>(P) || (C && C->getCastKind() == CK_NoOp) ||
          (isa<ConditionalOperator>(P) && cast<Expr>(P)->isGLValue())) {
        Child = P;
        continue;
      }
      const FunctionDecl *F = nullptr;
      if (const auto *Call = dyn_cast<CallExpr>(P))
        F = Call->getDirectCallee();
      else if (const auto *Ctor = dyn_cast<CXXConstructExpr>(P))
        F = Ctor->getConstructor();
      else
        return isa<ReturnStmt, InitListExpr>(P);
      return !F || !inSystemHeader(Ctx.getSourceManager(), F->getLocation());
    }
  }
  bool assigned(const Expr *E) {
    const Stmt *P = parent(E);
    if (const auto *B = dyn_cast_or_null<BinaryOperator>(P))
      return B->isAssignmentOp() && B->getLHS()->IgnoreParens() == E &&
             !parentUses(B);
    if (const auto *U = dyn_cast_or_null<UnaryOperator>(P))
      return U->isIncrementDecrementOp() && !parentUses(U);
    return false;
  }
  /// An assignment's own value used as an lvalue (`int &r = (Col[k] = 1)`):
  /// a reference to the element after all.
  bool parentUses(const Expr *Assign) {
    if (!Assign->isGLValue())
      return false;
    const Stmt *P = parent(Assign);
    if (!P) // bound to a reference: `int &r = (Col[k] = 1);`
      return true;
    if (const auto *C = dyn_cast<ImplicitCastExpr>(P))
      return C->getCastKind() != CK_LValueToRValue &&
             C->getCastKind() != CK_ToVoid;
    // The left of a comma is discarded; its right is the comma's value.
    if (const auto *B = dyn_cast<BinaryOperator>(P); B && B->isCommaOp())
      return B->getLHS()->IgnoreParens() != Assign;
    return !isa<CompoundStmt, ForStmt, WhileStmt, DoStmt, IfStmt, CastExpr>(P);
  }
  /// Under sizeof or decltype (a carrier's `decltype((...))`,
  /// pragma-parser), unless inside a lambda there, whose body may run, or
  /// in a variable-length array's size.
  bool unevaluated(const Expr *E) {
    DynTypedNodeList Ps = Ctx.getParents(*E);
    for (int Depth = 0; !Ps.empty() && Depth < 64; ++Depth) {
      const DynTypedNode &N = Ps[0];
      if (N.get<LambdaExpr>())
        return false;
      // A variable-length array's size is evaluated, even under sizeof.
      if (const auto *TL = N.get<TypeLoc>())
        return !TL->getAs<VariableArrayTypeLoc>();
      if (const auto *U = N.get<UnaryExprOrTypeTraitExpr>())
        return !U->getTypeOfArgument()->isVariablyModifiedType();
      if (!N.get<Expr>())
        return false;
      Ps = Ctx.getParents(N);
    }
    return false;
  }
};

/// The functions of the program that may run without a direct call a walk
/// from a loop would follow, each with the reason.
class Entries : public RecursiveASTVisitor<Entries> {
public:
  Entries(ASTContext &Ctx) : Ctx(Ctx), SM(Ctx.getSourceManager()) {}

  bool shouldVisitTemplateInstantiations() const { return true; }
  bool shouldVisitImplicitCode() const { return true; }
  bool TraverseDecl(Decl *D) {
    if (D && !isa<TranslationUnitDecl>(D) &&
        inSystemHeader(SM, D->getLocation()))
      return true;
    return RecursiveASTVisitor::TraverseDecl(D);
  }
  bool VisitFunctionDecl(FunctionDecl *F) {
    // Another name for it, under which the walk would not see it called.
    if (F->hasAttr<AliasAttr>() || F->hasAttr<IFuncAttr>() ||
        F->hasAttr<AsmLabelAttr>())
      Other = "'" + F->getNameAsString() +
              "' has another name (alias or asm label) at line " +
              lineOf(SM, F->getLocation());
    if (const auto *M = dyn_cast<CXXMethodDecl>(F)) {
      if (M->isVirtual())
        add(F, "a virtual function");
      // A function object's call operator runs wherever the object goes
      // (a thread, a library algorithm); a lambda's is checked in entries().
      if (M->getOverloadedOperator() == OO_Call && !M->getParent()->isLambda())
        add(F, "a function object's call operator");
    }
    if (F->doesThisDeclarationHaveABody() && F->isExternallyVisible() &&
        !F->isMain())
      External.push_back(F);
    if (F->isReplaceableGlobalAllocationFunction())
      add(F, "a replacement allocation function");
    if (F->hasBody() && isa_and_nonnull<CoroutineBodyStmt>(F->getBody()))
      add(F, "a coroutine");
    return true;
  }
  bool VisitVarDecl(VarDecl *V) {
    // A thread_local's initializer runs at its first use in any function.
    if (V->getTLSKind() == VarDecl::TLS_Dynamic && V->getInit())
      ThreadInits.push_back(V->getInit());
    else if (V->hasGlobalStorage() && !V->isStaticLocal() &&
             V->getTLSKind() == VarDecl::TLS_None && V->getInit() &&
             !V->isTemplated())
      StaticInits.push_back(V->getInit());
    return true;
  }
  bool VisitLambdaExpr(LambdaExpr *E) {
    Lambdas.push_back(E);
    return true;
  }
  bool VisitGCCAsmStmt(GCCAsmStmt *S) { return asmAt(S->getAsmLoc()); }
  bool VisitMSAsmStmt(MSAsmStmt *S) { return asmAt(S->getAsmLoc()); }
  bool VisitDeclRefExpr(DeclRefExpr *E) {
    if (const auto *F = dyn_cast<FunctionDecl>(E->getDecl());
        F && !effects::namesCallee(Ctx, E))
      addressTaken(F, E->getBeginLoc());
    return true;
  }
  bool VisitMemberExpr(MemberExpr *E) {
    // `obj.staticFn` handed on, not called.
    if (const auto *F = dyn_cast<FunctionDecl>(E->getMemberDecl());
        F && !effects::namesCallee(Ctx, E))
      addressTaken(F, E->getBeginLoc());
    return true;
  }
  // A library call or construction may call the members of the program's
  // types it is given, returns or is instantiated with, then or later
  // (std::sort's operator<, std::any's destructor).
  bool VisitCallExpr(CallExpr *E) {
    const FunctionDecl *F = E->getDirectCallee();
    if (!F || !inSystemHeader(SM, F->getLocation()))
      return true;
    for (const Expr *A : E->arguments())
      handed(A->getType(), E->getBeginLoc());
    handed(E->getType(), E->getBeginLoc());
    if (const auto *MC = dyn_cast<CXXMemberCallExpr>(E))
      if (const Expr *O = MC->getImplicitObjectArgument())
        handed(O->getType(), E->getBeginLoc());
    if (const TemplateArgumentList *TA = F->getTemplateSpecializationArgs())
      handedArgs(TA->asArray(), E->getBeginLoc(), 0);
    return true;
  }
  // A thrown object goes to the runtime library, which may destroy it
  // later (a std::exception_ptr let go).
  bool VisitCXXThrowExpr(CXXThrowExpr *E) {
    if (const Expr *O = E->getSubExpr())
      handed(O->getType(), E->getBeginLoc());
    return true;
  }
  bool VisitCXXConstructExpr(CXXConstructExpr *E) {
    if (!inSystemHeader(SM, E->getConstructor()->getLocation()))
      return true;
    for (const Expr *A : E->arguments())
      handed(A->getType(), E->getBeginLoc());
    handed(E->getType(), E->getBeginLoc());
    return true;
  }

  /// After the traversal: every function that may run without a direct
  /// call, with the reason.
  const std::map<const FunctionDecl *, std::string> &entries() {
    for (const LambdaExpr *E : Lambdas) {
      // A captureless closure's type can be named and a copy made
      // (`decltype(g) h;`); another closure may be handed on.
      std::string Why;
      if (E->capture_size() == 0)
        Why = "a captureless lambda (its closure can be copied by type)";
      else if (!calledInPlace(E))
        Why = "a lambda handed on at line " + lineOf(SM, E->getBeginLoc());
      if (Why.empty())
        continue;
      const CXXMethodDecl *Op = E->getCallOperator();
      add(Op, Why);
      if (const FunctionTemplateDecl *T = Op->getDescribedFunctionTemplate())
        for (const FunctionDecl *S : T->specializations())
          add(S, Why);
    }
    return Indirect;
  }
  /// Why nothing can be followed (an asm statement, a function alias), or
  /// empty.
  std::string Other;
  /// Initializers of thread_local variables: they run at the first use of
  /// any of them, in whatever function (walked whole, like a loop).
  std::vector<const Expr *> ThreadInits;
  std::vector<const Expr *> StaticInits;
  std::vector<const FunctionDecl *> External;

private:
  ASTContext &Ctx;
  const SourceManager &SM;
  std::map<const FunctionDecl *, std::string> Indirect;
  std::vector<const LambdaExpr *> Lambdas;
  std::set<const CXXRecordDecl *> Handed;

  void add(const FunctionDecl *F, const std::string &Why) {
    Indirect.try_emplace(F->getCanonicalDecl(), Why);
  }
  /// F may be called through a pointer, by the library too: it runs, and
  /// its caller builds and destroys its parameters and result.
  void addressTaken(const FunctionDecl *F, SourceLocation L) {
    add(F, "its address is taken at line " + lineOf(SM, L));
    handed(F->getType(), L);
  }
  bool asmAt(SourceLocation L) {
    if (Other.empty())
      Other =
          "an asm statement at line " + lineOf(SM, L) + " may write anything";
    return true;
  }
  /// The program's class in T (through pointers, arrays and library
  /// templates' arguments): the library may call any of its members.
  void handed(QualType T, SourceLocation L, int Depth = 0) {
    if (T.isNull())
      return;
    if (Depth > 16) {
      Other = "a type nested too deep to follow at line " + lineOf(SM, L);
      return;
    }
    T = T.getNonReferenceType().getCanonicalType();
    while (T->isPointerType() || T->isArrayType())
      T = T->isPointerType() ? T->getPointeeType().getCanonicalType()
                             : QualType(T->getArrayElementTypeNoTypeQual(), 0);
    // Whoever calls a function of this type (the library, a deleter)
    // builds and destroys its parameters and result.
    if (const auto *FT = T->getAs<FunctionProtoType>()) {
      handed(FT->getReturnType(), L, Depth + 1);
      for (QualType P : FT->getParamTypes())
        handed(P, L, Depth + 1);
      return;
    }
    if (const auto *MP = T->getAs<MemberPointerType>()) {
      handed(QualType(MP->getClass(), 0), L, Depth + 1);
      handed(MP->getPointeeType(), L, Depth + 1);
      return;
    }
    const CXXRecordDecl *RD = T->getAsCXXRecordDecl();
    if (!RD || !RD->hasDefinition() || !Handed.insert(RD).second)
      return;
    if (inSystemHeader(SM, RD->getLocation())) {
      if (const auto *TS = dyn_cast<ClassTemplateSpecializationDecl>(RD))
        handedArgs(TS->getTemplateArgs().asArray(), L, Depth + 1);
      return;
    }
    const std::string Why =
        (RD->isLambda() ? std::string("a lambda")
                        : "a member of '" + RD->getNameAsString() + "'") +
        ", handed to the library at line " + lineOf(SM, L);
    for (const CXXMethodDecl *M : RD->methods())
      add(M, Why);
    if (const CXXDestructorDecl *D = RD->getDestructor())
      add(D, Why);
    for (const FieldDecl *F : RD->fields())
      handed(F->getType(), L, Depth + 1);
    for (const CXXBaseSpecifier &B : RD->bases())
      handed(B.getType(), L, Depth + 1);
  }
  void handedArgs(llvm::ArrayRef<TemplateArgument> Args, SourceLocation L,
                  int Depth) {
    std::vector<QualType> Types;
    if (!effects::typeArguments(Args, Types))
      Other = "a template handed to the library at line " + lineOf(SM, L);
    for (QualType A : Types)
      handed(A, L, Depth);
  }
  /// `add(...)`: R, the closure, is the object of its call operator.
  bool calledByName(const DeclRefExpr *R) {
    const Stmt *Child = R;
    for (;;) {
      auto Ps = Ctx.getParents(*Child);
      const Stmt *P = Ps.empty() ? nullptr : Ps[0].get<Stmt>();
      const auto *C = dyn_cast_or_null<ImplicitCastExpr>(P);
      if (isa_and_nonnull<ParenExpr>(P) || (C && C->getCastKind() == CK_NoOp)) {
        Child = P;
        continue;
      }
      const auto *Op = dyn_cast_or_null<CXXOperatorCallExpr>(P);
      return Op && Op->getOperator() == OO_Call && Op->getArg(0) == Child;
    }
  }
  /// The closure is a local variable's value, only ever called by name.
  bool calledInPlace(const LambdaExpr *E) {
    const Stmt *Child = E;
    const VarDecl *Var = nullptr;
    for (;;) {
      auto Ps = Ctx.getParents(*Child);
      if (Ps.empty())
        return false;
      if (const auto *V = Ps[0].get<VarDecl>()) {
        Var = V;
        break;
      }
      const Stmt *P = Ps[0].get<Stmt>();
      if (!isa_and_nonnull<ExprWithCleanups, MaterializeTemporaryExpr,
                           CXXBindTemporaryExpr, ImplicitCastExpr,
                           CXXConstructExpr>(P))
        return false;
      // A copy of the closure, not another object made from it (a
      // std::function, whose call cannot be followed to the closure).
      if (const auto *Ctor = dyn_cast<CXXConstructExpr>(P);
          Ctor && Ctor->getType()->getAsCXXRecordDecl() != E->getLambdaClass())
        return false;
      Child = P;
    }
    if (!Var->hasLocalStorage() || Var->getType()->isReferenceType())
      return false;
    const auto *F =
        dyn_cast_or_null<FunctionDecl>(Var->getParentFunctionOrMethod());
    if (!F || !F->getBody())
      return false;
    return forEachDeclRef(F->getBody(), [&](const DeclRefExpr *R) {
      return R->getDecl() != Var || calledByName(R);
    });
  }
};

} // namespace

std::string untrackedVariable(ASTContext &Ctx, const VarDecl *V) {
  const std::string Name = "'" + V->getName().str() + "'";
  if (V->isStaticDataMember()) // also named through objects: `M.Col`
    return Name + " is a static member (what names it cannot be followed)";
  QualType T = V->getType();
  if (T->isReferenceType() || T.isVolatileQualified() ||
      !(T->isArithmeticType() || T->isEnumeralType() ||
        (T->isConstantArrayType() &&
         (T->getBaseElementTypeUnsafe()->isArithmeticType() ||
          T->getBaseElementTypeUnsafe()->isEnumeralType()))))
    return Name + " is not an array of numbers (what it refers to cannot be "
                  "followed)";
  OnlyNamed Uses(Ctx, V);
  if (V->hasLocalStorage()) {
    if (const auto *F =
            dyn_cast_or_null<FunctionDecl>(V->getParentFunctionOrMethod()))
      Uses.TraverseStmt(F->getBody());
  } else {
    Uses.TraverseDecl(Ctx.getTranslationUnitDecl());
  }
  if (Uses.Where.isValid())
    return Name + " is referred to at line " +
           lineOf(Ctx.getSourceManager(), Uses.Where) +
           " (writes through it cannot be followed)";
  return "";
}

namespace {

/// A jump into S from outside (a label in it, a case label of a switch
/// around it) would skip what runs before S, the window's start.
class JumpsInto : public RecursiveASTVisitor<JumpsInto> {
public:
  std::string Why;
  bool VisitLabelStmt(LabelStmt *) {
    Why = "it holds a label (a jump into it would skip the window)";
    return false;
  }
  bool VisitSwitchStmt(SwitchStmt *S) {
    for (SwitchCase *C = S->getSwitchCaseList(); C; C = C->getNextSwitchCase())
      OwnCases.insert(C);
    return true;
  }
  bool VisitSwitchCase(SwitchCase *C) {
    if (OwnCases.count(C))
      return true;
    Why = "it holds a case label of a switch around it";
    return false;
  }

private:
  std::set<const SwitchCase *> OwnCases;
};

/// The function (or other context) whose code S is.
const DeclContext *ownerOf(ASTContext &Ctx, const Stmt *S) {
  DynTypedNodeList Ps = Ctx.getParents(*S);
  while (!Ps.empty()) {
    if (const auto *D = Ps[0].get<Decl>())
      return isa<DeclContext>(D) ? cast<DeclContext>(D) : D->getDeclContext();
    Ps = Ctx.getParents(Ps[0]);
  }
  return nullptr;
}

/// Why effects E may write one of Vars (empty if they cannot).
std::string writesOf(const SourceManager &SM, const effects::Effects &E,
                     const std::set<const VarDecl *> &Vars) {
  for (const auto &[V, W] : E.Writes)
    if (Vars.count(V))
      return "'" + V->getName().str() + "' is written at line " +
             lineOf(SM, W.Loc);
  // Writes through pointers cannot reach Vars: each is used only by name.
  for (const std::optional<effects::Witness> *W : {&E.Opaque, &E.Callback})
    if (*W)
      return (*W)->What + " at line " + lineOf(SM, (*W)->Loc);
  return "";
}

} // namespace

std::string writesIn(effects::Analysis &A, ASTContext &Ctx,
                     const std::set<const VarDecl *> &Vars, const Stmt *S) {
  JumpsInto J;
  J.TraverseStmt(const_cast<Stmt *>(S));
  if (!J.Why.empty())
    return J.Why;
  return writesOf(Ctx.getSourceManager(), A.ofStatement(S, ownerOf(Ctx, S)),
                  Vars);
}

IndirectEntries indirectEntries(ASTContext &Ctx) {
  Entries E(Ctx);
  E.TraverseDecl(Ctx.getTranslationUnitDecl());
  IndirectEntries Out;
  Out.Functions = E.entries();
  Out.External = std::move(E.External);
  Out.ThreadInits = std::move(E.ThreadInits);
  Out.StaticInits = std::move(E.StaticInits);
  Out.Other = std::move(E.Other);
  return Out;
}

std::string indirectWriter(effects::Analysis &A, ASTContext &Ctx,
                           const std::set<const VarDecl *> &Vars) {
  IndirectEntries E = indirectEntries(Ctx);
  if (!E.Other.empty())
    return E.Other;
  for (const Expr *Init : E.ThreadInits)
    if (std::string W = writesOf(Ctx.getSourceManager(),
                                 A.ofStatement(Init, nullptr), Vars);
        !W.empty())
      return "a thread_local's initializer may run in the loop, and " + W;
  for (const auto &[F, How] : E.Functions) {
    const FunctionDecl *Def = nullptr;
    if (!F->hasBody(Def) || !Def->getBody() ||
        inSystemHeader(Ctx.getSourceManager(), Def->getLocation()))
      continue; // defined elsewhere (a whole program's variables only), or
                // the library's: it names none of them
    if (std::string W =
            writesOf(Ctx.getSourceManager(), A.ofFunction(Def), Vars);
        !W.empty())
      return "'" + F->getNameAsString() + "' may run without a direct call (" +
             How + ") and " + W;
  }
  return "";
}

} // namespace hpf::analysis
