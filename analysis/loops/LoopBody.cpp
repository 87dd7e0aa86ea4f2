//===- analysis/loops/LoopBody.cpp - an independent loop's body -----------===//
//
// The body of an independent loop (or nest) runs split over the ranks:
// control may not leave it, variables declared outside may change only as
// reductions, and distributed arrays are used only as elements. The
// checker collects those elements into the OwnerLoop's one list of
// accesses (loops over rank-1 arrays: A[i] local, reads at other
// subscripts gathered; loops over multi-dimensional arrays: every element,
// classified after the flow walk). Errors that only matter for a distributed
// loop wait until the body is known to use a distributed array. The checker
// is declared in LoopChecker.h; its judgement of a min or max reduction's
// `if (v < best) { best = v; where = i; }` is in LocUpdates.cpp.
//
//===----------------------------------------------------------------------===//
#include "loops/LoopChecker.h"

using namespace clang;

namespace hpf::analysis {
namespace loop_body {

bool LoopChecker::subscript(const Expr *E) {
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

bool LoopChecker::VisitDeclRefExpr(DeclRefExpr *E) {
  RefsSeen.push_back(E);
  if (const auto *VD = dyn_cast<VarDecl>(E->getDecl())) {
    if (VD->getIdentifier() && VD->isInStdNamespace() &&
        VD->getName() == "cout")
      outputWarning(E->getLocation());
    if (VD->getIdentifier() && VD->isInStdNamespace() && VD->getName() == "cin")
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

void LoopChecker::ioThroughCall(const CallExpr *E, const FunctionDecl *FD) {
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

void LoopChecker::finish() {
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
  // A loop that only reads distributed arrays, none at a level's index
  // (nothing to own), and writes through pointers can run on every rank,
  // as replicated code does, reading them from copies made before it (NAS
  // MG's restriction into a plain level through a view). A read at a
  // level's index says the user meant the loop to run by owners, and other
  // errors (a forgotten reduction clause) have a fix: the errors stand.
  bool OwnersMeant = false;
  for (const LoopAccess &Acc : L.Accesses) {
    OwnersMeant |= !Acc.Read;
    for (std::size_t D = 0; D < Acc.Subs.Levels.size(); ++D)
      if (const VarDecl *V = bareVar(Acc.Subs.sub(D));
          V && (V == IndVar || LevelVars.count(V)))
        OwnersMeant = true;
  }
  if (Distributed && !OwnersMeant && !Pending.empty() &&
      PointerWrites == Pending.size()) {
    for (LoopAccess &Acc : L.Accesses)
      Acc.Kind = LoopAccess::Gathered;
    Distributed = false;
  }
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

const VarDecl *LoopChecker::baseVar(const Expr *E) const {
  while (E) {
    E = E->IgnoreParenImpCasts();
    if (isSubscript(E)) {
      E = subscriptBase(E)->IgnoreParenImpCasts();
      if (E->getType()->isPointerType() && !distributedRef(E) && !sectionRef(E))
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

bool LoopChecker::localAlias(const VarDecl *VD, int Depth) const {
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

std::string LoopChecker::undeliverable(const VarDecl *VD, BinaryOperatorKind Op,
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

void LoopChecker::replicatedWrite(const VarDecl *VD) {
  VD = VD->getCanonicalDecl();
  for (const VarDecl *V : L.ReplicatedWrites)
    if (V == VD)
      return;
  L.ReplicatedWrites.push_back(VD);
  std::string Copy = "a copy of its elements";
  if (const auto *AT = dyn_cast_or_null<ConstantArrayType>(
          C.Ctx.getAsArrayType(storedType(VD)))) {
    const uint64_t N = C.Ctx.getConstantArrayElementCount(AT);
    Copy = "a copy of " + std::to_string(N) + " element" + (N == 1 ? "" : "s");
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

bool LoopChecker::keepsValue(QualType From, QualType To) const {
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
    const bool SF = From->isSignedIntegerType(), ST = To->isSignedIntegerType();
    return (SF == ST && WT >= WF) || (!SF && ST && WT > WF);
  }
  if (From->isIntegerType() && To->isRealFloatingType())
    return llvm::APFloat::semanticsPrecision(C.Ctx.getFloatTypeSemantics(To)) >=
           C.Ctx.getIntWidth(From) - (From->isSignedIntegerType() ? 1 : 0);
  if (From->isRealFloatingType() && To->isRealFloatingType())
    return C.Ctx.getFloatingTypeOrder(To, From) >= 0;
  return false;
}

BinaryOperatorKind LoopChecker::binaryOperatorOf(pragma::ReductionOp Op) {
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

bool LoopChecker::plainUpdate(const LoopReduction &Red, const Expr *Place,
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

void LoopChecker::write(const Expr *LHS, const Expr *Whole,
                        BinaryOperatorKind Op, const Expr *RHS) {
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
    ++PointerWrites;
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
      C.R.error(Loc, std::string("this update of '") + VD->getName().str() +
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
    Fix = FixItHint::CreateInsertion(D.EndLoc, std::string(" reduction(") +
                                                   Suggest + ": " + Name + ")");
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

} // namespace loop_body

using loop_body::LoopChecker;

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
