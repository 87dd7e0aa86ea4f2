//===- analysis/loops/Fusion.cpp - adjacent nests fused row by row --------===//
//
// Two independent nests that follow each other over rows with the same
// owners, such as a stencil sweep and the update after it,
//
//   #pragma hpf independent
//   for (int i = 2; i < N - 2; ++i) { ... Out[i][j] += In[i + 2][j] ... }
//   #pragma hpf independent
//   for (int i = 0; i < N; ++i) { ... In[i][j] += 1.0 ... }
//
// stream every row twice per pass: once in the first nest and once in the
// second, each time from memory when the rank's rows do not fit in cache.
// Fused, each rank runs the second nest's row r right after the first
// nest's row r + Lag, while r is still in cache: the arrays are streamed
// once (the Parallel Research Kernels' Stencil: 8-10 % less time
// sequentially, 12 % for two copies side by side,
// docs/reports/bench-kernels-history.md).
//
// Why it is the sequential program's result. In the sequential order every
// iteration of the first nest (A) runs before every iteration of the
// second (B). Fused, B's row r runs after A's rows up to r + Lag and
// before A's later rows. That differs only for an A row t > r + Lag and a B
// row r that touch the same element, one of them writing it. Elements are
// compared by their rows (dimension 0) alone, so any column may clash:
// A touching row t + a and B touching row r + b is the same row when
// t - r = b - a, so the order is kept if b - a <= Lag for every pair of
// accesses to the same array of which one writes. Lag is the largest
// such b - a (at least 0). A's accesses are its own rows (a = their
// constant offset from A's index, 0 for owner-computes writes) or a halo's
// rows (a over the halo's offsets in dimension 0); reads from copies made
// before A (a gathered array) see the values before both nests either
// way. B must read and write only its own rows (b constant): a halo or a
// copy of B's would need the other ranks' A first.
//
// The other ranks: B writes only rows this rank owns, and A reads the
// other ranks' rows from a halo or copy made (the exchange completed,
// runtime/mpi/Halo.cpp) before A's first row. What else either nest may
// write or run is the effects analysis' answer (effects/Effects.h),
// through every call, constructor, destructor, initializer and lambda it
// runs: each writes nothing but the distributed elements it assigns (the
// accesses whose rows are compared above; no whole array, reference or
// address of an element is handed on) and its own automatic variables,
// reads no distributed array through a call (the rows above are the
// body's), and neither throws, ends the process, does I/O, sets errno nor
// reaches code the compiler cannot see, so nothing else carries an order
// between them (test/lit/fusion-proof.cpp checks each way found to break
// this). Both are rows with the same owners: the same
// mapping with constant parameters, the same extent of dimension 0, both
// outermost levels over dimension 0 counting up by one.
//
// The nests must be consecutive statements of one block. The remark says
// which rows meet, or why a pair that could be fused is not.
//
//===----------------------------------------------------------------------===//
#include "Expressions.h"
#include "Phases.h"

#include <algorithm>
#include <optional>
#include <set>

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/Stmt.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace hpf::analysis {
namespace {

class Fusion {
public:
  Fusion(Context &C, LoopStates &States) : C(C), States(States) {}
  void run();

private:
  Context &C;
  LoopStates &States;

  bool adjacent(const OwnerLoop &A, const OwnerLoop &B) const;
  bool sameRows(const OwnerLoop &A, const OwnerLoop &B) const;
  /// Why the pair cannot be fused (empty: it can), and its lag.
  std::string whyNot(const OwnerLoop &A, const OwnerLoop &B,
                     long long &Lag) const;
  std::string nestShape(const OwnerLoop &L) const;
  std::string bodyCheck(const OwnerLoop &L) const;
  std::string lambdaCheck(const OwnerLoop &L) const;
  std::string elementCheck(const OwnerLoop &L) const;
  std::string effectsCheck(const OwnerLoop &L) const;
  unsigned line(const Stmt *S) const {
    return C.SM.getExpansionLineNumber(S->getBeginLoc());
  }
};

/// B's directive stands right after A's loop in the block they share.
bool Fusion::adjacent(const OwnerLoop &A, const OwnerLoop &B) const {
  const Stmt *SA = directiveStatement(C.P, A), *SB = directiveStatement(C.P, B);
  if (!SA || !SB)
    return false;
  DynTypedNodeList Parents = C.Ctx.getParents(*SA);
  const auto *CS =
      Parents.size() == 1 ? Parents[0].get<CompoundStmt>() : nullptr;
  if (!CS)
    return false;
  for (auto It = CS->body_begin(); It != CS->body_end(); ++It)
    if (*It == SA)
      return It + 1 != CS->body_end() && It[1] == SB;
  return false;
}

/// Both nests' rows have the same owners: known, equal mappings with
/// constant parameters, equal extents of dimension 0, both outermost
/// levels over dimension 0 of a distributed (not cyclic(1)) dimension.
bool Fusion::sameRows(const OwnerLoop &A, const OwnerLoop &B) const {
  if (A.Replicated || B.Replicated || !A.Home || !B.Home ||
      A.Levels.front().Dim != 0 || B.Levels.front().Dim != 0 ||
      A.Levels.front().Every || B.Levels.front().Every)
    return false;
  const Mapping *MA = mappingIn(States[A.DirId], A.Home);
  const Mapping *MB = mappingIn(States[B.DirId], B.Home);
  if (!MA || !MB || !(*MA == *MB) || !constantParams(*MA))
    return false;
  const Index EA = A.Home->Extents.front(), EB = B.Home->Extents.front();
  return EA > 0 && EA == EB;
}

/// What keeps a nest from being one of a fused pair, by its shape.
std::string Fusion::nestShape(const OwnerLoop &L) const {
  const NestLevel &Lv = L.Levels.front();
  const std::string At = "the loop at line " + std::to_string(line(L.outer()));
  if (!Lv.unitUp())
    return At + " does not count up by one";
  if (Lv.Strided)
    return At + " runs over cyclic(1) rows";
  if (Lv.Lower->HasSideEffects(C.Ctx) || Lv.Upper->HasSideEffects(C.Ctx))
    return At + " has bounds with side effects";
  if (!L.Reductions.empty())
    return At + " has a reduction";
  if (!L.ReplicatedWrites.empty())
    return At + " writes a replicated array";
  if (!L.Rows.empty())
    return At + " reads a slice broadcast before it";
  if (!L.Fetched.empty() || !L.Needed.empty())
    return At + " reads elements fetched by subscript";
  if (!L.Realigned.empty())
    return At + " reads a copy in another mapping";
  if (!L.CheckAligned.empty() || L.Ensured)
    return At + " checks alignment at run time";
  if (!L.IfParallel.empty())
    return At + " has input, output or a collective call";
  for (const auto &[X, W] : L.Halos)
    if (W.Tiles || W.whole(0))
      return At + " reads a halo per block";
  return bodyCheck(L);
}

/// Nothing in the nest would change meaning in a lambda, uses a
/// distributed array but as the elements its accesses record, or does
/// anything but write those elements and its own variables.
std::string Fusion::bodyCheck(const OwnerLoop &L) const {
  for (auto Check :
       {&Fusion::lambdaCheck, &Fusion::elementCheck, &Fusion::effectsCheck})
    if (std::string Why = (this->*Check)(L); !Why.empty())
      return "the loop at line " + std::to_string(line(L.outer())) + Why;
  return "";
}

/// What the lambdas the pair becomes would change or cannot capture.
std::string Fusion::lambdaCheck(const OwnerLoop &L) const {
  const ForStmt *Outer = L.outer();
  auto AtLine = [&](const Stmt *S) {
    return " at line " + std::to_string(line(S));
  };
  if (const Stmt *S = lambdaUnsafe(C.Ctx, Outer)) {
    const auto *DRE = dyn_cast<DeclRefExpr>(S);
    if (DRE && isa<BindingDecl>(DRE->getDecl()))
      return " names the structured binding '" +
             DRE->getDecl()->getName().str() +
             "', which its lambda may not capture";
    if (DRE)
      return " names a member of an anonymous union, which its lambda "
             "cannot capture";
    if (isa<DeclStmt>(S))
      return ": it declares a static variable" + AtLine(S);
    return ": its statement" + AtLine(S) + " would change meaning in a lambda";
  }
  // `this` is the lambda's; a return or goto (not one of a lambda in the
  // nest) would leave the lambda, not the function.
  auto Walk = [&](auto &&Self, const Stmt *S, bool InLambda) -> const Stmt * {
    if (!S)
      return nullptr;
    if (isa<CXXThisExpr>(S) || (!InLambda && isa<ReturnStmt, GotoStmt>(S)))
      return S;
    for (const Stmt *Ch : S->children())
      if (const Stmt *Bad = Self(Self, Ch, InLambda || isa<LambdaExpr>(S)))
        return Bad;
    return nullptr;
  };
  if (const Stmt *S = Walk(Walk, Outer, false))
    return ": its statement" + AtLine(S) + " would change meaning in a lambda";
  return "";
}

/// The nest's distributed arrays appear only as the elements (and rows) of
/// its accesses, whose rows the lag is computed from, and are written only
/// by assignment: a whole array, or an element's reference or address,
/// handed to a call could reach any row.
std::string Fusion::elementCheck(const OwnerLoop &L) const {
  std::set<const Expr *> Bases;
  for (const LoopAccess &Acc : L.Accesses) {
    const Expr *E = Acc.Subs.whole();
    if (!Acc.Read && !assignedDirectly(C.Ctx, E))
      return ": '" + Acc.Array->Name + "' is written at line " +
             std::to_string(line(E)) +
             " other than by an assignment to its element";
    Bases.insert(Acc.Subs.base()->IgnoreParenImpCasts());
  }
  std::string Why;
  forEachDeclRef(L.outer(), [&](const DeclRefExpr *DRE) {
    const auto *V = dyn_cast<VarDecl>(DRE->getDecl());
    const DistArray *A = V ? C.P.arrayOfAnyDecl(V) : nullptr;
    if (!A || Bases.count(DRE) || unevaluated(C.Ctx, DRE))
      return true;
    Why = ": it uses '" + A->Name + "' at line " + std::to_string(line(DRE)) +
          " other than by element";
    return false;
  });
  return Why;
}

/// What the effects analysis says the nest may do: write nothing but the
/// distributed elements it assigns (their rows are the lag's) and its own
/// automatic variables, read no distributed array through a call (the
/// lag sees only the body), nothing else (a throw, an exit, I/O, code it
/// cannot see, errno: each would run in another order fused).
std::string Fusion::effectsCheck(const OwnerLoop &L) const {
  const FunctionDecl *Fn = enclosingFunction(C.Ctx, L.outer());
  if (!Fn)
    return " is not in a function";
  const effects::Effects E = C.Effects.ofStatement(L.outer(), Fn);
  for (const auto &[V, W] : E.Writes)
    if (!W.Path.empty() || !C.P.arrayOfAnyDecl(V))
      return ": it writes '" + V->getName().str() + "'" +
             C.Effects.whereText(W);
  for (const auto &[V, W] : E.Reads)
    if (!W.Path.empty() && C.P.arrayOfAnyDecl(V))
      return ": it reads '" + V->getName().str() + "'" +
             C.Effects.whereText(W) + ", rows the lag does not see";
  if (auto [Does, W] = effects::firstOther(E); W)
    return ": it " + Does + C.Effects.whereText(*W);
  if (E.Errno)
    return ": it may set errno ('" + E.Errno->What + "')" +
           C.Effects.whereText(*E.Errno);
  return "";
}

/// The row offsets of L's accesses to X in dimension 0, as [lo, hi]
/// (nullopt: none that order B's rows; Unknown set: not constant).
struct Rows {
  long long Lo = 0, Hi = 0;
  bool Any = false, Writes = false, Unknown = false;
  void add(long long O) {
    Lo = Any ? std::min(Lo, O) : O;
    Hi = Any ? std::max(Hi, O) : O;
    Any = true;
  }
};

Rows rowsOf(ASTContext &Ctx, const OwnerLoop &L, const DistArray *X) {
  Rows R;
  const VarDecl *I = L.Levels.front().IndVar;
  for (const LoopAccess &Acc : L.Accesses) {
    if (Acc.Array != X)
      continue;
    R.Writes |= !Acc.Read;
    if (Acc.Kind == LoopAccess::Local) {
      if (auto O = offsetFrom(Ctx, Acc.Subs.sub(0), I))
        R.add(*O);
      else if (bareVar(Acc.Subs.sub(0)) == I)
        R.add(0);
      else
        R.Unknown = true;
    } else if (auto H = L.Halos.find(const_cast<DistArray *>(X));
               H != L.Halos.end()) {
      R.add(H->second.Lo[0]);
      R.add(H->second.Hi[0]);
    }
    // Other reads are of a copy made before the first nest.
  }
  return R;
}

/// The elements of a row of X (dimensions 1 and after), if constant (0 for
/// rank 1, -1 if not known).
Index rowElements(const DistArray &X) {
  if (X.rank() < 2)
    return 0;
  Index N = 1;
  for (std::size_t D = 1; D < X.Extents.size(); ++D) {
    if (X.Extents[D] < 0)
      return -1;
    N *= X.Extents[D];
  }
  return N;
}

/// S holds a loop (a row of many elements, not one).
bool hasLoop(const Stmt *S) {
  if (!S)
    return false;
  if (isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt>(S))
    return true;
  return std::any_of(S->child_begin(), S->child_end(),
                     [](const Stmt *C) { return hasLoop(C); });
}

std::string Fusion::whyNot(const OwnerLoop &A, const OwnerLoop &B,
                           long long &Lag) const {
  for (const LoopAccess &Acc : B.Accesses)
    if (Acc.Kind != LoopAccess::Local)
      return "the loop at line " + std::to_string(line(B.outer())) +
             " reads '" + Acc.Array->Name +
             "' at rows other ranks own, which the first loop's rows there "
             "may write";
  if (std::string Why = nestShape(A); !Why.empty())
    return Why;
  // The second nest's rows run from a call after each of the first's: for
  // rows of one element each, that call would cost more than the element
  // (and keep the first nest's loop from vectorising).
  if (!hasLoop(A.outer()->getBody()))
    return "the rows of the loop at line " + std::to_string(line(A.outer())) +
           " are single elements";
  // Short rows stay in cache between the nests anyway, and the call per
  // row costs more than fusing saves (two nests over 512 rows of 8
  // doubles: 0.13 s fused against 0.10 s apart; 128: even; 512: 0.12
  // against 0.14, docs/reports/bench-kernels-history.md).
  if (const Index Row = rowElements(*A.Home); Row > 0 && Row < 128)
    return "rows of " + std::to_string(Row) +
           " elements are too short to gain from it";
  if (std::string Why = nestShape(B); !Why.empty())
    return Why;
  Lag = 0;
  std::set<const DistArray *> Arrays;
  for (const LoopAccess &Acc : A.Accesses)
    Arrays.insert(Acc.Array);
  for (const DistArray *X : Arrays) {
    const Rows RA = rowsOf(C.Ctx, A, X), RB = rowsOf(C.Ctx, B, X);
    if (!RB.Any || !(RA.Writes || RB.Writes))
      continue;
    if (RA.Unknown || RB.Unknown)
      return "the rows of '" + X->Name +
             "' either loop touches are not "
             "its index plus a constant";
    if (!RA.Any)
      continue; // A reads X only from a copy made before it
    Lag = std::max(Lag, RB.Hi - RA.Lo);
  }
  return "";
}

void Fusion::run() {
  std::vector<OwnerLoop> &Loops = C.P.Loops;
  std::set<const OwnerLoop *> Fused;
  for (std::size_t K = 0; K + 1 < Loops.size(); ++K) {
    OwnerLoop &A = Loops[K], &B = Loops[K + 1];
    if (Fused.count(&A) || !adjacent(A, B) || !sameRows(A, B))
      continue;
    const ParsedDirective &DB = C.State.Directives[B.DirId];
    const std::string First =
        "the independent loop at line " + std::to_string(line(A.outer()));
    long long Lag = 0;
    if (std::string Why = whyNot(A, B, Lag); !Why.empty()) {
      C.R.remark(DB.HashLoc, "not fused with " + First + ": " + Why);
      continue;
    }
    A.FusedNext = int(B.DirId);
    B.FusedInto = int(A.DirId);
    B.FuseLag = Lag;
    Fused.insert(&A);
    Fused.insert(&B);
    C.R.remark(DB.HashLoc,
               "fused with " + First +
                   ": each rank runs row i of this loop "
                   "right after row i + " +
                   std::to_string(Lag) +
                   " of that one, so their rows are streamed once per pass, "
                   "not twice");
  }
}

} // namespace

void chooseFusion(Context &C, LoopStates &States) { Fusion(C, States).run(); }

} // namespace hpf::analysis
