//===- analysis/InspectionWindow.cpp - inspections kept across a loop -----===//
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
// elements without a write by name), and
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
//  - no function that writes it, or calls one that does, can run without
//    a direct call: address taken, coroutine, virtual, function object,
//    lambda handed on, replacement operator new, thread_local initializer;
//    no asm statement anywhere;
//  - it is not declared inside the loop (a new variable each iteration);
//  - the loop holds no label, and no case label of a switch around it (a
//    jump into it would skip the window's declaration), no call that
//    returns twice (setjmp), and carries no attribute or loop pragma.
//
//===----------------------------------------------------------------------===//
#include "Expressions.h"
#include "Phases.h"
#include "ProgramWrites.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"

#include <set>
#include <vector>

using namespace clang;

namespace hpf::analysis {

namespace {

/// Whether a library function given a value of type T cannot call back
/// into the program: numbers, pointers to them, and library classes of
/// such (std::vector<double>, std::ostream); not a function, lambda, user
/// class or std::function (a function type argument).
bool harmlessArgument(const SourceManager &SM, QualType T, int Depth = 0) {
  if (Depth > 8)
    return false;
  T = T.getNonReferenceType().getCanonicalType();
  while (T->isPointerType() || T->isArrayType())
    T = T->isPointerType() ? T->getPointeeType().getCanonicalType()
                           : QualType(T->getArrayElementTypeNoTypeQual(), 0);
  if (T->isFunctionType() || T->isMemberPointerType())
    return false;
  const CXXRecordDecl *RD = T->getAsCXXRecordDecl();
  if (!RD)
    return true;
  // A polymorphic library class (a stream and its buffer, a locale) may
  // call a user's override.
  if (RD->isLambda() || !inSystemHeader(SM, RD->getLocation()) ||
      (RD->hasDefinition() && RD->isPolymorphic()))
    return false;
  if (const auto *TS = dyn_cast<ClassTemplateSpecializationDecl>(RD))
    for (const TemplateArgument &A : TS->getTemplateArgs().asArray())
      if (A.getKind() == TemplateArgument::Type &&
          !harmlessArgument(SM, A.getAsType(), Depth + 1))
        return false;
  return true;
}

/// What the loop (and what it calls) may do to the inspector's variables.
class LoopWrites : public RecursiveASTVisitor<LoopWrites> {
public:
  LoopWrites(ASTContext &Ctx, const std::set<const VarDecl *> &Vars)
      : Ctx(Ctx), SM(Ctx.getSourceManager()), Vars(Vars) {}

  /// Walks S and every function it reaches; false (Why set) if a variable
  /// may be written.
  bool clean(const Stmt *S) {
    TraverseStmt(const_cast<Stmt *>(S));
    InLoop = false;
    while (Why.empty() && !Queue.empty()) {
      const FunctionDecl *F = Queue.back();
      Queue.pop_back();
      if (const auto *Ctor = dyn_cast<CXXConstructorDecl>(F))
        for (const CXXCtorInitializer *I : Ctor->inits())
          TraverseStmt(I->getInit());
      TraverseStmt(F->getBody());
    }
    return Why.empty();
  }
  std::string Why;

  /// The begin, end, `!=` and `++` of a range for, a structured binding's
  /// get<I>(): implicit code that runs.
  bool shouldVisitImplicitCode() const { return true; }
  /// A carrier's `decltype((...))` (pragma-parser) is not evaluated.
  bool TraverseDecltypeTypeLoc(DecltypeTypeLoc) { return true; }
  bool VisitLabelStmt(LabelStmt *) {
    if (InLoop)
      return fail("it holds a label (a jump into it would skip the window)");
    return true;
  }
  bool VisitSwitchStmt(SwitchStmt *S) {
    for (SwitchCase *C = S->getSwitchCaseList(); C; C = C->getNextSwitchCase())
      OwnCases.insert(C);
    return true;
  }
  bool VisitSwitchCase(SwitchCase *C) {
    if (InLoop && !OwnCases.count(C)) // a jump into it from a switch outside
      return fail("it holds a case label of a switch around it");
    return true;
  }
  bool VisitVarDecl(VarDecl *V) {
    destroys(V->getType(), V->getLocation());
    if (const auto *A = V->getAttr<CleanupAttr>())
      reach(A->getFunctionDecl(), V->getLocation());
    return Why.empty();
  }
  /// A tuple-like structured binding's get<I>() initializes a variable
  /// the traversal does not enter.
  bool VisitBindingDecl(BindingDecl *B) {
    if (VarDecl *H = B->getHoldingVar())
      return TraverseStmt(H->getInit());
    return true;
  }
  bool VisitDeclRefExpr(DeclRefExpr *E) {
    if (const auto *F = dyn_cast<FunctionDecl>(E->getDecl()))
      return reach(F, E->getBeginLoc()); // called here or passed on
    const auto *V = dyn_cast<VarDecl>(E->getDecl());
    if (!V || !Vars.count(V->getCanonicalDecl()))
      return true;
    if (!onlyRead(Ctx, outermostElement(Ctx, E)))
      return fail("'" + V->getName().str() + "' is written at line " +
                  lineOf(SM, E->getBeginLoc()));
    return true;
  }
  bool VisitCallExpr(CallExpr *E) {
    const FunctionDecl *F = E->getDirectCallee();
    if (!F)
      return fail("a call through a pointer at line " +
                  lineOf(SM, E->getBeginLoc()));
    if (const auto *M = dyn_cast<CXXMethodDecl>(F);
        M && M->isVirtual() && !M->hasAttr<FinalAttr>() &&
        !M->getParent()->hasAttr<FinalAttr>())
      return fail("a virtual call at line " + lineOf(SM, E->getBeginLoc()));
    if (F->hasAttr<ReturnsTwiceAttr>() ||
        llvm::is_contained({"setjmp", "_setjmp", "sigsetjmp", "__sigsetjmp",
                            "getcontext", "vfork"},
                           F->getName()))
      return fail("a call of '" + F->getNameAsString() +
                  "', which may return twice, at line " +
                  lineOf(SM, E->getBeginLoc()));
    if (inSystemHeader(SM, F->getLocation())) {
      const auto *MC = dyn_cast<CXXMemberCallExpr>(E);
      return library(F, {E->getArgs(), E->getNumArgs()}, E->getType(),
                     MC ? MC->getImplicitObjectArgument() : nullptr,
                     E->getBeginLoc());
    }
    return reach(F, E->getBeginLoc());
  }
  bool VisitCXXConstructExpr(CXXConstructExpr *E) {
    const CXXConstructorDecl *F = E->getConstructor();
    if (inSystemHeader(SM, F->getLocation()))
      return library(F, {E->getArgs(), E->getNumArgs()}, E->getType(), nullptr,
                     E->getBeginLoc());
    destroys(E->getType(), E->getBeginLoc());
    return reach(F, E->getBeginLoc());
  }
  bool VisitCXXInheritedCtorInitExpr(CXXInheritedCtorInitExpr *E) {
    return reach(E->getConstructor(), E->getBeginLoc());
  }
  bool VisitCXXNewExpr(CXXNewExpr *E) {
    if (const FunctionDecl *F = E->getOperatorNew())
      reach(F, E->getBeginLoc());
    if (const FunctionDecl *F = E->getOperatorDelete())
      reach(F, E->getBeginLoc());
    return Why.empty();
  }
  bool VisitCXXDeleteExpr(CXXDeleteExpr *E) {
    destroys(E->getDestroyedType(), E->getBeginLoc());
    if (const FunctionDecl *F = E->getOperatorDelete())
      reach(F, E->getBeginLoc());
    return Why.empty();
  }
  bool VisitCXXBindTemporaryExpr(CXXBindTemporaryExpr *E) {
    destroys(E->getType(), E->getBeginLoc());
    return Why.empty();
  }
  // Default arguments and member initializers are evaluated where they are
  // used, but the traversal does not enter them there.
  bool VisitCXXDefaultArgExpr(CXXDefaultArgExpr *E) {
    return TraverseStmt(E->getExpr());
  }
  bool VisitCXXDefaultInitExpr(CXXDefaultInitExpr *E) {
    return TraverseStmt(E->getExpr());
  }

private:
  ASTContext &Ctx;
  const SourceManager &SM;
  const std::set<const VarDecl *> &Vars;
  std::set<const FunctionDecl *> Seen;
  std::set<const SwitchCase *> OwnCases;
  std::vector<const FunctionDecl *> Queue;
  /// False once the walk has left the loop for the functions it calls.
  bool InLoop = true;

  bool fail(std::string W) {
    if (Why.empty())
      Why = std::move(W);
    return false;
  }
  /// A library call of F: whether what it may construct or call back
  /// (its arguments, its object, its result, its template arguments:
  /// std::make_unique<T>) is harmless.
  bool library(const FunctionDecl *F, llvm::ArrayRef<const Expr *> Args,
               QualType Result, const Expr *Object, SourceLocation L) {
    for (const Expr *A : Args)
      if (!harmlessArgument(SM, A->getType()))
        return libraryCall(F, L);
    if (!harmlessArgument(SM, Result) ||
        (Object && !harmlessArgument(SM, Object->getType())))
      return libraryCall(F, L);
    if (const TemplateArgumentList *TA = F->getTemplateSpecializationArgs())
      for (const TemplateArgument &A : TA->asArray())
        if (A.getKind() == TemplateArgument::Type &&
            !harmlessArgument(SM, A.getAsType()))
          return libraryCall(F, L);
    return true;
  }
  bool libraryCall(const FunctionDecl *F, SourceLocation L) {
    return fail("a call of '" + F->getNameAsString() +
                "' given a callable or a user type at line " + lineOf(SM, L));
  }
  /// The destructors of a user class, its members and its bases, run when
  /// an object of type T goes.
  void destroys(QualType T, SourceLocation L, int Depth = 0) {
    const CXXRecordDecl *RD =
        T->getBaseElementTypeUnsafe()->getAsCXXRecordDecl();
    if (!RD || !RD->hasDefinition())
      return;
    if (Depth > 16) {
      fail("a class nested too deep to follow at line " + lineOf(SM, L));
      return;
    }
    if (inSystemHeader(SM, RD->getLocation())) {
      // A library container destroys its elements (std::vector<T>).
      if (const auto *TS = dyn_cast<ClassTemplateSpecializationDecl>(RD))
        for (const TemplateArgument &A : TS->getTemplateArgs().asArray())
          if (A.getKind() == TemplateArgument::Type)
            destroys(A.getAsType(), L, Depth + 1);
      return;
    }
    if (const CXXDestructorDecl *D = RD->getDestructor()) {
      if (D->isVirtual()) // a derived class's, maybe from another file
        fail("a virtual destructor at line " + lineOf(SM, L));
      else
        reach(D, L);
    }
    for (const FieldDecl *F : RD->fields())
      destroys(F->getType(), L, Depth + 1);
    for (const CXXBaseSpecifier &B : RD->bases())
      destroys(B.getType(), L, Depth + 1);
  }
  /// F runs in the loop: walked later, if the program defines it here.
  bool reach(const FunctionDecl *F, SourceLocation L) {
    if (inSystemHeader(SM, F->getLocation()))
      return true;
    const FunctionDecl *Def = nullptr;
    if (!F->hasBody(Def) || !Def->getBody()) {
      if (F->isDefaulted() || F->isTrivial())
        return true;
      return fail("a call of '" + F->getNameAsString() +
                  "', defined in another file, at line " + lineOf(SM, L));
    }
    if (Seen.size() > 256)
      return fail("it calls too many functions to follow");
    if (Seen.insert(Def).second)
      Queue.push_back(Def);
    return true;
  }
};

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
                                    std::vector<const Stmt *> Todo) {
  std::set<const VarDecl *> Vars;
  const SourceManager &SM = Ctx.getSourceManager();
  const SourceLocation Nest = L.outer()->getBeginLoc();
  while (!Todo.empty()) {
    const Stmt *S = Todo.back();
    Todo.pop_back();
    if (!S)
      continue;
    if (const auto *DRE = dyn_cast<DeclRefExpr>(S))
      if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl());
          V && SM.isBeforeInTranslationUnit(V->getLocation(), Nest) &&
          !V->isUsableInConstantExpressions(Ctx))
        Vars.insert(V->getCanonicalDecl());
    for (const Stmt *C : S->children())
      Todo.push_back(C);
  }
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
    for (const VarDecl *D : V->redecls())
      if (auto It = C.P.ArrayByVar.find(D);
          It != C.P.ArrayByVar.end() && It->second->Dynamic) {
        Why = "'" + V->getName().str() +
              "' is dynamic (a redistribution moves its elements)";
        return nullptr;
      }
    if (std::string W = untrackedVariable(C.Ctx, V); !W.empty()) {
      Why = W;
      return nullptr;
    }
  }
  if (!Tracked.empty())
    if (std::string W = indirectWriter(C.Ctx, Tracked); !W.empty()) {
      Why = W;
      return nullptr;
    }
  const Stmt *Kept = nullptr;
  for (; Loop; Loop = enclosingLoop(C.Ctx, Loop)) {
    std::string Stop = stopsWindow(C, Loop, Vars);
    if (Stop.empty()) {
      LoopWrites Writes(C.Ctx, Tracked);
      if (!Writes.clean(Loop))
        Stop = Writes.Why;
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

} // namespace

void chooseInspectionWindow(Context &C, OwnerLoop &L) {
  const std::vector<const Stmt *> Code = inspectedCode(L);
  if (Code.empty())
    return;
  std::string Why;
  L.InspectionWindow = windowLoop(C, L, Code, Why);
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
