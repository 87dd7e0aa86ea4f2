//===- analysis/reads/InspectionWindow.cpp - kept inspections -------------===//
//
// A nest's inspectors (NeededReads.cpp, and FetchedReads.cpp for a
// subscript through an index array) list the elements its iterations read:
// for a CSR product a pass over `Col`, about as long as the product. An
// iterative solver runs the product in a loop that never changes `Col` or
// `RowStart`; HPF/JA asks the user to say so (INDEX_REUSE). Here the
// compiler proves it instead: the outermost loop around the nest, in its
// function, in which nothing can write a variable an inspector reads. The
// inspectors then run once per run of that loop (hpfcc::inspection_window,
// runtime/hpfcc/fetch.h) and afterwards only check, without a message, that
// the bounds and mappings are the ones the plan was built for.
//
// The proof is syntactic and conservative. Each variable an inspector
// reads (declared outside the nest; constants need nothing) must be an
// array of numbers or a number (no pointer or reference, whose target other
// names reach), not dynamic if distributed (a redistribution moves its
// elements without a write by name), not a static member, of external
// linkage only in a whole program (Options::WholeProgram: another file's
// code may run during the loop), and
// (the whole-program parts are in ProgramWrites.cpp)
//  - nowhere in the translation unit (in its function, for a local) is it
//    used but by name: read, or assigned element by element (`Col[k] = c`,
//    `++n`); no address, reference or pointer to it exists, no const
//    reference handed to the program's own functions (`const_cast`), no
//    other name for its storage (`__asm__`); redeclarations are one
//    variable;
//  - nothing the loop runs writes it: the loop itself and every function
//    it reaches, transitively: calls, constructors, destructors (of
//    temporaries, members and bases), operator new and delete, default
//    arguments and member initializers, the implicit calls of range fors
//    and tuple-like bindings, cleanup attributes. A call through a pointer,
//    a virtual call or destructor, a call of a function defined in another
//    file, or a library call given a callable, a user type or a polymorphic
//    library object (a stream with the program's buffer) ends the proof;
//  - no function that may run without a direct call (address taken,
//    coroutine, virtual, function object, lambda handed on or without
//    captures, member of a class handed to the library, replacement
//    operator new, thread_local initializer) writes it when it runs; no
//    asm statement or function alias anywhere;
//  - it is not declared inside the loop (a new variable each iteration);
//  - the loop holds no label, and no case label of a switch around it (a
//    jump into it would skip the window's declaration), no call that
//    returns twice (setjmp), and carries no attribute or loop pragma.
//
//===----------------------------------------------------------------------===//
#include "Expressions.h"
#include "Phases.h"
#include "effects/ProgramWrites.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"

#include <algorithm>
#include <functional>
#include <set>
#include <vector>

using namespace clang;

namespace hpf::analysis {

namespace {

/// The loop whose body holds S, in the same function (no lambda or
/// captured statement between), or null.
const Stmt *enclosingLoop(ASTContext &Ctx, const Stmt *S) {
  for (;;) {
    auto Ps = Ctx.getParents(*S);
    if (Ps.size() != 1)
      return nullptr;
    const Stmt *P = Ps[0].get<Stmt>();
    if (!P || isa<LambdaExpr, CapturedStmt, StmtExpr>(P))
      return nullptr;
    if (const Stmt *Body = loopBody(P))
      return Body == S ? P : nullptr; // not from a loop's header
    S = P;
  }
}

/// The statements the nest's inspectors evaluate: the subscripts of its
/// Needed reads and their path loops' headers, and the subscripts of its
/// Fetched reads that are not affine (an affine one is not inspected per
/// run).
std::vector<const Stmt *> inspectedCode(const OwnerLoop &L) {
  std::vector<const Stmt *> Code;
  for (const auto &[X, Reads] : L.Needed)
    for (const NeededRead &R : Reads) {
      Code.push_back(R.Sub);
      for (const ForStmt *F : R.Path)
        Code.insert(Code.end(), {F->getInit(), F->getCond(), F->getInc()});
    }
  for (const auto &[Whole, F] : L.Fetched)
    if (!F.Affine) {
      Subscripts S;
      if (subscriptChain(Whole, S) && !S.Levels.empty())
        Code.push_back(S.sub(0));
    }
  return Code;
}

/// The variables in Code declared outside the nest (canonical
/// declarations) but constants.
std::set<const VarDecl *> inspected(ASTContext &Ctx, const OwnerLoop &L,
                                    const std::vector<const Stmt *> &Code) {
  std::set<const VarDecl *> Vars;
  const SourceManager &SM = Ctx.getSourceManager();
  const SourceLocation Nest = L.outer()->getBeginLoc();
  for (const Stmt *S : Code)
    forEachDeclRef(S, [&](const DeclRefExpr *DRE) {
      if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl());
          V && SM.isBeforeInTranslationUnit(V->getLocation(), Nest) &&
          !V->isUsableInConstantExpressions(Ctx))
        Vars.insert(V->getCanonicalDecl());
      return true;
    });
  return Vars;
}

} // namespace

namespace {

/// Why Loop cannot hold a window whatever it writes (empty if it can): a
/// level of a nest (hpfcc rewrites its header), a header in a macro, or a
/// variable of Vars declared inside it (a new one each iteration).
std::string stopsWindow(Context &C, const Stmt *Loop,
                        const std::set<const VarDecl *> &Vars) {
  for (const OwnerLoop &O : C.P.Loops)
    for (const NestLevel &Lv : O.Levels)
      if (Lv.For == Loop)
        return "a level of a nest";
  if (!Loop->getBeginLoc().isFileID() || !Loop->getEndLoc().isFileID())
    return "a loop written in a macro";
  // `#pragma unroll` or `[[...]]` before it: the window cannot come between.
  if (const auto Ps = C.Ctx.getParents(*Loop);
      !Ps.empty() && Ps[0].get<AttributedStmt>())
    return "a loop with attributes or a loop pragma";
  const SourceRange R = Loop->getSourceRange();
  for (const VarDecl *V : Vars)
    for (const VarDecl *D : V->redecls())
      if (!C.SM.isBeforeInTranslationUnit(D->getLocation(), R.getBegin()) &&
          !C.SM.isBeforeInTranslationUnit(R.getEnd(), D->getLocation()))
        return "'" + V->getName().str() + "' is declared in it";
  return "";
}

/// The outermost loop around L's nest, in its function, whose iterations
/// cannot change what L's inspectors read; null, and Why says what stops
/// it, if there is none.
const Stmt *windowLoop(Context &C, const OwnerLoop &L,
                       const std::vector<const Stmt *> &Code,
                       std::string &Why) {
  const Stmt *Loop = enclosingLoop(C.Ctx, L.outer());
  if (!Loop) {
    Why = "no loop around the nest in its function";
    return nullptr;
  }
  const std::set<const VarDecl *> Vars = inspected(C.Ctx, L, Code);
  // A const variable cannot change while it lives (but one declared in the
  // loop is a new one each iteration, below).
  std::set<const VarDecl *> Tracked;
  for (const VarDecl *V : Vars) {
    if (V->getType().isConstant(C.Ctx))
      continue;
    Tracked.insert(V);
    // A distributed index array (read from its local storage, aligned with
    // the loop) keeps its elements where they are unless it is
    // redistributed, which a dynamic one may be without a write by name.
    if (const DistArray *A = C.P.arrayOfAnyDecl(V); A && A->Dynamic) {
      Why = "'" + V->getName().str() +
            "' is dynamic (a redistribution moves its elements)";
      return nullptr;
    }
    if (std::string W = untrackedVariable(C.Ctx, V); !W.empty()) {
      Why = W;
      return nullptr;
    }
    // Another file may name it: its code can run during the loop (a
    // signal handler, a thread started by a global constructor).
    if (!C.Opts.WholeProgram && !V->hasLocalStorage() &&
        V->hasExternalFormalLinkage()) {
      Why = "'" + V->getName().str() +
            "' may be written by other files (declare it static, or build "
            "the program from this file alone: hpfcc f.cpp -o f, or "
            "--hpf-whole-program)";
      return nullptr;
    }
  }
  if (!Tracked.empty())
    if (std::string W = indirectWriter(C.Effects, C.Ctx, Tracked); !W.empty()) {
      Why = W;
      return nullptr;
    }
  const Stmt *Kept = nullptr;
  for (; Loop; Loop = enclosingLoop(C.Ctx, Loop)) {
    std::string Stop = stopsWindow(C, Loop, Vars);
    if (Stop.empty()) {
      Stop = writesIn(C.Effects, C.Ctx, Tracked, Loop);
    }
    if (!Stop.empty()) {
      if (!Kept)
        Why = "in the loop at line " + lineOf(C.SM, Loop->getBeginLoc()) +
              ", " + Stop;
      break;
    }
    Kept = Loop;
  }
  return Kept;
}

/// Whether the generated code can trace every load the Needed reads'
/// inspectors make (hpfcc::needed_copy_kept): each expression in them is
/// written in the file, not in a macro (the code generator wraps loads in
/// the text as written), and none reads a volatile variable.
bool traceable(const OwnerLoop &L, const SourceManager &SM) {
  std::function<bool(const Stmt *)> Ok = [&](const Stmt *S) {
    if (!S)
      return true;
    if (const auto *E = dyn_cast<Expr>(S)) {
      if (!E->getBeginLoc().isFileID() || !E->getEndLoc().isFileID() ||
          !SM.isWrittenInSameFile(E->getBeginLoc(), E->getEndLoc()))
        return false;
      if (E->getType().isVolatileQualified())
        return false;
      if (isa<UnaryExprOrTypeTraitExpr>(E)) // sizeof: nothing is loaded
        return true;
    }
    for (const Stmt *Ch : S->children())
      if (!Ok(Ch))
        return false;
    return true;
  };
  for (const auto &[X, Reads] : L.Needed)
    for (const NeededRead &R : Reads) {
      if (!Ok(R.Sub))
        return false;
      for (const ForStmt *F : R.Path) {
        const auto *DS = cast<DeclStmt>(F->getInit());
        if (!Ok(cast<VarDecl>(DS->getSingleDecl())->getInit()) ||
            !Ok(F->getCond()) || !Ok(F->getInc()))
          return false;
      }
    }
  return true;
}

} // namespace

void chooseInspectionWindow(Context &C, OwnerLoop &L) {
  const std::vector<const Stmt *> Code = inspectedCode(L);
  if (Code.empty())
    return;
  std::string Why;
  L.InspectionWindow = windowLoop(C, L, Code, Why);
  // No proof: the needed reads' listing is kept anyway and checked at run
  // time against a copy of what it read (exact, and as cheap as one pass
  // over the index data, a fraction of an inspection).
  L.KeptInspection =
      !L.InspectionWindow && !L.Needed.empty() && traceable(L, C.SM);
  if (L.KeptInspection) {
    const bool Fetched =
        std::any_of(L.Fetched.begin(), L.Fetched.end(),
                    [](const auto &F) { return !F.second.Affine; });
    C.R.remark(Code.front()->getBeginLoc(),
               "the listing of needed elements is kept across runs and "
               "checked at run time: before each run every rank compares "
               "the index data its last listing read with a copy, and they "
               "list again only if one differs (one MPI_Allreduce); it "
               "cannot be proved unchanged (" +
                   Why + ")" +
                   (Fetched ? "; the reads at the loop's index through index "
                              "arrays are listed before every run"
                            : ""));
    return;
  }
  C.R.remark(Code.front()->getBeginLoc(),
             L.InspectionWindow
                 ? "the elements read through index arrays are listed once "
                   "per run of the loop at line " +
                       lineOf(C.SM, L.InspectionWindow->getBeginLoc()) +
                       ": nothing in it changes what the listing reads"
                 : "the elements read through index arrays are listed "
                   "before every run of the loop: " +
                       Why);
}

} // namespace hpf::analysis
