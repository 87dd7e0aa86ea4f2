//===- analysis/flow/Flow.cpp - each array's mapping at each directive ----===//
//
// A walk over each function computes, for every redistribute, the array's
// mapping just before it, and for every independent loop the mappings
// where it stands. The walk is sound: anything control flow or a call
// could change is "unknown" (which functions may redistribute which arrays
// is computed first, transitively over the call graph). A redistribute
// whose source and target are known constants gets a static plan or is
// removed; the others are planned at run time. An array parameter
// (inherited mapping) is unknown in its function, and aliases every array
// of its caller.
//
//===----------------------------------------------------------------------===//
#include "Phases.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace hpf::analysis {

using pragma::DirectiveKind;

namespace {

/// Which functions may redistribute which arrays.
using MayRedistMap = std::map<const FunctionDecl *, std::set<DistArray *>>;

/// Calls made in a statement and redistributes written inside it.
class EffectCollector : public RecursiveASTVisitor<EffectCollector> {
public:
  std::set<const FunctionDecl *> Callees;
  bool Indirect = false;
  bool VisitCallExpr(CallExpr *E) {
    if (const FunctionDecl *FD = E->getDirectCallee())
      Callees.insert(FD->getCanonicalDecl());
    else
      Indirect = true;
    return true;
  }
  bool VisitCXXConstructExpr(CXXConstructExpr *E) {
    if (const auto *C = E->getConstructor())
      Callees.insert(C->getCanonicalDecl());
    return true;
  }
};

class FlowWalker {
public:
  FlowWalker(Context &C, const MayRedistMap &MayRedist,
             const std::set<const FunctionDecl *> &MayRedistAll,
             LoopStates &States)
      : C(C), MayRedist(MayRedist), MayRedistAll(MayRedistAll), States(States) {
  }

  /// The arrays a statement may redistribute (directly or through calls).
  std::set<DistArray *> changedIn(const Stmt *S) {
    std::set<DistArray *> Out;
    SourceRange SR = S->getSourceRange();
    for (Redistribution &RD : C.P.Redistributions) {
      SourceLocation L = C.State.Directives[RD.DirId].HashLoc;
      if (C.SM.isBeforeInTranslationUnit(SR.getBegin(), L) &&
          C.SM.isBeforeInTranslationUnit(L, SR.getEnd()))
        Out.insert(RD.Array);
    }
    EffectCollector EC;
    EC.TraverseStmt(const_cast<Stmt *>(S));
    addCallEffects(EC, Out);
    return Out;
  }
  void addCallEffects(const EffectCollector &EC, std::set<DistArray *> &Out) {
    if (EC.Indirect) {
      for (Redistribution &RD : C.P.Redistributions)
        Out.insert(RD.Array);
      return;
    }
    for (const FunctionDecl *F : EC.Callees) {
      if (MayRedistAll.count(F))
        for (Redistribution &RD : C.P.Redistributions)
          Out.insert(RD.Array);
      if (auto It = MayRedist.find(F); It != MayRedist.end())
        Out.insert(It->second.begin(), It->second.end());
    }
  }

  void forget(FlowState &S, const std::set<DistArray *> &Arrays) {
    for (DistArray *Arr : Arrays)
      S[Arr] = std::nullopt;
    // A parameter may be any of the arrays changed (and any array the
    // parameter of a callee): aliases are forgotten together.
    if (!Arrays.empty())
      for (auto &[Arr, M] : S)
        if (Arr->Inherited)
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

  void walk(const Stmt *S, FlowState &St) {
    if (!S)
      return;
    if (auto It = C.AnchorStmts.find(S); It != C.AnchorStmts.end()) {
      anchor(It->second, St);
      return;
    }
    if (isa<LambdaExpr>(S) || isa<BlockExpr>(S))
      return; // a separate function body
    if (const auto *If = dyn_cast<IfStmt>(S)) {
      walk(If->getInit(), St);
      walk(If->getConditionVariableDeclStmt(), St);
      walk(If->getCond(), St);
      FlowState Then = St, Else = St;
      walk(If->getThen(), Then);
      walk(If->getElse(), Else);
      St = join(Then, Else);
      return;
    }
    if (isa<ForStmt>(S) || isa<WhileStmt>(S) || isa<DoStmt>(S) ||
        isa<CXXForRangeStmt>(S) || isa<SwitchStmt>(S) || isa<CXXTryStmt>(S)) {
      forget(St, changedIn(S));
      for (const Stmt *C : S->children()) {
        FlowState Inner = St;
        walk(C, Inner);
      }
      return;
    }
    if (isa<LabelStmt>(S)) {
      for (auto &[Arr, M] : St)
        M = std::nullopt;
    }
    for (const Stmt *C : S->children())
      walk(C, St);
    if (const auto *CE = dyn_cast<CallExpr>(S)) {
      EffectCollector EC;
      if (const FunctionDecl *FD = CE->getDirectCallee())
        EC.Callees.insert(FD->getCanonicalDecl());
      else
        EC.Indirect = true;
      std::set<DistArray *> Changed;
      addCallEffects(EC, Changed);
      forget(St, Changed);
    } else if (const auto *CC = dyn_cast<CXXConstructExpr>(S)) {
      EffectCollector EC;
      EC.Callees.insert(CC->getConstructor()->getCanonicalDecl());
      std::set<DistArray *> Changed;
      addCallEffects(EC, Changed);
      forget(St, Changed);
    }
  }

  void anchor(unsigned Dir, FlowState &St) {
    const ParsedDirective &D = C.State.Directives[Dir];
    switch (D.Dir.Kind) {
    case DirectiveKind::Distribute:
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
      for (Redistribution &RD : C.P.Redistributions)
        if (RD.DirId == Dir) {
          auto It = St.find(RD.Array);
          RD.Source = It == St.end() ? std::nullopt : It->second;
          // A parameter may be any array of the caller (its mapping comes
          // back on return, but here it changes with the parameter's);
          // redistributing any array may change a parameter.
          for (auto &[Arr, M] : St)
            if (RD.Array->Inherited || Arr->Inherited)
              M = std::nullopt;
          St[RD.Array] = RD.Target;
        }
      break;
    case DirectiveKind::Independent:
      States[Dir] = St;
      break;
    default:
      break;
    }
  }

private:
  Context &C;
  const MayRedistMap &MayRedist;
  const std::set<const FunctionDecl *> &MayRedistAll;
  LoopStates &States;
};

} // namespace

LoopStates Flow::walk() {
  MayRedistMap MayRedist;
  std::set<const FunctionDecl *> MayRedistAll;
  // Which functions may redistribute which arrays (transitively).
  std::map<const FunctionDecl *, EffectCollector> Calls;
  std::vector<const FunctionDecl *> Funcs;
  class FuncFinder : public RecursiveASTVisitor<FuncFinder> {
  public:
    std::vector<const FunctionDecl *> &Out;
    explicit FuncFinder(std::vector<const FunctionDecl *> &O) : Out(O) {}
    bool shouldVisitLambdaBody() const { return true; }
    bool VisitFunctionDecl(FunctionDecl *F) {
      if (F->doesThisDeclarationHaveABody())
        Out.push_back(F);
      return true;
    }
  } Finder(Funcs);
  Finder.TraverseDecl(Ctx.getTranslationUnitDecl());
  for (const FunctionDecl *F : Funcs) {
    EffectCollector &EC = Calls[F->getCanonicalDecl()];
    EC.TraverseStmt(F->getBody());
  }
  for (Redistribution &RD : P.Redistributions) {
    const auto *F = dyn_cast<FunctionDecl>(P.Anchors[RD.DirId].Context);
    if (F)
      MayRedist[F->getCanonicalDecl()].insert(RD.Array);
  }
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (auto &[F, EC] : Calls) {
      std::set<DistArray *> &Mine = MayRedist[F];
      std::size_t Before = Mine.size();
      bool All = MayRedistAll.count(F);
      if (EC.Indirect && !All && !P.Redistributions.empty()) {
        MayRedistAll.insert(F);
        Changed = true;
      }
      for (const FunctionDecl *G : EC.Callees) {
        if (MayRedistAll.count(G) && !MayRedistAll.count(F)) {
          MayRedistAll.insert(F);
          Changed = true;
        }
        if (auto It = MayRedist.find(G); It != MayRedist.end() && G != F)
          Mine.insert(It->second.begin(), It->second.end());
      }
      Changed |= Mine.size() != Before;
    }
  }
  // Walk every function. Global arrays enter main with their declared
  // mapping (main cannot be called); other functions know only the arrays
  // nobody redistributes.
  std::set<DistArray *> Redistributed;
  for (Redistribution &RD : P.Redistributions) {
    Redistributed.insert(RD.Array);
    // A redistributed parameter may be any array passed to it: until its
    // function returns, any array other functions see may be changed.
    if (RD.Array->Inherited)
      for (auto &Arr : P.Arrays)
        Redistributed.insert(Arr.get());
  }
  LoopStates States;
  FlowWalker W(C, MayRedist, MayRedistAll, States);
  for (const FunctionDecl *F : Funcs) {
    FlowState St;
    for (auto &Arr : P.Arrays)
      if (Arr->Inherited) {
        // Inherited: the mapping of whatever array the call passes.
        if (Arr->Var->getDeclContext() == F)
          St[Arr.get()] = std::nullopt;
      } else if (!Arr->Var->isLocalVarDecl())
        St[Arr.get()] = F->isMain() || !Redistributed.count(Arr.get())
                            ? std::optional<Mapping>(Arr->Initial)
                            : std::nullopt;
    W.walk(F->getBody(), St);
  }
  return States;
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
