//===- analysis/Analyzer.cpp - the analysis driver ------------------------===//
//
// Runs the phases (Phases.h) in order over one Context. Declarations come
// first, in source order; redistribute and independent directives follow,
// in source order too (an independent loop nest claims the independent
// directives inside it). Elements outside loops are checked once the loops
// have claimed theirs. The flow walk then computes the mapping of every
// array at every redistribute and independent loop, which places each
// loop's elements and decides between a static plan, a run-time plan and
// removal for each redistribute.
//
//===----------------------------------------------------------------------===//
#include "Analyzer.h"

#include "Phases.h"
#include "declarations/Members.h"

#include "clang/Frontend/CompilerInstance.h"

namespace hpf::analysis {

const clang::ParmVarDecl *DistArray::param() const {
  return Untyped ? Untyped : llvm::cast<clang::ParmVarDecl>(Var);
}

DistArray *Program::arrayOfAnyDecl(const clang::VarDecl *V) const {
  for (const clang::VarDecl *D : V->redecls())
    if (auto It = ArrayByVar.find(D); It != ArrayByVar.end())
      return It->second;
  return nullptr;
}

bool OwnerLoop::collapsedHere(const DistArray *A, std::size_t D) const {
  auto It = Collapsed.find(A);
  return It != Collapsed.end() && D < It->second.size() && It->second[D];
}

bool OwnerLoop::reduces(const clang::VarDecl *V) const {
  for (const LoopReduction &Red : Reductions) {
    if (Red.Var->getCanonicalDecl() == V)
      return true;
    if (Red.Loc &&
        std::find(Red.Loc->Locations.begin(), Red.Loc->Locations.end(), V) !=
            Red.Loc->Locations.end())
      return true;
  }
  return false;
}

bool analyze(clang::CompilerInstance &CI, clang::ASTContext &Ctx,
             const pragma::PragmaState &State, const Options &Opts,
             Program &Out) {
  Context C(CI, Ctx, State, Opts, Out);
  // Remarks wait until it is known whether this analysis is the final
  // one: with calls of templates, the program is analysed again with
  // copies of the instantiations, and that analysis reports.
  C.R.holdRemarks();
  C.collectCarriers();
  bindMembers(C);
  Declarations Decls(C);
  Decls.declare();
  CheckedRefs Checked;
  Functions(C, Checked).bind();
  if (!Out.TemplateCalls.empty()) {
    C.R.dropRemarks();
    return !C.R.failed();
  }
  C.R.releaseRemarks();
  Decls.markDynamic();
  Decls.prescribe();
  Loops Loop(C, Checked);
  for (const ParsedDirective &D : State.Directives) {
    if (D.Dir.Kind == pragma::DirectiveKind::Redistribute)
      Decls.redistribute(D);
    else if (D.Dir.Kind == pragma::DirectiveKind::Independent)
      Loop.independent(D);
  }
  std::set<const clang::Stmt *> IndependentRangeFors;
  checkRangeFors(C, Checked, IndependentRangeFors);
  Algorithms(C, Checked).check(IndependentRangeFors);
  Elements(C).check(Checked);
  checkMemberUses(C, Checked);
  // Errors Clang reported (not this analysis) leave the AST unreliable.
  if (CI.getDiagnostics().hasErrorOccurred() && !C.R.failed()) {
    for (OwnerLoop &L : Out.Loops)
      reportIfParallel(C, L);
    return false;
  }
  // The flow walk only uses directives that passed their checks, so the
  // loop checks below still report with errors elsewhere.
  Flow F(C);
  LoopStates States = F.walk();
  Placement(C, States).place();
  chooseFusion(C, States);
  // Only now is it known which nests fell back to running on every rank.
  for (OwnerLoop &L : Out.Loops)
    reportIfParallel(C, L);
  if (C.R.failed())
    return false;
  F.decide();
  return !C.R.failed();
}

} // namespace hpf::analysis
