//===- analysis/reads/FetchedReads.cpp - reads fetched by subscript -------===//
//
// A loop over the owned indices i of its home array that reads a rank-1
// array at a subscript f(i) other than i (A[n - 1 - i], A[2 * i], A[i + c]
// on a cyclic home, A[idx[i]]) would gather all of A on every rank. But f
// is a function of i and of values the loop does not change, so each rank
// can list the elements its iterations read before the loop and fetch only
// those from their owners (hpfcc::fetched, runtime/hpfcc/fetch.h): the
// PARTI/CHAOS inspector-executor, the plan kept while the subscripts and
// the mappings are unchanged. An affine f needs no inspection per run: its
// needs follow from f(0) and f(1). Every read of the array in the loop
// must have such a subscript; otherwise the gather stays.
//
//===----------------------------------------------------------------------===//
#include "Expressions.h"
#include "Phases.h"
#include "reads/SubscriptCheck.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

#include <algorithm>
#include <functional>

using namespace clang;

namespace hpf::analysis {

namespace {

/// "A[n - 1 - i]" (rank N: "A[n - 1 - i][j]") with the subscripts as
/// written.
std::string accessText(ASTContext &Ctx, const LoopAccess &Acc) {
  std::string Text = Acc.Array->Name;
  for (std::size_t D = 0; D < Acc.Subs.Levels.size(); ++D)
    Text += "[" +
            Lexer::getSourceText(CharSourceRange::getTokenRange(
                                     Acc.Subs.sub(D)->getSourceRange()),
                                 Ctx.getSourceManager(), Ctx.getLangOpts())
                .str() +
            "]";
  return Text;
}

/// Rank N: the array's known mapping distributes dimension 0 only (its
/// rows, the other dimensions '*', are contiguous in the local storage and
/// fetched whole).
bool rowsOnly(const FlowState &St, DistArray *X) {
  const Mapping *M = mappingIn(St, X);
  if (!M || M->Formats.size() != std::size_t(X->rank()))
    return false;
  for (std::size_t D = 1; D < M->Formats.size(); ++D)
    if (M->Formats[D].Kind != pragma::FormatKind::Collapsed ||
        X->Extents[D] < 0)
      return false;
  return M->Formats[0].Kind != pragma::FormatKind::Collapsed;
}

/// The most elements of the home array's dimension D one rank owns, when
/// its mapping is a compile-time constant.
std::optional<long long> largestPart(const FlowState &St, DistArray *H, int D) {
  const Mapping *M = mappingIn(St, H);
  if (!M)
    return std::nullopt;
  try {
    std::optional<plan::DistributionND> ND =
        staticDistribution(*M, H->Extents, nullptr);
    if (!ND)
      return std::nullopt;
    long long Most = 0;
    for (int R = 0; R < ND->procs(); ++R)
      Most = std::max<long long>(Most, ND->localExtents(R)[std::size_t(D)]);
    return Most;
  } catch (const plan::PlanError &) {
    return std::nullopt;
  }
}

} // namespace

bool fetchableRead(const Context &C, const OwnerLoop &L, const FlowState &St,
                   const LoopAccess &Acc, SubscriptCheck &Check,
                   FetchedRead &F) {
  DistArray *X = Acc.Array;
  // Rank N: rows A[f(i)][...] of an array distributed by rows only, the
  // other subscripts anything (the row is fetched whole).
  const Expr *Sub = Acc.Subs.Levels.size() == std::size_t(X->rank())
                        ? Acc.Subs.sub(0)
                        : nullptr;
  Check.allowLocals(&F.Locals);
  if ((X->rank() != 1 && !rowsOnly(St, X)) || L.Written.count(X) ||
      L.Halos.count(X) || L.Realigned.count(X) || !Sub ||
      !Sub->getType()->isIntegerType() || !Sub->getBeginLoc().isFileID() ||
      !Sub->getEndLoc().isFileID() || !Check.fits(Sub, F.LocalInner))
    return false;
  llvm::sort(F.Locals, [&](const VarDecl *A, const VarDecl *B) {
    return C.SM.isBeforeInTranslationUnit(A->getLocation(), B->getLocation());
  });
  F.Affine = F.LocalInner.empty() && Check.degree(Sub).has_value();
  return true;
}

void chooseFetched(Context &C, OwnerLoop &L, const FlowState &St) {
  // The inspector visits every owned index of the level's interval: a
  // step other than 1 would evaluate subscripts the loop never does.
  const NestLevel &Lv = L.Levels.front();
  if (!L.Home || Lv.Dim < 0 || Lv.Every || Lv.Step)
    return;
  SubscriptCheck Check(C.Ctx, L);
  // Per array: every access fits, or none is fetched.
  std::map<DistArray *, bool> Ok;
  std::map<const Expr *, FetchedRead> Found;
  for (const LoopAccess &Acc : L.Accesses) {
    DistArray *X = Acc.Array;
    if (Acc.Kind != LoopAccess::Gathered)
      continue;
    auto [It, New] = Ok.try_emplace(X, true);
    FetchedRead F;
    if (!fetchableRead(C, L, St, Acc, Check, F)) {
      It->second = false;
      continue;
    }
    Found[Acc.Subs.whole()] = F;
  }
  std::set<DistArray *> Said;
  std::optional<long long> Part = largestPart(St, L.Home, Lv.Dim);
  for (const LoopAccess &Acc : L.Accesses) {
    auto F = Found.find(Acc.Subs.whole());
    if (F == Found.end() || !Ok[Acc.Array])
      continue;
    L.Fetched[Acc.Subs.whole()] = F->second;
    DistArray *X = Acc.Array;
    if (!Said.insert(X).second)
      continue;
    QualType T = X->Var->getType().getNonReferenceType();
    while (const ArrayType *AT = C.Ctx.getAsArrayType(T))
      T = AT->getElementType();
    if (const QualType V = vectorElement(X->Var->getType()); !V.isNull())
      T = V;
    const long long ES = C.Ctx.getTypeSizeInChars(T).getQuantity();
    // Rank N: the unit is a row (the elements of the '*' dimensions).
    long long Row = 1;
    for (std::size_t D = 1; D < X->Extents.size(); ++D)
      Row *= X->Extents[D];
    const std::string Unit = X->rank() == 1 ? "element" : "row";
    std::string Most = Part ? "at most " + std::to_string(*Part) + " " + Unit +
                                  "s (" + std::to_string(*Part * Row * ES) +
                                  " bytes) per rank"
                            : "at most one " + Unit + " per owned iteration";
    std::string All = X->runtimeExtent()
                          ? std::string("a copy of all its elements")
                          : "a copy of all " + std::to_string(X->Extent) +
                                " elements (" + std::to_string(X->Extent * ES) +
                                " bytes)";
    std::string What =
        F->second.Affine
            ? "its subscript is affine in '" + Lv.IndVar->getName().str() +
                  "', so each rank fetches before the loop only the " + Unit +
                  "s its iterations of '" + L.Home->Name +
                  "' read, from their owners (one planned exchange, the plan "
                  "cached for the subscript's coefficients, the bounds and "
                  "the mappings): "
            : "inspector-executor (PARTI/CHAOS): before the loop one pass "
              "over the rank's iterations of '" +
                  L.Home->Name + "' lists the " + Unit +
                  "s they read and the owners send only "
                  "those, the plan kept while the subscripts and the "
                  "mappings are unchanged: ";
    C.R.remark(Acc.Subs.whole()->getBeginLoc(),
               "'" + accessText(C.Ctx, Acc) + "' is read without a gather: " +
                   What + Most + " instead of " + All);
  }
}

} // namespace hpf::analysis
