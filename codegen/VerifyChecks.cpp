//===- codegen/VerifyChecks.cpp - HPF_VERIFY's bounds checks in nests -----===//
//
// The LoopEmitter members that check, with HPF_VERIFY=1, the subscripts of
// distributed arrays in a nest against the arrays' extents: an element
// outside them reads a halo's or a fetch's zero (or its iteration runs
// nowhere) where the sequential program is undefined, and nothing would
// tell the user. Without HPF_VERIFY the generated loops run as before:
//
//  - a subscript affine in the index v of the deepest level around the
//    element (outer levels' indices and variables the nest never changes
//    as constants), of an element read or written on every iteration of
//    that level, is checked once per run of the level, before it, at the
//    level's first and last index (hpfcc::verify_subscript in
//    runtime/hpfcc/checks.h), behind one test of a cached flag, in a
//    cold lambda of its own (the loop's code stays as without checks);
//  - a subscript through an index array (a fetched or needed read) is
//    checked per element by the inspector that computes it anyway, before
//    the loop (hpfcc/fetch.h, hpfcc/needed.h).
//
// An element read only on some iterations (under an `if`, `?:`, `&&`,
// `||`, in an inner sequential loop, or in a level whose body may
// `continue`) is not checked: the sequential program may never evaluate
// the subscript that would be outside.
//
//===----------------------------------------------------------------------===//
#include "LoopEmitter.h"

#include "../analysis/Expressions.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/Stmt.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace hpf::codegen {
namespace {

/// Whether evaluating Parent always evaluates its child Child (null: the
/// initialiser of a variable declared in Parent) once Parent runs.
bool alwaysEvaluates(const Stmt *Parent, const Stmt *Child) {
  if (const auto *If = dyn_cast<IfStmt>(Parent))
    return !Child || Child == If->getCond() || Child == If->getInit() ||
           Child == If->getConditionVariableDeclStmt();
  if (const auto *For = dyn_cast<ForStmt>(Parent)) // an inner loop
    return !Child || Child == For->getInit() || Child == For->getCond() ||
           Child == For->getConditionVariableDeclStmt();
  if (const auto *While = dyn_cast<WhileStmt>(Parent))
    return !Child || Child == While->getCond() ||
           Child == While->getConditionVariableDeclStmt();
  if (isa<DoStmt>(Parent))
    return true;
  if (const auto *Switch = dyn_cast<SwitchStmt>(Parent))
    return !Child || Child == Switch->getCond() || Child == Switch->getInit() ||
           Child == Switch->getConditionVariableDeclStmt();
  if (const auto *C = dyn_cast<ConditionalOperator>(Parent))
    return Child == C->getCond();
  if (const auto *C = dyn_cast<BinaryConditionalOperator>(Parent))
    return Child == C->getCommon() || Child == C->getOpaqueValue();
  if (const auto *B = dyn_cast<BinaryOperator>(Parent))
    return !B->isLogicalOp() || Child == B->getLHS();
  // Bodies that may run any number of times, or never, and operands that
  // are never evaluated.
  return !isa<SwitchCase, CXXForRangeStmt, LambdaExpr, CXXCatchStmt,
              UnaryExprOrTypeTraitExpr, CXXTypeidExpr, CXXNoexceptExpr,
              CoroutineBodyStmt>(Parent);
}

/// Whether a statement in S may skip the rest of an iteration (continue,
/// break, return, goto, throw, a call that does not return).
bool mayLeave(const Stmt *S) {
  return !analysis::forEachStmt(S, [](const Stmt *X) {
    if (isa<ContinueStmt, BreakStmt, ReturnStmt, GotoStmt, IndirectGotoStmt,
            CXXThrowExpr, CoreturnStmt>(X))
      return false;
    if (const auto *Call = dyn_cast<CallExpr>(X))
      if (const FunctionDecl *F = Call->getDirectCallee(); F && F->isNoReturn())
        return false;
    return true;
  });
}

} // namespace

/// The level whose body evaluates El's element on every iteration (the
/// deepest level around it), or -1. Loops in Through (a needed read's
/// inner loops, which its inspector runs as written) count as evaluating
/// their bodies.
int LoopEmitter::everyIteration(
    const Expr *Whole, const std::vector<const ForStmt *> &Through) const {
  DynTypedNode Node = DynTypedNode::create(*Whole);
  const Stmt *Child = Whole;
  for (;;) {
    DynTypedNodeList Parents = E.Ctx.getParents(Node);
    if (Parents.size() != 1)
      return -1;
    Node = Parents[0];
    if (const auto *V = Node.get<VarDecl>()) {
      if (V->isStaticLocal() || !V->isLocalVarDecl()) // initialised once
        return -1;
      Child = nullptr;
      continue;
    }
    const Stmt *P = Node.get<Stmt>();
    if (!P)
      return -1;
    // A loop the inspector runs as written (it may be an inner level).
    if (std::find(Through.begin(), Through.end(), P) != Through.end() &&
        Child == cast<ForStmt>(P)->getBody()) {
      Child = P;
      continue;
    }
    for (std::size_t K = 0; K < L.Levels.size(); ++K)
      if (P == L.Levels[K].For)
        return Child == L.Levels[K].For->getBody() ? int(K) : -1;
    if (!alwaysEvaluates(P, Child))
      return -1;
    Child = P;
  }
}

/// 0: X cannot be evaluated before level K (a call, a variable declared
/// in the nest or changed in it, an element of a distributed array,
/// anything not an integer); 1: it can and does not name the index of
/// level K; 2: it is affine in that index.
int LoopEmitter::verifyShape(const Expr *X, std::size_t K) const {
  X = X->IgnoreParens();
  if (!X->getType()->isIntegralOrEnumerationType())
    return 0;
  if (isa<IntegerLiteral, CharacterLiteral, CXXBoolLiteralExpr,
          UnaryExprOrTypeTraitExpr>(X))
    return 1;
  if (const auto *C = dyn_cast<ConstantExpr>(X))
    return verifyShape(C->getSubExpr(), K);
  if (const auto *S = dyn_cast<SubstNonTypeTemplateParmExpr>(X))
    return verifyShape(S->getReplacement(), K);
  if (const auto *C = dyn_cast<CastExpr>(X)) // implicit or explicit
    return C->getSubExpr()->getType()->isIntegralOrEnumerationType()
               ? verifyShape(C->getSubExpr(), K)
               : 0;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(X)) {
    const ValueDecl *D = DRE->getDecl();
    if (isa<EnumConstantDecl, NonTypeTemplateParmDecl>(D))
      return 1;
    const auto *V = dyn_cast<VarDecl>(D);
    if (!V)
      return 0;
    if (V == L.Levels[K].IndVar)
      return 2;
    for (std::size_t J = 0; J < K; ++J) // fixed while level K runs
      if (V == L.Levels[J].IndVar)
        return 1;
    if (E.P.ArrayByVar.count(V) ||
        E.contains(L.outer()->getSourceRange(), V->getLocation()) ||
        (!V->isLocalVarDeclOrParm() && !V->getType().isConstQualified()))
      return 0;
    // Never changed in the nest (a reduction's variable is).
    const bool Changed = !analysis::forEachDeclRef(
        L.outer()->getBody(), [&](const DeclRefExpr *R) {
          return R->getDecl() != V || analysis::onlyRead(E.Ctx, R);
        });
    return Changed ? 0 : 1;
  }
  if (const auto *U = dyn_cast<UnaryOperator>(X)) {
    const int S = verifyShape(U->getSubExpr(), K);
    switch (U->getOpcode()) {
    case UO_Plus:
    case UO_Minus:
      return S;
    case UO_Not:
    case UO_LNot:
      return S == 1 ? 1 : 0;
    default:
      return 0;
    }
  }
  if (const auto *B = dyn_cast<BinaryOperator>(X)) {
    const int A = verifyShape(B->getLHS(), K), C = verifyShape(B->getRHS(), K);
    if (!A || !C)
      return 0;
    switch (B->getOpcode()) {
    case BO_Add:
    case BO_Sub:
      return std::max(A, C);
    case BO_Mul:
      return A == 2 && C == 2 ? 0 : std::max(A, C);
    case BO_Shl:
      return C == 1 ? A : 0;
    case BO_Comma:
    case BO_Assign:
      return 0;
    default:
      return B->isCompoundAssignmentOp() || A == 2 || C == 2 ? 0 : 1;
    }
  }
  if (const auto *C = dyn_cast<ConditionalOperator>(X))
    return verifyShape(C->getCond(), K) == 1 &&
                   verifyShape(C->getTrueExpr(), K) == 1 &&
                   verifyShape(C->getFalseExpr(), K) == 1
               ? 1
               : 0;
  return 0;
}

/// The element as written, for messages (on one line).
std::string LoopEmitter::accessText(const LoopAccess &El) const {
  std::string T = E.text(El.Subs.whole()), Out;
  for (char C : T) {
    const bool Space = C == ' ' || C == '\n' || C == '\t' || C == '\r';
    if (!Space || (!Out.empty() && Out.back() != ' '))
      Out += Space ? ' ' : C;
  }
  return Out;
}

/// `hpfcc::access_info{"X", "X[i + 1]", "i", "f.cpp:12:12"}`.
std::string LoopEmitter::accessInfo(const LoopAccess &El,
                                    const VarDecl *Var) const {
  return "hpfcc::access_info{" + Emitter::quote(El.Array->Name) + ", " +
         Emitter::quote(accessText(El)) + ", " +
         (Var ? Emitter::quote(Var->getName().str()) : std::string("nullptr")) +
         ", " + E.whereLiteral(El.Subs.whole()->getBeginLoc()) + "}";
}

/// Per level, the checks before each of its runs (verifyChecks()).
void LoopEmitter::verifyChecks() {
  std::vector<std::set<std::string>> Done(L.Levels.size());
  for (const LoopAccess &El : L.Accesses) {
    const Subscripts &S = El.Subs;
    if (!El.Array || El.Array->rank() != int(S.Levels.size()) ||
        !S.whole()->getBeginLoc().isFileID())
      continue;
    const int Lv = everyIteration(S.whole(), {});
    if (Lv < 0 || mayLeave(L.Levels[std::size_t(Lv)].For->getBody()))
      continue;
    const std::size_t K = std::size_t(Lv);
    const NestLevel &Level = L.Levels[K];
    if (verifyShape(Level.Lower, K) != 1 || verifyShape(Level.Upper, K) != 1 ||
        (Level.Step && verifyShape(Level.Step, K) != 1))
      continue;
    const std::string Span = "__hpf_vs" + Id + "_" + std::to_string(K);
    const std::string Var = Level.IndVar->getName().str();
    for (std::size_t Dm = 0; Dm < S.Levels.size(); ++Dm) {
      const Expr *Sub = S.sub(Dm);
      if (!Sub->getBeginLoc().isFileID() || !Sub->getEndLoc().isFileID())
        continue;
      const int Shape = verifyShape(Sub, K);
      if (!Shape)
        continue;
      const std::string Text = E.text(Sub);
      if (!Done[K]
               .insert(El.Array->Name + "\n" + std::to_string(Dm) + "\n" + Text)
               .second)
        continue;
      std::string &Out = VerifyAt[K];
      const std::string Dim = std::to_string(Dm);
      if (Shape == 1) {
        Out += " if (!" + Span + ".empty) hpfcc::verify_index(" +
               El.Array->Name + ", " + Dim + ", static_cast<hpf::index_t>(" +
               Text + "), " + accessInfo(El, nullptr) + ");";
        continue;
      }
      const std::string Type =
          Level.IndVar->getType().getUnqualifiedType().getAsString();
      Out +=
          " hpfcc::verify_subscript(" + El.Array->Name + ", " + Dim + ", " +
          Span + ", [&](const hpf::index_t __hpf_v) -> hpf::index_t { const " +
          Type + " " + Var + " = static_cast<" + Type + ">(__hpf_v); (void)" +
          Var + "; return static_cast<hpf::index_t>(" + Text + "); }, " +
          accessInfo(El, Level.IndVar) + ");";
    }
  }
  for (auto &[K, Checks] : VerifyAt) {
    const NestLevel &Level = L.Levels[K];
    std::string Span;
    if (!Level.Step) {
      Span = "hpfcc::span_of(" + bounds(Level) + ")";
    } else {
      std::string End = E.text(Level.Upper);
      if (Level.Inclusive)
        End = "(" + End + ")" + (Level.Down ? " - 1" : " + 1");
      Span = "hpfcc::span_of_steps(" + E.text(Level.Lower) + ", " + End + ", " +
             (Level.StepNegated ? "-(" + E.text(Level.Step) + ")"
                                : "(" + E.text(Level.Step) + ")") +
             ", " + (Level.Down ? "true" : "false") + ")";
    }
    // In a function of its own, called only with HPF_VERIFY: inline, the
    // checks' code made clang compile loop1d's sweep 1.4x slower.
    Checks = "if (hpfcc::verify_bounds()) [&]() __attribute__((noinline, "
             "cold)) { const hpfcc::level_span __hpf_vs" +
             Id + "_" + std::to_string(K) + " = " + Span + ";" + Checks +
             " }(); ";
  }
}

/// Before level K's loop: its checks. An inner level's, with the loop, in
/// braces: the level may be the body of the one outside it.
void LoopEmitter::insertVerifyChecks(std::size_t K) {
  auto It = VerifyAt.find(K);
  if (It == VerifyAt.end())
    return;
  const ForStmt *For = L.Levels[K].For;
  if (K == 0) {
    E.RW.InsertTextBefore(For->getForLoc(), It->second);
    return;
  }
  E.RW.InsertTextBefore(For->getForLoc(), "{ " + It->second);
  E.RW.InsertTextAfter(E.afterLoop(For), " }");
}

/// The inspector's check of a fetched read (hpfcc::fetched's access_info):
/// the first of the reads sharing the fetch that is made on every
/// iteration of the outermost level, or none.
std::string LoopEmitter::fetchedInfo(const DistArray *A,
                                     const std::string &Sub) const {
  for (const LoopAccess &El : L.Accesses)
    if (El.Array == A && L.Fetched.count(El.Subs.whole()) &&
        E.text(El.Subs.sub(0)) == Sub &&
        El.Subs.whole()->getBeginLoc().isFileID() &&
        everyIteration(El.Subs.whole(), {}) == 0 &&
        !mayLeave(L.Levels.front().For->getBody()))
      return accessInfo(El, L.Levels.front().IndVar);
  return "hpfcc::access_info{}";
}

/// The inspector's check of a needed read (`__hpf_need(Col[k], info)`): a
/// read made on every iteration of the inner loops on its path, or none.
std::string LoopEmitter::neededInfo(const analysis::NeededRead &R) const {
  if (!R.Read->getBeginLoc().isFileID() ||
      everyIteration(R.Read, R.Path) != 0 ||
      mayLeave(L.Levels.front().For->getBody()))
    return "";
  for (const LoopAccess &El : L.Accesses)
    if (El.Subs.whole() == R.Read)
      return ", " + accessInfo(El, L.Levels.front().IndVar);
  return "";
}

} // namespace hpf::codegen
