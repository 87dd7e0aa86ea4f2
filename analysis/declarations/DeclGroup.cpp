//===- analysis/declarations/DeclGroup.cpp - declarations split -----------===//
#include "declarations/DeclGroup.h"
#include "declarations/Members.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace hpf::analysis {

std::vector<const VarDecl *> declGroupOf(ASTContext &Ctx, const VarDecl *VD) {
  // Members of a class: their variables (Members.h).
  std::vector<const VarDecl *> Out = memberGroupOf(VD);
  if (!Out.empty())
    return Out;
  // Locals: the DeclStmt holds the group.
  for (const DynTypedNode &N : Ctx.getParents(*VD))
    if (const auto *DS = N.get<DeclStmt>()) {
      for (const Decl *D : DS->decls())
        if (const auto *V = dyn_cast<VarDecl>(D))
          Out.push_back(V);
      return Out;
    }
  // Namespace scope: the declarators of one declaration share its start.
  for (const Decl *D : VD->getDeclContext()->decls())
    if (const auto *V = dyn_cast<VarDecl>(D);
        V && V->getBeginLoc() == VD->getBeginLoc())
      Out.push_back(V);
  if (Out.empty())
    Out.push_back(VD);
  return Out;
}

std::optional<DeclGroup> splitDeclGroup(ASTContext &Ctx, const VarDecl *VD) {
  const SourceManager &SM = Ctx.getSourceManager();
  const LangOptions &LO = Ctx.getLangOpts();
  DeclGroup G;
  G.Vars = declGroupOf(Ctx, VD);
  auto Text = [&](SourceLocation B, SourceLocation E) {
    return Lexer::getSourceText(CharSourceRange::getCharRange(B, E), SM, LO)
        .trim()
        .str();
  };
  SourceLocation Begin = G.Vars[0]->getBeginLoc();
  SourceLocation Name0 = G.Vars[0]->getLocation();
  if (!Begin.isFileID() || !Name0.isFileID())
    return std::nullopt;
  // The specifiers end before the first declarator's name and the pointer,
  // reference or parenthesis tokens in front of it.
  std::string Spec = Text(Begin, Name0);
  std::size_t Keep = Spec.find_last_not_of("*&( \t\r\n");
  if (Keep == std::string::npos || Spec.find('{') != std::string::npos)
    return std::nullopt;
  G.Spec = Spec.substr(0, Keep + 1);
  SourceLocation From = Begin.getLocWithOffset(static_cast<int>(Keep + 1));
  for (std::size_t K = 0; K < G.Vars.size(); ++K) {
    SourceLocation End = G.Vars[K]->getEndLoc();
    if (!End.isFileID() || !G.Vars[K]->getLocation().isFileID() ||
        !SM.isBeforeInTranslationUnit(From, G.Vars[K]->getLocation()))
      return std::nullopt;
    std::optional<Token> Sep = Lexer::findNextToken(End, SM, LO);
    bool Last = K + 1 == G.Vars.size();
    if (!Sep || !Sep->is(Last ? tok::semi : tok::comma))
      return std::nullopt;
    G.Declarators.push_back(Text(From, Sep->getLocation()));
    From = Sep->getEndLoc();
  }
  G.Range = CharSourceRange::getCharRange(Begin, From);
  return G;
}

} // namespace hpf::analysis
