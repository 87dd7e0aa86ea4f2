//===- analysis/flow/Flow.cpp - each array's mapping at each directive ----===//
//
// A walk over each function holding directives computes, for every
// redistribute, the array's mapping just before it, and for every
// independent loop the mappings where it stands. The walk is sound:
// anything control flow or code that runs could change is "unknown". A
// redistribute whose source and target are known constants gets a static
// plan or is removed; the others are planned at run time. An array
// parameter (inherited mapping) has at entry the mapping every call of its
// function passes, when they agree and the walk sees every call (the
// walks repeat until those entries settle), else unknown; it aliases the
// arrays of its caller of its type. A call leaves the mappings of the
// arrays it passes: a function's redistributions of its parameters are
// undone on return.
//
// What code may run is the effects analysis' answer (effects/Effects.h):
// the function definitions a statement reaches, transitively, through
// calls, constructors and destructors, member initializers, default
// arguments, operator new and delete, and every lambda or function it
// names. Code may redistribute the arrays of the redistribute directives
// in those functions. Where the analysis cannot follow a call, the callee
// is one of:
//  - a function of another file or of a library: it cannot name this
//    file's distributed arrays (they are hpf::darray objects of this file
//    only), and reaches this file's code only through a pointer it was
//    given or, unless the file is the whole program, by the name of a
//    function of external linkage;
//  - what a pointer, a std::function or a virtual call leads to: a
//    function of this file whose address is taken, a lambda handed on, a
//    virtual function, ... (ProgramWrites.h, IndirectEntries), or another
//    file's function as above.
// So such a call may redistribute what those functions reach, and nothing
// else: precise where a program has no callbacks, and sound where it has.
//
//===----------------------------------------------------------------------===//
#include "Expressions.h"
#include "Phases.h"
#include "effects/ProgramWrites.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace hpf::analysis {

using pragma::DirectiveKind;

namespace {

/// The element type of A's storage, canonical and unqualified.
QualType elementOf(ASTContext &Ctx, const DistArray *A) {
  QualType T = A->Var->getType().getNonReferenceType();
  if (T->isPointerType())
    T = T->getPointeeType();
  if (QualType V = vectorElement(T); !V.isNull())
    T = V;
  return Ctx.getBaseElementType(T).getCanonicalType().getUnqualifiedType();
}

/// Whether a parameter A may be the same array as B. Distributed arrays
/// are `hpf::darray<T, R>` objects and a parameter takes only arguments of
/// its own T and R: arrays of different ranks, or of different arithmetic
/// element types, are never the same (a function prescribing `(block, *)`
/// for a matrix and `(block)` for a vector knows both).
bool mayAlias(ASTContext &Ctx, const DistArray *A, const DistArray *B) {
  if (A->rank() != B->rank())
    return false;
  const QualType EA = elementOf(Ctx, A), EB = elementOf(Ctx, B);
  return EA == EB || !EA->isArithmeticType() || !EB->isArithmeticType();
}

/// Which arrays running code may redistribute.
class Redistributors {
public:
  explicit Redistributors(Context &C) {
    for (const Redistribution &RD : C.P.Redistributions) {
      auto It = C.P.Anchors.find(RD.DirId);
      const auto *F = It == C.P.Anchors.end()
                          ? nullptr
                          : dyn_cast_or_null<FunctionDecl>(It->second.Context);
      // A parameter's redistribution (a redistribute of it, or its
      // prescriptive mapping) is undone when its function returns
      // (hpf::restore_mapping): a call leaves its arguments' mappings.
      if (F && RD.Array->Inherited)
        continue;
      if (F)
        Direct[F->getCanonicalDecl()].insert(RD.Array);
      else // not in a function the analysis knows: at any time
        Anytime.insert(RD.Array);
    }
    if (C.P.Redistributions.empty())
      return;
    IndirectEntries E = indirectEntries(C.Ctx);
    if (!E.Other.empty()) {
      // Another name for a function, or an asm statement: anything can
      // run anything.
      for (const Redistribution &RD : C.P.Redistributions)
        Unfollowed.insert(RD.Array);
    } else {
      std::vector<const FunctionDecl *> Callable = E.External;
      if (C.Opts.WholeProgram)
        Callable.clear();
      for (const auto &[F, Why] : E.Functions)
        Callable.push_back(F);
      // What these reach through calls they cannot follow is this set
      // again.
      for (const FunctionDecl *F : Callable)
        for (const FunctionDecl *G : C.Effects.reachOf(F).Functions)
          direct(G, Unfollowed);
    }
    // A thread_local's initializer runs at the first use of its variable,
    // anywhere.
    for (const Expr *Init : E.ThreadInits) {
      std::set<DistArray *> A = of(C.Effects.reachOf(Init));
      Anytime.insert(A.begin(), A.end());
    }
    // The initializers of this file's variables of static storage run
    // before main, in order. Another file's cannot reach these arrays:
    // they may run before the arrays are constructed.
    BeforeMain = Anytime;
    for (const Expr *Init : E.StaticInits) {
      std::set<DistArray *> A = of(C.Effects.reachOf(Init));
      BeforeMain.insert(A.begin(), A.end());
    }
  }

  /// The arrays code may redistribute that runs what R says.
  std::set<DistArray *> of(const effects::Reach &R) const {
    std::set<DistArray *> Out = Anytime;
    for (const FunctionDecl *F : R.Functions)
      direct(F, Out);
    if (R.Unfollowed)
      Out.insert(Unfollowed.begin(), Unfollowed.end());
    return Out;
  }

  /// Arrays that may be redistributed before main starts.
  std::set<DistArray *> BeforeMain;

private:
  void direct(const FunctionDecl *F, std::set<DistArray *> &Out) const {
    if (auto It = Direct.find(F->getCanonicalDecl()); It != Direct.end())
      Out.insert(It->second.begin(), It->second.end());
  }

  /// The arrays of the redistribute directives in each function.
  std::map<const FunctionDecl *, std::set<DistArray *>> Direct;
  /// What a call that cannot be followed may redistribute.
  std::set<DistArray *> Unfollowed;
  /// What may be redistributed during any code.
  std::set<DistArray *> Anytime;
};

/// The mapping each call binding a parameter passes (Program::ParamBindings),
/// joined over the walks that reach it; absent: never reached.
using CallStates = std::map<const CallExpr *, std::optional<Mapping>>;

class FlowWalker {
public:
  FlowWalker(Context &C, const Redistributors &Red, LoopStates &States,
             CallStates &Calls)
      : C(C), Red(Red), States(States), Calls(Calls) {
    for (const Program::ParamBinding &B : C.P.ParamBindings)
      for (const Stmt *S = B.Call; S;) {
        Inside[S].push_back(&B);
        auto Ps = C.Ctx.getParents(*S);
        S = Ps.empty() ? nullptr : Ps[0].get<Stmt>();
      }
  }

  void walk(const Stmt *S, FlowState &St) {
    if (!S)
      return;
    if (auto It = C.AnchorStmts.find(S); It != C.AnchorStmts.end()) {
      // An independent loop changes no mapping: its calls see St.
      record(S, St);
      anchor(It->second, St);
      return;
    }
    // Code without a directive: only what it may run matters.
    if (!holdsDirective(S)) {
      runs(S, St);
      record(S, St);
      return;
    }
    if (const auto *CS = dyn_cast<CompoundStmt>(S)) {
      for (const Stmt *Child : CS->body())
        walk(Child, St);
      for (const Stmt *Child : CS->body())
        scopeEnd(Child, St);
      return;
    }
    if (const auto *If = dyn_cast<IfStmt>(S)) {
      walk(If->getInit(), St);
      walk(If->getConditionVariableDeclStmt(), St);
      walk(If->getCond(), St);
      FlowState Then = St, Else = St;
      walk(If->getThen(), Then);
      walk(If->getElse(), Else);
      St = join(Then, Else);
      scopeEnd(If->getInit(), St);
      scopeEnd(If->getConditionVariableDeclStmt(), St);
      return;
    }
    if (isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt, SwitchStmt,
            CXXTryStmt>(S)) {
      // Whatever any iteration, case or handler may change is unknown
      // throughout.
      runs(S, St);
      for (const Stmt *Child : S->children()) {
        FlowState Inner = St;
        walk(Child, Inner);
      }
      return;
    }
    // A jump may come here from anywhere in the function (a case label:
    // from the switch, past the code before it).
    if (const auto *L = dyn_cast<LabelStmt>(S)) {
      unknown(St);
      walk(L->getSubStmt(), St);
      return;
    }
    if (const auto *SC = dyn_cast<SwitchCase>(S)) {
      unknown(St);
      walk(SC->getSubStmt(), St);
      return;
    }
    if (const auto *A = dyn_cast<AttributedStmt>(S)) {
      walk(A->getSubStmt(), St);
      return;
    }
    // Any other code holding a directive (a statement expression in an
    // expression): the order its parts run in is not followed, so every
    // mapping is unknown in each and after them.
    unknown(St);
    for (const Stmt *Child : S->children()) {
      FlowState Inner = St;
      walk(Child, Inner);
    }
  }

  void anchor(unsigned Dir, FlowState &St) {
    const ParsedDirective &D = C.State.Directives[Dir];
    switch (D.Dir.Kind) {
    case DirectiveKind::Distribute:
      // Of a parameter: remapped for the call, like a redistribute.
      redistributions(Dir, St);
      for (auto &Arr : C.P.Arrays)
        if (!Arr->Inherited && Arr->DistributeDir == Dir) {
          // A static local is created once: on later calls it keeps the
          // mapping the previous call left.
          bool Redistributed = false;
          for (const Redistribution &RD : C.P.Redistributions)
            Redistributed |= RD.Array == Arr.get();
          St[Arr.get()] = Arr->Var->isStaticLocal() && Redistributed
                              ? std::nullopt
                              : std::optional<Mapping>(Arr->Initial);
        }
      break;
    case DirectiveKind::Redistribute:
      redistributions(Dir, St);
      break;
    case DirectiveKind::Independent:
      States[Dir] = St;
      break;
    default:
      break;
    }
  }

private:
  /// The redistributions directive Dir makes.
  void redistributions(unsigned Dir, FlowState &St) {
    for (Redistribution &RD : C.P.Redistributions)
      if (RD.DirId == Dir) {
        auto It = St.find(RD.Array);
        RD.Source = It == St.end() ? std::nullopt : It->second;
        // A parameter may be any array of the caller (its mapping comes
        // back on return, but here it changes with the parameter's);
        // redistributing any array may change a parameter. An alias ends
        // with the target's mapping, so one already known to have it keeps
        // it (a function prescribing (*, block, *) for three parameters).
        for (auto &[Arr, M] : St)
          if ((RD.Array->Inherited || Arr->Inherited) &&
              !(M && *M == RD.Target) && mayAlias(C.Ctx, Arr, RD.Array))
            M = std::nullopt;
        St[RD.Array] = RD.Target;
      }
  }

  /// Whether S holds a directive of its function (not one of a lambda or
  /// block in it: that is another function's).
  bool holdsDirective(const Stmt *S) {
    if (!S || isa<LambdaExpr, BlockExpr>(S))
      return false;
    if (C.AnchorStmts.count(S))
      return true;
    if (auto It = Holds.find(S); It != Holds.end())
      return It->second;
    bool Found = false;
    for (const Stmt *Child : S->children())
      Found = holdsDirective(Child) || Found;
    Holds[S] = Found;
    return Found;
  }

  /// Forgets what running S may change: the redistribute directives in it
  /// and what the code it runs may redistribute.
  void runs(const Stmt *S, FlowState &St) {
    effects::Reach R = C.Effects.reachOf(S);
    if (R.ReturnsTwice) {
      unknown(St); // a label, in effect
      return;
    }
    std::set<DistArray *> Changed = Red.of(R);
    SourceRange SR = S->getSourceRange();
    for (Redistribution &RD : C.P.Redistributions) {
      SourceLocation L = C.State.Directives[RD.DirId].HashLoc;
      if (C.SM.isBeforeInTranslationUnit(SR.getBegin(), L) &&
          C.SM.isBeforeInTranslationUnit(L, SR.getEnd()))
        Changed.insert(RD.Array);
    }
    forget(St, Changed);
  }

  /// At the end of a scope the destructors of the variables S declares
  /// run (a reference may keep a temporary alive until then). What their
  /// initializers run counts again, which is more than needed.
  void scopeEnd(const Stmt *S, FlowState &St) {
    const auto *DS = dyn_cast_or_null<DeclStmt>(S);
    if (!DS)
      return;
    bool Destroyed = false;
    for (const Decl *D : DS->decls())
      if (const auto *V = dyn_cast<VarDecl>(D); V && V->hasLocalStorage()) {
        QualType T = V->getType();
        const CXXRecordDecl *RD =
            C.Ctx.getBaseElementType(T)->getAsCXXRecordDecl();
        Destroyed |=
            T->isReferenceType() || T->isDependentType() ||
            (RD && (!RD->hasDefinition() || !RD->hasTrivialDestructor()));
      }
    if (!Destroyed)
      return;
    if (holdsDirective(DS))
      unknown(St);
    else
      runs(DS, St);
  }

  void forget(FlowState &S, const std::set<DistArray *> &Arrays) {
    for (DistArray *Arr : Arrays)
      S[Arr] = std::nullopt;
    // A parameter may be any of the arrays changed of its type (and any
    // array the parameter of a callee): aliases are forgotten together.
    for (auto &[Arr, M] : S)
      if (Arr->Inherited && llvm::any_of(Arrays, [&](const DistArray *Changed) {
            return mayAlias(C.Ctx, Arr, Changed);
          }))
        M = std::nullopt;
  }
  static void unknown(FlowState &St) {
    for (auto &[Arr, M] : St)
      M = std::nullopt;
  }
  static FlowState join(const FlowState &X, const FlowState &Y) {
    FlowState Out;
    for (const auto &[Arr, M] : X) {
      auto It = Y.find(Arr);
      if (It != Y.end() && M && It->second && *M == *It->second)
        Out[Arr] = M;
      else
        Out[Arr] = std::nullopt;
    }
    for (const auto &[Arr, M] : Y)
      if (!X.count(Arr))
        Out[Arr] = std::nullopt;
    return Out;
  }

  /// The calls in S binding parameters pass the mappings St has: what S
  /// may change was forgotten (runs), and the rest holds throughout S.
  void record(const Stmt *S, const FlowState &St) {
    auto It = Inside.find(S);
    if (It == Inside.end())
      return;
    for (const Program::ParamBinding *B : It->second) {
      auto M = St.find(B->Arg);
      std::optional<Mapping> Here = M == St.end() ? std::nullopt : M->second;
      auto [Old, New] = Calls.try_emplace(B->Call, Here);
      if (!New && !(Old->second && Here && *Old->second == *Here))
        Old->second = std::nullopt;
    }
  }

  Context &C;
  const Redistributors &Red;
  LoopStates &States;
  CallStates &Calls;
  /// The binding calls inside each statement (the statement's own).
  std::map<const Stmt *, std::vector<const Program::ParamBinding *>> Inside;
  std::map<const Stmt *, bool> Holds;
};

} // namespace

LoopStates Flow::walk() {
  Redistributors Red(C);
  // Other functions than main know only the arrays nobody redistributes.
  std::set<DistArray *> Redistributed;
  for (Redistribution &RD : P.Redistributions) {
    Redistributed.insert(RD.Array);
    // A redistributed parameter may be any array passed to it: until its
    // function returns, any array other functions see may be changed.
    if (RD.Array->Inherited)
      for (auto &Arr : P.Arrays)
        Redistributed.insert(Arr.get());
  }
  // Every function holding a directive (a lambda's is its call operator),
  // and every function passing distributed arrays to parameters.
  std::vector<const FunctionDecl *> Functions;
  std::set<const FunctionDecl *> Seen;
  auto Add = [&](const FunctionDecl *F) {
    if (F && F->getBody() && Seen.insert(F).second)
      Functions.push_back(F);
  };
  for (const auto &[Dir, A] : C.BodyAnchors)
    Add(dyn_cast_or_null<FunctionDecl>(A.Context));
  for (const Program::ParamBinding &B : P.ParamBindings)
    Add(enclosingFunction(C.Ctx, B.Call));
  const std::vector<DistArray *> Inferred = inferable();
  // An inherited parameter's mapping at entry: the one every call passes,
  // once each call's is known. Each walk starts from what the last one
  // found at the calls (all unknown first), so every entry it assumes
  // holds; the walks stop when the entries do.
  std::map<DistArray *, std::optional<Mapping>> Entry;
  LoopStates States;
  CallStates Calls;
  FlowWalker W(C, Red, States, Calls);
  for (int Round = 0;; ++Round) {
    States.clear();
    Calls.clear();
    for (const FunctionDecl *F : Functions) {
      FlowState St;
      for (auto &Arr : P.Arrays)
        if (Arr->Inherited) {
          // Inherited: the mapping of whatever array the call passes
          // (unknown unless inferred).
          if (Arr->Var->getDeclContext() == F) {
            auto It = Entry.find(Arr.get());
            St[Arr.get()] = It == Entry.end() ? std::nullopt : It->second;
          }
        } else if (!Arr->Var->isLocalVarDecl()) {
          // Global arrays enter main with their declared mapping (main
          // cannot be called) unless code before main changed it.
          bool Known = F->isMain() ? !Red.BeforeMain.count(Arr.get())
                                   : !Redistributed.count(Arr.get());
          St[Arr.get()] =
              Known ? std::optional<Mapping>(Arr->Initial) : std::nullopt;
        }
      W.walk(F->getBody(), St);
    }
    std::map<DistArray *, std::optional<Mapping>> Next;
    for (DistArray *A : Inferred) {
      std::optional<Mapping> M;
      bool First = true;
      for (const Program::ParamBinding &B : P.ParamBindings) {
        if (B.Param != A->param())
          continue;
        auto It = Calls.find(B.Call);
        std::optional<Mapping> At =
            It == Calls.end() ? std::nullopt : It->second;
        M = First || (M && At && *M == *At) ? At : std::nullopt;
        First = false;
      }
      Next[A] = First ? std::nullopt : M;
    }
    if (Next == Entry || Round == 8)
      break;
    Entry = std::move(Next);
  }
  for (DistArray *A : Inferred)
    if (const std::optional<Mapping> &M = Entry[A])
      R.remark(A->param()->getLocation(),
               "parameter '" + A->Name + "' of '" +
                   cast<FunctionDecl>(A->param()->getDeclContext())
                       ->getNameAsString() +
                   "' has mapping " + M->describe() +
                   " at every call: the function is compiled for it");
  return States;
}

std::vector<DistArray *> Flow::inferable() {
  std::vector<DistArray *> Out;
  const IndirectEntries E = indirectEntries(C.Ctx);
  // Another name for a function, or an asm statement: calls not seen.
  if (!E.Other.empty())
    return Out;
  for (auto &Arr : P.Arrays) {
    if (!Arr->Inherited || P.ExternParams.count(Arr->param()))
      continue;
    const auto *F = cast<FunctionDecl>(Arr->param()->getDeclContext());
    const auto *M = dyn_cast<CXXMethodDecl>(F);
    if (E.Functions.count(F->getCanonicalDecl()) || (M && M->isVirtual()))
      continue; // called through a pointer, or an override
    Out.push_back(Arr.get());
  }
  return Out;
}

void Flow::decide() {
  plan::PlanOptions PO;
  PO.Scheduler = C.Opts.Scheduler;
  for (Redistribution &RD : P.Redistributions) {
    const ParsedDirective &D = State.Directives[RD.DirId];
    try {
      RD.Decision = decidePlan(RD.Source, RD.Target, RD.Array->Extents, PO);
    } catch (const plan::PlanError &E) {
      R.error(D.HashLoc,
              std::string("cannot plan this redistribution: ") + E.what());
      continue;
    }
    std::string What = "redistribute '" + RD.Array->Name + "' ";
    std::string From = RD.Source ? RD.Source->describe() : "?";
    switch (RD.Decision.Decision) {
    case PlanDecision::NoOp:
      R.remark(D.HashLoc, What + "removed: " + From + " and " +
                              RD.Target.describe() +
                              " place every element at the same place");
      break;
    case PlanDecision::Static:
      R.remark(D.HashLoc,
               What + "static plan (" + From + " -> " + RD.Target.describe() +
                   ", " + std::to_string(RD.Array->Extent) +
                   " elements): " + summarizePlan(*RD.Decision.Plan));
      break;
    case PlanDecision::Runtime:
      R.remark(D.HashLoc, What + "plan made at run time: " + RD.Decision.Why);
      break;
    }
  }
}

} // namespace hpf::analysis
