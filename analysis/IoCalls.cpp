//===- analysis/IoCalls.cpp - what code does with replicated I/O ----------===//
#include "IoCalls.h"

#include "Expressions.h"

#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/StringSwitch.h"

#include <set>

using namespace clang;

namespace hpf::analysis {

IoKind cIoFunction(StringRef N) {
  return llvm::StringSwitch<IoKind>(N)
      .Cases("printf", "vprintf", "puts", "putchar", "perror", IoKind::Output)
      .Cases("scanf", "vscanf", "getchar", IoKind::Input)
      .Cases("fopen", "tmpfile", "remove", "rename", IoKind::File)
      .Cases("freopen", "fdopen", "popen", "tmpnam", IoKind::Unsupported)
      .Default(IoKind::None);
}

StringRef standardStreamReplacement(const VarDecl *VD) {
  if (!VD->getIdentifier())
    return "";
  StringRef N = VD->getName();
  if (VD->isInStdNamespace())
    return llvm::StringSwitch<StringRef>(N)
        .Case("cout", "hpf::out()")
        .Cases("cerr", "clog", "hpf::err()")
        .Case("cin", "hpf::in()")
        .Default("");
  if (VD->getDeclContext()->getRedeclContext()->isTranslationUnit())
    return llvm::StringSwitch<StringRef>(N)
        .Case("stdin", "hpf::in_file()")
        .Case("stdout", "hpf::out_file()")
        .Case("stderr", "hpf::err_file()")
        .Default("");
  return "";
}

namespace {

/// Walks function bodies of the main file, each once (recursion and mutual
/// recursion end there), recording the first operation of each kind.
class IoFinder : public RecursiveASTVisitor<IoFinder> {
public:
  explicit IoFinder(const SourceManager &SM) : SM(SM) {}

  void function(const FunctionDecl *FD) {
    const FunctionDecl *Def = nullptr;
    if (!FD || !FD->hasBody(Def) || !Def || !Seen.insert(Def).second ||
        !SM.isInMainFile(SM.getExpansionLoc(Def->getLocation())))
      return;
    TraverseStmt(Def->getBody());
  }

  bool VisitCallExpr(CallExpr *E) {
    const FunctionDecl *FD = E->getDirectCallee();
    if (!FD)
      return true;
    if (FD->getIdentifier() && FD->isExternC() &&
        SM.isInSystemHeader(SM.getExpansionLoc(FD->getLocation()))) {
      IoKind K = cIoFunction(FD->getName());
      if (K != IoKind::None && K != IoKind::Unsupported)
        found(K, E->getBeginLoc(), FD->getName().str());
      return true;
    }
    function(FD);
    return true;
  }

  bool VisitCXXConstructExpr(CXXConstructExpr *E) {
    // Constructors and destructors of the user's classes run their bodies.
    if (const CXXConstructorDecl *Ctor = E->getConstructor())
      function(Ctor);
    return true;
  }

  bool VisitDeclRefExpr(DeclRefExpr *E) {
    const auto *VD = dyn_cast<VarDecl>(E->getDecl());
    if (!VD)
      return true;
    StringRef To = standardStreamReplacement(VD);
    if (!To.empty()) {
      const bool In = To == "hpf::in()" || To == "hpf::in_file()";
      found(In ? IoKind::Input : IoKind::Output, E->getLocation(),
            (VD->isInStdNamespace() ? "std::" : "") + VD->getName().str());
      return true;
    }
    // A file of replicated code declared outside the function (a global
    // FILE* or file stream): its operations are collective.
    if (VD->hasGlobalStorage() && !VD->isStaticLocal() &&
        !replicatedIoType(VD->getType().getNonReferenceType()).empty() &&
        SM.isInMainFile(SM.getExpansionLoc(VD->getLocation())))
      found(IoKind::File, E->getLocation(), VD->getName().str());
    return true;
  }

  bool VisitVarDecl(VarDecl *VD) {
    // A file stream variable: hpf::ifstream ..., opened collectively.
    std::string T = replicatedIoType(VD->getType());
    if (!T.empty() && T != "FILE" && !isa<ParmVarDecl>(VD))
      found(IoKind::File, VD->getLocation(), "std::" + T);
    return true;
  }

  IoReached result() const {
    return Collective.Kind != IoKind::None ? Collective : Output;
  }

private:
  const SourceManager &SM;
  std::set<const FunctionDecl *> Seen;
  IoReached Collective, Output;

  void found(IoKind K, SourceLocation L, std::string What) {
    L = SM.getExpansionLoc(L);
    IoReached &Slot = K == IoKind::Output ? Output : Collective;
    if (Slot.Kind == IoKind::None && SM.isInMainFile(L))
      Slot = {K, L, std::move(What)};
  }
};

} // namespace

IoReached ioReachedThrough(const FunctionDecl *FD, const SourceManager &SM) {
  IoFinder F(SM);
  F.function(FD);
  return F.result();
}

} // namespace hpf::analysis
