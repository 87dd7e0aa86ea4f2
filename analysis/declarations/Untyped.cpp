//===- analysis/declarations/Untyped.cpp - void * parameters --------------===//
//
// C-style code passes arrays as `void *` and gives them their shape in the
// callee (NAS FT: `void cffts1(..., void *pointer_x, ...)` and, first in
// its body, `dcomplex (*x)[NY][NX] = (dcomplex (*)[NY][NX])pointer_x;`).
// Such a parameter bound to distributed arrays is an inherited parameter
// like `T (&x)[NZ][NY][NX]`, with the argument's shape, when the body uses
// it in one of two ways:
//   - through one view, a local pointer declared alone from it with an
//     explicit cast (viewedParameter) whose type is a pointer to the
//     argument's rows: its element type and its extents but the first
//     (variable-length extents, `double (*u)[n2][n1]`, checked at run
//     time). The array is then the view (its name, its uses); codegen gives
//     the parameter the view's name and drops the view's declaration, or
//     puts the run-time check of its variable extents in its place;
//   - passed on, to calls only (fft passing its arrays to the passes).
// Any other use, or a view of another shape (a reshape: FT's arrays are
// declared one-dimensional, `dcomplex u0[NTOTAL]`), is an error at the call
// that binds the parameter, saying what to declare.
//
//===----------------------------------------------------------------------===//
#include "Expressions.h"
#include "Phases.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace hpf::analysis {

namespace {

/// How a function's body uses its `void *` parameter.
struct UntypedUses {
  const VarDecl *View = nullptr;
  /// A use that is neither (or a second view, or a view declared with
  /// other variables, or a view and a call passing it on).
  const Expr *Bad = nullptr;
};

UntypedUses untypedUses(const FunctionDecl *F, const ParmVarDecl *PV) {
  struct Finder : RecursiveASTVisitor<Finder> {
    const ParmVarDecl *PV = nullptr;
    const SourceManager *SM = nullptr;
    std::vector<const DeclStmt *> Views;
    std::set<const DeclRefExpr *> Passed;
    bool VisitDeclStmt(DeclStmt *S) {
      for (const Decl *D : S->decls())
        if (const auto *V = dyn_cast<VarDecl>(D); V && viewedParameter(V) == PV)
          Views.push_back(S);
      return true;
    }
    bool VisitCallExpr(CallExpr *E) {
      // Passed on to a function hpfcc rewrites (not the library's memset).
      const FunctionDecl *Callee = E->getDirectCallee();
      if (!Callee || !Callee->getDefinition() ||
          SM->isInSystemHeader(Callee->getLocation()))
        return true;
      for (const Expr *Arg : E->arguments())
        if (const DeclRefExpr *Ref = arrayArgument(Arg);
            Ref && Ref->getDecl() == PV)
          Passed.insert(Ref);
      return true;
    }
  } Find;
  Find.PV = PV;
  Find.SM = &F->getASTContext().getSourceManager();
  Find.TraverseStmt(F->getBody());
  UntypedUses U;
  std::set<const Expr *> ViewInits;
  for (const DeclStmt *S : Find.Views) {
    const VarDecl *V = nullptr;
    for (const Decl *D : S->decls())
      if (const auto *X = dyn_cast<VarDecl>(D); X && viewedParameter(X) == PV)
        V = X;
    const Expr *Init =
        cast<ExplicitCastExpr>(V->getInit()->IgnoreParenImpCasts())
            ->getSubExpr()
            ->IgnoreParenImpCasts();
    ViewInits.insert(Init);
    if (U.View || !S->isSingleDecl()) {
      U.Bad = Init;
      continue;
    }
    U.View = V;
  }
  for (const DeclRefExpr *Ref : refsTo(F->getBody(), PV)) {
    if (ViewInits.count(Ref))
      continue;
    if (Find.Passed.count(Ref) && !U.View)
      continue;
    if (!U.Bad)
      U.Bad = Ref;
  }
  return U;
}

/// `[64][64]`: the extents of A but the first, as a view declares them.
std::string rowsText(const DistArray &A) {
  std::string S;
  for (std::size_t D = 1; D < A.Extents.size(); ++D)
    S += "[" + std::to_string(A.Extents[D]) + "]";
  return S;
}

/// `dcomplex [64][64][64]`.
std::string shapeText(const DistArray &A) {
  return A.ElemType + " [" + std::to_string(A.Extents[0]) + "]" + rowsText(A);
}

} // namespace

bool Functions::bindUntyped(const ParmVarDecl *PV, const FunctionDecl *Def,
                            const DeclRefExpr *Ref, const DistArray &Arg,
                            const VarDecl *&View) {
  const std::string Callee = "'" + Def->getNameAsString() + "'";
  const std::string Param = PV->getName().str();
  const UntypedUses U = untypedUses(Def, PV);
  View = U.View;
  if (U.Bad) {
    const std::string Rows = rowsText(Arg);
    R.error(Ref->getLocation(),
            "distributed array '" + Arg.Name + "' is passed to " + Callee +
                " as 'void *': the function may use parameter '" + Param +
                "' only through one pointer declared alone from it ('" +
                Arg.ElemType + " (*x)" + Rows + " = (" + Arg.ElemType + " (*)" +
                Rows + ")" + Param + ";'), or pass it on to other functions");
    R.note(U.Bad->getExprLoc(), "'" + Param + "' is used here");
    return false;
  }
  if (Arg.runtimeExtent()) {
    R.error(Ref->getLocation(),
            "distributed array '" + Arg.Name + "' is passed to " + Callee +
                " as 'void *', which would lose its extent (known at run "
                "time only): declare the parameter '" +
                Arg.ElemType + " *" + Param + "'");
    return false;
  }
  if (U.View) {
    // The view's rows must be the argument's: extents of a variable-length
    // view (`double (*u)[n2][n1]`, NAS MG) are checked when it is declared
    // (codegen: hpf::check_view_rows), the others here.
    QualType Row;
    const std::vector<ViewDim> Dims = viewDims(Ctx, U.View, Row);
    const std::string Elem =
        Row.getUnqualifiedType().getAsString(Ctx.getPrintingPolicy());
    bool SameRows = Dims.size() + 1 == Arg.Extents.size();
    for (std::size_t D = 0; SameRows && D < Dims.size(); ++D)
      SameRows = Dims[D].Size || Dims[D].Extent == Arg.Extents[D + 1];
    if (Elem != Arg.ElemType || Ctx.getAsArrayType(Row) || !SameRows) {
      R.error(Ref->getLocation(),
              "distributed array '" + Arg.Name + "' (" + shapeText(Arg) +
                  ") is passed to " + Callee +
                  " as 'void *' and used there as '" +
                  U.View->getType().getAsString(Ctx.getPrintingPolicy()) +
                  "': a view of a distributed array must have its element "
                  "type and its extents but the first (declare '" +
                  Arg.Name + "' with the shape the function uses)");
      R.note(U.View->getLocation(), "the view of '" + Param + "'");
      return false;
    }
  }
  // Every call must pass arrays of one shape.
  auto It = P.ArrayByVar.find(U.View ? U.View : PV);
  if (It != P.ArrayByVar.end() && (It->second->Extents != Arg.Extents ||
                                   It->second->ElemType != Arg.ElemType)) {
    R.error(Ref->getLocation(),
            "distributed array '" + Arg.Name + "' (" + shapeText(Arg) +
                ") is passed to " + Callee +
                " as 'void *', which another "
                "call passes a " +
                shapeText(*It->second) +
                " array: an untyped parameter takes arrays of one shape");
    return false;
  }
  return true;
}

DistArray *Functions::untypedArray(const ParmVarDecl *PV, const VarDecl *View,
                                   const DistArray &Arg) {
  const VarDecl *Var = View ? View : PV;
  if (P.ArrayByVar.count(Var))
    return nullptr;
  auto Arr = std::make_unique<DistArray>();
  Arr->Var = Var;
  Arr->Untyped = PV;
  Arr->Name = Var->getName().str();
  Arr->Inherited = true;
  Arr->ElemType = Arg.ElemType;
  Arr->Extents = Arg.Extents;
  Arr->Extent = Arg.Extent;
  Arr->Const = View && Ctx.getBaseElementType(View->getType()->getPointeeType())
                           .isConstQualified();
  DistArray *A = Arr.get();
  P.ArrayByVar[Var] = A;
  P.Arrays.push_back(std::move(Arr));
  return A;
}

const DeclStmt *untypedView(const DistArray &A) {
  if (!A.Untyped || A.Var == A.Untyped)
    return nullptr;
  // A view is declared alone (untypedUses).
  for (const DynTypedNode &N : A.Var->getASTContext().getParents(*A.Var))
    if (const auto *S = N.get<DeclStmt>())
      return S;
  return nullptr;
}

} // namespace hpf::analysis
