//===- codegen/LoopEmitter.h - the emitter of one loop nest ------*- C++
//-*-===//
//
// Internal to codegen: the class that rewrites one independent loop nest
// (codegen/LoopEmitter.cpp: levels, local elements, reductions;
// codegen/LoopCopies.cpp: reads served by copies, halos, rows, fetched
// elements, and nests that run on every rank).
//
//===----------------------------------------------------------------------===//
#ifndef HPF_CODEGEN_LOOPEMITTER_H
#define HPF_CODEGEN_LOOPEMITTER_H

#include "Emitter.h"

#include <functional>
#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace hpf::codegen {

using analysis::DistArray;
using analysis::LoopAccess;
using analysis::NestLevel;
using analysis::OwnerLoop;
using analysis::Subscripts;

/// The loop increment Inc steps V by one, up (`++v`, `v++`, `v += 1`) or
/// down (`--v`, `v--`, `v -= 1`) (codegen/Lookahead.cpp).
bool stepsByOne(const clang::Expr *Inc, const clang::VarDecl *V, bool Up);

class LoopEmitter {
public:
  LoopEmitter(Emitter &E, const OwnerLoop &L)
      : E(E), L(L), D(E.directive(L.DirId)), Id(std::to_string(L.DirId)) {}

  void run();

  /// How a reduction combines across ranks: the runtime's allreduce_<Fn>,
  /// and for operators that are not idempotent the identity the ranks'
  /// parts start from and the operator that joins the value before the loop
  /// (also an independent range-for's, AlgorithmEmitter.cpp).
  struct Combine {
    const char *Fn;
    const char *Identity = nullptr;
    const char *Join = nullptr;
  };
  static Combine combineOf(pragma::ReductionOp Op);
  /// A scalar reduction's code before the loop (the value saved, the
  /// variable at the identity) and after it (the ranks' parts combined,
  /// the saved value joined): variable V, saved as Saved.
  static void scalarReduction(const std::string &V, const Combine &K,
                              const std::string &Saved, std::string &Pro,
                              std::string &Epi);

private:
  Emitter &E;
  const OwnerLoop &L;
  const pragma::ParsedDirective &D;
  const std::string Id;

  std::string name(const char *Prefix, const DistArray *A) const;
  std::string segment(int K) const;
  /// Whether level K runs over its owned segments. An inner level over a
  /// dimension the home array does not distribute runs the user's loop as
  /// written (every index, local = global): per outer iteration no segment
  /// set-up, and constant bounds stay constant, so the inner loop compiles
  /// like the sequential one (one alias check, no remainder per row). The
  /// outermost level keeps its segments: ranks outside the home array's
  /// arrangement run nothing.
  bool segmented(std::size_t K) const;
  /// Whether E names only what is declared outside the nest (so it can be
  /// evaluated before the outermost loop).
  bool outsideNest(const clang::Stmt *S) const;

  /// The owned segments of inner levels whose bounds do not depend on the
  /// outer levels are computed once before the nest, not once per
  /// iteration of the levels outside: for a (block, *) nest over 256
  /// columns the per-row cost of finding the segments (the rank's
  /// coordinate, the range's set-up) was about as large as the row's work.
  std::string hoistedRanges();
  /// The level's owned segments (unit step up), or its owned runs of the
  /// progression it steps through (other steps, counting down).
  std::string ownedSegments(const NestLevel &Lv) const;
  /// The owned segments of a unit-step level's dimension in "lo, hi".
  std::string unitSegments(const NestLevel &Lv, const std::string &LoHi) const;
  const char *rangeType(const NestLevel &Lv) const;
  /// Whether a level over a cyclic(1) dimension runs as one strided run
  /// (hpfcc/strided.h) instead of a segment per index: not where the
  /// segment's bounds mean more (the innermost level's halo runs and
  /// aligned versions, the blocks of halos per block).
  bool strided(const NestLevel &Lv) const;
  std::map<std::size_t, std::string> Hoisted; ///< level -> its range

  /// The indices a level covers, [lo, hi) (for a step, the progression's
  /// elements are among them).
  std::pair<std::string, std::string> interval(const NestLevel &Lv) const;
  /// "lo, hi" of a level, hi exclusive.
  std::string bounds(const NestLevel &Lv) const;
  /// The level over dimension D of the home array (the directive's level
  /// for rank 1).
  const NestLevel &levelOfDim(int D) const;
  /// hpf::halo's arguments: the array, the home array, and the loop bounds
  /// and offsets of each dimension; rank 1 spells `lo, hi, cmin, cmax`,
  /// rank N `{lo0, ...}, {hi0, ...}, {cmin0, ...}, {cmax0, ...}, corners`.
  std::string haloArgs(const DistArray *A, const analysis::HaloWidths &W) const;
  /// A halo reads the rank's own elements in place when it needs no
  /// other; an array the loop also writes (rank 1: A[i] = A[i + 1]) must
  /// be read from a copy of the values before the loop: hpf::halo_copy.
  std::string writtenHalo(const DistArray *A, std::string Args) const;
  static std::string haloType(const DistArray *A);
  int tileLevel() const;
  /// The window of the loop that keeps the inspections of the nest's reads
  /// (hpfcc::inspection_window), put around that loop by
  /// inspectionWindow().
  std::string windowArg() const;
  void inspectionWindow();
  std::string neededCopy(const DistArray *A,
                         const std::vector<analysis::NeededRead> &Reads,
                         const std::string &Copy) const;
  std::string tileViews() const;
  static std::string gatheredType(const DistArray *A);

  /// Copies of arrays read at elements other ranks own, made before the
  /// loop; their elements keep global indices: `B[i + 1]` ->
  /// `__hpf_all_B7[i + 1]`, `M[a][b]` -> `__hpf_all_M7(a, b)`.
  std::string copies();

  std::string rowName(std::size_t K) const;
  /// Slices read at loop-invariant subscripts (analysis/reads/RowReads.cpp),
  /// broadcast by their owner before the loop (runtime/hpfcc/rows.h); the
  /// elements keep their global indices, the fixed ones ignored:
  /// `M[k][j]` -> `__hpf_row7_0(k, j)`.
  std::string rows();
  /// The fixed subscripts of a slice: `{hpf::index_t(N), 0, 0}`, and in
  /// Fixed a bit per fixed dimension.
  std::string sliceAt(const analysis::FixedSlice &S, unsigned &Fixed) const;
  /// Slices stored at loop-invariant subscripts by a nest every rank runs
  /// whole (analysis/flow/FixedSlices.cpp), by their owner only
  /// (runtime/hpfcc/rows.h): `U[0][j][i] = v` -> `__hpf_store7_0(0, j, i)
  /// = v`; and the run-time check that no slice read is one of them.
  std::string stores();
  std::string storeName(std::size_t K) const;
  void planeElement(const LoopAccess &El, const std::string &Plane,
                    const std::string &Store);
  void rowMajor(const analysis::Subscripts &S, clang::CharSourceRange Head,
                const std::string &Open,
                const std::function<std::string(std::size_t)> &Extent);
  /// The home array redistributed to its declared mapping for the nest
  /// when the flow walk could not prove it (OwnerLoop::Ensured).
  std::string ensureHome() const;

  /// The element read (or written) in a copy with global indices:
  /// `B[i + 1]` -> `Copy[i + 1]`, `M[a][b]` -> `Copy(a, b)`.
  void useCopy(const LoopAccess &El, const std::string &Copy);

  /// A nest that cannot run in parallel (analysis/loops/Replicated.cpp) runs on
  /// every rank as written, over whole copies of its arrays
  /// (hpfcc::replica, one gather each); then each rank keeps the elements
  /// it owns of the arrays it wrote. Every rank runs every iteration, so
  /// reductions need no combining: each rank computes the sequential value.
  void replicated();
  /// A loop over no distributed array split by its iterations (rank r runs
  /// the r-th block, hpfcc::share_of_iterations).
  void splitIterations(std::string Pro);
  std::string progression(const NestLevel &Lv) const;
  /// The user's loop header of level Lv made to run from First to End
  /// (exclusive, in the loop's direction), its increment as written.
  void runOver(const NestLevel &Lv, const std::string &First,
               const std::string &End);
  /// A loop that may throw: the try its body runs in, opened at the end of
  /// Pro; returns the catch and the agreement that close it
  /// (mpi/LoopException.h). agreeIndices() makes each iteration note its
  /// indices for the ranks to compare.
  bool agreed() const;
  std::string agreeOpen(std::string &Pro) const;
  void agreeIndices();
  /// After a loop that may exit on one rank: the ranks wait for each other
  /// (hpf::rt::wait_for_exits), unless a collective there waits already.
  std::string waitForExits() const;
  /// Pro's copies of the arrays the loop's called functions read.
  void callReadCopies(std::string &Pro) const;

  /// Reads planned from their subscripts (analysis/reads/FetchedReads.cpp): the
  /// elements this rank's iterations read, fetched before the loop into a
  /// buffer laid out like the home array's local dimension, one per array
  /// and subscript; `A[n - 1 - i]` -> `__hpf_fxp7_0[hpfcc::fetched_slot(i +
  /// __hpf_seg7_0.off, n - 1 - i)]` (the subscript stays, evaluated as in
  /// the sequential loop, so that elements inside it compose).
  std::string fetches();
  /// Whether this rank runs an outer iteration of a nest that skips those
  /// it owns no store of (OwnerLoop::RunIfOwned), as C++ of the outer index.
  std::string runsIteration() const;
  /// The rank's block of the iterations of a nest split by them.
  std::string shareName() const { return "__hpf_share" + Id; }
  /// The subscript as a function of the global index and the local slot of
  /// an iteration, for the inspector; elements `X[i]` of arrays aligned
  /// with the home array are read from local storage at the slot.
  std::string subscriptLambda(const clang::Expr *Sub,
                              const analysis::FetchedRead &F) const;

  /// Alignment the analysis could not decide: arrays written in the loop
  /// are redistributed to the home array's mapping for the loop when they
  /// are not aligned (and back after it, in Epi); read-only ones are read
  /// from a copy.
  std::string checks(std::string &Epi);
  /// Dimension d of A's elements in the loop follows dimension dim_of[d]
  /// of the home array (-1: none), from A's first local access.
  std::string homeDims(const DistArray *A) const;

  /// The local buffers of distinct distributed arrays never overlap, and
  /// the analysis rejects every other use of the arrays, so the pointers
  /// are __restrict: the loop vectorises like the sequential one. Row-major
  /// local storage: the local extents of dimensions 1.. are the strides.
  std::string pointers();

  /// The local extent of dimension Dm of A (a row-major stride). A
  /// dimension that is `*` in A's only mapping (A is not dynamic, nor a
  /// parameter that inherits its caller's) holds every index on every rank,
  /// so its local extent is the extent itself: as a constant, the compiler
  /// knows the rows' strides and alignment (the storage is 64-byte
  /// aligned) like the sequential build's `double M[R][C]`, and uses
  /// aligned, folded vector loads and constant-stride addressing.
  std::string localExtent(const DistArray *A, int Dm) const;

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
  std::string separate(const std::vector<const DistArray *> &Ptrs) const;

  /// A read-only array read in the mapping the loop needs (Reads.cpp):
  /// the local storage of a copy in that mapping (or of the array itself
  /// if it has it at run time), addressed like the array's own:
  /// `const hpfcc::realigned<double, 2> __hpf_re_A7(A, B, {-1, 0}, "f:3:1");
  /// const double *__restrict const __hpf_A7 = __hpf_re_A7.data(); ...`.
  std::string realignedPointer(const DistArray *A) const;

  /// A[i] -> `__hpf_A7[i + __hpf_seg7_0.off]`; M[a][b] ->
  /// `__hpf_M7[(a + __hpf_seg7_0.off) * __hpf_M7_e1 + (b + ...off)]`. Only
  /// the tokens around the subscripts change (nested elements compose); a
  /// dimension with no segment (collapsed) adds no offset.
  void localElement(const LoopAccess &El);

  /// A row the iteration owns, passed as a pointer (`f(A[i], n)`): the
  /// address of its first element in local storage, `(__hpf_A7 + (i +
  /// __hpf_seg7_0.off) * __hpf_A7_e1)`. localElement's brackets around the
  /// local index become LB and RB; returns what precedes the pointer
  /// (codegen/RowPointer.cpp).
  std::string rowAddress(const LoopAccess &El, std::string &LB,
                         std::string &RB) const;

  /// An element of an array whose alignment is checked at run time and
  /// that is only read: `(__hpf_aligned_B7 ? <local element> :
  /// __hpf_all_B7[i])` (`(a, b)` for more dimensions).
  void localOrCopy(const LoopAccess &El);

  /// While the loop runs, a collective element read (in a function it
  /// calls) fails naming the directive instead of hanging.
  std::string scope(bool AllIterations = false) const;

  /// Reduction set-up before the loop and the combination across ranks
  /// after it.
  void reductions(std::string &Pro, std::string &Epi) const;
  /// Replicated arrays the body stores into: a copy before the loop, the
  /// ranks' changes delivered to all after it (mpi/ReplicatedWrites.h).
  void replicatedWrites(std::string &Pro, std::string &Epi) const;


  /// An array reduction: rank 0 keeps the values before the loop, the
  /// others start from the identity, one MPI_Allreduce
  /// (hpf::reduce_op::<Fn>) for the whole array, or a pointer's section
  /// (mpi/Reduce.h).
  void arrayReduction(const analysis::LoopReduction &Red, const Combine &K,
                      std::string &Pro, std::string &Epi) const;

  std::string accumulator(const analysis::LoopReduction &Red) const;
  /// Location reductions (analysis::LocUpdate, mpi/LocReduce.h): the
  /// object that orders equal values by the iterations' order, and the
  /// levels around the update, outermost first (its ordinal).
  std::string locObject(const analysis::LoopReduction &Red) const;
  std::vector<const NestLevel *> levelsAround(const clang::Stmt *S) const;
  /// The if's comparison `v < best` becomes `<object>.at(i, j).lt(v,
  /// best)`. Last: the comparison wraps the rewritten text of its operands
  /// (local elements, copies).
  void locConditions();

  /// Reproducible sums: every iteration of every level adds what it
  /// contributes to the accumulator exactly (hpf::exact_term: the variable
  /// is 0 during the iteration, its enclosing value comes back after it),
  /// so neither the partition of the iterations nor their order changes the
  /// bits. Inserted before the level's own closing braces at the same place.
  void exactTerms(const NestLevel &Lv, std::size_t K);

  // ---- versions with constant row strides (StrideVersions.cpp) ---------
  //
  // A nest over rank-2 arrays whose second dimension is distributed runs as
  // a lambda, called with compile-time strides (hpfcc::rows, hpfcc::stride)
  // when that dimension is not divided at run time, else with the run-time
  // ones: the first version's column walks vectorise like the sequential
  // build's.

  /// The arrays whose pointer and stride are the lambda's parameters
  /// (none: one version).
  std::vector<const DistArray *> strideVersioned() const;
  /// The split halos read as rows of a constant length (hpfcc::rows_halo)
  /// in that version.
  std::vector<const DistArray *> strideVersionedHalos() const;
  /// strideVersioned() and strideVersionedHalos(), once per nest.
  std::vector<const DistArray *> StrideArrays, StrideHalos;
  /// `auto __hpf_nest7 = [&](...) {`, after the prologue.
  std::string strideVersionHead() const;
  /// `}; if (<strides constant>) __hpf_nest7(...); else __hpf_nest7(...);`,
  /// after the nest, before the epilogue.
  std::string strideVersionTail() const;

  // ---- innermost loops versioned on alignment (AlignedVersions.cpp) ----
  //
  // Per segment of the innermost level, the user's loop runs as a lambda
  // over the rank-1 arrays' pointers, called with the pointers rebased at
  // the segment's first element and assumed 16-byte aligned when they are,
  // else with the pointers as they are: the first version's vector loads
  // fold into the arithmetic like the sequential build's.

  /// The arrays whose pointers are the lambda's parameters (none: one
  /// version).
  std::vector<const DistArray *> alignedVersioned() const;
  std::vector<const DistArray *> Aligned; ///< alignedVersioned(), once
  /// `{ auto __hpf_inner7 = [&](...) {`, before the user's innermost loop.
  std::string alignedVersionHead() const;
  /// `}; if (<aligned>) __hpf_inner7(...); else __hpf_inner7(...); }`,
  /// after it.
  std::string alignedVersionTail() const;

  // ---- pivot rows sent one step ahead (Lookahead.cpp) -------------------
  //
  // In `for k: independent for i = k + 1 ..` over the rows of the row it
  // reads, the owner of row k + 1 sends it as soon as its iteration is done
  // and the other ranks post its receive after the nest: the next step's
  // slice read takes it (runtime: mpi/Ahead.h).

  /// The loop over the steps whose nest sends its next row ahead, or null
  /// if the nest does not qualify.
  const clang::ForStmt *aheadStep() const;
  /// The statement the directive and its loop occupy (null: no anchor).
  const clang::Stmt *directiveStatement() const;
  /// The nest writes its home array only in its outermost index's row.
  bool writesOwnRowsOnly() const;
  /// The variable the home array is declared as (null if none).
  const clang::VarDecl *homeVar() const;
  const clang::ForStmt *AheadStep = nullptr; ///< aheadStep(), once
  /// `if (i == k + 1) hpfcc::send_ahead(M, i);` at the end of the
  /// outermost level's body (after levels()).
  void sendAhead();
  /// ` hpfcc::receive_ahead(M, k + 1, N);`, after the nest.
  std::string receiveAhead() const;

  // ---- two steps per pass (PairedSteps.cpp) -----------------------------
  //
  // Where the lookahead applies and the body only updates its own row from
  // the pivot row, each row has step k and then step k + 1 in one pass
  // (the loop over the steps then advances by two): the same operations
  // on every element in the same order, the rows streamed half as often.

  /// Whether the nest qualifies (after aheadStep()).
  bool pairedSteps() const;
  bool Paired = false; ///< pairedSteps(), once
  std::string pairName() const;
  /// Before the nest: whether step k + 1 runs, and its pivot row.
  std::string pairPrologue() const;
  /// The outermost level's body as a lambda of the step, run once or twice
  /// per row, with the sends ahead (instead of sendAhead's).
  void pairBody();

  // ---- owner values sent one step ahead (ValueAhead.cpp) ---------------
  //
  // In `for k down: X[k] = <owner value of row k>; independent for i < k`,
  // the nest runs row k - 1 first, and its owner sends the next step's
  // value right after it; the next step's owner_value takes it.

  /// The loop over the steps, or null if the nest does not qualify (sets
  /// AheadValue).
  const clang::ForStmt *valueStep();
  const clang::ForStmt *ValueStep = nullptr;        ///< valueStep(), once
  const analysis::OwnerValue *AheadValue = nullptr; ///< its first statement's
  std::string valueRowsName() const;
  /// The outermost level's segment loop as a lambda of its range, and the
  /// calls after it (row k - 1, the value sent, the other rows).
  std::string valueRowsHead() const;
  std::string valueRowsTail() const;
  /// ` hpfcc::receive_value_ahead<T>(M, k - 1, lo);`, after the nest.
  std::string receiveValue() const;
  /// The guard around the step loop and the value's lambda in its body.
  void sendValueAhead();

  // ---- adjacent nests fused row by row (Fusion.cpp) ---------------------
  //
  // The first nest of a fused pair (analysis/loops/Fusion.cpp) is a lambda of
  // what runs after each of its rows; the second, right after it, calls it
  // with the function that runs its own rows up to the lag behind.

  /// Before the first nest's prologue: `{ const auto __hpf_fused7 =
  /// [&](auto &&__hpf_after7) `.
  std::string fusedHead() const;
  /// The call after each of its rows (at the end of the outermost level's
  /// body, braced if it was not), and the lambda's `;` after the nest.
  void fusedHook();
  std::string fusedCall() const;
  /// For a body without braces: the call and the closing brace, first in
  /// the outermost level's closing text.
  std::string fusedBodyEnd() const;
  /// After the second nest's rows lambda: the first nest run with the
  /// rows it lets through, then the rows left.
  std::string fusedTail() const;
  /// After the second nest: the block fusedHead opened closes.
  void fusedClose();

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
  std::vector<const DistArray *> splitHalos() const;
  bool split(const DistArray *A) const;
  std::string splitHalo(const DistArray *A, std::string Args) const;
  /// "E1, E2" when split halo A's views may be hpfcc::planes_view.
  std::string planesExtents(const DistArray *A) const;
  /// The innermost level Lv over [Lo, Hi) runs over the runs of the split
  /// halos, each run's views declared before the user's loop.
  void haloRuns(const NestLevel &Lv, const std::string &Lo,
                const std::string &Hi, std::string &Close);
  std::vector<const DistArray *> Split; ///< halos read through runs

  // ---- HPF_VERIFY's bounds checks (VerifyChecks.cpp) -------------------
  //
  // With HPF_VERIFY=1 the subscripts of the nest's elements are checked
  // against the arrays' extents: affine ones once per run of their level,
  // before it; those through index arrays by the inspectors of fetched and
  // needed reads.

  /// The level whose body evaluates the element Whole on every iteration,
  /// or -1; loops in Through count as evaluating their bodies.
  int everyIteration(const clang::Expr *Whole,
                     const std::vector<const clang::ForStmt *> &Through) const;
  /// 0: X cannot be evaluated before level K; 1: it can, without level K's
  /// index; 2: it is affine in that index.
  int verifyShape(const clang::Expr *X, std::size_t K) const;
  std::string accessText(const LoopAccess &El) const;
  /// `hpfcc::access_info{...}` of an element (Var: the index it varies
  /// with, or null).
  std::string accessInfo(const LoopAccess &El, const clang::VarDecl *Var) const;
  /// Fills VerifyAt.
  void verifyChecks();
  void insertVerifyChecks(std::size_t K);
  std::string fetchedInfo(const DistArray *A, const std::string &Sub) const;
  std::string neededInfo(const analysis::NeededRead &R) const;
  std::map<std::size_t, std::string> VerifyAt; ///< level -> its checks

  /// Each level over a dimension of the home array runs inside a loop over
  /// that dimension's owned segments. Innermost level first, so that
  /// closing braces at the same place nest. The extra braces keep the
  /// epilogue, on the loop's last line, from looking like part of the loop
  /// (-Wmisleading-indentation).
  void levels(const std::string &Epi);
};

} // namespace hpf::codegen

#endif // HPF_CODEGEN_LOOPEMITTER_H
