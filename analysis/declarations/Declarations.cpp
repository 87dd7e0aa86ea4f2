//===- analysis/declarations/Declarations.cpp - declarative directives ----===//
//
// processors, distribute and dynamic in source order, then redistribute:
// each folded and checked against the HPF rules and the plan library, and
// recorded in the Program (arrangements, distributed arrays, their
// mappings, redistributions).
//
//===----------------------------------------------------------------------===//
#include "Expressions.h"
#include "Phases.h"
#include "declarations/DeclGroup.h"
#include "declarations/Members.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/StringExtras.h"

#include <algorithm>

using namespace clang;

namespace hpf::analysis {

using pragma::Directive;
using pragma::DirectiveKind;
using pragma::FormatKind;

namespace {

/// Every scalar in V is zero with all bits clear (+0.0, not -0.0).
bool zeroBits(const APValue &V) {
  switch (V.getKind()) {
  case APValue::Int:
    return V.getInt().isZero();
  case APValue::Float:
    return V.getFloat().isPosZero();
  case APValue::ComplexInt:
    return V.getComplexIntReal().isZero() && V.getComplexIntImag().isZero();
  case APValue::ComplexFloat:
    return V.getComplexFloatReal().isPosZero() &&
           V.getComplexFloatImag().isPosZero();
  case APValue::Struct:
    for (unsigned I = 0; I < V.getStructNumBases(); ++I)
      if (!zeroBits(V.getStructBase(I)))
        return false;
    for (unsigned I = 0; I < V.getStructNumFields(); ++I)
      if (!zeroBits(V.getStructField(I)))
        return false;
    return true;
  case APValue::Array:
    for (unsigned I = 0; I < V.getArrayInitializedElts(); ++I)
      if (!zeroBits(V.getArrayInitializedElt(I)))
        return false;
    return !V.hasArrayFiller() || zeroBits(V.getArrayFiller());
  default:
    return false; // unions, pointers, members: not known to be zero bytes
  }
}

/// The default construction of one element (the array's construction Init,
/// whose arguments are the constructor's defaults) is a constant whose
/// bytes are all zero: what a distributed element starts as.
bool zeroConstruction(ASTContext &Ctx, const CXXConstructExpr *Init,
                      QualType Elem) {
  if (!Init->getConstructor()->isConstexpr())
    return false;
  std::vector<Expr *> Args;
  for (const Expr *A : Init->arguments())
    Args.push_back(const_cast<Expr *>(A));
  const CXXConstructExpr *One = CXXConstructExpr::Create(
      Ctx, Elem, Init->getLocation(), Init->getConstructor(),
      /*Elidable=*/false, Args, Init->hadMultipleCandidates(),
      /*ListInitialization=*/false, /*StdInitListInitialization=*/false,
      Init->requiresZeroInitialization(), CXXConstructionKind::Complete,
      Init->getParenOrBraceRange());
  Expr::EvalResult Result;
  return One->EvaluateAsRValue(Result, Ctx, /*InConstantContext=*/true) &&
         !Result.HasSideEffects && zeroBits(Result.Val);
}

} // namespace

void Declarations::declare() {
  for (const ParsedDirective &D : State.Directives) {
    switch (D.Dir.Kind) {
    case DirectiveKind::Processors:
      processors(D);
      break;
    case DirectiveKind::Distribute:
      distribute(D);
      break;
    case DirectiveKind::Dynamic:
      dynamic(D);
      break;
    default:
      break;
    }
  }
}

void Declarations::markDynamic() {
  for (const auto &[VD, Dir] : DynamicDirs) {
    auto It = P.ArrayByVar.find(VD);
    if (It == P.ArrayByVar.end()) {
      const ParsedDirective &D = State.Directives[Dir];
      R.error(D.HashLoc, "dynamic array '" + VD->getName().str() +
                             "' has no distribute directive");
      continue;
    }
    It->second->Dynamic = true;
  }
}

bool Declarations::anchoredArray(const ParsedDirective &D, const Anchor *&A,
                                 const VarDecl *&VD) {
  A = C.anchorOf(D);
  if (!A)
    return false;
  VD = C.slotVar(D, D.Dir.Array.Tok, "an array");
  return VD != nullptr;
}

void Declarations::processors(const ParsedDirective &D) {
  const Anchor *A = C.anchorOf(D);
  if (!A)
    return;
  const Directive &Dir = D.Dir;
  if (auto It = P.ArrangementByName.find(Dir.ProcName.Name);
      It != P.ArrangementByName.end()) {
    R.error(D.locOf(Dir.ProcName.Tok), "processor arrangement '" +
                                           Dir.ProcName.Name +
                                           "' is already declared");
    R.note(State.Directives[It->second->DirId].HashLoc,
           "previous declaration is here");
    return;
  }
  auto Arr = std::make_unique<Arrangement>();
  Arr->Name = Dir.ProcName.Name;
  Arr->DirId = D.Id;
  bool Ok = true;
  for (const pragma::Extent &E : Dir.Extents) {
    if (E.Star) {
      // In a grid, '*' extents are chosen at run time from the rank count
      // (hpf::processors::fitted, like MPI_Dims_create).
      Arr->Extents.push_back(Value{std::nullopt, "*"});
      continue;
    }
    Value V = C.foldValue(D, E.Expr, "a processor count", Ok);
    if (V.Const && *V.Const < 1) {
      R.error(D.locOf(E.Expr.Begin),
              "processor count must be at least 1, got " +
                  std::to_string(*V.Const));
      Ok = false;
    }
    Arr->Extents.push_back(V);
  }
  if (!Ok)
    return;
  // Name of the generated variable: qualified at namespace scope so that
  // uses in other namespaces find it.
  std::string Var = "__hpf_procs_" + Arr->Name;
  if (A->Context->isFunctionOrMethod()) {
    Arr->CxxName = Var;
    Arr->Local = true;
  } else {
    std::string Q;
    bool Anonymous = false;
    for (const DeclContext *DC = A->Context; DC && !DC->isTranslationUnit();
         DC = DC->getParent()) {
      if (const auto *NS = dyn_cast<NamespaceDecl>(DC)) {
        if (NS->isAnonymousNamespace())
          Anonymous = true;
        else
          Q = NS->getName().str() + "::" + Q;
      } else if (!isa<LinkageSpecDecl>(DC)) {
        Anonymous = true;
      }
    }
    Arr->CxxName = Anonymous || Q.empty() ? Var : "::" + Q + Var;
  }
  P.ArrangementByName[Arr->Name] = Arr.get();
  P.Arrangements.push_back(std::move(Arr));
}

bool Declarations::makeMapping(const ParsedDirective &PD,
                               const DistArray *Array, Mapping &M,
                               const Arrangement *DefaultOnto) {
  const Directive &D = PD.Dir;
  bool Ok = true;
  M.Onto = DefaultOnto;
  const std::size_t Rank = Array->Extents.size();
  const bool OneD = Rank == 1;
  if (D.Formats.size() != Rank) {
    R.error(PD.locOf(D.Formats[std::min(Rank, D.Formats.size() - 1)].Tok),
            "'" + Array->Name + "' " +
                (OneD ? std::string("is one-dimensional")
                      : "has " + std::to_string(Rank) + " dimensions") +
                " but " + std::to_string(D.Formats.size()) +
                " distribution formats are given");
    return false;
  }
  // The non-collapsed dimensions take the grid dimensions in order.
  std::vector<std::size_t> Distributed;
  for (std::size_t I = 0; I < Rank; ++I)
    if (D.Formats[I].Kind != FormatKind::Collapsed)
      Distributed.push_back(I);
  if (Distributed.empty()) {
    R.error(PD.locOf(D.Formats[0].Tok),
            OneD ? "'*' leaves the only dimension of '" + Array->Name +
                       "' undistributed; remove the directive to keep the "
                       "array replicated"
                 : "'*' in every dimension leaves '" + Array->Name +
                       "' undistributed; remove the directive to keep the "
                       "array replicated");
    return false;
  }
  auto DimsText = [](std::size_t K) {
    return K == 1 ? std::string("one distributed dimension")
                  : std::to_string(K) + " distributed dimensions";
  };
  if (D.HasOnto) {
    auto It = P.ArrangementByName.find(D.Onto.Name);
    if (It == P.ArrangementByName.end()) {
      std::string Msg = "unknown processor arrangement '" + D.Onto.Name + "'";
      auto DB = R.error(PD.locOf(D.Onto.Tok), Msg);
      if (P.ArrangementByName.size() == 1)
        DB << FixItHint::CreateReplacement(
            CharSourceRange::getTokenRange(PD.locOf(D.Onto.Tok)),
            P.ArrangementByName.begin()->first);
      return false;
    }
    M.Onto = It->second;
    // A function-local arrangement is only visible inside its function.
    const Anchor &ArrA = P.Anchors[M.Onto->DirId];
    const Anchor &UseA = P.Anchors[PD.Id];
    if (ArrA.Context->isFunctionOrMethod() && ArrA.Context != UseA.Context) {
      R.error(PD.locOf(D.Onto.Tok), "processor arrangement '" + D.Onto.Name +
                                        "' is declared in another function");
      return false;
    }
  }
  if (M.Onto && M.Onto->Extents.size() != Distributed.size()) {
    R.error(PD.locOf(D.HasOnto ? D.Onto.Tok : D.Array.Tok),
            "processor arrangement " + M.Onto->describe() + " has rank " +
                std::to_string(M.Onto->Extents.size()) + " but '" +
                Array->Name + "' has " + DimsText(Distributed.size()) +
                (D.HasOnto ? ""
                           : " (without 'onto' the array stays on the "
                             "arrangement of its distribute directive)"));
    return false;
  }
  if (!M.Onto && Distributed.size() > 1) {
    R.error(PD.locOf(D.Formats[Distributed[1]].Tok),
            "'" + Array->Name + "' has " + DimsText(Distributed.size()) +
                ": distribute it onto a processor arrangement of rank " +
                std::to_string(Distributed.size()) +
                " ('onto G' with '#pragma hpf processors G(p, q)'); "
                "without 'onto' only one dimension can be distributed, over "
                "all ranks");
    return false;
  }
  for (std::size_t I = 0; I < Rank; ++I) {
    const pragma::Format &F = D.Formats[I];
    const Index Extent = Array->Extents[I];
    // The processors of this dimension: its grid dimension's extent (-1:
    // not known at compile time).
    Index NProcs = -1;
    std::string Over = M.Onto ? M.Onto->describe() : std::string("all ranks");
    if (M.Onto && F.Kind != FormatKind::Collapsed) {
      std::size_t G = static_cast<std::size_t>(
          std::find(Distributed.begin(), Distributed.end(), I) -
          Distributed.begin());
      NProcs = M.Onto->Extents[G].Const.value_or(-1);
      if (M.Onto->Extents.size() > 1)
        Over = "dimension " + std::to_string(G) + " of " + M.Onto->describe();
    }
    const Index *Procs = NProcs > 0 ? &NProcs : nullptr;
    // "'A'" for 1-D, "dimension 1 of 'M'" otherwise.
    std::string Of =
        OneD ? "'" + Array->Name + "'"
             : "dimension " + std::to_string(I) + " of '" + Array->Name + "'";
    FormatValue FV;
    FV.Kind = F.Kind;
    FV.HasParam = F.HasArg;
    switch (F.Kind) {
    case FormatKind::Collapsed:
      break;
    case FormatKind::Block:
    case FormatKind::Cyclic:
      if (F.HasArg) {
        FV.Param = C.foldValue(
            PD, F.Arg,
            F.Kind == FormatKind::Block ? "block size" : "cyclic block size",
            Ok);
        if (!Ok)
          return false;
        if (FV.Param.Const && *FV.Param.Const < 1) {
          R.error(PD.locOf(F.Arg.Begin),
                  std::string(pragma::formatName(F.Kind)) +
                      "(k) needs k >= 1, got " +
                      std::to_string(*FV.Param.Const));
          return false;
        }
        // k < ceil(N / P) rather than k * P < N: k may be near 2^63.
        if (F.Kind == FormatKind::Block && FV.Param.Const && Procs &&
            Extent >= 0 && *FV.Param.Const < (Extent + *Procs - 1) / *Procs) {
          Index Need = (Extent + *Procs - 1) / *Procs;
          auto DB = R.error(
              PD.locOf(F.Arg.Begin),
              "block(" + std::to_string(*FV.Param.Const) + ") onto " + Over +
                  " covers only " + std::to_string(*FV.Param.Const * *Procs) +
                  " of the " + std::to_string(Extent) + " elements of " + Of +
                  "; the block size must be at least " + std::to_string(Need));
          if (F.Arg.End == F.Arg.Begin + 1 &&
              PD.Toks[F.Arg.Begin].Kind == pragma::TokKind::Number)
            DB << FixItHint::CreateReplacement(
                CharSourceRange::getTokenRange(PD.locOf(F.Arg.Begin)),
                std::to_string(Need));
          return false;
        }
      }
      break;
    case FormatKind::GenBlock:
    case FormatKind::Indirect:
      if (!C.foldArray(PD, F.Arg, FV))
        return false;
      if (FV.Values && F.Kind == FormatKind::GenBlock) {
        Index Sum = 0;
        for (Index S : *FV.Values) {
          if (S < 0) {
            R.error(PD.locOf(F.Arg.Begin),
                    "gen_block size " + std::to_string(S) + " is negative");
            return false;
          }
          Sum += S;
        }
        if (Procs && Index(FV.Values->size()) != *Procs) {
          R.error(PD.locOf(F.Arg.Begin),
                  "gen_block has " + std::to_string(FV.Values->size()) +
                      " block sizes but " + Over + " has " +
                      std::to_string(*Procs) + " processors");
          return false;
        }
        if (Sum != Extent && Extent >= 0) {
          R.error(PD.locOf(F.Arg.Begin),
                  "gen_block sizes sum to " + std::to_string(Sum) + " but " +
                      Of + " has " + std::to_string(Extent) + " elements");
          return false;
        }
      }
      if (FV.Values && F.Kind == FormatKind::Indirect) {
        if (Index(FV.Values->size()) != Extent && Extent >= 0) {
          R.error(PD.locOf(F.Arg.Begin),
                  "indirect map has " + std::to_string(FV.Values->size()) +
                      " entries but " + Of + " has " + std::to_string(Extent) +
                      " elements");
          return false;
        }
        for (Index O : *FV.Values)
          if (O < 0 || (Procs && O >= *Procs)) {
            R.error(PD.locOf(F.Arg.Begin),
                    "indirect map names processor " + std::to_string(O) +
                        ", outside " + (M.Onto ? Over : std::string("0..")));
            return false;
          }
      }
      break;
    }
    M.Formats.push_back(FV);
  }
  // Whatever the checks above missed, the plan library has the last word.
  try {
    std::string Why;
    (void)staticDistribution(M, Array->Extents, &Why);
  } catch (const plan::PlanError &E) {
    R.error(PD.locOf(D.Formats[0].Tok), E.what());
    return false;
  }
  return true;
}

void Declarations::distribute(const ParsedDirective &D) {
  const Anchor *A = nullptr;
  const VarDecl *VD = nullptr;
  if (!anchoredArray(D, A, VD))
    return;
  SourceLocation NameLoc = D.locOf(D.Dir.Array.Tok);
  auto Fail = [&](const std::string &M) { R.error(NameLoc, M); };
  const std::string Name = VD->getName().str();
  if (auto It = P.ArrayByVar.find(VD); It != P.ArrayByVar.end()) {
    Fail("'" + Name +
         "' is already distributed (HPF: distribute once, then "
         "redistribute a dynamic array)");
    R.note(State.Directives[It->second->DistributeDir].HashLoc,
           "first distribute directive is here");
    return;
  }
  if (const FieldDecl *FD = memberOf(VD);
      FD && FD->hasInClassInitializer() &&
      vectorElement(VD->getType()).isNull()) {
    Fail("distributed member '" + Name +
         "' cannot have a default member initializer: its elements start "
         "zeroed; initialize them in an independent loop in a constructor");
    return;
  }
  if (VD->isStaticDataMember() && !memberOf(VD)) {
    Fail("'" + Name +
         "' is a static data member: distribute an array declared at "
         "namespace scope instead (one array for the program), or a "
         "non-static member (one per object)");
    return;
  }
  if (isa<ParmVarDecl>(VD) || viewedParameter(VD)) {
    ParamDistributes.push_back(D.Id); // once parameters are bound
    return;
  }
  if (VD->getDeclContext() != A->Context) {
    Fail("distribute '" + Name + "' in the scope where it is declared");
    return;
  }
  if (!SM.isInMainFile(SM.getExpansionLoc(VD->getLocation()))) {
    Fail("'" + Name +
         "' is declared in a header; distributed arrays must be "
         "declared in the main source file");
    return;
  }
  if (VD->hasExternalStorage() || VD->getTLSKind() != VarDecl::TLS_None) {
    Fail("'" + Name + "' must not be extern or thread_local to be distributed");
    return;
  }
  // std::vector<T> A(n), new T[n], std::make_unique<T[]>(n): rank 1, its
  // extent n known at run time.
  QualType VectorElem = vectorElement(VD->getType());
  std::string ExtentText, FillText, Holder = "std::vector";
  if (!VectorElem.isNull() &&
      !(memberOf(VD) ? memberVectorSize(C, D, VD, ExtentText, FillText)
                     : vectorSize(D, VD, ExtentText, FillText)))
    return;
  if (VectorElem.isNull()) {
    bool Failed = false;
    VectorElem = heapArray(D, VD, ExtentText, Holder, Failed);
    if (Failed)
      return;
  }
  const ConstantArrayType *CAT = Ctx.getAsConstantArrayType(VD->getType());
  // std::array<T, N> A: rank 1, extent N, like T A[N] (its operator[]
  // subscripts are elements).
  QualType StdArrayElem;
  Index StdArrayExtent = 0;
  if (const auto *Spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
          VD->getType()->getAsCXXRecordDecl());
      !CAT && Spec && Spec->isInStdNamespace() && Spec->getIdentifier() &&
      Spec->getName() == "array" && Spec->getTemplateArgs().size() == 2) {
    const TemplateArgumentList &Args = Spec->getTemplateArgs();
    StdArrayElem = Args[0].getAsType();
    StdArrayExtent = static_cast<Index>(Args[1].getAsIntegral().getZExtValue());
  }
  if (!CAT && VectorElem.isNull() && StdArrayElem.isNull()) {
    Fail("'" + Name + "' is not an array with a constant extent ('" +
         VD->getType().getAsString() +
         "'); arrays whose extent is known at run time are declared "
         "'std::vector<T> " +
         Name + "(n)', 'T *" + Name + " = new T[n]' or 'auto " + Name +
         " = std::make_unique<T[]>(n)'");
    return;
  }
  // double M[R][C]: extents R, C and element type double.
  std::vector<Index> Extents;
  QualType Elem = VD->getType();
  if (!VectorElem.isNull()) {
    Extents = {-1};
    Elem = VectorElem;
  } else if (!StdArrayElem.isNull()) {
    Extents = {StdArrayExtent};
    Elem = StdArrayElem;
  }
  while (const ConstantArrayType *Dim = Ctx.getAsConstantArrayType(Elem)) {
    Extents.push_back(static_cast<Index>(Dim->getSize().getZExtValue()));
    Elem = Dim->getElementType();
  }
  if (Elem->isArrayType()) {
    Fail("'" + Name + "' has a dimension without a constant extent ('" +
         VD->getType().getAsString() + "')");
    return;
  }
  if (!VectorElem.isNull() && Holder == "std::vector" &&
      Elem->isBooleanType()) {
    Fail("std::vector<bool> packs its elements in bits (its operator[] "
         "returns a proxy): distribute a std::vector<char> instead");
    return;
  }
  if (!Elem.isTriviallyCopyableType(Ctx) || Elem.isConstQualified()) {
    Fail("elements of a distributed array must be trivially copyable and not "
         "const ('" +
         Elem.getAsString() + "')");
    return;
  }
  // `Particle P[N];` of a class type has an implicit default construction
  // as its initializer, with no argument written (a constructor's default
  // arguments, `complex(double re = 0, double im = 0)`, are not written
  // either): no value of the program's, like `double A[N];`. Distributed
  // elements start zeroed, which is the same when that construction is
  // trivial or a constant whose bytes are zero (std::complex).
  const auto *DefaultInit = dyn_cast_or_null<CXXConstructExpr>(VD->getInit());
  if (DefaultInit && (DefaultInit->isListInitialization() ||
                      !std::all_of(DefaultInit->arg_begin(),
                                   DefaultInit->arg_end(), [](const Expr *Arg) {
                                     return isa<CXXDefaultArgExpr>(Arg);
                                   })))
    DefaultInit = nullptr;
  if (DefaultInit && VectorElem.isNull() &&
      !DefaultInit->getConstructor()->isTrivial() &&
      !zeroConstruction(Ctx, DefaultInit, Elem)) {
    Fail("elements of '" + Name +
         "' are initialized by the default "
         "constructor of '" +
         Elem.getAsString(Ctx.getPrintingPolicy()) +
         "' (a default member initializer or a user-provided constructor): "
         "distributed elements start zeroed; initialize them in an "
         "independent loop");
    return;
  }
  // `T A[N] = {}`, `std::array<T, N> A{}`: zero, what distributed elements
  // start as.
  const auto *Empty = dyn_cast_or_null<InitListExpr>(VD->getInit());
  if (Empty && Elem.isTrivialType(Ctx) &&
      std::all_of(Empty->begin(), Empty->end(),
                  [](const Stmt *I) { return isa<ImplicitValueInitExpr>(I); }))
    DefaultInit = nullptr;
  else if (VD->hasInit() && VectorElem.isNull() && !DefaultInit) {
    Fail("distributed array '" + Name +
         "' cannot have an initializer yet; initialize it in an independent "
         "loop");
    return;
  }
  // The declaration is moved to the directive: it must be a declaration of
  // its own (or one the rewrite can split: `double A[N], B[N];`), and for a
  // local array in the same block as the directive.
  SourceLocation Begin = SM.getExpansionLoc(VD->getBeginLoc());
  SourceLocation NameL = SM.getExpansionLoc(VD->getLocation());
  StringRef Before = Lexer::getSourceText(
      CharSourceRange::getCharRange(Begin, NameL), SM, Ctx.getLangOpts());
  std::optional<Token> Next = Lexer::findNextToken(
      SM.getExpansionLoc(VD->getEndLoc()), SM, Ctx.getLangOpts());
  // (`std::array<T, N>` has a comma of its own.)
  const bool Alone =
      (StdArrayElem.isNull() ? !Before.contains(',')
                             : declGroupOf(Ctx, VD).size() < 2) &&
      Next && Next->is(tok::semi);
  if (!Alone && (declGroupOf(Ctx, VD).size() < 2 || !splitDeclGroup(Ctx, VD))) {
    Fail("declare distributed array '" + Name +
         "' in a declaration of its own (this declaration cannot be split: "
         "it is spelled by a macro or defines a type)");
    return;
  }
  if (VD->isLocalVarDecl()) {
    const Stmt *Parent = nullptr;
    for (const DynTypedNode &N : Ctx.getParents(*VD))
      if (const auto *DS = N.get<DeclStmt>())
        for (const DynTypedNode &M : Ctx.getParents(*DS))
          Parent = M.get<CompoundStmt>();
    if (Parent != A->Parent) {
      Fail("distribute '" + Name + "' in the block where it is declared");
      return;
    }
  }

  auto Arr = std::make_unique<DistArray>();
  Arr->Var = VD;
  Arr->Name = Name;
  Arr->Extents = Extents;
  Arr->Extent = 1;
  for (Index E : Extents)
    Arr->Extent *= E;
  Arr->Vector = !VectorElem.isNull();
  Arr->Holder = !StdArrayElem.isNull() ? "std::array"
                : Arr->Vector          ? Holder
                                       : "";
  Arr->ExtentText = ExtentText;
  Arr->FillText = FillText;
  Arr->DistributeDir = D.Id;
  Arr->ElemType = Elem.getAsString(Ctx.getPrintingPolicy());
  if (TypeSourceInfo *TSI = VD->getTypeSourceInfo())
    if (auto ATL = TSI->getTypeLoc().getAs<ArrayTypeLoc>()) {
      while (auto Inner = ATL.getElementLoc().getAs<ArrayTypeLoc>())
        ATL = Inner;
      SourceRange ER = ATL.getElementLoc().getSourceRange();
      if (ER.isValid() && ER.getBegin().isFileID() && ER.getEnd().isFileID()) {
        StringRef T = Lexer::getSourceText(CharSourceRange::getTokenRange(ER),
                                           SM, Ctx.getLangOpts());
        if (!T.empty())
          Arr->ElemType = T.str();
      }
    }
  if (!makeMapping(D, Arr.get(), Arr->Initial))
    return;
  std::string Shape = Arr->Vector ? "n = " + ExtentText + " (at run time)"
                                  : std::to_string(Arr->Extent);
  if (Extents.size() > 1) {
    Shape.clear();
    for (std::size_t I = 0; I < Extents.size(); ++I)
      Shape += (I ? " x " : "") + std::to_string(Extents[I]);
  }
  R.remark(D.HashLoc, "distribute '" + Name + "': " + Arr->Initial.describe() +
                          ", " + Shape + " elements of " + Arr->ElemType);
  P.ArrayByVar[VD] = Arr.get();
  P.Arrays.push_back(std::move(Arr));
}

bool Declarations::vectorSize(const ParsedDirective &D, const VarDecl *VD,
                              std::string &Extent, std::string &Fill) {
  const bool Sized = sizedConstruction(C, VD->getInit(), Extent, Fill);
  const std::string N = VD->getName().str();
  if (!Sized) {
    R.error(D.locOf(D.Dir.Array.Tok),
            "distributed std::vector '" + N +
                "' needs its size where it is declared ('" +
                VD->getType().getAsString(Ctx.getPrintingPolicy()) + " " + N +
                "(n)' or '" + N +
                "(n, v)'): the size is part of the mapping and cannot "
                "change afterwards");
    return false;
  }
  return true;
}

namespace {

/// E without the implicit nodes around it and the moves of a temporary
/// (`std::unique_ptr<T[]> A = std::make_unique<T[]>(n)`).
const Expr *bare(const Expr *E) {
  for (;;) {
    if (!E)
      return nullptr;
    E = E->IgnoreImplicit();
    if (const auto *CE = dyn_cast<CXXConstructExpr>(E);
        CE && CE->getNumArgs() == 1 &&
        (CE->getConstructor()->isMoveConstructor() ||
         CE->getConstructor()->isCopyConstructor())) {
      E = CE->getArg(0);
      continue;
    }
    if (const auto *FC = dyn_cast<CXXFunctionalCastExpr>(E)) {
      E = FC->getSubExpr();
      continue;
    }
    return E;
  }
}

/// `new T[n]` with no initializer, `()` or `{}`: elements zero or
/// indeterminate, which distributed elements' zeros are.
const CXXNewExpr *plainArrayNew(const Expr *E) {
  const auto *New = dyn_cast_or_null<CXXNewExpr>(bare(E));
  if (!New || !New->isArray() || New->getNumPlacementArgs() ||
      !New->getArraySize())
    return nullptr;
  if (const Expr *Init = New->getInitializer()) {
    const auto *List = dyn_cast<InitListExpr>(Init);
    if (!isa<ImplicitValueInitExpr, CXXConstructExpr>(Init) &&
        !(List && List->getNumInits() == 0))
      return nullptr;
  }
  return New;
}

} // namespace

QualType Declarations::heapArray(const ParsedDirective &D, const VarDecl *VD,
                                 std::string &Extent, std::string &Holder,
                                 bool &Failed) {
  auto Text = [&](const Expr *E) { return expansionText(Ctx, E); };
  const std::string N = VD->getName().str();
  const QualType T = VD->getType();
  QualType Elem;
  const Expr *Size = nullptr;
  if (T->isPointerType()) {
    Elem = T->getPointeeType();
    Holder = "new[]";
    if (const CXXNewExpr *New = plainArrayNew(VD->getInit());
        New && Ctx.hasSameType(New->getAllocatedType(), Elem))
      Size = *New->getArraySize();
  } else if (const auto *Spec =
                 dyn_cast_or_null<ClassTemplateSpecializationDecl>(
                     T->getAsCXXRecordDecl());
             Spec && Spec->isInStdNamespace() && Spec->getIdentifier() &&
             Spec->getName() == "unique_ptr" &&
             Spec->getTemplateArgs()[0].getKind() == TemplateArgument::Type &&
             Spec->getTemplateArgs()[0].getAsType()->isIncompleteArrayType()) {
    Elem = Ctx.getAsArrayType(Spec->getTemplateArgs()[0].getAsType())
               ->getElementType();
    Holder = "std::unique_ptr";
    // `std::unique_ptr<T[]> A(new T[n])`, or std::make_unique<T[]>(n).
    const Expr *Init = bare(VD->getInit());
    if (const auto *CE = dyn_cast_or_null<CXXConstructExpr>(Init);
        CE && CE->getNumArgs() >= 1)
      if (const CXXNewExpr *New = plainArrayNew(CE->getArg(0)))
        Size = *New->getArraySize();
    if (const auto *Call = dyn_cast_or_null<CallExpr>(Init)) {
      const FunctionDecl *F = Call->getDirectCallee();
      if (F && F->isInStdNamespace() && F->getIdentifier() &&
          (F->getName() == "make_unique" ||
           F->getName() == "make_unique_for_overwrite") &&
          Call->getNumArgs() == 1)
        Size = Call->getArg(0);
    }
  } else {
    return QualType();
  }
  if (!Size) {
    R.error(D.locOf(D.Dir.Array.Tok),
            "distributed '" + N + "' ('" +
                T.getAsString(Ctx.getPrintingPolicy()) +
                "') needs its elements where it is declared, as '" +
                (Holder == "new[]" ? "new T[n]" : "std::make_unique<T[]>(n)") +
                "' (no initial values, no placement): the extent is part of "
                "the mapping and cannot change afterwards");
    Failed = true;
    return QualType();
  }
  Extent = Text(Size);
  return Elem;
}

void Declarations::dynamic(const ParsedDirective &D) {
  if (!C.anchorOf(D))
    return;
  for (const pragma::NameRef &N : D.Dir.Arrays)
    if (const VarDecl *VD = C.slotVar(D, N.Tok, "an array"))
      DynamicDirs.emplace(VD, D.Id);
}

void Declarations::redistribute(const ParsedDirective &D) {
  const Anchor *A = nullptr;
  const VarDecl *VD = nullptr;
  if (!anchoredArray(D, A, VD))
    return;
  SourceLocation NameLoc = D.locOf(D.Dir.Array.Tok);
  auto It = P.ArrayByVar.find(VD);
  if (It == P.ArrayByVar.end()) {
    R.error(NameLoc, "'" + VD->getName().str() +
                         "' is not distributed; redistribute needs a "
                         "distribute directive first");
    return;
  }
  DistArray *Arr = It->second;
  if (memberOf(VD)) {
    R.error(NameLoc, "distributed member '" + Arr->Name +
                         "' cannot be redistributed: every object of its "
                         "class has the mapping of its distribute directive "
                         "(the analysis knows it in every member function); "
                         "copy the member into a dynamic array to remap it");
    return;
  }
  if (Arr->Const) {
    R.error(NameLoc, "parameter '" + Arr->Name +
                         "' is const: redistributing it would change the "
                         "caller's array");
    return;
  }
  if (!Arr->Dynamic && Arr->Inherited) {
    R.error(NameLoc, "parameter '" + Arr->Name +
                         "' is not dynamic; HPF allows redistribute only on "
                         "arrays declared dynamic ('#pragma hpf dynamic " +
                         Arr->Name + "' in the function)");
    return;
  }
  if (!Arr->Dynamic) {
    const ParsedDirective &Dist = State.Directives[Arr->DistributeDir];
    auto DB = R.error(NameLoc, "'" + Arr->Name +
                                   "' is not dynamic; HPF allows redistribute "
                                   "only on arrays declared dynamic");
    SourceLocation LineEnd = Dist.EndLoc;
    if (LineEnd.isFileID())
      DB << FixItHint::CreateInsertion(LineEnd,
                                       "\n#pragma hpf dynamic " + Arr->Name);
    return;
  }
  if (!A->Context->isFunctionOrMethod()) {
    R.error(D.HashLoc, "redistribute is executable: place it inside a "
                       "function body");
    return;
  }
  Redistribution RD;
  RD.DirId = D.Id;
  RD.Array = Arr;
  // Without 'onto', the array stays on the arrangement of its distribute
  // directive.
  if (!makeMapping(D, Arr, RD.Target, Arr->Initial.Onto))
    return;
  P.Redistributions.push_back(std::move(RD));
}

} // namespace hpf::analysis
