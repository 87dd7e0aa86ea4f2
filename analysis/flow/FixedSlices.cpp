//===- analysis/flow/FixedSlices.cpp - stores at fixed subscripts ---------===//
//
// A periodic boundary, as a user writes it, with U (block, *, *):
//
//   #pragma hpf independent
//   for (int j = 0; j <= N + 1; j++)
//     for (int i = 0; i <= N + 1; i++) {
//       U[0][j][i] = U[N][j][i];
//       U[N + 1][j][i] = U[1][j][i];
//     }
//
// stores into planes whose subscripts in the distributed dimension are the
// same in every iteration. No level runs over a distributed dimension, so
// no rank owns an iteration: every rank runs the whole nest (a boundary:
// few iterations), each element is stored by the rank that owns it and
// dropped elsewhere (hpfcc::stored_slice), and the planes the nest reads
// are broadcast by their owners before it (RowReads.cpp), so that every
// rank computes what the sequential loop does, as in replicated code.
// A slice read that way holds the values from before the loop: right only
// if the nest does not write it, which the run time checks when the
// subscripts are not the same text (they are values only it knows); one
// whose values only one stored slice takes goes to that slice's owner.
//
// A nest storing at subscripts no level runs over (a prolongation) runs on
// each rank the outer iterations it may own a store of; it and a homeless
// nest split by its iterations (Placement.cpp) fetch the rows those
// iterations read of arrays distributed by rows (fetchRunReads), instead
// of gathering them.
//
//===----------------------------------------------------------------------===//
#include "Expressions.h"
#include "Phases.h"
#include "reads/RowArgs.h"
#include "reads/SubscriptCheck.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/Basic/SourceManager.h"

#include <set>

using namespace clang;

namespace hpf::analysis {

using pragma::FormatKind;

namespace {

/// The subscripts of the fixed dimensions of Acc, as written: the key of
/// its slice and the text of the remarks.
std::string fixedText(Context &C, const LoopAccess &Acc, const Mapping &M) {
  std::string Key;
  for (int D = 0; D < Acc.Array->rank(); ++D) {
    if (M.Formats[std::size_t(D)].Kind == FormatKind::Collapsed)
      continue;
    Key += (Key.empty() ? "'" : ", '") +
           expansionText(C.Ctx, Acc.Subs.sub(std::size_t(D))) + "' in dimension " +
           std::to_string(D);
  }
  return Key;
}

/// Whether the written element E (the whole access) is stored by an
/// assignment to it or a field of it (`=`, `op=`), or `++`/`--`, and, for
/// all but `=`, as a statement of its own: other ranks read and change a
/// sink, so the value of the expression must not be used.
bool storedAsStatement(ASTContext &Ctx, const Expr *E) {
  const Expr *Target = E;
  for (;;) {
    DynTypedNodeList Parents = Ctx.getParents(*Target);
    if (Parents.empty())
      return false;
    const auto *P = Parents[0].get<Expr>();
    if (const auto *M = dyn_cast_or_null<MemberExpr>(P);
        M && !M->isArrow() && M->getBase()->IgnoreParens() == Target) {
      Target = M;
      continue;
    }
    if (isa_and_nonnull<ParenExpr>(P)) {
      Target = P;
      continue;
    }
    bool Plain = false;
    if (const auto *B = dyn_cast_or_null<BinaryOperator>(P)) {
      if (!B->isAssignmentOp() || B->getLHS() != Target)
        return false;
      Plain = B->getOpcode() == BO_Assign;
    } else if (const auto *U = dyn_cast_or_null<UnaryOperator>(P)) {
      if (!U->isIncrementDecrementOp())
        return false;
    } else {
      return false;
    }
    if (Plain)
      return true;
    DynTypedNodeList Up = Ctx.getParents(*P);
    return !Up.empty() && !Up[0].get<Expr>();
  }
}

/// The element stored by the assignment in whose right-hand side the read
/// element E is, if it is E's element (the same text) and that right-hand
/// side has no side effects; else null.
const Expr *storedBy(ASTContext &Ctx, const Expr *E) {
  const Stmt *Child = E;
  for (;;) {
    DynTypedNodeList Parents = Ctx.getParents(*Child);
    if (Parents.empty())
      return nullptr;
    const auto *P = Parents[0].get<Expr>();
    if (!P)
      return nullptr;
    if (const auto *B = dyn_cast<BinaryOperator>(P);
        B && B->isAssignmentOp() && B->getRHS() == Child) {
      const Expr *LHS = B->getLHS()->IgnoreParens();
      if (B->getRHS()->HasSideEffects(Ctx) ||
          expansionText(Ctx, LHS) != expansionText(Ctx, E))
        return nullptr;
      return LHS;
    }
    Child = P;
  }
}

} // namespace

bool Placement::storeFixedSlices(OwnerLoop &L) {
  const ParsedDirective &D = State.Directives[L.DirId];
  const FlowState &St = States[L.DirId];
  const Mapping *HM = mappingIn(St, L.Home);
  if (!HM || !L.CallReads.empty())
    return false;
  for (const NestLevel &Lv : L.Levels)
    if (Lv.Dim >= 0 &&
        HM->Formats[std::size_t(Lv.Dim)].Kind != FormatKind::Collapsed)
      return false;
  VaryingReadBlocks = {};
  // Arrays written at subscripts that vary in a distributed dimension:
  // each element is stored by its owner, and the nest may read them only
  // where an assignment reads the element it stores.
  std::set<DistArray *> Varying;
  for (const LoopAccess &Acc : L.Accesses) {
    const Mapping *M = mappingIn(St, Acc.Array);
    if (L.Written.count(Acc.Array) && !Acc.Read && M &&
        Acc.Subs.Levels.size() == std::size_t(Acc.Array->rank()) &&
        !fixedSlice(C, L, Acc, M))
      Varying.insert(Acc.Array);
  }
  bool Stores = false;
  for (const LoopAccess &Acc : L.Accesses) {
    if (isRowAccess(Acc))
      return false;
    if (!L.Written.count(Acc.Array))
      continue;
    if (Varying.count(Acc.Array)) {
      if (!storedAsStatement(Ctx, Acc.Subs.whole()) && !Acc.Read)
        return false;
      if (Acc.Read) {
        const Expr *Store = storedBy(Ctx, Acc.Subs.whole());
        if (!Store || !isSubscript(Store) || !llvm::any_of(L.Accesses, [&](
                const LoopAccess &W) {
              return !W.Read && W.Subs.whole() == Store &&
                     W.Array == Acc.Array;
            })) {
          VaryingReadBlocks = Acc.Subs.whole()->getBeginLoc();
          return false;
        }
      }
      Stores |= !Acc.Read;
      continue;
    }
    if (!fixedSlice(C, L, Acc, mappingIn(St, Acc.Array)))
      return false;
    Stores |= !Acc.Read;
  }
  if (!Stores)
    return false;
  // Every rank runs every iteration, over the whole range of each level.
  L.dropHome();
  std::map<std::pair<DistArray *, std::string>, std::size_t> Slice;
  std::string Stored;
  bool Failed = false;
  for (LoopAccess &Acc : L.Accesses) {
    Acc.Segment.clear();
    if (!L.Written.count(Acc.Array)) {
      Acc.Kind = LoopAccess::Gathered; // a slice too if all its reads fit
      continue;
    }
    if (Acc.Read) {
      Acc.Kind = LoopAccess::Row;
      continue;
    }
    Acc.Kind = LoopAccess::Stored;
    const Mapping &M = *mappingIn(St, Acc.Array);
    if (Varying.count(Acc.Array)) {
      // One store for the array, at any subscripts.
      auto [It, New] = Slice.try_emplace({Acc.Array, ""}, L.Stores.size());
      L.StoreOf[Acc.Subs.whole()] = It->second;
      if (New) {
        L.Stores.push_back(
            FixedSlice{Acc.Array, {}, true, false, std::nullopt});
        Stored += (Stored.empty() ? "" : "; ") + std::string("'") +
                  Acc.Array->Name + "' at " + fixedText(C, Acc, M);
      }
      continue;
    }
    const std::string Fixed = fixedText(C, Acc, M);
    if (!storedAsStatement(Ctx, Acc.Subs.whole())) {
      R.error(Acc.Subs.whole()->getBeginLoc(),
              "'" + Acc.Array->Name + "' is written here at " + Fixed +
                  ", the same in every iteration: every rank runs this "
                  "nest and only the owner of the element stores it, so "
                  "it must be assigned ('=', 'op=', '++', '--') and, but "
                  "for '=', as a statement of its own (the value of the "
                  "expression differs on the other ranks)");
      Failed = true;
      continue;
    }
    auto [It, New] = Slice.try_emplace({Acc.Array, Fixed}, L.Stores.size());
    L.StoreOf[Acc.Subs.whole()] = It->second;
    if (!New)
      continue;
    FixedSlice S{Acc.Array, {}, false, false, std::nullopt};
    for (int Dm = 0; Dm < Acc.Array->rank(); ++Dm)
      S.At.push_back(M.Formats[std::size_t(Dm)].Kind == FormatKind::Collapsed
                         ? nullptr
                         : Acc.Subs.sub(std::size_t(Dm)));
    L.Stores.push_back(S);
    Stored += (Stored.empty() ? "" : "; ") + std::string("'") +
              Acc.Array->Name + "' at " + Fixed;
  }
  // The element an assignment stores, read in its own right-hand side
  // (`R[k][j] = R[k][j] - e`): read through the store's reference, the
  // owner's element or the sink, whose value goes nowhere else.
  for (LoopAccess &Acc : L.Accesses)
    if (Acc.Kind == LoopAccess::Row)
      if (const Expr *Store = storedBy(Ctx, Acc.Subs.whole());
          Store && L.StoreOf.count(Store)) {
        Acc.Kind = LoopAccess::Stored;
        L.StoreOf[Acc.Subs.whole()] = L.StoreOf.at(Store);
      }
  // A slice read where the nest writes it, at the same subscripts as
  // written: its copy from before the loop would be read.
  for (const LoopAccess &Acc : L.Accesses)
    if (Acc.Kind == LoopAccess::Row &&
        Slice.count(
            {Acc.Array, fixedText(C, Acc, *mappingIn(St, Acc.Array))})) {
      R.error(Acc.Subs.whole()->getBeginLoc(),
              "'" + Acc.Array->Name + "' is read here in the slice at " +
                  fixedText(C, Acc, *mappingIn(St, Acc.Array)) +
                  ", which this nest also writes: every rank runs the nest "
                  "and reads the slices it does not own from copies made "
                  "before it; write the update as a compound assignment "
                  "('" +
                  Acc.Array->Name +
                  "[...] op= v') or keep the value in a local variable");
      Failed = true;
    }
  if (Failed)
    return true;
  chooseRows(C, L, St);
  const std::string Reductions =
      L.Reductions.empty() ? std::string()
                           : "; its reductions need no combining";
  if (Varying.empty()) {
    remarkGathers(C, L, St);
    R.remark(D.HashLoc,
             "independent loop nest stores into distributed arrays only at "
             "subscripts fixed in the nest in their distributed dimensions "
             "(" +
                 Stored +
                 "): no rank owns an iteration, so every rank runs all of "
                 "it and each element is stored by its owner only" +
                 Reductions);
    return true;
  }
  skipUnowned(L, St);
  fetchRunReads(L, St, /*Split=*/false);
  remarkGathers(C, L, St);
  // Planes: (d, *, ...) arrays stored at outer-only subscripts in d.
  const VarDecl *Index = L.Levels.front().IndVar;
  for (std::size_t K = 0; K < L.Stores.size(); ++K) {
    FixedSlice &S = L.Stores[K];
    const Mapping &M = *mappingIn(St, S.Array);
    bool Planes = S.Varying && S.Array->rank() >= 2 &&
                  M.Formats[0].Kind != FormatKind::Collapsed &&
                  !L.outer()->getBody()->getBeginLoc().isMacroID();
    for (int Dm = 1; Planes && Dm < S.Array->rank(); ++Dm)
      Planes = M.Formats[std::size_t(Dm)].Kind == FormatKind::Collapsed;
    for (const LoopAccess &Acc : L.Accesses)
      if (Planes && Acc.Kind == LoopAccess::Stored &&
          L.StoreOf.at(Acc.Subs.whole()) == K)
        Planes = invariantBut(C, L, Acc.Subs.sub(0), Index) &&
                 Acc.Subs.whole()->getBeginLoc().isFileID();
    S.Planes = Planes;
  }
  const std::string Outer = L.Levels.front().IndVar->getName().str();
  R.remark(D.HashLoc,
           "independent loop nest stores into distributed arrays at "
           "subscripts that are not the index of a loop over their "
           "distributed dimensions (" +
               Stored + "): every rank runs " +
               (L.RunIfOwned.empty()
                    ? std::string("all of it")
                    : "the iterations of '" + Outer +
                          "' whose stores it may own (a test per "
                          "iteration of '" +
                          Outer + "')") +
               " and each element is stored by its owner only" + Reductions);
  return true;
}

void Placement::skipUnowned(OwnerLoop &L, const FlowState &St) {
  // Skipping an iteration is right only if its stores are all it does
  // that outlives it.
  if (!L.Reductions.empty() || !L.ReplicatedWrites.empty() ||
      !L.IfParallel.empty() || !L.RunsEverywhere.empty() || L.MayThrow ||
      L.MayExit || !L.Rows.empty() ||
      L.outer()->getBody()->getBeginLoc().isMacroID())
    return;
  for (const FixedSlice &S : L.Stores)
    if (!S.Varying)
      return;
  const VarDecl *Index = L.Levels.front().IndVar;
  std::vector<std::vector<OwnedTest>> Run;
  std::set<std::string> Seen;
  for (const LoopAccess &Acc : L.Accesses) {
    if (Acc.Kind != LoopAccess::Stored || Acc.Read)
      continue;
    const Mapping &M = *mappingIn(St, Acc.Array);
    std::vector<OwnedTest> Tests;
    std::string Key;
    for (int Dm = 0; Dm < Acc.Array->rank(); ++Dm) {
      if (M.Formats[std::size_t(Dm)].Kind == FormatKind::Collapsed)
        continue;
      const Expr *Sub = Acc.Subs.sub(std::size_t(Dm));
      if (!invariantBut(C, L, Sub, Index))
        return; // the store's owner depends on an inner loop
      Tests.push_back({L.StoreOf.at(Acc.Subs.whole()), Dm, Sub});
      Key += std::to_string(Tests.back().Store) + ":" + std::to_string(Dm) +
             ":" + expansionText(Ctx, Sub) + ";";
    }
    if (Seen.insert(Key).second)
      Run.push_back(std::move(Tests));
  }
  L.RunIfOwned = std::move(Run);
}

void Placement::fetchRunReads(OwnerLoop &L, const FlowState &St, bool Split) {
  // The inspector lists every index of the range the rank runs: only a
  // unit step has no others (and a split nest's share is a range only
  // counting up).
  const NestLevel &Lv = L.Levels.front();
  if (Split ? !Lv.unitUp() : (L.RunIfOwned.empty() || Lv.Step))
    return;
  const VarDecl *Index = Lv.IndVar;
  // An array qualifies when every access of it is one chooseFetched would
  // fetch (rows at a function of the outer index and of the nest's integer
  // locals set from it, `int kf = 2 * k;`); with no home array, no element
  // is read in place inside a subscript, and every run lists the rows.
  SubscriptCheck Check(Ctx, L);
  std::map<DistArray *, bool> Fits;
  std::map<const Expr *, FetchedRead> Found;
  for (const LoopAccess &Acc : L.Accesses) {
    if (Acc.Kind != LoopAccess::Gathered)
      continue;
    FetchedRead F;
    const bool Fit =
        fetchableRead(C, L, St, Acc, Check, F) && F.LocalInner.empty();
    F.Affine = false;
    auto [It, New] = Fits.try_emplace(Acc.Array, Fit);
    It->second = It->second && Fit;
    Found[Acc.Subs.whole()] = F;
  }
  std::set<std::pair<DistArray *, std::string>> Remarked;
  const std::string Outer = Index->getName().str();
  for (const LoopAccess &Acc : L.Accesses) {
    if (Acc.Kind != LoopAccess::Gathered || !Fits[Acc.Array])
      continue;
    L.Fetched[Acc.Subs.whole()] = Found.at(Acc.Subs.whole());
    if (!Remarked.insert({Acc.Array, expansionText(Ctx, Acc.Subs.sub(0))})
             .second)
      continue;
    const bool Rows = Acc.Array->rank() > 1;
    R.remark(Acc.Subs.whole()->getBeginLoc(),
             "'" + expansionText(Ctx, Acc.Subs.whole()) +
                 "' is read without a gather: its subscript" +
                 (Rows ? " in dimension 0" : "") + " is a function of '" +
                 Outer + "', so before the loop each rank fetches only the " +
                 (Rows ? "rows" : "elements") + " the iterations of '" + Outer +
                 "' it runs read" +
                 (Split ? std::string(" (listed on every run)")
                        : std::string(" (listed on every run: which "
                                      "iterations a rank runs depends on the "
                                      "stores' mapping)")));
  }
}

} // namespace hpf::analysis
