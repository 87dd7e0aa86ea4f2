//===- analysis/effects/Collector.h - one walk over a body ------*- C++ -*-===//
//
// The effects analysis' walk over one function body or statement
// (Effects.cpp): its direct effects (writes, reads, throws, exits, I/O,
// calls it cannot follow) and its call edges, with the library-type rules
// it needs. Included by Effects.cpp only.
//
//===----------------------------------------------------------------------===//
#ifndef HPF_ANALYSIS_EFFECTS_COLLECTOR_H
#define HPF_ANALYSIS_EFFECTS_COLLECTOR_H

#include "effects/Effects.h"

#include "Expressions.h"
#include "effects/IoCalls.h"
#include "effects/PointerTargets.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/Builtins.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/StringSwitch.h"

#include <functional>
#include <optional>
#include <set>
#include <vector>

namespace hpf::analysis::effects::detail {

using namespace clang;

/// The C library's and the C++ library's ways to end the process or jump
/// out of the code: none returns to the loop that called it.
inline bool endsProcess(const FunctionDecl *FD) {
  if (!FD->getIdentifier())
    return false;
  StringRef N = FD->getName();
  if (FD->isInStdNamespace() && (N == "terminate" || N == "unexpected"))
    return true;
  if (!FD->isExternC())
    return false;
  return llvm::StringSwitch<bool>(N)
      .Cases("exit", "_Exit", "_exit", "quick_exit", "abort", true)
      .Cases("longjmp", "siglongjmp", "_longjmp", "__longjmp_chk", true)
      .Default(false);
}

inline bool inSystem(const SourceManager &SM, SourceLocation L) {
  return L.isValid() && SM.isInSystemHeader(SM.getExpansionLoc(L));
}

/// The types among template arguments, through packs (std::tuple<Ts...>);
/// false if one is a template (what it instantiates cannot be followed).
inline bool typeArgumentsImpl(llvm::ArrayRef<TemplateArgument> Args,
                              std::vector<QualType> &Types) {
  for (const TemplateArgument &A : Args)
    switch (A.getKind()) {
    case TemplateArgument::Type:
      Types.push_back(A.getAsType());
      break;
    case TemplateArgument::Pack:
      if (!typeArgumentsImpl(A.pack_elements(), Types))
        return false;
      break;
    case TemplateArgument::Template:
    case TemplateArgument::TemplateExpansion:
      return false;
    default:
      break;
    }
  return true;
}

/// Whether a library function given a value of type T cannot call back
/// into the program: numbers, pointers to them, and library classes of
/// such (std::vector<double>, std::ostream); not a function, lambda, user
/// class or std::function (a function type argument).
inline bool harmlessImpl(const SourceManager &SM, QualType T, int Depth) {
  if (Depth > 8)
    return false;
  T = T.getNonReferenceType().getCanonicalType();
  while (T->isPointerType() || T->isArrayType())
    T = T->isPointerType() ? T->getPointeeType().getCanonicalType()
                           : QualType(T->getArrayElementTypeNoTypeQual(), 0);
  if (T->isFunctionType() || T->isMemberPointerType())
    return false;
  const CXXRecordDecl *RD = T->getAsCXXRecordDecl();
  if (!RD)
    return true;
  // A polymorphic library class (a stream and its buffer, a locale) may
  // call a user's override.
  if (RD->isLambda() || !inSystem(SM, RD->getLocation()) ||
      (RD->hasDefinition() && RD->isPolymorphic()))
    return false;
  if (const auto *TS = dyn_cast<ClassTemplateSpecializationDecl>(RD)) {
    std::vector<QualType> Types;
    if (!typeArgumentsImpl(TS->getTemplateArgs().asArray(), Types))
      return false;
    for (QualType A : Types)
      if (!harmlessImpl(SM, A, Depth + 1))
        return false;
  }
  return true;
}

const FunctionDecl *definition(const FunctionDecl *FD) {
  const FunctionDecl *Def = nullptr;
  if (FD && FD->hasBody(Def) && Def)
    return Def;
  return nullptr;
}

/// The functions of the program (not of system headers) named other than
/// as the callee of a direct call: a pointer to one may be called anywhere.
class AddressTakenFinder : public RecursiveASTVisitor<AddressTakenFinder> {
public:
  explicit AddressTakenFinder(ASTContext &Ctx) : Ctx(Ctx) {}
  std::vector<const FunctionDecl *> Found;
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool shouldVisitLambdaBody() const { return true; }
  /// `f`, `&S::f`, `&S::member` (a pointer to member), `obj.staticFn`.
  bool VisitDeclRefExpr(DeclRefExpr *E) { return named(E, E->getDecl()); }
  bool VisitMemberExpr(MemberExpr *E) { return named(E, E->getMemberDecl()); }

private:
  bool named(const Expr *E, const Decl *D) {
    const auto *FD = dyn_cast<FunctionDecl>(D);
    if (FD && !inSystem(Ctx.getSourceManager(), FD->getLocation()) &&
        !namesCallee(Ctx, E))
      if (const FunctionDecl *Def = definition(FD);
          Def && Seen.insert(Def).second)
        Found.push_back(Def);
    return true;
  }
  ASTContext &Ctx;
  std::set<const FunctionDecl *> Seen;
};

/// A call edge: where, the callee's definition, and the variables the call
/// passes (`f(A)`, `f(&A[0])`), by the callee's parameter index (null: an
/// argument that is not a variable; empty: no call with arguments), which
/// the callee's ParamReads read.
struct Edge {
  SourceLocation Loc;
  const FunctionDecl *Callee;
  std::vector<const DeclRefExpr *> Args = {};
};

/// One walk over a body (or a statement): the direct effects and the
/// calls. Lambda bodies are not entered: a lambda is an edge to its call
/// operator, since whatever it is handed to may call it.
class Collector : public RecursiveASTVisitor<Collector> {
public:
  Collector(
      ASTContext &Ctx, std::function<bool(const VarDecl *)> Own, Effects &Out,
      std::vector<Edge> &Edges,
      std::function<const std::vector<const FunctionDecl *> &()> AddressTaken)
      : Ctx(Ctx), SM(Ctx.getSourceManager()), Own(std::move(Own)), Out(Out),
        Edges(Edges), AddressTaken(std::move(AddressTaken)) {}

  /// Traces the code's own pointer variables through Body (the code walked
  /// next), so that a write through one is a write of what it points into.
  void traceOwnPointers(const Stmt *Body) { Targets.emplace(Ctx, Body, Own); }

  /// The variables read that are not the code's own, for the mutation
  /// analysis.
  std::vector<const VarDecl *> Candidates;
  /// The code calls a function that may return twice (Reach::ReturnsTwice).
  bool ReturnsTwice = false;

  /// The begin, end, `!=` and `++` of a range for, a structured binding's
  /// get<I>(): implicit code that runs.
  bool shouldVisitImplicitCode() const { return true; }
  /// A directive's carrier, `decltype((...))`, is not evaluated.
  bool TraverseDecltypeTypeLoc(DecltypeTypeLoc) { return true; }
  /// A tuple-like structured binding's get<I>() initializes a variable
  /// the traversal does not enter.
  bool VisitBindingDecl(BindingDecl *B) {
    if (VarDecl *H = B->getHoldingVar())
      return TraverseStmt(H->getInit());
    return true;
  }
  bool VisitCXXInheritedCtorInitExpr(CXXInheritedCtorInitExpr *E) {
    call(E->getBeginLoc(), E->getConstructor());
    return true;
  }
  bool VisitCXXBindTemporaryExpr(CXXBindTemporaryExpr *E) {
    destroys(E->getBeginLoc(), E->getType());
    return true;
  }

  bool TraverseLambdaExpr(LambdaExpr *LE) {
    for (Expr *Init : LE->capture_inits())
      if (Init && !TraverseStmt(Init))
        return false;
    edge(LE->getBeginLoc(), LE->getCallOperator());
    // A generic lambda's instantiations are the operators called.
    if (const FunctionTemplateDecl *T = LE->getDependentCallOperator())
      for (const FunctionDecl *Spec : T->specializations())
        edge(LE->getBeginLoc(), Spec);
    return true;
  }

  bool VisitCallExpr(CallExpr *E) {
    if (const auto *DRE =
            dyn_cast<DeclRefExpr>(E->getCallee()->IgnoreParenImpCasts()))
      CalleeRefs.insert(DRE);
    const FunctionDecl *FD = E->getDirectCallee();
    if (!FD) {
      if (!isa<CXXPseudoDestructorExpr>(E->getCallee()->IgnoreParens()))
        throughPointer(E);
      return true;
    }
    if (FD->hasAttr<ReturnsTwiceAttr>() ||
        (FD->getIdentifier() &&
         llvm::is_contained({"setjmp", "_setjmp", "sigsetjmp", "__sigsetjmp",
                             "getcontext", "vfork"},
                            FD->getName()))) {
      ReturnsTwice = true;
      opaque(E->getBeginLoc(), "a call of '" + FD->getNameAsString() +
                                   "', which may return twice,");
      return true;
    }
    if (inSystem(SM, FD->getLocation()) ||
        (FD->getBuiltinID() && !definition(FD))) {
      // A member operator's object is its first argument, not a parameter.
      const unsigned Skip =
          isa<CXXOperatorCallExpr>(E) && isa<CXXMethodDecl>(FD) ? 1 : 0;
      for (unsigned I = 0; I + Skip < E->getNumArgs() && I < FD->getNumParams();
           ++I)
        if (QualType T = FD->getParamDecl(I)->getType();
            T->isPointerType() && !T->getPointeeType().isConstQualified() &&
            !T->getPointeeType()->isFunctionType() &&
            E->getArg(I + Skip)->getType()->isPointerType())
          handedPointer(E->getArg(I + Skip));
    }
    if (inSystem(SM, FD->getLocation())) {
      const auto *MC = dyn_cast<CXXMemberCallExpr>(E);
      library(FD, {E->getArgs(), E->getNumArgs()}, E->getType(),
              MC ? MC->getImplicitObjectArgument() : nullptr, E->getBeginLoc());
    }
    // A pure virtual function runs as one of its overrides
    // (VisitCXXMemberCallExpr).
    if (const auto *M = dyn_cast<CXXMethodDecl>(FD); M && M->isPureVirtual())
      return true;
    // A member operator's object (a lambda's, `f(A, k)`) is its first
    // argument, not a parameter.
    const auto *M = dyn_cast<CXXMethodDecl>(FD);
    const unsigned Object =
        isa<CXXOperatorCallExpr>(E) && M && M->isImplicitObjectMemberFunction();
    std::vector<const DeclRefExpr *> Args;
    for (unsigned I = Object; I < E->getNumArgs(); ++I) {
      const Expr *AddrOf = nullptr;
      Args.push_back(arrayArgument(E->getArg(I), &AddrOf));
    }
    call(E->getBeginLoc(), FD, std::move(Args));
    return true;
  }
  bool VisitCXXMemberCallExpr(CXXMemberCallExpr *E) {
    const CXXMethodDecl *M = E->getMethodDecl();
    if (M && M->isVirtual() && !M->hasAttr<FinalAttr>() &&
        !M->getParent()->hasAttr<FinalAttr>() &&
        !ofItsOwnType(E->getImplicitObjectArgument())) {
      // The call may reach an override: every one of the program's is a
      // callee, and one in another file would be unseen.
      for (const CXXMethodDecl *O : overridersOf(M))
        edge(E->getBeginLoc(), O);
      opaque(E->getBeginLoc(), "a virtual call");
    }
    return true;
  }
  bool VisitCXXOperatorCallExpr(CXXOperatorCallExpr *E) {
    // std::function and the library's other type-erasing wrappers call
    // what they hold, which the code that stored it chose: not followable
    // here.
    const auto *FD = dyn_cast_or_null<CXXMethodDecl>(E->getDirectCallee());
    if (FD && E->getOperator() == OO_Call && FD->getParent()->getIdentifier() &&
        FD->getParent()->isInStdNamespace() &&
        llvm::StringSwitch<bool>(FD->getParent()->getName())
            .Cases("function", "move_only_function", "copyable_function",
                   "function_ref", "packaged_task", true)
            .Default(false))
      opaque(E->getBeginLoc(),
             "a call through '" + FD->getQualifiedNameAsString() + "'");
    return true;
  }
  bool VisitCXXConstructExpr(CXXConstructExpr *E) {
    if (const CXXConstructorDecl *Ctor = E->getConstructor()) {
      if (inSystem(SM, Ctor->getLocation()))
        library(Ctor, {E->getArgs(), E->getNumArgs()}, E->getType(), nullptr,
                E->getBeginLoc());
      call(E->getBeginLoc(), Ctor);
    }
    destroys(E->getBeginLoc(), E->getType());
    return true;
  }
  bool VisitCXXNewExpr(CXXNewExpr *E) {
    if (const FunctionDecl *New = E->getOperatorNew())
      call(E->getBeginLoc(), New);
    return true;
  }
  bool VisitCXXDeleteExpr(CXXDeleteExpr *E) {
    if (const FunctionDecl *Del = E->getOperatorDelete())
      call(E->getBeginLoc(), Del);
    destroys(E->getBeginLoc(), E->getDestroyedType());
    return true;
  }
  bool VisitCXXDefaultArgExpr(CXXDefaultArgExpr *E) {
    return TraverseStmt(E->getExpr());
  }
  bool VisitCXXDefaultInitExpr(CXXDefaultInitExpr *E) {
    return TraverseStmt(E->getExpr());
  }
  /// An atomic operation writes through its pointer (a load too, for all
  /// this tells).
  bool VisitAtomicExpr(AtomicExpr *E) {
    handedPointer(E->getPtr());
    return true;
  }
  /// What inline assembly changes is not Clang's to tell.
  bool VisitAsmStmt(AsmStmt *S) {
    if (!inSystem(SM, S->getAsmLoc()))
      opaque(S->getAsmLoc(), "inline assembly");
    return true;
  }
  bool VisitCXXThrowExpr(CXXThrowExpr *E) {
    if (!Out.Throws && !inSystem(SM, E->getThrowLoc()))
      Out.Throws = Witness{E->getThrowLoc(), "throw", {}};
    return true;
  }

  bool VisitDeclRefExpr(DeclRefExpr *E) {
    if (const auto *FD = dyn_cast<FunctionDecl>(E->getDecl())) {
      // Named, not called here: whatever it is handed to may call it.
      if (!CalleeRefs.count(E))
        call(E->getLocation(), FD);
      return true;
    }
    const auto *VD = dyn_cast<VarDecl>(E->getDecl());
    if (!VD)
      return true;
    io(E, VD);
    // The elements of a parameter are the argument's: read through it,
    // whichever function's parameter it is (a lambda's captured one too).
    if (const auto *PV = dyn_cast<ParmVarDecl>(VD);
        PV && subscripted(E) && !isAssigned(E))
      Out.ParamReads.try_emplace(PV, Witness{E->getLocation(), "", {}});
    if (Own(VD))
      return true;
    const VarDecl *Canon = VD->getCanonicalDecl();
    // A read: not the target of an assignment (`A[k] = v`, `A[k] += v`:
    // replicated code has the owner store or update the element).
    if (!isAssigned(E))
      Out.Reads.try_emplace(Canon, Witness{E->getLocation(), "", {}});
    if (Seen.insert(Canon).second && !VD->getType().isConstQualified() &&
        !inSystem(SM, VD->getLocation()))
      Candidates.push_back(VD);
    return true;
  }
  /// `*p`, `p[i]`, `p->m` of a pointer: a write through it changes what
  /// it points to (the mutation analysis is asked about each).
  bool VisitUnaryOperator(UnaryOperator *E) {
    if (E->getOpcode() == UO_Deref)
      through(E, E->getSubExpr());
    return true;
  }
  bool VisitArraySubscriptExpr(ArraySubscriptExpr *E) {
    if (E->getBase()->IgnoreParenImpCasts()->getType()->isPointerType())
      through(E, E->getBase());
    return true;
  }
  bool VisitMemberExpr(MemberExpr *E) {
    if (E->isArrow() && !isa<CXXThisExpr>(E->getBase()->IgnoreParenImpCasts()))
      through(E, E->getBase());
    return true;
  }
  /// Dereferences of pointers that are not the code's own variables: the
  /// variable (null: a member or a call's result, which names no
  /// variable) and the dereference.
  std::vector<std::pair<const VarDecl *, const Expr *>> Derefs;
  /// Dereferences of the code's own pointers into its parameters' arguments
  /// (`in = X` for a parameter X): a write through one is the parameter's.
  std::vector<std::pair<const ParmVarDecl *, const Expr *>> ParamDerefs;

  bool VisitVarDecl(VarDecl *VD) {
    // A file stream of replicated code is opened collectively.
    std::string T = replicatedIoType(VD->getType());
    if (!T.empty() && T != "FILE" && !isa<ParmVarDecl>(VD))
      once(Out.File, VD->getLocation(), "std::" + T);
    if (VD->hasLocalStorage())
      destroys(VD->getLocation(), VD->getType());
    if (const auto *A = VD->getAttr<CleanupAttr>())
      call(VD->getLocation(), A->getFunctionDecl());
    return true;
  }

private:
  ASTContext &Ctx;
  const SourceManager &SM;
  std::function<bool(const VarDecl *)> Own;
  std::optional<PointerTargets> Targets;
  Effects &Out;
  std::vector<Edge> &Edges;
  std::set<const DeclRefExpr *> CalleeRefs;
  std::function<const std::vector<const FunctionDecl *> &()> AddressTaken;
  std::set<const VarDecl *> Seen;

  /// E is the base of a subscript (`X[k]`, `X[k][j]`, a vector's `V[k]`),
  /// through parentheses and the decay of an array or the conversion of a
  /// pointer: an element of it is used.
  bool subscripted(const DeclRefExpr *E) {
    const Expr *Child = E;
    for (;;) {
      DynTypedNodeList Ps = Ctx.getParents(*Child);
      const auto *P = Ps.empty() ? nullptr : Ps[0].get<Expr>();
      if (P && (isa<ParenExpr>(P) || isa<ImplicitCastExpr>(P))) {
        Child = P;
        continue;
      }
      return P && isSubscript(P) &&
             subscriptBase(P)->IgnoreParenImpCasts() == E;
    }
  }

  /// E (or the element or field of it that E is the base of) is the left
  /// side of an assignment.
  bool isAssigned(const DeclRefExpr *E) {
    const Expr *Whole = outermostElement(Ctx, E);
    for (;;) {
      DynTypedNodeList Ps = Ctx.getParents(*Whole);
      const auto *P = Ps.empty() ? nullptr : Ps[0].get<Expr>();
      if (!P)
        return false;
      if (isa<ParenExpr>(P) || isa<MemberExpr>(P) ||
          (isa<ImplicitCastExpr>(P) &&
           cast<ImplicitCastExpr>(P)->getCastKind() == CK_NoOp)) {
        Whole = P;
        continue;
      }
      if (const auto *BO = dyn_cast<BinaryOperator>(P))
        return BO->isAssignmentOp() && BO->getLHS() == Whole;
      if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(P))
        return OC->isAssignmentOp() && OC->getNumArgs() > 0 &&
               OC->getArg(0) == Whole;
      return false;
    }
  }

  void through(const Expr *Deref, const Expr *Pointer) {
    Pointer = Pointer->IgnoreParenImpCasts();
    // `*this`: the object the call was made on, whose change the mutation
    // analysis at the call judges.
    if (Pointer->getType()->getPointeeType().isConstQualified() ||
        isa<CXXThisExpr>(Pointer))
      return;
    if (const auto *DRE = dyn_cast<DeclRefExpr>(Pointer)) {
      const auto *V = dyn_cast<VarDecl>(DRE->getDecl());
      if (V && !Own(V))
        Derefs.push_back({V, Deref});
      else if (const auto *Param = dyn_cast_or_null<ParmVarDecl>(V))
        // The code's own parameter points at what the call gave it: a
        // write through it is the callee's ParamWrites, which the call
        // maps onto its argument.
        ParamDerefs.push_back({Param, Deref});
      else if (V) {
        // A pointer of the code's own points where its values came from,
        // when each can be traced (`double *row = G[i]`: into G); else
        // anywhere (`int *h = f()`).
        const std::set<const VarDecl *> *To =
            Targets ? Targets->targets(V) : nullptr;
        if (!To) {
          Derefs.push_back({nullptr, Deref});
          return;
        }
        for (const VarDecl *T : *To) {
          if (const auto *PV = dyn_cast<ParmVarDecl>(T); PV && Own(PV))
            ParamDerefs.push_back({PV, Deref});
          else if (!Own(T))
            Derefs.push_back({T, Deref});
          // else: the code's own array, or a pointer parameter's pointee
          // reached through a pointer of its own.
        }
      }
      return;
    }
    Derefs.push_back({nullptr, Deref});
  }

  /// A pointer handed to code that is not entered (a library function's
  /// or builtin's pointer-to-non-const parameter, an atomic operation):
  /// what it points into may be written, a variable not the code's own
  /// (`memcpy(G + k, ...)`), or what a pointer of the code's own points to.
  void handedPointer(const Expr *P) {
    // A library object (a FILE): what its functions do to it is I/O,
    // an effect of its own.
    const auto *RD = P->getType()->getPointeeType()->getAsRecordDecl();
    if ((RD && inSystem(SM, RD->getLocation())) ||
        P->isNullPointerConstant(Ctx, Expr::NPC_ValueDependentIsNotNull))
      return;
    const Expr *E = P;
    bool Value = true; // E is a pointer's value (else an object)
    for (;;) {
      E = E->IgnoreParenCasts();
      if (const auto *BO = dyn_cast<BinaryOperator>(E);
          BO && BO->isAdditiveOp()) {
        E = BO->getLHS()->getType()->isPointerType() ? BO->getLHS()
                                                     : BO->getRHS();
      } else if (const auto *UO = dyn_cast<UnaryOperator>(E);
                 UO && UO->getOpcode() == UO_AddrOf) {
        E = UO->getSubExpr();
        Value = false;
      } else if (const auto *AS = dyn_cast<ArraySubscriptExpr>(E)) {
        E = AS->getBase();
        Value = true;
      } else if (const auto *ME = dyn_cast<MemberExpr>(E)) {
        E = ME->getBase();
        Value = ME->isArrow();
      } else {
        break;
      }
    }
    // Into `*this` (the implicit assignment of a class with an array
    // member copies it with memcpy): the object the call was made on,
    // whose change the mutation analysis at the call judges, as through().
    if (isa<CXXThisExpr>(E->IgnoreParenImpCasts()))
      return;
    const auto *DRE = dyn_cast<DeclRefExpr>(E);
    const auto *V = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
    const Witness W{P->getBeginLoc(), "", {}};
    if (V && !Own(V)) {
      if (!inSystem(SM, V->getLocation()))
        Out.Writes.try_emplace(V->getCanonicalDecl(), W);
      return;
    }
    // The code's own pointer or reference may point anywhere; a parameter
    // at what the call gave it (judged at the call); its own object is its.
    const bool Elsewhere = !V || (!isa<ParmVarDecl>(V) &&
                                  (V->getType()->isReferenceType() ||
                                   (Value && V->getType()->isPointerType())));
    if (Elsewhere && !Out.WritesThrough)
      Out.WritesThrough = W;
  }

  void edge(SourceLocation L, const FunctionDecl *FD) {
    if (const FunctionDecl *Def = definition(FD))
      Edges.push_back({L, Def});
  }

  void call(SourceLocation L, const FunctionDecl *FD,
            std::vector<const DeclRefExpr *> Args = {}) {
    if (endsProcess(FD)) {
      if (!Out.Exits)
        Out.Exits = Witness{L, FD->getNameAsString(), {}};
      return;
    }
    if (setsErrno(FD))
      once(Out.Errno, L, FD->getNameAsString());
    if (inSystem(SM, FD->getLocation())) {
      if (FD->getIdentifier() && FD->isExternC()) {
        IoKind K = cIoFunction(FD->getName());
        if (K == IoKind::Output)
          once(Out.Output, L, FD->getName().str());
        else if (K == IoKind::Input)
          once(Out.Input, L, FD->getName().str());
        else if (K == IoKind::File)
          once(Out.File, L, FD->getName().str());
      }
      return;
    }
    if (const FunctionDecl *Def = definition(FD)) {
      Edges.push_back({L, Def, std::move(Args)});
      return;
    }
    if (FD->getBuiltinID() || FD->hasAttr<ConstAttr>() ||
        FD->hasAttr<PureAttr>() || FD->isDefaulted() || FD->isDeleted() ||
        FD->isTrivial())
      return;
    opaque(L, "a call of '" + FD->getNameAsString() +
                  "', defined in another file,");
  }

  /// A C library function that writes nothing but errno (log, sqrt; not
  /// fabs), by Clang's builtin table, found by name for the library's own
  /// declarations (std::log(float) is not the builtin log).
  bool setsErrno(const FunctionDecl *FD) const {
    if (!Ctx.getLangOpts().MathErrno || !FD->getIdentifier())
      return false;
    unsigned ID = FD->getBuiltinID();
    if (!ID && inSystem(SM, FD->getLocation()) &&
        (FD->isExternC() || FD->isInStdNamespace()))
      ID = FD->getIdentifier()->getBuiltinID();
    const Builtin::Context &B = Ctx.BuiltinInfo;
    return ID && B.isConstWithoutErrnoAndExceptions(ID) && !B.isConst(ID);
  }

  /// A library call of F: what it may construct or call back (its
  /// arguments, its object, its result, its template arguments:
  /// std::make_unique<T>) must be harmless, else the call is not followed.
  void library(const FunctionDecl *F, llvm::ArrayRef<const Expr *> Args,
               QualType Result, const Expr *Object, SourceLocation L) {
    bool Harmless = harmlessImpl(SM, Result, 0) &&
                    (!Object || harmlessImpl(SM, Object->getType(), 0));
    for (const Expr *A : Args)
      Harmless = Harmless && harmlessImpl(SM, A->getType(), 0);
    if (const TemplateArgumentList *TA = F->getTemplateSpecializationArgs()) {
      std::vector<QualType> Types;
      Harmless = Harmless && typeArgumentsImpl(TA->asArray(), Types);
      for (QualType A : Types)
        Harmless = Harmless && harmlessImpl(SM, A, 0);
    }
    if (Harmless)
      return;
    once(Out.Callback, L,
         "a call of '" + F->getNameAsString() +
             "' given a callable or a user type");
    // What the library may call back: the members of the user classes it
    // is given.
    for (const Expr *A : Args)
      handedMembers(L, A->getType(), 0);
    if (Object)
      handedMembers(L, Object->getType(), 0);
  }
  void handedMembers(SourceLocation L, QualType T, int Depth) {
    T = T.getNonReferenceType();
    while (T->isPointerType() || T->isArrayType())
      T = T->isPointerType() ? T->getPointeeType()
                             : QualType(T->getArrayElementTypeNoTypeQual(), 0);
    const CXXRecordDecl *RD = T->getAsCXXRecordDecl();
    if (!RD || !RD->hasDefinition() || Depth > 8)
      return;
    if (inSystem(SM, RD->getLocation())) {
      if (const auto *TS = dyn_cast<ClassTemplateSpecializationDecl>(RD)) {
        std::vector<QualType> Types;
        typeArgumentsImpl(TS->getTemplateArgs().asArray(), Types);
        for (QualType A : Types)
          handedMembers(L, A, Depth + 1);
      }
      return;
    }
    for (const CXXMethodDecl *M : RD->methods())
      edge(L, M);
    for (const FieldDecl *F : RD->fields())
      handedMembers(L, F->getType(), Depth + 1);
    for (const CXXBaseSpecifier &B : RD->bases())
      handedMembers(L, B.getType(), Depth + 1);
  }

public:
  /// The destructors an object of type T runs when it ends: its class's,
  /// its members' and its bases', and a library container's elements'.
  void destroys(SourceLocation L, QualType T, int Depth = 0) {
    T = Ctx.getBaseElementType(T.getNonReferenceType());
    const CXXRecordDecl *RD = T->getAsCXXRecordDecl();
    if (!RD || !RD->hasDefinition())
      return;
    if (Depth > 16) {
      opaque(L, "a class nested too deep to follow");
      return;
    }
    if (inSystem(SM, RD->getLocation())) {
      if (const auto *TS = dyn_cast<ClassTemplateSpecializationDecl>(RD)) {
        std::vector<QualType> Types;
        if (!typeArgumentsImpl(TS->getTemplateArgs().asArray(), Types))
          opaque(L, "a library class of a template argument");
        for (QualType A : Types)
          destroys(L, A, Depth + 1);
      }
      return;
    }
    if (const CXXDestructorDecl *D = RD->getDestructor()) {
      if (D->isVirtual()) // a derived class's, maybe from another file
        opaque(L, "a virtual destructor");
      else if (!D->isTrivial())
        call(L, D);
    }
    for (const FieldDecl *F : RD->fields())
      destroys(L, F->getType(), Depth + 1);
    for (const CXXBaseSpecifier &B : RD->bases())
      destroys(L, B.getType(), Depth + 1);
  }

private:
  /// An object whose dynamic type is its static type: a variable of class
  /// type (not a reference or pointer to one).
  static bool ofItsOwnType(const Expr *Object) {
    const auto *DRE = dyn_cast<DeclRefExpr>(Object->IgnoreParenImpCasts());
    const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
    return VD && VD->getType()->isRecordType();
  }
  std::vector<const CXXMethodDecl *> overridersOf(const CXXMethodDecl *M) {
    std::vector<const CXXMethodDecl *> Found;
    // Clang records overridden methods, not overriders: a method overrides
    // M if one of the methods it overrides does, transitively.
    std::function<bool(const CXXMethodDecl *)> Overrides =
        [&](const CXXMethodDecl *C) {
          for (const CXXMethodDecl *O : C->overridden_methods())
            if (O->getCanonicalDecl() == M->getCanonicalDecl() || Overrides(O))
              return true;
          return false;
        };
    std::function<void(const DeclContext *)> Scan = [&](const DeclContext *DC) {
      for (const Decl *D : DC->decls()) {
        if (const auto *Ns = dyn_cast<NamespaceDecl>(D))
          Scan(Ns);
        else if (const auto *RD = dyn_cast<CXXRecordDecl>(D);
                 RD && RD->hasDefinition() && !inSystem(SM, RD->getLocation()))
          for (const CXXMethodDecl *Cand : RD->methods())
            if (Overrides(Cand))
              Found.push_back(Cand);
      }
    };
    Scan(Ctx.getTranslationUnitDecl());
    Found.push_back(M);
    return Found;
  }

  /// A call through a pointer may run any function of the program whose
  /// address is taken and whose type it has (each is a callee), or one of
  /// another file (unseen).
  void throughPointer(const CallExpr *E) {
    QualType Callee = E->getCallee()->getType();
    if (const auto *PT = Callee->getAs<PointerType>())
      Callee = PT->getPointeeType();
    const bool Typed = Callee->isFunctionType();
    for (const FunctionDecl *F : AddressTaken())
      if (!Typed || Ctx.hasSameType(F->getType(), Callee))
        edge(E->getBeginLoc(), F);
    opaque(E->getBeginLoc(), "a call through a pointer");
  }

  void opaque(SourceLocation L, std::string What) {
    once(Out.Opaque, L, std::move(What));
  }
  static void once(std::optional<Witness> &W, SourceLocation L,
                   std::string What) {
    if (!W)
      W = Witness{L, std::move(What), {}};
  }

  void io(const DeclRefExpr *E, const VarDecl *VD) {
    StringRef To = standardStreamReplacement(VD);
    std::string Name =
        (VD->isInStdNamespace() ? "std::" : "") + VD->getName().str();
    if (!To.empty()) {
      if (To == "hpf::in()" || To == "hpf::in_file()")
        once(Out.Input, E->getLocation(), Name);
      else
        once(Out.Output, E->getLocation(), Name);
      return;
    }
    // A file of replicated code declared outside the function (a global
    // FILE* or file stream): its operations are collective.
    if (VD->hasGlobalStorage() && !VD->isStaticLocal() &&
        !replicatedIoType(VD->getType().getNonReferenceType()).empty() &&
        !inSystem(SM, VD->getLocation()))
      once(Out.File, E->getLocation(), Name);
  }
};

} // namespace hpf::analysis::effects::detail

#endif // HPF_ANALYSIS_EFFECTS_COLLECTOR_H
