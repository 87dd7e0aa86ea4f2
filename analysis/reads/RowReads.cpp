//===- analysis/reads/RowReads.cpp - loop-invariant slices ----------------===//
//
// Gaussian elimination written as a user would:
//
//   for (int k = 0; k < N - 1; ++k)
//   #pragma hpf independent
//     for (int i = k + 1; i < N; ++i)
//       for (int j = k; j <= N; ++j) M[i][j] -= M[i][k] / M[k][k] * M[k][j];
//
// reads row k of an array the nest writes. Such a read is safe when its
// subscript in every distributed dimension is invariant in the nest (only
// variables declared outside it, none assigned inside) and, for an array
// the nest writes, the level over one of those dimensions provably never
// reaches that subscript (i from k + 1 up): writes are only at the levels'
// indices, so no iteration changes the slice. Every element of the slice
// then lives on one rank (the distributed dimensions are fixed), which
// broadcasts it before the loop: one collective of one row instead of an
// error (or, for an array the nest only reads, a whole-array gather).
//
//===----------------------------------------------------------------------===//
#include "Expressions.h"
#include "Phases.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace hpf::analysis {

using pragma::FormatKind;

namespace {

/// Whether S lies inside the nest's source range.
bool insideNest(const SourceManager &SM, const OwnerLoop &L, SourceLocation S) {
  SourceRange Nest = L.outer()->getSourceRange();
  return !SM.isBeforeInTranslationUnit(S, Nest.getBegin()) &&
         !SM.isBeforeInTranslationUnit(Nest.getEnd(), S);
}

/// Whether some reference to V inside Body may change it.
bool changedIn(ASTContext &Ctx, const Stmt *Body, const VarDecl *V) {
  if (!Body)
    return false;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(Body))
    if (DRE->getDecl() == V && !onlyRead(Ctx, DRE))
      return true;
  for (const Stmt *Ch : Body->children())
    if (changedIn(Ctx, Ch, V))
      return true;
  return false;
}

} // namespace

bool invariantBut(Context &C, const OwnerLoop &L, const Stmt *E,
                  const VarDecl *Index) {
  if (const auto *X = dyn_cast<Expr>(E); X && X->HasSideEffects(C.Ctx))
    return false;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl())) {
      if (Index && V == Index)
        return true;
      if (C.P.ArrayByVar.count(V) || insideNest(C.SM, L, V->getLocation()) ||
          (!V->isLocalVarDeclOrParm() && !V->getType().isConstQualified()) ||
          V->getType()->isReferenceType() || changedIn(C.Ctx, L.outer(), V))
        return false;
    }
  }
  for (const Stmt *Ch : E->children())
    if (Ch && !invariantBut(C, L, Ch, Index))
      return false;
  return true;
}

namespace {

/// Whether E has the same value in every iteration of the nest: no side
/// effects, only variables declared outside the nest that it never changes
/// (locals and parameters, or constants), and no distributed array.
bool invariant(Context &C, const OwnerLoop &L, const Stmt *E) {
  return invariantBut(C, L, E, nullptr);
}

/// E as `V + c` (V null: the constant c), through parentheses, casts and
/// `+`/`-` of constants.
struct Affine {
  const VarDecl *V = nullptr;
  int64_t C = 0;
};
std::optional<Affine> affineOf(ASTContext &Ctx, const Expr *E) {
  E = E->IgnoreParenImpCasts();
  if (std::optional<llvm::APSInt> K = E->getIntegerConstantExpr(Ctx))
    return Affine{nullptr, K->getExtValue()};
  if (const VarDecl *V = bareVar(E))
    return Affine{V, 0};
  const auto *B = dyn_cast<BinaryOperator>(E);
  if (!B || (B->getOpcode() != BO_Add && B->getOpcode() != BO_Sub))
    return std::nullopt;
  std::optional<Affine> X = affineOf(Ctx, B->getLHS()),
                        Y = affineOf(Ctx, B->getRHS());
  if (!X || !Y || (X->V && Y->V) || (B->getOpcode() == BO_Sub && Y->V))
    return std::nullopt;
  return Affine{X->V ? X->V : Y->V,
                B->getOpcode() == BO_Add ? X->C + Y->C : X->C - Y->C};
}
/// A - B if it is a constant.
std::optional<int64_t> difference(ASTContext &Ctx, const Expr *A,
                                  const Expr *B) {
  std::optional<Affine> X = affineOf(Ctx, A), Y = affineOf(Ctx, B);
  if (!X || !Y || X->V != Y->V)
    return std::nullopt;
  return X->C - Y->C;
}

/// Whether the level's indices provably never equal S.
bool excludes(ASTContext &Ctx, const NestLevel &Lv, const Expr *S) {
  std::optional<int64_t> First = difference(Ctx, Lv.Lower, S),
                         Bound = difference(Ctx, Lv.Upper, S);
  // Up: indices in [Lower, Upper) (or ]); down: in (Upper, Lower] (or [).
  if (!Lv.Down)
    return (First && *First >= 1) ||
           (Bound && *Bound <= (Lv.Inclusive ? -1 : 0));
  return (First && *First <= -1) || (Bound && *Bound >= (Lv.Inclusive ? 1 : 0));
}

std::string textOf(ASTContext &Ctx, const Expr *E) {
  return Lexer::getSourceText(
             CharSourceRange::getTokenRange(E->getSourceRange()),
             Ctx.getSourceManager(), Ctx.getLangOpts())
      .str();
}

/// The store (in L.Stores) that the value read at E only feeds: E lies in
/// the right-hand side of an assignment that is a statement of its own and
/// stores into a slice at fixed subscripts, reached through casts and
/// arithmetic that no value traps (+, -, *, and / of floating types); the
/// right-hand side has no side effects. Else none: the value may go
/// elsewhere, or a zero there may trap.
std::optional<std::size_t> onlyStoredInto(ASTContext &Ctx, const OwnerLoop &L,
                                          const Expr *E) {
  const Expr *Child = E;
  for (;;) {
    DynTypedNodeList Parents = Ctx.getParents(*Child);
    const auto *P = Parents.empty() ? nullptr : Parents[0].get<Expr>();
    if (!P)
      return std::nullopt;
    if (isa<ParenExpr>(P) ||
        (isa<CastExpr>(P) && P->getType()->isArithmeticType())) {
      Child = P;
      continue;
    }
    if (const auto *U = dyn_cast<UnaryOperator>(P);
        U && (U->getOpcode() == UO_Minus || U->getOpcode() == UO_Plus)) {
      Child = P;
      continue;
    }
    const auto *B = dyn_cast<BinaryOperator>(P);
    if (!B)
      return std::nullopt;
    const BinaryOperatorKind Op = B->getOpcode();
    const bool Floating = B->getType()->isFloatingType();
    if (Op == BO_Add || Op == BO_Sub || Op == BO_Mul ||
        (Op == BO_Div && Floating)) {
      Child = P;
      continue;
    }
    if (!B->isAssignmentOp() || B->getRHS() != Child ||
        B->getRHS()->HasSideEffects(Ctx) ||
        ((Op == BO_DivAssign || Op == BO_RemAssign) && !Floating))
      return std::nullopt;
    DynTypedNodeList Up = Ctx.getParents(*B);
    if (Up.empty() || Up[0].get<Expr>())
      return std::nullopt;
    auto It = L.StoreOf.find(B->getLHS()->IgnoreParens());
    if (It == L.StoreOf.end() || L.Stores[It->second].Varying)
      return std::nullopt;
    return It->second;
  }
}

} // namespace

bool fixedSlice(Context &C, const OwnerLoop &L, const LoopAccess &Acc,
                const Mapping *M) {
  const DistArray *X = Acc.Array;
  if (!M || X->rank() < 2 || Acc.Subs.Levels.size() != std::size_t(X->rank()))
    return false;
  bool AnyFixed = false;
  for (int D = 0; D < X->rank(); ++D) {
    if (M->Formats[std::size_t(D)].Kind == FormatKind::Collapsed)
      continue;
    if (!invariant(C, L, Acc.Subs.sub(std::size_t(D))))
      return false;
    AnyFixed = true;
  }
  return AnyFixed;
}

bool rowReadFits(Context &C, const OwnerLoop &L, const LoopAccess &Acc,
                 const Mapping *M, bool Written) {
  if (!Acc.Read || !fixedSlice(C, L, Acc, M))
    return false;
  if (!Written)
    return true;
  // A written array is aligned with the home array and written only at
  // the index of the level over each distributed dimension.
  for (const NestLevel &Lv : L.Levels)
    if (Lv.Dim >= 0 && Lv.Dim < Acc.Array->rank() &&
        M->Formats[std::size_t(Lv.Dim)].Kind != FormatKind::Collapsed &&
        excludes(C.Ctx, Lv, Acc.Subs.sub(std::size_t(Lv.Dim))))
      return true;
  return false;
}

void chooseRows(Context &C, OwnerLoop &L, const FlowState &St) {
  // An array the nest only reads: its gathered reads become slices when
  // every one of them fits (else the whole array is gathered anyway).
  std::map<DistArray *, bool> AllFit;
  for (const LoopAccess &Acc : L.Accesses)
    if (Acc.Kind == LoopAccess::Gathered && !L.Written.count(Acc.Array)) {
      bool Fits = rowReadFits(C, L, Acc, mappingIn(St, Acc.Array), false);
      auto [It, New] = AllFit.try_emplace(Acc.Array, Fits);
      It->second = It->second && Fits;
    }
  for (LoopAccess &Acc : L.Accesses)
    if (Acc.Kind == LoopAccess::Gathered && AllFit[Acc.Array])
      Acc.Kind = LoopAccess::Row;
  // One slice per array and fixed subscripts (as written), in source order;
  // each remarked once it is known who needs it.
  std::map<std::pair<DistArray *, std::string>, std::size_t> Slice;
  struct Remark {
    SourceLocation At;
    std::string Fixed, Dims, Size, Why, Instead;
  };
  std::vector<Remark> Remarks;
  const std::size_t First = L.Rows.size();
  for (const LoopAccess &Acc : L.Accesses) {
    if (Acc.Kind != LoopAccess::Row)
      continue;
    DistArray *X = Acc.Array;
    const Mapping *M = mappingIn(St, X);
    FixedSlice RR{X, {}, false, false, std::nullopt};
    std::string Key, Fixed, Dims;
    long long Elems = 1;
    for (int D = 0; D < X->rank(); ++D) {
      bool Whole = M->Formats[std::size_t(D)].Kind == FormatKind::Collapsed;
      const Expr *S = Acc.Subs.sub(std::size_t(D));
      RR.At.push_back(Whole ? nullptr : S);
      if (Whole) {
        Key += "*,";
        Elems = Elems < 0 || X->Extents[std::size_t(D)] < 0
                    ? -1
                    : Elems * X->Extents[std::size_t(D)];
        continue;
      }
      std::string T = textOf(C.Ctx, S);
      Key += T + ",";
      Fixed += (Fixed.empty() ? "'" : ", '") + T + "'";
      Dims += (Dims.empty() ? "" : ", ") + std::to_string(D);
    }
    auto [It, New] = Slice.try_emplace({X, Key}, L.Rows.size());
    L.RowOf[Acc.Subs.whole()] = It->second;
    if (!New)
      continue;
    L.Rows.push_back(RR);
    QualType ET = X->Var->getType().getNonReferenceType();
    while (const ArrayType *AT = C.Ctx.getAsArrayType(ET))
      ET = AT->getElementType();
    long long ES = C.Ctx.getTypeSizeInChars(ET).getQuantity();
    std::string Size = Elems < 0 ? std::string("one slice")
                                 : std::to_string(Elems) + " elements, " +
                                       std::to_string(Elems * ES) + " bytes";
    std::string Why =
        !L.Written.count(X) ? ""
        : L.Stores.empty()
            ? ", which this nest does not write (the loop over the index "
              "of that dimension never reaches it)"
            : ", which this nest must not write (checked at run time: it "
              "stores into other slices)";
    std::string Instead =
        L.Written.count(X)
            ? ""
            : " instead of gathering all " +
                  (X->runtimeExtent() ? std::string("its")
                                      : std::to_string(X->Extent)) +
                  " elements";
    Remarks.push_back(
        {Acc.Subs.whole()->getBeginLoc(), Fixed, Dims, Size, Why, Instead});
  }
  // A slice whose reads all feed one fixed store goes to its owner alone.
  std::vector<bool> Feeds(L.Rows.size(), true);
  for (const LoopAccess &Acc : L.Accesses) {
    if (Acc.Kind != LoopAccess::Row)
      continue;
    const std::size_t K = L.RowOf.at(Acc.Subs.whole());
    std::optional<std::size_t> S = onlyStoredInto(C.Ctx, L, Acc.Subs.whole());
    if (!S || (L.Rows[K].OnlyStore && *L.Rows[K].OnlyStore != *S))
      Feeds[K] = false;
    else
      L.Rows[K].OnlyStore = S;
  }
  for (std::size_t K = First; K < L.Rows.size(); ++K) {
    FixedSlice &RR = L.Rows[K];
    if (!Feeds[K])
      RR.OnlyStore.reset();
    const Remark &M = Remarks[K - First];
    const std::string Head =
        "'" + RR.Array->Name + "' is read at " + M.Fixed + " in dimension" +
        (M.Dims.find(',') == std::string::npos ? " " : "s ") + M.Dims + M.Why;
    if (!RR.OnlyStore) {
      C.R.remark(M.At, Head +
                           ": before the loop its owner broadcasts that "
                           "slice to every rank (a broadcast of " +
                           M.Size + ")" + M.Instead);
      continue;
    }
    const FixedSlice &S = L.Stores[*RR.OnlyStore];
    std::string Into;
    for (std::size_t D = 0; D < S.At.size(); ++D)
      if (S.At[D])
        Into += (Into.empty() ? "'" : ", '") + textOf(C.Ctx, S.At[D]) +
                "' in dimension " + std::to_string(D);
    C.R.remark(M.At, Head + ": its values are only stored into the slice of '" +
                         S.Array->Name + "' at " + Into +
                         ", so before the loop its owner sends it to that "
                         "slice's owner alone (one message of " +
                         M.Size +
                         "; the other ranks store zeros into a "
                         "sink)" +
                         M.Instead);
  }
}

} // namespace hpf::analysis
