//===- codegen/Lookahead.cpp - pivot rows sent one step ahead -------------===//
//
// The LoopEmitter members (codegen/LoopEmitter.h) that send the next step's
// pivot row ahead (runtime: mpi/Ahead.h). In
//
//   for (int k = 0; k < N - 1; ++k) {
//   #pragma hpf independent
//     for (int i = k + 1; i < N; ++i) ... M[i][j] -= F * M[k][j] ...
//   }
//
// step k reads row k (hpfcc::row, broadcast by its owner) and writes rows
// k + 1 .. N - 1, each only in its own iteration; the owner of row k + 1
// runs that iteration first, and nothing else happens before step k + 1
// reads row k + 1. So the owner sends it right after that iteration
// (hpfcc::send_ahead) and the other ranks post its receive after the nest
// (hpfcc::receive_ahead); step k + 1's hpfcc::row takes it instead of
// waiting for the owner to finish step k. The conditions, all checked on
// the AST:
//  - a slice read of a rank-2 array fixed in dimension 0 only, at a bare
//    variable k (a row);
//  - the nest's home is that array, its outermost level runs over
//    dimension 0 upwards by one from k + 1, with a compound body;
//  - every element of the array the nest writes is in the row of that
//    level's index;
//  - the nest is the whole body of a loop that steps k up by one (`++k`,
//    `k++`, `k += 1`): nothing writes the array between two steps.
// Elsewhere the row is broadcast as before; a row sent ahead that no read
// takes is completed and dropped (mpi/Ahead.cpp).
//
//===----------------------------------------------------------------------===//
#include "LoopEmitter.h"

#include "../analysis/Expressions.h"

#include <algorithm>

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/Stmt.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace hpf::codegen {
namespace {

/// V in `V + 1` (either order), else null.
const VarDecl *plusOne(const Expr *E) {
  const auto *B = dyn_cast<BinaryOperator>(E->IgnoreParenImpCasts());
  if (!B || B->getOpcode() != BO_Add)
    return nullptr;
  auto One = [](const Expr *X) {
    const auto *L = dyn_cast<IntegerLiteral>(X->IgnoreParenImpCasts());
    return L && L->getValue() == 1;
  };
  if (One(B->getRHS()))
    return analysis::bareVar(B->getLHS());
  if (One(B->getLHS()))
    return analysis::bareVar(B->getRHS());
  return nullptr;
}

/// The for loop that steps V up by one and whose whole body S is (S
/// itself, or the only statement of its compound body); null if none.
const ForStmt *stepLoopOf(ASTContext &Ctx, const Stmt *S, const VarDecl *V) {
  for (int Up = 0; Up < 2; ++Up) {
    const DynTypedNodeList Parents = Ctx.getParents(*S);
    if (Parents.size() != 1)
      return nullptr;
    if (const auto *F = Parents[0].get<ForStmt>())
      return F->getBody() == S && stepsByOne(F->getInc(), V, /*Up=*/true)
                 ? F
                 : nullptr;
    const auto *CS = Parents[0].get<CompoundStmt>();
    if (!CS || CS->size() != 1)
      return nullptr;
    S = CS;
  }
  return nullptr;
}

} // namespace

bool stepsByOne(const Expr *Inc, const VarDecl *V, bool Up) {
  if (!Inc)
    return false;
  Inc = Inc->IgnoreParenImpCasts();
  if (const auto *U = dyn_cast<UnaryOperator>(Inc))
    return (Up ? U->isIncrementOp() : U->isDecrementOp()) &&
           analysis::bareVar(U->getSubExpr()) == V;
  if (const auto *C = dyn_cast<CompoundAssignOperator>(Inc)) {
    const auto *L =
        dyn_cast<IntegerLiteral>(C->getRHS()->IgnoreParenImpCasts());
    return C->getOpcode() == (Up ? BO_AddAssign : BO_SubAssign) && L &&
           L->getValue() == 1 && analysis::bareVar(C->getLHS()) == V;
  }
  return false;
}

const ForStmt *LoopEmitter::aheadStep() const {
  const NestLevel &Lv = L.Levels.front();
  if (!L.Home || L.Home->rank() != 2 || Lv.Dim != 0 || !Lv.unitUp() ||
      !isa<CompoundStmt>(Lv.For->getBody()))
    return nullptr;
  const VarDecl *K = plusOne(Lv.Lower);
  const Stmt *Whole = directiveStatement();
  if (!K || !Whole || !writesOwnRowsOnly())
    return nullptr;
  if (std::none_of(
          L.Rows.begin(), L.Rows.end(), [&](const analysis::FixedSlice &RR) {
            return RR.Array == L.Home && RR.At.size() == 2 && RR.At[0] &&
                   !RR.At[1] && analysis::bareVar(RR.At[0]) == K;
          }))
    return nullptr;
  return stepLoopOf(E.Ctx, Whole, K);
}

const Stmt *LoopEmitter::directiveStatement() const {
  return analysis::directiveStatement(E.P, L);
}

/// The nest writes its home array only in the row of its outermost index.
bool LoopEmitter::writesOwnRowsOnly() const {
  const NestLevel &Lv = L.Levels.front();
  return std::none_of(L.Accesses.begin(), L.Accesses.end(),
                      [&](const LoopAccess &El) {
                        return El.Array == L.Home && !El.Read &&
                               (El.Kind != LoopAccess::Local ||
                                analysis::bareVar(El.Subs.sub(0)) != Lv.IndVar);
                      });
}

const VarDecl *LoopEmitter::homeVar() const {
  for (const auto &[Var, Array] : E.P.ArrayByVar)
    if (Array == L.Home)
      return Var;
  return nullptr;
}

/// After the outermost level's body: the owner of the next step's row
/// sends it as soon as its iteration is done. Around the loop over the
/// steps, a guard: the row the last step sends is never taken (the array
/// may change after the loop, before a later read of that row).
void LoopEmitter::sendAhead() {
  if (!AheadStep)
    return;
  const NestLevel &Lv = L.Levels.front();
  E.RW.InsertTextBefore(E.SM.getExpansionLoc(AheadStep->getForLoc()),
                        "{ const hpfcc::ahead_scope __hpf_ahead" + Id + "; ");
  E.RW.InsertTextAfter(E.afterLoop(AheadStep), " }");
  if (Paired) {
    pairBody();
    return;
  }
  const std::string I = Lv.IndVar->getName().str();
  const auto *Body = cast<CompoundStmt>(Lv.For->getBody());
  E.RW.InsertTextAfter(E.SM.getExpansionLoc(Body->getRBracLoc()),
                       " if (" + I + " == " + interval(Lv).first +
                           ") hpfcc::send_ahead(" + L.Home->Name + ", " + I +
                           "); ");
}

/// After the nest, on the other ranks: the receive of that row.
std::string LoopEmitter::receiveAhead() const {
  if (!AheadStep)
    return "";
  if (!Paired)
    return " hpfcc::receive_ahead(" + L.Home->Name + ", " +
           bounds(L.Levels.front()) + ");";
  // After a pair, the row of the step after it; then the step variable
  // skips the step the pair ran.
  auto [Lo, Hi] = interval(L.Levels.front());
  return " hpfcc::receive_ahead(" + L.Home->Name + ", (" + Lo + ") + " +
         pairName() + ", " + Hi + "); if (" + pairName() + ") ++" +
         E.text(L.Rows.front().At[0]) + ";";
}

} // namespace hpf::codegen
