//===- codegen/LoopEmitter.cpp - owner-computes loops and nests -----------===//
//
// An independent loop is a nest of one or more levels (a loop over a
// one-dimensional array is a nest of one level). The directive becomes a
// prologue that opens a block:
//
//   { <copies> <run-time checks> <local pointers> <reduction set-up>
//
// Each level over a dimension of the nest's home array runs over the
// segments of that dimension the rank owns (runtime/hpfcc/segments.h), the
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
#include "LoopEmitter.h"

#include "../analysis/Expressions.h"
#include "../analysis/reads/RowArgs.h"

#include <algorithm>
#include <map>
#include <set>

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace hpf::codegen {
namespace {

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

} // namespace

void LoopEmitter::run() {
  if (L.Replicated) {
    replicated();
    return;
  }
  Split = splitHalos();
  if (L.Home)
    verifyChecks();
  std::string Pro = ensureHome() + copies() + rows() + stores() + fetches();
  if (!L.Home && L.SplitIterations) {
    splitIterations(Pro);
    return;
  }
  if (!L.Home) {
    // Runs on every rank, like replicated code.
    E.replaceDirective(D, Pro.empty() ? "" : "{" + Pro);
    if (!Pro.empty())
      E.RW.InsertTextAfter(E.afterLoop(L.outer()), " }");
    return;
  }
  // Each decided once (after Split), then read by the emitters.
  StrideArrays = strideVersioned();
  StrideHalos = strideVersionedHalos();
  Aligned = alignedVersioned();
  AheadStep = aheadStep();
  Paired = pairedSteps();
  ValueStep = AheadStep ? nullptr : valueStep();
  std::string Epi;
  Pro += checks(Epi) + pointers();
  for (const LoopAccess &El : L.Accesses)
    if (El.Kind == LoopAccess::Local && inFile(El.Subs))
      localElement(El);
  reductions(Pro, Epi);
  replicatedWrites(Pro, Epi);
  const std::string Catch = agreeOpen(Pro) + waitForExits();
  callReadCopies(Pro);
  Pro += hoistedRanges() + scope() + pairPrologue() + strideVersionHead();
  E.replaceDirective(D, fusedHead() + "{" + Pro);
  levels(strideVersionTail() + receiveAhead() + receiveValue() + Catch + Epi);
  agreeIndices();
  fusedHook();
  fusedClose();
  sendAhead();
  sendValueAhead();
  // Last: the copy's subscripts are the rewritten text of the element's.
  for (const LoopAccess &El : L.Accesses)
    if (El.Kind == LoopAccess::Local && L.GatherIfMisaligned.count(El.Array) &&
        inFile(El.Subs))
      localOrCopy(El);
  locConditions();
  inspectionWindow();
}

/// The nest was compiled for its home array's declared mapping, which the
/// flow walk could not prove here (analysis: OwnerLoop::Ensured): the array
/// is redistributed to it before the nest, and back at the end of the
/// nest's block (hpf::restore_mapping); both do nothing when the mapping is
/// already that one.
std::string LoopEmitter::ensureHome() const {
  const DistArray *H = L.Ensured;
  if (!H)
    return "";
  return " hpf::restore_mapping " + name("__hpf_ensure_", H) + "(" + H->Name +
         "); hpf::redistribute(" + H->Name + ", " +
         Emitter::formatsExpr(H->Initial) + ", " +
         Emitter::procsExpr(H->Initial.Onto) + ", " +
         E.whereLiteral(D.HashLoc) + ");";
}

std::string LoopEmitter::name(const char *Prefix, const DistArray *A) const {
  return Prefix + A->Name + Id;
}

std::string LoopEmitter::segment(int K) const {
  return "__hpf_seg" + Id + "_" + std::to_string(K);
}

/// Whether level K runs over its owned segments. An inner level over a
/// dimension the home array does not distribute runs the user's loop as
/// written (every index, local = global): per outer iteration no segment
/// set-up, and constant bounds stay constant, so the inner loop compiles
/// like the sequential one (one alias check, no remainder per row). The
/// outermost level keeps its segments: ranks outside the home array's
/// arrangement run nothing.
bool LoopEmitter::segmented(std::size_t K) const {
  const NestLevel &Lv = L.Levels[K];
  return Lv.Dim >= 0 && !(K > 0 && Lv.Every);
}

/// Whether E names only what is declared outside the nest (so it can be
/// evaluated before the outermost loop).
bool LoopEmitter::outsideNest(const Stmt *S) const {
  if (!S)
    return true;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(S);
      DRE &&
      E.contains(L.outer()->getSourceRange(), DRE->getDecl()->getLocation()))
    return false;
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
std::string LoopEmitter::hoistedRanges() {
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
std::string LoopEmitter::unitSegments(const NestLevel &Lv,
                                      const std::string &LoHi) const {
  return std::string(strided(Lv) ? "hpfcc::owned_strided("
                                 : "hpfcc::owned_segments(") +
         L.Home->Name + ", " + std::to_string(Lv.Dim) + ", " + LoHi + ")";
}

std::string LoopEmitter::ownedSegments(const NestLevel &Lv) const {
  if (Lv.unitUp())
    return unitSegments(Lv, bounds(Lv));
  return "hpfcc::owned_steps(" + L.Home->Name + ", " + std::to_string(Lv.Dim) +
         ", " + progression(Lv) + ")";
}

/// "start, end, step, down, where": the level's indices as the runtime's
/// progressions take them (end exclusive in the loop's direction).
std::string LoopEmitter::progression(const NestLevel &Lv) const {
  std::string End = E.text(Lv.Upper);
  if (Lv.Inclusive)
    End = "(" + End + ")" + (Lv.Down ? " - 1" : " + 1");
  std::string Step = Lv.Down ? "-1" : "1";
  if (Lv.Step)
    Step = Lv.StepNegated ? "-(" + E.text(Lv.Step) + ")"
                          : "(" + E.text(Lv.Step) + ")";
  return E.text(Lv.Lower) + ", " + End + ", " + Step + ", " +
         (Lv.Down ? "true" : "false") + ", " + E.whereLiteral(D.HashLoc);
}

const char *LoopEmitter::rangeType(const NestLevel &Lv) const {
  if (strided(Lv))
    return "hpfcc::strided_range";
  return Lv.unitUp() ? "hpfcc::segment_range" : "hpfcc::stepped_range";
}

bool LoopEmitter::strided(const NestLevel &Lv) const {
  const std::size_t K = std::size_t(&Lv - L.Levels.data());
  const bool Innermost = K + 1 == L.Levels.size();
  // The run's last step passes its last index by up to P - 1: an index
  // narrower than int could wrap (strided_range checks int's range).
  return Lv.Strided && Lv.unitUp() && segmented(K) && tileLevel() < 0 &&
         E.Ctx.getTypeSize(Lv.IndVar->getType()) >= 32 &&
         !(Innermost && (!Split.empty() || !Aligned.empty()));
}

/// The indices a level covers, [lo, hi) (for a step, the progression's
/// elements are among them).
std::pair<std::string, std::string>
LoopEmitter::interval(const NestLevel &Lv) const {
  std::string Init = E.text(Lv.Lower), Bound = E.text(Lv.Upper);
  if (!Lv.Down)
    return {Init, Lv.Inclusive ? "(" + Bound + ") + 1" : Bound};
  return {Lv.Inclusive ? Bound : "(" + Bound + ") + 1", "(" + Init + ") + 1"};
}

/// "lo, hi" of a level, hi exclusive.
std::string LoopEmitter::bounds(const NestLevel &Lv) const {
  auto [Lo, Hi] = interval(Lv);
  return Lo + ", " + Hi;
}

/// The level over dimension D of the home array (the directive's level
/// for rank 1).
const NestLevel &LoopEmitter::levelOfDim(int D) const {
  for (const NestLevel &Lv : L.Levels)
    if (Lv.Dim == D)
      return Lv;
  return L.Levels.front();
}

/// Alignment the analysis could not decide: arrays written in the loop
/// are redistributed to the home array's mapping for the loop when they
/// are not aligned, and back after it (hpfcc::aligned_for_loop; before
/// the pointers, which then address the loop's mapping); read-only ones
/// are read from a copy when they are not.
std::string LoopEmitter::checks(std::string &Epi) {
  std::string Pro;
  for (const DistArray *A : L.CheckAligned) {
    if (!L.GatherIfMisaligned.count(const_cast<DistArray *>(A))) {
      std::string Al = name("__hpf_al_", A);
      Pro += " hpfcc::aligned_for_loop<" + A->ElemType + ", " +
             std::to_string(A->rank()) + "> " + Al + "(" + A->Name + ", " +
             L.Home->Name + ", {" + homeDims(A) + "}, " +
             E.whereLiteral(D.HashLoc) + ");";
      Epi += " " + Al + ".restore(" + A->Name + ");";
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
           (Halo ? haloArgs(A, {{0}, {0}, {}, false}) : "(" + A->Name + ")") +
           ";";
  }
  return Pro;
}

std::string LoopEmitter::homeDims(const DistArray *A) const {
  std::string Dims;
  for (const LoopAccess &El : L.Accesses) {
    if (El.Array != A || El.Kind != LoopAccess::Local)
      continue;
    for (int Dm = 0; Dm < A->rank(); ++Dm) {
      std::size_t K = std::size_t(Dm);
      int Seg = K < El.Segment.size() ? El.Segment[K] : -1;
      int HomeDim = Seg >= 0 ? L.Levels[std::size_t(Seg)].Dim : -1;
      // Loops over rank-1 arrays: element i follows the home's only
      // dimension.
      if (A->rank() == 1 && L.Home->rank() == 1)
        HomeDim = 0;
      Dims += (Dm ? ", " : "") + std::to_string(HomeDim);
    }
    return Dims;
  }
  return Dims;
}

/// The local buffers of distinct distributed arrays never overlap, and
/// the analysis rejects every other use of the arrays, so the pointers
/// are __restrict: the loop vectorises like the sequential one. Row-major
/// local storage: the local extents of dimensions 1.. are the strides.
std::string LoopEmitter::pointers() {
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
      Pro += " const hpf::index_t " + Ptr + "_e" + std::to_string(Dm) + " = " +
             localExtent(A, Dm) + ";";
  }
  return Pro + separate(Order);
}

/// The local extent of dimension Dm of A (a row-major stride). A
/// dimension that is `*` in A's mapping here (its only one, or the one the
/// flow walk knows at the nest: a parameter's prescribed mapping) holds
/// every index on every rank, so its local extent is the extent itself:
/// as a constant, the compiler knows the rows' strides and alignment (the
/// storage is 64-byte aligned) like the sequential build's `double
/// M[R][C]`, and uses aligned, folded vector loads and constant-stride
/// addressing.
std::string LoopEmitter::localExtent(const DistArray *A, int Dm) const {
  const std::size_t D = std::size_t(Dm);
  // An array realigned for the loop (aligned_for_loop) may have another
  // mapping here than its declared one.
  const bool MayRealign =
      std::find(L.CheckAligned.begin(), L.CheckAligned.end(), A) !=
      L.CheckAligned.end();
  const bool OnlyMapping =
      !A->Dynamic && !A->Inherited && D < A->Initial.Formats.size() &&
      A->Initial.Formats[D].Kind == pragma::FormatKind::Collapsed;
  if (!MayRealign && !A->Vector && (OnlyMapping || L.collapsedHere(A, D)) &&
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
std::string
LoopEmitter::separate(const std::vector<const DistArray *> &Ptrs) const {
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

/// A[i] -> `__hpf_A7[i + __hpf_seg7_0.off]`; M[a][b] ->
/// `__hpf_M7[(a + __hpf_seg7_0.off) * __hpf_M7_e1 + (b + ...off)]`. Only
/// the tokens around the subscripts change (nested elements compose); a
/// dimension with no segment (collapsed) adds no offset.
void LoopEmitter::localElement(const LoopAccess &El) {
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
  // A row the iteration owns (`f(A[i], n)`): its address, not an element.
  std::string Before, LB = "[", RB = "]";
  if (analysis::isRowAccess(El))
    Before = rowAddress(El, LB, RB);
  E.replaceBase(S, Before + Ptr);
  SourceLocation AfterBase =
      Lexer::getLocForEndOfToken(S.base()->getEndLoc(), 0, E.SM, E.LO);
  E.RW.ReplaceText(
      CharSourceRange::getCharRange(
          AfterBase, E.SM.getExpansionLoc(S.sub(0)->getBeginLoc())),
      LB + std::string(Rank >= 2 ? Rank - 2 : 0, '(') + Open(0));
  for (std::size_t Dm = 1; Dm < Rank; ++Dm)
    E.RW.ReplaceText(CharSourceRange::getCharRange(
                         analysis::rbracketLoc(S.Levels[Dm - 1]),
                         E.SM.getExpansionLoc(S.sub(Dm)->getBeginLoc())),
                     Close(Dm - 1) + (Dm >= 2 ? ")" : "") + " * " + Ptr + "_e" +
                         std::to_string(Dm) + " + " + Open(Dm));
  SourceLocation End = analysis::rbracketLoc(S.whole());
  E.RW.ReplaceText(SourceRange(End, End), Close(Rank - 1) + RB);
}

/// An element of an array whose alignment is checked at run time and
/// that is only read: `(__hpf_aligned_B7 ? <local element> :
/// __hpf_all_B7[i])` (`(a, b)` for more dimensions).
void LoopEmitter::localOrCopy(const LoopAccess &El) {
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

void LoopEmitter::splitIterations(std::string Pro) {
  std::string Epi;
  reductions(Pro, Epi);
  replicatedWrites(Pro, Epi);
  const std::string Catch = agreeOpen(Pro) + waitForExits();
  callReadCopies(Pro);
  const NestLevel &Lv = L.Levels.front();
  const std::string Share = shareName();
  Pro += scope();
  if (L.Fetched.empty()) // else fetches() declared it for its inspectors
    Pro += " const hpfcc::steps " + Share + " = hpfcc::share_of_iterations(" +
           progression(Lv) + ");";
  E.replaceDirective(D, "{" + Pro);
  runOver(Lv, Share + ".first", Share + ".end");
  E.RW.InsertTextAfter(E.afterLoop(Lv.For), Catch + Epi + " }");
  agreeIndices();
  locConditions();
}

void LoopEmitter::runOver(const NestLevel &Lv, const std::string &First,
                          const std::string &End) {
  E.RW.ReplaceText(E.fileRange(Lv.Lower), First);
  std::string Bound = End;
  const QualType T = Lv.IndVar->getType();
  if (T->isUnsignedIntegerType())
    Bound = "static_cast<" + T.getAsString() + ">(" + Bound + ")";
  E.RW.ReplaceText(E.fileRange(Lv.For->getCond()),
                   Lv.IndVar->getName().str() + (Lv.Down ? " > " : " < ") +
                       Bound);
}

bool LoopEmitter::agreed() const {
  // Fused nests throw nothing (Fusion.cpp).
  return L.MayThrow && L.FusedInto < 0 && L.FusedNext < 0;
}

std::string LoopEmitter::agreeOpen(std::string &Pro) const {
  if (!agreed())
    return "";
  const std::string Exc = "__hpf_exc" + Id;
  Pro += " hpf::rt::loop_exception " + Exc + "(" +
         std::to_string(L.Levels.size()) + "); try {";
  std::string Directions;
  for (const NestLevel &Lv : L.Levels)
    Directions += Lv.Down ? '-' : '+';
  return " } catch (...) { " + Exc + ".caught(); } " + Exc + ".agree(" +
         E.whereLiteral(D.HashLoc) + ", \"" + Directions + "\");";
}

std::string LoopEmitter::waitForExits() const {
  // A reduction or an exception's agreement after the loop waits already.
  if (!L.MayExit || !L.Reductions.empty() || L.FusedInto >= 0 ||
      L.FusedNext >= 0 || agreed())
    return "";
  return " hpf::rt::wait_for_exits(" + E.whereLiteral(D.HashLoc) + ");";
}

void LoopEmitter::agreeIndices() {
  if (!agreed())
    return;
  // Each iteration notes its indices before it runs, in the condition
  // (rewritten already, wrapped here): the ranks compare them.
  for (std::size_t K = 0; K < L.Levels.size(); ++K) {
    const NestLevel &Lv = L.Levels[K];
    const SourceRange Cond = E.fileRange(Lv.For->getCond());
    E.RW.InsertTextBefore(Cond.getBegin(),
                          "(__hpf_exc" + Id + ".at(" + std::to_string(K) +
                              ", " + Lv.IndVar->getName().str() + "), ");
    E.RW.InsertTextAfterToken(Cond.getEnd(), ")");
  }
}

void LoopEmitter::callReadCopies(std::string &Pro) const {
  // Arrays the loop's called functions read: a whole copy, which their
  // element reads use while the loop runs (analysis/loops/LoopEffects.cpp).
  std::set<const DistArray *> CallRead;
  for (const analysis::OwnerLoop::CallRead &R : L.CallReads)
    if (CallRead.insert(R.Array).second)
      Pro += " const hpf::loop_read_copy " + name("__hpf_lrc_", R.Array) +
             "(" + R.Array->Name + ");";
}

/// While the loop runs, a collective element read (in a function it
/// calls) fails naming the directive instead of hanging. AllIterations:
/// every rank runs every iteration (a nest that fell back), so replicated
/// I/O keeps working there.
std::string LoopEmitter::scope(bool AllIterations) const {
  return " const hpf::rt::independent_scope __hpf_scope" + Id + "(" +
         E.whereLiteral(D.HashLoc) +
         (AllIterations ? ", hpf::rt::all_iterations" : "") + ");";
}

/// Each level over a dimension of the home array runs inside a loop over
/// that dimension's owned segments. Innermost level first, so that
/// closing braces at the same place nest. The extra braces keep the
/// epilogue, on the loop's last line, from looking like part of the loop
/// (-Wmisleading-indentation).
void LoopEmitter::levels(const std::string &Epi) {
  const int TileLevel = tileLevel();
  for (std::size_t K = L.Levels.size(); K-- > 0;) {
    const NestLevel &Lv = L.Levels[K];
    exactTerms(Lv, K);
    std::string Close = K == 0 ? Epi + " }" : "";
    if (segmented(K)) {
      std::string Seg = segment(int(K));
      auto H = Hoisted.find(K);
      const bool Innermost = K + 1 == L.Levels.size();
      // Sending a value ahead, or fused after the nest before it, the
      // outermost level is a lambda of its range.
      const bool Rows = K == 0 && (AheadValue || L.FusedInto >= 0);
      std::string Range = H != Hoisted.end() ? H->second : ownedSegments(Lv);
      if (Rows)
        Range = unitSegments(Lv, "__hpf_lo" + Id + ", __hpf_hi" + Id);
      // The views of halos per block, for this segment's block.
      const std::string Views = int(K) == TileLevel ? tileViews() : "";
      const bool Strided = strided(Lv);
      E.RW.InsertTextBefore(Lv.For->getForLoc(),
                            (Rows ? valueRowsHead() : "") + "{ for (" +
                                (Strided       ? "hpfcc::strided_segment "
                                 : Lv.unitUp() ? "const hpfcc::segment "
                                               : "const hpfcc::steps ") +
                                Seg + " : " + Range + ") " +
                                (Views.empty() ? "" : "{" + Views + " ") +
                                (Innermost ? alignedVersionHead() : ""));
      if (Innermost && !Split.empty()) {
        haloRuns(Lv, Seg + ".lo", Seg + ".hi", Close);
      } else {
        // The user's loop over one segment (run): its increment as
        // written.
        runOver(Lv, Seg + (Lv.unitUp() ? ".lo" : ".first"),
                Seg + (Lv.unitUp() ? ".hi" : ".end"));
        // A strided run: the index steps over the other ranks' indices,
        // the offset follows it (i + off stays the local index).
        if (Strided)
          E.RW.ReplaceText(E.fileRange(Lv.For->getInc()),
                           Lv.IndVar->getName().str() + " += " + Seg +
                               ".step, " + Seg + ".off -= " + Seg + ".skip");
      }
      Close = (Innermost ? alignedVersionTail() : "") +
              (Views.empty() ? "" : " }") + " }" +
              (Rows ? (AheadValue ? valueRowsTail() : fusedTail()) : "") +
              Close;
    } else if (K + 1 == L.Levels.size() && !Split.empty()) {
      auto [Lo, Hi] = interval(Lv);
      haloRuns(Lv, Lo, Hi, Close);
    }
    if (K == 0)
      Close = fusedBodyEnd() + Close;
    if (!Close.empty())
      E.RW.InsertTextAfter(E.afterLoop(Lv.For), Close);
    insertVerifyChecks(K);
  }
}

void emitLoop(Emitter &E, const OwnerLoop &L) { LoopEmitter(E, L).run(); }

} // namespace hpf::codegen
