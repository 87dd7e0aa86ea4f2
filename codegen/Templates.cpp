//===- codegen/Templates.cpp - copies of template instantiations ----------===//
//
// See Templates.h. The copy is spelled from the instantiation (return and
// parameter types, the template arguments) and the template's text (its
// body, default arguments), so it compiles as the instantiation did.
//
//===----------------------------------------------------------------------===//
#include "Templates.h"

#include "../analysis/Expressions.h"
#include "Emitter.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"
#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "clang/Rewrite/Core/Rewriter.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <map>
#include <set>

using namespace clang;

namespace hpf::codegen {

namespace {

class Copier {
public:
  Copier(ASTContext &Ctx, DiagnosticsEngine &D)
      : Ctx(Ctx), SM(Ctx.getSourceManager()), D(D), RW(SM, Ctx.getLangOpts()),
        PP(Ctx.getPrintingPolicy()) {
    PP.SuppressUnwrittenScope = true;
    PP.PrintCanonicalTypes = true;
    ErrID = D.getCustomDiagID(DiagnosticsEngine::Error, "%0");
  }

  /// The copy's name, or empty if it cannot be made (reported at At).
  std::string copy(const FunctionDecl *Inst, SourceLocation At);
  bool redirect(const CallExpr *CE, const std::string &Name);
  std::string result() const;
  bool Failed = false;

private:
  void error(SourceLocation L, const std::string &M) {
    Failed = true;
    D.Report(L, ErrID) << M;
  }
  std::string text(SourceLocation B, SourceLocation E) const {
    return Lexer::getSourceText(CharSourceRange::getCharRange(B, E), SM,
                                Ctx.getLangOpts())
        .str();
  }
  std::string type(QualType T, const std::string &Name = "") const {
    std::string S;
    llvm::raw_string_ostream OS(S);
    T.print(OS, PP, Name);
    return S;
  }
  /// `using A = ...;` / `constexpr std::size_t N = ...;` for the template's
  /// parameters; false if one has no such spelling (reported at At).
  bool parameters(const FunctionDecl *Inst, SourceLocation At,
                  std::string &Out);
  std::string freeName(const std::string &Base);
  /// Where the declaration at namespace scope that holds At begins (a
  /// function, or the class whose member it is), in the main file outside
  /// macros; invalid otherwise.
  SourceLocation callerStart(SourceLocation At) const;

  ASTContext &Ctx;
  SourceManager &SM;
  DiagnosticsEngine &D;
  Rewriter RW;
  PrintingPolicy PP;
  unsigned ErrID;
  std::set<std::string> Taken;
};

std::string Copier::freeName(const std::string &Base) {
  for (unsigned K = 1;; ++K) {
    std::string N = "__hpf_" + Base + "_" + std::to_string(K);
    if (Ctx.Idents.find(N) == Ctx.Idents.end() && Taken.insert(N).second)
      return N;
  }
}

SourceLocation Copier::callerStart(SourceLocation At) const {
  for (const Decl *D : Ctx.getTranslationUnitDecl()->decls()) {
    SourceRange R = D->getSourceRange();
    if (R.isInvalid() || !SM.isInMainFile(SM.getExpansionLoc(R.getBegin())) ||
        SM.isBeforeInTranslationUnit(At, SM.getExpansionLoc(R.getBegin())) ||
        SM.isBeforeInTranslationUnit(SM.getExpansionLoc(R.getEnd()), At))
      continue;
    // A namespace: the declaration inside it that holds the call would
    // need the copy in that namespace; only calls at file scope are
    // declared this way.
    if (isa<NamespaceDecl, LinkageSpecDecl>(D) || R.getBegin().isMacroID())
      return {};
    // The start of its line (the #line after the declaration inserted
    // there keeps the lines that follow).
    const auto [File, Offset] = SM.getDecomposedLoc(R.getBegin());
    const unsigned Line = SM.getLineNumber(File, Offset);
    return SM.translateLineCol(File, Line, 1);
  }
  return {};
}

bool Copier::parameters(const FunctionDecl *Inst, SourceLocation At,
                        std::string &Out) {
  const FunctionTemplateDecl *FTD = Inst->getPrimaryTemplate();
  const TemplateArgumentList *Args = Inst->getTemplateSpecializationArgs();
  const TemplateParameterList *Params = FTD->getTemplateParameters();
  const std::string Why = "' of template '" + FTD->getNameAsString() +
                          "' cannot be declared in a non-template copy of "
                          "its instantiation (hpfcc analyses one for the "
                          "distributed arrays passed here); ";
  for (unsigned I = 0; I < Params->size() && I < Args->size(); ++I) {
    const NamedDecl *ND = Params->getParam(I);
    const TemplateArgument &Arg = Args->get(I);
    if (ND->isParameterPack() || Arg.getKind() == TemplateArgument::Pack) {
      error(At, "parameter pack '" + ND->getNameAsString() + Why +
                    "write the template without a parameter pack");
      return false;
    }
    if (ND->isImplicit() || !ND->getIdentifier())
      continue; // `auto` parameters: the copy's parameter has the type
    const std::string Name = ND->getNameAsString();
    if (isa<TemplateTypeParmDecl>(ND) &&
        Arg.getKind() == TemplateArgument::Type) {
      Out += " using " + Name +
             " [[maybe_unused]] = " + type(Arg.getAsType().getCanonicalType()) +
             ";";
      continue;
    }
    if (const auto *NT = dyn_cast<NonTypeTemplateParmDecl>(ND);
        NT && Arg.getKind() == TemplateArgument::Integral) {
      // As declared (`std::size_t`), unless it depends on another
      // parameter.
      const std::string TS =
          NT->getType()->isDependentType()
              ? type(Arg.getIntegralType())
              : NT->getType().getAsString(Ctx.getPrintingPolicy());
      Out += " [[maybe_unused]] constexpr " + TS + " " + Name +
             " = static_cast<" + TS + ">(" +
             llvm::toString(Arg.getAsIntegral(), 10) + ");";
      continue;
    }
    error(At, "template parameter '" + Name + Why +
                  "only type and integer parameters are supported");
    return false;
  }
  return true;
}

std::string Copier::copy(const FunctionDecl *Inst, SourceLocation At) {
  // A template's instantiation, or a function called with plain arrays
  // too (Functions.cpp): the copy is of the function itself.
  const FunctionTemplateDecl *FTD = Inst->getPrimaryTemplate();
  const FunctionDecl *Pat =
      FTD ? Inst->getTemplateInstantiationPattern() : Inst;
  const auto *Body =
      Pat ? dyn_cast_or_null<CompoundStmt>(Pat->getBody()) : nullptr;
  const std::string Tmpl = (FTD ? "template '" + FTD->getNameAsString()
                                : "function '" + Inst->getNameAsString()) +
                           "'";
  const char *Copied = FTD ? "its instantiation" : "it";
  if (!Body || !Inst->getIdentifier()) {
    error(At, Tmpl +
                  " is called with a distributed array, but hpfcc cannot "
                  "copy " +
                  Copied + ": " +
                  (!Inst->getIdentifier()
                       ? std::string("it is an operator")
                       : std::string("its body is not a plain block (a "
                                     "function-try-block)")));
    return "";
  }
  SourceLocation LBrace = Body->getLBracLoc(), RBrace = Body->getRBracLoc();
  // The template's definition (the primary template may be a declaration
  // before it).
  const FunctionTemplateDecl *Def = Pat->getDescribedFunctionTemplate();
  SourceLocation End =
      (Def ? Def->getSourceRange() : Pat->getSourceRange()).getEnd();
  if (LBrace.isMacroID() || RBrace.isMacroID() || End.isMacroID() ||
      !SM.isInMainFile(LBrace) || !SM.isInMainFile(End)) {
    error(At, Tmpl +
                  " is called with a distributed array, but its body is "
                  "not in this file outside macros: hpfcc copies " +
                  (FTD ? "the instantiation's text next to the template"
                       : "its text next to it (for the calls with distributed "
                         "arrays; the calls with plain ones keep it)"));
    return "";
  }
  // A call before the definition (the template declared first, as a
  // prototype) calls the copy through a declaration of it placed before
  // the declaration at namespace scope that holds the call.
  SourceLocation Before;
  if (!SM.isBeforeInTranslationUnit(End, At)) {
    if (Pat->getDeclContext()->getRedeclContext()->isTranslationUnit())
      Before = callerStart(At);
    if (Before.isInvalid()) {
      error(At, Tmpl +
                    " is called with a distributed array before its "
                    "definition, from where hpfcc cannot declare the copy " +
                    (FTD ? "of the instantiation it places after the "
                           "template (a template or a call inside a "
                           "namespace); define the template before this call"
                         : "it places after the function (a call inside a "
                           "namespace); define the function before this "
                           "call"));
      return "";
    }
  }
  std::string Params;
  if (FTD && !parameters(Inst, At, Params))
    return "";
  const std::string Name = freeName(Inst->getNameAsString());
  // Default arguments go in the first declaration only.
  auto Head = [&](bool Defaults) {
    std::string H =
        Pat->getStorageClass() == SC_Static ? std::string("static ") : "";
    H += type(Inst->getReturnType().getCanonicalType()) + " " + Name + "(";
    for (unsigned I = 0; I < Inst->getNumParams(); ++I) {
      const ParmVarDecl *PV = Inst->getParamDecl(I);
      H += (I ? ", " : "") +
           type(PV->getType().getCanonicalType(), PV->getName().str());
      if (Defaults && I < Pat->getNumParams() &&
          Pat->getParamDecl(I)->hasDefaultArg()) {
        SourceRange DR = Pat->getParamDecl(I)->getDefaultArgRange();
        H += " = " + text(DR.getBegin(),
                          Lexer::getLocForEndOfToken(DR.getEnd(), 0, SM,
                                                     Ctx.getLangOpts()));
      }
    }
    if (Inst->isVariadic())
      H += Inst->getNumParams() ? ", ..." : "...";
    return H + ")";
  };
  if (Before.isValid()) {
    PresumedLoc P = SM.getPresumedLoc(Before);
    RW.InsertTextBefore(Before, Head(true) + ";\n#line " +
                                    std::to_string(P.getLine()) + " " +
                                    Emitter::quote(P.getFilename()) + "\n");
  }
  PresumedLoc Open = SM.getPresumedLoc(LBrace),
              Close = SM.getPresumedLoc(RBrace);
  const std::string File = Emitter::quote(Open.getFilename());
  // The body starts at the column of the original's brace, so that
  // diagnostics in the copy point at the user's line and column.
  const unsigned BraceColumn = SM.getPresumedColumnNumber(LBrace);
  std::string Copy =
      "\n" + Head(Before.isInvalid()) + " {" + Params + "\n#line " +
      std::to_string(Open.getLine()) + " " + File + "\n" +
      std::string(BraceColumn, ' ') +
      text(LBrace.getLocWithOffset(1), RBrace.getLocWithOffset(1)) +
      "\n#line " + std::to_string(Close.getLine()) + " " + File + "\n";
  RW.InsertTextAfterToken(End, Copy);
  return Name;
}

bool Copier::redirect(const CallExpr *CE, const std::string &Name) {
  const auto *Ref =
      dyn_cast<DeclRefExpr>(CE->getCallee()->IgnoreParenImpCasts());
  if (!Ref || Ref->getLocation().isMacroID() || Ref->getEndLoc().isMacroID() ||
      !SM.isInMainFile(Ref->getLocation())) {
    error(CE->getBeginLoc(),
          CE->getDirectCallee()->getPrimaryTemplate()
              ? "this call of template '" +
                    CE->getDirectCallee()->getNameAsString() +
                    "' with a distributed array must name the template "
                    "outside macros: hpfcc makes it call a copy of the "
                    "instantiation"
              : "this call of '" + CE->getDirectCallee()->getNameAsString() +
                    "' with a distributed array must name the function "
                    "outside macros: hpfcc makes it call a copy of the "
                    "function (its calls with plain arrays keep it)");
    return false;
  }
  RW.ReplaceText(
      CharSourceRange::getTokenRange(Ref->getLocation(), Ref->getEndLoc()),
      Name);
  return true;
}

std::string Copier::result() const {
  FileID Main = SM.getMainFileID();
  if (const RewriteBuffer *Buf = RW.getRewriteBufferFor(Main))
    return std::string(Buf->begin(), Buf->end());
  return SM.getBufferData(Main).str();
}

/// F is a copy (named `__hpf_<template>_<k>`) of instantiation Inst: the
/// same name and parameter types.
bool isCopyOf(ASTContext &Ctx, const FunctionDecl *F,
              const FunctionDecl *Inst) {
  if (!F->getIdentifier() || !Inst->getIdentifier() ||
      analysis::templateOfCopy(F->getName()) != Inst->getName() ||
      F->getNumParams() != Inst->getNumParams() ||
      F->getDeclContext()->getRedeclContext() !=
          Inst->getDeclContext()->getRedeclContext())
    return false;
  for (unsigned I = 0; I < F->getNumParams(); ++I)
    if (!Ctx.hasSameType(F->getParamDecl(I)->getType(),
                         Inst->getParamDecl(I)->getType()))
      return false;
  return true;
}

} // namespace

std::optional<std::string> copyTemplates(ASTContext &Ctx, DiagnosticsEngine &D,
                                         const analysis::Program &P) {
  Copier C(Ctx, D);
  std::map<const FunctionDecl *, std::string> Names;
  std::set<const CallExpr *> Redirected;
  // Each copy is declared before the first of its calls in the file (a
  // call before the definition needs a declaration of the copy there).
  std::map<const FunctionDecl *, SourceLocation> FirstCall;
  SourceManager &SM = Ctx.getSourceManager();
  for (const analysis::TemplateCall &TC : P.TemplateCalls) {
    SourceLocation &First = FirstCall[TC.Instance->getCanonicalDecl()];
    SourceLocation At = TC.Call->getBeginLoc();
    if (First.isInvalid() || SM.isBeforeInTranslationUnit(At, First))
      First = At;
  }
  for (const analysis::TemplateCall &TC : P.TemplateCalls) {
    const FunctionDecl *Inst = TC.Instance->getCanonicalDecl();
    // A copy that calls its own instantiation (a recursive template)
    // calls itself.
    if (const FunctionDecl *Caller = analysis::enclosingFunction(Ctx, TC.Call);
        Caller && isCopyOf(Ctx, Caller, Inst)) {
      if (Redirected.insert(TC.Call).second)
        C.redirect(TC.Call, Caller->getNameAsString());
      continue;
    }
    auto It = Names.find(Inst);
    if (It == Names.end())
      It = Names.emplace(Inst, C.copy(TC.Instance, FirstCall[Inst])).first;
    if (!It->second.empty() && Redirected.insert(TC.Call).second)
      C.redirect(TC.Call, It->second);
  }
  if (C.Failed)
    return std::nullopt;
  return C.result();
}

} // namespace hpf::codegen
