//===- analysis/declarations/Members.cpp - distributed members ------------===//
//
// See Members.h. The variables are created once per translation unit
// (bindMembers starts afresh), so tables in this file hold them.
//
//===----------------------------------------------------------------------===//
#include "declarations/Members.h"

#include "Context.h"
#include "Expressions.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/STLExtras.h"

#include <algorithm>
#include <map>
#include <set>

using namespace clang;

namespace hpf::analysis {
namespace {

std::map<const FieldDecl *, VarDecl *> VarOfField;
std::map<const VarDecl *, const FieldDecl *> FieldOfVar;

/// The fields of distribute directives in class bodies.
std::set<const FieldDecl *> Distributed;

/// The constructors' sizes of std::vector members (memberVectorSize).
std::map<const VarDecl *, std::vector<MemberSize>> SizesOf;

/// References that replaced a use through an object (`R.T`, `P->T`,
/// `this->T`), with the use. Their range spans the object, so the
/// rewritten code keeps it where it edits around the reference, which is
/// right for an element (`R.T.get_at(...)`); elsewhere the code generator
/// names the array by its name alone (checkMemberUses).
std::map<const DeclRefExpr *, const MemberExpr *> ThroughObject;

VarDecl *makeVar(ASTContext &Ctx, const FieldDecl *FD) {
  if (auto It = VarOfField.find(FD); It != VarOfField.end())
    return It->second;
  auto *RD = const_cast<RecordDecl *>(FD->getParent());
  VarDecl *V = VarDecl::Create(Ctx, RD, FD->getBeginLoc(), FD->getLocation(),
                               FD->getIdentifier(), FD->getType(),
                               FD->getTypeSourceInfo(), SC_None);
  V->setAccess(FD->getAccess());
  // The declaration ends where the member's does (its initializer's end).
  if (FD->hasInClassInitializer())
    V->setInit(FD->getInClassInitializer());
  VarOfField[FD] = V;
  FieldOfVar[V] = FD;
  return V;
}

/// A distributed member that an object of class RD owns: its own, a base
/// class's, or one of a member object's (also in an array of them).
const FieldDecl *ownedMember(const CXXRecordDecl *RD) {
  if (!RD || !RD->hasDefinition())
    return nullptr;
  for (const FieldDecl *FD : RD->fields()) {
    if (Distributed.count(FD))
      return FD;
    QualType T = FD->getType();
    while (const ArrayType *AT = T->getAsArrayTypeUnsafe())
      T = AT->getElementType();
    if (const FieldDecl *In = ownedMember(T->getAsCXXRecordDecl()))
      return In;
  }
  for (const CXXBaseSpecifier &B : RD->bases())
    if (const FieldDecl *In = ownedMember(B.getType()->getAsCXXRecordDecl()))
      return In;
  return nullptr;
}

/// The distributed member a copy or move (constructor or assignment) would
/// copy, or null.
const FieldDecl *copiedMember(const CXXMethodDecl *M) {
  if (!M)
    return nullptr;
  const auto *Ctor = dyn_cast<CXXConstructorDecl>(M);
  if (!(Ctor && Ctor->isCopyOrMoveConstructor()) &&
      !M->isCopyAssignmentOperator() && !M->isMoveAssignmentOperator())
    return nullptr;
  return ownedMember(M->getParent());
}

/// The object of a use through an object is a variable, `this` or a
/// member of one (`R`, `*P`, `P->`, `S.Rod`): nothing in it that the
/// analysis would have to see, since the reference replacing the use drops
/// it from the tree (its text stays).
bool plainObject(const Expr *E) {
  E = E->IgnoreParenImpCasts();
  if (const auto *U = dyn_cast<UnaryOperator>(E);
      U && U->getOpcode() == UO_Deref)
    return plainObject(U->getSubExpr());
  if (const auto *ME = dyn_cast<MemberExpr>(E))
    return isa<FieldDecl>(ME->getMemberDecl()) && plainObject(ME->getBase());
  return isa<CXXThisExpr>(E) ||
         (isa<DeclRefExpr>(E) && isa<VarDecl>(cast<DeclRefExpr>(E)->getDecl()));
}

const char *accessName(AccessSpecifier A) {
  switch (A) {
  case AS_public:
    return "public";
  case AS_protected:
    return "protected";
  case AS_private:
    return "private";
  case AS_none:
    break;
  }
  return "declared";
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

  /// A variable's initializer is no statement's child: `for (double u :
  /// U)` (the loop's range variable) and `auto &r = U;` in a member
  /// function.
  bool VisitVarDecl(VarDecl *VD) {
    if (auto *Init = dyn_cast_or_null<Expr>(VD->getInit()))
      if (Expr *To = replacement(Init))
        VD->setInit(To);
    return true;
  }
  bool VisitCXXForRangeStmt(CXXForRangeStmt *S) {
    if (auto *DS = dyn_cast_or_null<DeclStmt>(S->getRangeStmt()))
      if (auto *Range = dyn_cast_or_null<VarDecl>(DS->getSingleDecl()))
        VisitVarDecl(Range); // implicit code, not visited otherwise
    return true;
  }

  /// What no replacement reached: a use outside any body (a member
  /// initializer, a default argument), or through an object that is not
  /// plainObject.
  bool VisitMemberExpr(MemberExpr *ME) {
    const auto *FD = dyn_cast<FieldDecl>(ME->getMemberDecl());
    if (!FD || !Distributed.count(FD))
      return true;
    const auto *This =
        dyn_cast<CXXThisExpr>(ME->getBase()->IgnoreParenImpCasts());
    if (This && This->isImplicit())
      C.R.error(ME->getMemberLoc(),
                "distributed member '" + FD->getName().str() +
                    "' is used outside a function body (a default argument, "
                    "a member initializer): use it in a body");
    else
      C.R.error(ME->getBeginLoc(),
                "distributed member '" + FD->getName().str() +
                    "' is used through an object that is not named by a "
                    "variable: bind the object to a reference first ('auto "
                    "&r = ...; r." +
                    FD->getName().str() + "[k]')");
    return true;
  }

  bool VisitCXXConstructExpr(CXXConstructExpr *CE) {
    if (const FieldDecl *FD = copiedMember(CE->getConstructor()))
      copyError(CE->getBeginLoc(), CE->getConstructor()->getParent(), FD,
                CE->getConstructor()->isMoveConstructor());
    return true;
  }
  bool VisitCallExpr(CallExpr *CE) {
    const auto *M = dyn_cast_or_null<CXXMethodDecl>(CE->getDirectCallee());
    if (const FieldDecl *FD = copiedMember(M))
      copyError(CE->getBeginLoc(), M->getParent(), FD,
                M->isMoveAssignmentOperator());
    return true;
  }

private:
  Context &C;

  Expr *replacement(Expr *E) {
    SourceLocation Loc;
    const FieldDecl *FD = nullptr;
    bool Through = false;
    if (auto *ME = dyn_cast<MemberExpr>(E)) {
      // Implicit `this`, also converted to a base class (a member of the
      // base used in a derived class's member function): the name alone
      // still names it there.
      const auto *This =
          dyn_cast<CXXThisExpr>(ME->getBase()->IgnoreParenImpCasts());
      Through = !This || !This->isImplicit();
      if (Through && !plainObject(ME->getBase()))
        return nullptr;
      FD = dyn_cast<FieldDecl>(ME->getMemberDecl());
      Loc = ME->getMemberLoc();
    } else if (auto *DRE = dyn_cast<DeclRefExpr>(E)) {
      FD = dyn_cast<FieldDecl>(DRE->getDecl());
      Loc = DRE->getLocation();
    }
    if (!FD || !Distributed.count(FD))
      return nullptr;
    // Through an object, the reference spans the object too (`R.T`): its
    // range is what the code generator keeps or replaces, and the enclosing
    // expressions start where it starts. A qualifier is the part of a
    // reference that comes before the name; a global one (`::`) placed at
    // the object's first token gives it that start.
    NestedNameSpecifierLoc Qualifier;
    if (Through) {
      NestedNameSpecifierLocBuilder B;
      B.MakeGlobal(C.Ctx, E->getBeginLoc());
      Qualifier = B.getWithLocInContext(C.Ctx);
    }
    DeclRefExpr *Ref = DeclRefExpr::Create(
        C.Ctx, Qualifier, SourceLocation(), VarOfField.at(FD),
        /*RefersToEnclosingVariableOrCapture=*/false, Loc, E->getType(),
        E->getValueKind());
    if (Through)
      ThroughObject[Ref] = cast<MemberExpr>(E);
    return Ref;
  }

  void copyError(SourceLocation L, const CXXRecordDecl *RD, const FieldDecl *FD,
                 bool Move) {
    std::string Member = FD->getName().str();
    if (FD->getParent() != RD)
      Member = FD->getParent()->getName().str() + "::" + Member;
    C.R.error(L, std::string(Move ? "moving" : "copying") +
                     " an object of class '" + RD->getName().str() +
                     "' is not supported: its member '" + Member +
                     "' is distributed (each object owns its own mapped "
                     "parts); pass the object by reference or pointer, or "
                     "allocate it once (std::make_unique)");
  }
};

} // namespace

bool ownsDistributedMember(QualType T) {
  if (Distributed.empty() || T.isNull())
    return false;
  while (const ArrayType *AT = T->getAsArrayTypeUnsafe())
    T = AT->getElementType();
  return ownedMember(T->getAsCXXRecordDecl()) != nullptr;
}

const VarDecl *memberVar(const FieldDecl *FD) {
  auto It = VarOfField.find(FD);
  return It == VarOfField.end() ? nullptr : It->second;
}

const FieldDecl *memberOf(const VarDecl *V) {
  auto It = FieldOfVar.find(V);
  return It == FieldOfVar.end() ? nullptr : It->second;
}

void bindMembers(Context &C) {
  // One plugin may compile several translation units in one process (the
  // driver's in-process cc1): nothing of the last one's may remain.
  VarOfField.clear();
  FieldOfVar.clear();
  Distributed.clear();
  SizesOf.clear();
  ThroughObject.clear();
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
    // The hpf::darray is declared where the directive stands: with the
    // member's access (the carriers are members declared there).
    if (auto It = C.Carriers.find({D.Id, 0});
        It != C.Carriers.end() && It->second->getAccess() != FD->getAccess())
      C.R.error(D.HashLoc,
                "distribute '" + FD->getName().str() + "' where it is " +
                    accessName(FD->getAccess()) +
                    " (the directive stands in a " +
                    accessName(It->second->getAccess()) +
                    " section, where the distributed member would be "
                    "declared)");
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
          if (Init->isWritten() && Init->getMember() == FD &&
              vectorElement(FD->getType()).isNull())
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

bool sizedConstruction(Context &C, const Expr *Init, std::string &Extent,
                       std::string &Fill) {
  // `A(n)` / `A(n, v)`: a constructor whose first parameter is the size
  // (not an initializer list, iterators or another vector); through the
  // temporary of `= std::vector<T>(n)`.
  for (bool Changed = true; Init && Changed;) {
    const Expr *Before = Init;
    Init = Init->IgnoreImplicit();
    if (const auto *Cast = dyn_cast<CXXFunctionalCastExpr>(Init))
      Init = Cast->getSubExpr();
    Changed = Init != Before;
  }
  const auto *CE = dyn_cast_or_null<CXXConstructExpr>(Init);
  unsigned Given = 0;
  if (CE)
    for (const Expr *Arg : CE->arguments())
      Given += !isa<CXXDefaultArgExpr>(Arg);
  const CXXConstructorDecl *Ctor = CE ? CE->getConstructor() : nullptr;
  if (!(Ctor && Ctor->getNumParams() >= 1 &&
        Ctor->getParamDecl(0)->getType()->isIntegerType() &&
        (Given == 1 || Given == 2) && !CE->isListInitialization()))
    return false;
  auto Text = [&](const Expr *E) { return expansionText(C.Ctx, E); };
  Extent = Text(CE->getArg(0));
  Fill = Given == 2 ? Text(CE->getArg(1)) : "";
  return true;
}

const std::vector<MemberSize> &memberSizes(const VarDecl *V) {
  return SizesOf[V];
}

bool memberVectorSize(Context &C, const pragma::ParsedDirective &D,
                      const VarDecl *V, std::string &Extent,
                      std::string &Fill) {
  const FieldDecl *FD = memberOf(V);
  const std::string N = FD->getName().str();
  const std::string How =
      "('" + V->getType().getAsString(C.Ctx.getPrintingPolicy()) + " " + N +
      " = " + V->getType().getAsString(C.Ctx.getPrintingPolicy()) +
      "(n);' or '" + N +
      "(n)' in every constructor's member initializer list): the size is "
      "part of the mapping and cannot change afterwards";
  const auto *RD = cast<CXXRecordDecl>(FD->getParent());
  if (FD->hasInClassInitializer()) {
    if (!sizedConstruction(C, FD->getInClassInitializer(), Extent, Fill)) {
      C.R.error(D.locOf(D.Dir.Array.Tok),
                "distributed std::vector member '" + N +
                    "' needs its size where it is initialized " + How);
      return false;
    }
    for (const CXXConstructorDecl *Ctor : RD->ctors())
      for (const CXXCtorInitializer *Init : Ctor->inits())
        if (Init->isWritten() && Init->getMember() == FD) {
          C.R.error(Init->getMemberLocation(),
                    "distributed std::vector member '" + N +
                        "' is sized by its default member initializer: "
                        "its size is part of the mapping, given once");
          return false;
        }
    return true;
  }
  std::vector<MemberSize> &Sizes = SizesOf[V];
  bool Ok = true, Any = false;
  for (const CXXConstructorDecl *Ctor : RD->ctors()) {
    if (Ctor->isImplicit() || Ctor->isDeleted() ||
        Ctor->isCopyOrMoveConstructor())
      continue;
    Any = true;
    const CXXCtorInitializer *Found = nullptr;
    for (const CXXCtorInitializer *Init : Ctor->inits())
      if (Init->isWritten() && Init->getMember() == FD)
        Found = Init;
    MemberSize S;
    S.Init = Found;
    if (!Found || Found->getLParenLoc().isInvalid() ||
        !sizedConstruction(C, Found->getInit(), S.Extent, S.Fill)) {
      C.R.error(Found ? Found->getMemberLocation() : Ctor->getLocation(),
                "this constructor of '" + RD->getName().str() +
                    "' must size distributed std::vector member '" + N + "' " +
                    How);
      Ok = false;
      continue;
    }
    Sizes.push_back(S);
  }
  if (!Any) {
    C.R.error(D.locOf(D.Dir.Array.Tok), "distributed std::vector member '" + N +
                                            "' needs its size " + How);
    return false;
  }
  return Ok;
}

/// `R.V.size()` of a distributed std::vector member: the hpf::darray's
/// size(), as written.
bool vectorSizeCall(Context &C, const DeclRefExpr *Ref) {
  const DistArray *A = C.P.arrayOfAnyDecl(cast<VarDecl>(Ref->getDecl()));
  if (!A || !A->Vector || A->Holder != "std::vector")
    return false;
  DynTypedNode N = DynTypedNode::create(*Ref);
  for (;;) {
    auto Parents = C.Ctx.getParents(N);
    if (Parents.size() != 1)
      return false;
    N = Parents[0];
    if (N.get<ImplicitCastExpr>() || N.get<ParenExpr>())
      continue;
    const auto *ME = N.get<MemberExpr>();
    const auto *M = ME ? dyn_cast<CXXMethodDecl>(ME->getMemberDecl()) : nullptr;
    return M && M->getIdentifier() && M->getName() == "size";
  }
}

void checkMemberUses(Context &C, const std::set<const DeclRefExpr *> &Claimed) {
  if (ThroughObject.empty())
    return;
  for (const auto &[Ref, ME] : ThroughObject) {
    // The element phase took or reported every reference the other phases
    // did not claim (loops, algorithms, arguments).
    if (!Claimed.count(Ref) || vectorSizeCall(C, Ref))
      continue;
    const std::string Name = Ref->getDecl()->getName().str();
    const std::string Class =
        cast<FieldDecl>(ME->getMemberDecl())->getParent()->getName().str();
    C.R.error(ME->getBeginLoc(),
              "distributed member '" + Name +
                  "' is used through an object here: only its elements "
                  "('obj." +
                  Name +
                  "[k]') can be read and written that way outside "
                  "independent loops; in a member function of '" +
                  Class + "' name it '" + Name +
                  "' (for the function's own object), or call a member "
                  "function that does what is needed");
  }
  // An owner value counts on one owner for equal subscripts of one array,
  // which two objects' members may not share (a mapping read from a member
  // at construction, `cyclic(K)`): those reads stay element reads of their
  // own.
  llvm::erase_if(C.P.OwnerValues, [&](const OwnerValue &V) {
    for (const ElementAccess &El : C.P.Elements)
      if (std::find(V.Reads.begin(), V.Reads.end(), El.Expr) != V.Reads.end() &&
          ThroughObject.count(
              dyn_cast<DeclRefExpr>(El.Subs.base()->IgnoreParenImpCasts())))
        return true;
    return false;
  });
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
