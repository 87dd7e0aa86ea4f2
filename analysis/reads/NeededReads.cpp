//===- analysis/reads/NeededReads.cpp - inspected inner-loop reads --------===//
//
// A compressed-sparse-row product
//
//   for (int i = 0; i < N; ++i) {          // independent, over Y's rows
//     double s = 0;
//     for (int k = RowStart[i]; k < RowStart[i + 1]; ++k)
//       s += Val[k] * X[Col[k]];
//     Y[i] = s;
//   }
//
// reads X at elements no formula in i gives, so FetchedReads.cpp (one
// slot per iteration) cannot serve it and X was gathered whole before the
// loop. But the loops between the level and the read are plain for loops
// whose bounds, like the subscript, are functions of the indices and of
// values the nest does not change: running them alone before the nest,
// over the rank's iterations, lists exactly the elements it reads
// (runtime/hpfcc/needed.h). The owners send only those.
//
// Each read of the array in the nest must be such a read, or the gather
// stays:
//  - the path from the level's body to the read holds only compound
//    statements and for loops (not levels of the nest), each with a
//    declaration of its index as init, and the read is in their bodies,
//    in an expression without &&, || or ?: around it (no condition decides
//    whether it runs: the inspector evaluates the subscript every time);
//  - those loops' headers and the subscript fit SubscriptCheck with the
//    path's indices allowed; no path loop's body writes its index or
//    leaves early (break, continue, goto, return, throw outside inner
//    loops of its own; no `continue` in the level's body either), so the
//    inspector runs the same iterations;
//  - the subscript goes through an element of a replicated array (an index
//    array): a plain `X[j]` over an inner loop's whole range reads densely,
//    and the gather costs less than listing each read.
//
//===----------------------------------------------------------------------===//
#include "Expressions.h"
#include "Phases.h"
#include "reads/SubscriptCheck.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/Stmt.h"
#include "clang/AST/StmtCXX.h"

#include <algorithm>
#include <optional>

using namespace clang;

namespace hpf::analysis {

namespace {

/// The statement S is part of (through the declaration whose initializer
/// it is: `double v = X[Col[k]];`), or null.
const Stmt *parentOf(ASTContext &Ctx, const Stmt *S) {
  auto Parents = Ctx.getParents(*S);
  while (Parents.size() == 1) {
    if (const auto *P = Parents[0].get<Stmt>())
      return P;
    const auto *V = Parents[0].get<VarDecl>();
    if (!V)
      return nullptr;
    Parents = Ctx.getParents(*V);
  }
  return nullptr;
}

/// The variable a for loop's init declares (`int k = lo`), or null.
const VarDecl *declaredIndex(const ForStmt *F) {
  const auto *DS = dyn_cast_or_null<DeclStmt>(F->getInit());
  if (!DS || !DS->isSingleDecl())
    return nullptr;
  const auto *V = dyn_cast<VarDecl>(DS->getSingleDecl());
  return V && V->hasInit() && V->getType()->isIntegerType() ? V : nullptr;
}

/// Whether S may change V: any use of V in it but a read of its value
/// (an assignment, ++/--, `&k`, a reference bound to it or passed on).
bool mayChange(ASTContext &Ctx, const Stmt *S, const VarDecl *V) {
  if (!S)
    return false;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(S); DRE && DRE->getDecl() == V) {
    const auto Parents = Ctx.getParents(*DRE);
    const auto *Cast =
        Parents.size() == 1 ? Parents[0].get<ImplicitCastExpr>() : nullptr;
    return !Cast || Cast->getCastKind() != CK_LValueToRValue;
  }
  for (const Stmt *C : S->children())
    if (mayChange(Ctx, C, V))
      return true;
  return false;
}

/// Whether Inc only steps V (`++k`, `k--`, `k += s`, `k = k + s`) by
/// amounts that fit.
bool steps(const Expr *Inc, const VarDecl *V, const SubscriptCheck &Check,
           std::vector<const Expr *> &Inner) {
  auto Is = [&](const Expr *E) {
    const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
    return DRE && DRE->getDecl() == V;
  };
  Inc = Inc->IgnoreParens();
  if (const auto *U = dyn_cast<UnaryOperator>(Inc))
    return U->isIncrementDecrementOp() && Is(U->getSubExpr());
  const auto *B = dyn_cast<BinaryOperator>(Inc);
  if (!B || !Is(B->getLHS()))
    return false;
  if (B->isCompoundAssignmentOp())
    return Check.fits(B->getRHS(), Inner);
  return B->getOpcode() == BO_Assign && Check.fits(B->getRHS(), Inner);
}

/// Whether E reads an element of a replicated (not distributed) array.
bool throughIndexArray(const Expr *E) {
  if (isa<ArraySubscriptExpr>(E->IgnoreParenImpCasts()))
    return true;
  for (const Stmt *C : E->children())
    if (const auto *CE = dyn_cast_or_null<Expr>(C); CE && throughIndexArray(CE))
      return true;
  return false;
}

/// The read's path of for loops inside the level's body, or nullopt if
/// something else (a condition, another level, a loop header) is on it.
std::optional<std::vector<const ForStmt *>>
pathToLevel(ASTContext &Ctx, const OwnerLoop &L, const Expr *Read) {
  const Stmt *LevelBody = L.Levels.front().For->getBody();
  std::vector<const ForStmt *> Path;
  const Stmt *Child = Read;
  for (const Stmt *S = parentOf(Ctx, Read); S; S = parentOf(Ctx, S)) {
    if (S == L.Levels.front().For)
      return std::nullopt; // in the level's own header
    if (const auto *F = dyn_cast<ForStmt>(S)) {
      if (F->getBody() != Child)
        return std::nullopt; // in a loop header
      for (const NestLevel &Lv : L.Levels)
        if (Lv.For == F)
          return std::nullopt;
      Path.push_back(F);
    } else if (const auto *B = dyn_cast<BinaryOperator>(S);
               B && (B->getOpcode() == BO_LAnd || B->getOpcode() == BO_LOr) &&
               B->getRHS() == Child) {
      return std::nullopt;
    } else if (isa<ConditionalOperator, BinaryConditionalOperator, LambdaExpr,
                   StmtExpr>(S)) {
      return std::nullopt;
    } else if (!isa<Expr, CompoundStmt, DeclStmt>(S)) {
      return std::nullopt; // if, while, switch, a lambda's body, ...
    }
    if (S == LevelBody) {
      std::reverse(Path.begin(), Path.end());
      return Path;
    }
    Child = S;
  }
  return std::nullopt;
}

} // namespace

void chooseNeeded(Context &C, OwnerLoop &L) {
  const NestLevel &Lv = L.Levels.front();
  // A `continue` in the level's body skips the rest of an iteration on a
  // condition: the inspector would run the loops after it regardless.
  if (!L.Home || Lv.Dim < 0 || Lv.Every || Lv.Step ||
      leavesEarly(Lv.For->getBody()))
    return;
  std::map<const DistArray *, bool> Ok;
  std::map<const DistArray *, std::vector<NeededRead>> Found;
  for (const LoopAccess &Acc : L.Accesses) {
    DistArray *X = Acc.Array;
    if (Acc.Kind != LoopAccess::Gathered)
      continue;
    auto [It, New] = Ok.try_emplace(X, true);
    if (!It->second)
      continue;
    const Expr *Sub = Acc.Subs.Levels.size() == 1 ? Acc.Subs.sub(0) : nullptr;
    if (X->rank() != 1 || L.Written.count(X) || L.Halos.count(X) ||
        L.Realigned.count(X) || L.Fetched.count(Acc.Subs.whole()) || !Sub ||
        !Sub->getType()->isIntegerType() || !Sub->getBeginLoc().isFileID() ||
        !Sub->getEndLoc().isFileID() || !throughIndexArray(Sub)) {
      It->second = false;
      continue;
    }
    std::optional<std::vector<const ForStmt *>> Path =
        pathToLevel(C.Ctx, L, Acc.Subs.whole());
    SubscriptCheck Check(C.Ctx, L);
    bool Fits = Path.has_value();
    std::vector<const Expr *> Inner;
    for (std::size_t K = 0; Fits && K < Path->size(); ++K) {
      const ForStmt *F = (*Path)[K];
      const VarDecl *V = declaredIndex(F);
      Fits = V && F->getCond() && F->getInc() &&
             !mayChange(C.Ctx, F->getBody(), V) && !leavesEarly(F->getBody()) &&
             F->getBeginLoc().isFileID() && F->getRParenLoc().isFileID() &&
             Check.fits(V->getInit(), Inner);
      if (!Fits)
        break;
      Check.allow(V);
      Fits = Check.fits(F->getCond(), Inner) &&
             steps(F->getInc(), V, Check, Inner);
    }
    Fits = Fits && Check.fits(Sub, Inner) && Inner.empty();
    if (!Fits) {
      It->second = false;
      continue;
    }
    Found[X].push_back({Acc.Subs.whole(), Sub, *Path});
  }
  for (auto &[X, Reads] : Found) {
    if (!Ok[X])
      continue;
    C.R.remark(Reads.front().Read->getBeginLoc(),
               "'" + X->Name +
                   "' is read without a gather: inspector-executor "
                   "(PARTI/CHAOS): before the loop each rank runs the loops "
                   "around its reads over its iterations of '" +
                   L.Home->Name +
                   "', lists the elements they read, and the owners send "
                   "only those (the plan kept while they and the mappings "
                   "are unchanged)");
    L.Needed[X] = std::move(Reads);
  }
}

} // namespace hpf::analysis
