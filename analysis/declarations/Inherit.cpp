//===- analysis/declarations/Inherit.cpp - `#pragma hpf inherit` ----------===//
//
// HPF's INHERIT for C++ prototypes: `#pragma hpf inherit A, B` right before
// a function declaration (in a header shared by several files, or in this
// file) says that the parameters named take distributed arrays, with the
// mapping of the argument at each call. It is what lets a function defined
// in one file take a distributed array from another: the file with the
// body rewrites the parameter to an hpf::darray (as for a parameter bound
// by a call), and a file that only calls it declares that overload itself
// (Program::InheritedDecls), since nobody rewrites the shared header. The
// parameters are named, not carried (they are not in scope before their
// function), and are looked up here in the declaration after the anchor.
//
//===----------------------------------------------------------------------===//
#include "Expressions.h"
#include "Phases.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace hpf::analysis {

namespace {

/// The declaration after the anchor in its context (null: none).
const Decl *declarationAfter(const TypedefNameDecl *Anchor) {
  bool Seen = false;
  for (const Decl *D : Anchor->getDeclContext()->decls()) {
    if (Seen && !D->isImplicit())
      return D;
    Seen |= D == Anchor;
  }
  return nullptr;
}

/// What an inherited parameter may be: `T (&A)[N]` (any rank), `T *A`, or
/// `std::vector<T> &A`.
bool isArrayParameterType(ASTContext &Ctx, QualType T) {
  if (T->isPointerType())
    return !T->getPointeeType()->isVoidType() &&
           !T->getPointeeType()->isFunctionType();
  const auto *Ref = T->getAs<LValueReferenceType>();
  return Ref && (Ctx.getAsConstantArrayType(Ref->getPointeeType()) ||
                 !vectorElement(Ref->getPointeeType()).isNull());
}

} // namespace

void Functions::readInherits() {
  for (const ParsedDirective &D : C.State.Directives) {
    if (D.Dir.Kind != pragma::DirectiveKind::Inherit)
      continue;
    auto CIt = C.Carriers.find({D.Id, 0});
    if (CIt == C.Carriers.end())
      continue; // Clang reported why the anchor did not parse
    const TypedefNameDecl *Anchor = CIt->second;
    const Decl *Next =
        Anchor->getDeclContext()->getRedeclContext()->isFileContext()
            ? declarationAfter(Anchor)
            : nullptr;
    const auto *F = dyn_cast_or_null<FunctionDecl>(Next);
    if (!F || isa<CXXMethodDecl>(F)) {
      R.error(D.HashLoc,
              std::string("an inherit directive must stand right before the "
                          "declaration of the function whose parameters it "
                          "names, at namespace scope") +
                  (isa_and_nonnull<FunctionTemplateDecl>(Next)
                       ? " (function templates are not supported)"
                   : F ? " (member functions are not supported)"
                       : ""));
      continue;
    }
    if (F->isExternC()) {
      R.error(D.HashLoc, "'" + F->getNameAsString() +
                             "' has C linkage: its parameters cannot become "
                             "hpf::darrays (declare it with C++ linkage)");
      continue;
    }
    for (const pragma::NameRef &N : D.Dir.Arrays) {
      const ParmVarDecl *PV = nullptr;
      for (const ParmVarDecl *Q : F->parameters())
        if (Q->getName() == N.Name)
          PV = Q;
      if (!PV) {
        R.error(D.locOf(N.Tok), "'" + N.Name + "' is not a parameter of '" +
                                    F->getNameAsString() +
                                    "' (the function declared next)");
        R.note(F->getLocation(), "declared here");
        continue;
      }
      if (!isArrayParameterType(Ctx, PV->getType())) {
        R.error(D.locOf(N.Tok),
                "parameter '" + N.Name + "' of '" + F->getNameAsString() +
                    "' is '" + PV->getType().getAsString() +
                    "': an inherited parameter takes a distributed array as "
                    "a reference to an array ('T (&" +
                    N.Name + ")[N]'), a pointer to its elements ('T *" +
                    N.Name + "') or a 'std::vector<T> &'");
        continue;
      }
      Inherits[F->getCanonicalDecl()][PV->getFunctionScopeIndex()] = D.Id;
    }
  }
}

std::optional<unsigned> Functions::inherited(const FunctionDecl *F,
                                             unsigned Param) const {
  auto It = Inherits.find(F->getCanonicalDecl());
  if (It == Inherits.end())
    return std::nullopt;
  auto PIt = It->second.find(Param);
  if (PIt == It->second.end())
    return std::nullopt;
  return PIt->second;
}

namespace {

/// The declaration at file scope (namespace members included: a namespace
/// is left whole) that holds S.
const Decl *outermostDecl(ASTContext &Ctx, const Stmt *S) {
  DynTypedNodeList Parents = Ctx.getParents(*S);
  const Decl *Last = nullptr;
  while (!Parents.empty()) {
    const DynTypedNode &N = Parents[0];
    if (const auto *D = N.get<Decl>()) {
      if (isa<TranslationUnitDecl>(D))
        break;
      Last = D;
    }
    Parents = Ctx.getParents(N);
  }
  return Last;
}

} // namespace

void Functions::foreignCall(const CallExpr *Call, unsigned Arg,
                            const DistArray *A, const Expr *AddrOf,
                            bool ByPointer) {
  const FunctionDecl *F = Call->getDirectCallee();
  if (ByPointer)
    P.PointerArgs.push_back({Call, Arg, sizeParam(F, Arg), AddrOf, A});
  const Decl *Before = outermostDecl(Ctx, Call);
  if (!Before)
    return;
  for (InheritedDecl &ID : P.InheritedDecls)
    if (ID.Function->getCanonicalDecl() == F->getCanonicalDecl()) {
      if (SM.isBeforeInTranslationUnit(Before->getBeginLoc(),
                                       ID.Before->getBeginLoc()))
        ID.Before = Before;
      return;
    }
  InheritedDecl ID;
  ID.Function = F;
  ID.Before = Before;
  for (const auto &[Index, Dir] : Inherits.at(F->getCanonicalDecl())) {
    P.ForeignParams.push_back(parameterShape(Ctx, F->getParamDecl(Index)));
    ID.Params[Index] = P.ForeignParams.back().get();
  }
  P.InheritedDecls.push_back(std::move(ID));
}

void Functions::checkInherited(const std::vector<const CallExpr *> &Calls) {
  for (const auto &[Canon, Params] : Inherits) {
    const FunctionDecl *Def = Canon->getDefinition();
    if (!Def || !SM.isInMainFile(SM.getExpansionLoc(Def->getLocation())))
      continue;
    for (const auto &[Index, Dir] : Params) {
      const ParmVarDecl *PV = Def->getParamDecl(Index);
      if (!P.ArrayByVar.count(PV))
        parameterArray(PV);
      R.remark(PV->getLocation(),
               "parameter '" + PV->getName().str() + "' of '" +
                   Def->getNameAsString() +
                   "' takes distributed arrays ('inherit'): the function "
                   "works with whatever mapping the array has at the call "
                   "(loops use the run-time distribution)");
    }
  }
  for (const CallExpr *CE : Calls) {
    const FunctionDecl *FD = CE->getDirectCallee();
    for (unsigned I = 0; I < CE->getNumArgs() && I < FD->getNumParams(); ++I) {
      std::optional<unsigned> Dir = inherited(FD, I);
      if (!Dir)
        continue;
      const Expr *AddrOf = nullptr;
      const DeclRefExpr *Ref = arrayArgument(CE->getArg(I), &AddrOf);
      if (Ref && P.ArrayByVar.count(dyn_cast<VarDecl>(Ref->getDecl())))
        continue;
      if (const DeclRefExpr *Off = offsetRef(CE->getArg(I));
          Off && Checked.count(Off))
        continue; // an offset into a distributed array: reported
      const std::string Param = FD->getParamDecl(I)->getName().str();
      R.error(CE->getArg(I)->getBeginLoc(),
              "'" + FD->getNameAsString() +
                  "' takes a distributed array for parameter '" + Param +
                  "' ('inherit'), and this argument is not one: with hpfcc "
                  "the function's parameter is an hpf::darray; distribute "
                  "the array, or call a function without the directive");
      R.note(C.State.Directives[*Dir].HashLoc, "inherit directive here");
    }
  }
}

} // namespace hpf::analysis
