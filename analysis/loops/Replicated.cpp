//===- analysis/loops/Replicated.cpp - nests that cannot run in parallel --===//
//
// An independent loop (nest) whose inner loop is not marked independent and
// writes elements over a distributed dimension at that loop's index, with a
// dependence the proof (LoopProof.cpp) cannot rule out, e.g. the recurrence
//
//   #pragma hpf independent
//   for (int i = 0; i < N; ++i)
//     for (int j = 1; j < M; ++j) X[i][j] = X[i][j - 1] + t; // X (block,
//     block)
//
// is a valid program: its meaning is the sequential one. No rank owns all
// the elements one iteration of the outer loop touches, so the nest runs
// as replicated code does: on every rank, over whole copies of the arrays
// it uses (one gather each before the nest), after which each rank keeps
// the elements it owns of the arrays it wrote (no messages). A warning at
// the inner loop says why and how to make the nest parallel. Loops the
// user marked independent whose iterations conflict stay errors: the
// assertion is false, there is no sequential meaning to fall back on.
//
//===----------------------------------------------------------------------===//
#include "loops/Replicated.h"
#include "Phases.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/RecursiveASTVisitor.h"

#include <algorithm>
#include <map>

using namespace clang;

namespace hpf::analysis {

namespace {

/// The index variables of the for loops inside a nest that are not its
/// levels (not in lambdas).
class UnmarkedFinder : public RecursiveASTVisitor<UnmarkedFinder> {
public:
  explicit UnmarkedFinder(const OwnerLoop &L) : L(L) {}
  std::map<const VarDecl *, const ForStmt *> Found;
  bool TraverseLambdaExpr(LambdaExpr *) { return true; }
  bool VisitForStmt(ForStmt *S) {
    for (const NestLevel &Lv : L.Levels)
      if (Lv.For == S)
        return true;
    const auto *Init = dyn_cast_or_null<DeclStmt>(S->getInit());
    if (Init)
      for (const Decl *D : Init->decls())
        if (const auto *VD = dyn_cast<VarDecl>(D))
          Found[VD] = S;
    return true;
  }

private:
  const OwnerLoop &L;
};

/// The first variable of Vars that E uses.
const VarDecl *
firstUse(const Stmt *E,
         const std::map<const VarDecl *, const ForStmt *> &Vars) {
  if (!E)
    return nullptr;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
    if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()); Vars.count(VD))
      return VD;
  for (const Stmt *C : E->children())
    if (const VarDecl *VD = firstUse(C, Vars))
      return VD;
  return nullptr;
}

std::map<const VarDecl *, const ForStmt *> unmarkedLoops(const OwnerLoop &L) {
  UnmarkedFinder F(L);
  F.TraverseStmt(const_cast<Stmt *>(L.outer()->getBody()));
  return F.Found;
}

} // namespace

const VarDecl *unmarkedIndex(const OwnerLoop &L, const Expr *S) {
  return firstUse(S, unmarkedLoops(L));
}

const VarDecl *recurrenceIndex(const OwnerLoop &L, const Subscripts &Element,
                               const Expr *S) {
  const std::map<const VarDecl *, const ForStmt *> Loops = unmarkedLoops(L);
  const VarDecl *U = firstUse(S, Loops);
  if (!U)
    return nullptr;
  // Where the element depends on: its subscripts, and the loops (bounds,
  // step) of the unmarked indices they use.
  std::vector<const Stmt *> Deps;
  for (std::size_t D = 0; D < Element.Levels.size(); ++D) {
    const Expr *Sub = Element.sub(D);
    Deps.push_back(Sub);
    for (const auto &[V, For] : Loops)
      if (firstUse(Sub, {{V, For}}))
        Deps.insert(Deps.end(),
                    {For->getInit(), For->getCond(), For->getInc()});
  }
  // Every loop the user marked independent must change the element: if
  // not, its iterations all write it (`V[j] = t` inside a loop over i), a
  // conflict the user asserted away, which stays an error.
  for (std::size_t K = 0; K < L.Levels.size(); ++K) {
    const NestLevel &Lv = L.Levels[K];
    if (K > 0 && Lv.DirId == L.DirId)
      continue; // proven independent (LoopProof.cpp), not marked
    bool Used = false;
    for (const Stmt *Dep : Deps)
      Used |= firstUse(Dep, {{Lv.IndVar, Lv.For}}) != nullptr;
    if (!Used)
      return nullptr;
  }
  return U;
}

void replicate(Context &C, OwnerLoop &L, const VarDecl *Index,
               const DistArray *X, int Dim) {
  L.Replicated = true;
  L.dropHome();
  L.CheckAligned.clear();
  L.GatherIfMisaligned.clear();
  L.Halos.clear();
  L.Realigned.clear();
  L.Written.clear();
  // What the copies cost: every element of each array on every rank.
  std::vector<DistArray *> Copied;
  long long Elements = 0, Bytes = 0;
  bool RunTime = false;
  for (LoopAccess &Acc : L.Accesses) {
    Acc.Kind = LoopAccess::Gathered;
    Acc.Segment.clear();
    if (!Acc.Read)
      L.Written.insert(Acc.Array);
    if (std::find(Copied.begin(), Copied.end(), Acc.Array) != Copied.end())
      continue;
    Copied.push_back(Acc.Array);
    QualType ET = Acc.Array->Var->getType().getNonReferenceType();
    while (const ArrayType *AT = C.Ctx.getAsArrayType(ET))
      ET = AT->getElementType();
    if (Acc.Array->runtimeExtent()) {
      RunTime = true;
      continue;
    }
    Elements += Acc.Array->Extent;
    Bytes += Acc.Array->Extent * C.Ctx.getTypeSizeInChars(ET).getQuantity();
  }
  std::string Names;
  for (std::size_t K = 0; K < Copied.size(); ++K)
    Names += std::string(K ? ", " : "") + "'" + Copied[K]->Name + "'";
  std::string Cost =
      RunTime ? "every element of each gathered on every rank before it"
              : std::to_string(Elements) +
                    " elements gathered on every rank before it, " +
                    std::to_string(Bytes) + " bytes per rank";
  // I/O in the body is replicated code's now: rank 0 does it, in order
  // (the per-rank warnings of a parallel nest do not apply).
  std::string Io;
  for (const OwnerLoop::ParallelOnly &N : L.IfParallel)
    if (N.Kind == OwnerLoop::ParallelOnly::Output &&
        Io.find("output") == std::string::npos)
      Io += "; output inside it keeps the sequential order";
    else if (N.Kind == OwnerLoop::ParallelOnly::Input &&
             Io.find("input") == std::string::npos)
      Io += "; input inside it is read once and every rank gets it";
  const ForStmt *For = unmarkedLoops(L)[Index];
  const std::string Where = X->rank() > 1 ? "distributed dimension " +
                                                std::to_string(Dim) + " of '" +
                                                X->Name + "'"
                                          : "distributed '" + X->Name + "'";
  // Why the proof failed, before what the I/O becomes.
  if (auto It = L.Unproven.find(For); It != L.Unproven.end())
    Io = "; it is not proven independent: " + It->second + Io;
  C.R.warning(For ? For->getForLoc() : Index->getLocation(),
              "the loop over '" + Index->getName().str() +
                  "' is not marked independent and its iterations may "
                  "depend on each other through " +
                  Where +
                  ", so the nest cannot run in parallel: every rank runs "
                  "all of it on copies of " +
                  Names + " (" + Cost +
                  ") and keeps the elements it owns; to run it in parallel, " +
                  (X->rank() > 1 ? "distribute that dimension '*' or " : "") +
                  "remove the dependence (if the iterations are independent, "
                  "mark the loop '#pragma hpf independent')" +
                  Io);
}

void reportIfParallel(Context &C, OwnerLoop &L) {
  // A loop with a home array runs its iterations on their owners, and one
  // split by its iterations on their ranks (its I/O stays per rank:
  // codegen/Rewrite.cpp); any other runs on every rank, a fallback nest
  // (Home null) included.
  if (L.Home || L.SplitIterations)
    for (const OwnerLoop::ParallelOnly &N : L.IfParallel) {
      if (N.Kind == OwnerLoop::ParallelOnly::Level)
        C.R.remark(N.Loc, N.Message);
      else if (N.Kind == OwnerLoop::ParallelOnly::Collective ||
               N.Kind == OwnerLoop::ParallelOnly::Error)
        C.R.error(N.Loc, N.Message);
      else
        C.R.warning(N.Loc, N.Message);
      if (N.NoteLoc.isValid())
        C.R.note(N.NoteLoc, N.Note);
    }
  L.IfParallel.clear(); // reported once
}

} // namespace hpf::analysis
