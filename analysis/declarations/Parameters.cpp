//===- analysis/declarations/Parameters.cpp - a parameter's own mapping ---===//
//
// HPF's prescriptive mapping of a dummy argument: `#pragma hpf distribute
// X(*, block)` in a function, X a parameter that takes distributed arrays
// (bound by its calls, or named by `inherit`), says how the function wants
// the array. The array is remapped to it for the call when the argument's
// mapping differs, and the caller's mapping comes back on return
// (hpf::restore_mapping, as for a redistribute of a parameter): the
// function's loops then know the mapping at compile time (library-style
// routines over any dimension), and the caller's are unaffected. The
// directive must come before the parameter's first use in the body.
//
//===----------------------------------------------------------------------===//
#include "Expressions.h"
#include "Phases.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace hpf::analysis {

void Declarations::prescribe() {
  for (unsigned Id : ParamDistributes) {
    const ParsedDirective &D = State.Directives[Id];
    const Anchor *A = nullptr;
    const VarDecl *VD = nullptr;
    if (!anchoredArray(D, A, VD))
      continue;
    // A `void *` parameter's view (Untyped.cpp) stands for the parameter.
    const ParmVarDecl *Viewed = viewedParameter(VD);
    const auto *PV = Viewed ? Viewed : cast<ParmVarDecl>(VD);
    const auto *F = cast<FunctionDecl>(PV->getDeclContext());
    SourceLocation NameLoc = D.locOf(D.Dir.Array.Tok);
    const std::string Name = VD->getName().str();
    auto It = P.ArrayByVar.find(VD);
    if (It == P.ArrayByVar.end() && hasFunctionCopy(F)) {
      // The calls with distributed arrays call a copy (Functions.cpp);
      // this function keeps the plain ones, as in the sequential program.
      R.remark(NameLoc, "'" + Name + "' of '" + F->getNameAsString() +
                            "' takes plain arrays only (the calls with "
                            "distributed arrays call a copy of it): its "
                            "distribute directive has no effect here");
      continue;
    }
    if (It == P.ArrayByVar.end() && F->getIdentifier() &&
        !templateOfCopy(F->getName()).empty()) {
      // An instantiation called with a plain array for this parameter and
      // distributed ones for others: as in the template itself, the
      // directive has no effect on a plain array.
      R.remark(NameLoc, "'" + Name + "' of '" + F->getNameAsString() +
                            "' is a plain array in this instantiation: its "
                            "distribute directive has no effect here");
      continue;
    }
    if (It == P.ArrayByVar.end()) {
      R.error(NameLoc,
              "'" + Name +
                  (Viewed
                       ? "' views parameter '" + PV->getName().str() + "' of '"
                       : "' is a parameter of '") +
                  F->getNameAsString() +
                  "' that no call passes a distributed array to: a "
                  "distribute directive on a parameter says how the "
                  "function wants the distributed arrays passed to it "
                  "(distribute the caller's array, or name the parameter "
                  "in '#pragma hpf inherit " +
                  Name + "' before the function)");
      continue;
    }
    if (A->Context != F) {
      R.error(D.HashLoc, "distribute parameter '" + Name +
                             "' in the body of its function, not in a "
                             "block or lambda inside it");
      continue;
    }
    // Before every use: the whole body sees the prescribed mapping.
    bool UsedBefore = false;
    forEachStmt(F->getBody(), [&](const Stmt *S) {
      if (const auto *Ref = dyn_cast<DeclRefExpr>(S);
          Ref && Ref->getDecl() == VD &&
          SM.isBeforeInTranslationUnit(SM.getExpansionLoc(Ref->getLocation()),
                                       D.HashLoc))
        UsedBefore = true;
      return !UsedBefore;
    });
    if (UsedBefore) {
      R.error(NameLoc, "the distribute directive of parameter '" + Name +
                           "' must come before the parameter's first use "
                           "in the function (it sets the mapping the whole "
                           "body sees); to change the mapping later, "
                           "declare it dynamic and redistribute it");
      continue;
    }
    DistArray *Arr = It->second;
    Arr->Dynamic = true;
    Redistribution RD;
    RD.DirId = D.Id;
    RD.Array = Arr;
    if (!makeMapping(D, Arr, RD.Target, Arr->Initial.Onto))
      continue;
    R.remark(D.HashLoc,
             "parameter '" + Name + "' of '" + F->getNameAsString() +
                 "' is remapped for the call when its argument's mapping "
                 "differs, and the caller's mapping restored on return "
                 "(HPF's prescriptive mapping)");
    P.Redistributions.push_back(std::move(RD));
  }
}

} // namespace hpf::analysis
