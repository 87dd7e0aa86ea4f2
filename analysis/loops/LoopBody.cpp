//===- analysis/loops/LoopBody.cpp - an independent loop's body -----------===//
//
// The body of an independent loop (or nest) runs split over the ranks:
// control may not leave it, variables declared outside may change only as
// reductions, and distributed arrays are used only as elements. The
// checker collects those elements into the OwnerLoop's one list of
// accesses (loops over rank-1 arrays: A[i] local, reads at other
// subscripts gathered; loops over multi-dimensional arrays: every element,
// classified after the flow walk). Errors that only matter for a distributed
// loop wait until the body is known to use a distributed array. A min or max
// reduction updated by `if (v < best) { best = v; where = i; }` records
// locations (HPF's MINLOC/MAXLOC, LocUpdate); anything else in such an if is
// an error saying why.
//
//===----------------------------------------------------------------------===//
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

using namespace clang;

namespace hpf::analysis {

namespace {

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
  bool subscript(const Expr *E) {
    if (Inner.count(E))
      return true;
    Subscripts S;
    const DeclRefExpr *Base = subscriptChain(E, S);
    if (!Base)
      return true;
    const auto *VD = dyn_cast<VarDecl>(Base->getDecl());
    auto It = C.P.ArrayByVar.find(VD);
    if (It == C.P.ArrayByVar.end())
      return true;
    Inner.insert(S.Levels.begin(), S.Levels.end() - 1);
    if (MultiDim)
      return element(E, S, Base, It->second);
    // Rank 1 in a loop over rank-1 arrays: A[i] is local (if aligned, see
    // Placement), other subscripts are read from a copy.
    const bool Read = onlyRead(C.Ctx, E);
    const auto *Idx =
        dyn_cast<DeclRefExpr>(subscriptIndex(E)->IgnoreParenImpCasts());
    // The level whose index the subscript is (Loops.cpp picks the one that
    // runs over the home array; the others' elements become copies).
    int Level = -1;
    for (std::size_t K = 0; Idx && K < L.Levels.size(); ++K)
      if (Idx->getDecl() == L.Levels[K].IndVar)
        Level = int(K);
    if (Level < 0) {
      if (Read && !E->getBeginLoc().isMacroID()) {
        Checked.insert(Base);
        L.Accesses.push_back({S, It->second, Read, LoopAccess::Gathered, {}});
        return true;
      }
      // Written at the index of an inner loop not marked independent (a
      // recurrence A[j] += A[j - 1]): the loop runs on every rank over
      // copies instead (Loops.cpp, Replicated.cpp).
      if (!E->getBeginLoc().isMacroID() &&
          recurrenceIndex(L, S, subscriptIndex(E))) {
        Checked.insert(Base);
        L.Accesses.push_back({S, It->second, Read, LoopAccess::Gathered, {}});
        return true;
      }
      C.R.error(subscriptIndex(E)->getBeginLoc(),
                "subscript of distributed array '" + It->second->Name +
                    "' must be the loop index '" + IndVar->getName().str() +
                    "' where it is written (other subscripts can only be "
                    "read)");
      Checked.insert(Base); // reported once, here
      return true;
    }
    Checked.insert(Base);
    L.Accesses.push_back({S, It->second, Read, LoopAccess::Local, {Level}});
    return true;
  }

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
  bool VisitDeclRefExpr(DeclRefExpr *E) {
    RefsSeen.push_back(E);
    if (const auto *VD = dyn_cast<VarDecl>(E->getDecl())) {
      if (VD->getIdentifier() && VD->isInStdNamespace() &&
          VD->getName() == "cout")
        outputWarning(E->getLocation());
      if (VD->getIdentifier() && VD->isInStdNamespace() &&
          VD->getName() == "cin")
        inputWarning(E->getLocation());
      // Replicated code's files do their I/O collectively (rank 0 for all):
      // ranks running different iterations would wait for each other.
      std::string Io = replicatedIoType(VD->getType().getNonReferenceType());
      if (!Io.empty() && outside(VD) &&
          !C.SM.isInSystemHeader(C.SM.getExpansionLoc(VD->getLocation()))) {
        Handled.insert(VD->getCanonicalDecl());
        report(E->getLocation(),
               "'" + VD->getName().str() +
                   "' is a file of replicated code (one rank does its I/O "
                   "for all): it cannot be used in an independent loop, "
                   "whose iterations run on different ranks; move the I/O "
                   "out of the loop");
      }
    }
    return true;
  }
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
  void ioThroughCall(const CallExpr *E, const FunctionDecl *FD) {
    if (LambdaDepth || !FD->hasBody() ||
        C.SM.isInSystemHeader(C.SM.getExpansionLoc(FD->getLocation())))
      return;
    const effects::Effects &Ef = C.Effects.ofFunction(FD);
    const std::optional<effects::Witness> &Io = Ef.Input  ? Ef.Input
                                                : Ef.File ? Ef.File
                                                          : Ef.Output;
    if (!Io)
      return;
    const PresumedLoc P = C.SM.getPresumedLoc(C.SM.getExpansionLoc(Io->Loc));
    const std::string At = "'" + Io->What + "' at line " +
                           std::to_string(P.getLine()) + ":" +
                           std::to_string(P.getColumn());
    const std::string Fn = "'" + FD->getNameAsString() + "'";
    if (!Ef.Input && !Ef.File) {
      L.IfParallel.push_back(
          {OwnerLoop::ParallelOnly::Output, E->getBeginLoc(),
           Fn + " writes output (" + At +
               "): called in an independent loop, its output is written by "
               "the rank that owns each iteration, not in the sequential "
               "order"});
      return;
    }
    L.IfParallel.push_back(
        {OwnerLoop::ParallelOnly::Collective, E->getBeginLoc(),
         Fn + (Ef.Input ? " reads input (" : " opens or uses a file (") + At +
             "), which replicated code does on rank 0 for every rank: it "
             "cannot be called in an independent loop, whose iterations run "
             "on different ranks; do that I/O before or after the loop"});
  }

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
  void finish() {
    bool Distributed = false;
    for (const LoopAccess &Acc : L.Accesses)
      Distributed |= Acc.Kind == LoopAccess::Local;
    // Warned after placement if the loop runs distributed (it has a home
    // array); not if it falls back to running on every rank
    // (Replicated.cpp), where I/O keeps the sequential order.
    if (OutputLoc.isValid())
      L.IfParallel.push_back({OwnerLoop::ParallelOnly::Output, OutputLoc,
                              "output in an independent loop is written by "
                              "the rank that owns each iteration, not in the "
                              "sequential order"});
    if (InputLoc.isValid())
      L.IfParallel.push_back({OwnerLoop::ParallelOnly::Input, InputLoc,
                              "input in an independent loop is read by the "
                              "rank that owns each iteration, and under "
                              "mpiexec only rank 0 has standard input"});
    if (Distributed)
      for (std::size_t K = 0; K < Pending.size(); ++K) {
        auto &[Loc, Msg, Fix] = Pending[K];
        if (auto It = AssignedOutside.find(K);
            It != AssignedOutside.end() && locationOf(It->second))
          continue;
        auto DB = C.R.error(Loc, Msg);
        if (Fix)
          DB << *Fix;
      }
    else if (!Pending.empty())
      L.RunsEverywhere = std::get<1>(Pending.front());
    for (const LoopReduction &Red : L.Reductions) {
      auto Plain = PlainUpdates.find(Red.Var);
      if (!Red.Loc || Plain == PlainUpdates.end())
        continue;
      C.R.error(Plain->second,
                "'" + Red.Var->getName().str() +
                    "' records its location in the if at line " +
                    lineOf(C.SM, Red.Loc->Compare->getBeginLoc()) +
                    ": this other update would change it without its "
                    "location; update it only in that if");
    }
    for (const DeclRefExpr *E : RefsSeen) {
      const auto *VD = dyn_cast<VarDecl>(E->getDecl());
      if (!VD || ReductionRefsOk.count(E))
        continue;
      if (const LoopReduction *Red = locationOf(VD)) {
        C.R.error(E->getLocation(),
                  "'" + VD->getName().str() + "' records the location of '" +
                      Red->Var->getName().str() + "' (the if at line " +
                      lineOf(C.SM, Red->Loc->Compare->getBeginLoc()) +
                      ") and may only be assigned there: in the loop its "
                      "value depends on the iterations before, which run "
                      "on other ranks");
        continue;
      }
      if (!isReduction(VD))
        continue;
      C.R.error(E->getLocation(),
                "reduction variable '" + VD->getName().str() +
                    "' may only appear in its reduction update (e.g. '" +
                    VD->getName().str() + " += ...' for +)");
    }
  }

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
  const VarDecl *baseVar(const Expr *E) const {
    while (E) {
      E = E->IgnoreParenImpCasts();
      if (isSubscript(E)) {
        E = subscriptBase(E)->IgnoreParenImpCasts();
        if (E->getType()->isPointerType() && !distributedRef(E) &&
            !sectionRef(E))
          return nullptr; // p[i]: a write through a pointer
      } else if (const auto *ME = dyn_cast<MemberExpr>(E)) {
        if (ME->isArrow())
          return nullptr;
        E = ME->getBase();
      } else if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
        return dyn_cast<VarDecl>(DRE->getDecl());
      else
        return nullptr;
    }
    return nullptr;
  }
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
  bool localAlias(const VarDecl *VD, int Depth = 0) const {
    if (!VD->getType()->isReferenceType() || !VD->getInit() || Depth > 8 ||
        isa<ParmVarDecl>(VD))
      return false;
    SourceRange LR = L.outer()->getSourceRange();
    SourceLocation Loc = VD->getLocation();
    if (!C.SM.isBeforeInTranslationUnit(LR.getBegin(), Loc) ||
        !C.SM.isBeforeInTranslationUnit(Loc, LR.getEnd()))
      return false;
    const Expr *E = VD->getInit()->IgnoreParenImpCasts();
    while (const auto *ME = dyn_cast<MemberExpr>(E)) {
      if (ME->isArrow())
        return false;
      E = ME->getBase()->IgnoreParenImpCasts();
    }
    if (isSubscript(E)) {
      Subscripts S;
      const DeclRefExpr *Base = subscriptChain(E, S);
      auto It = Base ? C.P.ArrayByVar.find(dyn_cast<VarDecl>(Base->getDecl()))
                     : C.P.ArrayByVar.end();
      if (It != C.P.ArrayByVar.end())
        return int(S.Levels.size()) == It->second->rank();
    }
    const VarDecl *Target = baseVar(E);
    if (!Target || C.P.ArrayByVar.count(Target))
      return false;
    if (Target->getType()->isReferenceType())
      return localAlias(Target, Depth + 1);
    return !outside(Target);
  }
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
                            const char *Suggest) const {
    const bool Vector = replicatedVector(storedType(VD));
    if (!Vector && !reductionArray(storedType(VD)))
      return "only arrays of numbers of a fixed size (or std::vector of "
             "numbers) have their changes delivered to every rank after the "
             "loop (compared bytewise with a copy made before it)";
    const std::string Store = "'" + VD->getName().str() + "[k] = ...'";
    if (Op != BO_Assign || !RHS)
      return std::string("this update") +
             (Suggest ? ""
                      : " ('" + BinaryOperator::getOpcodeStr(Op).str() + "')") +
             " reads the element it writes: only plain stores (" + Store +
             ") are delivered to every rank after the loop";
    if (mentions(RHS, LHS))
      return "this store reads the element it writes: only plain stores (" +
             Store +
             ") whose value does not read the element are delivered to "
             "every rank after the loop (ranks updating one element would "
             "each update their own copy; a reduction clause combines "
             "updates)";
    return "";
  }
  /// Notes a replicated array stored into, with the remark of what it
  /// costs if the loop runs split over the ranks.
  void replicatedWrite(const VarDecl *VD) {
    VD = VD->getCanonicalDecl();
    for (const VarDecl *V : L.ReplicatedWrites)
      if (V == VD)
        return;
    L.ReplicatedWrites.push_back(VD);
    std::string Copy = "a copy of its elements";
    if (const auto *AT = dyn_cast_or_null<ConstantArrayType>(
            C.Ctx.getAsArrayType(storedType(VD)))) {
      const uint64_t N = C.Ctx.getConstantArrayElementCount(AT);
      Copy =
          "a copy of " + std::to_string(N) + " element" + (N == 1 ? "" : "s");
    }
    L.IfParallel.push_back(
        {OwnerLoop::ParallelOnly::Level,
         D.HashLoc,
         "'" + VD->getName().str() +
             "' is replicated and written in the loop: before it " + Copy +
             ", after it each rank's changed elements are sent to all (one "
             "MPI_Allgatherv); if each iteration writes what it reads of it "
             "first and nothing reads it after the loop (scratch), name it "
             "in the directive's new(...): each rank keeps its own and "
             "nothing is sent",
         {},
         {}});
  }
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
  bool keepsValue(QualType From, QualType To) const {
    From = From.getCanonicalType().getUnqualifiedType();
    To = To.getCanonicalType().getUnqualifiedType();
    if (From == To)
      return true;
    if (const auto *ET = From->getAs<EnumType>())
      From = ET->getDecl()->getIntegerType().getCanonicalType();
    if (!From->isIntegerType() && !From->isRealFloatingType())
      return false;
    if (From->isIntegerType() && To->isIntegerType() && !To->isBooleanType()) {
      const uint64_t WF = C.Ctx.getIntWidth(From), WT = C.Ctx.getIntWidth(To);
      const bool SF = From->isSignedIntegerType(),
                 ST = To->isSignedIntegerType();
      return (SF == ST && WT >= WF) || (!SF && ST && WT > WF);
    }
    if (From->isIntegerType() && To->isRealFloatingType())
      return llvm::APFloat::semanticsPrecision(
                 C.Ctx.getFloatTypeSemantics(To)) >=
             C.Ctx.getIntWidth(From) - (From->isSignedIntegerType() ? 1 : 0);
    if (From->isRealFloatingType() && To->isRealFloatingType())
      return C.Ctx.getFloatingTypeOrder(To, From) >= 0;
    return false;
  }

  /// `if (v < best) { best = v; where = i; }` with best a scalar min or max
  /// reduction: the reduction records locations (LocUpdate). An if whose
  /// condition compares best and whose branch assigns it is taken for one:
  /// each deviation is an error saying why, and its assignments are judged
  /// here only (one error per reason).
  void locUpdate(IfStmt *S) {
    const Stmt *Then = S->getThen();
    std::vector<const Stmt *> Stmts;
    if (const auto *CS = dyn_cast<CompoundStmt>(Then))
      Stmts.assign(CS->body_begin(), CS->body_end());
    else
      Stmts.push_back(Then);
    auto AssignOf = [](const Stmt *St) -> const BinaryOperator * {
      const auto *E = dyn_cast<Expr>(St);
      const auto *BO =
          E ? dyn_cast<BinaryOperator>(E->IgnoreParens()) : nullptr;
      return BO && BO->isAssignmentOp() ? BO : nullptr;
    };
    auto AssignedVar = [](const BinaryOperator *BO) -> const VarDecl * {
      const auto *DRE = dyn_cast<DeclRefExpr>(BO->getLHS()->IgnoreParens());
      return DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
    };
    // The scalar min or max reduction the branch assigns a value not made
    // from itself (`best = A[i]`, not `best = std::min(best, A[i])`).
    LoopReduction *Red = nullptr;
    for (const Stmt *St : Stmts)
      if (const BinaryOperator *BO = AssignOf(St))
        if (const VarDecl *VD = AssignedVar(BO))
          for (LoopReduction &R : L.Reductions)
            if (R.Var == VD && !R.Array && !Red &&
                (R.Op == pragma::ReductionOp::Min ||
                 R.Op == pragma::ReductionOp::Max) &&
                BO->getOpcode() == BO_Assign && !usesVar(BO->getRHS(), VD) &&
                usesVar(S->getCond(), VD))
              Red = &R;
    if (!Red)
      return;
    const VarDecl *Best = Red->Var;
    const std::string Name = "'" + Best->getName().str() + "'";
    const bool Max = Red->Op == pragma::ReductionOp::Max;
    const std::string Extreme = Max ? "maximum" : "minimum";
    bool Failed = false;
    auto Fail = [&](SourceLocation Loc, const std::string &Msg) {
      C.R.error(Loc, Msg);
      Failed = true;
    };
    // Every assignment of the branch is judged here, once.
    for (const Stmt *St : Stmts) {
      const auto *X = dyn_cast<Expr>(St);
      if (!X)
        continue;
      X = X->IgnoreParens();
      const Expr *Target = nullptr;
      if (const BinaryOperator *BO = AssignOf(St))
        Target = BO->getLHS();
      else if (const auto *UO = dyn_cast<UnaryOperator>(X);
               UO && UO->isIncrementDecrementOp())
        Target = UO->getSubExpr();
      if (!Target)
        continue;
      LocStores.insert(X);
      if (const auto *DRE = dyn_cast<DeclRefExpr>(Target->IgnoreParens()))
        ReductionRefsOk.insert(DRE);
      if (const VarDecl *VD = baseVar(Target))
        Handled.insert(VD->getCanonicalDecl());
    }
    // The condition: the value compared with best, nothing else.
    const auto *Cmp =
        dyn_cast<BinaryOperator>(S->getCond()->IgnoreParenImpCasts());
    const Expr *Value = nullptr;
    bool BestLeft = false;
    if (Cmp && Cmp->isRelationalOp()) {
      for (const DeclRefExpr *Side :
           {dyn_cast<DeclRefExpr>(Cmp->getLHS()->IgnoreParenImpCasts()),
            dyn_cast<DeclRefExpr>(Cmp->getRHS()->IgnoreParenImpCasts())})
        if (Side && Side->getDecl() == Best && !Value) {
          ReductionRefsOk.insert(Side);
          BestLeft = Side == Cmp->getLHS()->IgnoreParenImpCasts();
          Value = BestLeft ? Cmp->getRHS() : Cmp->getLHS();
        }
    }
    if (!Value) {
      markRefs(S->getCond(), Best);
      Fail(S->getCond()->getBeginLoc(),
           "the condition of the if that assigns " + Name +
               " must be only the comparison of the assigned value with " +
               Name + " ('v < " + Best->getName().str() +
               "'); test other conditions in an if around it");
      return;
    }
    // `v < best` as written, or `best > v` mirrored.
    BinaryOperatorKind Op = Cmp->getOpcode();
    if (BestLeft)
      Op = Op == BO_LT   ? BO_GT
           : Op == BO_GT ? BO_LT
           : Op == BO_LE ? BO_GE
                         : BO_LE;
    const bool KeepsLess = Op == BO_LT || Op == BO_LE;
    if (KeepsLess == Max) {
      Fail(Cmp->getOperatorLoc(),
           "this comparison keeps the " +
               std::string(KeepsLess ? "smaller" : "larger") + " value, a " +
               (KeepsLess ? "minimum" : "maximum") + ", but " + Name +
               " is in reduction(" + (Max ? "max" : "min") +
               ": ...); declare it in reduction(" + (Max ? "min" : "max") +
               ": " + Best->getName().str() + ")");
    }
    if (S->getInit() || S->getConditionVariable() || S->isConstexpr())
      Fail(S->getIfLoc(),
           "the if that updates " + Name +
               " with its location must be a plain 'if (v < " +
               Best->getName().str() +
               ")' (no init-statement, declaration or constexpr)");
    if (S->getElse())
      Fail(S->getElseLoc(),
           "the if that updates " + Name +
               " with its location cannot have an else branch: whether an "
               "iteration passes the test depends on the iterations before "
               "it, which run on other ranks");
    if (LambdaDepth)
      Fail(S->getIfLoc(), "the if that updates " + Name +
                              " with its location cannot be in a lambda");
    if (Red->Loc)
      Fail(S->getIfLoc(),
           Name + " is updated with its location by the if at line " +
               lineOf(C.SM, Red->Loc->Compare->getBeginLoc()) + " already: a " +
               Extreme +
               " with locations has one update; compare the values in one "
               "if");
    if (!Cmp->getBeginLoc().isFileID() || !Cmp->getOperatorLoc().isFileID() ||
        !Cmp->getEndLoc().isFileID())
      Fail(S->getIfLoc(),
           "the comparison of the if that updates " + Name +
               " comes from a macro: hpfcc rewrites it (to order equal "
               "values by the iterations' order); write it in the file");
    // Iterations are ordered by the indices of the levels around the if:
    // none may be inside a loop that is not a level (its iterations would
    // run on several ranks in one level iteration).
    for (std::size_t K = 0; K < LoopPath.size(); ++K) {
      const auto *F = dyn_cast<ForStmt>(LoopPath[K]);
      if (F && LevelFors.count(F))
        continue;
      for (std::size_t J = K + 1; J < LoopPath.size(); ++J)
        if (const auto *Inner = dyn_cast<ForStmt>(LoopPath[J]);
            Inner && LevelFors.count(Inner)) {
          Fail(S->getIfLoc(),
               "the if that updates " + Name +
                   " with its location is in the independent loop at line " +
                   lineOf(C.SM, Inner->getForLoc()) +
                   ", inside the loop at line " +
                   lineOf(C.SM, LoopPath[K]->getBeginLoc()) +
                   ", which is not marked independent: hpfcc orders equal "
                   "values by the indices of the independent loops around "
                   "the update; mark that loop independent, or move the "
                   "update out of it");
          J = LoopPath.size();
          K = LoopPath.size();
        }
    }
    // The branch: best = v once, and location variables.
    LocUpdate Loc;
    Loc.Compare = Cmp;
    Loc.Strict = Op == BO_LT || Op == BO_GT;
    const BinaryOperator *BestStore = nullptr;
    const std::string Only =
        "only assignments to " + Name +
        " and to variables recording its location ('where = i') may be in "
        "the if that updates it: whether the if runs depends on the "
        "iterations before it, which run on other ranks";
    for (const Stmt *St : Stmts) {
      const BinaryOperator *BO = AssignOf(St);
      if (!BO || BO->getOpcode() != BO_Assign) {
        Fail(St->getBeginLoc(), Only);
        continue;
      }
      const VarDecl *VD = AssignedVar(BO);
      if (VD == Best) {
        if (BestStore) {
          Fail(BO->getOperatorLoc(), Name + " is assigned twice in the if "
                                            "that updates it");
          continue;
        }
        BestStore = BO;
        if (!same(BO->getRHS(), Value))
          Fail(BO->getRHS()->getBeginLoc(),
               Name + " is assigned '" + spelling(BO->getRHS()) +
                   "' but the condition compares '" + spelling(Value) +
                   "' with it: the if must assign the value it compares");
        else if (!keepsValue(Value->IgnoreParenImpCasts()->getType(),
                             Best->getType()))
          Fail(BO->getRHS()->getBeginLoc(),
               "the compared value has type '" +
                   Value->IgnoreParenImpCasts()->getType().getAsString() +
                   "', which " + Name + " ('" + Best->getType().getAsString() +
                   "') cannot hold exactly: values that differ only in "
                   "'" +
                   Best->getType().getAsString() +
                   "' would compare as in no sequential order; give " + Name +
                   " the value's type, or compare a value of its "
                   "type");
        continue;
      }
      if (!VD) {
        Fail(BO->getLHS()->getBeginLoc(),
             "record the location of " + Name +
                 " in a scalar variable declared before the loop ('where = "
                 "i'): hpfcc combines only such variables with it");
        continue;
      }
      const std::string W = "'" + VD->getName().str() + "'";
      const VarDecl *Canon = VD->getCanonicalDecl();
      if (reduction(VD)) {
        Fail(BO->getLHS()->getBeginLoc(),
             W +
                 " is in a reduction clause, but it records the location "
                 "of " +
                 Name + ": remove it from the clause (a location needs none)");
        continue;
      }
      if (VD == IndVar || LevelVars.count(VD)) {
        Fail(BO->getLHS()->getBeginLoc(),
             "the loop index " + W + " must not be modified in the body");
        continue;
      }
      if (VD->getType()->isReferenceType() || !outside(VD)) {
        Fail(BO->getLHS()->getBeginLoc(),
             W +
                 (VD->getType()->isReferenceType()
                      ? " is a reference"
                      : " is declared inside the loop") +
                 ": the location of " + Name +
                 " is recorded in a variable declared before the loop (the "
                 "ranks combine those after it)");
        continue;
      }
      const QualType T = VD->getType();
      if (!T->isArithmeticType() && !T->isEnumeralType()) {
        Fail(BO->getLHS()->getBeginLoc(),
             W + " records the location of " + Name +
                 " and must be a number, not '" + T.getAsString() + "'");
        continue;
      }
      if (L.NewVars.count(Canon)) {
        Fail(BO->getLHS()->getBeginLoc(),
             W + " is in new(...), but it records the location of " + Name +
                 ", which is kept after the loop: remove it from new(...)");
        continue;
      }
      if (const LoopReduction *Other = locationOf(VD)) {
        Fail(BO->getLHS()->getBeginLoc(), W + " records the location of '" +
                                              Other->Var->getName().str() +
                                              "' already");
        continue;
      }
      if (std::find(Loc.Locations.begin(), Loc.Locations.end(), Canon) !=
          Loc.Locations.end()) {
        Fail(BO->getOperatorLoc(),
             W + " is assigned twice in the if that updates " + Name);
        continue;
      }
      Loc.Locations.push_back(Canon);
    }
    if (Failed)
      return;
    std::string Names;
    for (const VarDecl *V : Loc.Locations)
      Names += (Names.empty() ? "'" : ", '") + V->getName().str() + "'";
    C.R.remark(
        Cmp->getBeginLoc(),
        Name + " keeps the " + (Loc.Strict ? "first" : "last") +
            " iteration reaching its " + Extreme +
            (Names.empty() ? "" : ", and records its location in " + Names) +
            ": equal values from different ranks are ordered by "
            "their iterations' order");
    Red->Loc = std::move(Loc);
  }

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
  static BinaryOperatorKind binaryOperatorOf(pragma::ReductionOp Op) {
    switch (Op) {
    case pragma::ReductionOp::Sum:
      return BO_Add;
    case pragma::ReductionOp::Product:
      return BO_Mul;
    case pragma::ReductionOp::LogicalAnd:
      return BO_LAnd;
    case pragma::ReductionOp::LogicalOr:
      return BO_LOr;
    case pragma::ReductionOp::BitAnd:
      return BO_And;
    case pragma::ReductionOp::BitOr:
      return BO_Or;
    case pragma::ReductionOp::BitXor:
      return BO_Xor;
    case pragma::ReductionOp::Min:
    case pragma::ReductionOp::Max:
      return BO_Comma;
    }
    llvm_unreachable("unknown reduction operator");
  }

  /// Is `<Place> = <RHS>` a valid update for op (Place: the variable, or
  /// an element of an array reduction)? Marks the self reference.
  bool plainUpdate(const LoopReduction &Red, const Expr *Place,
                   const Expr *RHS) {
    auto Self = [&](const Expr *E) { return self(E, Place, Red.Var); };
    RHS = RHS->IgnoreParenImpCasts();
    if (const auto *BO = dyn_cast<BinaryOperator>(RHS)) {
      const BinaryOperatorKind Want = binaryOperatorOf(Red.Op);
      // s = s - e adds -e, like s -= e (not e - s: that negates s).
      if (BO->getOpcode() == BO_Sub && Red.Op == pragma::ReductionOp::Sum) {
        const DeclRefExpr *S = Self(BO->getLHS());
        if (S)
          ReductionRefsOk.insert(S);
        return S != nullptr;
      }
      if (BO->getOpcode() == Want) {
        if (const DeclRefExpr *S = Self(BO->getLHS())) {
          ReductionRefsOk.insert(S);
          return true;
        }
        if (const DeclRefExpr *S = Self(BO->getRHS())) {
          ReductionRefsOk.insert(S);
          return true;
        }
      }
      return false;
    }
    if (const auto *CO = dyn_cast<ConditionalOperator>(RHS)) {
      // s = e > s ? e : s (max), s = e < s ? e : s (min), and mirrors.
      if (Red.Op != pragma::ReductionOp::Min &&
          Red.Op != pragma::ReductionOp::Max)
        return false;
      const auto *Cmp =
          dyn_cast<BinaryOperator>(CO->getCond()->IgnoreParenImpCasts());
      if (!Cmp || !Cmp->isRelationalOp())
        return false;
      const Expr *L = Cmp->getLHS(), *Rt = Cmp->getRHS();
      bool Greater = Cmp->getOpcode() == BO_GT || Cmp->getOpcode() == BO_GE;
      const Expr *Bigger = Greater ? L : Rt, *Smaller = Greater ? Rt : L;
      bool Max = Red.Op == pragma::ReductionOp::Max;
      const Expr *WantTrue = Max ? Bigger : Smaller;
      const Expr *WantFalse = Max ? Smaller : Bigger;
      const DeclRefExpr *SelfL = Self(L), *SelfR = Self(Rt);
      if ((SelfL == nullptr) == (SelfR == nullptr))
        return false;
      if (!same(CO->getTrueExpr(), WantTrue) ||
          !same(CO->getFalseExpr(), WantFalse))
        return false;
      for (const Expr *E : std::initializer_list<const Expr *>{
               L, Rt, CO->getTrueExpr(), CO->getFalseExpr()})
        if (const DeclRefExpr *S = Self(E))
          ReductionRefsOk.insert(S);
      return true;
    }
    if (const auto *CE = dyn_cast<CallExpr>(RHS)) {
      const FunctionDecl *FD = CE->getDirectCallee();
      if (!FD || CE->getNumArgs() != 2 || !FD->getIdentifier())
        return false;
      StringRef N = FD->getName();
      bool IsMin = N == "min" || N == "fmin" || N == "fminf" || N == "fminl";
      bool IsMax = N == "max" || N == "fmax" || N == "fmaxf" || N == "fmaxl";
      if (!((Red.Op == pragma::ReductionOp::Min && IsMin) ||
            (Red.Op == pragma::ReductionOp::Max && IsMax)))
        return false;
      for (unsigned I = 0; I < 2; ++I)
        if (const DeclRefExpr *S = Self(CE->getArg(I))) {
          ReductionRefsOk.insert(S);
          return true;
        }
    }
    return false;
  }

  void write(const Expr *LHS, const Expr *Whole, BinaryOperatorKind Op,
             const Expr *RHS) {
    if (LocStores.count(Whole))
      return; // judged with its if (locUpdate)
    const Expr *Bare = LHS->IgnoreParenImpCasts();
    if (isSubscript(Bare))
      if (const auto *B =
              dyn_cast<DeclRefExpr>(subscriptBase(Bare)->IgnoreParenImpCasts()))
        if (C.P.ArrayByVar.count(dyn_cast<VarDecl>(B->getDecl())))
          return; // A[i]: checked by VisitArraySubscriptExpr
    const VarDecl *VD = baseVar(LHS);
    if (VD)
      Handled.insert(VD->getCanonicalDecl());
    SourceLocation Loc = Whole->getExprLoc();
    if (VD && C.P.ArrayByVar.count(VD))
      return; // M[i][j]: checked by VisitArraySubscriptExpr
    if (!VD) {
      // Reported here, not again as a change of the pointer's target
      // (LoopEffects.cpp).
      for (const Expr *P = LHS->IgnoreParenImpCasts(); P;) {
        if (const auto *DRE = dyn_cast<DeclRefExpr>(P)) {
          const auto *V = dyn_cast<VarDecl>(DRE->getDecl());
          if (V)
            Handled.insert(V->getCanonicalDecl());
          // new(p): the user's word that what p points to is scratch,
          // assigned before it is read in every iteration and not read
          // after the loop (FT's work arrays handed to its passes). A
          // pointer to a distributed array's elements is that array's
          // parameter (checked as its elements), so p points into memory
          // each rank has of its own.
          if (V && L.NewVars.count(V->getCanonicalDecl()))
            return;
          break;
        }
        if (const auto *AS = dyn_cast<ArraySubscriptExpr>(P))
          P = AS->getBase()->IgnoreParenImpCasts();
        else if (const auto *UO = dyn_cast<UnaryOperator>(P))
          P = UO->getSubExpr()->IgnoreParenImpCasts();
        else if (const auto *ME = dyn_cast<MemberExpr>(P))
          P = ME->getBase()->IgnoreParenImpCasts();
        else
          break;
      }
      report(Loc, "writes through pointers or references are not allowed "
                  "in an independent loop (hpfcc cannot prove the target "
                  "is owned by the rank)");
      return;
    }
    if (VD == IndVar || LevelVars.count(VD)) {
      report(Loc, "the loop index '" + VD->getName().str() +
                      "' must not be modified in the body");
      return;
    }
    if (const LoopReduction *Red = reduction(VD)) {
      const DeclRefExpr *Self = refTo(LHS, VD);
      bool Ok = false;
      if (Self) {
        switch (Op) {
        case BO_SubAssign: // s -= e adds -e
          Ok = Red->Op == pragma::ReductionOp::Sum;
          break;
        case BO_AddAssign:
        case BO_MulAssign:
        case BO_AndAssign:
        case BO_OrAssign:
        case BO_XorAssign:
          Ok = binaryOperatorOf(Red->Op) ==
               BinaryOperator::getOpForCompoundAssignment(Op);
          break;
        case BO_Assign:
          Ok = RHS && plainUpdate(*Red, LHS, RHS);
          break;
        default:
          break;
        }
      }
      if (Ok) {
        ReductionRefsOk.insert(Self);
        PlainUpdates.try_emplace(VD, Loc);
      } else {
        const bool MinMax = Red->Op == pragma::ReductionOp::Min ||
                            Red->Op == pragma::ReductionOp::Max;
        const bool Less = Red->Op == pragma::ReductionOp::Min;
        C.R.error(Loc,
                  std::string("this update of '") + VD->getName().str() +
                      "' does not match its reduction operator '" +
                      pragma::reductionOpSpelling(Red->Op) + "'" +
                      (MinMax && Op == BO_Assign && RHS && !usesVar(RHS, VD)
                           ? std::string(" (to record where the ") +
                                 (Less ? "minimum" : "maximum") +
                                 " is, assign it in the if that compares "
                                 "it: 'if (v " +
                                 (Less ? "<" : ">") + " " +
                                 VD->getName().str() + ") { " +
                                 VD->getName().str() + " = v; where = i; }')"
                           : ""));
        ReductionRefsOk.insert(Self);
      }
      return;
    }
    if (!outside(VD) || localAlias(VD))
      return;
    // Assigned before it is read in every iteration, and not read after
    // the loop: each rank's copy is its own (LoopPrivates.cpp).
    const std::string Shared = Privates.whyShared(VD);
    if (Shared.empty()) {
      Handled.insert(VD->getCanonicalDecl());
      L.addPrivate(VD->getCanonicalDecl());
      return;
    }
    std::string Name = VD->getName().str();
    const char *Suggest = Op == BO_AddAssign || Op == BO_SubAssign ? "+"
                          : Op == BO_MulAssign                     ? "*"
                          : Op == BO_AndAssign                     ? "&"
                          : Op == BO_OrAssign                      ? "|"
                          : Op == BO_XorAssign                     ? "^"
                                                                   : nullptr;
    std::optional<FixItHint> Fix;
    if (Suggest && D.EndLoc.isFileID())
      Fix = FixItHint::CreateInsertion(
          D.EndLoc, std::string(" reduction(") + Suggest + ": " + Name + ")");
    const bool Vector = replicatedVector(storedType(VD));
    if (storedType(VD)->isArrayType() || Vector) {
      // `hist[k] += 1`: an update an array reduction makes (each rank
      // counts into its own copy, combined after the loop).
      if (Suggest && reductionArray(VD->getType())) {
        report(Loc,
               "'" + Name +
                   "' is not distributed: updating it in an independent "
                   "loop would leave each rank a different copy; declare "
                   "it in a reduction clause ('reduction(" +
                   Suggest + ": " + Name +
                   ")': each rank updates its own copy, combined after the "
                   "loop), or distribute it like the loop's arrays",
               Fix);
        return;
      }
      // A plain store `R[k] = e`: the ranks deliver their changes to each
      // other after the loop (OwnerLoop::ReplicatedWrites).
      const std::string Why = undeliverable(VD, Op, LHS, RHS, Suggest);
      if (Why.empty()) {
        replicatedWrite(VD);
        return;
      }
      report(Loc, "'" + Name +
                      "' is not distributed: writing it in an independent "
                      "loop would leave each rank a different copy, and " +
                      Why + "; distribute it like the loop's arrays");
      return;
    }
    if (VD->getType()->isReferenceType() && !isa<ParmVarDecl>(VD) &&
        C.SM.isBeforeInTranslationUnit(L.outer()->getBeginLoc(),
                                       VD->getLocation())) {
      // Declared in the body, but bound to a place outside it: reported
      // here, not again at the binding (LoopEffects.cpp).
      if (VD->getInit())
        if (const VarDecl *Target = baseVar(VD->getInit()))
          Handled.insert(Target->getCanonicalDecl());
      report(Loc, "'" + Name +
                      "' refers to a variable declared outside the "
                      "independent loop (or to a place hpfcc cannot "
                      "follow): writing through it would leave each rank a "
                      "different value; bind it to an element the iteration "
                      "owns ('auto &" +
                      Name +
                      " = A[i]') or to a variable declared inside the loop");
      return;
    }
    // A location of a reduction's if assigned elsewhere: finish() says so.
    AssignedOutside.emplace(Pending.size(), VD);
    report(Loc,
           "'" + Name +
               "' is assigned in an independent loop: each rank would keep a "
               "different value; declare it in a reduction clause or inside "
               "the loop (it cannot be each rank's own: " +
               Shared + ")",
           Fix);
  }
};

} // namespace

void checkLoopBody(Context &C, OwnerLoop &L, const ParsedDirective &D,
                   CheckedRefs &Checked) {
  LoopPrivates Privates(C, L);
  LoopChecker Check(C, L, D, Checked, Privates);
  Check.TraverseStmt(const_cast<Stmt *>(L.outer()->getBody()));
  Check.finish();
  checkLoopEffects(C, L, Check.Handled, Privates);
  // Indices declared before their loop: private like the body's scalars
  // (the outermost one is assigned by the header before every iteration).
  for (const NestLevel &Lv : L.Levels) {
    if (!Lv.IndexOutside)
      continue;
    const std::string Why =
        Privates.whyShared(Lv.IndVar, &Lv == &L.Levels.front());
    if (Why.empty())
      continue;
    L.IfParallel.push_back(
        {OwnerLoop::ParallelOnly::Error, Lv.For->getInit()->getBeginLoc(),
         "the index '" + Lv.IndVar->getName().str() +
             "' is declared before the independent loop and cannot be each "
             "rank's own: " +
             Why + "; declare it in the loop ('for (int " +
             Lv.IndVar->getName().str() + " = ...')"});
  }
  if (!L.Privates.empty()) {
    std::string Names;
    for (const VarDecl *V : L.Privates)
      Names += (Names.empty() ? "'" : ", '") + V->getName().str() + "'";
    C.R.remark(D.HashLoc, "private to each rank's iterations (assigned "
                          "before they are read, not read after the loop): " +
                              Names);
  }
}

} // namespace hpf::analysis
