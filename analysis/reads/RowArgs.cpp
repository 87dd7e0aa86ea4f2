//===- analysis/reads/RowArgs.cpp - rows passed as pointers ---------------===//
//
// A row `A[i]` of `double A[N][M]` (or `A[i]`, `A[i][j]` of a rank-3 array)
// is what row-wise code passes to its helpers: `scale(A[i], M, 2.0)`. Inside
// an independent loop whose iteration owns the row, the row is stored
// contiguously in the rank's local part when every dimension it spans is
// `*`: then the pointer it decays to can point there, and every read and
// write through it is one of the owner's own elements -- exact for any
// mapping of the leading dimensions (block, cyclic(k), gen_block), since
// local storage is row-major over local extents and a `*` dimension's local
// extent is its extent. Anywhere else the row has no such pointer (it lives
// on another rank, or is split over ranks), and the error says which and
// what to write instead.
//
//===----------------------------------------------------------------------===//
#include "reads/RowArgs.h"

#include "Expressions.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ParentMapContext.h"

using namespace clang;

namespace hpf::analysis {

namespace {

/// The first dimension at or after K that M distributes, or -1.
int distributedFrom(const Mapping &M, std::size_t K) {
  for (std::size_t D = K; D < M.Formats.size(); ++D)
    if (M.Formats[D].Kind != pragma::FormatKind::Collapsed)
      return int(D);
  return -1;
}

std::string notContiguous(const DistArray &A, std::size_t K, const Mapping &M,
                          int Dim, const char *First) {
  const std::string Row = subscriptSpelling(A, K, First);
  return "row '" + Row + "' of distributed array '" + A.Name +
         "' is not contiguous on one rank: dimension " + std::to_string(Dim) +
         " of '" + A.Name + "' is distributed (" + M.describe() +
         "), so the row is split over ranks; use its elements '" +
         elementSpelling(A, First) + "', or distribute dimension " +
         std::to_string(Dim) + " '*'";
}

} // namespace

bool isRowAccess(const LoopAccess &Acc) {
  return int(Acc.Subs.Levels.size()) < Acc.Array->rank();
}

bool loopRow(Context &C, const Expr *E, const Subscripts &S, const DistArray &A,
             bool &Read) {
  // The row's value must become a pointer (array-to-pointer decay), through
  // parentheses only; a reference to the row, sizeof or decltype would see
  // the whole sequential row.
  const Stmt *Child = E;
  const ImplicitCastExpr *Decay = nullptr;
  for (;;) {
    auto Ps = C.Ctx.getParents(*Child);
    const Stmt *Par = Ps.empty() ? nullptr : Ps[0].get<Stmt>();
    if (Par && isa<ParenExpr>(Par)) {
      Child = Par;
      continue;
    }
    Decay = dyn_cast_or_null<ImplicitCastExpr>(Par);
    break;
  }
  const std::string Row = subscriptSpelling(A, S.Levels.size(), "i");
  if (!Decay || Decay->getCastKind() != CK_ArrayToPointerDecay) {
    C.R.error(E->getBeginLoc(),
              "row '" + Row + "' of distributed array '" + A.Name +
                  "' can only be used as a pointer to its first element "
                  "(as in 'f(" +
                  Row + ", n)'); use its elements '" + elementSpelling(A, "i") +
                  "' otherwise");
    return false;
  }
  // `A[i]` written so, outside macros (the rewrite edits its tokens).
  Subscripts Whole = S;
  if (!wholeElement(C.R, E, Whole, A, "i", /*AllowRow=*/true))
    return false;
  // Read only if the pointer's elements are const: `const double *`
  // parameters (a qualification conversion follows the decay).
  QualType T = Decay->getType();
  for (const Stmt *Up = Decay;;) {
    auto Ps = C.Ctx.getParents(*Up);
    const auto *IC = Ps.empty() ? nullptr : Ps[0].get<ImplicitCastExpr>();
    if (!IC || IC->getCastKind() != CK_NoOp)
      break;
    T = IC->getType();
    Up = IC;
  }
  Read = T->isPointerType() &&
         C.Ctx.getBaseElementType(T->getPointeeType()).isConstQualified();
  return true;
}

void replicatedRowError(Reporter &R, const Expr *E, const Subscripts &S,
                        const DistArray &A, const Mapping *M) {
  const std::size_t K = S.Levels.size();
  if (M)
    if (int Dim = distributedFrom(*M, K); Dim >= 0) {
      R.error(E->getBeginLoc(), notContiguous(A, K, *M, Dim, "k"));
      return;
    }
  R.error(E->getBeginLoc(),
          "row '" + subscriptSpelling(A, K, "k") + "' of distributed array '" +
              A.Name +
              "' cannot be used outside an independent loop: it is stored "
              "on the rank that owns it, not on every rank; pass it as '" +
              subscriptSpelling(A, K, "i") +
              "' from an independent loop over the rows (a pointer into the "
              "owner's storage), or use its elements '" +
              elementSpelling(A, "k") + "'");
}

void placeRows(
    OwnerLoop &L, const Mapping *HM,
    llvm::function_ref<bool(DistArray *)> Aligned,
    llvm::function_ref<const Mapping *(DistArray *)> MapOf,
    std::vector<std::pair<clang::SourceLocation, std::string>> &Errors) {
  for (LoopAccess &Acc : L.Accesses) {
    if (!isRowAccess(Acc))
      continue;
    DistArray *X = Acc.Array;
    const std::size_t K = Acc.Subs.Levels.size();
    const std::string Row = subscriptSpelling(*X, K, "i");
    const SourceLocation At = Acc.Subs.whole()->getBeginLoc();
    const Mapping *M = MapOf(X);
    if (!M) {
      Errors.push_back(
          {At, "row '" + Row + "' of distributed array '" + X->Name +
                   "' cannot be passed here: the mapping of '" + X->Name +
                   "' here depends on control flow (or on the caller), and a "
                   "row is a pointer into the owner's storage only where "
                   "the dimensions it spans are known to be '*'; use its "
                   "elements '" +
                   elementSpelling(*X, "i") + "'"});
      continue;
    }
    if (int Dim = distributedFrom(*M, K); Dim >= 0) {
      Errors.push_back({At, notContiguous(*X, K, *M, Dim, "i")});
      continue;
    }
    if (!HM || !Aligned(X)) {
      Errors.push_back(
          {At, "row '" + Row + "' of distributed array '" + X->Name + "' (" +
                   M->describe() + ") is not aligned with '" + L.Home->Name +
                   "' (" + (HM ? HM->describe() : "mapping known at run time") +
                   ") here: its rows live on other ranks than the loop's "
                   "iterations, and only a row the iteration owns is a "
                   "pointer into its storage; use its elements '" +
                   elementSpelling(*X, "i") + "'"});
      continue;
    }
    // Each distributed dimension's subscript is the index of the level
    // over it (the nest's rule for local elements); `*` ones are free.
    std::vector<int> Segment;
    int Bad = -1;
    for (std::size_t D = 0; D < K; ++D) {
      const VarDecl *V = bareVar(Acc.Subs.sub(D));
      int Level = -1;
      for (std::size_t Lv = 0; V && Lv < L.Levels.size(); ++Lv)
        if (L.Levels[Lv].IndVar == V && L.Levels[Lv].Dim == int(D))
          Level = int(Lv);
      if (Level < 0 && M->Formats[D].Kind != pragma::FormatKind::Collapsed &&
          Bad < 0)
        Bad = int(D);
      Segment.push_back(Level);
    }
    if (Bad >= 0) {
      Errors.push_back(
          {Acc.Subs.sub(std::size_t(Bad))->getBeginLoc(),
           "row '" + Row + "' of distributed array '" + X->Name +
               "' is not owned by the iteration: its subscript in "
               "distributed dimension " +
               std::to_string(Bad) +
               " must be the index of an enclosing independent loop over "
               "that dimension, since a row is passed as a pointer into the "
               "storage of the rank that owns it; use its elements '" +
               elementSpelling(*X, "i") + "' (read from a copy) instead"});
      continue;
    }
    Acc.Kind = LoopAccess::Local;
    Acc.Segment = std::move(Segment);
  }
}

bool rowsStayLocal(Reporter &R, const OwnerLoop &L, bool Replicated) {
  bool Ok = true;
  for (const LoopAccess &Acc : L.Accesses) {
    if (!isRowAccess(Acc))
      continue;
    bool Copied = Replicated;
    for (const LoopAccess &O : L.Accesses)
      Copied |= O.Array == Acc.Array && O.Kind == LoopAccess::Gathered;
    if (!Copied)
      continue;
    Ok = false;
    const DistArray &X = *Acc.Array;
    R.error(Acc.Subs.whole()->getBeginLoc(),
            "row '" + subscriptSpelling(X, Acc.Subs.Levels.size(), "i") +
                "' of distributed array '" + X.Name +
                "' cannot be passed here: " +
                (Replicated
                     ? std::string("this nest runs on every rank over copies "
                                   "of its arrays (see the warning)")
                     : "other elements of '" + X.Name +
                           "' in this loop are read from a copy made "
                           "before it") +
                ", and a row is a pointer into the owner's storage; use its "
                "elements '" +
                elementSpelling(X, "i") + "'");
  }
  return Ok;
}

} // namespace hpf::analysis
