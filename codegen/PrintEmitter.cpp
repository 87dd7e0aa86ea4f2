//===- codegen/PrintEmitter.cpp - output of replicated code ---------------===//
//
// Replicated code runs on every rank, so its printf/puts/std::cout would
// print once per rank: they become the runtime's rank-0 versions
// (hpf::printf, hpf::puts, hpf::out()). Output inside distributed loops
// stays per rank (the analysis warns), and calls spelled through macros are
// left alone.
//
//===----------------------------------------------------------------------===//
#include "Emitter.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace hpf::codegen {
namespace {

class PrintRewriter : public RecursiveASTVisitor<PrintRewriter> {
public:
  PrintRewriter(Emitter &E, const std::vector<SourceRange> &Skip)
      : SM(E.SM), RW(E.RW), Skip(Skip) {}

  bool VisitCallExpr(CallExpr *E) {
    const FunctionDecl *FD = E->getDirectCallee();
    if (!FD || !FD->getIdentifier() || !inUserCode(E->getBeginLoc()))
      return true;
    StringRef N = FD->getName();
    if (N != "printf" && N != "puts")
      return true;
    if (!SM.isInSystemHeader(SM.getExpansionLoc(FD->getLocation())))
      return true;
    replace(E->getCallee()->IgnoreImpCasts()->getSourceRange(),
            ("hpf::" + N).str());
    return true;
  }
  bool VisitDeclRefExpr(DeclRefExpr *E) {
    const auto *VD = dyn_cast<VarDecl>(E->getDecl());
    if (!VD || !VD->getIdentifier() || VD->getName() != "cout" ||
        !VD->isInStdNamespace() || !inUserCode(E->getBeginLoc()))
      return true;
    replace(E->getSourceRange(), "hpf::out()");
    return true;
  }

private:
  SourceManager &SM;
  Rewriter &RW;
  const std::vector<SourceRange> &Skip;

  void replace(SourceRange R, const std::string &Text) {
    if (!R.getBegin().isMacroID() && !R.getEnd().isMacroID())
      RW.ReplaceText(R, Text);
  }
  bool inUserCode(SourceLocation L) const {
    if (!L.isFileID() || !SM.isInMainFile(L))
      return false;
    for (const SourceRange &R : Skip)
      if (!SM.isBeforeInTranslationUnit(L, R.getBegin()) &&
          !SM.isBeforeInTranslationUnit(R.getEnd(), L))
        return false;
    return true;
  }
};

} // namespace

void emitPrints(Emitter &E, const std::vector<SourceRange> &Skip) {
  PrintRewriter(E, Skip).TraverseDecl(E.Ctx.getTranslationUnitDecl());
}

} // namespace hpf::codegen
