//===- analysis/loops/LoopChecker.h - a loop body's checker ----*- C++ -*-===//
//
// The visitor behind checkLoopBody (Phases.h), shared by the files that
// define its parts: LoopBody.cpp (elements, calls, writes and the end of
// the walk) and LocUpdates.cpp (`if (v < best) { best = v; where = i; }`
// in a min or max reduction). Private to analysis/loops.
//
//===----------------------------------------------------------------------===//
#ifndef HPF_ANALYSIS_LOOPCHECKER_H
#define HPF_ANALYSIS_LOOPCHECKER_H

#include "Expressions.h"
#include "Phases.h"
#include "effects/IoCalls.h"
#include "effects/ProgramWrites.h"
#include "loops/Replicated.h"
#include "reads/RowArgs.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

#include <tuple>

namespace hpf::analysis::loop_body {
// Clang's names inside this namespace only.
using namespace clang;

class LoopChecker : public RecursiveASTVisitor<LoopChecker> {
public:
  LoopChecker(Context &C, OwnerLoop &L, const ParsedDirective &D,
              CheckedRefs &Checked, LoopPrivates &Privates)
      : C(C), L(L), D(D), Checked(Checked), Privates(Privates),
        MultiDim(usesMultiDim(C.P, L.outer()->getBody())),
        IndVar(L.Levels.front().IndVar) {
    for (std::size_t K = 1; K < L.Levels.size(); ++K) {
      LevelFors.insert(L.Levels[K].For);
      LevelVars.insert(L.Levels[K].IndVar);
    }
  }

  bool shouldTraversePostOrder() const { return false; }

  bool TraverseTypeAliasDecl(TypeAliasDecl *TD) {
    if (TD->getIdentifier() && pragma::parseCarrierName(TD->getName().str()))
      return true; // an inner level's directive
    return RecursiveASTVisitor::TraverseTypeAliasDecl(TD);
  }
  bool TraverseTypedefDecl(TypedefDecl *TD) {
    if (TD->getIdentifier() && pragma::parseCarrierName(TD->getName().str()))
      return true; // an inner level's directive
    return RecursiveASTVisitor::TraverseTypedefDecl(TD);
  }

  bool TraverseLambdaExpr(LambdaExpr *LE) {
    ++LambdaDepth;
    bool Ok = RecursiveASTVisitor::TraverseLambdaExpr(LE);
    --LambdaDepth;
    return Ok;
  }
  // Unevaluated operands use no element (Elements.cpp folds them).
  bool TraverseUnaryExprOrTypeTraitExpr(UnaryExprOrTypeTraitExpr *E) {
    if (!E->isArgumentType() &&
        !E->getArgumentExpr()->getType()->isVariablyModifiedType())
      return true;
    return RecursiveASTVisitor::TraverseUnaryExprOrTypeTraitExpr(E);
  }
  bool TraverseCXXNoexceptExpr(CXXNoexceptExpr *) { return true; }
  bool TraverseDecltypeTypeLoc(DecltypeTypeLoc) { return true; }
  bool TraverseForStmt(ForStmt *S) { return loop(S); }
  bool TraverseWhileStmt(WhileStmt *S) { return loop(S); }
  bool TraverseDoStmt(DoStmt *S) { return loop(S); }
  bool TraverseCXXForRangeStmt(CXXForRangeStmt *S) { return loop(S); }
  bool TraverseSwitchStmt(SwitchStmt *S) {
    ++SwitchDepth;
    bool Ok = RecursiveASTVisitor::TraverseSwitchStmt(S);
    --SwitchDepth;
    return Ok;
  }

  bool VisitBreakStmt(BreakStmt *S) {
    if (LambdaDepth == 0 && LoopDepth == 0 && SwitchDepth == 0)
      report(S->getBeginLoc(), "'break' cannot leave an independent loop");
    return true;
  }
  bool VisitReturnStmt(ReturnStmt *S) {
    if (LambdaDepth == 0)
      report(S->getBeginLoc(), "'return' cannot leave an independent loop");
    return true;
  }
  bool VisitGotoStmt(GotoStmt *S) {
    report(S->getBeginLoc(), "'goto' is not allowed in an independent loop");
    return true;
  }

  bool VisitIfStmt(IfStmt *S) {
    locUpdate(S);
    return true;
  }

  bool VisitArraySubscriptExpr(ArraySubscriptExpr *E) { return subscript(E); }
  bool subscript(const Expr *E);

  bool VisitBinaryOperator(BinaryOperator *E) {
    if (E->isAssignmentOp())
      write(E->getLHS(), E, E->getOpcode(), E->getRHS());
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *E) {
    if (E->isIncrementDecrementOp())
      write(E->getSubExpr(), E,
            E->isIncrementOp() ? BO_AddAssign : BO_SubAssign, nullptr);
    return true;
  }
  bool VisitCXXOperatorCallExpr(CXXOperatorCallExpr *E) {
    if (isSubscript(E))
      return subscript(E); // std::vector's A[i]
    if (E->isAssignmentOp() && E->getNumArgs() >= 1)
      write(E->getArg(0), E, BO_Assign, nullptr);
    return true;
  }
  bool VisitCXXMemberCallExpr(CXXMemberCallExpr *E) {
    const CXXMethodDecl *M = E->getMethodDecl();
    if (!M || M->isConst() || M->isStatic())
      return true;
    const Expr *Obj = E->getImplicitObjectArgument();
    if (const VarDecl *VD = baseVar(Obj))
      Handled.insert(VD->getCanonicalDecl());
    if (const VarDecl *VD = baseVar(Obj); VD && outside(VD))
      report(E->getExprLoc(), "non-const member function '" +
                                  M->getNameAsString() + "' called on '" +
                                  VD->getName().str() +
                                  "', declared outside the independent "
                                  "loop: each rank would change its own "
                                  "copy differently");
    return true;
  }
  bool VisitDeclRefExpr(DeclRefExpr *E);
  bool VisitCallExpr(CallExpr *E) {
    const FunctionDecl *FD = E->getDirectCallee();
    if (!FD || !FD->getIdentifier())
      return true;
    // The C library's standard-stream functions, classified as the I/O
    // rewriting classifies them (analysis/effects/IoCalls.h).
    const IoKind K =
        FD->isExternC() ? cIoFunction(FD->getName()) : IoKind::None;
    if (K == IoKind::Output)
      outputWarning(E->getBeginLoc());
    else if (K == IoKind::Input)
      inputWarning(E->getBeginLoc());
    else
      ioThroughCall(E, FD);
    return true;
  }

  /// A function of the file called in the loop is replicated code: its I/O
  /// goes through rank 0 (IoEmitter). Output then is written per rank, like
  /// output in the loop itself; input and files are collective operations
  /// that ranks running different iterations cannot meet in.
  void ioThroughCall(const CallExpr *E, const FunctionDecl *FD);

  /// An element of a distributed array in a loop over multi-dimensional
  /// arrays (any rank): classified after the flow walk (checkNest).
  bool element(const Expr *E, const Subscripts &S, const DeclRefExpr *Base,
               DistArray *Arr) {
    Checked.insert(Base); // reported here, if at all
    bool Read = onlyRead(C.Ctx, E);
    // A row `f(A[i], n)`: a pointer into the owner's storage if placed
    // local (RowArgs.cpp), read-only when its elements are const.
    if (int(S.Levels.size()) < Arr->rank()) {
      if (loopRow(C, E, S, *Arr, Read))
        L.Accesses.push_back({S, Arr, Read, LoopAccess::Local, {}});
      return true;
    }
    if (!wholeElement(C.R, E, S, *Arr, "i"))
      return true;
    L.Accesses.push_back({S, Arr, Read, LoopAccess::Local, {}});
    return true;
  }

  /// After traversal: reduction variables used outside their updates, and
  /// the errors that only matter when the loop is distributed (a loop over
  /// no distributed array runs on every rank, like the sequential one).
  void finish();

  /// Variables whose writes in the body write() or a member call judged.
  std::set<const VarDecl *> Handled;

private:
  Context &C;
  OwnerLoop &L;
  const ParsedDirective &D;
  CheckedRefs &Checked;
  LoopPrivates &Privates;
  /// The body uses a multi-dimensional array: every element is collected
  /// and placed after the flow walk.
  const bool MultiDim;
  const VarDecl *IndVar; ///< index of the outermost level
  int LambdaDepth = 0, LoopDepth = 0, SwitchDepth = 0;
  std::set<const ForStmt *> LevelFors; ///< inner levels of a nest
  std::set<const VarDecl *> LevelVars; ///< their indices
  std::set<const Expr *> Inner;        ///< M[i] inside M[i][j]
  std::vector<const DeclRefExpr *> RefsSeen;
  std::vector<std::tuple<SourceLocation, std::string, std::optional<FixItHint>>>
      Pending;
  /// How many of Pending are writes through pointers: a loop reading
  /// distributed arrays at no level's index runs on every rank for those
  /// (finish), not for the others (a forgotten reduction clause).
  std::size_t PointerWrites = 0;

  SourceLocation OutputLoc; ///< first output statement in the body
  SourceLocation InputLoc;  ///< first input statement in the body
  void outputWarning(SourceLocation Loc) {
    if (OutputLoc.isInvalid())
      OutputLoc = Loc;
  }
  void inputWarning(SourceLocation Loc) {
    if (InputLoc.isInvalid())
      InputLoc = Loc;
  }

  void report(SourceLocation Loc, std::string Msg,
              std::optional<FixItHint> Fix = std::nullopt) {
    Pending.emplace_back(Loc, std::move(Msg), std::move(Fix));
  }
  std::set<const DeclRefExpr *> ReductionRefsOk;
  /// The assignments in the if of a location reduction (judged there).
  std::set<const Expr *> LocStores;
  /// The first update of each min or max reduction outside such an if.
  std::map<const VarDecl *, SourceLocation> PlainUpdates;
  /// Pending errors of variables assigned outside a location reduction's
  /// if, by index in Pending.
  std::map<std::size_t, const VarDecl *> AssignedOutside;
  /// The loops around the statement visited, inside the outermost level.
  std::vector<const Stmt *> LoopPath;

  template <typename LoopT> bool loop(LoopT *S) {
    // An inner level of a nest is left by 'break' like the nest itself.
    const int SavedLoop = LoopDepth, SavedSwitch = SwitchDepth;
    bool Level = false;
    if constexpr (std::is_same_v<LoopT, ForStmt>)
      Level = LevelFors.count(S);
    if (Level)
      LoopDepth = SwitchDepth = 0;
    else
      ++LoopDepth;
    LoopPath.push_back(S);
    bool Ok = RecursiveASTVisitor::TraverseStmt(S->getBody());
    LoopPath.pop_back();
    if constexpr (std::is_same_v<LoopT, ForStmt>) {
      // A level's own increment (checked by loopShape) is no write, nor
      // the assignment that starts an index declared before it.
      const Stmt *Init = S->getInit();
      if (const auto *Start = dyn_cast_or_null<BinaryOperator>(Init);
          Level && Start && Start->getOpcode() == BO_Assign)
        Init = Start->getRHS();
      Ok = Ok && RecursiveASTVisitor::TraverseStmt(const_cast<Stmt *>(Init)) &&
           RecursiveASTVisitor::TraverseStmt(S->getCond()) &&
           (Level || RecursiveASTVisitor::TraverseStmt(S->getInc()));
    } else if constexpr (std::is_same_v<LoopT, WhileStmt> ||
                         std::is_same_v<LoopT, DoStmt>) {
      Ok = Ok && RecursiveASTVisitor::TraverseStmt(S->getCond());
    } else {
      Ok = Ok && RecursiveASTVisitor::TraverseStmt(S->getRangeInit());
      Ok = Ok && RecursiveASTVisitor::TraverseDecl(S->getLoopVariable());
    }
    LoopDepth = SavedLoop;
    SwitchDepth = SavedSwitch;
    return Ok;
  }

  /// The variable whose storage E names: the array of `A[i][j]`, the
  /// object of `s.f` (null through a pointer, `p[i]` or `p->f`, but for a
  /// distributed parameter declared `T A[N][M]`, which C++ makes a pointer).
  const VarDecl *baseVar(const Expr *E) const;
  bool distributedRef(const Expr *E) const {
    const auto *DRE = dyn_cast<DeclRefExpr>(E);
    return DRE && C.P.ArrayByVar.count(dyn_cast<VarDecl>(DRE->getDecl()));
  }
  /// A pointer whose section is a reduction variable (`p[i] += v` updates
  /// it, checked as an array reduction's element).
  bool sectionRef(const Expr *E) const {
    const auto *DRE = dyn_cast<DeclRefExpr>(E);
    const LoopReduction *Red =
        DRE ? reduction(dyn_cast<VarDecl>(DRE->getDecl())) : nullptr;
    return Red && Red->Section;
  }
  /// Declared outside the loop (or a reference, which may alias anything).
  bool outside(const VarDecl *VD) const {
    if (VD->getType()->isReferenceType())
      return true;
    SourceRange LR = L.outer()->getSourceRange();
    SourceLocation Loc = VD->getLocation();
    return !(C.SM.isBeforeInTranslationUnit(LR.getBegin(), Loc) &&
             C.SM.isBeforeInTranslationUnit(Loc, LR.getEnd()));
  }
  /// A reference declared in the body and bound to a place the body owns:
  /// an element of a distributed array (or a field of one), checked as a
  /// written element where it is bound (`auto &u = U[i];` is the local
  /// element after the rewrite), or a variable declared in the body.
  /// Writes through it write that place.
  bool localAlias(const VarDecl *VD, int Depth = 0) const;
  /// `std::vector<T>` of an arithmetic T: stored into by subscript like a
  /// replicated array (its size cannot change in the loop: a non-const
  /// member call on it is an error there).
  static bool replicatedVector(QualType T) {
    if (T->isReferenceType())
      return false; // another variable's storage
    const QualType Elem = vectorElement(T);
    return !Elem.isNull() && Elem->isArithmeticType() &&
           !Elem->isBooleanType(); // vector<bool>: bits
  }
  /// Does E contain an expression structurally the same as Place?
  bool mentions(const Stmt *E, const Expr *Place) const {
    if (!E)
      return false;
    if (const auto *X = dyn_cast<Expr>(E); X && same(X, Place))
      return true;
    for (const Stmt *Child : E->children())
      if (mentions(Child, Place))
        return true;
    return false;
  }
  /// Why a store into the replicated array VD cannot be delivered to every
  /// rank after the loop (empty: it can). Only plain stores whose value
  /// does not read the element stored: an update (`R[k] += e`,
  /// `R[k] = R[k] * e`) is the loop's own arithmetic on the element, which
  /// iterations on different ranks would each apply to their own copy;
  /// the additive ones are reductions (advised by the caller).
  std::string undeliverable(const VarDecl *VD, BinaryOperatorKind Op,
                            const Expr *LHS, const Expr *RHS,
                            const char *Suggest) const;
  /// Notes a replicated array stored into, with the remark of what it
  /// costs if the loop runs split over the ranks.
  void replicatedWrite(const VarDecl *VD);
  /// The type of what a store through VD changes: VD's own, or for a
  /// parameter that refers to an array (`double (&S)[N][N]`), the array it
  /// refers to, which is the caller's whole array.
  QualType storedType(const VarDecl *VD) const {
    QualType T = VD->getType();
    if (isa<ParmVarDecl>(VD) && T->isReferenceType() &&
        T.getNonReferenceType()->isArrayType())
      return T.getNonReferenceType();
    return T;
  }
  /// A fixed-size array (any rank) of an arithmetic type: what an array
  /// reduction reduces (Loops.cpp).
  bool reductionArray(QualType T) const {
    while (const ArrayType *AT = C.Ctx.getAsArrayType(T)) {
      if (!isa<ConstantArrayType>(AT))
        return false;
      T = AT->getElementType();
    }
    return T->isArithmeticType();
  }
  const LoopReduction *reduction(const VarDecl *VD) const {
    for (const LoopReduction &Red : L.Reductions)
      if (Red.Var == VD)
        return &Red;
    return nullptr;
  }
  bool isReduction(const VarDecl *VD) const { return reduction(VD); }

  /// The location reduction that VD records a location of, if any.
  const LoopReduction *locationOf(const VarDecl *VD) const {
    const VarDecl *V = VD->getCanonicalDecl();
    for (const LoopReduction &Red : L.Reductions)
      if (Red.Loc &&
          std::find(Red.Loc->Locations.begin(), Red.Loc->Locations.end(), V) !=
              Red.Loc->Locations.end())
        return &Red;
    return nullptr;
  }

  /// The source text of E, for messages.
  std::string spelling(const Expr *E) const {
    const CharSourceRange R = CharSourceRange::getTokenRange(
        C.SM.getExpansionRange(E->getSourceRange()).getAsRange());
    return Lexer::getSourceText(R, C.SM, C.Ctx.getLangOpts()).str();
  }

  /// The references to VD in S are judged (reported once, elsewhere).
  void markRefs(const Stmt *S, const VarDecl *VD) {
    if (!S)
      return;
    if (const auto *DRE = dyn_cast<DeclRefExpr>(S); DRE && DRE->getDecl() == VD)
      ReductionRefsOk.insert(DRE);
    for (const Stmt *Child : S->children())
      markRefs(Child, VD);
  }

  /// Does S use VD?
  static bool usesVar(const Stmt *S, const VarDecl *VD) {
    if (!S)
      return false;
    if (const auto *DRE = dyn_cast<DeclRefExpr>(S); DRE && DRE->getDecl() == VD)
      return true;
    for (const Stmt *Child : S->children())
      if (usesVar(Child, VD))
        return true;
    return false;
  }

  /// Whether every value of From is a value of To: the compared value
  /// converted to the reduction variable's type compares as before the
  /// conversion, so ties across ranks are ties in the loop too.
  bool keepsValue(QualType From, QualType To) const;

  /// `if (v < best) { best = v; where = i; }` with best a scalar min or max
  /// reduction: the reduction records locations (LocUpdate). An if whose
  /// condition compares best and whose branch assigns it is taken for one:
  /// each deviation is an error saying why, and its assignments are judged
  /// here only (one error per reason).
  void locUpdate(IfStmt *S);

  /// Structurally the same expression (Clang's statement profile).
  bool same(const Expr *X, const Expr *Y) const {
    llvm::FoldingSetNodeID IX, IY;
    X->IgnoreParenImpCasts()->Profile(IX, C.Ctx, /*Canonical=*/true);
    Y->IgnoreParenImpCasts()->Profile(IY, C.Ctx, /*Canonical=*/true);
    return IX == IY;
  }
  /// The reference to VD that E is, or (an element of an array reduction)
  /// whose element E is: `s`, `h[k]`, `h[a][b]`.
  static const DeclRefExpr *refTo(const Expr *E, const VarDecl *VD) {
    E = E->IgnoreParenImpCasts();
    while (const auto *AS = dyn_cast<ArraySubscriptExpr>(E))
      E = AS->getBase()->IgnoreParenImpCasts();
    const auto *DRE = dyn_cast<DeclRefExpr>(E);
    return DRE && DRE->getDecl() == VD ? DRE : nullptr;
  }
  /// The reduction variable's reference in E if E is the updated place
  /// itself (the same variable, or the same element of an array).
  const DeclRefExpr *self(const Expr *E, const Expr *Place,
                          const VarDecl *VD) const {
    return same(E, Place) ? refTo(E, VD) : nullptr;
  }

  /// The operator of `s = s op e` for a reduction (BO_Comma: none, for min
  /// and max, which are calls or conditionals).
  static BinaryOperatorKind binaryOperatorOf(pragma::ReductionOp Op);

  /// Is `<Place> = <RHS>` a valid update for op (Place: the variable, or
  /// an element of an array reduction)? Marks the self reference.
  bool plainUpdate(const LoopReduction &Red, const Expr *Place,
                   const Expr *RHS);

  void write(const Expr *LHS, const Expr *Whole, BinaryOperatorKind Op,
             const Expr *RHS);
};

} // namespace hpf::analysis::loop_body

#endif // HPF_ANALYSIS_LOOPCHECKER_H
