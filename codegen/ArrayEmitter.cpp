//===- codegen/ArrayEmitter.cpp - processors and distributed arrays -------===//
//
// `#pragma hpf processors P(4)` becomes an hpf::processors object and
// `#pragma hpf distribute A(cyclic(4)) onto P` the hpf::darray that replaces
// the declaration of A (which moves to the directive). Rank-1 arrays keep
// the runtime's one-dimensional spelling: extent and format without braces.
// An array parameter bound to distributed arrays (inherited mapping) becomes
// a reference to an hpf::darray.
//
//===----------------------------------------------------------------------===//
#include "Emitter.h"

#include "../analysis/Expressions.h"
#include "../analysis/declarations/DeclGroup.h"
#include "../analysis/declarations/Members.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"
#include "clang/AST/TypeLoc.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace hpf::codegen {
namespace {

/// `x` for one item, `{x, y}` for more.
std::string list(const std::vector<std::string> &Items) {
  if (Items.size() == 1)
    return Items[0];
  std::string S = "{";
  for (std::size_t I = 0; I < Items.size(); ++I)
    S += (I ? ", " : "") + Items[I];
  return S + "}";
}

/// Replaces the declaration of A, which moves to its directive.
void moveDeclaration(Emitter &E, const analysis::DistArray &A) {
  const VarDecl *VD = A.Var;
  SourceManager &SM = E.SM;
  SourceLocation B = SM.getExpansionLoc(VD->getBeginLoc());
  SourceLocation End = SM.getExpansionRange(VD->getEndLoc()).getEnd();
  std::optional<Token> Semi = Lexer::findNextToken(End, SM, E.LO);
  SourceLocation After =
      Semi ? Semi->getEndLoc() : Lexer::getLocForEndOfToken(End, 0, SM, E.LO);
  CharSourceRange DeclR = CharSourceRange::getCharRange(B, After);
  unsigned Lines = Lexer::getSourceText(DeclR, SM, E.LO).count('\n');
  E.RW.ReplaceText(DeclR, "/* '" + A.Name +
                              "' is declared at its distribute directive */" +
                              std::string(Lines, '\n'));
}

/// `double A[N], B[N];` becomes one declaration per variable (a comment for
/// the distributed ones, which move to their directives), on the same lines.
/// The first distributed variable of the group rewrites it.
void splitGroup(Emitter &E, const analysis::DeclGroup &G, const VarDecl *VD) {
  for (const VarDecl *V : G.Vars)
    if (E.P.ArrayByVar.count(V)) {
      if (V != VD)
        return;
      break;
    }
  std::string Code;
  for (std::size_t K = 0; K < G.Vars.size(); ++K) {
    if (K)
      Code += " ";
    if (E.P.ArrayByVar.count(G.Vars[K]))
      Code += "/* '" + G.Vars[K]->getName().str() +
              "' is declared at its distribute directive */";
    else
      Code += G.Spec + " " + G.Declarators[K] + ";";
  }
  unsigned Lines = Lexer::getSourceText(G.Range, E.SM, E.LO).count('\n');
  E.RW.ReplaceText(G.Range, Code + std::string(Lines, '\n'));
}

} // namespace

void emitProcessors(Emitter &E, const analysis::Arrangement &A) {
  const pragma::ParsedDirective &D = E.directive(A.DirId);
  bool Global = !E.P.Anchors.at(A.DirId).Context->isFunctionOrMethod();
  std::string Code = std::string(Global ? "static " : "") +
                     "const hpf::processors __hpf_procs_" + A.Name;
  if (A.Extents.size() == 1 && A.Extents[0].Text == "*" &&
      !A.Extents[0].Const) {
    // processors P(*): every rank, whatever their number.
    E.replaceDirective(D, Code + " = hpf::processors::all();");
    return;
  }
  // A '*' in a grid is 0 for hpf::processors::fitted, which chooses it.
  bool Fitted = false;
  std::vector<std::string> Extents;
  for (const analysis::Value &V : A.Extents) {
    bool Star = !V.Const && V.Text == "*";
    Fitted |= Star;
    Extents.push_back(V.Const ? std::to_string(*V.Const)
                      : Star  ? "0"
                              : "static_cast<int>(" + V.Text + ")");
  }
  E.replaceDirective(D, Code + (Fitted ? " = hpf::processors::fitted(" : "(") +
                            list(Extents) + ", " + E.whereLiteral(D.HashLoc) +
                            ");");
}

/// The runtime type of A: `hpf::darray<T>`, `hpf::darray<T, rank>`.
std::string darrayType(const analysis::DistArray &A) {
  return "hpf::darray<" + A.ElemType +
         (A.rank() == 1 ? "" : ", " + std::to_string(A.rank())) + ">";
}

/// `double (&A)[N]` (or `double *A`, `std::vector<double> &A`) bound to
/// distributed arrays becomes
/// `hpf::darray<double> &A` (also when const: Clang checked the source's
/// const, and generated loops use the mutable local view), in the
/// definition and in every prototype of the function; a function that
/// redistributes it restores the caller's mapping on return
/// (hpf::restore_mapping, first in the body).
void emitParameter(Emitter &E, const analysis::DistArray &A) {
  const ParmVarDecl *PV = A.param();
  SourceManager &SM = E.SM;
  const std::string Type = darrayType(A);
  // The declarator without a default argument, which stays: up to the
  // type's end where it follows the name (`double x[N]`, `double (&)[N]`),
  // else up to the name, or, unnamed, up to the token after the declarator
  // (Clang's location of a missing name: `const double *const,`).
  auto Retype = [&](const ParmVarDecl *D, const std::string &NewName) {
    SourceLocation Begin = SM.getExpansionLoc(D->getBeginLoc());
    SourceLocation Name = SM.getExpansionLoc(D->getLocation());
    SourceLocation TypeEnd = Name;
    if (const TypeSourceInfo *TSI = D->getTypeSourceInfo())
      TypeEnd = SM.getExpansionRange(TSI->getTypeLoc().getEndLoc()).getEnd();
    CharSourceRange R = CharSourceRange::getCharRange(Begin, Name);
    if (SM.isBeforeInTranslationUnit(Name, TypeEnd))
      R = CharSourceRange::getTokenRange(Begin, TypeEnd);
    else if (D->getIdentifier())
      R = CharSourceRange::getTokenRange(Begin, Name);
    E.RW.ReplaceText(R, Type + " &" + NewName);
  };
  // A `void *` parameter viewed as `T (*x)[N][M]`: the parameter takes the
  // view's name, whose declaration goes; a view with variable extents
  // (`T (*x)[n][m]`) leaves the check that they are the array's in its
  // place, where its extents are evaluated.
  Retype(PV, A.Name);
  if (const DeclStmt *View = analysis::untypedView(A)) {
    std::string Rows;
    bool Variable = false;
    QualType Elem;
    for (const analysis::ViewDim &Dim :
         analysis::viewDims(E.Ctx, A.Var, Elem)) {
      Variable |= Dim.Size != nullptr;
      Rows += std::string(Rows.empty() ? "" : ", ") +
              (Dim.Size ? "(long long)(" + E.text(Dim.Size) + ")"
                        : std::to_string(Dim.Extent));
    }
    const CharSourceRange Decl =
        CharSourceRange::getTokenRange(SM.getExpansionLoc(View->getBeginLoc()),
                                       SM.getExpansionLoc(View->getEndLoc()));
    if (Variable)
      E.RW.ReplaceText(Decl, "hpf::check_view_rows(" + A.Name + ", {" + Rows +
                                 "}, " + E.whereLiteral(View->getBeginLoc()) +
                                 ");");
    else
      E.RW.RemoveText(Decl);
  }
  const auto *F = cast<FunctionDecl>(PV->getDeclContext());
  // Prototypes (before or after the body) take the same type, each with its
  // own name, or none. A declaration in another file (allowed by an
  // `inherit` directive) stays: it declares the plain overload, unused.
  for (const FunctionDecl *D : F->redecls())
    if (D != F && SM.isInMainFile(SM.getExpansionLoc(D->getLocation())))
      Retype(D->getParamDecl(PV->getFunctionScopeIndex()),
             D->getParamDecl(PV->getFunctionScopeIndex())->getName().str());
  bool Redistributed = false;
  for (const analysis::Redistribution &R : E.P.Redistributions)
    Redistributed |= R.Array == &A;
  if (const auto *Body = dyn_cast_or_null<CompoundStmt>(F->getBody());
      Body && Redistributed)
    E.RW.InsertTextAfterToken(SM.getExpansionLoc(Body->getLBracLoc()),
                              " hpf::restore_mapping __hpf_restore_" + A.Name +
                                  "(" + A.Name + ");");
}

void emitArray(Emitter &E, const analysis::DistArray &A) {
  SourceManager &SM = E.SM;
  if (A.Inherited) {
    emitParameter(E, A);
    return;
  }
  const pragma::ParsedDirective &D = E.directive(A.DistributeDir);
  const VarDecl *VD = A.Var;
  // The declaration moves to the directive (which may use names declared
  // in between); the analysis checked that nothing else refers to it.
  if (auto G = analysis::splitDeclGroup(E.Ctx, VD); G && G->Vars.size() > 1)
    splitGroup(E, *G, VD);
  else
    moveDeclaration(E, A);
  const std::string Type = darrayType(A);
  // The hpf::darray's constructor arguments (a vector: of ExtentText
  // elements).
  auto ArgsOf = [&](const std::string &ExtentText) {
    std::vector<std::string> Extents, Formats;
    for (int I = 0; I < A.rank(); ++I) {
      Extents.push_back(A.Vector
                            ? "static_cast<hpf::index_t>(" + ExtentText + ")"
                            : std::to_string(A.Extents[std::size_t(I)]));
      Formats.push_back(Emitter::formatExpr(A.Initial.Formats[std::size_t(I)]));
    }
    return list(Extents) + ", " + list(Formats) + ", " +
           Emitter::procsExpr(A.Initial.Onto) + ", " +
           E.whereLiteral(D.HashLoc);
  };
  // A member's construction: braces, or for a vector of v's (no statement
  // can follow a member) a lambda that fills the array it returns.
  auto MemberInit = [&](const std::string &ExtentText,
                        const std::string &FillText) {
    if (FillText.empty())
      return "{" + ArgsOf(ExtentText) + "}";
    return "{[&] { " + Type + " __hpf_a(" + ArgsOf(ExtentText) +
           "); __hpf_a.fill(" + FillText + "); return __hpf_a; }()}";
  };
  std::string Code;
  if (analysis::memberOf(VD)) {
    // A member: every object gets the mapping, in a default member
    // initializer, or for a vector sized by the constructors in theirs.
    // Mutable: the generated loops of const member functions use the
    // mutable local view; Clang checked the source's const.
    Code = "mutable " + Type + " " + A.Name;
    if (A.Vector && A.ExtentText.empty()) {
      Code += ";";
      for (const analysis::MemberSize &S : analysis::memberSizes(VD))
        E.RW.ReplaceText(CharSourceRange::getTokenRange(
                             SM.getExpansionLoc(S.Init->getLParenLoc()),
                             SM.getExpansionLoc(S.Init->getRParenLoc())),
                         MemberInit(S.Extent, S.Fill));
    } else {
      Code += MemberInit(A.ExtentText, A.FillText) + ";";
    }
    E.replaceDirective(D, Code);
    return;
  }
  Code = std::string(VD->getStorageClass() == SC_Static ? "static " : "") +
         Type + " " + A.Name + "(" + ArgsOf(A.ExtentText) + ");";
  // std::vector<T> A(n, v): every element v.
  if (!A.FillText.empty())
    Code += " " + A.Name + ".fill(" + A.FillText + ");";
  E.replaceDirective(D, Code);
}

/// `f(A, n)` with `void f(T *A, int n)`: A is passed as the hpf::darray
/// (`&A[0]` becomes `A`) and n as `hpf::checked_extent(A, n, "<call>")`.
void emitPointerArg(Emitter &E, const analysis::PointerArg &PA) {
  SourceManager &SM = E.SM;
  if (PA.AddrOf)
    E.RW.ReplaceText(E.fileRange(PA.AddrOf), PA.Array->Name);
  if (PA.SizeArg < 0 || unsigned(PA.SizeArg) >= PA.Call->getNumArgs())
    return;
  const Expr *N = PA.Call->getArg(unsigned(PA.SizeArg));
  if (N->isDefaultArgument())
    return;
  SourceRange R = E.fileRange(N);
  std::string Callee = PA.Call->getDirectCallee()->getNameAsString();
  E.RW.InsertTextBefore(R.getBegin(),
                        "hpf::checked_extent(" + PA.Array->Name + ", ");
  E.RW.InsertTextAfter(Lexer::getLocForEndOfToken(R.getEnd(), 0, SM, E.LO),
                       ", " +
                           Emitter::quote(E.where(PA.Call->getBeginLoc()) +
                                          ": call of '" + Callee + "'") +
                           ")");
}

/// A function of another file whose inherited parameters take distributed
/// arrays: its definition there takes hpf::darrays, which the header both
/// files include does not declare, so this file declares that overload
/// (in the function's namespaces, on the line of the first declaration
/// that calls it, so that lines are kept):
/// `namespace ns { double sum(hpf::darray<double> &, int); }`.
void emitInheritedDecl(Emitter &E, const analysis::InheritedDecl &ID) {
  const FunctionDecl *F = ID.Function;
  const PrintingPolicy &Policy = E.Ctx.getPrintingPolicy();
  std::string Params;
  for (unsigned I = 0; I < F->getNumParams(); ++I) {
    const ParmVarDecl *PV = F->getParamDecl(I);
    Params += I ? ", " : "";
    auto It = ID.Params.find(I);
    Params += It != ID.Params.end() ? darrayType(*It->second) + " &"
                                    : PV->getType().getAsString(Policy);
    if (PV->hasDefaultArg() && !PV->hasUninstantiatedDefaultArg() &&
        !PV->hasUnparsedDefaultArg())
      Params += " = " + E.text(PV->getDefaultArg());
  }
  if (F->isVariadic())
    Params += F->getNumParams() ? ", ..." : "...";
  std::string Decl = F->getReturnType().getAsString(Policy) + " " +
                     F->getNameAsString() + "(" + Params + ");";
  std::string Open, Close;
  for (const DeclContext *DC = F->getDeclContext(); !DC->isTranslationUnit();
       DC = DC->getParent())
    if (const auto *NS = dyn_cast<NamespaceDecl>(DC)) {
      Open = std::string(NS->isInline() ? "inline " : "") + "namespace " +
             NS->getNameAsString() + " { " + Open;
      Close += " }";
    }
  E.RW.InsertTextBefore(E.SM.getExpansionLoc(ID.Before->getBeginLoc()),
                        Open + Decl + Close + " ");
}

} // namespace hpf::codegen
