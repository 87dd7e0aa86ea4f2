//===- analysis/replicated/ReadBatches.cpp - a replicated loop's reads ----===//
//
// An element read of replicated code is a broadcast from its owner, so a
// loop of such reads is a loop of broadcasts (NAS FT's checksum reads 1024
// elements per time step; at 4 ranks on 2 cores each costs milliseconds).
// When an inspector can list every element the loop will read before it
// runs, one exchange serves them all (hpfcc::read_batch). That takes:
//
// - a `for` loop whose index is declared in its header (or assigned there,
//   an integer of the function's own) and changed only by the header's
//   increment (`++j`, `j += c`);
// - reads that every iteration makes (not under an if, a ?:, `&&`/`||`, an
//   inner loop), outside macros;
// - subscripts, condition and increment without side effects: no calls,
//   assignments or lambdas, only the index, variables the loop does not
//   change (by the mutation analysis of the loop and the effects analysis
//   of its calls) and variables declared at the top of the body from such
//   expressions and not changed after (`int q = j % NX;`), whose
//   declarations the inspector copies, or assigned there (`q = j % NX;`,
//   q a number declared before the loop, only read or assigned anywhere,
//   assigned nowhere else in the loop), which the inspector declares;
// - no jump out of the body (break, return, goto, throw), no code the
//   effects analysis cannot follow, no directive inside;
// - arrays the loop does not write (no element store, no call writing
//   them).
//
// The inspector evaluates exactly what the loop would before each read, so
// the values listed are the ones the reads would broadcast.
//
//===----------------------------------------------------------------------===//
#include "Expressions.h"
#include "Phases.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ASTLambda.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Analysis/Analyses/ExprMutationAnalyzer.h"

#include <map>

using namespace clang;

namespace hpf::analysis {

namespace {

class LoopFacts {
public:
  LoopFacts(Context &C, const ForStmt *L, const FunctionDecl *F)
      : L(L), Body(L->getBody()), C(C), Fn(F), LoopMA(*L, C.Ctx) {
    if (const auto *CS = dyn_cast<CompoundStmt>(Body))
      Tops.assign(CS->body_begin(), CS->body_end());
    else
      Tops.push_back(Body);
    // First: the header's variables must not be written by its calls.
    E = C.Effects.ofStatement(L, F);
    if (E.Throws || E.Exits || E.Opaque || E.WritesThrough || E.Callback)
      Why = "it may throw, exit or run code hpfcc cannot follow";
    else if (!header())
      Why = "its header is not 'for (int i = a; condition; i += c)' "
            "without calls or assignments";
    else if (leavesEarly(Body) || !forEachStmt(Body, [](const Stmt *S) {
               return !isa<CXXTryStmt>(S);
             }))
      Why = "its body may leave it early (break, continue, return, goto, "
            "throw)";
    else if (!noDirectiveInside())
      Why = "it holds an hpf directive";
    else if (!noWholeArrayCodeInside())
      Why = "it holds a standard algorithm or range-for over a distributed "
            "array";
    if (!Why.empty())
      return;
    BodyMA.emplace(*Body, C.Ctx);
    Ok = !BodyMA->isMutated(Index);
    if (!Ok)
      Why = "its body changes its index";
  }

  /// Whether the loop's calls may write V (by name, or passed to them).
  /// The loop's own writes have a witness without a path (a variable
  /// written both ways keeps the call's).
  bool callsWrite(const VarDecl *V) const {
    auto It = E.Writes.find(V->getCanonicalDecl());
    return (It != E.Writes.end() && !It->second.Path.empty()) ||
           E.PassedWrites.count(V->getCanonicalDecl());
  }

  bool Ok = false;
  std::string Why; ///< why not, when not Ok
  const ForStmt *L;
  const Stmt *Body;
  /// The body's statements (the body itself when it is not a block).
  std::vector<const Stmt *> Tops;
  const VarDecl *Index = nullptr;
  /// What the inspector runs before the reads, from the top of the body:
  /// declarations (`int q = j % NX;`) and assignments (`q = j % NX;`).
  std::vector<const Stmt *> Setup;

  /// Whether X (a subscript, or with Locals false the header) computes the
  /// same in the inspector as in the loop: see the file comment.
  bool pure(const Expr *X, bool Locals, const Stmt *Before) {
    if (!X)
      return true;
    if (isa<CallExpr, CXXConstructExpr, LambdaExpr, StmtExpr, CXXNewExpr,
            CXXDeleteExpr, CXXThrowExpr, CXXThisExpr, BlockExpr>(X))
      return false;
    // A field: of an object the rules allow (`s.f`), or through a pointer
    // to const (`Problem->TestIndex[i]`, a constant table).
    if (const auto *ME = dyn_cast<MemberExpr>(X)) {
      if (!isa<FieldDecl>(ME->getMemberDecl()))
        return false;
      if (ME->isArrow() &&
          !ME->getBase()->getType()->getPointeeType().isConstQualified())
        return false;
      return pure(ME->getBase(), Locals, Before);
    }
    if (const auto *BO = dyn_cast<BinaryOperator>(X);
        BO && BO->isAssignmentOp())
      return false;
    if (const auto *UO = dyn_cast<UnaryOperator>(X);
        UO && (UO->isIncrementDecrementOp() || UO->getOpcode() == UO_AddrOf))
      return false;
    if (const auto *DRE = dyn_cast<DeclRefExpr>(X)) {
      const auto *V = dyn_cast<VarDecl>(DRE->getDecl());
      if (!V)
        return isa<EnumConstantDecl, NonTypeTemplateParmDecl>(DRE->getDecl());
      return variable(V, Locals, Before);
    }
    for (const Stmt *Child : X->children())
      if (const auto *CE = dyn_cast_or_null<Expr>(Child);
          Child && (!CE || !pure(CE, Locals, Before)))
        return false;
    return true;
  }

private:
  /// `for (int I = e; cond; ++I)` (or I++, --I, I--, I += c, I -= c).
  /// (or `for (i = a; ...)`, i an integer of the function's own declared
  /// before: the inspector's header assigns it too, which nothing sees,
  /// since the loop's assigns it again before anything reads it).
  bool header() {
    if (!L->getCond() || !L->getInc())
      return false;
    const Expr *First = nullptr;
    if (const auto *DS = dyn_cast_or_null<DeclStmt>(L->getInit());
        DS && DS->isSingleDecl()) {
      Index = dyn_cast<VarDecl>(DS->getSingleDecl());
      First = Index ? Index->getInit() : nullptr;
    } else if (const auto *BO = dyn_cast_or_null<BinaryOperator>(L->getInit());
               BO && BO->getOpcode() == BO_Assign) {
      const auto *DRE = dyn_cast<DeclRefExpr>(BO->getLHS()->IgnoreParens());
      Index = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
      if (Index && (!Index->hasLocalStorage() || callsWrite(Index)))
        Index = nullptr;
      First = BO->getRHS();
      // `i = i + 1` would start from the value the inspector left.
      if (!forEachDeclRef(First, [&](const DeclRefExpr *R) {
            return R->getDecl() != Index;
          }))
        return false;
    }
    if (!Index || !Index->getType()->isIntegerType() || !First ||
        !pure(First, false, nullptr) || !pure(L->getCond(), false, nullptr))
      return false;
    const Expr *Inc = L->getInc()->IgnoreParens();
    auto IsIndex = [&](const Expr *X) {
      const auto *DRE = dyn_cast<DeclRefExpr>(X->IgnoreParenImpCasts());
      return DRE && DRE->getDecl() == Index;
    };
    if (const auto *UO = dyn_cast<UnaryOperator>(Inc))
      return UO->isIncrementDecrementOp() && IsIndex(UO->getSubExpr());
    if (const auto *CA = dyn_cast<CompoundAssignOperator>(Inc))
      return (CA->getOpcode() == BO_AddAssign ||
              CA->getOpcode() == BO_SubAssign) &&
             IsIndex(CA->getLHS()) && pure(CA->getRHS(), false, nullptr);
    return false;
  }

  bool noDirectiveInside() const {
    const SourceRange R(C.SM.getExpansionLoc(L->getBeginLoc()),
                        C.SM.getExpansionLoc(L->getEndLoc()));
    for (const ParsedDirective &D : C.State.Directives)
      if (!C.SM.isBeforeInTranslationUnit(D.HashLoc, R.getBegin()) &&
          C.SM.isBeforeInTranslationUnit(D.HashLoc, R.getEnd()))
        return false;
    return true;
  }

  bool inside(SourceLocation At) const {
    At = C.SM.getExpansionLoc(At);
    return !C.SM.isBeforeInTranslationUnit(
               At, C.SM.getExpansionLoc(L->getBeginLoc())) &&
           C.SM.isBeforeInTranslationUnit(At,
                                          C.SM.getExpansionLoc(L->getEndLoc()));
  }

  /// No standard algorithm or range-for over whole distributed arrays in
  /// the loop: they may store into the arrays read (std::fill), and are
  /// collective code of their own.
  bool noWholeArrayCodeInside() const {
    for (const AlgorithmCall &A : C.P.Algorithms)
      if (inside(A.Call->getBeginLoc()))
        return false;
    for (const RangeForLoop &R : C.P.RangeFors)
      if (inside(R.Loop->getBeginLoc()))
        return false;
    return true;
  }

  bool variable(const VarDecl *V, bool Locals, const Stmt *Before) {
    if (V == Index)
      return true;
    if (C.P.ArrayByVar.count(V) || V->getType()->isReferenceType())
      return false;
    // Declared inside the loop: only a declaration at the top of the body,
    // before the statement holding the read, not changed after.
    if (!inside(V->getLocation())) {
      if (!LoopMA.isMutated(V) && !callsWrite(V))
        return true;
      return Locals && assignedAtTop(V, Before);
    }
    if (!Locals)
      return false;
    for (const Stmt *S : Tops) {
      if (S == Before)
        return false; // declared after the read's statement
      const auto *DS = dyn_cast<DeclStmt>(S);
      if (!DS ||
          std::find(DS->decl_begin(), DS->decl_end(), V) == DS->decl_end())
        continue;
      if (std::find(Setup.begin(), Setup.end(), DS) != Setup.end())
        return true;
      // The whole declaration is copied: every variable of it must be.
      for (const Decl *D : DS->decls()) {
        const auto *W = dyn_cast<VarDecl>(D);
        if (!W || !W->getInit() || W->getType()->isArrayType() ||
            W->getType()->isReferenceType() || BodyMA->isMutated(W) ||
            !pure(W->getInit(), true, S))
          return false;
      }
      Setup.push_back(DS);
      return true;
    }
    return false;
  }

  /// `q = e;` at the top of the body, before the read's statement (NPB's
  /// `q = j % NX;`, q declared at the top of the function): q a number of
  /// the function's own, every other use of it in the loop a read, and
  /// nowhere in the function more than a read or an assignment (no address,
  /// no reference, no lambda), so the assignment is its only change while
  /// the loop runs. The inspector declares its own q from e.
  bool assignedAtTop(const VarDecl *V, const Stmt *Before) {
    if (!V->hasLocalStorage() || !V->getType()->isArithmeticType() ||
        callsWrite(V) || !Fn->getBody())
      return false;
    const BinaryOperator *Found = nullptr;
    for (const Stmt *S : Tops) {
      if (S == Before)
        break;
      const auto *BO = dyn_cast<BinaryOperator>(S);
      const auto *DRE =
          BO && BO->getOpcode() == BO_Assign
              ? dyn_cast<DeclRefExpr>(BO->getLHS()->IgnoreParens())
              : nullptr;
      if (DRE && DRE->getDecl() == V) {
        Found = BO;
        break;
      }
    }
    if (!Found)
      return false;
    bool Ok = true;
    usesOf(V, Fn->getBody(), false,
           [&](const DeclRefExpr *Ref, bool InLambda, const Stmt *Parent) {
             if (InLambda) {
               Ok = false;
               return;
             }
             const auto *Cast = dyn_cast_or_null<ImplicitCastExpr>(Parent);
             const bool Read = Cast && Cast->getCastKind() == CK_LValueToRValue;
             if (Read || Ref == Found->getLHS()->IgnoreParens())
               return;
             const auto *BO = dyn_cast_or_null<BinaryOperator>(Parent);
             const auto *UO = dyn_cast_or_null<UnaryOperator>(Parent);
             const bool Assigned = (BO && BO->isAssignmentOp()) ||
                                   (UO && UO->isIncrementDecrementOp());
             // Outside the loop it may also be assigned; inside, only Found.
             if (!Assigned || inside(Ref->getLocation()))
               Ok = false;
           });
    if (!Ok || !pure(Found->getRHS(), true, Found))
      return false;
    if (std::find(Setup.begin(), Setup.end(), Found) == Setup.end())
      Setup.push_back(Found);
    return true;
  }

  /// Each reference to V in S (through parentheses: its parent as the
  /// parent of the outermost parenthesis), and whether it is in a lambda.
  template <class F>
  void usesOf(const VarDecl *V, const Stmt *S, bool InLambda, F &&Each) {
    if (!S)
      return;
    const bool Lambda = InLambda || isa<LambdaExpr, BlockExpr>(S);
    for (const Stmt *Child : S->children()) {
      if (!Child)
        continue;
      const Stmt *Inner = Child;
      while (const auto *PE = dyn_cast<ParenExpr>(Inner))
        Inner = PE->getSubExpr();
      if (const auto *DRE = dyn_cast<DeclRefExpr>(Inner);
          DRE && DRE->getDecl() == V)
        Each(DRE, Lambda, S);
      usesOf(V, Child, Lambda, Each);
    }
    if (const auto *LE = dyn_cast<LambdaExpr>(S))
      usesOf(V, LE->getBody(), true, Each);
  }

  Context &C;
  const FunctionDecl *Fn;
  ExprMutationAnalyzer LoopMA;
  std::optional<ExprMutationAnalyzer> BodyMA;
  effects::Effects E;
};

/// The loop whose body holds Read with nothing conditional between them
/// (null if none), and the body's statement holding it.
const ForStmt *unconditionalLoop(ASTContext &Ctx, const Expr *Read,
                                 const Stmt *&Top) {
  DynTypedNode N = DynTypedNode::create(*Read);
  const Stmt *Child = Read;
  for (int Depth = 0; Depth < 512; ++Depth) {
    auto Ps = Ctx.getParents(N);
    if (Ps.size() != 1)
      return nullptr;
    N = Ps[0];
    if (N.get<VarDecl>() || N.get<DeclStmt>()) {
      if (const auto *DS = N.get<DeclStmt>())
        Child = DS;
      continue;
    }
    const Stmt *S = N.get<Stmt>();
    if (!S)
      return nullptr;
    if (const auto *F = dyn_cast<ForStmt>(S); F && F->getBody() == Child) {
      Top = Child; // the body itself, not a block
      return F;
    }
    if (const auto *CS = dyn_cast<CompoundStmt>(S)) {
      auto Ps2 = Ctx.getParents(*CS);
      const auto *F = Ps2.size() == 1 ? Ps2[0].get<ForStmt>() : nullptr;
      if (F && F->getBody() == CS) {
        Top = Child;
        return F;
      }
      Child = CS;
      continue;
    }
    if (isa<ConditionalOperator, BinaryConditionalOperator, LambdaExpr,
            StmtExpr>(S))
      return nullptr;
    if (const auto *BO = dyn_cast<BinaryOperator>(S);
        BO && BO->isLogicalOp() && BO->getRHS() == Child)
      return nullptr;
    if (!isa<Expr>(S))
      return nullptr; // an if, an inner loop, a switch, ...
    Child = S;
  }
  return nullptr;
}

/// The innermost loop of the function whose body holds E (null if none).
const Stmt *innermostLoop(ASTContext &Ctx, const Expr *E) {
  DynTypedNode N = DynTypedNode::create(*E);
  const Stmt *Child = E;
  for (int Depth = 0; Depth < 1024; ++Depth) {
    auto Ps = Ctx.getParents(N);
    if (Ps.empty())
      return nullptr;
    N = Ps[0];
    if (N.get<LambdaExpr>() || N.get<FunctionDecl>())
      return nullptr;
    const Stmt *S = N.get<Stmt>();
    if (!S)
      continue;
    if (const Stmt *Body = loopBody(S); Body && Body == Child)
      return S;
    Child = S;
  }
  return nullptr;
}

} // namespace

void batchLoopReads(Context &C) {
  Program &P = C.P;
  std::map<const ForStmt *, std::unique_ptr<LoopFacts>> Facts;
  std::map<const ForStmt *, std::vector<const Expr *>> Reads;
  std::map<const ForStmt *, std::set<const DistArray *>> Stored;
  for (const ElementAccess &El : P.Elements) {
    if (El.Kind == ElementAccess::Read)
      continue;
    // Any element store in a loop keeps that array out of its batches.
    DynTypedNode N = DynTypedNode::create(*El.Expr);
    for (int Depth = 0; Depth < 1024; ++Depth) {
      auto Ps = C.Ctx.getParents(N);
      if (Ps.empty())
        break;
      N = Ps[0];
      if (const auto *F = N.get<ForStmt>())
        Stored[F].insert(El.Array);
    }
  }
  // Whether each read can be listed before its loop: the loop (Listed),
  // or why not (Why; empty with no loop around, or in a lambda: no remark).
  struct Verdict {
    const Stmt *Around = nullptr;
    const ForStmt *Listed = nullptr;
    std::string Why;
  };
  auto Judge = [&](const ElementAccess &El) {
    Verdict V;
    V.Around = innermostLoop(C.Ctx, El.Expr);
    if (!V.Around)
      return V;
    if (El.Expr->getBeginLoc().isMacroID() ||
        El.Expr->getEndLoc().isMacroID()) {
      V.Why = "it is written in a macro";
      return V;
    }
    const auto *L = dyn_cast<ForStmt>(V.Around);
    if (!L) {
      V.Why = "only the reads of 'for' loops are listed";
      return V;
    }
    auto &F = Facts[L];
    if (!F) {
      // Not in a lambda: the loop's function is the one asked about.
      const FunctionDecl *Fn = enclosingFunction(C.Ctx, L);
      if (!Fn || isLambdaCallOperator(Fn)) {
        V.Around = nullptr;
        return V;
      }
      F = std::make_unique<LoopFacts>(C, L, Fn);
    }
    const Stmt *Top = nullptr;
    bool Pure = true;
    if (!F->Ok)
      V.Why = F->Why;
    else if (unconditionalLoop(C.Ctx, El.Expr, Top) != L)
      V.Why = "it is made only on some iterations (under an if, ?:, &&, || "
              "or an inner loop)";
    else if (Stored[L].count(El.Array))
      V.Why = "'" + El.Array->Name + "' is stored into in the loop";
    // Nor may the loop's calls write the array.
    else if (F->callsWrite(El.Array->Var))
      V.Why = "a call in the loop may write '" + El.Array->Name + "'";
    else {
      for (std::size_t D = 0; Pure && D < El.Subs.Levels.size(); ++D)
        Pure = F->pure(El.Subs.sub(D), true, Top);
      if (!Pure)
        V.Why = "its subscripts cannot be computed before the loop: they "
                "call, assign, or use a variable the loop changes other "
                "than by an assignment at the top of its body";
      else
        V.Listed = L;
    }
    return V;
  };
  std::map<const Expr *, Verdict> Verdicts;
  for (const ElementAccess &El : P.Elements)
    if (El.Kind == ElementAccess::Read)
      Verdicts[El.Expr] = Judge(El);
  auto LineOf = [&](const Stmt *S) {
    return std::to_string(C.SM.getExpansionLineNumber(S->getBeginLoc()));
  };
  // A value whose reads have one owner (OwnerReads.cpp) is one broadcast
  // where it is evaluated: in a loop whose reads can all be listed, its
  // reads join the loop's exchange instead.
  std::set<const Expr *> OwnerEvaluated;
  std::vector<OwnerValue> Kept;
  for (OwnerValue &OV : P.OwnerValues) {
    const Verdict &First = Verdicts[OV.Reads.front()];
    bool Listed = First.Listed != nullptr;
    for (const Expr *E : OV.Reads)
      Listed = Listed && Verdicts[E].Listed == First.Listed;
    if (Listed)
      continue;
    if (First.Around) {
      std::string Why = First.Why;
      for (const Expr *E : OV.Reads)
        if (Why.empty())
          Why = Verdicts[E].Why;
      C.R.remark(C.SM.getExpansionLoc(OV.Value->getBeginLoc()),
                 "this value is computed by the owner of its " +
                     std::to_string(OV.Reads.size()) +
                     " element reads and broadcast: one broadcast per "
                     "iteration of the loop at line " +
                     LineOf(First.Around) + " (not listed before the loop: " +
                     (Why.empty() ? std::string("its reads are in different "
                                                "loops")
                                  : Why) +
                     ")");
    }
    OwnerEvaluated.insert(OV.Reads.begin(), OV.Reads.end());
    Kept.push_back(std::move(OV));
  }
  P.OwnerValues = std::move(Kept);
  std::vector<const ForStmt *> Order;
  for (const ElementAccess &El : P.Elements) {
    if (El.Kind != ElementAccess::Read || OwnerEvaluated.count(El.Expr))
      continue;
    const Verdict &V = Verdicts[El.Expr];
    // Every read in a loop that stays one broadcast per iteration gets a
    // remark saying why: the communication the user pays for.
    if (!V.Listed) {
      if (V.Around && !V.Why.empty())
        C.R.remark(C.SM.getExpansionLoc(El.Expr->getBeginLoc()),
                   "this element read is one broadcast per iteration of the "
                   "loop at line " +
                       LineOf(V.Around) +
                       " (not listed before the loop: " + V.Why + ")");
      continue;
    }
    if (Reads[V.Listed].empty())
      Order.push_back(V.Listed);
    Reads[V.Listed].push_back(El.Expr);
  }
  for (const ForStmt *L : Order) {
    ReadBatch B;
    B.Loop = L;
    B.Reads = Reads[L];
    // In source order: slot K is the K-th read written.
    std::sort(B.Reads.begin(), B.Reads.end(),
              [&](const Expr *X, const Expr *Y) {
                return C.SM.isBeforeInTranslationUnit(
                    C.SM.getExpansionLoc(X->getBeginLoc()),
                    C.SM.getExpansionLoc(Y->getBeginLoc()));
              });
    // The declarations and assignments in body order (the inspector runs
    // them in order).
    const std::vector<const Stmt *> &Setup = Facts[L]->Setup;
    for (const Stmt *S : Facts[L]->Tops)
      if (std::find(Setup.begin(), Setup.end(), S) != Setup.end())
        B.Setup.push_back(S);
    C.R.remark(L->getForLoc(),
               "the element reads of this loop (" +
                   std::to_string(B.Reads.size()) +
                   " per iteration) are listed before it (its header and "
                   "their subscripts run first) and fetched in one exchange "
                   "(one MPI_Allgatherv), instead of one broadcast per read");
    P.ReadBatches.push_back(std::move(B));
  }
}

} // namespace hpf::analysis
