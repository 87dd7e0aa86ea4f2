//===- analysis/loops/Loops.cpp - independent loops and nests -------------===//
//
// An independent directive must stand before a for loop of the shape
// `for (int i = lb; i < ub; ++i)`. A loop whose body uses a
// multi-dimensional distributed array is a nest: the independent loops
// inside it are its levels, and each level runs over a dimension of the
// nest's home array (or over its whole range). The body is checked by
// checkLoopBody; the home array of a loop over rank-1 arrays and the
// reads served by copies are chosen here, what is local is decided after the
// flow walk (Placement.cpp).
//
//===----------------------------------------------------------------------===//
#include "Expressions.h"
#include "Phases.h"
#include "loops/Replicated.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"

#include <functional>

using namespace clang;

namespace hpf::analysis {

using pragma::DirectiveKind;

namespace {

/// Marks the distributed-array references under S as reported, so that a
/// loop rejected for its shape does not also get one error per access.
class UseSuppressor : public RecursiveASTVisitor<UseSuppressor> {
public:
  UseSuppressor(const Program &P, std::set<const DeclRefExpr *> &Allowed)
      : P(P), Allowed(Allowed) {}
  bool VisitDeclRefExpr(DeclRefExpr *E) {
    if (P.ArrayByVar.count(dyn_cast<VarDecl>(E->getDecl())))
      Allowed.insert(E);
    return true;
  }

private:
  const Program &P;
  std::set<const DeclRefExpr *> &Allowed;
};

/// A reduction variable's type: arithmetic, or a fixed-size array (any
/// rank) of an arithmetic type.
bool reductionType(const ASTContext &Ctx, QualType T) {
  while (const ArrayType *AT = Ctx.getAsArrayType(T)) {
    if (!isa<ConstantArrayType>(AT))
      return false;
    T = AT->getElementType();
  }
  return T->isArithmeticType();
}

} // namespace

std::optional<LoopReduction>
Loops::sectionReduction(const ParsedDirective &D,
                        const pragma::ReductionClause &RC,
                        const pragma::Section &S, const pragma::NameRef &N,
                        const VarDecl *VD) {
  const QualType T = VD->getType().getNonReferenceType();
  const auto *PT = T->getAs<PointerType>();
  if (!PT || !PT->getPointeeType()->isArithmeticType() ||
      PT->getPointeeType().isConstQualified()) {
    R.error(D.locOf(N.Tok),
            "an array section '" + N.Name +
                "[first : length]' in a reduction names the elements a "
                "pointer to numbers points to; '" +
                N.Name + "' is '" + T.getAsString() + "'" +
                (reductionType(C.Ctx, T) ? " (reduce it whole: drop the "
                                           "section)"
                                         : ""));
    return std::nullopt;
  }
  LoopReduction Red{RC.Op, VD, false, true};
  Red.Section = true;
  for (const auto &[Range, What, Text] :
       {std::tuple{S.Lower, "first index", &Red.SectionFirst},
        std::tuple{S.Length, "length", &Red.SectionLength}}) {
    if (Range.empty()) {
      *Text = "0";
      continue;
    }
    const Expr *E = C.slotExpr(D, D.slotOf(Range));
    if (!E)
      return std::nullopt; // Clang said why
    if (!E->getType()->isIntegralOrUnscopedEnumerationType()) {
      R.error(D.locOf(Range.Begin),
              std::string("the section's ") + What + " must be an integer, "
                  "not '" + E->getType().getAsString() + "'");
      return std::nullopt;
    }
    *Text = C.slotText(D, Range);
  }
  return Red;
}

const Stmt *stmtAfter(const ParsedDirective &D, const Anchor &A) {
  if (!A.Parent)
    return nullptr;
  if (const auto *If = dyn_cast<IfStmt>(A.Parent)) {
    // One `if` per carrier, the loop in the last else.
    const Stmt *S = If;
    for (std::size_t K = 0; K < D.Slots.size(); ++K) {
      const auto *I = dyn_cast_or_null<IfStmt>(S);
      S = I ? I->getElse() : nullptr;
    }
    return S;
  }
  const auto *CS = cast<CompoundStmt>(A.Parent);
  unsigned LoopIdx = A.Index + static_cast<unsigned>(D.Slots.size());
  return LoopIdx < CS->size() ? CS->body_begin()[LoopIdx] : nullptr;
}

namespace {

/// The for loop right after a directive's carriers, or null.
const ForStmt *loopAfter(const ParsedDirective &D, const Anchor &A) {
  return dyn_cast_or_null<ForStmt>(stmtAfter(D, A));
}

/// A for loop with attributes (`[[clang::code_align(32)]] for`, or
/// `#pragma clang loop`, `#pragma unroll` before it) right after a
/// directive: its first attribute, else null. The rewritten loop would leave
/// them before the block that replaces it, where they do not compile.
const Attr *loopAttributeAfter(const ParsedDirective &D, const Anchor &A) {
  const auto *AS = dyn_cast_or_null<AttributedStmt>(stmtAfter(D, A));
  if (!AS || !isa<ForStmt>(AS->getSubStmt()) || AS->getAttrs().empty())
    return nullptr;
  return AS->getAttrs()[0];
}

void reportLoopAttribute(Reporter &R, const Attr *At) {
  std::string What;
  if (isa<LoopHintAttr>(At))
    What = std::string("#pragma ") +
           (At->getSpelling() == std::string_view("loop") ? "clang loop"
                                                          : At->getSpelling());
  else
    What = "[[" + At->getNormalizedFullName() + "]]";
  R.error(At->getLocation(),
          "hpfcc cannot yet keep '" + What +
              "' on an independent loop (its iterations are split among the "
              "ranks, and the loop is rewritten): remove it, or put it on a "
              "loop inside the independent one");
}

/// True if S refers to a distributed array of rank >= 2 (carriers aside).
class NDUseFinder : public RecursiveASTVisitor<NDUseFinder> {
public:
  explicit NDUseFinder(const Program &P) : P(P) {}
  bool Found = false;
  bool TraverseTypeAliasDecl(TypeAliasDecl *D) {
    if (D->getIdentifier() && pragma::parseCarrierName(D->getName().str()))
      return true;
    return RecursiveASTVisitor::TraverseTypeAliasDecl(D);
  }
  bool TraverseTypedefDecl(TypedefDecl *D) {
    if (D->getIdentifier() && pragma::parseCarrierName(D->getName().str()))
      return true;
    return RecursiveASTVisitor::TraverseTypedefDecl(D);
  }
  // Elements only: a whole array handed to a call (`corner(M, i)`) is read
  // through it, from a copy the 1-D loop makes, and gives a nest no level.
  bool VisitArraySubscriptExpr(ArraySubscriptExpr *E) {
    const Expr *Base = E->getBase()->IgnoreParenImpCasts();
    while (const auto *Inner = dyn_cast<ArraySubscriptExpr>(Base))
      Base = Inner->getBase()->IgnoreParenImpCasts();
    if (const auto *DRE = dyn_cast<DeclRefExpr>(Base)) {
      auto It = P.ArrayByVar.find(dyn_cast<VarDecl>(DRE->getDecl()));
      if (It != P.ArrayByVar.end() && It->second->rank() > 1)
        Found = true;
    }
    return !Found;
  }

private:
  const Program &P;
};

} // namespace

namespace {
/// Why Step may change while the loop runs (empty: it cannot).
/// Assigned: the variables the loop's body may change (the effects
/// analysis: through calls too).
std::string invariantStep(const Expr *Step,
                          const std::set<const VarDecl *> &Assigned,
                          const VarDecl *IV) {
  std::string Why;
  std::function<void(const Stmt *)> Walk = [&](const Stmt *S) {
    if (!S || !Why.empty())
      return;
    if (const auto *CE = dyn_cast<CallExpr>(S)) {
      const FunctionDecl *FD = CE->getDirectCallee();
      if (!FD || !FD->isConstexpr()) {
        Why = "it calls a function (evaluate it into a variable before the "
              "loop)";
        return;
      }
    }
    if (const auto *DRE = dyn_cast<DeclRefExpr>(S))
      if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl())) {
        if (VD == IV)
          Why = "it depends on '" + IV->getName().str() + "'";
        else if (Assigned.count(VD->getCanonicalDecl()))
          Why = "'" + VD->getName().str() + "' is assigned in the loop";
        else if (VD->getType().isVolatileQualified())
          Why = "'" + VD->getName().str() + "' is volatile";
      }
    for (const Stmt *C : S->children())
      Walk(C);
  };
  Walk(Step);
  return Why;
}

/// True if S refers to V.
bool usesVar(const Stmt *S, const VarDecl *V) {
  if (!S)
    return false;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(S); DRE && DRE->getDecl() == V)
    return true;
  for (const Stmt *C : S->children())
    if (usesVar(C, V))
      return true;
  return false;
}

} // namespace

bool usesMultiDim(const Program &P, const Stmt *Body) {
  NDUseFinder Finder(P);
  Finder.TraverseStmt(const_cast<Stmt *>(Body));
  return Finder.Found;
}

bool Loops::loopShape(const ForStmt *For, NestLevel &Lv) {
  const char *Shape =
      "independent loops must have the form 'for (int i = lb; i < ub; ++i)'";
  Lv.For = For;
  // Init: one integer index declared in the loop, or declared before it
  // and assigned (`for (k = 1; ...)`, a private of the loop: LoopBody.cpp
  // checks that nothing after the loop reads it).
  const auto *Init = dyn_cast_or_null<DeclStmt>(For->getInit());
  const VarDecl *IV = Init && Init->isSingleDecl()
                          ? dyn_cast<VarDecl>(Init->getSingleDecl())
                          : nullptr;
  const Expr *Lower = IV ? IV->getInit() : nullptr;
  const auto *InitExpr = dyn_cast_or_null<Expr>(For->getInit());
  if (const auto *Assign = dyn_cast_or_null<BinaryOperator>(
          InitExpr ? InitExpr->IgnoreParens() : nullptr);
      Assign && Assign->getOpcode() == BO_Assign)
    if (const auto *DRE =
            dyn_cast<DeclRefExpr>(Assign->getLHS()->IgnoreParens())) {
      IV = dyn_cast<VarDecl>(DRE->getDecl());
      Lower = Assign->getRHS();
      Lv.IndexOutside = true;
    }
  if (!IV || !Lower || !IV->getType()->isIntegerType() ||
      IV->getType()->isReferenceType() || IV->getType().isVolatileQualified()) {
    shapeError(For->getInit() ? For->getInit()->getBeginLoc()
                              : For->getBeginLoc(),
               std::string(Shape) +
                   ": start the integer index in the loop's header ('int i "
                   "= lb' or 'i = lb')");
    return false;
  }
  Lv.IndVar = IV;
  Lv.Lower = Lower;
  auto IsIV = [&](const Expr *E) {
    const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
    return DRE && DRE->getDecl() == IV;
  };
  // Step first: `i != ub` takes its direction from it.
  std::optional<int64_t> StepValue;
  if (!loopStep(For, Lv, StepValue))
    return false;
  // Condition: i < ub, i <= ub, i > lb, i >= lb, i != b (or mirrored).
  const auto *Cond = dyn_cast_or_null<BinaryOperator>(
      For->getCond() ? For->getCond()->IgnoreParenImpCasts() : nullptr);
  BinaryOperatorKind Op = BO_Comma;
  if (Cond && IsIV(Cond->getLHS())) {
    Op = Cond->getOpcode();
    Lv.Upper = Cond->getRHS();
  } else if (Cond && IsIV(Cond->getRHS())) {
    Op = BinaryOperator::reverseComparisonOp(Cond->getOpcode());
    Lv.Upper = Cond->getLHS();
  }
  if (Op == BO_NE) {
    // Equivalent to < (>) only if the index reaches the bound exactly.
    if (!StepValue || (*StepValue != 1 && *StepValue != -1)) {
      shapeError(
          Cond->getOperatorLoc(),
          "'" + IV->getName().str() +
              " != bound' is supported with a step of 1 or -1 only (with "
              "another step the index may step over the bound; write < "
              "or >)");
      return false;
    }
    Op = *StepValue > 0 ? BO_LT : BO_GT;
  }
  if (Op != BO_LT && Op != BO_LE && Op != BO_GT && Op != BO_GE) {
    shapeError(For->getCond() ? For->getCond()->getBeginLoc()
                              : For->getBeginLoc(),
               std::string(Shape) + ": the condition must compare '" +
                   IV->getName().str() + "' with <, <=, > or >=");
    return false;
  }
  Lv.Down = Op == BO_GT || Op == BO_GE;
  Lv.Inclusive = Op == BO_LE || Op == BO_GE;
  if (StepValue && (*StepValue > 0) == Lv.Down) {
    shapeError(For->getInc()->getBeginLoc(),
               "the index '" + IV->getName().str() + "' steps by " +
                   std::to_string(*StepValue) + " but the condition counts " +
                   (Lv.Down ? "down" : "up") +
                   ": the loop would never end (or never start)");
    return false;
  }
  if (StepValue && *StepValue == (Lv.Down ? -1 : 1))
    Lv.Step = nullptr; // one in the loop's direction
  // The bound is evaluated once, before the loop: it must not depend on
  // the index.
  if (usesVar(Lv.Upper, IV)) {
    shapeError(Lv.Upper->getBeginLoc(), std::string(Shape) +
                                            ": the bound must not depend on '" +
                                            IV->getName().str() + "'");
    return false;
  }
  // The bounds and step are evaluated where the loop's rows are split
  // among the ranks, by every rank: an element of a distributed array
  // there would need its owner's value first.
  for (const Expr *E : {Lv.Lower, Lv.Upper, Lv.Step}) {
    const DeclRefExpr *Dist = nullptr;
    forEachDeclRef(E, [&](const DeclRefExpr *DRE) {
      // An element (`V[0]`), not the array's size (`V.size()`).
      const auto *V = dyn_cast<VarDecl>(DRE->getDecl());
      if (V && P.ArrayByVar.count(V) && outermostElement(Ctx, DRE) != DRE &&
          !unevaluated(Ctx, DRE))
        Dist = DRE;
      return !Dist;
    });
    if (Dist) {
      shapeError(Dist->getBeginLoc(),
                 "the bounds of an independent loop cannot read the "
                 "distributed array '" +
                     Dist->getDecl()->getName().str() +
                     "' yet: copy the element into a variable before the "
                     "loop");
      return false;
    }
  }
  return true;
}

/// The increment: `++i`, `i++`, `--i`, `i--`, `i += s`, `i -= s`,
/// `i = i + s`, `i = s + i`, `i = i - s`, with s loop-invariant (no calls,
/// no variable the body assigns, not the index). StepValue: its value if
/// it is a constant (signed: -2 for `i -= 2`).
bool Loops::loopStep(const ForStmt *For, NestLevel &Lv,
                     std::optional<int64_t> &StepValue) {
  const VarDecl *IV = Lv.IndVar;
  auto IsIV = [&](const Expr *E) {
    const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
    return DRE && DRE->getDecl() == IV;
  };
  const Expr *Inc =
      For->getInc() ? For->getInc()->IgnoreParenImpCasts() : nullptr;
  bool Ok = false;
  if (const auto *U = dyn_cast_or_null<UnaryOperator>(Inc)) {
    Ok = U->isIncrementDecrementOp() && IsIV(U->getSubExpr());
    StepValue = U->isIncrementOp() ? 1 : -1;
  } else if (const auto *CA = dyn_cast_or_null<CompoundAssignOperator>(Inc)) {
    Ok = (CA->getOpcode() == BO_AddAssign || CA->getOpcode() == BO_SubAssign) &&
         IsIV(CA->getLHS());
    Lv.Step = CA->getRHS();
    Lv.StepNegated = CA->getOpcode() == BO_SubAssign;
  } else if (const auto *As = dyn_cast_or_null<BinaryOperator>(Inc);
             As && As->getOpcode() == BO_Assign && IsIV(As->getLHS())) {
    const auto *Sum =
        dyn_cast<BinaryOperator>(As->getRHS()->IgnoreParenImpCasts());
    if (Sum && (Sum->getOpcode() == BO_Add || Sum->getOpcode() == BO_Sub)) {
      if (IsIV(Sum->getLHS())) {
        Ok = true;
        Lv.Step = Sum->getRHS();
        Lv.StepNegated = Sum->getOpcode() == BO_Sub;
      } else if (Sum->getOpcode() == BO_Add && IsIV(Sum->getRHS())) {
        Ok = true;
        Lv.Step = Sum->getLHS();
      }
    }
  }
  if (!Ok) {
    shapeError(Inc ? Inc->getBeginLoc() : For->getBeginLoc(),
               "independent loops must step the index '" + IV->getName().str() +
                   "' by a loop-invariant amount ('++" + IV->getName().str() +
                   "', '--" + IV->getName().str() + "', '" +
                   IV->getName().str() + " += s', '" + IV->getName().str() +
                   " -= s' or '" + IV->getName().str() + " = " +
                   IV->getName().str() + " + s')");
    return false;
  }
  if (!Lv.Step)
    return true;
  if (auto V = Lv.Step->getIntegerConstantExpr(Ctx)) {
    StepValue = Lv.StepNegated ? -V->getExtValue() : V->getExtValue();
    if (*StepValue == 0) {
      shapeError(Lv.Step->getBeginLoc(),
                 "the step of the index '" + IV->getName().str() +
                     "' is 0: the loop would never end");
      return false;
    }
    return true;
  }
  // A run-time step is evaluated once, before the loop (the runtime checks
  // its sign): it must not change while the loop runs.
  std::set<const VarDecl *> Assigned;
  if (const FunctionDecl *Fn = enclosingFunction(C.Ctx, For))
    for (const auto &[V, W] : C.Effects.ofStatement(For->getBody(), Fn).Writes)
      Assigned.insert(V);
  std::string Why = invariantStep(Lv.Step, Assigned, IV);
  if (!Why.empty()) {
    shapeError(Lv.Step->getBeginLoc(), "the step of the index '" +
                                           IV->getName().str() +
                                           "' must be loop-invariant: " + Why);
    return false;
  }
  return true;
}

void Loops::independent(const ParsedDirective &D) {
  const Anchor *A = C.anchorOf(D);
  if (!A)
    return;
  if (NestInner.count(D.Id))
    return; // a level of an enclosing nest, checked with it
  if (!A->Parent) {
    R.error(D.HashLoc, "independent must be placed right before a for loop "
                       "inside a function");
    return;
  }
  const ForStmt *For = loopAfter(D, *A);
  if (isa_and_nonnull<CXXForRangeStmt>(stmtAfter(D, *A)))
    return; // a loop over an array's elements: RangeFor.cpp
  if (!For) {
    if (const Attr *At = loopAttributeAfter(D, *A))
      reportLoopAttribute(R, At);
    else
      R.error(D.locOf(D.Dir.KindTok),
              "'independent' must be followed by a for loop");
    return;
  }
  OwnerLoop L;
  L.DirId = D.Id;
  struct Suppress {
    Loops &A;
    const ForStmt *For;
    bool Armed = true;
    ~Suppress() {
      if (Armed)
        UseSuppressor(A.P, A.Checked).TraverseStmt(const_cast<ForStmt *>(For));
    }
  } OnError{*this, For};
  NestLevel Top;
  Top.DirId = D.Id;
  if (!loopShape(For, Top))
    return;
  L.Levels.push_back(Top);
  // Reduction variables.
  for (const pragma::ReductionClause &RC : D.Dir.Reductions)
    for (std::size_t K = 0; K < RC.Vars.size(); ++K) {
      const pragma::NameRef &N = RC.Vars[K];
      const VarDecl *VD = C.slotVar(D, N.Tok, "a reduction variable");
      if (!VD)
        return;
      if (P.ArrayByVar.count(VD)) {
        R.error(D.locOf(N.Tok), "a distributed array cannot be a reduction "
                                "variable");
        return;
      }
      for (const LoopReduction &Prev : L.Reductions)
        if (Prev.Var == VD) {
          R.error(D.locOf(N.Tok),
                  "'" + N.Name + "' appears in more than one reduction");
          return;
        }
      if (K < RC.Sections.size() && RC.Sections[K].Has) {
        std::optional<LoopReduction> Red =
            sectionReduction(D, RC, RC.Sections[K], N, VD);
        if (!Red)
          return;
        L.Reductions.push_back(*Red);
        continue;
      }
      const bool Array = VD->getType()->isArrayType();
      if (!reductionType(C.Ctx, VD->getType())) {
        R.error(D.locOf(N.Tok),
                "reduction variable '" + N.Name +
                    "' must have an arithmetic type or be a fixed-size "
                    "array of one (as in OpenMP), not '" +
                    VD->getType().getAsString() + "'" +
                    (VD->getType()->isPointerType()
                         ? " (for the elements it points to, give them as "
                           "an array section: '" +
                               N.Name + "[first : length]')"
                         : ""));
        return;
      }
      QualType T = VD->getType().getCanonicalType().getUnqualifiedType();
      const bool Exact = C.Opts.ReproducibleSums &&
                         RC.Op == pragma::ReductionOp::Sum && !Array &&
                         (T->isSpecificBuiltinType(BuiltinType::Double) ||
                          T->isSpecificBuiltinType(BuiltinType::Float));
      if (C.Opts.ReproducibleSums && Array &&
          RC.Op == pragma::ReductionOp::Sum &&
          C.Ctx.getBaseElementType(T)->isRealFloatingType())
        R.warning(D.locOf(N.Tok),
                  "reduction(+: " + N.Name +
                      ") over an array is not added exactly: "
                      "--hpf-reproducible-sums covers scalar reductions "
                      "only, so its sums may differ in the last bits "
                      "between rank counts");
      if (Exact)
        R.remark(D.locOf(N.Tok),
                 "reduction(+: " + N.Name +
                     ") adds exactly (reproducible): each iteration's "
                     "contribution goes to an exact accumulator, the same "
                     "bits at every rank count");
      L.Reductions.push_back({RC.Op, VD, Exact, Array});
    }
  // HPF's NEW: the user says each iteration assigns these before reading
  // them and nothing reads them after the loop.
  for (const pragma::NameRef &N : D.Dir.NewVars) {
    const VarDecl *VD = C.slotVar(D, N.Tok, "a variable in new(...)");
    if (!VD)
      return;
    if (P.ArrayByVar.count(VD)) {
      R.error(D.locOf(N.Tok),
              "a distributed array cannot be new: its elements are written "
              "by their owners already");
      return;
    }
    for (const LoopReduction &Red : L.Reductions)
      if (Red.Var == VD) {
        R.error(D.locOf(N.Tok), "'" + N.Name +
                                    "' is a reduction variable; it cannot "
                                    "also be new");
        return;
      }
    L.NewVars.insert(VD->getCanonicalDecl());
  }
  // A loop over multi-dimensional arrays is a nest: the independent loops
  // inside it are its levels (HPF marks each level).
  // Loops over one-dimensional arrays nest the same way.
  const bool MultiDim = usesMultiDim(P, For->getBody());
  {
    SourceRange FR = For->getSourceRange();
    for (const ParsedDirective &D2 : State.Directives) {
      if (D2.Dir.Kind != DirectiveKind::Independent ||
          !SM.isBeforeInTranslationUnit(FR.getBegin(), D2.HashLoc) ||
          !SM.isBeforeInTranslationUnit(D2.HashLoc, FR.getEnd()))
        continue;
      auto It = C.BodyAnchors.find(D2.Id);
      const ForStmt *F2 =
          It == C.BodyAnchors.end() ? nullptr : loopAfter(D2, It->second);
      if (!F2 && It != C.BodyAnchors.end())
        if (const Attr *At = loopAttributeAfter(D2, It->second)) {
          // Reported here, once: the nest is not rewritten.
          NestInner.insert(D2.Id);
          reportLoopAttribute(R, At);
          return;
        }
      if (!F2)
        continue; // reported when D2 itself is checked
      NestInner.insert(D2.Id);
      // A reduction variable declared in the nest's body is private to
      // an outer iteration: where the level runs its whole range on every
      // rank, the sequential loop's sum is the rank's own (Placement.cpp
      // refuses a level over distributed indices). One declared outside
      // the nest is reduced by the outermost loop's clause.
      for (const pragma::ReductionClause &RC : D2.Dir.Reductions)
        for (const pragma::NameRef &N : RC.Vars) {
          const VarDecl *VD = C.slotVar(D2, N.Tok, "a reduction variable");
          if (!VD)
            return;
          if (SM.isBeforeInTranslationUnit(FR.getBegin(), VD->getLocation()) &&
              SM.isBeforeInTranslationUnit(VD->getLocation(), FR.getEnd()))
            continue;
          R.error(D2.locOf(N.Tok),
                  "a reduction clause on an inner loop of a nest is "
                  "supported only for a variable declared inside the "
                  "nest; '" +
                      N.Name +
                      "' is declared outside it: move the clause to the "
                      "outermost loop, at line " +
                      std::to_string(SM.getPresumedLineNumber(D.HashLoc)));
          return;
        }
      NestLevel Lv;
      Lv.DirId = D2.Id;
      if (!loopShape(F2, Lv))
        return;
      L.Levels.push_back(Lv);
    }
  }
  OnError.Armed = false;
  checkLoopBody(C, L, D, Checked);
  if (MultiDim) {
    nestHome(L);
    provenLevels(L);
    P.Loops.push_back(std::move(L));
    return;
  }
  // A write at the index of an inner loop not marked independent
  // (LoopBody.cpp): the loop runs on every rank over copies.
  for (const LoopAccess &Acc : L.Accesses)
    if (!Acc.Read && Acc.Kind == LoopAccess::Gathered) {
      replicate(C, L, recurrenceIndex(L, Acc.Subs, Acc.Subs.sub(0)), Acc.Array,
                0);
      P.Loops.push_back(std::move(L));
      return;
    }
  // One-dimensional arrays: the home array is the first one written at a
  // level's index, else the first one read at one; that level runs over
  // its owned elements, the others over their whole range (as written).
  // Elements at another level's index are read from copies.
  auto Assigned = [&](const LoopAccess &Acc) {
    const Expr *E = Acc.Subs.whole();
    bool Written = false;
    for (const DynTypedNode &N : Ctx.getParents(*E)) {
      if (const auto *BO = N.get<BinaryOperator>())
        Written = BO->isAssignmentOp() && BO->getLHS()->IgnoreParens() == E;
      if (const auto *U = N.get<UnaryOperator>())
        Written = U->isIncrementDecrementOp();
    }
    return Written;
  };
  const LoopAccess *HomeAcc = nullptr;
  for (const LoopAccess &Acc : L.Accesses)
    if (Acc.Kind == LoopAccess::Local && !HomeAcc && Assigned(Acc))
      HomeAcc = &Acc;
  for (const LoopAccess &Acc : L.Accesses)
    if (!HomeAcc && Acc.Kind == LoopAccess::Local)
      HomeAcc = &Acc;
  const int HomeLevel = HomeAcc ? HomeAcc->Segment[0] : 0;
  if (HomeAcc) {
    L.Home = HomeAcc->Array;
    L.Levels[std::size_t(HomeLevel)].Dim = 0;
  }
  const NestLevel &HL = L.Levels[std::size_t(HomeLevel)];
  bool Failed = false;
  for (LoopAccess &Acc : L.Accesses) {
    if (Acc.Kind != LoopAccess::Local || Acc.Segment[0] == HomeLevel)
      continue;
    if (Acc.Read) {
      Acc.Kind = LoopAccess::Gathered;
      Acc.Segment.clear();
      continue;
    }
    R.error(
        Acc.Subs.sub(0)->getBeginLoc(),
        "'" + Acc.Array->Name +
            "' is written at the index of the loop "
            "over '" +
            L.Levels[std::size_t(Acc.Segment[0])].IndVar->getName().str() +
            "', but this nest runs the loop over '" +
            HL.IndVar->getName().str() + "' over the elements of '" +
            L.Home->Name +
            "' each rank owns: distributed arrays can be written only at '" +
            HL.IndVar->getName().str() + "'");
    Failed = true;
  }
  if (Failed) {
    reportIfParallel(C, L); // its other diagnostics still
    return;                 // not placed: no second error per access
  }
  for (const LoopAccess &Acc : L.Accesses)
    if (!Acc.Read)
      L.Written.insert(Acc.Array);
  // A gathered copy holds the values from before the loop: right for an
  // array the loop does not write, and for A[i + c] (c > 0) of one it
  // writes as A[i], since the sequential loop writes A[i + c] only later
  // (A[i - c] for a loop that counts down).
  const VarDecl *IV = HL.IndVar;
  for (const LoopAccess &G : L.Accesses)
    if (G.Kind == LoopAccess::Gathered && L.Written.count(G.Array)) {
      const Expr *Idx = G.Subs.sub(0);
      std::optional<int64_t> C = offsetFrom(Ctx, Idx, IV);
      if (C && HL.Down)
        C = -*C;
      if (!C || *C <= 0)
        R.error(Idx->getBeginLoc(),
                "'" + G.Array->Name +
                    "' is written in this loop, so it can "
                    "be read only as '" +
                    G.Array->Name + "[" + IV->getName().str() + "]' or '" +
                    G.Array->Name + "[" + IV->getName().str() +
                    (HL.Down ? " - c]' with a constant c > 0 (this loop "
                               "counts down; other subscripts may read "
                             : " + c]' with a constant c > 0 (other "
                               "subscripts may read ") +
                    "elements the loop has already changed)");
    }
  P.Loops.push_back(std::move(L));
}

/// The home array (the first one written, else the first one used) and the
/// dimension each level runs over: the first dimension of the home array,
/// not taken by an outer level, whose subscript is the level's index.
void Loops::nestHome(OwnerLoop &L) {
  for (const LoopAccess &Acc : L.Accesses)
    if (!Acc.Read)
      L.Written.insert(Acc.Array);
  // The home array is multi-dimensional (1-D arrays follow it).
  for (const LoopAccess &Acc : L.Accesses)
    if (!Acc.Read && Acc.Array->rank() > 1) {
      L.Home = Acc.Array;
      break;
    }
  for (const LoopAccess &Acc : L.Accesses)
    if (!L.Home && Acc.Array->rank() > 1)
      L.Home = Acc.Array;
  if (!L.Home)
    return;
  // Written accesses first: they must be local.
  std::vector<const LoopAccess *> Order;
  for (bool Writes : {true, false})
    for (const LoopAccess &Acc : L.Accesses)
      if (Acc.Array == L.Home && Acc.Read != Writes)
        Order.push_back(&Acc);
  std::set<int> Taken;
  for (NestLevel &Lv : L.Levels)
    for (const LoopAccess *Acc : Order) {
      for (int D = 0; D < int(Acc->Subs.Levels.size()) && Lv.Dim < 0; ++D)
        if (!Taken.count(D) &&
            bareVar(Acc->Subs.sub(std::size_t(D))) == Lv.IndVar) {
          Lv.Dim = D;
          Taken.insert(D);
        }
      if (Lv.Dim >= 0)
        break;
    }
}

} // namespace hpf::analysis
