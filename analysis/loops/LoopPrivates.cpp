//===- analysis/loops/LoopPrivates.cpp - each rank's own variables --------===//
//
// The ranks run an independent loop's iterations in their own processes,
// so every variable is already each rank's own: what matters is whether
// the program can tell. A variable declared outside the loop that the body
// assigns (`t1 = ...` with `double t1` at the top of the function, as NAS
// codes write it; a loop index declared before the loop) can be left to
// each rank when
//  - no iteration reads the value an earlier iteration left: on every path
//    through the body from its start, the variable is assigned before it
//    is read (read by the body or by a function it calls); and
//  - nothing reads it after the loop before assigning it again (the
//    sequential program would see the last iteration's value, which only
//    one rank holds).
// Both are questions about the paths of the enclosing function, answered
// on Clang's CFG of it. A variable the compiler cannot see all the uses of
// (a global, a static, a reference) is assumed read after the loop; the
// directive's new(...) clause is the user's word for it (HPF's NEW).
//
//===----------------------------------------------------------------------===//
#include "Expressions.h"
#include "Phases.h"
#include "effects/ProgramWrites.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/Analysis/CFG.h"
#include "clang/Basic/SourceManager.h"

#include <vector>

using namespace clang;

namespace hpf::analysis {

namespace {

/// A successor, reachable or not (a constant condition's dead branch is
/// still a path of the source: better conservative).
const CFGBlock *blockOf(const CFGBlock::AdjacentBlock &A) {
  if (const CFGBlock *B = A.getReachableBlock())
    return B;
  return A.getPossiblyUnreachableBlock();
}

bool usesVar(const Stmt *S, const VarDecl *V) {
  bool Found = false;
  forEachDeclRef(S, [&](const DeclRefExpr *DRE) {
    Found = DRE->getDecl()->getCanonicalDecl() == V;
    return !Found;
  });
  return Found;
}

bool refersTo(const Expr *E, const VarDecl *V) {
  const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParens());
  return DRE && DRE->getDecl()->getCanonicalDecl() == V;
}

} // namespace

LoopPrivates::LoopPrivates(Context &C, const OwnerLoop &L) : C(C), L(L) {}

LoopPrivates::~LoopPrivates() = default;

bool LoopPrivates::build() {
  if (Built)
    return Graph != nullptr;
  Built = true;
  const ForStmt *For = L.outer();
  Function = enclosingFunction(C.Ctx, For);
  if (!Function || !Function->hasBody())
    return false;
  CFG::BuildOptions Opts;
  Opts.setAllAlwaysAdd(); // every subexpression an element, in order
  Graph = CFG::buildCFG(Function, Function->getBody(), &C.Ctx, Opts);
  if (!Graph)
    return false;
  for (const CFGBlock *B : *Graph)
    if (B && B->getTerminatorStmt() == For && B->succ_size() == 2) {
      BodyEntry = blockOf(B->succ_begin()[0]);
      Exit = blockOf(B->succ_begin()[1]);
      Condition = B;
    }
  if (!Condition) {
    Graph.reset();
    return false;
  }
  return true;
}

/// The first read of V reachable from From, along paths that do not assign
/// it first (and, if Stop, do not pass through Stop): null if none.
const Stmt *LoopPrivates::firstRead(const VarDecl *V, const CFGBlock *From,
                                    const CFGBlock *Stop) {
  if (!From)
    return nullptr;
  const DeclContext *Owner = Function;
  std::vector<const CFGBlock *> Work{From};
  std::vector<bool> Seen(Graph->getNumBlockIDs(), false);
  Seen[From->getBlockID()] = true;
  while (!Work.empty()) {
    const CFGBlock *B = Work.back();
    Work.pop_back();
    bool Killed = false;
    for (const CFGElement &El : *B) {
      std::optional<CFGStmt> CS = El.getAs<CFGStmt>();
      if (!CS)
        continue;
      const Stmt *S = CS->getStmt();
      if (const auto *BO = dyn_cast<BinaryOperator>(S);
          BO && BO->getOpcode() == BO_Assign && refersTo(BO->getLHS(), V)) {
        Killed = true; // its right-hand side came first
        break;
      }
      if (const auto *DRE = dyn_cast<DeclRefExpr>(S)) {
        if (DRE->getDecl()->getCanonicalDecl() != V)
          continue;
        // The target of a plain assignment is written, not read; any
        // other use (a read, ++, &V, a reference bound) reads it.
        const auto Ps = C.Ctx.getParents(*DRE);
        const BinaryOperator *Assign = nullptr;
        for (DynTypedNode P = Ps.empty() ? DynTypedNode() : Ps[0];;) {
          if (const auto *PE = P.get<ParenExpr>()) {
            auto PPs = C.Ctx.getParents(*PE);
            if (PPs.empty())
              break;
            P = PPs[0];
            continue;
          }
          Assign = P.get<BinaryOperator>();
          break;
        }
        if (Assign && Assign->getOpcode() == BO_Assign &&
            refersTo(Assign->getLHS(), V))
          continue;
        return S;
      }
      // A function the iteration calls may read it (a global, or a local
      // a lambda captured by reference).
      if (isa<CallExpr, CXXConstructExpr, CXXNewExpr, CXXDeleteExpr>(S) &&
          C.Effects.ofStatement(S, Owner).Reads.count(V))
        return S;
    }
    if (Killed)
      continue;
    for (const CFGBlock::AdjacentBlock &Succ : B->succs()) {
      const CFGBlock *Next = blockOf(Succ);
      if (!Next || Next == Stop || Seen[Next->getBlockID()])
        continue;
      Seen[Next->getBlockID()] = true;
      Work.push_back(Next);
    }
  }
  return nullptr;
}

std::string LoopPrivates::whyShared(const VarDecl *V, bool IsIndex) {
  V = V->getCanonicalDecl();
  auto Memo = Answers.find({V, IsIndex});
  if (Memo != Answers.end())
    return Memo->second;
  std::string &Why = Answers[{V, IsIndex}];
  const std::string Name = "'" + V->getName().str() + "'";
  if (!build()) {
    Why = "hpfcc cannot follow the paths of the function around the loop";
    return Why;
  }
  // The loop's test and increment run after each iteration: a variable
  // they read carries the iteration's value to the next test.
  const ForStmt *For = L.outer();
  if (!IsIndex && (usesVar(For->getCond(), V) || usesVar(For->getInc(), V))) {
    Why = Name + " is read by the loop's header after each iteration";
    return Why;
  }
  if (!IsIndex && !L.NewVars.count(V))
    if (const Stmt *Read = firstRead(V, BodyEntry, Condition)) {
      Why = "an iteration may read " + Name + " (line " +
            lineOf(C.SM, Read->getBeginLoc()) +
            ") before assigning it, so it carries a value from one "
            "iteration to the next";
      return Why;
    }
  if (L.NewVars.count(V))
    return Why; // the user's word: nothing reads it after the loop
  const bool Local = V->hasLocalStorage() && !V->getType()->isReferenceType();
  if (!Local) {
    Why = Name + " is not a local variable of the function: code after the "
                 "loop may read the value the last iteration left, which "
                 "one rank holds (declare it in the function or the loop, "
                 "or name it in a new(...) clause if nothing reads it "
                 "after the loop)";
    return Why;
  }
  if (const Stmt *Read = firstRead(V, Exit, nullptr))
    Why = Name + " is read after the loop (line " +
          lineOf(C.SM, Read->getBeginLoc()) +
          ") before it is assigned again, and only one rank holds the "
          "value the last iteration left";
  return Why;
}

} // namespace hpf::analysis
