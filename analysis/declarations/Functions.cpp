//===- analysis/declarations/Functions.cpp - array parameters -------------===//
//
// HPF's inherited mapping: a parameter `T (&A)[N]` (or `const T (&A)[N]`,
// any rank) of a function whose calls pass it distributed arrays becomes a
// distributed array of that function, with whatever mapping the argument
// has at each call (the runtime knows it; the flow walk calls it unknown,
// so loops in the callee use the run-time distribution and check alignment
// at run time). The binding is transitive: a callee may pass its parameter
// on. A pointer parameter `T *A` (with its size `int n`) called with the
// whole array (`f(A, n)`, `f(&A[0], n)`) is the same, with the extent of
// the argument (known at run time; n is checked against it at the call).
// A parameter bound to both distributed and plain arrays, an offset into
// the array (`f(A + k, n)`), a function hpfcc cannot see the body of, or
// one also declared in another file (a header, whose declaration hpfcc
// cannot rewrite) are errors at the call, with the reason. Prototypes in
// this file get the parameter's new type, as the definition does.
//
//===----------------------------------------------------------------------===//
#include "Expressions.h"
#include "Phases.h"
#include "effects/Effects.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/Support/Path.h"

using namespace clang;

namespace hpf::analysis {

namespace {

/// Every call of a named function (operators and lambdas excluded: their
/// arguments are not parameters one can rewrite).
class CallFinder : public RecursiveASTVisitor<CallFinder> {
public:
  std::vector<const CallExpr *> Calls;
  std::vector<const CXXMemberCallExpr *> Members;
  std::vector<const CXXOperatorCallExpr *> Assigns;
  std::vector<const CXXForRangeStmt *> RangeFors;
  std::vector<const CXXDeleteExpr *> Deletes;
  bool shouldVisitTemplateInstantiations() const { return false; }
  bool VisitCXXMemberCallExpr(CXXMemberCallExpr *E) {
    Members.push_back(E);
    return true;
  }
  bool VisitCXXOperatorCallExpr(CXXOperatorCallExpr *E) {
    if (E->isAssignmentOp())
      Assigns.push_back(E);
    return true;
  }
  bool VisitCXXForRangeStmt(CXXForRangeStmt *S) {
    RangeFors.push_back(S);
    return true;
  }
  bool VisitCXXDeleteExpr(CXXDeleteExpr *E) {
    Deletes.push_back(E);
    return true;
  }
  bool VisitCallExpr(CallExpr *E) {
    if (!isa<CXXOperatorCallExpr>(E) && E->getDirectCallee())
      Calls.push_back(E);
    return true;
  }
};

/// The element type of an array or pointer expression.
QualType elementType(ASTContext &Ctx, const Expr *E) {
  QualType T = E->getType();
  if (const ArrayType *AT = Ctx.getAsArrayType(T))
    return AT->getElementType();
  return T->isPointerType() ? T->getPointeeType() : QualType();
}

/// A declaration of F outside the main file (null if all are in it).
const FunctionDecl *declarationElsewhere(const SourceManager &SM,
                                         const FunctionDecl *F) {
  for (const FunctionDecl *D : F->redecls())
    if (!SM.isInMainFile(SM.getExpansionLoc(D->getLocation())))
      return D;
  return nullptr;
}

/// Whether calls of Def with distributed arrays can go to a copy of it
/// while its calls with plain arrays keep it: a free function with a name,
/// not main, and not itself such a copy (codegen/Templates.h).
bool copyable(const FunctionDecl *Def) {
  return !isa<CXXMethodDecl>(Def) && Def->getIdentifier() && !Def->isMain() &&
         templateOfCopy(Def->getName()).empty();
}

} // namespace

/// `A + k`, `k + A`, `A - k` or `&A[k]`: an offset into the array A
/// refers to (null otherwise).
const DeclRefExpr *offsetRef(const Expr *Arg) {
  const Expr *E = Arg->IgnoreParenImpCasts();
  if (const auto *BO = dyn_cast<BinaryOperator>(E); BO && BO->isAdditiveOp()) {
    if (const auto *L =
            dyn_cast<DeclRefExpr>(BO->getLHS()->IgnoreParenImpCasts()))
      return L;
    return dyn_cast<DeclRefExpr>(BO->getRHS()->IgnoreParenImpCasts());
  }
  if (const auto *UO = dyn_cast<UnaryOperator>(E);
      UO && UO->getOpcode() == UO_AddrOf)
    if (const auto *AS =
            dyn_cast<ArraySubscriptExpr>(UO->getSubExpr()->IgnoreParens()))
      return dyn_cast<DeclRefExpr>(AS->getBase()->IgnoreParenImpCasts());
  return nullptr;
}

/// The size parameter of a pointer parameter: the first integer parameter
/// after it (-1: none).
int sizeParam(const FunctionDecl *F, unsigned Pointer) {
  for (unsigned K = Pointer + 1; K < F->getNumParams(); ++K)
    if (F->getParamDecl(K)->getType()->isIntegerType())
      return int(K);
  return -1;
}

const ConstantArrayType *declaredArray(ASTContext &Ctx, const ParmVarDecl *PV) {
  if (!PV->getType()->isPointerType())
    return nullptr;
  const ConstantArrayType *AT =
      Ctx.getAsConstantArrayType(PV->getOriginalType());
  return AT && AT->getElementType()->isArrayType() ? AT : nullptr;
}

std::unique_ptr<DistArray> parameterShape(ASTContext &Ctx,
                                          const ParmVarDecl *PV) {
  auto Arr = std::make_unique<DistArray>();
  Arr->Var = PV;
  Arr->Name = PV->getName().str();
  Arr->Inherited = true;
  const QualType T = PV->getType();
  const auto *Ref = T->getAs<LValueReferenceType>();
  const bool ByVector = Ref && !vectorElement(Ref->getPointeeType()).isNull();
  const ConstantArrayType *Declared = declaredArray(Ctx, PV);
  if ((T->isPointerType() && !Declared) || ByVector) {
    // `T *A, int n` or `std::vector<T> &A`: the extent comes with the
    // argument, at run time.
    QualType Elem = T->isPointerType() ? T->getPointeeType()
                                       : vectorElement(Ref->getPointeeType());
    if (ByVector) {
      Elem = Ref->getPointeeType().isConstQualified() ? Elem.withConst() : Elem;
      Arr->Vector = true;
      Arr->Holder = "std::vector";
    }
    Arr->Const = Elem.isConstQualified();
    Arr->ElemType =
        Elem.getUnqualifiedType().getAsString(Ctx.getPrintingPolicy());
    Arr->Extents = {-1};
    Arr->Extent = -1;
    return Arr;
  }
  QualType Elem = Declared ? QualType(Declared, 0) : Ref->getPointeeType();
  while (const ConstantArrayType *Dim = Ctx.getAsConstantArrayType(Elem)) {
    Arr->Extents.push_back(static_cast<Index>(Dim->getSize().getZExtValue()));
    Elem = Dim->getElementType();
  }
  Arr->Const = Elem.isConstQualified();
  Arr->ElemType =
      Elem.getUnqualifiedType().getAsString(Ctx.getPrintingPolicy());
  Arr->Extent = 1;
  for (Index E : Arr->Extents)
    Arr->Extent *= E;
  return Arr;
}

DistArray *Functions::parameterArray(const ParmVarDecl *PV) {
  std::unique_ptr<DistArray> Arr = parameterShape(Ctx, PV);
  DistArray *A = Arr.get();
  P.ArrayByVar[PV] = A;
  P.Arrays.push_back(std::move(Arr));
  return A;
}

void Functions::bind() {
  readInherits();
  CallFinder F;
  F.TraverseDecl(Ctx.getTranslationUnitDecl());
  struct Binding {
    const CallExpr *Call;
    unsigned Arg;
  };
  std::map<const ParmVarDecl *, std::vector<Binding>> Bound;
  // `f(A + k, n)` / `f(&A[k], n)` for a pointer parameter: a part of the
  // array has no mapping of its own.
  auto offsetArgument = [&](const CallExpr *CE, unsigned I) {
    const DeclRefExpr *Ref = offsetRef(CE->getArg(I));
    if (!Ref || Checked.count(Ref))
      return;
    auto It = P.ArrayByVar.find(dyn_cast<VarDecl>(Ref->getDecl()));
    if (It == P.ArrayByVar.end())
      return;
    Checked.insert(Ref);
    const std::string N = It->second->Name;
    const std::string Fn = CE->getDirectCallee()->getNameAsString();
    R.error(CE->getArg(I)->getBeginLoc(),
            "distributed array '" + N + "' is passed to '" + Fn +
                "' with an offset: the callee would get a part of the "
                "array, which has no mapping of its own; pass the whole "
                "array and the offset ('" +
                Fn + "(" + N + ", k, ...)', then '" + N +
                "[k + i]' in the callee)");
  };
  // `std::size(A)` / `std::ssize(A)`: the extent, as sequentially (the
  // array becomes an hpf::darray; a vector's size() is its global size).
  auto stdSize = [&](const CallExpr *CE) {
    const FunctionDecl *FD = CE->getDirectCallee();
    if (!FD->isInStdNamespace() || !FD->getIdentifier() ||
        (FD->getName() != "size" && FD->getName() != "ssize") ||
        CE->getNumArgs() != 1)
      return false;
    const auto *Ref =
        dyn_cast<DeclRefExpr>(CE->getArg(0)->IgnoreParenImpCasts());
    auto It = Ref ? P.ArrayByVar.find(dyn_cast<VarDecl>(Ref->getDecl()))
                  : P.ArrayByVar.end();
    if (It == P.ArrayByVar.end() || Checked.count(Ref))
      return false;
    Checked.insert(Ref);
    const DistArray &A = *It->second;
    if (CE->getBeginLoc().isMacroID() || CE->getEndLoc().isMacroID()) {
      R.error(Ref->getLocation(),
              "'std::" + FD->getName().str() + "' of distributed array '" +
                  A.Name +
                  "' must be written outside macros (hpfcc writes the "
                  "array's extent in its place)");
      return true;
    }
    const std::string Extent = A.Extents.front() >= 0 && !A.Vector
                                   ? std::to_string(A.Extents.front())
                                   : A.Name + ".size()";
    P.Folded.push_back(
        {CE->getSourceRange(), "static_cast<" +
                                   CE->getType().getCanonicalType().getAsString(
                                       Ctx.getPrintingPolicy()) +
                                   ">(" + Extent + ")"});
    return true;
  };
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (const CallExpr *CE : F.Calls) {
      if (stdSize(CE))
        continue;
      const FunctionDecl *FD = CE->getDirectCallee();
      // The standard library's functions take no distributed array as a
      // parameter hpfcc could rewrite: its algorithms on whole arrays are
      // the Algorithms phase's, and so is every other iterator into one.
      if (FD->isInStdNamespace())
        continue;
      const FunctionDecl *Def = FD->getDefinition();
      for (unsigned I = 0; I < CE->getNumArgs() && I < FD->getNumParams();
           ++I) {
        const ParmVarDecl *PV = (Def ? Def : FD)->getParamDecl(I);
        QualType T = PV->getType();
        const bool Pointer = T->isPointerType();
        const Expr *AddrOf = nullptr;
        const DeclRefExpr *Ref = arrayArgument(CE->getArg(I), &AddrOf);
        if (Pointer && !Ref)
          offsetArgument(CE, I);
        if (!Ref || Checked.count(Ref))
          continue;
        auto It = P.ArrayByVar.find(dyn_cast<VarDecl>(Ref->getDecl()));
        if (It == P.ArrayByVar.end())
          continue;
        Checked.insert(Ref); // bound or reported here
        const std::string Name = It->second->Name;
        const std::string Callee = "'" + FD->getNameAsString() + "'";
        if (AddrOf && !Pointer) {
          R.error(AddrOf->getBeginLoc(),
                  "the address of an element of distributed array '" + Name +
                      "' is passed to " + Callee +
                      ": only a pointer parameter takes '&" + Name +
                      "[0]' (as the whole array)");
          continue;
        }
        const auto *Ref2 = T->getAs<LValueReferenceType>();
        // `std::vector<T> &A` for a distributed vector.
        const bool ByVector =
            Ref2 && It->second->Vector &&
            !vectorElement(Ref2->getPointeeType()).isNull() &&
            Ctx.hasSameUnqualifiedType(Ref2->getPointeeType(),
                                       Ref->getType().getNonReferenceType());
        // `T A[N][M]` (a pointer to rows, declared as the whole array): as
        // `T (&A)[N][M]` when the extents are the argument's; an array of
        // another first extent would be a part of it, or more.
        const ConstantArrayType *Declared = declaredArray(Ctx, PV);
        if (Declared) {
          std::unique_ptr<DistArray> Shape = parameterShape(Ctx, PV);
          if (Shape->Extents != It->second->Extents) {
            R.error(Ref->getLocation(),
                    "distributed array '" + Name + "' is passed to " + Callee +
                        " as '" + PV->getOriginalType().getAsString() +
                        "', whose extents differ from the array's: the "
                        "parameter must be declared with the array's own "
                        "extents");
            R.note(PV->getLocation(), "parameter declared here");
            continue;
          }
        }
        // A pointer to the elements themselves (not `void *`, not a base).
        const bool ByPointer =
            Pointer && It->second->rank() == 1 &&
            Ctx.hasSameUnqualifiedType(T->getPointeeType(),
                                       elementType(Ctx, AddrOf ? AddrOf : Ref));
        // `void *`, given its shape in the body (Untyped.cpp).
        const bool Untyped = T->isVoidPointerType() && !AddrOf && Def;
        const VarDecl *View = nullptr;
        if (Untyped && !bindUntyped(PV, Def, Ref, *It->second, View))
          continue;
        if (!ByPointer && !ByVector && !Declared && !Untyped &&
            (!Ref2 || !Ctx.getAsConstantArrayType(Ref2->getPointeeType()))) {
          const std::string PN = PV->getName().str();
          const std::string &ET = It->second->ElemType;
          if (It->second->Vector) {
            R.error(Ref->getLocation(),
                    "distributed std::vector '" + Name + "' is passed to " +
                        Callee + " as '" + T.getAsString() +
                        "': the parameter must be a reference "
                        "('std::vector<" +
                        ET + "> &" + PN + "' or 'const std::vector<" + ET +
                        "> &" + PN +
                        "') so that it keeps the vector's mapping (a copy "
                        "would be a sequential vector)");
            R.note(PV->getLocation(), "parameter declared here");
            continue;
          }
          R.error(Ref->getLocation(),
                  "distributed array '" + Name + "' is passed to " + Callee +
                      " as '" + T.getAsString() +
                      "': the parameter must be a reference to an "
                      "array ('" +
                      ET + " (&" + PN + ")[...]')" +
                      (It->second->rank() == 1
                           ? " or a pointer to its elements ('" + ET + " *" +
                                 PN + "')"
                           : std::string()) +
                      " so that it keeps the array's mapping");
          R.note(PV->getLocation(), "parameter declared here");
          continue;
        }
        const std::optional<unsigned> Inherit = inherited(FD, I);
        if (!Def || !SM.isInMainFile(SM.getExpansionLoc(Def->getLocation()))) {
          if (Inherit) {
            foreignCall(CE, I, It->second, ByPointer ? AddrOf : nullptr,
                        ByPointer);
            continue;
          }
          R.error(Ref->getLocation(),
                  "distributed array '" + Name + "' is passed to " + Callee +
                      ", whose body is not in this file: hpfcc rewrites the "
                      "parameter of a function it compiles; if its file is "
                      "compiled with hpfcc too, write '#pragma hpf inherit " +
                      PV->getName().str() +
                      "' right before the function's declaration in the "
                      "header both files include");
          continue;
        }
        // An instantiation of a function template: analysed as a
        // non-template copy of it, in a second analysis (Program's
        // TemplateCalls). Member functions take them like free functions
        // (their call's arguments are their parameters; an operator's
        // object comes first, so no argument of one reaches here).
        if (Def->isTemplateInstantiation() && Def->getPrimaryTemplate() &&
            !isa<CXXMethodDecl>(Def)) {
          P.TemplateCalls.push_back({CE, Def});
          continue;
        }
        if (Def->isTemplateInstantiation()) {
          R.error(Ref->getLocation(),
                  "distributed array '" + Name + "' is passed to " + Callee +
                      (isa<CXXMethodDecl>(Def)
                           ? ", a member function of a class template (those "
                             "take no distributed arrays yet; write a member "
                             "of a class, or a function template)"
                           : ", which is a template instantiation (write a "
                             "function of the array type)"));
          continue;
        }
        // Every declaration of the function gets the parameter's new type
        // (codegen), but the rewriter writes the main file only: a
        // prototype in a header would keep the old type and no longer
        // match the definition.
        if (const FunctionDecl *Other =
                Inherit ? nullptr : declarationElsewhere(SM, Def)) {
          SourceLocation At = SM.getExpansionLoc(Other->getLocation());
          R.error(Ref->getLocation(),
                  "distributed array '" + Name + "' is passed to " + Callee +
                      ", which is also declared in another file ('" +
                      llvm::sys::path::filename(SM.getFilename(At)).str() +
                      "'): hpfcc rewrites the parameter's type (to an "
                      "hpf::darray) in this file only; write '#pragma hpf "
                      "inherit " +
                      PV->getName().str() +
                      "' right before that declaration (the function then "
                      "takes distributed arrays only), or declare the "
                      "function in this file only");
          R.note(Other->getLocation(), "also declared here");
          continue;
        }
        Bound[PV].push_back({CE, I});
        P.ParamBindings.push_back({CE, PV, It->second});
        if (ByPointer)
          P.PointerArgs.push_back(
              {CE, I, sizeParam(Def, I), AddrOf, It->second});
        if (Untyped) {
          Changed |= untypedArray(PV, View, *It->second) != nullptr;
          continue;
        }
        if (P.ArrayByVar.count(PV))
          continue;
        parameterArray(PV);
        Changed = true;
      }
    }
  }
  checkInherited(F.Calls);
  for (const auto &[Fn, Params] : Inherits)
    if (const FunctionDecl *Def = Fn->getDefinition())
      for (const auto &[Index, Dir] : Params)
        if (Index < Def->getNumParams())
          P.ExternParams.insert(Def->getParamDecl(Index));
  // A copy made for the calls with distributed arrays of a function that
  // plain arrays are passed to as well (above): said once, at the first.
  std::set<const FunctionDecl *> CopiesSaid;
  for (const auto &[PV, Uses] : Bound) {
    const auto *Copy = cast<FunctionDecl>(PV->getDeclContext());
    const StringRef Of =
        Copy->getIdentifier() ? templateOfCopy(Copy->getName()) : StringRef();
    if (Of.empty() || !CopiesSaid.insert(Copy).second)
      continue;
    const DeclContext *DC = Copy->getDeclContext();
    const auto Found = DC->lookup(&Ctx.Idents.get(Of));
    if (std::none_of(Found.begin(), Found.end(),
                     [](const NamedDecl *N) { return isa<FunctionDecl>(N); }))
      continue; // a template's copy
    R.remark(Uses.front().Call->getBeginLoc(),
             "'" + Of.str() +
                 "' is called with distributed arrays here and with plain "
                 "arrays elsewhere: the calls with distributed arrays call a "
                 "copy of it compiled for them, the others call it as "
                 "written");
  }
  // The calls of Def passing a plain array where parameter Index takes
  // distributed ones.
  auto PlainCalls = [&](const FunctionDecl *Def, unsigned Index) {
    std::vector<const CallExpr *> Plain;
    for (const CallExpr *CE : F.Calls) {
      const FunctionDecl *FD = CE->getDirectCallee();
      if (FD->getDefinition() != Def || Index >= CE->getNumArgs())
        continue;
      const Expr *AddrOf = nullptr;
      const DeclRefExpr *Ref = arrayArgument(CE->getArg(Index), &AddrOf);
      if (Ref && P.ArrayByVar.count(dyn_cast<VarDecl>(Ref->getDecl())))
        continue;
      if (const DeclRefExpr *Off = offsetRef(CE->getArg(Index));
          Off && Checked.count(Off))
        continue; // an offset into a distributed array: reported
      Plain.push_back(CE);
    }
    return Plain;
  };
  // Functions called with plain arrays too: the calls with distributed ones
  // call a copy of the function (HPF compilers' procedure cloning), made
  // like a template instantiation's (codegen/Templates.h), and the program
  // is analysed again; the function stays as written for the plain calls.
  std::set<const FunctionDecl *> Copied, Redirected;
  for (const auto &[PV, Uses] : Bound) {
    const auto *Def = cast<FunctionDecl>(PV->getDeclContext());
    if (copyable(Def) && !inherited(Def, PV->getFunctionScopeIndex()) &&
        !PlainCalls(Def, PV->getFunctionScopeIndex()).empty())
      Copied.insert(Def);
  }
  for (const auto &[PV, Uses] : Bound) {
    const auto *Def = cast<FunctionDecl>(PV->getDeclContext());
    if (!Copied.count(Def))
      continue;
    for (const Binding &B : Uses) {
      // A copied function passing on its own parameter: plain in the
      // function as written, decided again in its copy.
      const FunctionDecl *Caller = enclosingFunction(Ctx, B.Call);
      const Expr *AddrOf = nullptr;
      const DeclRefExpr *Ref = arrayArgument(B.Call->getArg(B.Arg), &AddrOf);
      const auto *VD = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
      const ParmVarDecl *Own =
          VD ? (isa<ParmVarDecl>(VD) ? cast<ParmVarDecl>(VD)
                                     : viewedParameter(VD))
             : nullptr;
      if (Caller && Copied.count(Caller->getDefinition()) && Own &&
          Own->getDeclContext() == Caller)
        continue;
      P.TemplateCalls.push_back({B.Call, Def});
      Redirected.insert(Def);
    }
  }
  // Every call must pass a distributed array for a distributed parameter.
  for (const auto &[PV, Uses] : Bound) {
    const auto *Def = cast<FunctionDecl>(PV->getDeclContext());
    unsigned Index = PV->getFunctionScopeIndex();
    if (inherited(Def, Index))
      continue; // checkInherited: every call, and the remark
    std::string Actuals;
    std::set<std::string> Seen;
    for (const Binding &B : Uses) {
      const Expr *AddrOf = nullptr;
      std::string N = arrayArgument(B.Call->getArg(B.Arg), &AddrOf)
                          ->getDecl()
                          ->getName()
                          .str();
      if (Seen.insert(N).second)
        Actuals += (Actuals.empty() ? "'" : ", '") + N + "'";
    }
    // Unless a copy takes the distributed ones (above), now or, where
    // copied functions pass their own parameters, in the next analysis.
    bool CopyTakes =
        Redirected.count(Def) || (Copied.count(Def) && !Redirected.empty());
    for (const CallExpr *CE :
         CopyTakes ? std::vector<const CallExpr *>() : PlainCalls(Def, Index)) {
      R.error(CE->getArg(Index)->getBeginLoc(),
              "'" + Def->getNameAsString() +
                  "' is called here with an array that is not distributed, "
                  "and elsewhere with distributed " +
                  Actuals + " for parameter '" + PV->getName().str() +
                  "' (which becomes an hpf::darray); distribute this array "
                  "too, or call a separate copy of the function");
      R.note(Uses.front().Call->getArg(Uses.front().Arg)->getBeginLoc(),
             "called with a distributed array here");
    }
    R.remark(PV->getLocation(),
             "parameter '" + PV->getName().str() + "' of '" +
                 Def->getNameAsString() +
                 "' inherits the mapping of its argument (" + Actuals +
                 "): the function works with whatever mapping the array has "
                 "at the call (loops use the run-time distribution)" +
                 (PV->getType()->isPointerType() &&
                          !PV->getType()->isVoidPointerType() &&
                          !declaredArray(Ctx, PV)
                      ? std::string("; its extent is the argument's, and a "
                                    "size argument is checked against it")
                      : std::string()));
  }
  checkVectorUses(F.Members, F.Assigns, F.RangeFors, F.Deletes);
  checkAddressTaken();
}

/// A function whose parameters take distributed arrays becomes one of
/// hpf::darray parameters: a pointer to it of the declared type would no
/// longer match, so taking its address is an error at the name.
void Functions::checkAddressTaken() {
  std::map<const FunctionDecl *, const DistArray *> Taking;
  for (const auto &Arr : P.Arrays)
    if (Arr->Inherited)
      Taking.try_emplace(cast<FunctionDecl>(Arr->param()->getDeclContext())
                             ->getCanonicalDecl(),
                         Arr.get());
  if (Taking.empty())
    return;
  struct Names : RecursiveASTVisitor<Names> {
    std::vector<const DeclRefExpr *> Found;
    bool shouldVisitTemplateInstantiations() const { return false; }
    bool VisitDeclRefExpr(DeclRefExpr *E) {
      if (isa<FunctionDecl>(E->getDecl()))
        Found.push_back(E);
      return true;
    }
  } N;
  N.TraverseDecl(Ctx.getTranslationUnitDecl());
  for (const DeclRefExpr *E : N.Found) {
    auto It = Taking.find(cast<FunctionDecl>(E->getDecl())->getCanonicalDecl());
    if (It == Taking.end() || effects::namesCallee(Ctx, E))
      continue;
    R.error(E->getLocation(),
            "the address of '" + E->getDecl()->getNameAsString() +
                "' is taken, but its parameter '" + It->second->Name +
                "' takes distributed arrays (it becomes an hpf::darray, so "
                "a pointer of the declared type would not match): call the "
                "function by its name");
  }
}

/// Distributed std::vectors (and new[] and std::unique_ptr<T[]> arrays)
/// outside their elements: `A.size()` is the global size (every rank has
/// it), `delete[] A` is done by the hpf::darray at the end of its scope;
/// whatever changes the size, or sees the storage (which holds only this
/// rank's part), is an error at its token.
void Functions::checkVectorUses(
    const std::vector<const CXXMemberCallExpr *> &Members,
    const std::vector<const CXXOperatorCallExpr *> &Assigns,
    const std::vector<const CXXForRangeStmt *> &RangeFors,
    const std::vector<const CXXDeleteExpr *> &Deletes) {
  auto VectorOf = [&](const Expr *E) -> const DistArray * {
    const auto *Ref =
        E ? dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts()) : nullptr;
    auto It = Ref ? P.ArrayByVar.find(dyn_cast<VarDecl>(Ref->getDecl()))
                  : P.ArrayByVar.end();
    if (It == P.ArrayByVar.end() ||
        (!It->second->Vector && It->second->Holder != "std::array"))
      return nullptr;
    Checked.insert(Ref); // accepted or reported here
    return It->second;
  };
  const std::string Resizes = "the size is part of the mapping: a "
                              "distributed vector keeps the size of its "
                              "declaration (redistribute changes where "
                              "elements live, never how many there are)";
  static const std::set<std::string> Sizing = {
      "resize", "push_back", "emplace_back", "pop_back",
      "insert", "emplace",   "erase",        "assign",
      "clear",  "swap",      "reserve",      "shrink_to_fit"};
  for (const CXXDeleteExpr *Del : Deletes)
    if (const DistArray *A = VectorOf(Del->getArgument())) {
      if (Del->isArrayForm())
        P.Folded.push_back(
            {SM.getExpansionRange(Del->getSourceRange()).getAsRange(),
             "(void)0"});
      else
        R.error(Del->getBeginLoc(), "'" + A->Name +
                                        "' was allocated with new[]: delete "
                                        "it with 'delete[] " +
                                        A->Name + "'");
    }
  for (const CXXMemberCallExpr *MC : Members) {
    const DistArray *A = VectorOf(MC->getImplicitObjectArgument());
    if (!A)
      continue;
    const std::string M = MC->getMethodDecl()->getNameAsString();
    SourceLocation At = MC->getExprLoc();
    if (M == "size" && A->Holder == "std::vector")
      continue;
    // Iterators (of a vector or a std::array): a standard algorithm's
    // range, or an error saying which ranges are supported
    // (Algorithms.cpp, after the loops).
    if (M == "begin" || M == "end" || M == "cbegin" || M == "cend") {
      Checked.erase(cast<DeclRefExpr>(
          MC->getImplicitObjectArgument()->IgnoreParenImpCasts()));
      continue;
    }
    // A distributed std::array's size is its constant extent (the
    // hpf::darray's size() is an hpf::index_t).
    if (A->Holder == "std::array") {
      if (M == "size" || M == "max_size" || M == "empty")
        P.Folded.push_back(
            {SM.getExpansionRange(MC->getSourceRange()).getAsRange(),
             M == "empty" ? std::string(A->Extent ? "false" : "true")
                          : "static_cast<std::size_t>(" +
                                std::to_string(A->Extent) + ")"});
      else
        R.error(At, "'" + A->Name + "." + M +
                        "()' is not supported on distributed std::array '" +
                        A->Name + "': use its elements '" + A->Name +
                        "[i]' and '" + A->Name + ".size()'");
      continue;
    }
    if (A->Holder == "std::unique_ptr") {
      R.error(At, "'" + A->Name + "." + M +
                      "()' is not supported on distributed '" + A->Name +
                      "' (a std::unique_ptr<T[]>: its storage is split over "
                      "the ranks, and it keeps its extent while in scope): "
                      "use its elements '" +
                      A->Name + "[i]'");
      continue;
    }
    if (Sizing.count(M)) {
      R.error(At, "'" + M + "' would change the size of distributed " +
                      A->Holder + " '" + A->Name + "'; " + Resizes);
    } else if (M == "data" || M.find("begin") != std::string::npos ||
               M.find("end") != std::string::npos) {
      R.error(At, "'" + A->Name + "." + M +
                      "()' would see only this rank's "
                      "part of distributed " +
                      A->Holder + " '" + A->Name + "': use its elements '" +
                      A->Name +
                      "[i]' (in an independent loop, or one by one in "
                      "replicated code)");
    } else {
      R.error(At, "'" + A->Name + "." + M +
                      "()' is not supported on "
                      "distributed std::vector '" +
                      A->Name + "': use '" + A->Name + "[i]' and '" + A->Name +
                      ".size()'");
    }
  }
  for (const CXXOperatorCallExpr *OC : Assigns)
    if (const DistArray *A = VectorOf(OC->getArg(0)))
      R.error(OC->getOperatorLoc(),
              "assigning to distributed " + A->Holder + " '" + A->Name +
                  "' would replace it (and may change its size); " + Resizes +
                  ": assign its elements in an independent loop");
  for (const CXXOperatorCallExpr *OC : Assigns)
    if (OC->getNumArgs() == 2)
      if (const DistArray *A = VectorOf(OC->getArg(1)))
        R.error(OC->getArg(1)->getBeginLoc(),
                "copying distributed " + A->Holder + " '" + A->Name +
                    "' as a whole is not supported: copy its elements in an "
                    "independent loop");
  // Range-fors over the whole vector: RangeFor.cpp (after the loops).
  for (const CXXForRangeStmt *S : RangeFors)
    if (VectorOf(S->getRangeInit()))
      Checked.erase(
          cast<DeclRefExpr>(S->getRangeInit()->IgnoreParenImpCasts()));
}

} // namespace hpf::analysis