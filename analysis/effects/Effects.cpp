//===- analysis/effects/Effects.cpp - what code may read, write, throw ----===//
#include "effects/Effects.h"

#include "effects/Collector.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Analysis/Analyses/ExprMutationAnalyzer.h"
#include "clang/Basic/Builtins.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/StringSwitch.h"

#include <deque>
#include <functional>
#include <set>

using namespace clang;

namespace hpf::analysis::effects {

using namespace detail;

namespace {

/// Whether mutation M, of an object of type T (V's own type, or what V
/// points to when M changes that), is the initializer of a lambda's
/// reference capture of a const object: the mutation analysis counts every
/// reference capture as a mutation (`[&] { return X[j]; }` with `const
/// double (&X)[N]`), and the lambda's body, an edge of its own, cannot
/// change a const object.
bool constCapture(ASTContext &Ctx, const Stmt *M, QualType T) {
  while (const ArrayType *AT = T->getAsArrayTypeUnsafe())
    T = AT->getElementType();
  if (!T.isConstQualified())
    return false;
  for (const DynTypedNode &P : Ctx.getParents(*M))
    if (const auto *L = P.get<LambdaExpr>();
        L && llvm::is_contained(L->capture_inits(), M))
      return true;
  return false;
}

/// Mutation M (of V itself, or with Pointee of what V points or refers to)
/// unless it is constCapture's.
const Stmt *unlessConstCapture(ASTContext &Ctx, const Stmt *M, const VarDecl *V,
                               bool OfPointee) {
  if (!M)
    return nullptr;
  QualType T = V->getType().getNonReferenceType();
  if (OfPointee && T->isPointerType())
    T = T->getPointeeType();
  return constCapture(Ctx, M, T) ? nullptr : M;
}

/// The mutation analysis' first mutation of V (with Pointee, of what V
/// points or refers to if V itself is not changed).
const Stmt *mutationOf(ASTContext &Ctx, ExprMutationAnalyzer &A,
                       const VarDecl *V, bool Pointee) {
  if (const Stmt *M = A.findMutation(V))
    return unlessConstCapture(Ctx, M, V, false);
  return Pointee ? unlessConstCapture(Ctx, A.findPointeeMutation(V), V, true)
                 : nullptr;
}

/// The arguments of the calls in Edges that are handed to a pointer or
/// reference parameter of a function the graph follows: what the callee
/// does with them is its ParamWrites (merge), not the mutation analysis'
/// "passed to a non-const pointer" at the call.
std::set<const DeclRefExpr *> handedArguments(llvm::ArrayRef<Edge> Edges) {
  std::set<const DeclRefExpr *> Handed;
  for (const Edge &E : Edges)
    for (unsigned I = 0; I < E.Args.size() && I < E.Callee->getNumParams(); ++I)
      if (const QualType T = E.Callee->getParamDecl(I)->getType();
          E.Args[I] && (T->isPointerType() || T->isReferenceType()))
        Handed.insert(E.Args[I]);
  return Handed;
}

/// Whether V, whose elements are handed to a followed call in S, is used
/// there.
bool isHanded(const VarDecl *V, const std::set<const DeclRefExpr *> &Handed) {
  return llvm::any_of(Handed,
                      [V](const DeclRefExpr *D) { return D->getDecl() == V; });
}

/// The first mutation of V in S but at the uses in Handed (V handed to a
/// followed call, whose effect merge adds): mutationOf when there are
/// none, else each other use is asked about.
const Stmt *mutationBesides(ASTContext &Ctx, ExprMutationAnalyzer &A,
                            const Stmt *S, const VarDecl *V, bool Pointee,
                            const std::set<const DeclRefExpr *> &Handed) {
  if (!isHanded(V, Handed))
    return mutationOf(Ctx, A, V, Pointee);
  for (const DeclRefExpr *D : refsTo(S, V)) {
    if (Handed.count(D))
      continue;
    if (const Stmt *M = A.findMutation(D))
      if ((M = unlessConstCapture(Ctx, M, V, false)))
        return M;
    if (Pointee)
      if (const Stmt *M =
              unlessConstCapture(Ctx, A.findPointeeMutation(D), V, true))
        return M;
  }
  return nullptr;
}

/// The mutation analysis' answer for each candidate variable of code S,
/// and for each dereference of a pointer that is not S's own: a write
/// through it is a write of the pointer's variable, or (a member, a call's
/// result) a write hpfcc cannot name. A variable handed to a followed
/// call counts as written there only if the callee writes it (merge).
void mutations(
    ASTContext &Ctx, const Stmt *S,
    const std::vector<const VarDecl *> &Candidates,
    const std::vector<std::pair<const VarDecl *, const Expr *>> &Derefs,
    const std::vector<std::pair<const ParmVarDecl *, const Expr *>>
        &ParamDerefs,
    llvm::ArrayRef<Edge> Edges, Effects &Out) {
  if (Candidates.empty() && Derefs.empty() && ParamDerefs.empty())
    return;
  const std::set<const DeclRefExpr *> Handed = handedArguments(Edges);
  ExprMutationAnalyzer A(*S, Ctx);
  for (const auto &[PV, E] : ParamDerefs)
    if (const Stmt *M = A.findMutation(E))
      Out.ParamWrites.try_emplace(PV, Witness{M->getBeginLoc(), "", {}});
  for (const auto &[V, E] : Derefs) {
    const Stmt *M = A.findMutation(E);
    if (!M)
      continue;
    if (V)
      Out.Writes.try_emplace(V->getCanonicalDecl(),
                             Witness{M->getBeginLoc(), "", {}});
    else if (!Out.WritesThrough)
      Out.WritesThrough = Witness{M->getBeginLoc(), "", {}};
  }
  for (const VarDecl *VD : Candidates) {
    const bool Pointee =
        VD->getType()->isPointerType() || VD->getType()->isReferenceType();
    const Stmt *M = mutationBesides(Ctx, A, S, VD, Pointee, Handed);
    if (M)
      Out.Writes.try_emplace(VD->getCanonicalDecl(),
                             Witness{M->getBeginLoc(), "", {}});
  }
}

/// The reference and pointer parameters of F whose elements (or referent)
/// F may change, by the mutation analysis of its body. Passing one on to a
/// followed call is the callee's to judge (merge); to any other call as a
/// non-const reference or pointer, it counts.
void paramMutations(ASTContext &Ctx, const FunctionDecl *F,
                    llvm::ArrayRef<Edge> Edges, Effects &Out) {
  std::optional<ExprMutationAnalyzer> A;
  std::optional<std::set<const DeclRefExpr *>> Handed;
  for (const ParmVarDecl *PV : F->parameters()) {
    const QualType T = PV->getType();
    if (!T->isReferenceType() && !T->isPointerType())
      continue;
    if (!A) {
      A.emplace(*F->getBody(), Ctx);
      Handed = handedArguments(Edges);
    }
    const Stmt *M =
        mutationBesides(Ctx, *A, F->getBody(), PV, T->isPointerType(), *Handed);
    if (M)
      Out.ParamWrites.try_emplace(PV, Witness{M->getBeginLoc(), "", {}});
  }
}

/// Adds From's effects that pass Keep to Into, each reached through the
/// call at L to Callee, which passes Args. True if anything was new.
bool merge(Effects &Into, const Effects &From, SourceLocation L,
           const FunctionDecl *Callee,
           const std::function<bool(const VarDecl *)> &Keep,
           llvm::ArrayRef<const DeclRefExpr *> Args = {}) {
  auto Through = [&](const Witness &W) {
    Witness N = W;
    if (Callee) // else: already the path from Into's code
      N.Path.insert(N.Path.begin(), {L, Callee});
    return N;
  };
  bool Changed = false;
  auto Vars = [&](std::map<const VarDecl *, Witness> &To,
                  const std::map<const VarDecl *, Witness> &Fr) {
    for (const auto &[V, W] : Fr)
      if (Keep(V) && !To.count(V)) {
        To.emplace(V, Through(W));
        Changed = true;
      }
  };
  Vars(Into.Writes, From.Writes);
  Vars(Into.Reads, From.Reads);
  // A variable the callee passes to a parameter that writes it is written
  // by the caller too (else a loop's copy could serve stale reads).
  Vars(Into.PassedWrites, From.PassedWrites);
  // Elements read or written through a parameter: the callee's own
  // parameter is the argument the call passes; another's (a lambda's
  // captured one) is that variable. A variable of the caller's caller is
  // read or written (Vars); the caller's parameter passes the effect on
  // (Params); the caller's local is its own.
  // A variable handed to the callee's parameter is written where the
  // call passes it (AtCall): the mutation analysis left that use to the
  // callee (mutations).
  auto Params = [&](std::map<const ParmVarDecl *, Witness> &ToParams,
                    std::map<const VarDecl *, Witness> &ToVars,
                    const std::map<const ParmVarDecl *, Witness> &Fr,
                    std::map<const VarDecl *, Witness> *AtCall) {
    for (const auto &[PV, W] : Fr) {
      Witness N = Through(W);
      const VarDecl *V = PV;
      const DeclRefExpr *Arg = nullptr;
      if (Callee && PV->getDeclContext() == Callee) {
        const unsigned I = PV->getFunctionScopeIndex();
        Arg = I < Args.size() ? Args[I] : nullptr;
        V = Arg ? dyn_cast<VarDecl>(Arg->getDecl()) : nullptr;
        if (!V)
          continue;
        N.Passed = Arg->getLocation();
      }
      V = V->getCanonicalDecl();
      if (Keep(V)) {
        Changed |= ToVars.try_emplace(V, N).second;
        if (AtCall && Arg)
          Changed |= AtCall->try_emplace(V, Witness{Arg->getLocation(), "", {}})
                         .second;
      } else if (const auto *P = dyn_cast<ParmVarDecl>(V))
        Changed |= ToParams.try_emplace(P, N).second;
    }
  };
  Params(Into.ParamReads, Into.Reads, From.ParamReads, nullptr);
  Params(Into.ParamWrites, Into.PassedWrites, From.ParamWrites, &Into.Writes);
  auto One = [&](std::optional<Witness> &To, const std::optional<Witness> &Fr) {
    if (Fr && !To) {
      To = Through(*Fr);
      Changed = true;
    }
  };
  One(Into.Throws, From.Throws);
  One(Into.Exits, From.Exits);
  One(Into.Opaque, From.Opaque);
  One(Into.WritesThrough, From.WritesThrough);
  One(Into.Callback, From.Callback);
  One(Into.Output, From.Output);
  One(Into.Input, From.Input);
  One(Into.File, From.File);
  One(Into.Errno, From.Errno);
  return Changed;
}

/// A variable the function's own call creates: automatic storage, declared
/// in it (a lambda's variables are its call operator's; the variables it
/// captures are not).
bool automaticIn(const VarDecl *V, const FunctionDecl *F) {
  if (!V->hasLocalStorage())
    return false;
  const DeclContext *DC = V->getDeclContext();
  while (DC && !isa<FunctionDecl>(DC))
    DC = DC->getParent();
  return DC &&
         cast<FunctionDecl>(DC)->getCanonicalDecl() == F->getCanonicalDecl();
}

} // namespace

bool harmlessToLibrary(const SourceManager &SM, QualType T, int Depth) {
  return harmlessImpl(SM, T, Depth);
}
bool namesCallee(ASTContext &Ctx, const Expr *E) {
  const Stmt *Child = E;
  for (;;) {
    auto Ps = Ctx.getParents(*Child);
    const Stmt *P = Ps.empty() ? nullptr : Ps[0].get<Stmt>();
    const auto *C = dyn_cast_or_null<ImplicitCastExpr>(P);
    if (isa_and_nonnull<ParenExpr>(P) ||
        (C && C->getCastKind() == CK_FunctionToPointerDecay)) {
      Child = P;
      continue;
    }
    if (const auto *Call = dyn_cast_or_null<CallExpr>(P))
      return Call->getCallee() == Child;
    // `obj.f(...)`, `S::f(...)`: the member access is the callee.
    if (const auto *M = dyn_cast_or_null<MemberExpr>(P))
      return namesCallee(Ctx, M);
    return false;
  }
}

bool typeArguments(llvm::ArrayRef<TemplateArgument> Args,
                   std::vector<QualType> &Types) {
  return typeArgumentsImpl(Args, Types);
}

struct Analysis::Impl {
  explicit Impl(ASTContext &Ctx) : Ctx(Ctx) {}
  ASTContext &Ctx;
  struct Node {
    Effects All; ///< own effects first, then the callees' (fixpoint)
    std::vector<Edge> Edges;
  };
  std::map<const FunctionDecl *, Node> Nodes;
  std::optional<std::vector<const FunctionDecl *>> AddressTaken;

  /// The program's functions whose address is taken (found once).
  const std::vector<const FunctionDecl *> &addressTaken() {
    if (!AddressTaken) {
      AddressTakenFinder Finder(Ctx);
      Finder.TraverseDecl(Ctx.getTranslationUnitDecl());
      AddressTaken = std::move(Finder.Found);
    }
    return *AddressTaken;
  }
  Collector collector(std::function<bool(const VarDecl *)> Own, Effects &Out,
                      std::vector<Edge> &Edges) {
    return Collector(Ctx, std::move(Own), Out, Edges,
                     [this]() -> const std::vector<const FunctionDecl *> & {
                       return addressTaken();
                     });
  }

  /// Each node's reach, once asked (the nodes it reaches are all
  /// discovered with it, so it does not change).
  std::map<const FunctionDecl *, Reach> Reaches;

  /// What Def's node reaches (after discover).
  const Reach &reach(const FunctionDecl *Def) {
    if (auto It = Reaches.find(Def); It != Reaches.end())
      return It->second;
    Reach R;
    std::vector<const FunctionDecl *> Work{Def};
    while (!Work.empty()) {
      const FunctionDecl *F = Work.back();
      Work.pop_back();
      if (R.Functions.insert(F).second)
        for (const Edge &E : Nodes[F].Edges)
          Work.push_back(E.Callee);
    }
    const Effects &All = Nodes[Def].All;
    R.Unfollowed = All.Opaque ? All.Opaque : All.Callback;
    return Reaches.emplace(Def, std::move(R)).first->second;
  }

  /// Creates the nodes of Def and everything it reaches, then runs the
  /// fixpoint over all nodes.
  void discover(const FunctionDecl *Def) {
    std::deque<const FunctionDecl *> Work{Def};
    bool Added = false;
    while (!Work.empty()) {
      const FunctionDecl *F = Work.front();
      Work.pop_front();
      if (Nodes.count(F))
        continue;
      Node &N = Nodes[F];
      Added = true;
      Collector C = collector(
          [F](const VarDecl *V) { return automaticIn(V, F); }, N.All, N.Edges);
      const Stmt *Body = F->getBody();
      if (const auto *Ctor = dyn_cast<CXXConstructorDecl>(F))
        for (const CXXCtorInitializer *I : Ctor->inits())
          if (I->getInit())
            C.TraverseStmt(I->getInit());
      if (Body) {
        C.traceOwnPointers(Body);
        C.TraverseStmt(const_cast<Stmt *>(Body));
        mutations(Ctx, Body, C.Candidates, C.Derefs, C.ParamDerefs, N.Edges,
                  N.All);
        paramMutations(Ctx, F, N.Edges, N.All);
      }
      for (const Edge &E : N.Edges)
        if (!Nodes.count(E.Callee))
          Work.push_back(E.Callee);
    }
    if (Added)
      fixpoint();
  }

  void fixpoint() {
    for (bool Changed = true; Changed;) {
      Changed = false;
      for (auto &[F, N] : Nodes)
        for (const Edge &E : N.Edges) {
          const FunctionDecl *Caller = F;
          auto Keep = [Caller](const VarDecl *V) {
            return !automaticIn(V, Caller);
          };
          if (E.Callee == F) {
            // Recursion: only a parameter passed on as another one
            // (`f(Y, X)` in `f(X, Y)`) may be new.
            Effects Self;
            Self.ParamReads = N.All.ParamReads;
            Self.ParamWrites = N.All.ParamWrites;
            Changed |= merge(N.All, Self, E.Loc, E.Callee, Keep, E.Args);
            continue;
          }
          Changed |=
              merge(N.All, Nodes[E.Callee].All, E.Loc, E.Callee, Keep, E.Args);
        }
    }
  }
};

Analysis::Analysis(ASTContext &Ctx) : P(std::make_unique<Impl>(Ctx)) {}
Analysis::~Analysis() = default;

const Effects &Analysis::ofFunction(const FunctionDecl *FD) {
  static const Effects None;
  const FunctionDecl *Def = definition(FD);
  if (!Def)
    return None;
  if (!P->Nodes.count(Def))
    P->discover(Def);
  return P->Nodes[Def].All;
}

Effects Analysis::ofStatement(const Stmt *S, const DeclContext *Owner) {
  const SourceManager &SM = P->Ctx.getSourceManager();
  const SourceRange R = S->getSourceRange();
  auto Inside = [&SM, R, Owner](const VarDecl *V) {
    if (!V->hasLocalStorage())
      return false;
    const DeclContext *DC = V->getDeclContext();
    bool InOwner = false;
    for (; DC; DC = DC->getParent())
      InOwner |= DC == Owner;
    const SourceLocation L = SM.getExpansionLoc(V->getLocation());
    return InOwner &&
           !SM.isBeforeInTranslationUnit(L, SM.getExpansionLoc(R.getBegin())) &&
           !SM.isBeforeInTranslationUnit(SM.getExpansionLoc(R.getEnd()), L);
  };
  Effects Out;
  std::vector<Edge> Edges;
  Collector C = P->collector(Inside, Out, Edges);
  C.traceOwnPointers(S);
  C.TraverseStmt(const_cast<Stmt *>(S));
  mutations(P->Ctx, S, C.Candidates, C.Derefs, C.ParamDerefs, Edges, Out);
  for (const Edge &E : Edges)
    if (!P->Nodes.count(E.Callee))
      P->discover(E.Callee);
  auto Keep = [&Inside](const VarDecl *V) { return !Inside(V); };
  Effects Through;
  for (const Edge &E : Edges)
    merge(Through, P->Nodes[E.Callee].All, E.Loc, E.Callee, Keep, E.Args);
  // A variable read or written both in S and through a call: the call's
  // witness is the one S cannot show (the statement's own reads and writes
  // are its caller's to judge).
  for (auto Vars : {&Effects::Reads, &Effects::Writes})
    for (const auto &[V, W] : Through.*Vars)
      (Out.*Vars).insert_or_assign(V, W);
  merge(Out, Through, SourceLocation(), nullptr, Keep);
  return Out;
}

const Reach &Analysis::reachOf(const FunctionDecl *FD) {
  static const Reach None;
  const FunctionDecl *Def = definition(FD);
  if (!Def)
    return None;
  if (!P->Nodes.count(Def))
    P->discover(Def);
  return P->reach(Def);
}

Reach Analysis::reachOf(const Stmt *S) {
  Effects Direct;
  std::vector<Edge> Edges;
  // Every variable counts as S's own: only the calls are collected.
  Collector C =
      P->collector([](const VarDecl *) { return true; }, Direct, Edges);
  C.TraverseStmt(const_cast<Stmt *>(S));
  Reach R;
  R.ReturnsTwice = C.ReturnsTwice;
  R.Unfollowed = Direct.Opaque ? Direct.Opaque : Direct.Callback;
  for (const Edge &E : Edges) {
    if (!P->Nodes.count(E.Callee))
      P->discover(E.Callee);
    const Reach &Callee = P->reach(E.Callee);
    R.Functions.insert(Callee.Functions.begin(), Callee.Functions.end());
    if (!R.Unfollowed && Callee.Unfollowed) {
      R.Unfollowed = Callee.Unfollowed;
      R.Unfollowed->Path.insert(R.Unfollowed->Path.begin(), {E.Loc, E.Callee});
    }
  }
  return R;
}

std::string Analysis::whereText(const Witness &W) const {
  const SourceManager &SM = P->Ctx.getSourceManager();
  std::string T =
      " at line " +
      std::to_string(SM.getPresumedLineNumber(SM.getExpansionLoc(W.Loc)));
  if (!W.Path.empty())
    T += ", reached through " + pathText(W);
  return T;
}

std::pair<std::string, const Witness *> firstOther(const Effects &E) {
  auto Named = [](const char *Does, const Witness &W) {
    return std::string(Does) + " ('" + W.What + "')";
  };
  // What (a call, `a call of 'f', defined in another file,`) reads as a
  // phrase without its trailing comma.
  auto Phrase = [](const Witness &W) {
    llvm::StringRef What = W.What;
    return "reaches " + What.rtrim(',').str();
  };
  if (E.Throws)
    return {"throws", &*E.Throws};
  if (E.Exits)
    return {Named("may end the process", *E.Exits), &*E.Exits};
  if (E.Opaque)
    return {Phrase(*E.Opaque), &*E.Opaque};
  if (E.Callback)
    return {Phrase(*E.Callback), &*E.Callback};
  if (E.WritesThrough)
    return {"writes through a pointer that names no variable",
            &*E.WritesThrough};
  if (E.Output)
    return {Named("prints", *E.Output), &*E.Output};
  if (E.Input)
    return {Named("reads input", *E.Input), &*E.Input};
  if (E.File)
    return {Named("uses a file", *E.File), &*E.File};
  return {"", nullptr};
}

std::string Analysis::pathText(const Witness &W) const {
  const SourceManager &SM = P->Ctx.getSourceManager();
  std::string T;
  for (const auto &[L, F] : W.Path) {
    if (!T.empty())
      T += " -> ";
    const auto *M = dyn_cast<CXXMethodDecl>(F);
    if (M && M->getParent()->isLambda())
      T += "the lambda of line " + std::to_string(SM.getPresumedLineNumber(
                                       SM.getExpansionLoc(M->getLocation())));
    else
      T += "'" + F->getNameAsString() + "'";
    T += " (called at line " +
         std::to_string(SM.getPresumedLineNumber(SM.getExpansionLoc(L))) + ")";
  }
  return T;
}

} // namespace hpf::analysis::effects
