//===- analysis/declarations/Members.cpp - distributed members ------------===//
//
// See Members.h. The variables are created once per compilation (one
// translation unit per plugin run), so a table in this file holds them.
//
//===----------------------------------------------------------------------===//
#include "declarations/Members.h"

#include "Context.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Lex/Lexer.h"

#include <map>
#include <set>

using namespace clang;

namespace hpf::analysis {
namespace {

std::map<const FieldDecl *, VarDecl *> VarOfField;
std::map<const VarDecl *, const FieldDecl *> FieldOfVar;

/// The fields of distribute directives in class bodies.
std::set<const FieldDecl *> Distributed;

VarDecl *makeVar(ASTContext &Ctx, const FieldDecl *FD) {
  if (auto It = VarOfField.find(FD); It != VarOfField.end())
    return It->second;
  auto *RD = const_cast<RecordDecl *>(FD->getParent());
  VarDecl *V = VarDecl::Create(Ctx, RD, FD->getBeginLoc(), FD->getLocation(),
                               FD->getIdentifier(), FD->getType(),
                               FD->getTypeSourceInfo(), SC_None);
  V->setAccess(FD->getAccess());
  VarOfField[FD] = V;
  FieldOfVar[V] = FD;
  return V;
}

/// The class of a copy or move (constructor or assignment) whose class owns
/// distributed members, or null.
const CXXRecordDecl *copiedOwner(const CXXMethodDecl *M) {
  if (!M)
    return nullptr;
  const auto *Ctor = dyn_cast<CXXConstructorDecl>(M);
  if (!(Ctor && Ctor->isCopyOrMoveConstructor()) &&
      !M->isCopyAssignmentOperator() && !M->isMoveAssignmentOperator())
    return nullptr;
  for (const FieldDecl *FD : M->getParent()->fields())
    if (Distributed.count(FD))
      return M->getParent();
  return nullptr;
}

class Binder : public RecursiveASTVisitor<Binder> {
public:
  Binder(Context &C) : C(C) {}

  /// Replaces a member's uses in member functions (implicit `this`), and in
  /// unevaluated operands of the class body (the carriers), by references
  /// to its variable. Done at the parent, which holds the child pointer.
  bool VisitStmt(Stmt *S) {
    for (Stmt *&Child : S->children())
      if (auto *E = dyn_cast_or_null<Expr>(Child))
        if (Expr *To = replacement(E))
          Child = To;
    return true;
  }

  bool VisitMemberExpr(MemberExpr *ME) {
    const auto *FD = dyn_cast<FieldDecl>(ME->getMemberDecl());
    if (!FD || !Distributed.count(FD))
      return true;
    std::string Name = FD->getName().str();
    std::string Class = FD->getParent()->getName().str();
    const auto *This = dyn_cast<CXXThisExpr>(ME->getBase()->IgnoreParens());
    if (This && !This->isImplicit()) {
      C.R.error(ME->getBeginLoc(), "name distributed member '" + Name +
                                       "' without 'this->': hpfcc rewrites "
                                       "its uses in member functions by name");
      return true;
    }
    if (This) {
      C.R.error(ME->getMemberLoc(),
                "distributed member '" + Name +
                    "' is used outside a member function's body (a default "
                    "argument, a member initializer): use it in the body");
      return true;
    }
    C.R.error(ME->getMemberLoc(),
              "distributed member '" + Name +
                  "' is used through an object: only the member functions "
                  "of '" +
                  Class +
                  "' may use it (for their own object); call a member "
                  "function of '" +
                  Class + "' that does what is needed");
    return true;
  }

  bool VisitCXXConstructExpr(CXXConstructExpr *CE) {
    if (const CXXRecordDecl *RD = copiedOwner(CE->getConstructor()))
      copyError(CE->getBeginLoc(), RD,
                CE->getConstructor()->isMoveConstructor());
    return true;
  }
  bool VisitCallExpr(CallExpr *CE) {
    if (const CXXRecordDecl *RD = copiedOwner(
            dyn_cast_or_null<CXXMethodDecl>(CE->getDirectCallee())))
      copyError(CE->getBeginLoc(), RD,
                cast<CXXMethodDecl>(CE->getDirectCallee())
                    ->isMoveAssignmentOperator());
    return true;
  }

private:
  Context &C;

  Expr *replacement(Expr *E) {
    SourceLocation Loc;
    const FieldDecl *FD = nullptr;
    if (auto *ME = dyn_cast<MemberExpr>(E)) {
      const auto *This = dyn_cast<CXXThisExpr>(ME->getBase());
      if (!This || !This->isImplicit())
        return nullptr;
      FD = dyn_cast<FieldDecl>(ME->getMemberDecl());
      Loc = ME->getMemberLoc();
    } else if (auto *DRE = dyn_cast<DeclRefExpr>(E)) {
      FD = dyn_cast<FieldDecl>(DRE->getDecl());
      Loc = DRE->getLocation();
    }
    if (!FD || !Distributed.count(FD))
      return nullptr;
    return DeclRefExpr::Create(
        C.Ctx, NestedNameSpecifierLoc(), SourceLocation(), VarOfField.at(FD),
        /*RefersToEnclosingVariableOrCapture=*/false, Loc, E->getType(),
        E->getValueKind());
  }

  void copyError(SourceLocation L, const CXXRecordDecl *RD, bool Move) {
    std::string Member;
    for (const FieldDecl *FD : RD->fields())
      if (Distributed.count(FD)) {
        Member = FD->getName().str();
        break;
      }
    C.R.error(L, std::string(Move ? "moving" : "copying") +
                     " an object of class '" + RD->getName().str() +
                     "' is not supported: its member '" + Member +
                     "' is distributed (each object owns its own mapped "
                     "parts); pass the object by reference or pointer, or "
                     "allocate it once (std::make_unique)");
  }
};

} // namespace

const VarDecl *memberVar(const FieldDecl *FD) {
  auto It = VarOfField.find(FD);
  return It == VarOfField.end() ? nullptr : It->second;
}

const FieldDecl *memberOf(const VarDecl *V) {
  auto It = FieldOfVar.find(V);
  return It == FieldOfVar.end() ? nullptr : It->second;
}

void bindMembers(Context &C) {
  for (const ParsedDirective &D : C.State.Directives) {
    if (D.Dir.Kind != pragma::DirectiveKind::Distribute)
      continue;
    const Expr *E = C.slotExpr(D, D.slotOfToken(D.Dir.Array.Tok));
    const auto *DRE =
        E ? dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts()) : nullptr;
    const auto *FD = DRE ? dyn_cast<FieldDecl>(DRE->getDecl()) : nullptr;
    if (!FD)
      continue;
    // Classes the analysis refuses (Context::anchorOf) get no variables.
    const auto *RD = dyn_cast<CXXRecordDecl>(FD->getParent());
    if (!RD || RD->isUnion() || RD->isDependentContext())
      continue;
    Distributed.insert(FD);
    // The members declared with it get variables too: a declaration
    // `double T[N], Next[N];` is split by the variables' declarators
    // (declGroupOf).
    for (const FieldDecl *Other : RD->fields())
      if (Other->getBeginLoc() == FD->getBeginLoc())
        makeVar(C.Ctx, Other);
  }
  if (Distributed.empty())
    return;
  // A constructor's member initializer would construct the array that the
  // hpf::darray replaces.
  for (const FieldDecl *FD : Distributed)
    if (const auto *RD = dyn_cast<CXXRecordDecl>(FD->getParent()))
      for (const CXXConstructorDecl *Ctor : RD->ctors())
        for (const CXXCtorInitializer *Init : Ctor->inits())
          if (Init->isWritten() && Init->getMember() == FD)
            C.R.error(Init->getMemberLocation(),
                      "distributed member '" + FD->getName().str() +
                          "' cannot be initialized in a member initializer "
                          "list: its elements start zeroed; initialize them "
                          "in an independent loop in the constructor's body");
  Binder B(C);
  B.TraverseDecl(C.Ctx.getTranslationUnitDecl());
  // The tree changed under any parent map built so far.
  C.Ctx.getParentMapContext().clear();
}

std::vector<const VarDecl *> memberGroupOf(const VarDecl *V) {
  std::vector<const VarDecl *> Out;
  const FieldDecl *FD = memberOf(V);
  if (!FD)
    return Out;
  for (const FieldDecl *Other : FD->getParent()->fields())
    if (Other->getBeginLoc() == FD->getBeginLoc())
      if (const VarDecl *OV = memberVar(Other))
        Out.push_back(OV);
  return Out;
}

} // namespace hpf::analysis
