//===- analysis/Analyzer.h - semantic checks of hpf directives --*- C++ -*-===//
//
// The Analyzer turns the handler's directives plus Clang's AST (through the
// carrier declarations) into a Program: the processor arrangements, the
// distributed arrays, every redistribution with its static-or-run-time plan
// decision, and every owner-computes loop. It reports HPF rule violations
// and anything the code generator could not translate faithfully as Clang
// errors at the directive's tokens, and explains its decisions as remarks.
//
//===----------------------------------------------------------------------===//
#ifndef HPF_ANALYSIS_ANALYZER_H
#define HPF_ANALYSIS_ANALYZER_H

#include "Mapping.h"
#include "effects/Effects.h"

#include "../pragma-parser/HpfPragma.h"

#include <algorithm>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace clang {
class ASTContext;
class CompilerInstance;
class Decl;
class DeclContext;
class DeclStmt;
class Expr;
class ForStmt;
class CXXForRangeStmt;
class ArraySubscriptExpr;
class BinaryOperator;
class CallExpr;
class FunctionDecl;
class VarDecl;
class Stmt;
} // namespace clang

namespace hpf::analysis {

struct Options {
  std::string Scheduler = "auto";
  bool Remarks = false;
  /// Floating-point `+` reductions add exactly (hpfcc --hpf-reproducible-sums).
  bool ReproducibleSums = false;
  /// The translation unit is the whole program but the system's libraries
  /// (hpfcc compiling and linking one source, or --hpf-whole-program): no
  /// other file can name its variables (InspectionWindow.cpp).
  bool WholeProgram = false;
};

/// Where a directive's anchor landed in the AST.
struct Anchor {
  const clang::DeclContext *Context = nullptr;
  /// Enclosing CompoundStmt (functions), or for the statement form of an
  /// independent directive the `if` whose init-statement is the anchor.
  const clang::Stmt *Parent = nullptr;
  unsigned Index = 0; ///< anchor's child index in a CompoundStmt Parent
};

struct DistArray {
  const clang::VarDecl *Var = nullptr;
  std::string Name;
  std::string ElemType; ///< element type as written
  /// Number of elements (all dimensions); -1 when known only at run time
  /// (a std::vector's n, a pointer parameter's argument).
  Index Extent = 0;
  std::vector<Index> Extents; ///< per dimension (one for 1-D arrays), or -1
  bool runtimeExtent() const { return Extent < 0; }
  int rank() const { return static_cast<int>(Extents.size()); }
  Mapping Initial;
  unsigned DistributeDir = 0;
  bool Dynamic = false;
  /// A function parameter bound to distributed arrays at its calls (no
  /// distribute directive): HPF's inherited mapping, unknown until run time
  /// (Functions.cpp). Const: declared `const T (&A)[N]`.
  bool Inherited = false;
  bool Const = false;
  /// An inherited `void *` parameter (C-style code: NAS FT's `void
  /// *pointer_x`). Var is then its view, the local `T (*x)[N][M]` the body
  /// uses it through (viewedParameter), or the parameter itself if the
  /// body only passes it on to another such parameter.
  const clang::ParmVarDecl *Untyped = nullptr;
  /// The parameter itself: Untyped, else Var (for Inherited arrays).
  const clang::ParmVarDecl *param() const;
  /// A `std::vector<T> A(n)` (or `A(n, v)`), `T *A = new T[n]` or
  /// `std::unique_ptr<T[]> A` of `new T[n]` / `std::make_unique<T[]>(n)`:
  /// rank 1, extent n at run time (ExtentText), elements v (FillText,
  /// empty: zero); its subscripts are elements like A[i] of an array.
  bool Vector = false;
  std::string ExtentText, FillText;
  /// What declares a run-time extent array, as messages name it:
  /// "std::vector", "new[]" or "std::unique_ptr".
  std::string Holder;
};

struct Redistribution {
  unsigned DirId = 0;
  DistArray *Array = nullptr;
  Mapping Target;
  std::optional<Mapping> Source; ///< known mapping before (flow analysis)
  PlanDecision Decision;
};

/// The subscripts of one element `M[s0][s1]...`: the ArraySubscriptExprs
/// (or, for a std::vector, the operator[] calls) from the innermost
/// (`M[s0]`) to the outermost (the whole access).
struct Subscripts {
  std::vector<const clang::Expr *> Levels;
  const clang::Expr *base() const;
  const clang::Expr *sub(std::size_t D) const;
  const clang::Expr *whole() const { return Levels.back(); }
};

/// An element of a distributed array used in replicated code (outside
/// owner-computes loops): read (every rank gets the owner's value),
/// assigned or compound-assigned (the owner stores), as a whole or a field
/// of it.
struct ElementAccess {
  /// Extract: the element a stream's operator>> is given (`in >> A[k]`).
  enum KindT { Read, Assign, Compound, Extract } Kind = Read;
  const clang::Expr *Expr = nullptr; ///< the whole access
  Subscripts Subs;
  const clang::Expr *Value = nullptr; ///< right-hand side (Assign, Compound)
  std::string Op;                     ///< hpf::elem_op name (Compound)
  DistArray *Array = nullptr;
  /// The fields assigned or extracted into, as written after `]` (`.p.x`
  /// for `A[k].p.x = v`; empty: the whole element).
  std::string Member;
};

/// An expression of replicated code whose reads of distributed elements
/// (at least two, nothing else distributed in it) provably have one owner:
/// the same array, equal subscripts in every dimension that may be
/// distributed (`M[k][N] / M[k][k]`, M distributed by rows). The owner
/// evaluates it and broadcasts the value, one broadcast instead of one per
/// read (OwnerReads.cpp).
struct OwnerValue {
  const clang::Expr *Value = nullptr;
  std::vector<const clang::Expr *> Reads; ///< ElementAccess::Expr of each
};

/// A loop of replicated code whose element reads are fetched before it in
/// one exchange (ReadBatches.cpp): an inspector runs the loop's header and
/// the reads' subscripts first (no side effects, proven), and each read
/// takes its value from the list (hpfcc::read_batch).
struct ReadBatch {
  const clang::ForStmt *Loop = nullptr;
  /// ElementAccess::Expr of each read, in source order: read K of an
  /// iteration is slot K.
  std::vector<const clang::Expr *> Reads;
  /// Statements at the top of the body that subscripts use, in order:
  /// declarations (`int q = j % NX;`), copied into the inspector, and
  /// assignments to variables declared before the loop (`q = j % NX;`),
  /// which the inspector makes declarations of its own variables.
  std::vector<const clang::Stmt *> Setup;
};

/// A min or max reduction that records where its value came from (HPF's
/// MINLOC/MAXLOC): its only update is one if, `if (v < best) { best = v;
/// where = i; }` (LocUpdates.cpp). `<` and `>` keep the first iteration
/// reaching the extreme, `<=` and `>=` the last (mpi/LocReduce.h).
struct LocUpdate {
  /// The if's condition, as written: `v < best` or `best > v` (the value on
  /// either side); strict for `<` and `>`.
  const clang::BinaryOperator *Compare = nullptr;
  bool Strict = true;
  /// The location variables the if assigns (scalars declared outside the
  /// loop, canonical), in the order assigned; may be none.
  std::vector<const clang::VarDecl *> Locations;
  /// No location, and values of the reduction's type that compare equal
  /// are the same (integers, enumerations; not floating point: -0.0 ==
  /// +0.0): which iteration reached the extreme first does not show, so
  /// the if stays as written and the ranks combine a plain min or max.
  bool TiesAlike = false;
};

struct LoopReduction {
  pragma::ReductionOp Op = pragma::ReductionOp::Sum;
  const clang::VarDecl *Var = nullptr;
  /// A float or double `+` reduction under Options::ReproducibleSums: each
  /// iteration's contribution is added exactly (mpi/ExactSum.h).
  bool Exact = false;
  /// A fixed-size array (any rank), or a pointer's section: each element
  /// is reduced.
  bool Array = false;
  /// `reduction(op: p[First : Length])` (OpenMP's array section) of a
  /// pointer: the elements p[First] .. p[First + Length - 1], the bounds as
  /// written (evaluated once, before the loop).
  bool Section = false;
  std::string SectionFirst = {}, SectionLength = {};
  /// min or max updated by an if that records locations.
  std::optional<LocUpdate> Loc = std::nullopt;
};

/// One level of an independent loop nest (each level marked independent;
/// a loop over one-dimensional arrays is a nest of one level). A level
/// whose index is the subscript of a dimension of the nest's home array
/// runs over the indices of that dimension this rank owns (Dim); other
/// levels run over their whole range.
struct NestLevel {
  unsigned DirId = 0;
  const clang::ForStmt *For = nullptr;
  const clang::VarDecl *IndVar = nullptr;
  const clang::Expr *Lower = nullptr; ///< init value (the first index)
  /// The index is declared before the loop (`for (k = 1; ...)`): a private
  /// of the loop (LoopPrivates.cpp).
  bool IndexOutside = false;
  const clang::Expr *Upper = nullptr; ///< bound of the condition
  bool Inclusive = false;             ///< i <= Upper (i >= Upper if Down)
  /// The loop counts down (`i > lb`, `i >= lb`, `i != lb` with `--i`).
  bool Down = false;
  /// The step: null for `++i`/`--i` (1 in the loop's direction), else the
  /// expression added (`i += s`, `i = i + s`) or, if StepNegated,
  /// subtracted (`i -= s`, `i = i - s`); loop-invariant.
  const clang::Expr *Step = nullptr;
  bool StepNegated = false;
  /// Counts up by 1: the owned segments are the level's indices as they are.
  bool unitUp() const { return !Down && !Step; }
  int Dim = -1; ///< dimension of the home array, or -1: the whole range
  /// Dim is not distributed in the home array's known mapping (`*`): every
  /// rank runs the whole range and the local index is the global one.
  bool Every = false;
  /// Dim is cyclic(1) in the home array's known mapping: the rank's indices
  /// are every P-th one, run as one strided run (hpfcc/strided.h).
  bool Strided = false;
};

/// An element `M[s0][s1]...` of a distributed array of any rank (`A[i]`
/// for rank 1) in an owner-computes loop.
struct LoopAccess {
  Subscripts Subs;
  DistArray *Array = nullptr;
  bool Read = true; ///< only read (else written, maybe also read)
  enum KindT {
    Local,    ///< owned by the rank that runs the iteration
    Gathered, ///< read from a copy (or halo) made before the loop
    Row,      ///< read from a slice broadcast before the loop (RowReads.cpp)
    Stored    ///< written in a slice only its owner stores (FixedSlices.cpp)
  } Kind = Local;
  /// Local elements, per dimension: the level whose owned segment the
  /// subscript runs over (local index = subscript + segment offset), or -1
  /// for a collapsed dimension (local index = subscript).
  std::vector<int> Segment;
};

/// The offsets of the reads of one array served by a halo, per dimension
/// [Lo[d], Hi[d]]; Corners when some read moves in two dimensions at once.
/// Whole[d]: a '*' dimension (of the array and the home array) read at any
/// subscript, not only at a level's index plus a constant (`A[i - 1][k]`
/// with k an inner sequential loop's index): every rank holds all of it, so
/// the halo holds it whole and its offsets are 0.
/// Tiles: the array and the home array have the same cyclic(k) mapping
/// (k known, at least the offsets on each side): a halo per block
/// (hpf::halo_tiles), read through the view of the iteration's block.
struct HaloWidths {
  std::vector<long long> Lo, Hi;
  std::vector<bool> Whole;
  bool Corners = false;
  bool Tiles = false;
  bool whole(std::size_t D) const { return D < Whole.size() && Whole[D]; }
};

/// A slice of an array at loop-invariant subscripts in every distributed
/// dimension of a nest. Read (the pivot row `M[k][j]`): its owner
/// broadcasts it before the loop (RowReads.cpp). Written (a periodic
/// boundary `U[0][j][i] = U[N][j][i]` in a nest every rank runs whole):
/// its owner stores, the other ranks' stores are dropped (FixedSlices.cpp).
/// At: per dimension the fixed subscript, or null for a dimension the
/// slice holds whole.
struct FixedSlice {
  DistArray *Array = nullptr;
  std::vector<const clang::Expr *> At;
  /// Written at subscripts that change with the iterations (interpolation
  /// into a finer grid, `U[2 * k + 1][j]` in a loop over coarse k): every
  /// rank runs the nest and each element is stored by its owner
  /// (hpfcc::owner_store); At is empty.
  bool Varying = false;
  /// Of a varying store: the array is distributed in dimension 0 only and
  /// each access's subscript there is a function of the outermost level's
  /// index: per outer iteration, each such plane is a pointer to the
  /// rank's plane or to a sink plane, and the accesses index it.
  bool Planes = false;
  /// Of a slice read (OwnerLoop::Rows): every read of it is only stored,
  /// by assignments that are statements of their own, into this one of
  /// OwnerLoop::Stores, so only that slice's owner needs its values (the
  /// other ranks store into a sink): it is sent to that rank alone.
  std::optional<std::size_t> OnlyStore;
};

/// Whether this rank may own some element of a store at subscript Sub of
/// the store's distributed dimension Dim (Sub a function of the outermost
/// level's index and of values the nest does not change).
struct OwnedTest {
  std::size_t Store = 0; ///< in OwnerLoop::Stores
  int Dim = 0;
  const clang::Expr *Sub = nullptr;
};

/// A read A[f(i)] of a rank-1 read-only array at a subscript computed from
/// the index i of the nest's outermost level (FetchedReads.cpp): the
/// elements the rank's iterations read are fetched before the loop.
struct FetchedRead {
  /// f is affine in i (a * i + b, a and b loop-invariant): the needs follow
  /// from f(0) and f(1), no inspection per run.
  bool Affine = false;
  /// Elements `X[i]` inside f of distributed arrays aligned with the home
  /// array: the inspector reads them from X's local storage.
  std::vector<const clang::Expr *> LocalInner;
  /// Integer locals of the nest f uses (`int kf = 2 * k;`), in the order
  /// of their declarations: the inspector declares them.
  std::vector<const clang::VarDecl *> Locals;
};

/// A read of a rank-1 array inside inner sequential loops of a nest's
/// outermost level, at a subscript through an index array of their indices
/// (`X[Col[k]]`, NeededReads.cpp): the rank's iterations' elements are
/// listed by running those loops before the nest.
struct NeededRead {
  const clang::Expr *Read = nullptr; ///< the element
  const clang::Expr *Sub = nullptr;  ///< its subscript
  /// The loops around it inside the level's body, outermost first.
  std::vector<const clang::ForStmt *> Path;
};

struct OwnerLoop {
  unsigned DirId = 0;
  /// Levels[0] is the loop of the directive, then the independent loops
  /// inside it (never empty).
  std::vector<NestLevel> Levels;
  const clang::ForStmt *outer() const { return Levels.front().For; }
  DistArray *Home = nullptr; ///< null: no distributed array used locally
  /// Every element of a distributed array in the loop, in source order,
  /// except that the placement reorders gathered ones to fix the order of
  /// the copies made before the loop (and of their remarks).
  std::vector<LoopAccess> Accesses;
  std::set<DistArray *> Written;         ///< arrays written in the loop
  std::vector<DistArray *> CheckAligned; ///< other arrays, checked at run time
  /// Of those, read-only ones: if misaligned at run time, read from a copy
  /// gathered before the loop instead of failing.
  std::set<DistArray *> GatherIfMisaligned;
  /// Of the gathered arrays, those read only at constant offsets from the
  /// loop indices of the same dimensions (A[i + a][j + b]) in a loop whose
  /// distributions may be contiguous: each rank gets only the neighbouring
  /// elements (hpf::halo, HPF's shadow regions) instead.
  std::map<DistArray *, HaloWidths> Halos;
  /// Read-only arrays read locally from a copy redistributed before the
  /// loop (hpfcc::realigned): per dimension, the home dimension whose
  /// distribution it takes, or -1 ('*': the copy holds it whole).
  std::map<DistArray *, std::vector<int>> Realigned;
  /// Slices broadcast before the loop; RowOf maps each Row access (by its
  /// whole expression) to its slice.
  std::vector<FixedSlice> Rows;
  std::map<const clang::Expr *, std::size_t> RowOf;
  /// Slices written at loop-invariant subscripts by a nest every rank runs
  /// whole (FixedSlices.cpp); StoreOf maps each Stored access to its slice.
  std::vector<FixedSlice> Stores;
  std::map<const clang::Expr *, std::size_t> StoreOf;
  /// A nest whose only effects are stores at varying subscripts (and its
  /// privates) skips each outer iteration none of whose stores this rank
  /// may own: it runs if, for some store, every test of that store holds.
  /// Empty: every rank runs every iteration.
  std::vector<std::vector<OwnedTest>> RunIfOwned;
  /// Gathered reads served instead by a fetch of the elements the rank's
  /// iterations read (hpfcc::fetched), by access (Subs.whole()).
  std::map<const clang::Expr *, FetchedRead> Fetched;
  /// Arrays whose reads all go through NeededRead: a copy holding only the
  /// elements the rank's iterations read (hpfcc::needed_copy).
  std::map<const DistArray *, std::vector<NeededRead>> Needed;
  /// The loop around the nest whose iterations cannot change what the
  /// inspectors of its Needed and Fetched (not affine) reads read
  /// (InspectionWindow.cpp): they inspect once per run of that loop. Null:
  /// before every run of the nest.
  const clang::Stmt *InspectionWindow = nullptr;
  /// No window, but the inspectors of the Needed reads are written in the
  /// file (no macro): their listing is kept across runs and checked at run
  /// time (hpfcc::needed_copy_kept) against a copy of what it read.
  bool KeptInspection = false;
  std::vector<LoopReduction> Reductions;
  /// Whether V (canonical) is a reduction variable or a location recorded
  /// with one (LocUpdate): written in the loop, combined after it.
  bool reduces(const clang::VarDecl *V) const;
  /// Replicated arrays (fixed-size arrays of numbers declared outside the
  /// loop, not distributed) that the body stores into (`R[k] = e`, at any
  /// subscripts): if the loop runs split over the ranks, each rank keeps a
  /// copy before it, and after it the elements each rank changed are
  /// delivered to all (hpf::replicated_writes), so that every rank holds
  /// what the sequential loop leaves. In source order, no duplicates.
  std::vector<const clang::VarDecl *> ReplicatedWrites;
  /// Loop fusion (Fusion.cpp): the next statement's nest runs inside this
  /// one, row by row (its DirId; -1: none); or this nest runs inside the
  /// previous statement's (its DirId), its row i right after that nest's
  /// row i + FuseLag.
  int FusedNext = -1;
  int FusedInto = -1;
  long long FuseLag = 0;
  /// Loops inside the nest not marked independent whose iterations are
  /// proven independent (each writes distributed elements only at its
  /// index, reads written arrays only at the element it writes, and changes
  /// nothing else declared outside it): the placement makes one a level
  /// where an element written at its index needs it.
  std::vector<NestLevel> Proven;
  /// The other loops inside the nest not marked independent, and why their
  /// iterations may depend on each other (LoopProof.cpp).
  std::map<const clang::ForStmt *, std::string> Unproven;
  /// The nest cannot run in parallel (an inner loop not marked independent
  /// writes across a distributed dimension): it runs on every rank over
  /// whole copies of its arrays (every access Gathered, Home null), then
  /// each rank keeps the elements it owns of the arrays it wrote
  /// (Replicated.cpp).
  bool Replicated = false;
  /// Diagnostics that hold only if the nest runs in parallel, on the ranks
  /// owning its iterations: output or input in its body (per rank, out of
  /// order), a call whose replicated I/O is collective (an error), an inner
  /// loop proven independent running as a level. Reported
  /// once placement is done if the loop has a home array, not for a loop
  /// that runs on every rank (no distributed array, or a nest that fell
  /// back: Replicated), whose I/O is replicated code's (reportIfParallel,
  /// Replicated.cpp).
  /// Error and Warning: what the loop changes or calls through the
  /// functions it calls (LoopEffects.cpp), with a note at the call.
  struct ParallelOnly {
    enum KindT { Output, Input, Collective, Level, Error, Warning } Kind;
    clang::SourceLocation Loc;
    std::string Message;
    clang::SourceLocation NoteLoc = {};
    std::string Note = {};
  };
  std::vector<ParallelOnly> IfParallel;
  /// Distributed arrays read by the functions the loop calls (not in its
  /// body): read inside the loop from a whole copy gathered before it,
  /// which is their value before the loop (the loop must not write them).
  struct CallRead {
    DistArray *Array;
    effects::Witness At;
  };
  std::vector<CallRead> CallReads;
  /// The loop may throw (a throw expression it reaches): an exception is
  /// agreed on by the ranks after the loop and rethrown on every rank.
  bool MayThrow = false;
  /// The loop may end the process (exit, abort) on the rank running an
  /// iteration: the ranks wait for each other after it.
  bool MayExit = false;
  /// Variables of the directive's new(...) clause (canonical): private to
  /// each iteration by the user's word.
  std::set<const clang::VarDecl *> NewVars;
  /// Variables declared outside the loop that the body assigns and each
  /// rank keeps as its own (LoopPrivates.cpp), and why the loop must run
  /// on every rank if it has no home array (empty: it may be split).
  std::vector<const clang::VarDecl *> Privates;
  /// Notes V (canonical) among Privates, once, in the order found.
  void addPrivate(const clang::VarDecl *V) {
    if (std::find(Privates.begin(), Privates.end(), V) == Privates.end())
      Privates.push_back(V);
  }
  /// Why the loop cannot run split over the ranks if it has no home array
  /// (an error of the body that holds only then); empty: it can.
  std::string RunsEverywhere;
  /// No home array: rank r runs the r-th block of the outermost level's
  /// iterations (Placement.cpp), reductions combined after the loop.
  bool SplitIterations = false;
  /// The home array, whose mapping here depends on control flow: the nest
  /// is compiled for its declared mapping, which the run time makes sure
  /// of before the nest (a redistribute to it, undone after the nest;
  /// both nothing when the mapping is already that one). Null: none.
  DistArray *Ensured = nullptr;
  /// Per array of the nest whose mapping the flow walk knows here, its
  /// '*' dimensions: every rank holds them whole, so their local extents
  /// are the extents, constants the emitted code may spell as such.
  std::map<const DistArray *, std::vector<bool>> Collapsed;
  /// Whether dimension D of A is known to be '*' at the nest.
  bool collapsedHere(const DistArray *A, std::size_t D) const;
  /// No home array after all: every level runs its whole range, over no
  /// dimension, and no inner loop is proven to become one.
  void dropHome() {
    Home = nullptr;
    for (NestLevel &Lv : Levels) {
      Lv.Dim = -1;
      Lv.Every = false;
      Lv.Strided = false;
    }
    Proven.clear();
  }
};

/// A distributed array passed to a pointer parameter (`f(A, n)`,
/// `f(&A[0], n)`): the callee takes the hpf::darray (Functions.cpp), and
/// the size argument, the first integer parameter after the pointer, is
/// checked against the array's extent at run time.
struct PointerArg {
  const clang::CallExpr *Call = nullptr;
  unsigned Arg = 0;
  int SizeArg = -1;                    ///< -1: no size parameter
  const clang::Expr *AddrOf = nullptr; ///< `&A[0]`, rewritten to `A`
  const DistArray *Array = nullptr;    ///< the argument's array
};

/// One range of a standard algorithm on a distributed array in replicated
/// code: the array (Name: as the call spells it) and its first and last
/// positions as C++ text, global indices ("0", "A.size()", "(k)"); Hi empty
/// for a range given by its first position (std::copy's destination), both
/// empty for a whole array (std::swap).
struct AlgorithmRange {
  const DistArray *Array = nullptr;
  std::string Name, Lo, Hi;
};

/// A standard algorithm called in replicated code on distributed arrays
/// (analysis/replicated/Algorithms.cpp): Whole becomes a call of
/// hpfcc::algo::<Function> (runtime/hpfcc/algorithms.h) on the ranges, and
/// the arguments from Kept on as written (-1: none). Whole is the call
/// itself, `*call` (the element's value) or `call - std::begin(A)` (its
/// position).
struct AlgorithmCall {
  std::string Function;
  const clang::Expr *Whole = nullptr;
  const clang::CallExpr *Call = nullptr;
  std::vector<AlgorithmRange> Ranges;
  int Kept = -1;
};

/// A function whose body is in another file, called here with distributed
/// arrays for parameters an `inherit` directive names (in the header both
/// files include): its definition there takes hpf::darrays, an overload
/// the shared header does not declare, so this file declares it before
/// Before, the outermost declaration of the first such call.
struct InheritedDecl {
  const clang::FunctionDecl *Function = nullptr;
  const clang::Decl *Before = nullptr;
  /// Parameter index -> the hpf::darray the definition takes there.
  std::map<unsigned, const DistArray *> Params;
};

/// A range-for over a whole one-dimensional distributed array
/// (analysis/replicated/RangeFor.cpp). In replicated code (DirId < 0) its
/// range becomes a copy gathered on every rank (hpfcc::algo::elements),
/// whose elements each rank stores back into the ones it owns after the
/// loop when the loop variable is a non-const reference (Writes). Marked
/// independent (DirId the directive's), each rank runs its own elements
/// (hpfcc::algo::owned_elements), with the reductions of the clause.
struct RangeForLoop {
  const clang::CXXForRangeStmt *Loop = nullptr;
  const DistArray *Array = nullptr;
  std::string Name; ///< the array as the loop spells it
  bool Writes = false;
  int DirId = -1;
  std::vector<LoopReduction> Reductions;
};

/// Everything the code generator needs.
/// A use of a distributed array whose value the sequential program knows
/// at compile time, in file coordinates (a token range) with its
/// replacement: `sizeof(A)` and the other unevaluated operands (`alignof`,
/// `noexcept`, `decltype(A)`), `std::size(A)`. The array becomes an
/// hpf::darray, whose size and type are not the array's. Also `delete[] A`
/// of a `T *A = new T[n]` array (`(void)0`: the hpf::darray frees its
/// part at the end of its scope).
struct FoldedUse {
  clang::SourceRange Range;
  std::string Text;
};

/// A call that passes a distributed array to an instantiation of a
/// function template defined in the main file, or to a function that other
/// calls pass plain arrays to (Functions.cpp). The analysis stops after
/// binding the parameters when there are any: the plugin then makes a
/// non-template copy of each such instantiation (codegen/Templates.h),
/// redirects these calls to it, and analyses the program again, where the
/// copies are functions like any other.
struct TemplateCall {
  const clang::CallExpr *Call = nullptr;
  /// The instantiation's definition (or the function's).
  const clang::FunctionDecl *Instance = nullptr;
};

struct Program {
  std::vector<std::unique_ptr<Arrangement>> Arrangements;
  std::map<std::string, Arrangement *> ArrangementByName;
  std::vector<std::unique_ptr<DistArray>> Arrays;
  std::map<const clang::VarDecl *, DistArray *> ArrayByVar;
  /// The distributed array any declaration of V declares, or null (the
  /// effects analysis names variables by their canonical declaration).
  DistArray *arrayOfAnyDecl(const clang::VarDecl *V) const;
  std::vector<Redistribution> Redistributions;
  std::vector<OwnerLoop> Loops;
  std::vector<ElementAccess> Elements;
  std::vector<OwnerValue> OwnerValues;
  std::vector<ReadBatch> ReadBatches;
  std::vector<PointerArg> PointerArgs;
  /// A call passing distributed array Arg to parameter Param of a function
  /// of this file (Functions.cpp): the flow walk infers the parameter's
  /// mapping from the mappings at its calls.
  struct ParamBinding {
    const clang::CallExpr *Call = nullptr;
    const clang::ParmVarDecl *Param = nullptr;
    DistArray *Arg = nullptr;
  };
  std::vector<ParamBinding> ParamBindings;
  /// Parameters named by `inherit`: other files may pass arrays to them.
  std::set<const clang::ParmVarDecl *> ExternParams;
  std::vector<InheritedDecl> InheritedDecls;
  /// The shapes of InheritedDecls' parameters (arrays of no function here).
  std::vector<std::unique_ptr<DistArray>> ForeignParams;
  std::vector<FoldedUse> Folded;
  std::vector<AlgorithmCall> Algorithms;
  std::vector<RangeForLoop> RangeFors;
  /// Non-empty: the program must be analysed again with the copies of
  /// these instantiations (and nothing else was decided).
  std::vector<TemplateCall> TemplateCalls;
  /// Per directive: its anchor (valid directives only).
  std::map<unsigned, Anchor> Anchors;
  /// Directives whose text is simply removed (dynamic, directives after
  /// errors, ...) are all directives not otherwise handled.
};

/// Runs all checks; returns false if an error was reported.
bool analyze(clang::CompilerInstance &CI, clang::ASTContext &Ctx,
             const pragma::PragmaState &State, const Options &Opts,
             Program &Out);

} // namespace hpf::analysis

#endif // HPF_ANALYSIS_ANALYZER_H
