//===- analysis/ProgramWrites.cpp - who can write a variable -------------===//
//
// See ProgramWrites.h. Both questions are answered syntactically over the
// translation unit, skipping system headers (a library cannot name the
// program's variables).
//
//===----------------------------------------------------------------------===//
#include "ProgramWrites.h"

#include "Expressions.h"

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

/// Per function of the program: whether it writes one of the variables,
/// what it calls directly, and whether it can be entered otherwise.
class Writers : public RecursiveASTVisitor<Writers> {
public:
  Writers(ASTContext &Ctx, const std::set<const VarDecl *> &Vars)
      : Ctx(Ctx), SM(Ctx.getSourceManager()), Vars(Vars) {}

  bool shouldVisitTemplateInstantiations() const { return true; }
  bool shouldVisitImplicitCode() const { return true; }
  bool TraverseDecl(Decl *D) {
    if (D && !isa<TranslationUnitDecl>(D) &&
        inSystemHeader(SM, D->getLocation()))
      return true;
    return RecursiveASTVisitor::TraverseDecl(D);
  }
  // Each function's body, with the function it belongs to.
  bool TraverseFunctionDecl(FunctionDecl *F) {
    return in(F, [&] { return RecursiveASTVisitor::TraverseFunctionDecl(F); });
  }
  bool TraverseCXXMethodDecl(CXXMethodDecl *F) {
    return in(F, [&] { return RecursiveASTVisitor::TraverseCXXMethodDecl(F); });
  }
  bool TraverseCXXConstructorDecl(CXXConstructorDecl *F) {
    return in(
        F, [&] { return RecursiveASTVisitor::TraverseCXXConstructorDecl(F); });
  }
  bool TraverseCXXDestructorDecl(CXXDestructorDecl *F) {
    return in(
        F, [&] { return RecursiveASTVisitor::TraverseCXXDestructorDecl(F); });
  }
  bool TraverseCXXConversionDecl(CXXConversionDecl *F) {
    return in(
        F, [&] { return RecursiveASTVisitor::TraverseCXXConversionDecl(F); });
  }
  bool TraverseLambdaExpr(LambdaExpr *E) {
    // The captures are evaluated where the lambda stands; the body belongs
    // to the call operator, a function of its own.
    Lambdas.push_back(E);
    for (Expr *Init : E->capture_inits())
      if (!TraverseStmt(Init))
        return false;
    return in(E->getCallOperator(), [&] { return TraverseStmt(E->getBody()); });
  }
  bool VisitFunctionDecl(FunctionDecl *F) {
    if (F->isVirtualAsWritten() ||
        (isa<CXXMethodDecl>(F) && cast<CXXMethodDecl>(F)->isVirtual()))
      Indirect[F->getCanonicalDecl()] = "a virtual function";
    // A function object's call operator runs wherever the object goes (a
    // thread, a library algorithm); a lambda's is checked after the walk.
    if (const auto *M = dyn_cast<CXXMethodDecl>(F);
        M && M->getOverloadedOperator() == OO_Call &&
        !M->getParent()->isLambda())
      Indirect[F->getCanonicalDecl()] = "a function object's call operator";
    if (F->isReplaceableGlobalAllocationFunction())
      Indirect[F->getCanonicalDecl()] = "a replacement allocation function";
    if (F->hasBody() && isa_and_nonnull<CoroutineBodyStmt>(F->getBody()))
      Indirect[F->getCanonicalDecl()] = "a coroutine";
    return true;
  }
  bool VisitVarDecl(VarDecl *V) {
    // A thread_local's initializer runs at its first use in any function.
    if (V->getTLSKind() == VarDecl::TLS_Dynamic && V->getInit())
      ThreadInits.push_back(V->getInit());
    return true;
  }
  bool VisitGCCAsmStmt(GCCAsmStmt *S) { return asmAt(S->getAsmLoc()); }
  bool VisitMSAsmStmt(MSAsmStmt *S) { return asmAt(S->getAsmLoc()); }
  bool VisitDeclRefExpr(DeclRefExpr *E) {
    if (const auto *F = dyn_cast<FunctionDecl>(E->getDecl())) {
      if (!calleeOf(E))
        Indirect.try_emplace(F->getCanonicalDecl(),
                             "its address is taken at line " +
                                 lineOf(SM, E->getBeginLoc()));
      return true;
    }
    const auto *V = dyn_cast<VarDecl>(E->getDecl());
    if (Current && V && Vars.count(V->getCanonicalDecl()) &&
        !onlyRead(Ctx, outermostElement(Ctx, E)))
      Writes.insert(Current->getCanonicalDecl());
    return true;
  }
  bool VisitCallExpr(CallExpr *E) {
    if (const FunctionDecl *F = E->getDirectCallee(); F && Current)
      Calls[Current->getCanonicalDecl()].insert(F->getCanonicalDecl());
    return true;
  }
  bool VisitCXXInheritedCtorInitExpr(CXXInheritedCtorInitExpr *E) {
    if (Current)
      Calls[Current->getCanonicalDecl()].insert(
          E->getConstructor()->getCanonicalDecl());
    return true;
  }
  bool VisitCXXConstructExpr(CXXConstructExpr *E) {
    if (Current)
      Calls[Current->getCanonicalDecl()].insert(
          E->getConstructor()->getCanonicalDecl());
    return true;
  }

  /// After the traversal: why some function that writes may be entered
  /// indirectly.
  std::string why() {
    if (!Asm.empty())
      return Asm;
    for (const LambdaExpr *E : Lambdas)
      if (!calledInPlace(E))
        Indirect.try_emplace(E->getCallOperator()->getCanonicalDecl(),
                             "a lambda handed on at line " +
                                 lineOf(SM, E->getBeginLoc()));
    for (const Expr *Init : ThreadInits)
      markCalled(Init, "called by a thread_local's initializer");
    // Writers, then every function that calls one, to a fixed point.
    std::set<const FunctionDecl *> W = Writes;
    for (bool Grew = true; Grew;) {
      Grew = false;
      for (const auto &[F, Callees] : Calls)
        if (!W.count(F))
          for (const FunctionDecl *G : Callees)
            if (W.count(G)) {
              W.insert(F);
              Grew = true;
              break;
            }
    }
    for (const FunctionDecl *F : W)
      if (auto It = Indirect.find(F); It != Indirect.end())
        return "'" + F->getNameAsString() + "' may write them and is " +
               It->second;
    return "";
  }

private:
  ASTContext &Ctx;
  const SourceManager &SM;
  const std::set<const VarDecl *> &Vars;
  const FunctionDecl *Current = nullptr;
  std::set<const FunctionDecl *> Writes;
  std::map<const FunctionDecl *, std::set<const FunctionDecl *>> Calls;
  std::map<const FunctionDecl *, std::string> Indirect;
  std::vector<const LambdaExpr *> Lambdas;
  std::vector<const Expr *> ThreadInits;
  std::string Asm;

  template <class Walk> bool in(const FunctionDecl *F, Walk W) {
    const FunctionDecl *Outer = Current;
    Current = F;
    const bool Ok = W();
    Current = Outer;
    return Ok;
  }
  bool asmAt(SourceLocation L) {
    if (Asm.empty())
      Asm = "an asm statement at line " + lineOf(SM, L) + " may write anything";
    return true;
  }
  /// E names the function a call calls (not its address taken).
  bool calleeOf(const DeclRefExpr *E) {
    const Stmt *Child = E;
    for (;;) {
      auto Ps = Ctx.getParents(*Child);
      const Stmt *P = Ps.empty() ? nullptr : Ps[0].get<Stmt>();
      if (const auto *C = dyn_cast_or_null<ImplicitCastExpr>(P);
          C && C->getCastKind() == CK_FunctionToPointerDecay) {
        Child = P;
        continue;
      }
      if (isa_and_nonnull<ParenExpr>(P)) {
        Child = P;
        continue;
      }
      if (const auto *Call = dyn_cast_or_null<CallExpr>(P))
        return Call->getCallee() == Child;
      // `obj.f(...)`, `S::f(...)` as a member call's callee.
      return isa_and_nonnull<MemberExpr>(P);
    }
  }
  /// Every function named in E counts as entered from anywhere.
  void markCalled(const Expr *E, const std::string &How) {
    std::vector<const Stmt *> Todo{E};
    while (!Todo.empty()) {
      const Stmt *S = Todo.back();
      Todo.pop_back();
      if (!S)
        continue;
      if (const auto *C = dyn_cast<CallExpr>(S))
        if (const FunctionDecl *F = C->getDirectCallee())
          Indirect.try_emplace(F->getCanonicalDecl(), How);
      if (const auto *C = dyn_cast<CXXConstructExpr>(S))
        Indirect.try_emplace(C->getConstructor()->getCanonicalDecl(), How);
      for (const Stmt *Ch : S->children())
        Todo.push_back(Ch);
    }
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
      Child = P;
    }
    if (!Var->hasLocalStorage() || Var->getType()->isReferenceType())
      return false;
    const auto *F =
        dyn_cast_or_null<FunctionDecl>(Var->getParentFunctionOrMethod());
    if (!F || !F->getBody())
      return false;
    bool Ok = true;
    std::vector<const Stmt *> Todo{F->getBody()};
    while (Ok && !Todo.empty()) {
      const Stmt *S = Todo.back();
      Todo.pop_back();
      if (!S)
        continue;
      if (const auto *R = dyn_cast<DeclRefExpr>(S); R && R->getDecl() == Var)
        Ok = calledByName(R);
      for (const Stmt *Ch : S->children())
        Todo.push_back(Ch);
    }
    return Ok;
  }
};

} // namespace

std::string untrackedVariable(ASTContext &Ctx, const VarDecl *V) {
  const std::string Name = "'" + V->getName().str() + "'";
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

std::string indirectWriter(ASTContext &Ctx,
                           const std::set<const VarDecl *> &Vars) {
  Writers W(Ctx, Vars);
  W.TraverseDecl(Ctx.getTranslationUnitDecl());
  return W.why();
}

} // namespace hpf::analysis
