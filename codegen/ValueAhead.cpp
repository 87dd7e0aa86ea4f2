//===- codegen/ValueAhead.cpp - owner values sent one step ahead ----------===//
//
// The LoopEmitter members (codegen/LoopEmitter.h) that send the next step's
// owner value ahead (runtime: mpi/Ahead.h). In a back substitution
//
//   for (int k = N - 1; k >= 0; --k) {
//     X[k] = M[k][N] / M[k][k];
//   #pragma hpf independent
//     for (int i = 0; i < k; ++i)
//       M[i][N] -= M[i][k] * X[k];
//   }
//
// the first statement is an owner value (its owner evaluates it and
// broadcasts it, analysis/replicated/OwnerReads.cpp) of row k, and the nest writes
// rows 0 .. k - 1, each only in its own iteration. Each step waited for
// the owner of row k - 1 to finish its whole part of the nest (row k - 1,
// its last iteration, included), then for the broadcast. Now the nest runs
// row k - 1's iteration first; right after it, that row's owner evaluates
// the next step's value (the statement's expression at k - 1) and sends it
// to every other rank, which post its receive after the nest; the next
// step's owner_value takes it instead of broadcasting. The value is the
// same: the expression reads only row k - 1, which nothing else writes
// between that iteration and the next step.
//
// Emitted, for directive 7 (W the statement's location):
//
//   for (int k = N - 1; k >= 0; --k) { const auto __hpf_value7 =
//       [&](const decltype(k) k) { return M.owned_at(W, k, N) / ...; };
//     X[k] = M.owner_value(W, [&] { ... }, k, N);
//     { ... const auto __hpf_rows7 = [&](hpf::index_t __hpf_lo7,
//                                        hpf::index_t __hpf_hi7) {
//         for (... hpfcc::owned_segments(M, 0, __hpf_lo7, __hpf_hi7)) ... };
//       __hpf_rows7(std::max<hpf::index_t>(0, k - 1), k);
//       hpfcc::send_value_ahead(M, k - 1, 0, __hpf_value7);
//       __hpf_rows7(0, k - 1);
//       hpfcc::receive_value_ahead<double>(M, k - 1, 0); } }
//
// The conditions, all checked on the AST:
//  - the nest's outermost level runs over dimension 0 of its home array
//    upwards by one, from a bound without side effects that does not name
//    k, to `< k` (so row k - 1 is its last index), and writes the home
//    array only in the row of its index; no reduction, nor a nest run as
//    a lambda already (constant strides) or through halo runs;
//  - the nest is the second and last statement of the body of a loop that
//    steps k down by one (`--k`, `k--`, `k -= 1`); the first is an
//    expression statement with one owner value, of the home array, whose
//    reads all have k as their first subscript, and no other element of a
//    distributed array;
//  - that value is arithmetic, and its expression has no side effects and
//    names only the home array, k, constants and the compiler's builtins.
// Elsewhere the owner value is broadcast as before.
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

/// S names nothing but Home, K, constants, enumerators and builtin
/// functions.
bool namesOnlyConstants(const Stmt *S, const VarDecl *Home, const VarDecl *K) {
  if (!S)
    return true;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(S)) {
    const ValueDecl *D = DRE->getDecl();
    if (const auto *V = dyn_cast<VarDecl>(D)) {
      if (V != Home && V != K && !V->isConstexpr() &&
          !V->getType().isConstQualified())
        return false;
    } else if (const auto *F = dyn_cast<FunctionDecl>(D)) {
      if (!F->getBuiltinID())
        return false;
    } else if (!isa<EnumConstantDecl>(D)) {
      return false;
    }
  }
  return std::all_of(S->child_begin(), S->child_end(), [&](const Stmt *C) {
    return namesOnlyConstants(C, Home, K);
  });
}

} // namespace

const ForStmt *LoopEmitter::valueStep() {
  const NestLevel &Lv = L.Levels.front();
  if (!L.Home || Lv.Dim != 0 || !Lv.unitUp() || Lv.Inclusive ||
      !L.Reductions.empty() || !L.ReplicatedWrites.empty() ||
      !StrideArrays.empty() || !Split.empty() ||
      Lv.Lower->HasSideEffects(E.Ctx))
    return nullptr;
  const VarDecl *K = analysis::bareVar(Lv.Upper);
  if (!K || !K->getType()->isIntegerType())
    return nullptr;
  // The nest is the last of two statements of the step loop's body.
  const Stmt *Whole = directiveStatement();
  if (!Whole || !writesOwnRowsOnly())
    return nullptr;
  DynTypedNodeList Parents = E.Ctx.getParents(*Whole);
  const auto *Body =
      Parents.size() == 1 ? Parents[0].get<CompoundStmt>() : nullptr;
  if (!Body || Body->size() != 2 || Body->body_back() != Whole)
    return nullptr;
  Parents = E.Ctx.getParents(*Body);
  const auto *Step = Parents.size() == 1 ? Parents[0].get<ForStmt>() : nullptr;
  if (!Step || Step->getBody() != Body ||
      !stepsByOne(Step->getInc(), K, /*Up=*/false))
    return nullptr;
  // Its first statement: one owner value of row k of the home array.
  const Stmt *First = Body->body_front();
  if (!isa<Expr>(First))
    return nullptr;
  const SourceRange FirstRange(E.SM.getExpansionLoc(First->getBeginLoc()),
                               E.SM.getExpansionLoc(First->getEndLoc()));
  const analysis::OwnerValue *Found = nullptr;
  for (const analysis::OwnerValue &V : E.P.OwnerValues) {
    if (!E.contains(FirstRange, E.SM.getExpansionLoc(V.Value->getBeginLoc())))
      continue;
    if (Found)
      return nullptr;
    Found = &V;
  }
  if (!Found || !Found->Value->getType()->isArithmeticType() ||
      Found->Value->HasSideEffects(E.Ctx))
    return nullptr;
  for (const analysis::ElementAccess &El : E.P.Elements) {
    if (!E.contains(FirstRange, E.SM.getExpansionLoc(El.Expr->getBeginLoc())))
      continue;
    const bool Read = std::find(Found->Reads.begin(), Found->Reads.end(),
                                El.Expr) != Found->Reads.end();
    if (!Read || El.Array != L.Home || analysis::bareVar(El.Subs.sub(0)) != K)
      return nullptr;
  }
  const VarDecl *HomeVar = homeVar();
  if (!HomeVar || !namesOnlyConstants(Found->Value, HomeVar, K) ||
      ownerValueOpen(E, *Found).empty())
    return nullptr;
  AheadValue = Found;
  return Step;
}

std::string LoopEmitter::valueRowsName() const { return "__hpf_rows" + Id; }

/// The outermost level's loop over its owned segments, as a lambda of its
/// range: `const auto __hpf_rows7 = [&](hpf::index_t __hpf_lo7,
/// hpf::index_t __hpf_hi7) `, before the loop.
std::string LoopEmitter::valueRowsHead() const {
  return "const auto " + valueRowsName() +
         " = [&](const hpf::index_t __hpf_lo" + Id +
         ", const hpf::index_t __hpf_hi" + Id + ") ";
}

/// After it: row k - 1 (if in range), the value sent, the other rows.
std::string LoopEmitter::valueRowsTail() const {
  const NestLevel &Lv = L.Levels.front();
  const std::string Lo = E.text(Lv.Lower), K = E.text(Lv.Upper);
  return "; " + valueRowsName() + "(std::max<hpf::index_t>(" + Lo + ", " + K +
         " - 1), " + K + "); hpfcc::send_value_ahead(" + L.Home->Name + ", " +
         K + " - 1, " + Lo + ", __hpf_value" + Id + "); " + valueRowsName() +
         "(" + Lo + ", " + K + " - 1);";
}

/// After the nest: the next step's value's receive.
std::string LoopEmitter::receiveValue() const {
  if (!AheadValue)
    return "";
  const NestLevel &Lv = L.Levels.front();
  return " hpfcc::receive_value_ahead<" +
         AheadValue->Value->getType().getUnqualifiedType().getAsString() +
         ">(" + L.Home->Name + ", " + E.text(Lv.Upper) + " - 1, " +
         E.text(Lv.Lower) + ");";
}

/// The guard around the step loop, and the value's expression as a lambda
/// of k at the start of its body (once the owner value is emitted: the
/// lambda returns its rewritten expression).
void LoopEmitter::sendValueAhead() {
  if (!AheadValue)
    return;
  E.RW.InsertTextBefore(E.SM.getExpansionLoc(ValueStep->getForLoc()),
                        "{ const hpfcc::ahead_scope __hpf_ahead" + Id + "; ");
  E.RW.InsertTextAfter(E.afterLoop(ValueStep), " }");
  const auto *Body = cast<CompoundStmt>(ValueStep->getBody());
  const SourceLocation Open =
      E.SM.getExpansionLoc(Body->getLBracLoc()).getLocWithOffset(1);
  const analysis::OwnerValue *V = AheadValue;
  const std::string K = E.text(L.Levels.front().Upper),
                    Name = "__hpf_value" + Id;
  Emitter &Em = E;
  E.AfterElements.push_back([&Em, V, Open, K, Name] {
    std::string Text = Em.RW.getRewrittenText(Em.fileRange(V->Value));
    const std::string Prefix = ownerValueOpen(Em, *V);
    // The owner value's own opening is inserted before the expression.
    if (Text.compare(0, Prefix.size(), Prefix) == 0)
      Text.erase(0, Prefix.size());
    Em.RW.InsertTextAfter(Open, " const auto " + Name +
                                    " = [&](const decltype(" + K + ") " + K +
                                    ") { return " + Text + "; };");
  });
}

} // namespace hpf::codegen
