//===- analysis/Functions.cpp - distributed arrays passed to functions ---===//
//
// HPF's inherited mapping: a parameter `T (&A)[N]` (or `const T (&A)[N]`,
// any rank) of a function whose calls pass it distributed arrays becomes a
// distributed array of that function, with whatever mapping the argument
// has at each call (the runtime knows it; the flow walk calls it unknown,
// so loops in the callee use the run-time distribution and check alignment
// at run time). The binding is transitive: a callee may pass its parameter
// on. A parameter bound to both distributed and plain arrays, a pointer
// parameter, a function hpfcc cannot see the body of, or one declared more
// than once are errors at the call, with the reason.
//
//===----------------------------------------------------------------------===//
#include "Phases.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace hpf::analysis {

namespace {

/// Every call of a named function (operators and lambdas excluded: their
/// arguments are not parameters one can rewrite).
class CallFinder : public RecursiveASTVisitor<CallFinder> {
public:
  std::vector<const CallExpr *> Calls;
  bool shouldVisitTemplateInstantiations() const { return false; }
  bool VisitCallExpr(CallExpr *E) {
    if (!isa<CXXOperatorCallExpr>(E) && E->getDirectCallee())
      Calls.push_back(E);
    return true;
  }
};

/// The distributed array an argument names, and its reference.
const DeclRefExpr *argRef(const Expr *Arg) {
  return dyn_cast<DeclRefExpr>(Arg->IgnoreParenImpCasts());
}

} // namespace

void Functions::bind() {
  CallFinder F;
  F.TraverseDecl(Ctx.getTranslationUnitDecl());
  struct Binding {
    const CallExpr *Call;
    unsigned Arg;
  };
  std::map<const ParmVarDecl *, std::vector<Binding>> Bound;
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (const CallExpr *CE : F.Calls) {
      const FunctionDecl *FD = CE->getDirectCallee();
      const FunctionDecl *Def = FD->getDefinition();
      for (unsigned I = 0; I < CE->getNumArgs() && I < FD->getNumParams();
           ++I) {
        const DeclRefExpr *Ref = argRef(CE->getArg(I));
        if (!Ref || Checked.count(Ref))
          continue;
        auto It = P.ArrayByVar.find(dyn_cast<VarDecl>(Ref->getDecl()));
        if (It == P.ArrayByVar.end())
          continue;
        Checked.insert(Ref); // bound or reported here
        const std::string Name = It->second->Name;
        const std::string Callee = "'" + FD->getNameAsString() + "'";
        const ParmVarDecl *PV = (Def ? Def : FD)->getParamDecl(I);
        QualType T = PV->getType();
        const auto *Ref2 = T->getAs<LValueReferenceType>();
        if (!Ref2 || !Ctx.getAsConstantArrayType(Ref2->getPointeeType())) {
          R.error(Ref->getLocation(),
                  "distributed array '" + Name + "' is passed to " + Callee +
                      " as '" + T.getAsString() +
                      "': the parameter must be a reference to an "
                      "array ('" +
                      It->second->ElemType + " (&" + PV->getName().str() +
                      ")[...]') so that it " + "keeps the array's mapping");
          R.note(PV->getLocation(), "parameter declared here");
          continue;
        }
        if (!Def || !SM.isInMainFile(SM.getExpansionLoc(Def->getLocation()))) {
          R.error(Ref->getLocation(),
                  "distributed array '" + Name + "' is passed to " + Callee +
                      ", whose body is not in this file: hpfcc rewrites the "
                      "parameter of a function it compiles");
          continue;
        }
        if (Def->isTemplateInstantiation() || isa<CXXMethodDecl>(Def) ||
            Def->getPreviousDecl()) {
          R.error(Ref->getLocation(),
                  "distributed array '" + Name + "' is passed to " + Callee +
                      ", which is " +
                      (Def->getPreviousDecl()
                           ? std::string("declared more than once (its "
                                         "parameter changes type: declare "
                                         "it once, with its body)")
                       : isa<CXXMethodDecl>(Def)
                           ? std::string("a member function (only free "
                                         "functions take distributed arrays)")
                           : std::string("a template instantiation (write "
                                         "a function of the array type)")));
          continue;
        }
        Bound[PV].push_back({CE, I});
        if (P.ArrayByVar.count(PV))
          continue;
        auto Arr = std::make_unique<DistArray>();
        Arr->Var = PV;
        Arr->Name = PV->getName().str();
        Arr->Inherited = true;
        QualType Elem = Ref2->getPointeeType();
        while (const ConstantArrayType *Dim =
                   Ctx.getAsConstantArrayType(Elem)) {
          Arr->Extents.push_back(
              static_cast<Index>(Dim->getSize().getZExtValue()));
          Elem = Dim->getElementType();
        }
        Arr->Const = Elem.isConstQualified();
        Arr->ElemType =
            Elem.getUnqualifiedType().getAsString(Ctx.getPrintingPolicy());
        Arr->Extent = 1;
        for (Index E : Arr->Extents)
          Arr->Extent *= E;
        P.ArrayByVar[PV] = Arr.get();
        P.Arrays.push_back(std::move(Arr));
        Changed = true;
      }
    }
  }
  // Every call must pass a distributed array for a distributed parameter.
  for (const auto &[PV, Uses] : Bound) {
    const auto *Def = cast<FunctionDecl>(PV->getDeclContext());
    unsigned Index = PV->getFunctionScopeIndex();
    std::string Actuals;
    std::set<std::string> Seen;
    for (const Binding &B : Uses) {
      std::string N = argRef(B.Call->getArg(B.Arg))->getDecl()->getName().str();
      if (Seen.insert(N).second)
        Actuals += (Actuals.empty() ? "'" : ", '") + N + "'";
    }
    for (const CallExpr *CE : F.Calls) {
      const FunctionDecl *FD = CE->getDirectCallee();
      if (FD->getDefinition() != Def || Index >= CE->getNumArgs())
        continue;
      const DeclRefExpr *Ref = argRef(CE->getArg(Index));
      if (Ref && P.ArrayByVar.count(dyn_cast<VarDecl>(Ref->getDecl())))
        continue;
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
                 "at the call (loops use the run-time distribution)");
  }
}

} // namespace hpf::analysis
