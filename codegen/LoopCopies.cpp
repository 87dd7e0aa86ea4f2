//===- codegen/LoopCopies.cpp - reads served by copies in loop nests ------===//
//
// The LoopEmitter members (codegen/LoopEmitter.h) for elements a nest reads
// from somewhere other than its own local storage, each made before the
// loop: whole-array copies (gathered, or realigned to the loop's mapping),
// halos of neighbours (read through runs: storage in place inside the
// rank's block, the halo's copy at its edges), rows read at loop-invariant
// subscripts (broadcast by their owner), elements fetched by subscript,
// and nests that cannot run in parallel (whole copies on every rank).
//
//===----------------------------------------------------------------------===//
#include "LoopEmitter.h"

#include "../analysis/Expressions.h"

#include <algorithm>
#include <set>

#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace hpf::codegen {

/// hpf::halo's arguments: the array, the home array, and the loop bounds
/// and offsets of each dimension; rank 1 spells `lo, hi, cmin, cmax`,
/// rank N `{lo0, ...}, {hi0, ...}, {cmin0, ...}, {cmax0, ...}, corners`.
std::string LoopEmitter::haloArgs(const DistArray *A,
                                  const analysis::HaloWidths &W) const {
  std::string Args = "(" + A->Name + ", " + L.Home->Name + ", ";
  if (A->rank() == 1) {
    Args += bounds(levelOfDim(0)) + ", " + std::to_string(W.Lo[0]) + ", " +
            std::to_string(W.Hi[0]);
  } else {
    std::string Lo, Hi, CMin, CMax;
    for (int D = 0; D < A->rank(); ++D) {
      // A whole ('*') dimension: all of it, at offset 0.
      auto [LvLo, LvHi] =
          W.whole(std::size_t(D))
              ? std::pair<std::string, std::string>(
                    "0", std::to_string(A->Extents[std::size_t(D)]))
              : interval(levelOfDim(D));
      std::string Sep = D ? ", " : "";
      Lo += Sep + LvLo;
      Hi += Sep + LvHi;
      CMin += Sep + std::to_string(W.Lo[std::size_t(D)]);
      CMax += Sep + std::to_string(W.Hi[std::size_t(D)]);
    }
    Args += "{" + Lo + "}, {" + Hi + "}, {" + CMin + "}, {" + CMax + "}, " +
            (W.Corners ? "true" : "false");
  }
  return Args + ", " + E.whereLiteral(D.HashLoc) + ")";
}

/// A halo reads the rank's own elements in place when it needs no
/// other; an array the loop also writes (rank 1: A[i] = A[i + 1]) must
/// be read from a copy of the values before the loop: hpf::halo_copy.
std::string LoopEmitter::writtenHalo(const DistArray *A,
                                     std::string Args) const {
  if (L.Written.count(const_cast<DistArray *>(A)))
    Args.insert(1, "hpf::halo_copy, ");
  return Args;
}

std::string LoopEmitter::haloType(const DistArray *A) {
  return "hpf::halo<" + A->ElemType +
         (A->rank() == 1 ? "" : ", " + std::to_string(A->rank())) + ">";
}

std::string LoopEmitter::gatheredType(const DistArray *A) {
  return "hpfcc::gathered<" + A->ElemType + ", " + std::to_string(A->rank()) +
         ">";
}

/// Copies of arrays read at elements other ranks own, made before the
/// loop; their elements keep global indices: `B[i + 1]` ->
/// `__hpf_all_B7[i + 1]`, `M[a][b]` -> `__hpf_all_M7(a, b)`.
std::string LoopEmitter::copies() {
  std::string Pro;
  std::set<const DistArray *> Made;
  for (const LoopAccess &El : L.Accesses) {
    if (El.Kind != LoopAccess::Gathered || L.Fetched.count(El.Subs.whole()))
      continue;
    const DistArray *A = El.Array;
    auto H = L.Halos.find(const_cast<DistArray *>(A));
    bool Halo = L.Home && H != L.Halos.end();
    std::string Copy = name(Halo ? "__hpf_halo_" : "__hpf_all_", A);
    const bool Tiles = Halo && H->second.Tiles;
    if (Made.insert(A).second) {
      if (Tiles) // always a copy (of the frame, if split)
        Pro += " const " + haloType(A) + " " + Copy + "(hpf::halo_tiles, " +
               (split(A) ? "hpf::halo_split, " : "") +
               haloArgs(A, H->second).substr(1) + ";";
      else if (Halo)
        Pro += " const " + haloType(A) + " " + Copy +
               splitHalo(A, writtenHalo(A, haloArgs(A, H->second))) + ";";
      else if (auto N = L.Needed.find(A); N != L.Needed.end())
        Pro += neededCopy(A, N->second, Copy);
      else
        Pro += " static hpfcc::gather_site<" + A->ElemType + "> " +
               name("__hpf_gs_", A) + "; const " + gatheredType(A) + " " +
               Copy + "(" + name("__hpf_gs_", A) + ", " + A->Name + ");";
    }
    useCopy(El, split(A) || Tiles ? name("__hpf_hv_", A) : Copy);
  }
  return Pro;
}

namespace {

/// The text of a kept listing's inspector (hpfcc::needed_copy_kept): the
/// code as written, with every value it loads from memory that is not its
/// own index -- an array element, a variable declared before the nest
/// (not a constant) -- read through `__hpf_need.ld(...)`, which records
/// what was read; and the variables it names, whose addresses the check
/// compares. The analysis (InspectionWindow.cpp, traceable) made sure all
/// of it is written in the file.
class TracedText {
public:
  TracedText(const SourceManager &SM, const LangOptions &LO,
             SourceLocation Nest)
      : SM(SM), LO(LO), Nest(Nest) {}

  /// Text from Begin to the end of the token at End, with each of Parts
  /// (expressions inside, in source order) replaced by its traced text.
  std::string replaced(SourceLocation Begin, SourceLocation End,
                       std::vector<const Stmt *> Parts) {
    std::sort(Parts.begin(), Parts.end(), [&](const Stmt *X, const Stmt *Y) {
      return SM.isBeforeInTranslationUnit(X->getBeginLoc(), Y->getBeginLoc());
    });
    std::string Out;
    SourceLocation At = Begin;
    for (const Stmt *P : Parts) {
      Out += raw(At, P->getBeginLoc());
      Out += traced(P);
      At = Lexer::getLocForEndOfToken(P->getEndLoc(), 0, SM, LO);
    }
    return Out + raw(At, Lexer::getLocForEndOfToken(End, 0, SM, LO));
  }

  std::string traced(const Stmt *S) {
    if (isa<UnaryExprOrTypeTraitExpr>(S)) // sizeof: loads nothing
      return whole(S);
    if (const auto *IC = dyn_cast<ImplicitCastExpr>(S);
        IC && IC->getCastKind() == CK_LValueToRValue) {
      const Expr *Core = IC->getSubExpr()->IgnoreParens();
      if (isa<ArraySubscriptExpr>(Core))
        return "__hpf_need.ld(" + traced(IC->getSubExpr()) + ")";
      if (outside(Core))
        return "__hpf_need.ld(" + traced(IC->getSubExpr()) + ")";
    }
    if (const VarDecl *V = outside(dyn_cast<Expr>(S)))
      if (Named.insert(V->getCanonicalDecl()).second)
        Roots += std::string(Roots.empty() ? "" : ", ") +
                 "__builtin_addressof(" + whole(S) + ")";
    std::vector<const Stmt *> Parts;
    for (const Stmt *C : S->children())
      if (C)
        Parts.push_back(C);
    return replaced(S->getBeginLoc(), S->getEndLoc(), Parts);
  }

  /// `{__builtin_addressof(Col), ...}`: the variables named so far.
  std::string roots() const { return "{" + Roots + "}"; }

private:
  const SourceManager &SM;
  const LangOptions &LO;
  SourceLocation Nest;
  std::set<const VarDecl *> Named;
  std::string Roots;

  std::string raw(SourceLocation From, SourceLocation To) const {
    return Lexer::getSourceText(CharSourceRange::getCharRange(From, To), SM, LO)
        .str();
  }
  std::string whole(const Stmt *S) const {
    return raw(S->getBeginLoc(),
               Lexer::getLocForEndOfToken(S->getEndLoc(), 0, SM, LO));
  }
  /// The variable E names if it is declared before the nest and is not a
  /// constant (the loops' own indices are declared in it).
  const VarDecl *outside(const Expr *E) const {
    const auto *DRE = dyn_cast_or_null<DeclRefExpr>(E);
    const auto *V = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
    if (!V || !SM.isBeforeInTranslationUnit(V->getLocation(), Nest) ||
        V->isConstexpr())
      return nullptr;
    return V;
  }
};

} // namespace

/// A copy of A holding the elements the rank's iterations read through
/// inner loops (hpfcc/needed.h): the inspector is those loops, as written,
/// around each read's subscript, as a lambda of the level's index. With no
/// window but a kept listing (L.KeptInspection), its loads are traced and
/// the listing checked before each run (hpfcc::needed_copy_kept).
std::string
LoopEmitter::neededCopy(const DistArray *A,
                        const std::vector<analysis::NeededRead> &Reads,
                        const std::string &Copy) const {
  const NestLevel &Lv = L.Levels.front();
  std::string Inspect;
  TracedText Traced(E.SM, E.LO, L.outer()->getBeginLoc());
  for (const analysis::NeededRead &R : Reads) {
    std::string Loops;
    for (const ForStmt *F : R.Path) {
      if (L.KeptInspection) {
        const auto *V = cast<VarDecl>(cast<DeclStmt>(F->getInit())->getSingleDecl());
        Loops += Traced.replaced(F->getBeginLoc(), F->getRParenLoc(),
                                 {V->getInit(), F->getCond(), F->getInc()}) +
                 " ";
        continue;
      }
      Loops +=
          Lexer::getSourceText(CharSourceRange::getTokenRange(
                                   E.SM.getExpansionLoc(F->getBeginLoc()),
                                   E.SM.getExpansionLoc(F->getRParenLoc())),
                               E.SM, E.LO)
              .str() +
          " ";
    }
    Inspect += " " + Loops + "__hpf_need(" +
               (L.KeptInspection ? Traced.traced(R.Sub) : E.text(R.Sub)) +
               neededInfo(R) + ");";
  }
  const std::string Site = name("__hpf_ns_", A);
  auto [Lo, Hi] = interval(Lv);
  return " static hpfcc::needs_site<" + A->ElemType + "> " + Site + "; const " +
         A->ElemType + " *const " + Copy + " = hpfcc::needed_copy" +
         (L.KeptInspection ? "_kept" : "") + "(" + Site + ", " + A->Name +
         ", " + L.Home->Name + ", " + std::to_string(Lv.Dim) + ", " + Lo +
         ", " + Hi + ", [&](auto &&__hpf_need, const " +
         Lv.IndVar->getType().getAsString() + " " + Lv.IndVar->getName().str() +
         ") {" + Inspect + " }, " + E.whereLiteral(D.HashLoc) +
         (L.KeptInspection ? ", " + Traced.roots() : windowArg()) + ");";
}

/// The inspectors' last argument: the window they inspect once in, if any.
std::string LoopEmitter::windowArg() const {
  return L.InspectionWindow ? ", &__hpf_iw" + Id : "";
}

/// Around the loop whose iterations keep what the inspectors read
/// (analysis/reads/InspectionWindow.cpp): the window they inspect once in.
/// Last, so that its closing brace follows every other one after the loop.
void LoopEmitter::inspectionWindow() {
  if (!L.InspectionWindow)
    return;
  E.RW.InsertTextBefore(E.SM.getExpansionLoc(L.InspectionWindow->getBeginLoc()),
                        "{ const hpfcc::inspection_window __hpf_iw" + Id +
                            "; ");
  E.RW.InsertTextAfter(E.afterLoop(L.InspectionWindow), " }");
}

/// The level whose segments choose the blocks of the halos per block (the
/// innermost segmented one: every cyclic dimension has a level), or -1.
int LoopEmitter::tileLevel() const {
  if (std::none_of(L.Halos.begin(), L.Halos.end(),
                   [](const auto &H) { return H.second.Tiles; }))
    return -1;
  for (std::size_t K = L.Levels.size(); K-- > 0;)
    if (segmented(K))
      return int(K);
  return -1;
}

/// The halos per block's parts for the current segments:
/// `const auto __hpf_hv_A7 = __hpf_halo_A7.tile(__hpf_seg7_0.lo, 0)
/// .view(false);`, or for a split halo the tile itself, whose interior cuts
/// the runs (`const auto &__hpf_ht_A7 = ...tile(...);`).
std::string LoopEmitter::tileViews() const {
  std::string Views;
  std::set<const DistArray *> Done;
  for (const LoopAccess &El : L.Accesses) {
    auto H = L.Halos.find(El.Array);
    if (El.Kind != LoopAccess::Gathered || H == L.Halos.end() ||
        !H->second.Tiles || !Done.insert(El.Array).second)
      continue;
    std::string At;
    for (int Dm = 0; Dm < El.Array->rank(); ++Dm) {
      std::string Ix = "0";
      for (std::size_t K = 0; K < L.Levels.size(); ++K)
        if (L.Levels[K].Dim == Dm && segmented(K))
          Ix = segment(int(K)) + (L.Levels[K].unitUp() ? ".lo" : ".first");
      At += (Dm ? ", " : "") + Ix;
    }
    const std::string Tile =
        name("__hpf_halo_", El.Array) + ".tile(" + At + ")";
    // Split: the runs take the tile's interior and views (haloRuns).
    Views += split(El.Array) ? " const auto &" + name("__hpf_ht_", El.Array) +
                                   " = " + Tile + ";"
                             : " const auto " + name("__hpf_hv_", El.Array) +
                                   " = " + Tile + ".view(false);";
  }
  return Views;
}

std::string LoopEmitter::rowName(std::size_t K) const {
  return "__hpf_row" + Id + "_" + std::to_string(K);
}

/// Slices read at loop-invariant subscripts (analysis/reads/RowReads.cpp),
/// broadcast by their owner before the loop (runtime/hpfcc/rows.h); the
/// elements keep their global indices, the fixed ones ignored:
/// `M[k][j]` -> `__hpf_row7_0(k, j)`.
std::string LoopEmitter::sliceAt(const analysis::FixedSlice &S,
                                 unsigned &Fixed) const {
  Fixed = 0;
  std::string At;
  for (std::size_t Dm = 0; Dm < S.At.size(); ++Dm) {
    Fixed |= S.At[Dm] ? 1u << Dm : 0u;
    At +=
        (Dm ? ", " : "") + (S.At[Dm] ? "hpf::index_t(" + E.text(S.At[Dm]) + ")"
                                     : std::string("0"));
  }
  return "{" + At + "}";
}

std::string LoopEmitter::rows() {
  std::string Pro, ToStore;
  for (std::size_t K = 0; K < L.Rows.size(); ++K) {
    const analysis::FixedSlice &RR = L.Rows[K];
    unsigned Fixed = 0;
    std::string At = sliceAt(RR, Fixed);
    // A slice only one store uses goes to that store's owner alone.
    std::string To;
    if (RR.OnlyStore) {
      const analysis::FixedSlice &S = L.Stores[*RR.OnlyStore];
      unsigned StoreFixed = 0;
      To = "hpfcc::to_store, ";
      At += ", " + S.Array->Name + ", " + sliceAt(S, StoreFixed);
      ToStore += (ToStore.empty() ? "" : ", ") + rowName(K);
    }
    Pro += " const hpfcc::row<" + RR.Array->ElemType + ", " +
           std::to_string(RR.Array->rank()) + ", " + std::to_string(Fixed) +
           "u> " + rowName(K) + "(" + To + RR.Array->Name + ", " + At + ", " +
           E.whereLiteral(D.HashLoc) + ");";
  }
  // The slices for one rank's store travel together: each was only posted.
  if (!ToStore.empty())
    Pro += " hpfcc::slices_arrived(" + ToStore + ");";
  for (const LoopAccess &El : L.Accesses)
    if (El.Kind == LoopAccess::Row)
      useCopy(El, rowName(L.RowOf.at(El.Subs.whole())));
  return Pro;
}

std::string LoopEmitter::storeName(std::size_t K) const {
  return "__hpf_store" + Id + "_" + std::to_string(K);
}

std::string LoopEmitter::stores() {
  std::string Pro;
  for (std::size_t K = 0; K < L.Stores.size(); ++K) {
    const analysis::FixedSlice &S = L.Stores[K];
    const std::string Name = storeName(K);
    if (S.Varying) {
      Pro += " hpfcc::owner_store<" + S.Array->ElemType + ", " +
             std::to_string(S.Array->rank()) + "> " + Name + "(" +
             S.Array->Name + ", " + E.whereLiteral(D.HashLoc) + ");";
      continue;
    }
    unsigned Fixed = 0;
    const std::string At = sliceAt(S, Fixed);
    Pro += " hpfcc::stored_slice<" + S.Array->ElemType + ", " +
           std::to_string(S.Array->rank()) + ", " + std::to_string(Fixed) +
           "u> " + Name + "(" + S.Array->Name + ", " + At + ", " +
           E.whereLiteral(D.HashLoc) + ");";
    for (const analysis::FixedSlice &Read : L.Rows)
      if (Read.Array == S.Array)
        Pro += " " + Name + ".must_differ(" + sliceAt(Read, Fixed) + ", " +
               Emitter::quote(S.Array->Name) + ");";
  }
  // Per outer iteration: the skip test, then the plane pointers.
  std::string Top;
  std::map<std::string, std::string> PlaneOf; // store and subscript -> name
  for (const LoopAccess &El : L.Accesses) {
    if (El.Kind != LoopAccess::Stored)
      continue;
    const std::size_t K = L.StoreOf.at(El.Subs.whole());
    const std::string Name = storeName(K);
    if (!L.Stores[K].Planes) {
      useCopy(El, Name);
      continue;
    }
    const std::string Sub = E.text(El.Subs.sub(0));
    auto [It, New] = PlaneOf.try_emplace(
        std::to_string(K) + ":" + Sub,
        "__hpf_plane" + Id + "_" + std::to_string(PlaneOf.size()));
    if (New)
      Top += " " + El.Array->ElemType + " *" + It->second + " = " + Name +
             ".plane(hpf::index_t(" + Sub + "));";
    planeElement(El, It->second, Name);
  }
  // The outer iterations none of whose stores this rank may own are
  // skipped (the subscripts are the outer index's and invariant values').
  if (!L.RunIfOwned.empty())
    Top = " if (!(" + runsIteration() + ")) continue;" + Top;
  if (!Top.empty()) {
    const Stmt *Body = L.outer()->getBody();
    if (const auto *CS = dyn_cast<CompoundStmt>(Body)) {
      E.RW.InsertTextAfterToken(CS->getLBracLoc(), Top);
    } else {
      E.RW.InsertTextBefore(Body->getBeginLoc(), "{" + Top + " ");
      E.RW.InsertTextAfter(E.afterLoop(L.outer()), " }");
    }
  }
  return Pro;
}

std::string LoopEmitter::runsIteration() const {
  std::string Run;
  for (const std::vector<analysis::OwnedTest> &Tests : L.RunIfOwned) {
    std::string All;
    for (const analysis::OwnedTest &T : Tests)
      All += std::string(All.empty() ? "" : " && ") + storeName(T.Store) +
             ".may_own(" + std::to_string(T.Dim) + ", hpf::index_t(" +
             E.text(T.Sub) + "))";
    Run += (Run.empty() ? "(" : " || (") + All + ")";
  }
  return Run;
}

/// `U[p][a][b]` -> `P[(a) * __hpf_store7_0.extent(2) + (b)]`: element
/// (a, b) of the plane P (row-major over the '*' dimensions, whose local
/// extents are their extents).
void LoopEmitter::planeElement(const LoopAccess &El, const std::string &Plane,
                               const std::string &Store) {
  const analysis::Subscripts &S = El.Subs;
  rowMajor(S,
           CharSourceRange::getCharRange(
               E.SM.getExpansionLoc(S.whole()->getBeginLoc()),
               E.SM.getExpansionLoc(S.sub(1)->getBeginLoc())),
           Plane + "[", [&](std::size_t D) {
             return Store + ".extent(" + std::to_string(D) + ")";
           });
}

/// The subscripts after the first of an element read through a pointer to
/// its row, row-major over the other dimensions: Head (the text up to the
/// second subscript) becomes Open, and `[a][b][c]` then `[((a) * E(2) +
/// (b)) * E(3) + (c)]`. Only the brackets change: edits inside the
/// subscripts compose.
void LoopEmitter::rowMajor(
    const analysis::Subscripts &S, CharSourceRange Head,
    const std::string &Open,
    const std::function<std::string(std::size_t)> &Extent) {
  const std::size_t R = S.Levels.size();
  E.RW.ReplaceText(Head, Open + std::string(std::max<std::size_t>(1, R - 2),
                                            '('));
  for (std::size_t D = 2; D < R; ++D)
    E.RW.ReplaceText(
        CharSourceRange::getCharRange(
            analysis::rbracketLoc(S.Levels[D - 1]),
            E.SM.getExpansionLoc(S.sub(D)->getBeginLoc())),
        std::string(D >= 3 ? "))" : ")") + " * " + Extent(D) + " + (");
  SourceLocation RB = analysis::rbracketLoc(S.whole());
  E.RW.ReplaceText(SourceRange(RB, RB), ")]");
}

/// The element read (or written) in a copy with global indices:
/// `B[i + 1]` -> `Copy[i + 1]`, `M[a][b]` -> `Copy(a, b)`.
void LoopEmitter::useCopy(const LoopAccess &El, const std::string &Copy) {
  E.replaceBase(El.Subs, Copy);
  if (El.Array->rank() > 1) {
    E.openSubscripts(El.Subs, "(");
    SourceLocation RB = analysis::rbracketLoc(El.Subs.whole());
    E.RW.ReplaceText(SourceRange(RB, RB), ")");
  }
}

/// A nest that cannot run in parallel (analysis/loops/Replicated.cpp) runs on
/// every rank as written, over whole copies of its arrays
/// (hpfcc::replica, one gather each); then each rank keeps the elements
/// it owns of the arrays it wrote. Every rank runs every iteration, so
/// reductions need no combining: each rank computes the sequential value.
void LoopEmitter::replicated() {
  std::string Pro, Epi;
  std::set<const DistArray *> Made;
  for (const LoopAccess &El : L.Accesses) {
    const DistArray *A = El.Array;
    const std::string Copy = name("__hpf_rep_", A);
    if (Made.insert(A).second) {
      Pro += " hpfcc::replica<" + A->ElemType + ", " +
             std::to_string(A->rank()) + "> " + Copy + "(" + A->Name + ", " +
             Emitter::quote(A->Name) + ", " + E.whereLiteral(D.HashLoc) + ");";
      if (L.Written.count(const_cast<DistArray *>(A)))
        Epi += " " + Copy + ".store(" + A->Name + ");";
    }
    useCopy(El, Copy);
  }
  E.replaceDirective(D, "{" + Pro + scope(/*AllIterations=*/true));
  E.RW.InsertTextAfter(E.afterLoop(L.outer()), Epi + " }");
}

/// Reads planned from their subscripts (analysis/reads/FetchedReads.cpp): the
/// elements this rank's iterations read, fetched before the loop into a
/// buffer laid out like the home array's local dimension, one per array
/// and subscript; `A[n - 1 - i]` -> `__hpf_fxp7_0[hpfcc::fetched_slot(i +
/// __hpf_seg7_0.off, n - 1 - i)]` (the subscript stays, evaluated as in
/// the sequential loop, so that elements inside it compose).
std::string LoopEmitter::fetches() {
  std::string Pro;
  std::map<std::pair<const DistArray *, std::string>, std::string> Made;
  const NestLevel &Lv = L.Levels.front();
  auto [Lo, Hi] = interval(Lv);
  // A nest with no home array runs the outer iterations whose stores the
  // rank may own (FixedSlices.cpp), or its share of them (split by its
  // iterations): they stand in for the home's, slot i - lo.
  std::string Home = L.Home ? L.Home->Name + ", " + std::to_string(Lv.Dim)
                            : "__hpf_runs" + Id + ", 0";
  std::string Slot =
      L.Home ? " + " + segment(0) + ".off, " : " - (" + Lo + "), ";
  for (const LoopAccess &El : L.Accesses) {
    auto F = L.Fetched.find(El.Subs.whole());
    if (F == L.Fetched.end())
      continue;
    const DistArray *A = El.Array;
    const Expr *Sub = El.Subs.sub(0);
    auto [It, New] = Made.try_emplace({A, E.text(Sub)});
    if (New && !L.Home && Made.size() == 1 && L.SplitIterations) {
      // The rank's share, declared here for the loop too (splitIterations).
      const std::string Share = shareName();
      Pro += " const hpfcc::steps " + Share + " = hpfcc::share_of_iterations(" +
             progression(Lv) + "); const hpfcc::run_set __hpf_runs" + Id + "{" +
             A->Name + ", " + Lo + ", " + Hi +
             ", [&](const hpf::index_t __hpf_g) { " +
             "return __hpf_g >= " + Share + ".first && __hpf_g < " + Share +
             ".end; }};";
    } else if (New && !L.Home && Made.size() == 1) {
      const std::string I = Lv.IndVar->getName().str();
      const std::string Type =
          Lv.IndVar->getType().getUnqualifiedType().getAsString();
      Pro += " const hpfcc::run_set __hpf_runs" + Id + "{" +
             L.Stores[L.RunIfOwned.front().front().Store].Array->Name + ", " +
             Lo + ", " + Hi + ", [&](const hpf::index_t __hpf_g) { const " +
             Type + " " + I + " = static_cast<" + Type + ">(__hpf_g); (void)" +
             I + "; return " + runsIteration() + "; }};";
    }
    if (New) {
      std::string N = Id + "_" + std::to_string(Made.size() - 1);
      It->second = "__hpf_fxp" + N;
      Pro += " static hpfcc::fetch_site __hpf_fs" + N +
             "; const hpfcc::fetched<" + A->ElemType + "> __hpf_fx" + N +
             "(__hpf_fs" + N + ", " + A->Name + ", " + Home + ", " + Lo + ", " +
             Hi + ", " + (F->second.Affine ? "true" : "false") + ", " +
             subscriptLambda(Sub, F->second) + ", " +
             (F->second.Affine ? "hpfcc::access_info{}"
                               : fetchedInfo(A, E.text(Sub))) +
             ", " + E.whereLiteral(D.HashLoc) +
             (F->second.Affine ? "" : windowArg()) + "); const " + A->ElemType +
             " *" + (A->rank() == 1 ? "" : "const *") + "__restrict const " +
             It->second + " = __hpf_fx" + N +
             (A->rank() == 1 ? ".data();" : ".rows();");
    }
    // Only the tokens around the subscripts change (like localElement):
    // elements inside them are rewritten too. Rank N: the element of the
    // fetched row, row-major: `A[f(i)][j][k]` -> `P[fetched_slot(..,
    // f(i))][(j) * E2 + (k)]`.
    const int R = A->rank();
    E.replaceBase(El.Subs, It->second);
    SourceLocation AfterBase =
        Lexer::getLocForEndOfToken(El.Subs.base()->getEndLoc(), 0, E.SM, E.LO);
    E.RW.ReplaceText(
        CharSourceRange::getCharRange(AfterBase,
                                      E.SM.getExpansionLoc(Sub->getBeginLoc())),
        "[hpfcc::fetched_slot(" + Lv.IndVar->getName().str() + Slot);
    if (R == 1) {
      SourceLocation RB = analysis::rbracketLoc(El.Subs.whole());
      E.RW.ReplaceText(SourceRange(RB, RB), ")]");
      continue;
    }
    rowMajor(El.Subs,
             CharSourceRange::getCharRange(
                 analysis::rbracketLoc(El.Subs.Levels[0]),
                 E.SM.getExpansionLoc(El.Subs.sub(1)->getBeginLoc())),
             ")][",
             [&](std::size_t D) { return std::to_string(A->Extents[D]); });
  }
  return Pro;
}

/// The subscript as a function of the global index and the local slot of
/// an iteration, for the inspector; elements `X[i]` of arrays aligned
/// with the home array are read from local storage at the slot.
std::string LoopEmitter::subscriptLambda(const Expr *Sub,
                                         const analysis::FetchedRead &F) const {
  std::string T = E.text(Sub);
  const unsigned Begin = E.SM.getFileOffset(E.fileRange(Sub).getBegin());
  std::vector<std::pair<unsigned, const Expr *>> Inner;
  for (const Expr *X : F.LocalInner)
    Inner.push_back({E.SM.getFileOffset(E.fileRange(X).getBegin()), X});
  std::sort(Inner.rbegin(), Inner.rend());
  for (const auto &[At, X] : Inner) {
    const std::string XText = E.text(X);
    for (const LoopAccess &Acc : L.Accesses)
      if (Acc.Subs.whole() == X)
        T.replace(At - Begin, XText.size(),
                  Acc.Array->Name + ".local_data()[__hpf_l]");
  }
  const std::string I = L.Levels.front().IndVar->getName().str();
  const std::string Type =
      L.Levels.front().IndVar->getType().getUnqualifiedType().getAsString();
  // The nest's locals the subscript uses, with their initializers
  // (`int kf = 2 * k;`).
  std::string Locals;
  for (const VarDecl *V : F.Locals)
    Locals += " [[maybe_unused]] const " +
              V->getType().getUnqualifiedType().getAsString() + " " +
              V->getName().str() + " = " + E.text(V->getInit()) + ";";
  return "[&](const hpf::index_t __hpf_g, const hpf::index_t __hpf_l) -> "
         "hpf::index_t { const " +
         Type + " " + I + " = static_cast<" + Type + ">(__hpf_g); (void)" + I +
         ";" + Locals + " (void)__hpf_l; return static_cast<hpf::index_t>(" +
         T + "); }";
}

/// A read-only array read in the mapping the loop needs (Reads.cpp):
/// the local storage of a copy in that mapping (or of the array itself
/// if it has it at run time), addressed like the array's own:
/// `const hpfcc::realigned<double, 2> __hpf_re_A7(A, B, {-1, 0}, "f:3:1");
/// const double *__restrict const __hpf_A7 = __hpf_re_A7.data(); ...`.
std::string LoopEmitter::realignedPointer(const DistArray *A) const {
  const std::vector<int> &DimOf = L.Realigned.at(const_cast<DistArray *>(A));
  std::string Re = name("__hpf_re_", A), Ptr = name("__hpf_", A), Dims;
  for (std::size_t D = 0; D < DimOf.size(); ++D)
    Dims += (D ? ", " : "") + std::to_string(DimOf[D]);
  std::string Pro = " const hpfcc::realigned<" + A->ElemType + ", " +
                    std::to_string(A->rank()) + "> " + Re + "(" + A->Name +
                    ", " + L.Home->Name + ", {" + Dims + "}, " +
                    E.whereLiteral(D.HashLoc) + "); const " + A->ElemType +
                    " *__restrict const " + Ptr + " = " + Re + ".data();";
  for (int Dm = 1; Dm < A->rank(); ++Dm)
    Pro += " const hpf::index_t " + Ptr + "_e" + std::to_string(Dm) + " = " +
           Re + ".local_extent(" + std::to_string(Dm) + ");";
  return Pro;
}

/// The halo arrays read that way, in order of their first read (none if
/// the innermost level steps or counts down).
std::vector<const DistArray *> LoopEmitter::splitHalos() const {
  std::vector<const DistArray *> Out;
  const NestLevel &In = L.Levels.back();
  if (!L.Home || !In.unitUp() || In.Dim < 0)
    return Out;
  const Stmt *Body = In.For->getBody();
  const SourceLocation B = E.SM.getExpansionLoc(Body->getBeginLoc()),
                       End = E.SM.getExpansionLoc(Body->getEndLoc());
  auto Inside = [&](SourceLocation X) {
    X = E.SM.getExpansionLoc(X);
    return !E.SM.isBeforeInTranslationUnit(X, B) &&
           !E.SM.isBeforeInTranslationUnit(End, X);
  };
  std::set<const DistArray *> Bad;
  for (const LoopAccess &El : L.Accesses) {
    const DistArray *A = El.Array;
    if (El.Kind != LoopAccess::Gathered ||
        !L.Halos.count(const_cast<DistArray *>(A)))
      continue;
    // One level per dimension, but a whole ('*') dimension may have none
    // (read at an inner sequential loop's index): its interior is all of it.
    const analysis::HaloWidths &W = L.Halos.at(const_cast<DistArray *>(A));
    bool Ok =
        !L.Written.count(const_cast<DistArray *>(A)) &&
        Inside(El.Subs.whole()->getBeginLoc()) &&
        std::all_of(L.Levels.begin(), L.Levels.end(), [&](const NestLevel &Lv) {
          return Lv.Dim >= 0 && Lv.Dim < A->rank();
        });
    for (int Dm = 0; Ok && Dm < A->rank(); ++Dm) {
      const auto Levels =
          std::count_if(L.Levels.begin(), L.Levels.end(),
                        [&](const NestLevel &Lv) { return Lv.Dim == Dm; });
      Ok = Levels == 1 || (Levels == 0 && W.whole(std::size_t(Dm)));
    }
    if (!Ok)
      Bad.insert(A);
    else if (std::find(Out.begin(), Out.end(), A) == Out.end())
      Out.push_back(A);
  }
  std::erase_if(Out, [&](const DistArray *A) { return Bad.count(A); });
  if (Out.size() > 8) // hpf::halo_run's mask
    Out.clear();
  return Out;
}

bool LoopEmitter::split(const DistArray *A) const {
  return std::find(Split.begin(), Split.end(), A) != Split.end();
}

std::string LoopEmitter::splitHalo(const DistArray *A, std::string Args) const {
  if (split(A))
    Args.insert(1, "hpf::halo_split, ");
  return Args;
}

/// The extents of the dimensions after the first of split halo A, "E1,
/// E2", when the halo reads every one of them whole: then its views, of
/// the copy and of the local storage alike, step by their products
/// (hpfcc::planes_view). Empty otherwise, and for halos per block and the
/// rank-2 halos of a nest versioned on its row stride (rows_halo).
std::string LoopEmitter::planesExtents(const DistArray *A) const {
  const analysis::HaloWidths &W = L.Halos.at(const_cast<DistArray *>(A));
  if (A->rank() < 2 || W.Tiles ||
      std::find(StrideHalos.begin(), StrideHalos.end(), A) != StrideHalos.end())
    return "";
  std::string Out;
  for (std::size_t D = 1; D < std::size_t(A->rank()); ++D) {
    if (!W.whole(D) || A->Extents[D] <= 0)
      return "";
    Out += (D > 1 ? ", " : "") + std::to_string(A->Extents[D]);
  }
  return Out;
}

/// The innermost level Lv over [Lo, Hi) runs over the runs of the split
/// halos, each run's views declared before the user's loop.
void LoopEmitter::haloRuns(const NestLevel &Lv, const std::string &Lo,
                           const std::string &Hi, std::string &Close) {
  const std::string Run = "__hpf_run" + Id;
  // A loop that may throw, exit or do I/O runs its iterations in index
  // order on each rank: otherwise the interior first.
  const bool InOrder =
      L.MayThrow || L.MayExit ||
      llvm::any_of(
          L.IfParallel, [](const analysis::OwnerLoop::ParallelOnly &P) {
            return P.Kind == analysis::OwnerLoop::ParallelOnly::Output ||
                   P.Kind == analysis::OwnerLoop::ParallelOnly::Input;
          });
  std::string Head = "{ for (const hpf::halo_run " + Run +
                     " : hpf::halo_split_runs(" +
                     (InOrder ? "hpf::in_order, " : "") + Lo + ", " + Hi;
  std::string Views;
  for (std::size_t K = 0; K < Split.size(); ++K) {
    const DistArray *A = Split[K];
    const analysis::HaloWidths &W = L.Halos.at(const_cast<DistArray *>(A));
    // A halo per block: the segment's tile (tileViews).
    const std::string Of = name(W.Tiles ? "__hpf_ht_" : "__hpf_halo_", A);
    Head += ", " + Of + ".interior(" + std::to_string(Lv.Dim);
    for (int Dm = 0; Dm < A->rank(); ++Dm)
      Head += ", " + (Dm == Lv.Dim || W.whole(std::size_t(Dm))
                          ? std::string("0")
                          : levelOfDim(Dm).IndVar->getName().str());
    Head += ")";
    const std::string View =
        Of + ".view(" + Run + ".local(" + std::to_string(K) + "))";
    const std::string Planes = planesExtents(A);
    Views += " const auto " + name("__hpf_hv_", A) + " = " +
             (Planes.empty() ? View
                             : "hpfcc::planes_of<" + Planes + ">(" + View +
                                   ", " + E.whereLiteral(D.HashLoc) + ")") +
             ";";
  }
  E.RW.InsertTextAfter(Lv.For->getForLoc(), Head + ")) {" + Views + " ");
  runOver(Lv, Run + ".lo", Run + ".hi"); // a unit step up (splitHalos)
  Close = " } }" + Close;
}

} // namespace hpf::codegen
