//===- analysis/flow/Placement.cpp - where a loop's elements live ---------===//
//
// After the flow walk the mappings at each independent loop are known (or
// known to be unknown). For every owner-computes loop this decides which
// accesses are local to the iteration's owner, which are checked for
// alignment at run time, which are read from a copy gathered before the
// loop (or a halo), and which are errors; and says so in remarks.
//
//===----------------------------------------------------------------------===//
#include "Expressions.h"
#include "Phases.h"
#include "loops/Replicated.h"
#include "reads/RowArgs.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/Basic/SourceManager.h"

#include <algorithm>

using namespace clang;

namespace hpf::analysis {

using pragma::FormatKind;

bool constantParams(const Mapping &M) {
  for (const FormatValue &F : M.Formats) {
    if (F.Kind == FormatKind::GenBlock || F.Kind == FormatKind::Indirect) {
      if (!F.Values)
        return false;
    } else if (F.HasParam && !F.Param.Const) {
      return false;
    }
  }
  return true;
}

namespace {

/// cyclic or cyclic(1): one index per segment, run with a stride instead.
bool unitCyclic(const FormatValue &F) {
  return F.Kind == FormatKind::Cyclic &&
         (!F.HasParam || (F.Param.known() && *F.Param.Const == 1));
}

/// Aligned at any rank count: the same formats with constant parameters
/// onto the same arrangement (block onto ALL(*) twice), even when the
/// arrangement's size is only known at run time.
bool sameMappingAtAnyRankCount(const Mapping &X, const Mapping &H) {
  return X == H && constantParams(X);
}

/// Arrays of different shapes are aligned when they differ only in
/// extents of dimensions both hold whole ('*': every rank has every index,
/// local index = global index) and agree, format, extent and arrangement,
/// in the distributed ones: `M[R][1500]` and `L[R][9000]`, both
/// (cyclic, *), have the same rows on the same ranks. Not when the nest's
/// outermost level runs over such a dimension: that level runs over the
/// home array's owned segments, clipped to its extent.
bool alignedButCollapsedExtents(const OwnerLoop &L, const DistArray *X,
                                const Mapping *XM, const DistArray *H,
                                const Mapping *HM) {
  if (!XM || !HM || X->rank() != H->rank() || XM->Onto != HM->Onto ||
      !constantParams(*XM) || !constantParams(*HM))
    return false;
  for (std::size_t Dm = 0; Dm < X->Extents.size(); ++Dm) {
    const FormatValue &XF = XM->Formats[Dm], &HF = HM->Formats[Dm];
    const bool Whole =
        XF.Kind == FormatKind::Collapsed && HF.Kind == FormatKind::Collapsed;
    if (X->Extents[Dm] == H->Extents[Dm] && (Whole || XF == HF))
      continue;
    if (!Whole || X->Extents[Dm] < 0 || H->Extents[Dm] < 0 ||
        L.Levels.front().Dim == int(Dm))
      return false;
  }
  return true;
}

/// The remark on an array written in a loop whose alignment with the home
/// array only the run time knows (codegen: hpfcc::aligned_for_loop).
std::string writtenCheckText(const DistArray *X, const DistArray *H) {
  return "alignment of '" + X->Name + "' with '" + H->Name +
         "' is checked at run time; if they differ, '" + X->Name +
         "' is redistributed to the mapping of '" + H->Name +
         "' for the loop and back after it (two planned redistributions)";
}

} // namespace

const Mapping *mappingIn(const FlowState &St, DistArray *X) {
  auto It = St.find(X);
  return It == St.end() || !It->second ? nullptr : &*It->second;
}

std::optional<plan::Distribution> knownDistribution(const FlowState &St,
                                                    DistArray *X) {
  const Mapping *M = mappingIn(St, X);
  if (!M)
    return std::nullopt;
  try {
    if (std::optional<plan::DistributionND> D =
            staticDistribution(*M, X->Extents, nullptr))
      return D->dims()[0];
  } catch (const plan::PlanError &) {
  }
  return std::nullopt;
}

/// After the flow walk: which elements of the nest are local (every
/// distributed dimension subscripted by the index of a level over that
/// dimension, in an array aligned with the home array), which are read
/// from a gathered copy, and what is an error.
void Placement::checkNest(OwnerLoop &L) {
  const ParsedDirective &D = State.Directives[L.DirId];
  const FlowState &St = States[L.DirId];
  auto MapOf = [&](DistArray *X) { return mappingIn(St, X); };
  DistArray *H = L.Home;
  if (!H) {
    // No multi-dimensional element survived the checks: the rank-1 reads
    // are gathered (writes were reported with the nest's other errors).
    for (LoopAccess &Acc : L.Accesses)
      if (Acc.Array->rank() == 1)
        Acc.Kind = LoopAccess::Gathered;
    return;
  }
  const Mapping *HM = MapOf(H);
  if (!HM && assumeDeclared(L, H))
    HM = MapOf(H);
  promoteProven(L, HM, D.HashLoc);
  // The '*' dimensions known here: codegen spells their strides as
  // constants (LoopEmitter::localExtent).
  for (const LoopAccess &Acc : L.Accesses)
    if (const Mapping *M = MapOf(Acc.Array); M && !L.Collapsed.count(Acc.Array))
      for (const FormatValue &F : M->Formats)
        L.Collapsed[Acc.Array].push_back(F.Kind == FormatKind::Collapsed);
  if (storeFixedSlices(L))
    return;
  enum Align { Yes, No, Unknown };
  auto AlignOf = [&](DistArray *X) -> Align {
    if (X == H)
      return Yes;
    if (X->Extents != H->Extents)
      return alignedButCollapsedExtents(L, X, MapOf(X), H, HM) ? Yes : No;
    const Mapping *XM = MapOf(X);
    if (!XM || !HM)
      return Unknown;
    try {
      std::optional<plan::DistributionND> XS =
          staticDistribution(*XM, X->Extents, nullptr);
      std::optional<plan::DistributionND> HS =
          staticDistribution(*HM, H->Extents, nullptr);
      if (XS && HS)
        return XS->sameMapping(*HS) ? Yes : No;
    } catch (const plan::PlanError &) {
      return Unknown;
    }
    return sameMappingAtAnyRankCount(*XM, *HM) ? Yes : Unknown;
  };
  auto LevelOf = [&](const Expr *S) -> const NestLevel * {
    const VarDecl *V = bareVar(S);
    for (const NestLevel &Lv : L.Levels)
      if (V && Lv.IndVar == V)
        return &Lv;
    return nullptr;
  };
  // The first dimension whose subscript makes the element non-local for
  // an array with mapping M (null: unknown, every dimension counts), or -1.
  auto BadDim = [&](const LoopAccess &Acc, const Mapping *M) {
    for (int Dm = 0; Dm < Acc.Array->rank(); ++Dm) {
      if (M && M->Formats[std::size_t(Dm)].Kind == FormatKind::Collapsed)
        continue;
      const NestLevel *Lv = LevelOf(Acc.Subs.sub(std::size_t(Dm)));
      if (!Lv || Lv->Dim != Dm)
        return Dm;
    }
    return -1;
  };
  auto Describe = [&](DistArray *X) {
    const Mapping *M = MapOf(X);
    return M ? M->describe() : std::string("mapping known at run time");
  };
  // A 1-D array is aligned with the home array when that has exactly one
  // distributed dimension and the array has its format, arrangement and
  // extent: element V[i] then lives with the rows (columns) M[i][...].
  int HomeDim = -1;
  if (HM) {
    for (int Dm = 0; Dm < H->rank(); ++Dm)
      if (HM->Formats[std::size_t(Dm)].Kind != FormatKind::Collapsed)
        HomeDim = HomeDim == -1 ? Dm : -2;
  }
  auto Aligned1D = [&](DistArray *X) {
    const Mapping *XM = MapOf(X);
    if (HomeDim < 0 || !XM || XM->Onto != HM->Onto ||
        X->Extent != H->Extents[std::size_t(HomeDim)])
      return false;
    const FormatValue &F = HM->Formats[std::size_t(HomeDim)];
    Mapping Dim{{F}, HM->Onto};
    return XM->Formats[0] == F && constantParams(*XM) && constantParams(Dim);
  };
  std::set<DistArray *> Checked;
  // Errors wait until every access is seen: a write at the index of an
  // inner loop not marked independent across a distributed dimension makes
  // the whole nest run on every rank instead (Replicated.cpp), and then
  // none of them is an error.
  std::vector<std::pair<SourceLocation, std::string>> Errors;
  // Rows passed as pointers (`f(A[i], n)`): local or errors (RowArgs.cpp).
  placeRows(
      L, HM, [&](DistArray *X) { return AlignOf(X) == Yes; }, MapOf, Errors);
  struct {
    const VarDecl *Index = nullptr;
    DistArray *Array = nullptr;
    int Dim = 0;
  } Unmarked;
  auto Replicable = [&](const LoopAccess &Acc, const Expr *Sub, int Dm) {
    if (Acc.Read || Unmarked.Index)
      return;
    if (const VarDecl *V = recurrenceIndex(L, Acc.Subs, Sub))
      Unmarked = {V, Acc.Array, Dm};
  };
  // A written array of another rank or mapping whose every element the
  // nest uses lives with the home element of the same loop indices
  // (S[i][j] beside U[i][j][k], both over i alike): local (Reads.cpp).
  std::set<DistArray *> LikeHome;
  for (const LoopAccess &Acc : L.Accesses) {
    DistArray *X = Acc.Array;
    if (X != H && X->rank() > 1 && L.Written.count(X) && !isRowAccess(Acc) &&
        !LikeHome.count(X) && AlignOf(X) == No && ownedLikeHome(C, L, X, St))
      LikeHome.insert(X);
  }
  for (LoopAccess &Acc : L.Accesses) {
    DistArray *X = Acc.Array;
    if (isRowAccess(Acc) || LikeHome.count(X))
      continue; // placed above
    if (X->rank() == 1) {
      const NestLevel *Lv = LevelOf(Acc.Subs.sub(0));
      if (Aligned1D(X) && Lv && Lv->Dim == HomeDim) {
        Acc.Kind = LoopAccess::Local;
        Acc.Segment = {static_cast<int>(Lv - L.Levels.data())};
      } else if (Acc.Read && !L.Written.count(X)) {
        Acc.Kind = LoopAccess::Gathered;
      } else {
        Replicable(Acc, Acc.Subs.sub(0), 0);
        Errors.push_back(
            {Acc.Subs.whole()->getBeginLoc(),
             "one-dimensional '" + X->Name +
                 "' can be written (or read where the nest writes it) in "
                 "a loop nest over '" +
                 H->Name + "' only as '" + X->Name +
                 "[i]' with i the index of the level over the distributed "
                 "dimension of '" +
                 H->Name +
                 "', and only if it has that dimension's format, "
                 "arrangement and extent"});
      }
      continue;
    }
    Align Al = AlignOf(X);
    // Aligned (now or, if checked at run time, then): X has H's mapping.
    int Bad = BadDim(Acc, Al == No ? MapOf(X) : HM);
    if (Al != No && Bad < 0) {
      Acc.Kind = LoopAccess::Local;
      Acc.Segment.clear();
      for (int Dm = 0; Dm < X->rank(); ++Dm) {
        const NestLevel *Lv = LevelOf(Acc.Subs.sub(std::size_t(Dm)));
        Acc.Segment.push_back(
            Lv && Lv->Dim == Dm ? static_cast<int>(Lv - L.Levels.data()) : -1);
      }
      if (Al == Unknown && Checked.insert(X).second)
        L.CheckAligned.push_back(X);
      continue;
    }
    // A slice no iteration writes, read at invariant subscripts (the pivot
    // row): broadcast before the loop (RowReads.cpp).
    if (Acc.Read && L.Written.count(X) && Al != No &&
        rowReadFits(C, L, Acc, HM, true)) {
      Acc.Kind = LoopAccess::Row;
      continue;
    }
    const Expr *At = Bad >= 0 ? Acc.Subs.sub(std::size_t(Bad))
                              : static_cast<const Expr *>(Acc.Subs.whole());
    std::string Dim = std::to_string(Bad);
    if (!Acc.Read || L.Written.count(X)) {
      if (Bad < 0) {
        Errors.push_back(
            {At->getBeginLoc(),
             "'" + X->Name + "' (" + Describe(X) + ") is not aligned with '" +
                 H->Name + "' (" + Describe(H) +
                 ") here: its elements live on other ranks than the "
                 "loop's iterations (an array written in a loop nest needs "
                 "the mapping of '" +
                 H->Name + "')"});
        continue;
      }
      Replicable(Acc, At, Bad);
      std::string Hint;
      if (const VarDecl *V = bareVar(At);
          V && !LevelOf(At) && V->isLocalVarDecl())
        Hint = "; if the iterations of the loop over '" + V->getName().str() +
               "' are independent, mark it '#pragma hpf independent'";
      if (!MapOf(X))
        Hint += " (the mapping of '" + X->Name +
                "' here depends on control flow, so every dimension counts "
                "as distributed)";
      Errors.push_back(
          {At->getBeginLoc(),
           Acc.Read
               ? "'" + X->Name +
                     "' is written in this loop nest, so it can be read "
                     "only at elements the iteration owns: its subscript in "
                     "distributed dimension " +
                     Dim +
                     " must be the index of an enclosing independent loop "
                     "over that dimension (other elements may be changed "
                     "by other ranks during the nest)" +
                     Hint
               : "'" + X->Name +
                     "' is written here, so its subscript in distributed "
                     "dimension " +
                     Dim +
                     " must be the index of an enclosing independent loop "
                     "over that dimension" +
                     Hint});
      continue;
    }
    Acc.Kind = LoopAccess::Gathered;
  }
  if (Unmarked.Index) {
    replicate(C, L, Unmarked.Index, Unmarked.Array, Unmarked.Dim);
    rowsStayLocal(R, L, true); // a row is no pointer into a copy
    return;
  }
  for (const auto &[Loc, Msg] : Errors)
    R.error(Loc, Msg);
  if (!Errors.empty()) {
    if (VaryingReadBlocks.isValid())
      R.note(VaryingReadBlocks,
             "the nest has no level over a distributed dimension: each "
             "element it stores could be stored by its owner, every rank "
             "running the nest, if the nest read the stored array only at "
             "the element an assignment stores; here it reads another");
    return;
  }
  chooseRows(C, L, St);
  // A read-only array gathered for some elements is read from the copy
  // everywhere; one checked at run time is gathered if it is misaligned.
  // Not the home array (read-only here, else its other reads were errors):
  // its elements at the iteration's indices stay local, or a nest that
  // only reads it (a residual's norm, `R += (A[i - 1][j] - A[i][j])^2`)
  // would have no local access and run on every rank over a whole copy.
  std::set<DistArray *> Gathered;
  for (const LoopAccess &Acc : L.Accesses)
    if (Acc.Kind == LoopAccess::Gathered)
      Gathered.insert(Acc.Array);
  if (!rowsStayLocal(R, L, false))
    return;
  for (LoopAccess &Acc : L.Accesses)
    if (Gathered.count(Acc.Array) && Acc.Array != L.Home)
      Acc.Kind = LoopAccess::Gathered;
  std::vector<DistArray *> Keep;
  for (DistArray *X : L.CheckAligned) {
    // Read in a mapping of its own (a parameter read transposed, or as
    // is): a copy redistributed to it if the mappings differ at run time,
    // each rank receiving its part, not the whole array.
    if (!Gathered.count(X) && !L.Written.count(X) &&
        realignable(L, X, States[L.DirId])) {
      for (LoopAccess &Acc : L.Accesses)
        if (Acc.Array == X)
          Acc.Kind = LoopAccess::Gathered;
      continue;
    }
    if (!Gathered.count(X)) {
      Keep.push_back(X);
      if (!L.Written.count(X)) {
        L.GatherIfMisaligned.insert(X);
        R.remark(D.HashLoc, "alignment of '" + X->Name + "' with '" + H->Name +
                                "' is checked at run time; if they differ, "
                                "its " +
                                std::to_string(X->Extent) +
                                " elements are gathered on every rank before "
                                "the loop (one MPI_Allgatherv)");
      } else {
        R.remark(D.HashLoc, writtenCheckText(X, H));
      }
    }
  }
  L.CheckAligned = std::move(Keep);
  // Gathered rank-1 arrays are copied first (the order of the copies
  // before the loop and of their remarks).
  std::stable_partition(
      L.Accesses.begin(), L.Accesses.end(), [](const LoopAccess &Acc) {
        return Acc.Array->rank() == 1 && Acc.Kind == LoopAccess::Gathered;
      });
  bool AnyLocal = false;
  for (const LoopAccess &Acc : L.Accesses)
    AnyLocal |= Acc.Kind == LoopAccess::Local;
  if (AnyLocal) {
    chooseHalos(Ctx, L, States[L.DirId]);
    chooseRealigned(C, L, States[L.DirId]);
    chooseFetched(C, L, States[L.DirId]);
    chooseNeeded(C, L);
    chooseInspectionWindow(C, L);
  }
  if (AnyLocal)
    remarkGathers(C, L, States[L.DirId]);
  if (!AnyLocal) {
    // Everything is read from copies.
    L.Home = nullptr;
    for (NestLevel &Lv : L.Levels)
      Lv.Dim = -1;
    gathersOfHomeless(L);
    placeHomeless(L, "independent loop nest writes no distributed array "
                     "and reads none at its indices");
    return;
  }
  std::string Levels;
  for (NestLevel &Lv : L.Levels) {
    Levels += Levels.empty() ? "" : ", ";
    Levels += "'" + Lv.IndVar->getName().str() + "' ";
    if (Lv.Dim < 0)
      Levels += "over its whole range";
    else if (HM &&
             HM->Formats[std::size_t(Lv.Dim)].Kind == FormatKind::Collapsed) {
      Lv.Every = true;
      Levels += "over dimension " + std::to_string(Lv.Dim) +
                " (not distributed: every index)";
    } else {
      Lv.Strided = HM && unitCyclic(HM->Formats[std::size_t(Lv.Dim)]);
      Levels += "over the owned indices of dimension " + std::to_string(Lv.Dim);
    }
  }
  R.remark(D.HashLoc, "independent loop nest over '" + H->Name + "' (" +
                          Describe(H) + "): " + Levels + "; owner computes" +
                          (L.Reductions.empty()
                               ? std::string()
                               : ", " + std::to_string(L.Reductions.size()) +
                                     " reduction(s) combined across ranks"));
}

bool Placement::assumeDeclared(OwnerLoop &L, DistArray *H) {
  const Mapping &M = H->Initial;
  if (H->Inherited || M.Formats.empty() || !constantParams(M) ||
      (M.Onto && M.Onto->Local))
    return false;
  States[L.DirId][H] = M;
  L.Ensured = H;
  R.remark(State.Directives[L.DirId].HashLoc,
           "the mapping of '" + H->Name +
               "' here depends on control flow: the nest is compiled for "
               "its declared mapping " +
               M.describe() +
               ", made sure of at run time (if '" + H->Name +
               "' has another, it is redistributed to it for the loop and "
               "back after it: two planned redistributions)");
  return true;
}

/// Why the homeless nest L cannot be split over the ranks by its
/// iterations (empty: it can): something in it holds only if every rank
/// runs every iteration, as the sequential loop does (output or input, a
/// change each rank would make to its own copy). A call hpfcc cannot see
/// into gets the warning of any split loop.
static std::string splitBlocked(const OwnerLoop &L) {
  std::string Why = L.RunsEverywhere;
  for (const OwnerLoop::ParallelOnly &N : L.IfParallel)
    if (Why.empty() && N.Kind != OwnerLoop::ParallelOnly::Level &&
        N.Kind != OwnerLoop::ParallelOnly::Warning)
      Why = N.Message;
  return Why;
}

void Placement::gathersOfHomeless(OwnerLoop &L) {
  // A nest split by its iterations fetches the rows they read of arrays
  // distributed by rows, instead of gathering them.
  if (splitBlocked(L).empty())
    fetchRunReads(L, States[L.DirId], /*Split=*/true);
  remarkGathers(C, L, States[L.DirId]);
}

void Placement::placeHomeless(OwnerLoop &L, const std::string &What) {
  const std::string Why = splitBlocked(L);
  const ParsedDirective &D = State.Directives[L.DirId];
  if (!Why.empty()) {
    R.remark(D.HashLoc, What + ": it runs on every rank (it cannot be "
                               "split over the ranks: " +
                            Why + ")");
    return;
  }
  L.SplitIterations = true;
  R.remark(D.HashLoc,
           What + ": its iterations are split over the ranks in blocks ('" +
               L.Levels.front().IndVar->getName().str() +
               "': rank r runs the r-th of P)" +
               (L.Reductions.empty()
                    ? std::string()
                    : ", " + std::to_string(L.Reductions.size()) +
                          " reduction(s) combined across ranks"));
}

void Placement::place() {
  for (OwnerLoop &L : P.Loops) {
    const ParsedDirective &D = State.Directives[L.DirId];
    if (L.Replicated)
      continue; // runs on every rank (Loops.cpp warned)
    if (usesMultiDim(P, L.outer()->getBody())) {
      checkNest(L);
      continue;
    }
    // A loop over rank-1 arrays.
    for (const OwnerLoop &O : P.Loops)
      if (&O != &L &&
          SM.isBeforeInTranslationUnit(O.outer()->getBeginLoc(),
                                       L.outer()->getBeginLoc()) &&
          SM.isBeforeInTranslationUnit(L.outer()->getBeginLoc(),
                                       O.outer()->getEndLoc())) {
        R.error(D.HashLoc, "nested independent loops are not supported yet");
        break;
      }
    if (!L.Home) {
      gathersOfHomeless(L);
      placeHomeless(L, L.Accesses.empty()
                           ? "independent loop uses no distributed array"
                           : "independent loop writes no distributed array "
                             "and reads none at its index");
      continue;
    }
    const FlowState &St = States[L.DirId];
    auto Known = [&](DistArray *A) { return knownDistribution(St, A); };
    // Different extents, both known at compile time.
    auto ExtentsDiffer = [&](const DistArray *A) {
      return !A->runtimeExtent() && !L.Home->runtimeExtent() &&
             A->Extent != L.Home->Extent;
    };
    std::optional<plan::Distribution> HomeDist = Known(L.Home);
    std::set<DistArray *> Seen{L.Home}, ToGather;
    for (const LoopAccess &Acc : L.Accesses) {
      if (Acc.Kind != LoopAccess::Local || !Seen.insert(Acc.Array).second)
        continue;
      const Expr *E = Acc.Subs.whole();
      // Read-only and not aligned (or gathered anyway for other
      // subscripts): read from the gathered copy.
      if (!L.Written.count(Acc.Array)) {
        bool Gathered = false;
        for (const LoopAccess &G : L.Accesses)
          Gathered |= G.Kind == LoopAccess::Gathered && G.Array == Acc.Array;
        if (Gathered) {
          ToGather.insert(Acc.Array);
          continue;
        }
        std::optional<plan::Distribution> Other = Known(Acc.Array);
        if (ExtentsDiffer(Acc.Array) ||
            (HomeDist && Other && !HomeDist->sameMapping(*Other))) {
          ToGather.insert(Acc.Array);
          continue;
        }
      }
      if (ExtentsDiffer(Acc.Array)) {
        R.error(E->getBeginLoc(),
                "'" + Acc.Array->Name + "' (" +
                    std::to_string(Acc.Array->Extent) +
                    " elements) is not aligned with '" + L.Home->Name + "' (" +
                    std::to_string(L.Home->Extent) +
                    " elements) in this loop (not supported yet)");
        continue;
      }
      std::optional<plan::Distribution> Other = Known(Acc.Array);
      if (HomeDist && Other) {
        // Written where element i lives on another rank than iteration i:
        // realigned for the loop (codegen: hpfcc::aligned_for_loop).
        if (!HomeDist->sameMapping(*Other)) {
          L.CheckAligned.push_back(Acc.Array);
          R.warning(E->getBeginLoc(),
                    "'" + Acc.Array->Name + "' (" + Other->format() +
                        ") is not aligned with '" + L.Home->Name + "' (" +
                        HomeDist->format() + "), and the loop writes it: '" +
                        Acc.Array->Name +
                        "' is redistributed to the mapping "
                        "of '" +
                        L.Home->Name +
                        "' for the loop and back after it (two "
                        "redistributions of " +
                        std::to_string(Acc.Array->Extent) +
                        " elements); distribute it like '" + L.Home->Name +
                        "' to avoid them");
        }
        continue;
      }
      const Mapping *AM = mappingIn(St, Acc.Array);
      const Mapping *HM = mappingIn(St, L.Home);
      // Extents known only at run time (std::vector, pointer parameters)
      // are compared at run time too.
      if (AM && HM && sameMappingAtAnyRankCount(*AM, *HM) &&
          !Acc.Array->runtimeExtent() && !L.Home->runtimeExtent())
        continue;
      L.CheckAligned.push_back(Acc.Array);
      if (!L.Written.count(Acc.Array)) {
        L.GatherIfMisaligned.insert(Acc.Array);
        R.remark(E->getBeginLoc(),
                 "alignment of '" + Acc.Array->Name + "' with '" +
                     L.Home->Name +
                     "' is checked at run time; if they differ, each rank "
                     "fetches the elements its iterations read from their "
                     "owners before the loop (all " +
                     (Acc.Array->runtimeExtent()
                          ? std::string("its")
                          : std::to_string(Acc.Array->Extent)) +
                     " elements, gathered, if a distribution is not "
                     "contiguous)");
        continue;
      }
      R.remark(E->getBeginLoc(), writtenCheckText(Acc.Array, L.Home));
    }
    // Gathered after the reads at other subscripts (the order of the
    // copies and remarks).
    auto Moved = std::stable_partition(
        L.Accesses.begin(), L.Accesses.end(), [&](const LoopAccess &Acc) {
          return Acc.Kind != LoopAccess::Local || !ToGather.count(Acc.Array);
        });
    for (auto It = Moved; It != L.Accesses.end(); ++It)
      It->Kind = LoopAccess::Gathered;
    chooseHalos(Ctx, L, St);
    chooseFetched(C, L, St);
    chooseNeeded(C, L);
    chooseInspectionWindow(C, L);
    remarkGathers(C, L, States[L.DirId]);
    std::string Desc = "?";
    if (auto It = St.find(L.Home); It != St.end() && It->second) {
      Desc = It->second->describe();
      for (NestLevel &Lv : L.Levels)
        Lv.Strided = Lv.Dim == 0 && unitCyclic(It->second->Formats.front());
    }
    R.remark(D.HashLoc, "independent loop over '" + L.Home->Name + "' (" +
                            Desc +
                            "): owner computes on local elements, no "
                            "per-element owner test" +
                            (L.Reductions.empty()
                                 ? std::string()
                                 : ", " + std::to_string(L.Reductions.size()) +
                                       " reduction(s) combined across ranks"));
  }
  // A reduction on an inner level (its variable declared in the nest,
  // Loops.cpp) is the rank's own sum only where the level runs its whole
  // range: over distributed indices each rank would hold a part of it.
  for (const OwnerLoop &L : P.Loops) {
    if (!L.Home || L.Replicated)
      continue;
    for (std::size_t K = 1; K < L.Levels.size(); ++K) {
      const NestLevel &Lv = L.Levels[K];
      const ParsedDirective &D = State.Directives[Lv.DirId];
      // (A loop proven independent, made a level, has the nest's DirId.)
      if (Lv.DirId == L.DirId || D.Dir.Reductions.empty() || Lv.Dim < 0 ||
          Lv.Every)
        continue;
      const pragma::ReductionClause &RC = D.Dir.Reductions.front();
      const std::string Var = RC.Vars.front().Name;
      R.error(D.locOf(RC.Vars.front().Tok),
              "reduction on this inner loop is not supported: the loop "
              "runs over the indices of dimension " +
                  std::to_string(Lv.Dim) + " of '" + L.Home->Name +
                  "' each rank owns, so each rank would hold only part of '" +
                  Var + "' in each iteration of the loop at line " +
                  std::to_string(SM.getPresumedLineNumber(
                      State.Directives[L.DirId].HashLoc)) +
                  " (combining it across the ranks in each iteration is "
                  "not implemented); remove 'independent' from this loop" +
                  (L.Home->rank() > 1
                       ? ", or leave dimension " + std::to_string(Lv.Dim) +
                             " of '" + L.Home->Name + "' undistributed ('*')"
                       : std::string()));
    }
  }
}

} // namespace hpf::analysis
