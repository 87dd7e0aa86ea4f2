//===- analysis/Phases.h - the phases of the analysis -----------*- C++ -*-===//
//
// The analysis runs these phases in order (Analyzer.cpp), each writing its
// part of the one Program through the shared Context:
//   Declarations  processors, distribute, dynamic, redistribute directives
//   Loops         independent loops and nests: shape, levels, home array,
//                 the accesses of the body (checked by checkLoopBody)
//   Elements      elements of distributed arrays in replicated code
//   Flow          the mapping of every array at every redistribute and
//                 independent loop, and the plan decision of each
//                 redistribute
//   Placement     after the flow walk: which accesses of a loop are local,
//                 checked at run time, gathered or served by a halo
//
//===----------------------------------------------------------------------===//
#ifndef HPF_ANALYSIS_PHASES_H
#define HPF_ANALYSIS_PHASES_H

#include "Context.h"

#include <map>
#include <memory>
#include <optional>
#include <set>

namespace clang {
class CFG;
class CallExpr;
class CFGBlock;
class ConstantArrayType;
class CXXForRangeStmt;
class CXXDeleteExpr;
class CXXMemberCallExpr;
class CXXOperatorCallExpr;
class DeclRefExpr;
class FunctionDecl;
class ParmVarDecl;
class SourceManager;
} // namespace clang

namespace hpf::analysis {

namespace subscript_check {
class SubscriptCheck;
}

/// `T A[N][M]...` (rank 2 or more): a parameter declared as a whole array,
/// which C++ turns into a pointer to its rows; the declared array type (null
/// for any other parameter). It takes a distributed array as `T (&A)[N][M]`
/// does.
const clang::ConstantArrayType *declaredArray(clang::ASTContext &Ctx,
                                              const clang::ParmVarDecl *PV);

/// A parameter's distributed array (inherited mapping), its shape from the
/// parameter's type: `T (&A)[N]...`, `T A[N][M]...`, `T *A` or
/// `std::vector<T> &A`.
std::unique_ptr<DistArray> parameterShape(clang::ASTContext &Ctx,
                                          const clang::ParmVarDecl *PV);

/// `A + k`, `k + A`, `A - k` or `&A[k]`: the reference to the array an
/// offset argument points into (null otherwise).
const clang::DeclRefExpr *offsetRef(const clang::Expr *Arg);
/// The size parameter of pointer parameter Pointer of F: the first integer
/// parameter after it (-1: none).
int sizeParam(const clang::FunctionDecl *F, unsigned Pointer);

/// The mapping of each array at a program point (nullopt: unknown).
using FlowState = std::map<DistArray *, std::optional<Mapping>>;
/// The flow state where each independent directive stands.
using LoopStates = std::map<unsigned, FlowState>;
/// References to distributed arrays the loop phase accepted or already
/// reported; the element phase leaves them alone.
using CheckedRefs = std::set<const clang::DeclRefExpr *>;

/// A phase: the shared context under the short names every phase uses.
class Phase {
protected:
  explicit Phase(Context &C)
      : C(C), Ctx(C.Ctx), SM(C.SM), State(C.State), P(C.P), R(C.R) {}
  Context &C;
  clang::ASTContext &Ctx;
  clang::SourceManager &SM;
  const pragma::PragmaState &State;
  Program &P;
  Reporter &R;
};

class Declarations : Phase {
  /// The size (and value) of a distributed `std::vector<T> A(n[, v])`, as
  /// written; false (reported) for any other initialization.
  bool vectorSize(const ParsedDirective &D, const clang::VarDecl *VD,
                  std::string &Extent, std::string &Fill);
  /// The element type of `T *A = new T[n]` or a `std::unique_ptr<T[]> A`
  /// made from `new T[n]` or `std::make_unique<T[]>(n)`, with n as written
  /// (Extent); a null type if VD is neither (an error is reported if it
  /// is one with another initialization).
  clang::QualType heapArray(const ParsedDirective &D, const clang::VarDecl *VD,
                            std::string &Extent, std::string &Holder,
                            bool &Failed);

public:
  explicit Declarations(Context &C) : Phase(C) {}
  /// Processors, distribute and dynamic directives, in source order.
  void declare();
  /// Marks the arrays named by dynamic directives (after the parameters
  /// are bound: a parameter may be dynamic).
  void markDynamic();
  /// A redistribute directive (after declare()).
  void redistribute(const ParsedDirective &D);
  /// Distribute directives naming parameters (after the parameters are
  /// bound): HPF's prescriptive mapping (Parameters.cpp).
  void prescribe();

private:
  /// The distribute directives that name a function's parameter.
  std::vector<unsigned> ParamDistributes;
  /// The anchor and the array of a distribute or redistribute directive;
  /// false if either was reported.
  bool anchoredArray(const ParsedDirective &D, const Anchor *&A,
                     const clang::VarDecl *&VD);
  void processors(const ParsedDirective &D);
  void distribute(const ParsedDirective &D);
  void dynamic(const ParsedDirective &D);
  /// The mapping a distribute or redistribute directive gives Array,
  /// folded and checked; false if an error was reported.
  bool makeMapping(const ParsedDirective &PD, const DistArray *Array,
                   Mapping &M, const Arrangement *DefaultOnto = nullptr);
  std::map<const clang::VarDecl *, unsigned> DynamicDirs; // first directive
};

/// Array parameters bound to distributed arrays at their calls: each becomes
/// a distributed array of its function (Functions.cpp).
class Functions : Phase {
public:
  Functions(Context &C, CheckedRefs &Checked) : Phase(C), Checked(Checked) {}
  /// Binds parameters to the distributed arrays passed to them (after the
  /// distribute directives, before the dynamic ones are marked).
  void bind();

private:
  /// The `inherit` directives: parameters that take distributed arrays
  /// (Inherit.cpp).
  void readInherits();
  /// The inherit directive naming parameter Param of F, if any.
  std::optional<unsigned> inherited(const clang::FunctionDecl *F,
                                    unsigned Param) const;
  /// A distributed array for parameter PV of a function defined in this
  /// file, its shape from the parameter's type (registered in P).
  DistArray *parameterArray(const clang::ParmVarDecl *PV);
  /// Whether `void *` parameter PV of Def can take distributed array Arg
  /// (passed at Ref): used through one view of Arg's rows (View), or passed
  /// on (View null); else reported (Untyped.cpp).
  bool bindUntyped(const clang::ParmVarDecl *PV, const clang::FunctionDecl *Def,
                   const clang::DeclRefExpr *Ref, const DistArray &Arg,
                   const clang::VarDecl *&View);
  /// The distributed array of such a parameter, Arg's shape (registered
  /// in P under its view, or the parameter if it has none); null if it
  /// was made already.
  DistArray *untypedArray(const clang::ParmVarDecl *PV,
                          const clang::VarDecl *View, const DistArray &Arg);
  /// A call of a function of another file with distributed array A for
  /// inherited parameter Arg: the file declares the function's hpf::darray
  /// overload (Program::InheritedDecls).
  void foreignCall(const clang::CallExpr *Call, unsigned Arg,
                   const DistArray *A, const clang::Expr *AddrOf,
                   bool ByPointer);
  /// Inherited parameters of functions defined here become distributed
  /// arrays (called or not); every call passes distributed arrays to them.
  void checkInherited(const std::vector<const clang::CallExpr *> &Calls);
  /// Canonical function -> parameter index -> its inherit directive.
  std::map<const clang::FunctionDecl *, std::map<unsigned, unsigned>> Inherits;
  /// Taking the address of a function whose parameters take distributed
  /// arrays is an error at the name.
  void checkAddressTaken();
  void checkVectorUses(
      const std::vector<const clang::CXXMemberCallExpr *> &Members,
      const std::vector<const clang::CXXOperatorCallExpr *> &Assigns,
      const std::vector<const clang::CXXForRangeStmt *> &RangeFors,
      const std::vector<const clang::CXXDeleteExpr *> &Deletes);
  CheckedRefs &Checked;
};

class Loops : Phase {
public:
  Loops(Context &C, CheckedRefs &Checked) : Phase(C), Checked(Checked) {}
  /// An independent directive: its loop (or nest) becomes an OwnerLoop.
  void independent(const ParsedDirective &D);

private:
  /// The shape `for (int i = lb; i < ub; ++i)`; false if reported.
  bool loopShape(const clang::ForStmt *For, NestLevel &Lv);
  /// The increment and its step (StepValue: the signed step if constant).
  bool loopStep(const clang::ForStmt *For, NestLevel &Lv,
                std::optional<int64_t> &StepValue);
  void nestHome(OwnerLoop &L);
  /// The reduction of `p[first : length]` (a pointer to numbers), or
  /// nothing (reported).
  std::optional<LoopReduction>
  sectionReduction(const ParsedDirective &D, const pragma::ReductionClause &RC,
                   const pragma::Section &S, const pragma::NameRef &N,
                   const clang::VarDecl *VD);
  /// Loops in a nest not marked independent whose iterations are proven
  /// independent (LoopProof.cpp).
  void provenLevels(OwnerLoop &L);
  /// An error of loopShape/loopStep (none while Quiet: trying a loop).
  void shapeError(clang::SourceLocation Loc, const std::string &Msg);
  bool Quiet = false;
  CheckedRefs &Checked;
  /// Independent directives that are inner levels of a loop nest.
  std::set<unsigned> NestInner;
};

/// Makes the loops of L.Proven whose index subscripts a distributed
/// dimension (of mapping HM; null: unknown) of a written element levels over
/// that dimension, with a remark at At if the nest stays parallel
/// (LoopProof.cpp).
void promoteProven(OwnerLoop &L, const Mapping *HM, clang::SourceLocation At);

/// True if Body uses an element of a distributed array of rank >= 2: the
/// loop is then placed as a nest over that array's dimensions (Loops.cpp).
bool usesMultiDim(const Program &P, const clang::Stmt *Body);

/// Which variables declared outside an independent loop that its body
/// assigns each rank may keep as its own (LoopPrivates.cpp): asked of the
/// CFG of the function around the loop, once per loop.
class LoopPrivates {
public:
  LoopPrivates(Context &C, const OwnerLoop &L);
  ~LoopPrivates();
  LoopPrivates(const LoopPrivates &) = delete;
  LoopPrivates &operator=(const LoopPrivates &) = delete;
  /// Empty if V may be private to each rank; else why not. IsIndex: V is
  /// the index of the loop (the header assigns it; only what follows the
  /// loop matters).
  std::string whyShared(const clang::VarDecl *V, bool IsIndex = false);

private:
  bool build();
  const clang::Stmt *firstRead(const clang::VarDecl *V,
                               const clang::CFGBlock *From,
                               const clang::CFGBlock *Stop);
  Context &C;
  const OwnerLoop &L;
  bool Built = false;
  const clang::FunctionDecl *Function = nullptr;
  std::unique_ptr<clang::CFG> Graph;
  const clang::CFGBlock *Condition = nullptr; ///< the loop's test
  const clang::CFGBlock *BodyEntry = nullptr, *Exit = nullptr;
  /// Per variable, and whether it was asked about as an index.
  std::map<std::pair<const clang::VarDecl *, bool>, std::string> Answers;
};

/// Checks what the body of an independent loop (nest) may contain and
/// collects its accesses to distributed arrays into L (LoopBody.cpp).
void checkLoopBody(Context &C, OwnerLoop &L, const ParsedDirective &D,
                   CheckedRefs &Checked);

/// What the loop does through the functions and lambdas it calls, and
/// changes in its body that are not assignments (Handled: the variables
/// whose assignments checkLoopBody judged), asked of the effects analysis
/// (LoopEffects.cpp). Privates: the loop's (LoopPrivates above).
void checkLoopEffects(Context &C, OwnerLoop &L,
                      const std::set<const clang::VarDecl *> &Handled,
                      LoopPrivates &Privates);

/// The statement right after a directive's carriers, or null (Loops.cpp).
const clang::Stmt *stmtAfter(const ParsedDirective &D, const Anchor &A);

/// Range-fors over distributed arrays (RangeFor.cpp): in replicated code
/// over a gathered copy, marked independent over each rank's elements,
/// recorded in P.RangeFors; Independent receives those marked independent
/// (an algorithm in one is an error). Before Algorithms, after Loops.
void checkRangeFors(Context &C, CheckedRefs &Checked,
                    std::set<const clang::Stmt *> &Independent);

/// Standard algorithms called in replicated code on distributed arrays
/// (std::fill, std::copy, std::accumulate, std::swap, ...): the supported
/// ones into P.Algorithms, every other iterator into a distributed array
/// an error saying why (Algorithms.cpp). Before Elements, after Loops
/// (whose references are in Checked).
class Algorithms : Phase {
public:
  Algorithms(Context &C, CheckedRefs &Checked) : Phase(C), Checked(Checked) {}
  /// Independent: the range-fors marked independent (checkRangeFors).
  void check(const std::set<const clang::Stmt *> &Independent);

private:
  CheckedRefs &Checked;
};

class Elements : Phase {
public:
  explicit Elements(Context &C) : Phase(C) {}
  /// Every use of a distributed array outside the references in Checked.
  void check(const CheckedRefs &Checked);
};

/// Groups the element reads of replicated code that one owner can
/// evaluate together into P.OwnerValues (OwnerReads.cpp).
void groupOwnerReads(clang::ASTContext &Ctx, Program &P);
/// Groups the element reads of each replicated loop whose subscripts an
/// inspector can compute before it into P.ReadBatches (ReadBatches.cpp).
void batchLoopReads(Context &C);

class Flow : Phase {
public:
  explicit Flow(Context &C) : Phase(C) {}
  /// Walks every function holding directives: the source mapping of each
  /// redistribute, and the state at each independent loop.
  LoopStates walk();
  /// The static / run-time / removal decision of each redistribute, with
  /// its remark.
  void decide();

private:
  /// Inherited parameters every call of whose function the walk sees: a
  /// function of this file not named by `inherit`, not called through a
  /// pointer, not virtual.
  std::vector<DistArray *> inferable();
};

class Placement : Phase {
public:
  Placement(Context &C, LoopStates &States) : Phase(C), States(States) {}
  /// Every owner-computes loop, given the mappings where it stands.
  void place();

private:
  void checkNest(OwnerLoop &L);
  /// A loop with no home array (What says which kind): split by its
  /// iterations if nothing in it needs every rank to run them all.
  void placeHomeless(OwnerLoop &L, const std::string &What);
  /// A nest with no level over a distributed dimension that writes
  /// distributed arrays only in slices at fixed subscripts (a periodic
  /// boundary), or at subscripts no level runs over (interpolation into a
  /// finer grid), reading what it writes only where an assignment reads
  /// its own element: every rank runs it, owners store (FixedSlices.cpp).
  /// False if L is not one; true if placed (or reported).
  bool storeFixedSlices(OwnerLoop &L);
  /// For a nest storing at varying subscripts: the tests by which each
  /// rank skips the outer iterations it owns no store of (L.RunIfOwned),
  /// if nothing else the iterations do outlives them.
  void skipUnowned(OwnerLoop &L, const FlowState &St);
  /// For such a nest that skips iterations, or (Split) a homeless nest
  /// that placeHomeless will split by its iterations: the arrays it only
  /// reads, by rows whose subscript is a function of the outer index, are
  /// fetched (the rows of the iterations the rank runs) instead of
  /// gathered.
  void fetchRunReads(OwnerLoop &L, const FlowState &St, bool Split);
  /// A nest with no home array: its reads of arrays distributed by rows
  /// fetched if it will be split by its iterations, the rest remarked as
  /// gathered.
  void gathersOfHomeless(OwnerLoop &L);
  /// The read that kept storeFixedSlices from taking the nest it saw last
  /// (another element of an array stored at varying subscripts), for a
  /// note under the nest's errors; invalid if none.
  clang::SourceLocation VaryingReadBlocks;
  /// The home array H of L has no mapping known here: compile L for H's
  /// declared one, made sure of at run time (OwnerLoop::Ensured). False if
  /// that mapping cannot be spelled at L (parameters, run-time values).
  bool assumeDeclared(OwnerLoop &L, DistArray *H);
  LoopStates &States;
};

/// The mapping of X in St (null: not known there).
const Mapping *mappingIn(const FlowState &St, DistArray *X);
/// The distribution of a 1-D array X in St, if it is a compile-time
/// constant there.
std::optional<plan::Distribution> knownDistribution(const FlowState &St,
                                                    DistArray *X);

/// Whether E has the same value in every iteration of the nest but through
/// Index (a level's index, or null): no side effects, only Index and
/// variables declared outside the nest that it never changes (locals and
/// parameters, or constants), and no distributed array (RowReads.cpp).
bool invariantBut(Context &C, const OwnerLoop &L, const clang::Stmt *E,
                  const clang::VarDecl *Index);

/// Gathered reads of a loop over a rank-1 home array at i + c that can be
/// served by a halo (Gathers.cpp).
void chooseHalos(clang::ASTContext &Ctx, OwnerLoop &L, const FlowState &St);
/// One remark per gathered (or halo) array of a loop: what it costs.
void remarkGathers(Context &C, const OwnerLoop &L, const FlowState &St);
/// True if every parameter of the mapping is a compile-time constant (the
/// arrangement's extents may be run-time values: the same object).
bool constantParams(const Mapping &M);
/// Gathered rank-N reads of a nest whose subscripts are the home array's
/// owned indices in another order (A[j][i]): read locally, from the array
/// itself or from a copy in the mapping the loop needs (Reads.cpp).
void chooseRealigned(Context &C, OwnerLoop &L, const FlowState &St);
/// Whether every read of X in the nest fits one mapping chooseRealigned can
/// make a copy in (X's own mapping may be known only at run time).
bool realignable(const OwnerLoop &L, const DistArray *X, const FlowState &St);
/// A written array whose mapping is not the home array's but places every
/// element the nest uses with the home element of the same loop indices
/// (S[i][j] with U[i][j][k], both distributed over i alike): every access
/// of it made local, with a remark (Reads.cpp).
bool ownedLikeHome(Context &C, OwnerLoop &L, const DistArray *X,
                   const FlowState &St);
/// Whether Acc, an element of an array of mapping M, is at subscripts
/// invariant in the nest in every distributed dimension (one at least):
/// one slice, which lives on one rank (RowReads.cpp).
bool fixedSlice(Context &C, const OwnerLoop &L, const LoopAccess &Acc,
                const Mapping *M);
/// Whether a read of an array of mapping M is at subscripts invariant in
/// the nest in every distributed dimension (and, Written, never written by
/// the nest): a slice broadcast before the loop serves it (RowReads.cpp).
bool rowReadFits(Context &C, const OwnerLoop &L, const LoopAccess &Acc,
                 const Mapping *M, bool Written);
/// Gathered reads that fit become Row reads too; every Row read gets its
/// slice in L.Rows, with a remark (RowReads.cpp).
void chooseRows(Context &C, OwnerLoop &L, const FlowState &St);

/// The index of a for loop inside L's nest that is not one of its levels
/// (a loop not marked independent) which S uses, or null (Replicated.cpp).
const clang::VarDecl *unmarkedIndex(const OwnerLoop &L, const clang::Expr *S);
/// L cannot run in parallel (the unmarked loop over Index writes X across
/// its distributed dimension Dim): it runs on every rank over whole copies
/// of its arrays, each rank keeping the elements it owns; a warning at the
/// loop says why (Replicated.cpp).
void replicate(Context &C, OwnerLoop &L, const clang::VarDecl *Index,
               const DistArray *X, int Dim);
/// Reports L's diagnostics that hold only if it runs in parallel
/// (OwnerLoop::IfParallel), if it does; once placement has decided, or when
/// the loop is rejected (Replicated.cpp).
void reportIfParallel(Context &C, OwnerLoop &L);

/// Gathered reads of rank-1 read-only arrays at subscripts computed from
/// the outermost level's index (A[n - 1 - i], A[2 * i], A[idx[i]]): the
/// rank's needed elements are fetched before the loop (FetchedReads.cpp).
void chooseFetched(Context &C, OwnerLoop &L, const FlowState &St);
/// Whether the gathered read Acc can be fetched by the rows (rank 1: the
/// elements) the rank's iterations read: a read-only array, of rank 1 or
/// distributed by rows of compile-time extent, at a subscript Check
/// accepts (F gets the nest's locals it uses and the home-aligned elements
/// inside it, and whether it is affine). The rule of chooseFetched and of
/// Placement::fetchRunReads.
bool fetchableRead(const Context &C, const OwnerLoop &L, const FlowState &St,
                   const LoopAccess &Acc,
                   subscript_check::SubscriptCheck &Check, FetchedRead &F);
/// Gathered reads of rank-1 read-only arrays inside inner sequential loops
/// at subscripts through index arrays of their indices (`X[Col[k]]`): the
/// rank's needed elements are listed by running those loops before the
/// nest and fetched (NeededReads.cpp).
void chooseNeeded(Context &C, OwnerLoop &L);
/// After chooseFetched and chooseNeeded: the outermost loop around L's
/// nest, in its function, whose iterations cannot change what its
/// inspectors read, in L.InspectionWindow (InspectionWindow.cpp).
void chooseInspectionWindow(Context &C, OwnerLoop &L);
/// Adjacent nests over rows with the same owners run fused, row by row,
/// where no row one writes is touched out of order (Fusion.cpp).
void chooseFusion(Context &C, LoopStates &States);

} // namespace hpf::analysis

#endif // HPF_ANALYSIS_PHASES_H
