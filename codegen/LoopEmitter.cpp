//===- codegen/LoopEmitter.cpp - owner-computes loops and nests -----------===//
//
// An independent loop is a nest of one or more levels (a loop over a
// one-dimensional array is a nest of one level). The directive becomes a
// prologue that opens a block:
//
//   { <copies> <run-time checks> <local pointers> <reduction set-up>
//
// Each level over a dimension of the nest's home array runs over the
// segments of that dimension the rank owns (runtime/hpfcc/loops.h), the
// user's loop inside with its bounds replaced by the segment's:
//
//   { for (const hpfcc::segment __hpf_seg7_0 : hpfcc::owned_segments(A, 0,
//     lo, hi)) for (int i = __hpf_seg7_0.lo; i < __hpf_seg7_0.hi; ++i) ...
//
// Elements the iteration owns are read and written through __restrict
// pointers to local storage, the local index of each dimension being the
// subscript plus the offset of the segment it runs over: no owner test and
// no index translation per element. The prologue tells the compiler that
// distinct arrays' buffers do not overlap and gives `*` dimensions their
// constant strides, so inner loops vectorise like the sequential ones. Other
// reads use copies made before the loop (a halo of neighbours, or the whole
// array gathered), with global indices. After the outermost level the
// reductions combine across ranks and the block closes.
//
//===----------------------------------------------------------------------===//
#include "Emitter.h"

#include "../analysis/Expressions.h"

#include <algorithm>
#include <map>
#include <set>

#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace hpf::codegen {
namespace {

using analysis::DistArray;
using analysis::LoopAccess;
using analysis::NestLevel;
using analysis::OwnerLoop;
using analysis::Subscripts;

/// True if the element's array name and brackets are in the file (an
/// element of a one-dimensional loop spelled through a macro is left as
/// it is: darray::operator[] takes the global index).
bool inFile(const Subscripts &S) {
  for (const Expr *L : S.Levels)
    if (!L->getBeginLoc().isFileID() || !analysis::rbracketLoc(L).isFileID())
      return false;
  return true;
}

/// A subscript that needs no parentheses as an operand of `+`.
bool simple(const Expr *E) {
  const Expr *X = E->IgnoreImpCasts();
  return E->getBeginLoc().isFileID() && E->getEndLoc().isFileID() &&
         (isa<DeclRefExpr>(X) || isa<IntegerLiteral>(X) || isa<ParenExpr>(X));
}

class LoopEmitter {
public:
  LoopEmitter(Emitter &E, const OwnerLoop &L)
      : E(E), L(L), D(E.directive(L.DirId)), Id(std::to_string(L.DirId)) {}

  void run() {
    if (L.Replicated) {
      replicated();
      return;
    }
    Split = splitHalos();
    std::string Pro = copies() + rows() + fetches();
    if (!L.Home) {
      // Runs on every rank, like replicated code.
      E.replaceDirective(D, Pro.empty() ? "" : "{" + Pro);
      if (!Pro.empty())
        E.RW.InsertTextAfter(E.afterLoop(L.outer()), " }");
      return;
    }
    Pro += checks() + pointers();
    for (const LoopAccess &El : L.Accesses)
      if (El.Kind == LoopAccess::Local && inFile(El.Subs))
        localElement(El);
    std::string Epi;
    reductions(Pro, Epi);
    Pro += hoistedRanges() + scope();
    E.replaceDirective(D, "{" + Pro);
    levels(Epi);
    // Last: the copy's subscripts are the rewritten text of the element's.
    for (const LoopAccess &El : L.Accesses)
      if (El.Kind == LoopAccess::Local &&
          L.GatherIfMisaligned.count(El.Array) && inFile(El.Subs))
        localOrCopy(El);
  }

private:
  Emitter &E;
  const OwnerLoop &L;
  const pragma::ParsedDirective &D;
  const std::string Id;

  std::string name(const char *Prefix, const DistArray *A) const {
    return Prefix + A->Name + Id;
  }
  std::string segment(int K) const {
    return "__hpf_seg" + Id + "_" + std::to_string(K);
  }
  /// Whether level K runs over its owned segments. An inner level over a
  /// dimension the home array does not distribute runs the user's loop as
  /// written (every index, local = global): per outer iteration no segment
  /// set-up, and constant bounds stay constant, so the inner loop compiles
  /// like the sequential one (one alias check, no remainder per row). The
  /// outermost level keeps its segments: ranks outside the home array's
  /// arrangement run nothing.
  bool segmented(std::size_t K) const {
    const NestLevel &Lv = L.Levels[K];
    return Lv.Dim >= 0 && !(K > 0 && Lv.Every);
  }
  /// Whether E names only what is declared outside the nest (so it can be
  /// evaluated before the outermost loop).
  bool outsideNest(const Stmt *S) const {
    if (!S)
      return true;
    if (const auto *DRE = dyn_cast<DeclRefExpr>(S)) {
      SourceLocation At = DRE->getDecl()->getLocation();
      SourceRange Nest = L.outer()->getSourceRange();
      if (!E.SM.isBeforeInTranslationUnit(At, Nest.getBegin()) &&
          !E.SM.isBeforeInTranslationUnit(Nest.getEnd(), At))
        return false;
    }
    for (const Stmt *C : S->children())
      if (!outsideNest(C))
        return false;
    return true;
  }

  /// The owned segments of inner levels whose bounds do not depend on the
  /// outer levels are computed once before the nest, not once per
  /// iteration of the levels outside: for a (block, *) nest over 256
  /// columns the per-row cost of finding the segments (the rank's
  /// coordinate, the range's set-up) was about as large as the row's work.
  std::string hoistedRanges() {
    std::string Pro;
    for (std::size_t K = 1; K < L.Levels.size(); ++K) {
      const NestLevel &Lv = L.Levels[K];
      if (!segmented(K) || !outsideNest(Lv.Lower) || !outsideNest(Lv.Upper) ||
          !outsideNest(Lv.Step))
        continue;
      std::string Name = "__hpf_segs" + Id + "_" + std::to_string(K);
      Pro += std::string(" const ") + rangeType(Lv) + " " + Name + " = " +
             ownedSegments(Lv) + ";";
      Hoisted[K] = Name;
    }
    return Pro;
  }
  /// The level's owned segments (unit step up), or its owned runs of the
  /// progression it steps through (other steps, counting down).
  std::string ownedSegments(const NestLevel &Lv) const {
    if (Lv.unitUp())
      return "hpfcc::owned_segments(" + L.Home->Name + ", " +
             std::to_string(Lv.Dim) + ", " + bounds(Lv) + ")";
    std::string End = E.text(Lv.Upper);
    if (Lv.Inclusive)
      End = "(" + End + ")" + (Lv.Down ? " - 1" : " + 1");
    std::string Step = Lv.Down ? "-1" : "1";
    if (Lv.Step)
      Step = Lv.StepNegated ? "-(" + E.text(Lv.Step) + ")"
                            : "(" + E.text(Lv.Step) + ")";
    return "hpfcc::owned_steps(" + L.Home->Name + ", " +
           std::to_string(Lv.Dim) + ", " + E.text(Lv.Lower) + ", " + End +
           ", " + Step + ", " + (Lv.Down ? "true" : "false") + ", " +
           E.whereLiteral(D.HashLoc) + ")";
  }
  static const char *rangeType(const NestLevel &Lv) {
    return Lv.unitUp() ? "hpfcc::segment_range" : "hpfcc::stepped_range";
  }
  std::map<std::size_t, std::string> Hoisted; ///< level -> its range

  /// The indices a level covers, [lo, hi) (for a step, the progression's
  /// elements are among them).
  std::pair<std::string, std::string> interval(const NestLevel &Lv) const {
    std::string Init = E.text(Lv.Lower), Bound = E.text(Lv.Upper);
    if (!Lv.Down)
      return {Init, Lv.Inclusive ? "(" + Bound + ") + 1" : Bound};
    return {Lv.Inclusive ? Bound : "(" + Bound + ") + 1", "(" + Init + ") + 1"};
  }
  /// "lo, hi" of a level, hi exclusive.
  std::string bounds(const NestLevel &Lv) const {
    auto [Lo, Hi] = interval(Lv);
    return Lo + ", " + Hi;
  }
  /// The level over dimension D of the home array (the directive's level
  /// for rank 1).
  const NestLevel &levelOfDim(int D) const {
    for (const NestLevel &Lv : L.Levels)
      if (Lv.Dim == D)
        return Lv;
    return L.Levels.front();
  }
  /// hpf::halo's arguments: the array, the home array, and the loop bounds
  /// and offsets of each dimension; rank 1 spells `lo, hi, cmin, cmax`,
  /// rank N `{lo0, ...}, {hi0, ...}, {cmin0, ...}, {cmax0, ...}, corners`.
  std::string haloArgs(const DistArray *A,
                       const analysis::HaloWidths &W) const {
    std::string Args = "(" + A->Name + ", " + L.Home->Name + ", ";
    if (A->rank() == 1) {
      Args += bounds(levelOfDim(0)) + ", " + std::to_string(W.Lo[0]) + ", " +
              std::to_string(W.Hi[0]);
    } else {
      std::string Lo, Hi, CMin, CMax;
      for (int D = 0; D < A->rank(); ++D) {
        auto [LvLo, LvHi] = interval(levelOfDim(D));
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
  std::string writtenHalo(const DistArray *A, std::string Args) const {
    if (L.Written.count(const_cast<DistArray *>(A)))
      Args.insert(1, "hpf::halo_copy, ");
    return Args;
  }
  static std::string haloType(const DistArray *A) {
    return "hpf::halo<" + A->ElemType +
           (A->rank() == 1 ? "" : ", " + std::to_string(A->rank())) + ">";
  }
  static std::string gatheredType(const DistArray *A) {
    return "hpfcc::gathered<" + A->ElemType + ", " + std::to_string(A->rank()) +
           ">";
  }

  /// Copies of arrays read at elements other ranks own, made before the
  /// loop; their elements keep global indices: `B[i + 1]` ->
  /// `__hpf_all_B7[i + 1]`, `M[a][b]` -> `__hpf_all_M7(a, b)`.
  std::string copies() {
    std::string Pro;
    std::set<const DistArray *> Made;
    for (const LoopAccess &El : L.Accesses) {
      if (El.Kind != LoopAccess::Gathered || L.Fetched.count(El.Subs.whole()))
        continue;
      const DistArray *A = El.Array;
      auto H = L.Halos.find(const_cast<DistArray *>(A));
      bool Halo = L.Home && H != L.Halos.end();
      std::string Copy = name(Halo ? "__hpf_halo_" : "__hpf_all_", A);
      if (Made.insert(A).second) {
        if (Halo)
          Pro += " const " + haloType(A) + " " + Copy +
                 splitHalo(A, writtenHalo(A, haloArgs(A, H->second))) + ";";
        else if (A->rank() == 1)
          Pro += " const std::vector<" + A->ElemType + "> " + Copy + " = " +
                 A->Name + ".gather();";
        else
          Pro +=
              " const " + gatheredType(A) + " " + Copy + "(" + A->Name + ");";
      }
      useCopy(El, split(A) ? name("__hpf_hv_", A) : Copy);
    }
    return Pro;
  }

  std::string rowName(std::size_t K) const {
    return "__hpf_row" + Id + "_" + std::to_string(K);
  }
  /// Slices read at loop-invariant subscripts (analysis/RowReads.cpp),
  /// broadcast by their owner before the loop (runtime/hpfcc/rows.h); the
  /// elements keep their global indices, the fixed ones ignored:
  /// `M[k][j]` -> `__hpf_row7_0(k, j)`.
  std::string rows() {
    std::string Pro;
    for (std::size_t K = 0; K < L.Rows.size(); ++K) {
      const analysis::RowRead &RR = L.Rows[K];
      unsigned Fixed = 0;
      std::string At;
      for (std::size_t Dm = 0; Dm < RR.At.size(); ++Dm) {
        Fixed |= RR.At[Dm] ? 1u << Dm : 0u;
        At += (Dm ? ", " : "") +
              (RR.At[Dm] ? "hpf::index_t(" + E.text(RR.At[Dm]) + ")"
                         : std::string("0"));
      }
      Pro += " const hpfcc::row<" + RR.Array->ElemType + ", " +
             std::to_string(RR.Array->rank()) + ", " + std::to_string(Fixed) +
             "u> " + rowName(K) + "(" + RR.Array->Name + ", {" + At + "}, " +
             E.whereLiteral(D.HashLoc) + ");";
    }
    for (const LoopAccess &El : L.Accesses)
      if (El.Kind == LoopAccess::Row)
        useCopy(El, rowName(L.RowOf.at(El.Subs.whole())));
    return Pro;
  }

  /// The element read (or written) in a copy with global indices:
  /// `B[i + 1]` -> `Copy[i + 1]`, `M[a][b]` -> `Copy(a, b)`.
  void useCopy(const LoopAccess &El, const std::string &Copy) {
    E.replaceBase(El.Subs, Copy);
    if (El.Array->rank() > 1) {
      E.openSubscripts(El.Subs, "(");
      SourceLocation RB = analysis::rbracketLoc(El.Subs.whole());
      E.RW.ReplaceText(SourceRange(RB, RB), ")");
    }
  }

  /// A nest that cannot run in parallel (analysis/Replicated.cpp) runs on
  /// every rank as written, over whole copies of its arrays
  /// (hpfcc::replica, one gather each); then each rank keeps the elements
  /// it owns of the arrays it wrote. Every rank runs every iteration, so
  /// reductions need no combining: each rank computes the sequential value.
  void replicated() {
    std::string Pro, Epi;
    std::set<const DistArray *> Made;
    for (const LoopAccess &El : L.Accesses) {
      const DistArray *A = El.Array;
      const std::string Copy = name("__hpf_rep_", A);
      if (Made.insert(A).second) {
        Pro += " hpfcc::replica<" + A->ElemType + ", " +
               std::to_string(A->rank()) + "> " + Copy + "(" + A->Name + ", " +
               Emitter::quote(A->Name) + ", " + E.whereLiteral(D.HashLoc) +
               ");";
        if (L.Written.count(const_cast<DistArray *>(A)))
          Epi += " " + Copy + ".store(" + A->Name + ");";
      }
      useCopy(El, Copy);
    }
    E.replaceDirective(D, "{" + Pro + scope());
    E.RW.InsertTextAfter(E.afterLoop(L.outer()), Epi + " }");
  }

  /// Reads planned from their subscripts (analysis/FetchedReads.cpp): the
  /// elements this rank's iterations read, fetched before the loop into a
  /// buffer laid out like the home array's local dimension, one per array
  /// and subscript; `A[n - 1 - i]` -> `__hpf_fxp7_0[hpfcc::fetched_slot(i +
  /// __hpf_seg7_0.off, n - 1 - i)]` (the subscript stays, evaluated as in
  /// the sequential loop, so that elements inside it compose).
  std::string fetches() {
    std::string Pro;
    std::map<std::pair<const DistArray *, std::string>, std::string> Made;
    const NestLevel &Lv = L.Levels.front();
    for (const LoopAccess &El : L.Accesses) {
      auto F = L.Fetched.find(El.Subs.whole());
      if (F == L.Fetched.end())
        continue;
      const DistArray *A = El.Array;
      const Expr *Sub = El.Subs.sub(0);
      auto [It, New] = Made.try_emplace({A, E.text(Sub)});
      if (New) {
        std::string N = Id + "_" + std::to_string(Made.size() - 1);
        auto [Lo, Hi] = interval(Lv);
        It->second = "__hpf_fxp" + N;
        Pro += " static hpfcc::fetch_site __hpf_fs" + N +
               "; const hpfcc::fetched<" + A->ElemType + "> __hpf_fx" + N +
               "(__hpf_fs" + N + ", " + A->Name + ", " + L.Home->Name + ", " +
               std::to_string(Lv.Dim) + ", " + Lo + ", " + Hi + ", " +
               (F->second.Affine ? "true" : "false") + ", " +
               subscriptLambda(Sub, F->second) + ", " +
               E.whereLiteral(D.HashLoc) + "); const " + A->ElemType +
               " *__restrict const " + It->second + " = __hpf_fx" + N +
               ".data();";
      }
      // Only the tokens around the subscript change (like localElement):
      // elements inside it are rewritten too.
      E.replaceBase(El.Subs, It->second);
      SourceLocation AfterBase = Lexer::getLocForEndOfToken(
          El.Subs.base()->getEndLoc(), 0, E.SM, E.LO);
      E.RW.ReplaceText(CharSourceRange::getCharRange(
                           AfterBase, E.SM.getExpansionLoc(Sub->getBeginLoc())),
                       "[hpfcc::fetched_slot(" + Lv.IndVar->getName().str() +
                           " + " + segment(0) + ".off, ");
      SourceLocation RB = analysis::rbracketLoc(El.Subs.whole());
      E.RW.ReplaceText(SourceRange(RB, RB), ")]");
    }
    return Pro;
  }
  /// The subscript as a function of the global index and the local slot of
  /// an iteration, for the inspector; elements `X[i]` of arrays aligned
  /// with the home array are read from local storage at the slot.
  std::string subscriptLambda(const Expr *Sub,
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
    return "[&](const hpf::index_t __hpf_g, const hpf::index_t __hpf_l) -> "
           "hpf::index_t { const " +
           Type + " " + I + " = static_cast<" + Type + ">(__hpf_g); (void)" +
           I + "; (void)__hpf_l; return static_cast<hpf::index_t>(" + T +
           "); }";
  }

  /// Alignment the analysis could not decide: arrays written in the loop
  /// must be aligned with the home array (else the program fails);
  /// read-only ones are read from a copy when they are not.
  std::string checks() {
    std::string Pro;
    for (const DistArray *A : L.CheckAligned) {
      if (!L.GatherIfMisaligned.count(const_cast<DistArray *>(A))) {
        Pro += " hpfcc::check_aligned(" + A->Name + ", " +
               Emitter::quote(A->Name) + ", " + L.Home->Name + ", " +
               Emitter::quote(L.Home->Name) + ", " + E.whereLiteral(D.HashLoc) +
               ");";
        continue;
      }
      // The elements this rank's iterations read, fetched from their
      // owners (a halo with c = 0; it gathers the whole array if a mapping
      // is not contiguous), or for more dimensions the whole array.
      bool Halo = A->rank() == 1 && L.Home->rank() == 1;
      std::string Type = Halo ? haloType(A) : gatheredType(A);
      std::string Al = name("__hpf_aligned_", A);
      Pro += " const bool " + Al + " = hpfcc::same_mapping(" + A->Name + ", " +
             L.Home->Name + "); const " + Type + " " + name("__hpf_all_", A) +
             " = " + Al + " ? " + Type + "() : " + Type +
             (Halo ? haloArgs(A, {{0}, {0}, false}) : "(" + A->Name + ")") +
             ";";
    }
    return Pro;
  }

  /// The local buffers of distinct distributed arrays never overlap, and
  /// the analysis rejects every other use of the arrays, so the pointers
  /// are __restrict: the loop vectorises like the sequential one. Row-major
  /// local storage: the local extents of dimensions 1.. are the strides.
  std::string pointers() {
    std::string Pro;
    std::set<const DistArray *> Made;
    std::vector<const DistArray *> Order;
    for (const LoopAccess &El : L.Accesses) {
      const DistArray *A = El.Array;
      if (El.Kind != LoopAccess::Local || !Made.insert(A).second)
        continue;
      Order.push_back(A);
      if (L.Realigned.count(const_cast<DistArray *>(A))) {
        Pro += realignedPointer(A);
        continue;
      }
      std::string Ptr = name("__hpf_", A);
      Pro += " " + A->ElemType + " *__restrict const " + Ptr + " = " + A->Name +
             ".local_data();";
      for (int Dm = 1; Dm < A->rank(); ++Dm)
        Pro += " const hpf::index_t " + Ptr + "_e" + std::to_string(Dm) +
               " = " + localExtent(A, Dm) + ";";
    }
    return Pro + separate(Order);
  }

  /// The local extent of dimension Dm of A (a row-major stride). A
  /// dimension that is `*` in A's only mapping (A is not dynamic, nor a
  /// parameter that inherits its caller's) holds every index on every rank,
  /// so its local extent is the extent itself: as a constant, the compiler
  /// knows the rows' strides and alignment (the storage is 64-byte
  /// aligned) like the sequential build's `double M[R][C]`, and uses
  /// aligned, folded vector loads and constant-stride addressing.
  static std::string localExtent(const DistArray *A, int Dm) {
    const std::size_t D = std::size_t(Dm);
    if (!A->Dynamic && !A->Inherited && !A->Vector &&
        D < A->Initial.Formats.size() &&
        A->Initial.Formats[D].Kind == pragma::FormatKind::Collapsed &&
        D < A->Extents.size() && A->Extents[D] >= 0)
      return std::to_string(A->Extents[D]);
    return A->Name + ".local_extent(" + std::to_string(Dm) + ")";
  }

  /// Clang drops __restrict on local pointers, so without more the
  /// vectoriser checks at run time that a written buffer and each other
  /// buffer do not overlap, once per execution of the innermost loop (per
  /// row of a nest: about 10% of the instructions of a 256-column row).
  /// `hpfcc::assume_separate(p, q)` (__builtin_assume_separate_storage)
  /// states what __restrict means, once before the nest. It holds for two
  /// arrays declared with their own distribute directives: each darray
  /// owns its storage (or a copy of it, for a realigned read). It does not
  /// for a function's parameter (Inherited): the same array may be passed
  /// to two parameters, or be the global the function also names, so those
  /// keep the vectoriser's run-time check.
  std::string separate(const std::vector<const DistArray *> &Ptrs) const {
    std::string Pro;
    for (std::size_t I = 0; I < Ptrs.size(); ++I)
      for (std::size_t J = I + 1; J < Ptrs.size(); ++J) {
        const DistArray *A = Ptrs[I], *B = Ptrs[J];
        if (A->Inherited || B->Inherited ||
            !(L.Written.count(const_cast<DistArray *>(A)) ||
              L.Written.count(const_cast<DistArray *>(B))))
          continue;
        Pro += " hpfcc::assume_separate(" + name("__hpf_", A) + ", " +
               name("__hpf_", B) + ");";
      }
    return Pro;
  }

  /// A read-only array read in the mapping the loop needs (Reads.cpp):
  /// the local storage of a copy in that mapping (or of the array itself
  /// if it has it at run time), addressed like the array's own:
  /// `const hpfcc::realigned<double, 2> __hpf_re_A7(A, B, {-1, 0}, "f:3:1");
  /// const double *__restrict const __hpf_A7 = __hpf_re_A7.data(); ...`.
  std::string realignedPointer(const DistArray *A) const {
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

  /// A[i] -> `__hpf_A7[i + __hpf_seg7_0.off]`; M[a][b] ->
  /// `__hpf_M7[(a + __hpf_seg7_0.off) * __hpf_M7_e1 + (b + ...off)]`. Only
  /// the tokens around the subscripts change (nested elements compose); a
  /// dimension with no segment (collapsed) adds no offset.
  void localElement(const LoopAccess &El) {
    const Subscripts &S = El.Subs;
    const std::size_t Rank = S.Levels.size();
    const std::string Ptr = name("__hpf_", El.Array);
    auto Off = [&](std::size_t Dm) {
      int K = El.Segment[Dm];
      return K < 0 || !segmented(std::size_t(K)) ? std::string()
                                                 : " + " + segment(K) + ".off";
    };
    // Each dimension's local index is one term; terms with an offset are
    // parenthesised where they are operands of `*`/`+`.
    auto Wrap = [&](std::size_t Dm) { return Rank > 1 && !Off(Dm).empty(); };
    auto Open = [&](std::size_t Dm) {
      return std::string(Wrap(Dm) ? "(" : "") + (simple(S.sub(Dm)) ? "" : "(");
    };
    auto Close = [&](std::size_t Dm) {
      return std::string(simple(S.sub(Dm)) ? "" : ")") + Off(Dm) +
             (Wrap(Dm) ? ")" : "");
    };
    E.replaceBase(S, Ptr);
    SourceLocation AfterBase =
        Lexer::getLocForEndOfToken(S.base()->getEndLoc(), 0, E.SM, E.LO);
    E.RW.ReplaceText(
        CharSourceRange::getCharRange(
            AfterBase, E.SM.getExpansionLoc(S.sub(0)->getBeginLoc())),
        "[" + std::string(Rank >= 2 ? Rank - 2 : 0, '(') + Open(0));
    for (std::size_t Dm = 1; Dm < Rank; ++Dm)
      E.RW.ReplaceText(CharSourceRange::getCharRange(
                           analysis::rbracketLoc(S.Levels[Dm - 1]),
                           E.SM.getExpansionLoc(S.sub(Dm)->getBeginLoc())),
                       Close(Dm - 1) + (Dm >= 2 ? ")" : "") + " * " + Ptr +
                           "_e" + std::to_string(Dm) + " + " + Open(Dm));
    SourceLocation RB = analysis::rbracketLoc(S.whole());
    E.RW.ReplaceText(SourceRange(RB, RB), Close(Rank - 1) + "]");
  }

  /// An element of an array whose alignment is checked at run time and
  /// that is only read: `(__hpf_aligned_B7 ? <local element> :
  /// __hpf_all_B7[i])` (`(a, b)` for more dimensions).
  void localOrCopy(const LoopAccess &El) {
    const Subscripts &S = El.Subs;
    std::string Copy = name("__hpf_all_", El.Array);
    for (std::size_t Dm = 0; Dm < S.Levels.size(); ++Dm)
      Copy += (Dm == 0 ? (S.Levels.size() == 1 ? "[" : "(") : ", ") +
              E.RW.getRewrittenText(E.fileRange(S.sub(Dm)));
    Copy += S.Levels.size() == 1 ? "]" : ")";
    E.RW.InsertTextBefore(E.fileRange(S.base()).getBegin(),
                          "(" + name("__hpf_aligned_", El.Array) + " ? ");
    E.RW.InsertTextAfter(analysis::rbracketLoc(S.whole()).getLocWithOffset(1),
                         " : " + Copy + ")");
  }

  /// While the loop runs, a collective element read (in a function it
  /// calls) fails naming the directive instead of hanging.
  std::string scope() const {
    return " const hpf::rt::independent_scope __hpf_scope" + Id + "(" +
           E.whereLiteral(D.HashLoc) + ");";
  }

  /// Reduction set-up before the loop and the combination across ranks
  /// after it.
  void reductions(std::string &Pro, std::string &Epi) const {
    for (const analysis::LoopReduction &Red : L.Reductions) {
      std::string V = Red.Var->getName().str();
      std::string Saved = "__hpf_" + V + "0_" + Id;
      if (Red.Exact) { // see levels(): every iteration is an exact_term
        Pro += " hpf::exact_sum " + accumulator(Red) + "; const auto " + Saved +
               " = " + V + ";";
        Epi += " " + V + " = hpf::allreduce_exact_sum(" + accumulator(Red) +
               ", " + Saved + ");";
        continue;
      }
      // Idempotent operators (min, max, &&, ||, &, |): every rank starts
      // from the variable's value and the ranks' results combine. The
      // others (+, *, ^): the ranks' parts start at the identity and the
      // value before the loop joins once.
      const Combine K = combineOf(Red.Op);
      if (Red.Array) {
        arrayReduction(Red, K, Saved, Pro, Epi);
        continue;
      }
      if (K.Identity) {
        Pro += " const auto " + Saved + " = " + V + "; " + V + " = " +
               K.Identity + ";";
        Epi += " " + V + " = " + Saved + " " + K.Join + " hpf::allreduce_" +
               K.Fn + "(" + V + ");";
      } else {
        Epi += " " + V + " = hpf::allreduce_" + K.Fn + "(" + V + ");";
      }
    }
  }

  /// How a reduction combines across ranks: the runtime's allreduce_<Fn>,
  /// and for operators that are not idempotent the identity the ranks'
  /// parts start from and the operator that joins the value before the loop.
  struct Combine {
    const char *Fn;
    const char *Identity = nullptr;
    const char *Join = nullptr;
  };
  static Combine combineOf(pragma::ReductionOp Op) {
    switch (Op) {
    case pragma::ReductionOp::Sum:
      return {"sum", "0", "+"};
    case pragma::ReductionOp::Product:
      return {"prod", "1", "*"};
    case pragma::ReductionOp::BitXor:
      return {"bxor", "0", "^"};
    case pragma::ReductionOp::Min:
      return {"min"};
    case pragma::ReductionOp::Max:
      return {"max"};
    case pragma::ReductionOp::LogicalAnd:
      return {"land"};
    case pragma::ReductionOp::LogicalOr:
      return {"lor"};
    case pragma::ReductionOp::BitAnd:
      return {"band"};
    case pragma::ReductionOp::BitOr:
      return {"bor"};
    }
    llvm_unreachable("unknown reduction operator");
  }

  /// An array reduction: the same steps over every element (mpi/Reduce.h),
  /// one MPI_Allreduce (hpf::reduce_op::<Fn>) for the whole array.
  static void arrayReduction(const analysis::LoopReduction &Red,
                             const Combine &K, const std::string &Saved,
                             std::string &Pro, std::string &Epi) {
    std::string V = Red.Var->getName().str();
    std::string Op = std::string("hpf::reduce_op::") + K.Fn;
    if (!K.Identity) {
      Epi += " hpf::allreduce_array(" + V + ", " + Op + ");";
      return;
    }
    Pro += " const auto " + Saved + " = hpf::array_reduction_start(" + V +
           ", " + K.Identity + ");";
    Epi += " hpf::allreduce_array(" + V + ", " + Op + ", " + Saved +
           ", [](auto __hpf_s0, auto __hpf_v) { return __hpf_s0 " + K.Join +
           " __hpf_v; });";
  }

  std::string accumulator(const analysis::LoopReduction &Red) const {
    return "__hpf_" + Red.Var->getName().str() + "_acc" + Id;
  }

  /// Reproducible sums: every iteration of every level adds what it
  /// contributes to the accumulator exactly (hpf::exact_term: the variable
  /// is 0 during the iteration, its enclosing value comes back after it),
  /// so neither the partition of the iterations nor their order changes the
  /// bits. Inserted before the level's own closing braces at the same place.
  void exactTerms(const NestLevel &Lv, std::size_t K) {
    std::string Terms;
    for (const analysis::LoopReduction &Red : L.Reductions)
      if (Red.Exact) {
        std::string V = Red.Var->getName().str();
        Terms += " hpf::exact_term __hpf_" + V + "_term" + Id + "_" +
                 std::to_string(K) + "(" + accumulator(Red) + ", " + V + ");";
      }
    if (Terms.empty())
      return;
    const Stmt *Body = Lv.For->getBody();
    if (const auto *CS = dyn_cast<CompoundStmt>(Body)) {
      E.RW.InsertTextAfter(CS->getLBracLoc().getLocWithOffset(1), Terms);
      return;
    }
    E.RW.InsertTextBefore(
        E.RW.getSourceMgr().getExpansionLoc(Body->getBeginLoc()),
        "{" + Terms + " ");
    E.RW.InsertTextAfter(E.afterLoop(Lv.For), " }");
  }

  // ---- halos read in place in the interior (halo_split) ----------------
  //
  // A halo read only in the innermost level's body, in a nest with one
  // level per dimension of the array, is read through runs of the innermost
  // loop: a run whose iterations read only the rank's own elements reads
  // the array's local storage in place (same addressing as a local element,
  // vectorisable), the runs at the block's edges read the halo's copy, and
  // the exchange copies only the frame of the block those runs read, not
  // the block:
  //
  //   const hpf::halo<double, 2> __hpf_halo_A7(hpf::halo_split, A, B, ...);
  //   ... for (const hpf::halo_run __hpf_run7 : hpf::halo_split_runs(
  //            s.lo, s.hi, __hpf_halo_A7.interior(1, i, 0))) {
  //     const auto __hpf_hv_A7 = __hpf_halo_A7.view(__hpf_run7.local(0));
  //     for (int j = __hpf_run7.lo; j < __hpf_run7.hi; ++j)
  //       ... __hpf_hv_A7(i - 1, j) ... }

  /// The halo arrays read that way, in order of their first read (none if
  /// the innermost level steps or counts down).
  std::vector<const DistArray *> splitHalos() const {
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
      bool Ok = !L.Written.count(const_cast<DistArray *>(A)) &&
                A->rank() == int(L.Levels.size()) &&
                Inside(El.Subs.whole()->getBeginLoc());
      for (int Dm = 0; Ok && Dm < A->rank(); ++Dm)
        Ok = std::count_if(L.Levels.begin(), L.Levels.end(),
                           [&](const NestLevel &Lv) { return Lv.Dim == Dm; }) ==
             1;
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
  bool split(const DistArray *A) const {
    return std::find(Split.begin(), Split.end(), A) != Split.end();
  }
  std::string splitHalo(const DistArray *A, std::string Args) const {
    if (split(A))
      Args.insert(1, "hpf::halo_split, ");
    return Args;
  }
  /// The innermost level Lv over [Lo, Hi) runs over the runs of the split
  /// halos, each run's views declared before the user's loop.
  void haloRuns(const NestLevel &Lv, const std::string &Lo,
                const std::string &Hi, std::string &Close) {
    const std::string Run = "__hpf_run" + Id;
    std::string Head = "{ for (const hpf::halo_run " + Run +
                       " : hpf::halo_split_runs(" + Lo + ", " + Hi;
    std::string Views;
    for (std::size_t K = 0; K < Split.size(); ++K) {
      const DistArray *A = Split[K];
      Head +=
          ", " + name("__hpf_halo_", A) + ".interior(" + std::to_string(Lv.Dim);
      for (int Dm = 0; Dm < A->rank(); ++Dm)
        Head += ", " + (Dm == Lv.Dim ? std::string("0")
                                     : levelOfDim(Dm).IndVar->getName().str());
      Head += ")";
      Views += " const auto " + name("__hpf_hv_", A) + " = " +
               name("__hpf_halo_", A) + ".view(" + Run + ".local(" +
               std::to_string(K) + "));";
    }
    E.RW.InsertTextAfter(Lv.For->getForLoc(), Head + ")) {" + Views + " ");
    E.RW.ReplaceText(E.fileRange(Lv.Lower), Run + ".lo");
    std::string Bound = Run + ".hi";
    QualType T = Lv.IndVar->getType();
    if (T->isUnsignedIntegerType())
      Bound = "static_cast<" + T.getAsString() + ">(" + Bound + ")";
    E.RW.ReplaceText(E.fileRange(Lv.For->getCond()),
                     Lv.IndVar->getName().str() + " < " + Bound);
    Close = " } }" + Close;
  }
  std::vector<const DistArray *> Split; ///< halos read through runs

  /// Each level over a dimension of the home array runs inside a loop over
  /// that dimension's owned segments. Innermost level first, so that
  /// closing braces at the same place nest. The extra braces keep the
  /// epilogue, on the loop's last line, from looking like part of the loop
  /// (-Wmisleading-indentation).
  void levels(const std::string &Epi) {
    for (std::size_t K = L.Levels.size(); K-- > 0;) {
      const NestLevel &Lv = L.Levels[K];
      exactTerms(Lv, K);
      std::string Close = K == 0 ? Epi + " }" : "";
      if (segmented(K)) {
        std::string Seg = segment(int(K));
        auto H = Hoisted.find(K);
        E.RW.InsertTextBefore(
            Lv.For->getForLoc(),
            std::string("{ for (const ") +
                (Lv.unitUp() ? "hpfcc::segment " : "hpfcc::steps ") + Seg +
                " : " + (H != Hoisted.end() ? H->second : ownedSegments(Lv)) +
                ") ");
        if (K + 1 == L.Levels.size() && !Split.empty()) {
          haloRuns(Lv, Seg + ".lo", Seg + ".hi", Close);
        } else {
          // The user's loop over one segment (run): its increment as
          // written.
          E.RW.ReplaceText(E.fileRange(Lv.Lower),
                           Seg + (Lv.unitUp() ? ".lo" : ".first"));
          std::string Bound = Seg + (Lv.unitUp() ? ".hi" : ".end");
          QualType T = Lv.IndVar->getType();
          if (T->isUnsignedIntegerType())
            Bound = "static_cast<" + T.getAsString() + ">(" + Bound + ")";
          E.RW.ReplaceText(E.fileRange(Lv.For->getCond()),
                           Lv.IndVar->getName().str() +
                               (Lv.Down ? " > " : " < ") + Bound);
        }
        Close = " }" + Close;
      } else if (K + 1 == L.Levels.size() && !Split.empty()) {
        auto [Lo, Hi] = interval(Lv);
        haloRuns(Lv, Lo, Hi, Close);
      }
      if (!Close.empty())
        E.RW.InsertTextAfter(E.afterLoop(Lv.For), Close);
    }
  }
};

} // namespace

void emitLoop(Emitter &E, const OwnerLoop &L) { LoopEmitter(E, L).run(); }

} // namespace hpf::codegen
