//===- codegen/PairedSteps.cpp - two elimination steps per pass -----------===//
//
// The LoopEmitter members (codegen/LoopEmitter.h) that run two steps of a
// loop whose pivot rows are sent ahead (codegen/Lookahead.cpp) in one pass
// over the rows. In
//
//   for (int k = 0; k < N - 1; ++k) {
//   #pragma hpf independent
//     for (int i = k + 1; i < N; ++i) {
//       const double F = M[i][k] / M[k][k];
//       for (int j = k; j <= N; ++j)
//         M[i][j] -= F * M[k][j];
//     }
//   }
//
// iteration (k, i) reads rows k and i and writes row i. So once row k + 1
// has had step k, each row i > k + 1 can have step k and then step k + 1
// before the next row has either: every element gets the same operations
// in the same order as in the sequential loop (the same bits), and the
// trailing rows are streamed from memory once per two steps instead of
// once per step (at -n 2 on the gauss kernel, 1200 x 1201, elimination
// 1.42-1.48 s -> 1.29-1.34 s, tools/kernel-bench). The
// rank that owns row k + 1 updates it first (its pass starts there) and
// sends it; the others post its receive before their pass and wait for it
// after their first row's step k. The loop over the steps advances by two after a pair.
//
// Emitted, for the nest of directive 7 with pivot row __hpf_row7_0:
//
//   const bool __hpf_pair7 = [&](const decltype(k) k) { return k < N - 1; }
//                            (k + 1);
//   hpfcc::row<double, 2, 1u> __hpf_next7(hpfcc::next_step, M, k + 1,
//                                         __hpf_pair7, "f.cpp:5:1");
//   ... for (int i = ...) { const auto __hpf_step7 =
//         [&](const decltype(k) k, const auto &__hpf_row7_0) { <body> };
//       __hpf_step7(k, __hpf_row7_0);
//       if (i == k + 1) hpfcc::send_ahead(M, i);
//       else if (__hpf_pair7) { __hpf_step7(k + 1, __hpf_next7.ready());
//                               if (i == k + 2) hpfcc::send_ahead(M, i); } }
//   hpfcc::receive_ahead(M, (k + 1) + __hpf_pair7, N);
//   if (__hpf_pair7) ++k;
//
// Reordering the two steps' iterations this way needs more than the
// lookahead's conditions; all are checked on the AST:
//  - the body reads no distributed array but the home array, at its own
//    row and at the pivot row only (no copies, halos or fetches made for
//    step k alone), and has no reduction;
//  - it writes nothing but the home array's elements (in its own row, as
//    the lookahead checked) and variables it declares, calls no function
//    but the compiler's builtins (fabs, sqrt, ...), and leaves only
//    through its end (no return, goto, or break or continue of the loop
//    over i): it runs as a lambda;
//  - the loop over i ends at a bound that does not name k, inner levels
//    run as written (no owned segments computed for step k), and the loop
//    over the steps has a condition without side effects that names no
//    distributed array (evaluated at k + 1 to decide whether the pair
//    runs).
// Elsewhere each step runs alone, as before.
//
//===----------------------------------------------------------------------===//
#include "LoopEmitter.h"

#include "../analysis/Expressions.h"

#include <algorithm>

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/Stmt.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace hpf::codegen {
namespace {

/// Whether S names the variable V.
bool names(const Stmt *S, const VarDecl *V) {
  if (!S)
    return false;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(S); DRE && DRE->getDecl() == V)
    return true;
  return std::any_of(S->child_begin(), S->child_end(),
                     [&](const Stmt *C) { return names(C, V); });
}

/// The variable at the root of an lvalue: `x`, or `M` in `M[i][j]`.
const VarDecl *rootVar(const Expr *E) {
  E = E->IgnoreParenImpCasts();
  while (const auto *ASE = dyn_cast<ArraySubscriptExpr>(E))
    E = ASE->getBase()->IgnoreParenImpCasts();
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
    return dyn_cast<VarDecl>(DRE->getDecl());
  return nullptr;
}

/// What a step's body may do to run as a lambda, two steps per row.
class StepBody {
public:
  StepBody(const Emitter &E, const Stmt *Body, const VarDecl *Home)
      : E(E), Body(Body), Home(Home) {}

  bool ok() const {
    return !analysis::lambdaUnsafe(E.Ctx, Body) && walk(Body, 0);
  }

private:
  const Emitter &E;
  const Stmt *Body;
  const VarDecl *Home;

  /// V is declared inside the body (a local of the iteration).
  bool local(const VarDecl *V) const {
    return E.contains(Body->getSourceRange(), V->getLocation());
  }
  /// A write to E: to a local, or to an element of the home array (the
  /// lookahead's check keeps those in the iteration's own row).
  bool writable(const Expr *E) const {
    const Expr *Bare = E->IgnoreParenImpCasts();
    const VarDecl *V = rootVar(Bare);
    if (!V)
      return false;
    if (isa<ArraySubscriptExpr>(Bare))
      return V == Home;
    return local(V);
  }
  /// Depth: loops (or switches) entered inside the body; a break or
  /// continue at depth 0 would leave the iteration.
  bool walk(const Stmt *S, int Depth) const {
    if (!S)
      return true;
    if (isa<ReturnStmt, GotoStmt, CXXThrowExpr, CXXTryStmt, GCCAsmStmt,
            MSAsmStmt, CXXNewExpr, CXXDeleteExpr, LambdaExpr>(S))
      return false;
    if (isa<BreakStmt, ContinueStmt>(S) && Depth == 0)
      return false;
    if (const auto *Call = dyn_cast<CallExpr>(S)) {
      const FunctionDecl *FD = Call->getDirectCallee();
      if (!FD || !FD->getBuiltinID())
        return false;
    }
    if (const auto *CE = dyn_cast<CXXConstructExpr>(S);
        CE && !CE->getConstructor()->isTrivial())
      return false;
    if (const auto *B = dyn_cast<BinaryOperator>(S);
        B && B->isAssignmentOp() && !writable(B->getLHS()))
      return false;
    if (const auto *U = dyn_cast<UnaryOperator>(S);
        U && U->isIncrementDecrementOp() && !writable(U->getSubExpr()))
      return false;
    const int Inner =
        isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt, SwitchStmt>(S)
            ? Depth + 1
            : Depth;
    return std::all_of(S->child_begin(), S->child_end(),
                       [&](const Stmt *C) { return walk(C, Inner); });
  }
};

} // namespace

bool LoopEmitter::pairedSteps() const {
  if (!AheadStep || L.Rows.size() != 1 || !L.Reductions.empty() ||
      !L.ReplicatedWrites.empty() || !L.Halos.empty() ||
      !L.Realigned.empty() || !L.Fetched.empty() || !L.CheckAligned.empty() ||
      !StrideArrays.empty() || !Aligned.empty() || !Split.empty())
    return false;
  const NestLevel &Lv = L.Levels.front();
  const auto *K = cast<VarDecl>(
      cast<DeclRefExpr>(L.Rows.front().At[0]->IgnoreParenImpCasts())
          ->getDecl());
  for (std::size_t Level = 1; Level < L.Levels.size(); ++Level)
    if (segmented(Level))
      return false;
  for (const LoopAccess &El : L.Accesses) {
    if (El.Array != L.Home)
      return false;
    const bool OwnRow = El.Kind == LoopAccess::Local &&
                        analysis::bareVar(El.Subs.sub(0)) == Lv.IndVar;
    if (!OwnRow && El.Kind != LoopAccess::Row)
      return false;
  }
  if (names(Lv.Upper, K) || Lv.Upper->HasSideEffects(E.Ctx))
    return false;
  const Expr *Cond = AheadStep->getCond();
  if (!Cond || Cond->HasSideEffects(E.Ctx))
    return false;
  for (const auto &[Var, Array] : E.P.ArrayByVar)
    if (names(Cond, Var))
      return false;
  const VarDecl *HomeVar = homeVar();
  return HomeVar && StepBody(E, Lv.For->getBody(), HomeVar).ok();
}

std::string LoopEmitter::pairName() const { return "__hpf_pair" + Id; }

/// Before the nest: whether the loop over the steps would run step k + 1,
/// and that step's pivot row (its receive posted).
std::string LoopEmitter::pairPrologue() const {
  if (!Paired)
    return "";
  const analysis::FixedSlice &RR = L.Rows.front();
  const std::string Step = E.text(RR.At[0]);
  return " const bool " + pairName() + " = [&](const decltype(" + Step + ") " +
         Step + ") { return " + E.text(AheadStep->getCond()) + "; }(" + Step +
         " + 1); hpfcc::row<" + RR.Array->ElemType + ", " +
         std::to_string(RR.Array->rank()) + ", 1u> __hpf_next" + Id +
         "(hpfcc::next_step, " + RR.Array->Name + ", " + Step + " + 1, " +
         pairName() + ", " + E.whereLiteral(D.HashLoc) + ");";
}

/// The outermost level's body becomes a lambda of the step and its pivot
/// row, run for step k, then for step k + 1 when the pair runs; the rows
/// the steps after need are sent as soon as they are final.
void LoopEmitter::pairBody() {
  const NestLevel &Lv = L.Levels.front();
  const std::string Step = E.text(L.Rows.front().At[0]);
  const std::string I = Lv.IndVar->getName().str();
  const std::string Fn = "__hpf_step" + Id, Row = rowName(0);
  const std::string Send =
      "hpfcc::send_ahead(" + L.Home->Name + ", " + I + ");";
  const auto *Body = cast<CompoundStmt>(Lv.For->getBody());
  E.RW.InsertTextBefore(E.SM.getExpansionLoc(Body->getLBracLoc()),
                        "{ const auto " + Fn + " = [&](const decltype(" + Step +
                            ") " + Step + ", const auto &" + Row + ") ");
  E.RW.InsertTextBefore(E.afterLoop(Lv.For),
                        "; " + Fn + "(" + Step + ", " + Row + "); if (" + I +
                            " == " + Step + " + 1) " + Send + " else if (" +
                            pairName() + ") { " + Fn + "(" + Step +
                            " + 1, __hpf_next" + Id + ".ready()); if (" + I +
                            " == " + Step + " + 2) " + Send + " } }");
}

} // namespace hpf::codegen
