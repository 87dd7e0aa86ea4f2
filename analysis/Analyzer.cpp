//===- analysis/Analyzer.cpp - HPF rules, folding, plan decisions
//----------===//
//
// Pass 1 resolves every directive's carriers and checks the declarative
// directives (processors, distribute, dynamic) in source order. Pass 2
// checks redistribute and independent. A flow walk over each function then
// computes, for every redistribute, the array's mapping just before it
// (sound: anything control flow or a call could change is "unknown"), which
// decides between a static plan, a run-time plan and removal.
//
//===----------------------------------------------------------------------===//
#include "Analyzer.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/Diagnostic.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Lex/Lexer.h"

#include <algorithm>
#include <functional>
#include <optional>
#include <set>
#include <tuple>

using namespace clang;

namespace hpf::analysis {

const Expr *Subscripts::base() const { return Levels.front()->getBase(); }
const Expr *Subscripts::sub(std::size_t D) const { return Levels[D]->getIdx(); }

namespace {

/// The chain of subscripts whose outermost ArraySubscriptExpr is E
/// (`M[i][j]`: M[i] then M[i][j]), following bases of array type only, and
/// the variable it starts from (null if it does not start at a variable).
const DeclRefExpr *subscriptChain(const ArraySubscriptExpr *E, Subscripts &S) {
  std::vector<const ArraySubscriptExpr *> Rev;
  for (const ArraySubscriptExpr *Cur = E;;) {
    Rev.push_back(Cur);
    const Expr *B = Cur->getBase()->IgnoreParenImpCasts();
    if (const auto *Inner = dyn_cast<ArraySubscriptExpr>(B);
        Inner && B->getType()->isArrayType()) {
      Cur = Inner;
      continue;
    }
    S.Levels.assign(Rev.rbegin(), Rev.rend());
    return dyn_cast<DeclRefExpr>(B);
  }
}

/// True if every subscript is written `X[k]` (not `k[X]`) outside macros.
bool plainSubscripts(const Subscripts &S) {
  for (const ArraySubscriptExpr *L : S.Levels)
    if (L->getLHS()->IgnoreParenImpCasts() !=
            L->getBase()->IgnoreParenImpCasts() ||
        L->getBeginLoc().isMacroID() || L->getRBracketLoc().isMacroID())
      return false;
  return true;
}

/// "M[i][j]" for messages.
std::string elementSpelling(const DistArray &A, const char *First = "i") {
  std::string S = A.Name;
  static const char *const Names[] = {"i", "j", "k", "l"};
  for (int D = 0; D < A.rank(); ++D)
    S += std::string("[") +
         (A.rank() == 1 ? First
          : D < 4       ? Names[D]
                        : "...") +
         "]";
  return S;
}

using pragma::Directive;
using pragma::DirectiveKind;
using pragma::FormatKind;
using pragma::ParsedDirective;

/// The mapping of each array at a program point (nullopt: unknown).
using FlowState = std::map<DistArray *, std::optional<Mapping>>;

/// Reports the plugin's diagnostics (all through one "%0" format each).
class Reporter {
public:
  Reporter(DiagnosticsEngine &D, bool Remarks) : D(D), Remarks(Remarks) {
    ErrID = D.getCustomDiagID(DiagnosticsEngine::Error, "%0");
    WarnID = D.getCustomDiagID(DiagnosticsEngine::Warning, "%0");
    NoteID = D.getCustomDiagID(DiagnosticsEngine::Note, "%0");
    RemarkID = D.getCustomDiagID(DiagnosticsEngine::Remark, "%0");
  }
  DiagnosticBuilder error(SourceLocation L, const std::string &M) {
    Failed = true;
    DiagnosticBuilder DB = D.Report(L, ErrID);
    DB << M;
    return DB;
  }
  void note(SourceLocation L, const std::string &M) {
    D.Report(L, NoteID) << M;
  }
  void warning(SourceLocation L, const std::string &M) {
    D.Report(L, WarnID) << M;
  }
  void remark(SourceLocation L, const std::string &M) {
    if (Remarks)
      D.Report(L, RemarkID) << M;
  }
  bool failed() const { return Failed; }

private:
  DiagnosticsEngine &D;
  bool Remarks;
  unsigned ErrID, WarnID, NoteID, RemarkID;
  bool Failed = false;
};

/// Finds the carriers and where each directive's anchor sits.
class CarrierCollector : public RecursiveASTVisitor<CarrierCollector> {
public:
  std::map<std::pair<unsigned, unsigned>, const TypeAliasDecl *> Carriers;
  std::map<unsigned, Anchor> Anchors;
  std::map<const Stmt *, unsigned> AnchorStmts;

  bool VisitTypeAliasDecl(TypeAliasDecl *D) {
    if (!D->getIdentifier())
      return true;
    if (auto Key = pragma::parseCarrierName(D->getName().str()))
      Carriers[*Key] = D;
    return true;
  }
  bool VisitCompoundStmt(CompoundStmt *C) {
    unsigned I = 0;
    for (Stmt *S : C->body()) {
      if (auto *DS = dyn_cast<DeclStmt>(S))
        if (DS->isSingleDecl())
          if (auto *TD = dyn_cast<TypeAliasDecl>(DS->getSingleDecl()))
            if (TD->getIdentifier())
              if (auto Key = pragma::parseCarrierName(TD->getName().str()))
                if (Key->second == 0) {
                  Anchors[Key->first] = {TD->getDeclContext(), C, I};
                  AnchorStmts[DS] = Key->first;
                }
      ++I;
    }
    return true;
  }
};

/// The expression a carrier carries (null if Clang rejected it).
const Expr *carriedExpr(const TypeAliasDecl *TD) {
  if (!TD || TD->isInvalidDecl())
    return nullptr;
  QualType T = TD->getUnderlyingType();
  if (T.isNull())
    return nullptr;
  if (const auto *DT = dyn_cast<DecltypeType>(T.getTypePtr()))
    return DT->getUnderlyingExpr()->IgnoreParens();
  return nullptr;
}

bool flattenAPValue(const APValue &V, std::vector<Index> &Out) {
  if (V.isInt()) {
    Out.push_back(V.getInt().getExtValue());
    return true;
  }
  if (V.isArray()) {
    for (unsigned I = 0; I < V.getArraySize(); ++I) {
      const APValue &E = I < V.getArrayInitializedElts()
                             ? V.getArrayInitializedElt(I)
                             : V.getArrayFiller();
      if (!flattenAPValue(E, Out))
        return false;
    }
    return true;
  }
  if (V.isStruct()) {
    if (V.getStructNumBases() != 0)
      return false;
    for (unsigned I = 0; I < V.getStructNumFields(); ++I)
      if (!flattenAPValue(V.getStructField(I), Out))
        return false;
    return true;
  }
  return false;
}

class Analyzer {
public:
  Analyzer(CompilerInstance &CI, ASTContext &Ctx,
           const pragma::PragmaState &State, const Options &Opts, Program &P)
      : CI(CI), Ctx(Ctx), SM(Ctx.getSourceManager()), State(State), Opts(Opts),
        P(P), R(CI.getDiagnostics(), Opts.Remarks) {}

  bool run();

private:
  CompilerInstance &CI;
  ASTContext &Ctx;
  SourceManager &SM;
  const pragma::PragmaState &State;
  const Options &Opts;
  Program &P;
  Reporter R;
  CarrierCollector Carriers;
  std::set<const DeclRefExpr *> AllowedRefs;
  std::map<const VarDecl *, unsigned> DynamicDirs; // first dynamic directive
  std::map<unsigned, std::map<DistArray *, std::optional<Mapping>>> LoopStates;
  std::map<const FunctionDecl *, std::set<DistArray *>> MayRedist;
  std::set<const FunctionDecl *> MayRedistAll;
  /// Independent directives that are inner levels of a loop nest.
  std::set<unsigned> NestInner;

  // --- helpers -----------------------------------------------------------
  const Expr *slotExpr(const ParsedDirective &D, int Slot) {
    if (Slot < 0)
      return nullptr;
    auto It = Carriers.Carriers.find({D.Id, static_cast<unsigned>(Slot)});
    return It == Carriers.Carriers.end() ? nullptr : carriedExpr(It->second);
  }
  SourceLocation tokLoc(const ParsedDirective &D, unsigned Tok) {
    return D.locOf(Tok);
  }
  /// Source text of a token range of a directive, macros unexpanded.
  std::string slotText(const ParsedDirective &D, pragma::TokRange TR) {
    if (TR.empty())
      return "";
    SourceLocation B = SM.getExpansionLoc(D.ClangToks[TR.Begin].getLocation());
    SourceLocation E =
        SM.getExpansionRange(D.ClangToks[TR.End - 1].getLocation()).getEnd();
    CharSourceRange CR = CharSourceRange::getTokenRange(B, E);
    bool Invalid = false;
    StringRef T = Lexer::getSourceText(CR, SM, Ctx.getLangOpts(), &Invalid);
    if (Invalid || T.empty())
      return pragma::spell(D.Toks, TR);
    return T.str();
  }
  const VarDecl *slotVar(const ParsedDirective &D, unsigned NameTok,
                         const char *What) {
    const Expr *E = slotExpr(D, D.slotOfToken(NameTok));
    if (!E)
      return nullptr; // Clang reported why
    const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
    const VarDecl *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
    if (!VD) {
      R.error(tokLoc(D, NameTok), std::string("'") + D.Toks[NameTok].Text +
                                      "' is not a variable; expected " + What);
      return nullptr;
    }
    return VD;
  }

  Value foldValue(const ParsedDirective &D, pragma::TokRange TR,
                  const char *What, bool &Ok);
  bool foldArray(const ParsedDirective &D, pragma::TokRange TR, FormatValue &F);
  bool makeMapping(const ParsedDirective &PD, const DistArray *Array,
                   Mapping &M, const Arrangement *DefaultOnto = nullptr);
  const Anchor *anchorOf(const ParsedDirective &D);

  void processors(const ParsedDirective &D);
  void distribute(const ParsedDirective &D);
  void dynamic(const ParsedDirective &D);
  void redistribute(const ParsedDirective &D);
  void independent(const ParsedDirective &D);
  bool loopShape(const clang::ForStmt *For, NestLevel &Lv);
  void nestHome(OwnerLoop &L);
  void checkNest(OwnerLoop &L);
  void checkUses();
  void flow();
  void decide();
  void checkLoopsAlignment();
  void remarkGathers(const OwnerLoop &L);
  void chooseHalos(OwnerLoop &L,
                   const std::map<DistArray *, std::optional<Mapping>> &St);

  friend class LoopChecker;
  friend class FlowWalker;
};

const Anchor *Analyzer::anchorOf(const ParsedDirective &D) {
  auto CIt = Carriers.Carriers.find({D.Id, 0});
  if (CIt == Carriers.Carriers.end()) {
    if (!CI.getDiagnostics().hasErrorOccurred())
      R.error(D.HashLoc, "this hpf directive is not at a declaration or "
                         "statement position (it must stand on its own "
                         "between declarations or statements)");
    return nullptr;
  }
  const TypeAliasDecl *TD = CIt->second;
  const DeclContext *DC = TD->getDeclContext();
  if (isa<RecordDecl>(DC)) {
    R.error(D.HashLoc, "hpf directives in a class body are not supported; "
                       "place them at namespace or function scope");
    return nullptr;
  }
  if (DC->isDependentContext()) {
    R.error(D.HashLoc, "hpf directives in templates are not supported yet");
    return nullptr;
  }
  if (DC->isFunctionOrMethod()) {
    auto It = Carriers.Anchors.find(D.Id);
    if (It == Carriers.Anchors.end()) {
      R.error(D.HashLoc,
              std::string("an hpf ") + pragma::directiveName(D.Dir.Kind) +
                  " directive cannot be the body of an if, loop or case "
                  "label without braces: it would change the meaning of the "
                  "statement that follows; add braces");
      return nullptr;
    }
    P.Anchors[D.Id] = It->second;
    return &P.Anchors[D.Id];
  }
  P.Anchors[D.Id] = {DC, nullptr, 0};
  return &P.Anchors[D.Id];
}

Value Analyzer::foldValue(const ParsedDirective &D, pragma::TokRange TR,
                          const char *What, bool &Ok) {
  Value V;
  V.Text = slotText(D, TR);
  const Expr *E = slotExpr(D, D.slotOf(TR));
  if (!E) {
    Ok = false;
    return V;
  }
  if (E->isTypeDependent() || !E->getType()->isIntegralOrEnumerationType()) {
    R.error(tokLoc(D, TR.Begin), std::string(What) +
                                     " must be an integer expression, found '" +
                                     E->getType().getAsString() + "'");
    Ok = false;
    return V;
  }
  if (std::optional<llvm::APSInt> I = E->getIntegerConstantExpr(Ctx)) {
    V.Const = I->getExtValue();
    return V;
  }
  Expr::EvalResult ER;
  if (!E->isValueDependent() && E->EvaluateAsInt(ER, Ctx)) {
    V.Const = ER.Val.getInt().getExtValue();
    return V;
  }
  return V;
}

bool Analyzer::foldArray(const ParsedDirective &D, pragma::TokRange TR,
                         FormatValue &F) {
  F.Param.Text = slotText(D, TR);
  const Expr *E = slotExpr(D, D.slotOf(TR));
  if (!E)
    return false;
  QualType T = E->getType().getNonReferenceType();
  if (!T->isArrayType() && !T->isRecordType()) {
    R.error(tokLoc(D, TR.Begin),
            std::string(pragma::formatName(F.Kind)) +
                " needs an array (or std::array / std::vector) of integers, "
                "found '" +
                E->getType().getAsString() + "'");
    return false;
  }
  // The elements must be integers (a double would be truncated silently):
  // C arrays by their element type, std::array / std::vector (any range)
  // by their value_type.
  QualType Elem;
  if (T->isArrayType()) {
    Elem = Ctx.getAsArrayType(T)->getElementType();
  } else if (const CXXRecordDecl *RD = T->getAsCXXRecordDecl()) {
    for (const NamedDecl *ND : RD->lookup(&Ctx.Idents.get("value_type")))
      if (const auto *TD = dyn_cast<TypedefNameDecl>(ND))
        Elem = TD->getUnderlyingType();
  }
  if (Elem.isNull() || !Elem.getCanonicalType()->isIntegerType() ||
      Elem.getCanonicalType()->isBooleanType()) {
    R.error(tokLoc(D, TR.Begin),
            std::string(pragma::formatName(F.Kind)) + " needs integer " +
                (F.Kind == FormatKind::GenBlock ? "block sizes" : "owners") +
                ", but '" + F.Param.Text + "' is '" +
                E->getType().getAsString(Ctx.getPrintingPolicy()) + "'" +
                (Elem.isNull()
                     ? std::string(" (no element type)")
                     : " with '" + Elem.getAsString(Ctx.getPrintingPolicy()) +
                           "' elements"));
    return false;
  }
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts()))
    if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()))
      if (VD->getType().isConstQualified() || VD->isConstexpr())
        if (VD->getAnyInitializer())
          if (const APValue *AV = VD->evaluateValue()) {
            std::vector<Index> Vals;
            if (flattenAPValue(*AV, Vals))
              F.Values = std::move(Vals);
          }
  return true;
}

void Analyzer::processors(const ParsedDirective &D) {
  const Anchor *A = anchorOf(D);
  if (!A)
    return;
  const Directive &Dir = D.Dir;
  if (auto It = P.ArrangementByName.find(Dir.ProcName.Name);
      It != P.ArrangementByName.end()) {
    R.error(tokLoc(D, Dir.ProcName.Tok), "processor arrangement '" +
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
      if (Dir.Extents.size() > 1) {
        R.error(tokLoc(D, E.Tok),
                "'*' (all ranks) is only allowed in a one-dimensional "
                "processor arrangement; give every extent of '" +
                    Arr->Name + "'");
        Ok = false;
      }
      Arr->Extents.push_back(Value{std::nullopt, "*"});
      continue;
    }
    Value V = foldValue(D, E.Expr, "a processor count", Ok);
    if (V.Const && *V.Const < 1) {
      R.error(tokLoc(D, E.Expr.Begin),
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
  } else {
    std::string Q;
    bool Anonymous = false;
    for (const DeclContext *C = A->Context; C && !C->isTranslationUnit();
         C = C->getParent()) {
      if (const auto *NS = dyn_cast<NamespaceDecl>(C)) {
        if (NS->isAnonymousNamespace())
          Anonymous = true;
        else
          Q = NS->getName().str() + "::" + Q;
      } else if (!isa<LinkageSpecDecl>(C)) {
        Anonymous = true;
      }
    }
    Arr->CxxName = Anonymous || Q.empty() ? Var : "::" + Q + Var;
  }
  P.ArrangementByName[Arr->Name] = Arr.get();
  P.Arrangements.push_back(std::move(Arr));
}

bool Analyzer::makeMapping(const ParsedDirective &PD, const DistArray *Array,
                           Mapping &M, const Arrangement *DefaultOnto) {
  const Directive &D = PD.Dir;
  bool Ok = true;
  M.Onto = DefaultOnto;
  const std::size_t Rank = Array->Extents.size();
  const bool OneD = Rank == 1;
  if (D.Formats.size() != Rank) {
    R.error(tokLoc(PD, D.Formats[std::min(Rank, D.Formats.size() - 1)].Tok),
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
    R.error(tokLoc(PD, D.Formats[0].Tok),
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
      auto DB = R.error(tokLoc(PD, D.Onto.Tok), Msg);
      if (P.ArrangementByName.size() == 1)
        DB << FixItHint::CreateReplacement(
            CharSourceRange::getTokenRange(tokLoc(PD, D.Onto.Tok)),
            P.ArrangementByName.begin()->first);
      return false;
    }
    M.Onto = It->second;
    // A function-local arrangement is only visible inside its function.
    const Anchor &ArrA = P.Anchors[M.Onto->DirId];
    const Anchor &UseA = P.Anchors[PD.Id];
    if (ArrA.Context->isFunctionOrMethod() && ArrA.Context != UseA.Context) {
      R.error(tokLoc(PD, D.Onto.Tok), "processor arrangement '" + D.Onto.Name +
                                          "' is declared in another function");
      return false;
    }
  }
  if (M.Onto && M.Onto->Extents.size() != Distributed.size()) {
    R.error(tokLoc(PD, D.HasOnto ? D.Onto.Tok : D.Array.Tok),
            "processor arrangement " + M.Onto->describe() + " has rank " +
                std::to_string(M.Onto->Extents.size()) + " but '" +
                Array->Name + "' has " + DimsText(Distributed.size()) +
                (D.HasOnto ? ""
                           : " (without 'onto' the array stays on the "
                             "arrangement of its distribute directive)"));
    return false;
  }
  if (!M.Onto && Distributed.size() > 1) {
    R.error(tokLoc(PD, D.Formats[Distributed[1]].Tok),
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
        FV.Param = foldValue(PD, F.Arg,
                             F.Kind == FormatKind::Block ? "block size"
                                                         : "cyclic block size",
                             Ok);
        if (!Ok)
          return false;
        if (FV.Param.Const && *FV.Param.Const < 1) {
          R.error(tokLoc(PD, F.Arg.Begin),
                  std::string(pragma::formatName(F.Kind)) +
                      "(k) needs k >= 1, got " +
                      std::to_string(*FV.Param.Const));
          return false;
        }
        if (F.Kind == FormatKind::Block && FV.Param.Const && Procs &&
            *FV.Param.Const * *Procs < Extent) {
          Index Need = (Extent + *Procs - 1) / *Procs;
          auto DB = R.error(
              tokLoc(PD, F.Arg.Begin),
              "block(" + std::to_string(*FV.Param.Const) + ") onto " + Over +
                  " covers only " + std::to_string(*FV.Param.Const * *Procs) +
                  " of the " + std::to_string(Extent) + " elements of " + Of +
                  "; the block size must be at least " + std::to_string(Need));
          if (F.Arg.End == F.Arg.Begin + 1 &&
              PD.Toks[F.Arg.Begin].Kind == pragma::TokKind::Number)
            DB << FixItHint::CreateReplacement(
                CharSourceRange::getTokenRange(tokLoc(PD, F.Arg.Begin)),
                std::to_string(Need));
          return false;
        }
      }
      break;
    case FormatKind::GenBlock:
    case FormatKind::Indirect:
      if (!foldArray(PD, F.Arg, FV))
        return false;
      if (FV.Values && F.Kind == FormatKind::GenBlock) {
        Index Sum = 0;
        for (Index S : *FV.Values) {
          if (S < 0) {
            R.error(tokLoc(PD, F.Arg.Begin),
                    "gen_block size " + std::to_string(S) + " is negative");
            return false;
          }
          Sum += S;
        }
        if (Procs && Index(FV.Values->size()) != *Procs) {
          R.error(tokLoc(PD, F.Arg.Begin),
                  "gen_block has " + std::to_string(FV.Values->size()) +
                      " block sizes but " + Over + " has " +
                      std::to_string(*Procs) + " processors");
          return false;
        }
        if (Sum != Extent) {
          R.error(tokLoc(PD, F.Arg.Begin),
                  "gen_block sizes sum to " + std::to_string(Sum) + " but " +
                      Of + " has " + std::to_string(Extent) + " elements");
          return false;
        }
      }
      if (FV.Values && F.Kind == FormatKind::Indirect) {
        if (Index(FV.Values->size()) != Extent) {
          R.error(tokLoc(PD, F.Arg.Begin),
                  "indirect map has " + std::to_string(FV.Values->size()) +
                      " entries but " + Of + " has " + std::to_string(Extent) +
                      " elements");
          return false;
        }
        for (Index O : *FV.Values)
          if (O < 0 || (Procs && O >= *Procs)) {
            R.error(tokLoc(PD, F.Arg.Begin),
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
    if (OneD)
      (void)staticDistribution(M, Array->Extent, &Why);
    else
      (void)staticDistributionND(M, Array->Extents, &Why);
  } catch (const plan::PlanError &E) {
    R.error(tokLoc(PD, D.Formats[0].Tok), E.what());
    return false;
  }
  return true;
}

void Analyzer::distribute(const ParsedDirective &D) {
  const Anchor *A = anchorOf(D);
  if (!A)
    return;
  const VarDecl *VD = slotVar(D, D.Dir.Array.Tok, "an array");
  if (!VD)
    return;
  SourceLocation NameLoc = tokLoc(D, D.Dir.Array.Tok);
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
  if (isa<ParmVarDecl>(VD)) {
    Fail("'" + Name +
         "' is a function parameter; distribute the array "
         "where it is declared");
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
  const ConstantArrayType *CAT = Ctx.getAsConstantArrayType(VD->getType());
  if (!CAT) {
    Fail("'" + Name + "' is not an array with a constant extent ('" +
         VD->getType().getAsString() + "')");
    return;
  }
  // double M[R][C]: extents R, C and element type double.
  std::vector<Index> Extents;
  QualType Elem = VD->getType();
  while (const ConstantArrayType *Dim = Ctx.getAsConstantArrayType(Elem)) {
    Extents.push_back(static_cast<Index>(Dim->getSize().getZExtValue()));
    Elem = Dim->getElementType();
  }
  if (Elem->isArrayType()) {
    Fail("'" + Name + "' has a dimension without a constant extent ('" +
         VD->getType().getAsString() + "')");
    return;
  }
  if (!Elem.isTriviallyCopyableType(Ctx) || Elem.isConstQualified()) {
    Fail("elements of a distributed array must be trivially copyable and not "
         "const ('" +
         Elem.getAsString() + "')");
    return;
  }
  if (VD->hasInit()) {
    Fail("distributed array '" + Name +
         "' cannot have an initializer yet; initialize it in an independent "
         "loop");
    return;
  }
  // The declaration is moved to the directive: it must be a declaration of
  // its own, and for a local array in the same block as the directive.
  SourceLocation Begin = SM.getExpansionLoc(VD->getBeginLoc());
  SourceLocation NameL = SM.getExpansionLoc(VD->getLocation());
  StringRef Before = Lexer::getSourceText(
      CharSourceRange::getCharRange(Begin, NameL), SM, Ctx.getLangOpts());
  std::optional<Token> Next = Lexer::findNextToken(
      SM.getExpansionLoc(VD->getEndLoc()), SM, Ctx.getLangOpts());
  if (Before.contains(',') || !Next || !Next->is(tok::semi)) {
    Fail("declare distributed array '" + Name +
         "' in a declaration of its own");
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
  std::string Shape = std::to_string(Arr->Extent);
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

void Analyzer::dynamic(const ParsedDirective &D) {
  if (!anchorOf(D))
    return;
  for (const pragma::NameRef &N : D.Dir.Arrays)
    if (const VarDecl *VD = slotVar(D, N.Tok, "an array"))
      DynamicDirs.emplace(VD, D.Id);
}

void Analyzer::redistribute(const ParsedDirective &D) {
  const Anchor *A = anchorOf(D);
  if (!A)
    return;
  const VarDecl *VD = slotVar(D, D.Dir.Array.Tok, "an array");
  if (!VD)
    return;
  SourceLocation NameLoc = tokLoc(D, D.Dir.Array.Tok);
  auto It = P.ArrayByVar.find(VD);
  if (It == P.ArrayByVar.end()) {
    R.error(NameLoc, "'" + VD->getName().str() +
                         "' is not distributed; redistribute needs a "
                         "distribute directive first");
    return;
  }
  DistArray *Arr = It->second;
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

// --- independent loops -----------------------------------------------------

/// Checks the body of an owner-computes loop and collects its accesses.
/// True if E (skipping parentheses) is only read: its parent converts it to
/// an rvalue. Anything else (assignment, ++, reference, address) may write.
static bool onlyRead(ASTContext &Ctx, const Expr *E) {
  const Stmt *Child = E;
  for (;;) {
    auto Ps = Ctx.getParents(*Child);
    const Stmt *Par = Ps.empty() ? nullptr : Ps[0].get<Stmt>();
    if (Par && isa<ParenExpr>(Par)) {
      Child = Par;
      continue;
    }
    const auto *IC = dyn_cast_or_null<ImplicitCastExpr>(Par);
    return IC && IC->getCastKind() == CK_LValueToRValue;
  }
}

/// c if E is `i + c`, `c + i` or `i - c` for the variable I and a constant c.
static std::optional<int64_t> offsetFrom(ASTContext &Ctx, const Expr *E,
                                         const VarDecl *I) {
  E = E->IgnoreParenImpCasts();
  auto IsI = [&](const Expr *X) {
    const auto *D = dyn_cast<DeclRefExpr>(X->IgnoreParenImpCasts());
    return D && D->getDecl() == I;
  };
  auto Const = [&](const Expr *X) -> std::optional<int64_t> {
    if (X->isValueDependent())
      return std::nullopt;
    if (auto V = X->getIntegerConstantExpr(Ctx))
      return V->getExtValue();
    return std::nullopt;
  };
  const auto *BO = dyn_cast<BinaryOperator>(E);
  if (!BO)
    return std::nullopt;
  if (BO->getOpcode() == BO_Add) {
    if (IsI(BO->getLHS()))
      return Const(BO->getRHS());
    if (IsI(BO->getRHS()))
      return Const(BO->getLHS());
  }
  if (BO->getOpcode() == BO_Sub && IsI(BO->getLHS()))
    if (auto C = Const(BO->getRHS()))
      return -*C;
  return std::nullopt;
}

class LoopChecker : public RecursiveASTVisitor<LoopChecker> {
public:
  LoopChecker(Analyzer &A, OwnerLoop &L, const ParsedDirective &D)
      : A(A), L(L), D(D) {
    for (std::size_t K = 1; K < L.Levels.size(); ++K) {
      LevelFors.insert(L.Levels[K].For);
      LevelVars.insert(L.Levels[K].IndVar);
    }
  }

  bool shouldTraversePostOrder() const { return false; }

  bool TraverseTypeAliasDecl(TypeAliasDecl *TD) {
    if (TD->getIdentifier() && pragma::parseCarrierName(TD->getName().str()))
      return true; // an inner level's directive
    return RecursiveASTVisitor::TraverseTypeAliasDecl(TD);
  }

  bool TraverseLambdaExpr(LambdaExpr *LE) {
    ++LambdaDepth;
    bool Ok = RecursiveASTVisitor::TraverseLambdaExpr(LE);
    --LambdaDepth;
    return Ok;
  }
  bool TraverseForStmt(ForStmt *S) { return loop(S); }
  bool TraverseWhileStmt(WhileStmt *S) { return loop(S); }
  bool TraverseDoStmt(DoStmt *S) { return loop(S); }
  bool TraverseCXXForRangeStmt(CXXForRangeStmt *S) { return loop(S); }
  bool TraverseSwitchStmt(SwitchStmt *S) {
    ++SwitchDepth;
    bool Ok = RecursiveASTVisitor::TraverseSwitchStmt(S);
    --SwitchDepth;
    return Ok;
  }

  bool VisitBreakStmt(BreakStmt *S) {
    if (LambdaDepth == 0 && LoopDepth == 0 && SwitchDepth == 0)
      report(S->getBeginLoc(), "'break' cannot leave an independent loop");
    return true;
  }
  bool VisitReturnStmt(ReturnStmt *S) {
    if (LambdaDepth == 0)
      report(S->getBeginLoc(), "'return' cannot leave an independent loop");
    return true;
  }
  bool VisitGotoStmt(GotoStmt *S) {
    report(S->getBeginLoc(), "'goto' is not allowed in an independent loop");
    return true;
  }

  bool VisitArraySubscriptExpr(ArraySubscriptExpr *E) {
    if (Inner.count(E))
      return true;
    Subscripts S;
    const DeclRefExpr *Base = subscriptChain(E, S);
    if (!Base)
      return true;
    const auto *VD = dyn_cast<VarDecl>(Base->getDecl());
    auto It = A.P.ArrayByVar.find(VD);
    if (It == A.P.ArrayByVar.end())
      return true;
    Inner.insert(S.Levels.begin(), S.Levels.end() - 1);
    if (It->second->rank() > 1 || L.ND)
      return element(E, S, Base, It->second);
    const auto *Idx = dyn_cast<DeclRefExpr>(E->getIdx()->IgnoreParenImpCasts());
    if (!Idx || Idx->getDecl() != L.IndVar) {
      if (onlyRead(A.Ctx, E) && !E->getBeginLoc().isMacroID()) {
        A.AllowedRefs.insert(Base);
        L.Gathers.push_back({E, It->second});
        return true;
      }
      A.R.error(E->getIdx()->getBeginLoc(),
                "subscript of distributed array '" + It->second->Name +
                    "' must be the loop index '" + L.IndVar->getName().str() +
                    "' where it is written (other subscripts can only be "
                    "read)");
      A.AllowedRefs.insert(Base); // reported once, here
      return true;
    }
    A.AllowedRefs.insert(Base);
    L.Accesses.push_back({E, It->second});
    return true;
  }

  bool VisitBinaryOperator(BinaryOperator *E) {
    if (E->isAssignmentOp())
      write(E->getLHS(), E, E->getOpcode(), E->getRHS());
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *E) {
    if (E->isIncrementDecrementOp())
      write(E->getSubExpr(), E,
            E->isIncrementOp() ? BO_AddAssign : BO_SubAssign, nullptr);
    return true;
  }
  bool VisitCXXOperatorCallExpr(CXXOperatorCallExpr *E) {
    if (E->isAssignmentOp() && E->getNumArgs() >= 1)
      write(E->getArg(0), E, BO_Assign, nullptr);
    return true;
  }
  bool VisitCXXMemberCallExpr(CXXMemberCallExpr *E) {
    const CXXMethodDecl *M = E->getMethodDecl();
    if (!M || M->isConst() || M->isStatic())
      return true;
    const Expr *Obj = E->getImplicitObjectArgument();
    if (const VarDecl *VD = baseVar(Obj); VD && outside(VD))
      report(E->getExprLoc(), "non-const member function '" +
                                  M->getNameAsString() + "' called on '" +
                                  VD->getName().str() +
                                  "', declared outside the independent "
                                  "loop: each rank would change its own "
                                  "copy differently");
    return true;
  }
  bool VisitDeclRefExpr(DeclRefExpr *E) {
    RefsSeen.push_back(E);
    if (const auto *VD = dyn_cast<VarDecl>(E->getDecl()))
      if (VD->getIdentifier() && VD->isInStdNamespace() &&
          VD->getName() == "cout")
        outputWarning(E->getLocation());
    return true;
  }
  bool VisitCallExpr(CallExpr *E) {
    if (const FunctionDecl *FD = E->getDirectCallee())
      if (FD->getIdentifier() &&
          (FD->getName() == "printf" || FD->getName() == "puts" ||
           FD->getName() == "putchar"))
        outputWarning(E->getBeginLoc());
    return true;
  }

  /// An element of a distributed array in a loop nest: N-D elements are
  /// classified after the flow walk (checkNest); 1-D arrays can only be
  /// read there, from a gathered copy.
  bool element(ArraySubscriptExpr *E, const Subscripts &S,
               const DeclRefExpr *Base, DistArray *Arr) {
    A.AllowedRefs.insert(Base); // reported here, if at all
    bool Read = onlyRead(A.Ctx, E);
    if (int(S.Levels.size()) != Arr->rank()) {
      A.R.error(E->getBeginLoc(),
                "'" + Arr->Name + "' has " + std::to_string(Arr->rank()) +
                    " dimensions: use its elements as '" +
                    elementSpelling(*Arr) +
                    "' (rows of a distributed array are not supported)");
      return true;
    }
    if (!plainSubscripts(S)) {
      A.R.error(E->getBeginLoc(), "element of distributed array '" + Arr->Name +
                                      "' must be written '" +
                                      elementSpelling(*Arr) +
                                      "' outside macros");
      return true;
    }
    // 1-D arrays too: local where aligned with the home array (checkNest).
    L.NDAccesses.push_back({S, Arr, Read, NDAccess::Local, {}});
    return true;
  }

  /// After traversal: reduction variables used outside their updates, and
  /// the errors that only matter when the loop is distributed (a loop over
  /// no distributed array runs on every rank, like the sequential one).
  void finish() {
    const bool Distributed = !L.Accesses.empty() || !L.NDAccesses.empty();
    if (Distributed && OutputLoc.isValid())
      A.R.warning(OutputLoc, "output in an independent loop is written by the "
                             "rank that owns each iteration, not in the "
                             "sequential order");
    if (Distributed)
      for (auto &[Loc, Msg, Fix] : Pending) {
        auto DB = A.R.error(Loc, Msg);
        if (Fix)
          DB << *Fix;
      }
    for (const DeclRefExpr *E : RefsSeen) {
      const auto *VD = dyn_cast<VarDecl>(E->getDecl());
      if (!VD || !isReduction(VD) || ReductionRefsOk.count(E))
        continue;
      A.R.error(E->getLocation(),
                "reduction variable '" + VD->getName().str() +
                    "' may only appear in its reduction update (e.g. '" +
                    VD->getName().str() + " += ...' for +)");
    }
  }

private:
  Analyzer &A;
  OwnerLoop &L;
  const ParsedDirective &D;
  int LambdaDepth = 0, LoopDepth = 0, SwitchDepth = 0;
  std::set<const ForStmt *> LevelFors;        ///< inner levels of a nest
  std::set<const VarDecl *> LevelVars;        ///< their indices
  std::set<const ArraySubscriptExpr *> Inner; ///< M[i] inside M[i][j]
  std::vector<const DeclRefExpr *> RefsSeen;
  std::vector<std::tuple<SourceLocation, std::string, std::optional<FixItHint>>>
      Pending;

  SourceLocation OutputLoc; ///< first output statement in the body
  void outputWarning(SourceLocation Loc) {
    if (OutputLoc.isInvalid())
      OutputLoc = Loc;
  }

  void report(SourceLocation Loc, std::string Msg,
              std::optional<FixItHint> Fix = std::nullopt) {
    Pending.emplace_back(Loc, std::move(Msg), std::move(Fix));
  }
  std::set<const DeclRefExpr *> ReductionRefsOk;

  template <typename LoopT> bool loop(LoopT *S) {
    // An inner level of a nest is left by 'break' like the nest itself.
    const int SavedLoop = LoopDepth, SavedSwitch = SwitchDepth;
    bool Level = false;
    if constexpr (std::is_same_v<LoopT, ForStmt>)
      Level = LevelFors.count(S);
    if (Level)
      LoopDepth = SwitchDepth = 0;
    else
      ++LoopDepth;
    bool Ok = RecursiveASTVisitor::TraverseStmt(S->getBody());
    if constexpr (std::is_same_v<LoopT, ForStmt>) {
      // A level's own increment (checked by loopShape) is no write.
      Ok = Ok && RecursiveASTVisitor::TraverseStmt(S->getInit()) &&
           RecursiveASTVisitor::TraverseStmt(S->getCond()) &&
           (Level || RecursiveASTVisitor::TraverseStmt(S->getInc()));
    } else if constexpr (std::is_same_v<LoopT, WhileStmt> ||
                         std::is_same_v<LoopT, DoStmt>) {
      Ok = Ok && RecursiveASTVisitor::TraverseStmt(S->getCond());
    } else {
      Ok = Ok && RecursiveASTVisitor::TraverseStmt(S->getRangeInit());
      Ok = Ok && RecursiveASTVisitor::TraverseDecl(S->getLoopVariable());
    }
    LoopDepth = SavedLoop;
    SwitchDepth = SavedSwitch;
    return Ok;
  }

  static const VarDecl *baseVar(const Expr *E) {
    while (E) {
      E = E->IgnoreParenImpCasts();
      if (const auto *AS = dyn_cast<ArraySubscriptExpr>(E)) {
        E = AS->getBase()->IgnoreParenImpCasts();
        if (E->getType()->isPointerType())
          return nullptr; // p[i]: a write through a pointer
      } else if (const auto *ME = dyn_cast<MemberExpr>(E)) {
        if (ME->isArrow())
          return nullptr;
        E = ME->getBase();
      } else if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
        return dyn_cast<VarDecl>(DRE->getDecl());
      else
        return nullptr;
    }
    return nullptr;
  }
  /// Declared outside the loop (or a reference, which may alias anything).
  bool outside(const VarDecl *VD) const {
    if (VD->getType()->isReferenceType())
      return true;
    SourceRange LR = L.For->getSourceRange();
    SourceLocation Loc = VD->getLocation();
    return !(A.SM.isBeforeInTranslationUnit(LR.getBegin(), Loc) &&
             A.SM.isBeforeInTranslationUnit(Loc, LR.getEnd()));
  }
  const LoopReduction *reduction(const VarDecl *VD) const {
    for (const LoopReduction &Red : L.Reductions)
      if (Red.Var == VD)
        return &Red;
    return nullptr;
  }
  bool isReduction(const VarDecl *VD) const { return reduction(VD); }

  /// Structurally the same expression (Clang's statement profile).
  bool same(const Expr *X, const Expr *Y) const {
    llvm::FoldingSetNodeID IX, IY;
    X->IgnoreParenImpCasts()->Profile(IX, A.Ctx, /*Canonical=*/true);
    Y->IgnoreParenImpCasts()->Profile(IY, A.Ctx, /*Canonical=*/true);
    return IX == IY;
  }
  static const DeclRefExpr *refTo(const Expr *E, const VarDecl *VD) {
    const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
    return DRE && DRE->getDecl() == VD ? DRE : nullptr;
  }

  /// Is `S = <RHS>` a valid update for op? Marks the self reference.
  bool plainUpdate(const LoopReduction &Red, const Expr *RHS) {
    RHS = RHS->IgnoreParenImpCasts();
    if (const auto *BO = dyn_cast<BinaryOperator>(RHS)) {
      BinaryOperatorKind Want = Red.Op == pragma::ReductionOp::Sum ? BO_Add
                                : Red.Op == pragma::ReductionOp::Product
                                    ? BO_Mul
                                    : BO_Comma;
      if (BO->getOpcode() == Want) {
        if (const DeclRefExpr *Self = refTo(BO->getLHS(), Red.Var)) {
          ReductionRefsOk.insert(Self);
          return true;
        }
        if (const DeclRefExpr *Self = refTo(BO->getRHS(), Red.Var)) {
          ReductionRefsOk.insert(Self);
          return true;
        }
      }
      return false;
    }
    if (const auto *CO = dyn_cast<ConditionalOperator>(RHS)) {
      // s = e > s ? e : s (max), s = e < s ? e : s (min), and mirrors.
      if (Red.Op != pragma::ReductionOp::Min &&
          Red.Op != pragma::ReductionOp::Max)
        return false;
      const auto *Cmp =
          dyn_cast<BinaryOperator>(CO->getCond()->IgnoreParenImpCasts());
      if (!Cmp || !Cmp->isRelationalOp())
        return false;
      const Expr *L = Cmp->getLHS(), *Rt = Cmp->getRHS();
      bool Greater = Cmp->getOpcode() == BO_GT || Cmp->getOpcode() == BO_GE;
      const Expr *Bigger = Greater ? L : Rt, *Smaller = Greater ? Rt : L;
      bool Max = Red.Op == pragma::ReductionOp::Max;
      const Expr *WantTrue = Max ? Bigger : Smaller;
      const Expr *WantFalse = Max ? Smaller : Bigger;
      const DeclRefExpr *SelfL = refTo(L, Red.Var), *SelfR = refTo(Rt, Red.Var);
      if ((SelfL == nullptr) == (SelfR == nullptr))
        return false;
      if (!same(CO->getTrueExpr(), WantTrue) ||
          !same(CO->getFalseExpr(), WantFalse))
        return false;
      for (const Expr *E : std::initializer_list<const Expr *>{
               L, Rt, CO->getTrueExpr(), CO->getFalseExpr()})
        if (const DeclRefExpr *Self = refTo(E, Red.Var))
          ReductionRefsOk.insert(Self);
      return true;
    }
    if (const auto *CE = dyn_cast<CallExpr>(RHS)) {
      const FunctionDecl *FD = CE->getDirectCallee();
      if (!FD || CE->getNumArgs() != 2 || !FD->getIdentifier())
        return false;
      StringRef N = FD->getName();
      bool IsMin = N == "min" || N == "fmin" || N == "fminf" || N == "fminl";
      bool IsMax = N == "max" || N == "fmax" || N == "fmaxf" || N == "fmaxl";
      if (!((Red.Op == pragma::ReductionOp::Min && IsMin) ||
            (Red.Op == pragma::ReductionOp::Max && IsMax)))
        return false;
      for (unsigned I = 0; I < 2; ++I)
        if (const DeclRefExpr *Self = refTo(CE->getArg(I), Red.Var)) {
          ReductionRefsOk.insert(Self);
          return true;
        }
    }
    return false;
  }

  void write(const Expr *LHS, const Expr *Whole, BinaryOperatorKind Op,
             const Expr *RHS) {
    const Expr *Bare = LHS->IgnoreParenImpCasts();
    if (const auto *AS = dyn_cast<ArraySubscriptExpr>(Bare))
      if (const auto *B =
              dyn_cast<DeclRefExpr>(AS->getBase()->IgnoreParenImpCasts()))
        if (A.P.ArrayByVar.count(dyn_cast<VarDecl>(B->getDecl())))
          return; // A[i]: checked by VisitArraySubscriptExpr
    const VarDecl *VD = baseVar(LHS);
    SourceLocation Loc = Whole->getExprLoc();
    if (VD && A.P.ArrayByVar.count(VD))
      return; // M[i][j]: checked by VisitArraySubscriptExpr
    if (!VD) {
      report(Loc, "writes through pointers or references are not allowed "
                  "in an independent loop (hpfcc cannot prove the target "
                  "is owned by the rank)");
      return;
    }
    if (VD == L.IndVar || LevelVars.count(VD)) {
      report(Loc, "the loop index '" + VD->getName().str() +
                      "' must not be modified in the body");
      return;
    }
    if (const LoopReduction *Red = reduction(VD)) {
      const DeclRefExpr *Self = refTo(LHS, VD);
      bool Ok = false;
      if (Self) {
        switch (Op) {
        case BO_AddAssign:
        case BO_SubAssign:
          Ok = Red->Op == pragma::ReductionOp::Sum;
          break;
        case BO_MulAssign:
          Ok = Red->Op == pragma::ReductionOp::Product;
          break;
        case BO_Assign:
          Ok = RHS && plainUpdate(*Red, RHS);
          break;
        default:
          break;
        }
      }
      if (Ok) {
        ReductionRefsOk.insert(Self);
      } else {
        A.R.error(Loc, std::string("this update of '") + VD->getName().str() +
                           "' does not match its reduction operator '" +
                           pragma::reductionOpSpelling(Red->Op) + "'");
        ReductionRefsOk.insert(Self);
      }
      return;
    }
    if (!outside(VD))
      return;
    std::string Name = VD->getName().str();
    if (VD->getType()->isArrayType()) {
      report(Loc, "'" + Name +
                      "' is not distributed: writing it in an independent "
                      "loop would leave each rank a different copy; "
                      "distribute it like the loop's arrays");
      return;
    }
    const char *Suggest = Op == BO_AddAssign || Op == BO_SubAssign ? "+"
                          : Op == BO_MulAssign                     ? "*"
                                                                   : nullptr;
    std::optional<FixItHint> Fix;
    if (Suggest && D.EndLoc.isFileID())
      Fix = FixItHint::CreateInsertion(
          D.EndLoc, std::string(" reduction(") + Suggest + ": " + Name + ")");
    report(Loc,
           "'" + Name +
               "' is assigned in an independent loop: each rank would keep a "
               "different value; declare it in a reduction clause or inside "
               "the loop",
           Fix);
  }
};

/// Marks the distributed-array references under S as reported, so that a
/// loop rejected for its shape does not also get one error per access.
class UseSuppressor : public RecursiveASTVisitor<UseSuppressor> {
public:
  UseSuppressor(const Program &P, std::set<const DeclRefExpr *> &Allowed)
      : P(P), Allowed(Allowed) {}
  bool VisitDeclRefExpr(DeclRefExpr *E) {
    if (P.ArrayByVar.count(dyn_cast<VarDecl>(E->getDecl())))
      Allowed.insert(E);
    return true;
  }

private:
  const Program &P;
  std::set<const DeclRefExpr *> &Allowed;
};

/// The for loop right after a directive's carriers, or null.
static const ForStmt *loopAfter(const ParsedDirective &D, const Anchor &A) {
  if (!A.Parent)
    return nullptr;
  const auto *CS = cast<CompoundStmt>(A.Parent);
  unsigned LoopIdx = A.Index + static_cast<unsigned>(D.Slots.size());
  return LoopIdx < CS->size() ? dyn_cast<ForStmt>(CS->body_begin()[LoopIdx])
                              : nullptr;
}

/// True if S refers to a distributed array of rank >= 2 (carriers aside).
class NDUseFinder : public RecursiveASTVisitor<NDUseFinder> {
public:
  explicit NDUseFinder(const Program &P) : P(P) {}
  bool Found = false;
  bool TraverseTypeAliasDecl(TypeAliasDecl *D) {
    if (D->getIdentifier() && pragma::parseCarrierName(D->getName().str()))
      return true;
    return RecursiveASTVisitor::TraverseTypeAliasDecl(D);
  }
  bool VisitDeclRefExpr(DeclRefExpr *E) {
    auto It = P.ArrayByVar.find(dyn_cast<VarDecl>(E->getDecl()));
    if (It != P.ArrayByVar.end() && It->second->rank() > 1)
      Found = true;
    return !Found;
  }

private:
  const Program &P;
};

bool Analyzer::loopShape(const ForStmt *For, NestLevel &Lv) {
  const char *Shape =
      "independent loops must have the form 'for (int i = lb; i < ub; ++i)'";
  Lv.For = For;
  // Init: one integer index declared in the loop.
  const auto *Init = dyn_cast_or_null<DeclStmt>(For->getInit());
  const VarDecl *IV = Init && Init->isSingleDecl()
                          ? dyn_cast<VarDecl>(Init->getSingleDecl())
                          : nullptr;
  if (!IV || !IV->getInit() || !IV->getType()->isIntegerType()) {
    R.error(For->getInit() ? For->getInit()->getBeginLoc() : For->getBeginLoc(),
            std::string(Shape) + ": declare the integer index in the loop");
    return false;
  }
  Lv.IndVar = IV;
  Lv.Lower = IV->getInit();
  // Condition: i < ub, i <= ub (or ub > i, ub >= i).
  const auto *Cond = dyn_cast_or_null<BinaryOperator>(
      For->getCond() ? For->getCond()->IgnoreParenImpCasts() : nullptr);
  auto IsIV = [&](const Expr *E) {
    const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
    return DRE && DRE->getDecl() == IV;
  };
  if (Cond && IsIV(Cond->getLHS()) &&
      (Cond->getOpcode() == BO_LT || Cond->getOpcode() == BO_LE)) {
    Lv.Upper = Cond->getRHS();
    Lv.Inclusive = Cond->getOpcode() == BO_LE;
  } else if (Cond && IsIV(Cond->getRHS()) &&
             (Cond->getOpcode() == BO_GT || Cond->getOpcode() == BO_GE)) {
    Lv.Upper = Cond->getLHS();
    Lv.Inclusive = Cond->getOpcode() == BO_GE;
  } else {
    R.error(For->getCond() ? For->getCond()->getBeginLoc() : For->getBeginLoc(),
            std::string(Shape) + ": the condition must compare '" +
                IV->getName().str() + "' with < or <=");
    return false;
  }
  // The bound is evaluated once, before the loop: it must not depend on
  // the index.
  std::function<bool(const Stmt *)> UsesIV = [&](const Stmt *S) {
    if (!S)
      return false;
    if (const auto *DRE = dyn_cast<DeclRefExpr>(S); DRE && DRE->getDecl() == IV)
      return true;
    for (const Stmt *C : S->children())
      if (UsesIV(C))
        return true;
    return false;
  };
  if (UsesIV(Lv.Upper)) {
    R.error(Lv.Upper->getBeginLoc(), std::string(Shape) +
                                         ": the bound must not depend on '" +
                                         IV->getName().str() + "'");
    return false;
  }
  // Increment: ++i, i++, i += 1.
  const Expr *Inc =
      For->getInc() ? For->getInc()->IgnoreParenImpCasts() : nullptr;
  bool StepOne = false;
  if (const auto *U = dyn_cast_or_null<UnaryOperator>(Inc))
    StepOne = U->isIncrementOp() && IsIV(U->getSubExpr());
  else if (const auto *C = dyn_cast_or_null<CompoundAssignOperator>(Inc))
    if (C->getOpcode() == BO_AddAssign && IsIV(C->getLHS()))
      if (auto V = C->getRHS()->getIntegerConstantExpr(Ctx))
        StepOne = *V == 1;
  if (!StepOne) {
    R.error(Inc ? Inc->getBeginLoc() : For->getBeginLoc(),
            std::string(Shape) +
                ": the index must step by 1 (other strides are not "
                "supported yet)");
    return false;
  }
  return true;
}

void Analyzer::independent(const ParsedDirective &D) {
  const Anchor *A = anchorOf(D);
  if (!A)
    return;
  if (NestInner.count(D.Id))
    return; // a level of an enclosing nest, checked with it
  if (!A->Parent) {
    R.error(D.HashLoc, "independent must be placed right before a for loop "
                       "inside a function");
    return;
  }
  const ForStmt *For = loopAfter(D, *A);
  if (!For) {
    R.error(tokLoc(D, D.Dir.KindTok),
            "'independent' must be followed by a for loop");
    return;
  }
  OwnerLoop L;
  L.DirId = D.Id;
  L.For = For;
  struct Suppress {
    Analyzer &A;
    const ForStmt *For;
    bool Armed = true;
    ~Suppress() {
      if (Armed)
        UseSuppressor(A.P, A.AllowedRefs)
            .TraverseStmt(const_cast<ForStmt *>(For));
    }
  } OnError{*this, For};
  NestLevel Top;
  Top.DirId = D.Id;
  if (!loopShape(For, Top))
    return;
  L.IndVar = Top.IndVar;
  L.Lower = Top.Lower;
  L.Upper = Top.Upper;
  L.Inclusive = Top.Inclusive;
  // Reduction variables.
  for (const pragma::ReductionClause &C : D.Dir.Reductions)
    for (const pragma::NameRef &N : C.Vars) {
      const VarDecl *VD = slotVar(D, N.Tok, "a reduction variable");
      if (!VD)
        return;
      if (!VD->getType()->isArithmeticType()) {
        R.error(tokLoc(D, N.Tok), "reduction variable '" + N.Name +
                                      "' must have an arithmetic type, not '" +
                                      VD->getType().getAsString() + "'");
        return;
      }
      if (P.ArrayByVar.count(VD)) {
        R.error(tokLoc(D, N.Tok), "a distributed array cannot be a reduction "
                                  "variable");
        return;
      }
      for (const LoopReduction &Prev : L.Reductions)
        if (Prev.Var == VD) {
          R.error(tokLoc(D, N.Tok),
                  "'" + N.Name + "' appears in more than one reduction");
          return;
        }
      L.Reductions.push_back({C.Op, VD});
    }
  // A loop over multi-dimensional arrays is a nest: the independent loops
  // inside it are its levels (HPF marks each level).
  NDUseFinder Finder(P);
  Finder.TraverseStmt(const_cast<Stmt *>(For->getBody()));
  L.ND = Finder.Found;
  if (L.ND) {
    L.Levels.push_back(Top);
    SourceRange FR = For->getSourceRange();
    for (const ParsedDirective &D2 : State.Directives) {
      if (D2.Dir.Kind != DirectiveKind::Independent ||
          !SM.isBeforeInTranslationUnit(FR.getBegin(), D2.HashLoc) ||
          !SM.isBeforeInTranslationUnit(D2.HashLoc, FR.getEnd()))
        continue;
      auto It = Carriers.Anchors.find(D2.Id);
      const ForStmt *F2 =
          It == Carriers.Anchors.end() ? nullptr : loopAfter(D2, It->second);
      if (!F2)
        continue; // reported when D2 itself is checked
      NestInner.insert(D2.Id);
      if (!D2.Dir.Reductions.empty()) {
        R.error(tokLoc(D2, D2.Dir.Reductions[0].OpTok),
                "a reduction clause is supported only on the outermost "
                "independent loop of a nest (move it to the loop at line " +
                    std::to_string(SM.getPresumedLineNumber(D.HashLoc)) + ")");
        return;
      }
      NestLevel Lv;
      Lv.DirId = D2.Id;
      if (!loopShape(F2, Lv))
        return;
      L.Levels.push_back(Lv);
    }
  }
  OnError.Armed = false;
  LoopChecker Check(*this, L, D);
  Check.TraverseStmt(const_cast<Stmt *>(For->getBody()));
  Check.finish();
  if (L.ND) {
    nestHome(L);
    P.Loops.push_back(std::move(L));
    return;
  }
  // Home: the first distributed array written, else the first one read.
  for (const Access &Acc : L.Accesses) {
    bool Written = false;
    for (const DynTypedNode &N : Ctx.getParents(*Acc.Expr)) {
      if (const auto *BO = N.get<BinaryOperator>())
        Written =
            BO->isAssignmentOp() && BO->getLHS()->IgnoreParens() == Acc.Expr;
      if (const auto *U = N.get<UnaryOperator>())
        Written = U->isIncrementDecrementOp();
    }
    if (Written) {
      L.Home = Acc.Array;
      break;
    }
  }
  if (!L.Home && !L.Accesses.empty())
    L.Home = L.Accesses.front().Array;
  for (const Access &Acc : L.Accesses)
    if (!onlyRead(Ctx, Acc.Expr))
      L.Written.insert(Acc.Array);
  // A gathered copy holds the values from before the loop: right for an
  // array the loop does not write, and for A[i + c] (c > 0) of one it
  // writes as A[i], since the sequential loop writes A[i + c] only later.
  for (const Access &G : L.Gathers)
    if (L.Written.count(G.Array)) {
      std::optional<int64_t> C = offsetFrom(Ctx, G.Expr->getIdx(), L.IndVar);
      if (!C || *C <= 0)
        R.error(G.Expr->getIdx()->getBeginLoc(),
                "'" + G.Array->Name +
                    "' is written in this loop, so it can "
                    "be read only as '" +
                    G.Array->Name + "[" + L.IndVar->getName().str() +
                    "]' or '" + G.Array->Name + "[" +
                    L.IndVar->getName().str() +
                    " + c]' with a constant c > 0 (other subscripts may read "
                    "elements the loop has already changed)");
    }
  P.Loops.push_back(std::move(L));
}

// --- loop nests over multi-dimensional arrays ------------------------------

static const VarDecl *bareVar(const Expr *E) {
  const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
  return DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
}

/// The home array (the first one written, else the first one used) and the
/// dimension each level runs over: the first dimension of the home array,
/// not taken by an outer level, whose subscript is the level's index.
void Analyzer::nestHome(OwnerLoop &L) {
  for (const NDAccess &Acc : L.NDAccesses)
    if (!Acc.Read)
      L.Written.insert(Acc.Array);
  // The home array is multi-dimensional (1-D arrays follow it).
  for (const NDAccess &Acc : L.NDAccesses)
    if (!Acc.Read && Acc.Array->rank() > 1) {
      L.Home = Acc.Array;
      break;
    }
  for (const NDAccess &Acc : L.NDAccesses)
    if (!L.Home && Acc.Array->rank() > 1)
      L.Home = Acc.Array;
  if (!L.Home)
    return;
  // Written accesses first: they must be local.
  std::vector<const NDAccess *> Order;
  for (bool Writes : {true, false})
    for (const NDAccess &Acc : L.NDAccesses)
      if (Acc.Array == L.Home && Acc.Read != Writes)
        Order.push_back(&Acc);
  std::set<int> Taken;
  for (NestLevel &Lv : L.Levels)
    for (const NDAccess *Acc : Order) {
      for (int D = 0; D < L.Home->rank() && Lv.Dim < 0; ++D)
        if (!Taken.count(D) &&
            bareVar(Acc->Subs.sub(std::size_t(D))) == Lv.IndVar) {
          Lv.Dim = D;
          Taken.insert(D);
        }
      if (Lv.Dim >= 0)
        break;
    }
}

/// True if every parameter of the mapping is a compile-time constant (the
/// arrangement's extents may be run-time values: the same object).
static bool constantParams(const Mapping &M) {
  for (const FormatValue &F : M.Formats) {
    if (F.Kind == FormatKind::GenBlock || F.Kind == FormatKind::Indirect) {
      if (!F.Values)
        return false;
    } else if (F.HasParam && !F.Param.Const) {
      return false;
    }
  }
  return true;
}

/// After the flow walk: which elements of the nest are local (every
/// distributed dimension subscripted by the index of a level over that
/// dimension, in an array aligned with the home array), which are read
/// from a gathered copy, and what is an error.
void Analyzer::checkNest(OwnerLoop &L) {
  const ParsedDirective &D = State.Directives[L.DirId];
  const FlowState &St = LoopStates[L.DirId];
  auto MapOf = [&](DistArray *X) -> const Mapping * {
    auto It = St.find(X);
    return It == St.end() || !It->second ? nullptr : &*It->second;
  };
  DistArray *H = L.Home;
  if (!H) {
    // No multi-dimensional element survived the checks: 1-D reads are
    // gathered (writes were reported with the nest's other errors).
    std::vector<NDAccess> Keep;
    for (NDAccess &Acc : L.NDAccesses)
      if (Acc.Array->rank() == 1)
        L.Gathers.push_back({Acc.Subs.whole(), Acc.Array});
      else
        Keep.push_back(std::move(Acc));
    L.NDAccesses = std::move(Keep);
    return;
  }
  const Mapping *HM = MapOf(H);
  enum Align { Yes, No, Unknown };
  auto AlignOf = [&](DistArray *X) -> Align {
    if (X == H)
      return Yes;
    if (X->Extents != H->Extents)
      return No;
    const Mapping *XM = MapOf(X);
    if (!XM || !HM)
      return Unknown;
    try {
      std::optional<plan::DistributionND> XS =
          staticDistributionND(*XM, X->Extents, nullptr);
      std::optional<plan::DistributionND> HS =
          staticDistributionND(*HM, H->Extents, nullptr);
      if (XS && HS)
        return sameMappingND(*XS, *HS) ? Yes : No;
    } catch (const plan::PlanError &) {
      return Unknown;
    }
    return *XM == *HM && constantParams(*XM) ? Yes : Unknown;
  };
  auto LevelOf = [&](const Expr *S) -> const NestLevel * {
    const VarDecl *V = bareVar(S);
    for (const NestLevel &Lv : L.Levels)
      if (V && Lv.IndVar == V)
        return &Lv;
    return nullptr;
  };
  // The first dimension whose subscript makes the element non-local for
  // an array with mapping M (null: unknown, every dimension counts), or -1.
  auto BadDim = [&](const NDAccess &Acc, const Mapping *M) {
    for (int Dm = 0; Dm < Acc.Array->rank(); ++Dm) {
      if (M && M->Formats[std::size_t(Dm)].Kind == FormatKind::Collapsed)
        continue;
      const NestLevel *Lv = LevelOf(Acc.Subs.sub(std::size_t(Dm)));
      if (!Lv || Lv->Dim != Dm)
        return Dm;
    }
    return -1;
  };
  auto Describe = [&](DistArray *X) {
    const Mapping *M = MapOf(X);
    return M ? M->describe() : std::string("mapping known at run time");
  };
  // A 1-D array is aligned with the home array when that has exactly one
  // distributed dimension and the array has its format, arrangement and
  // extent: element V[i] then lives with the rows (columns) M[i][...].
  int HomeDim = -1;
  if (HM) {
    for (int Dm = 0; Dm < H->rank(); ++Dm)
      if (HM->Formats[std::size_t(Dm)].Kind != FormatKind::Collapsed)
        HomeDim = HomeDim == -1 ? Dm : -2;
  }
  auto Aligned1D = [&](DistArray *X) {
    const Mapping *XM = MapOf(X);
    if (HomeDim < 0 || !XM || XM->Onto != HM->Onto ||
        X->Extent != H->Extents[std::size_t(HomeDim)])
      return false;
    const FormatValue &F = HM->Formats[std::size_t(HomeDim)];
    Mapping Dim{{F}, HM->Onto};
    return XM->Formats[0] == F && constantParams(*XM) && constantParams(Dim);
  };
  std::set<DistArray *> Checked;
  bool Failed = false;
  for (NDAccess &Acc : L.NDAccesses) {
    DistArray *X = Acc.Array;
    if (X->rank() == 1) {
      const NestLevel *Lv = LevelOf(Acc.Subs.sub(0));
      if (Aligned1D(X) && Lv && Lv->Dim == HomeDim) {
        Acc.Kind = NDAccess::Local;
        Acc.Segment = {static_cast<int>(Lv - L.Levels.data())};
      } else if (Acc.Read && !L.Written.count(X)) {
        Acc.Kind = NDAccess::Gathered;
      } else {
        Failed = true;
        R.error(Acc.Subs.whole()->getBeginLoc(),
                "one-dimensional '" + X->Name +
                    "' can be written (or read where the nest writes it) in "
                    "a loop nest over '" +
                    H->Name + "' only as '" + X->Name +
                    "[i]' with i the index of the level over the distributed "
                    "dimension of '" +
                    H->Name +
                    "', and only if it has that dimension's format, "
                    "arrangement and extent");
      }
      continue;
    }
    Align Al = AlignOf(X);
    // Aligned (now or, if checked at run time, then): X has H's mapping.
    int Bad = BadDim(Acc, Al == No ? MapOf(X) : HM);
    if (Al != No && Bad < 0) {
      Acc.Kind = NDAccess::Local;
      Acc.Segment.clear();
      for (int Dm = 0; Dm < X->rank(); ++Dm) {
        const NestLevel *Lv = LevelOf(Acc.Subs.sub(std::size_t(Dm)));
        Acc.Segment.push_back(
            Lv && Lv->Dim == Dm ? static_cast<int>(Lv - L.Levels.data()) : -1);
      }
      if (Al == Unknown && Checked.insert(X).second)
        L.CheckAligned.push_back(X);
      continue;
    }
    const Expr *At = Bad >= 0 ? Acc.Subs.sub(std::size_t(Bad))
                              : static_cast<const Expr *>(Acc.Subs.whole());
    std::string Dim = std::to_string(Bad);
    if (!Acc.Read || L.Written.count(X)) {
      Failed = true;
      if (Bad < 0) {
        R.error(At->getBeginLoc(),
                "'" + X->Name + "' (" + Describe(X) +
                    ") is not aligned with '" + H->Name + "' (" + Describe(H) +
                    ") here: its elements live on other ranks than the "
                    "loop's iterations (an array written in a loop nest needs "
                    "the mapping of '" +
                    H->Name + "')");
        continue;
      }
      std::string Hint;
      if (const VarDecl *V = bareVar(At);
          V && !LevelOf(At) && V->isLocalVarDecl())
        Hint = "; if the iterations of the loop over '" + V->getName().str() +
               "' are independent, mark it '#pragma hpf independent'";
      if (!MapOf(X))
        Hint += " (the mapping of '" + X->Name +
                "' here depends on control flow, so every dimension counts "
                "as distributed)";
      R.error(At->getBeginLoc(),
              Acc.Read
                  ? "'" + X->Name +
                        "' is written in this loop nest, so it can be read "
                        "only at elements the iteration owns: its subscript in "
                        "distributed dimension " +
                        Dim +
                        " must be the index of an enclosing independent loop "
                        "over that dimension (other elements may be changed "
                        "by other ranks during the nest)" +
                        Hint
                  : "'" + X->Name +
                        "' is written here, so its subscript in distributed "
                        "dimension " +
                        Dim +
                        " must be the index of an enclosing independent loop "
                        "over that dimension" +
                        Hint);
      continue;
    }
    Acc.Kind = NDAccess::Gathered;
  }
  if (Failed)
    return;
  // A read-only array gathered for some elements is read from the copy
  // everywhere; one checked at run time is gathered if it is misaligned.
  std::set<DistArray *> Gathered;
  for (const NDAccess &Acc : L.NDAccesses)
    if (Acc.Kind == NDAccess::Gathered)
      Gathered.insert(Acc.Array);
  for (NDAccess &Acc : L.NDAccesses)
    if (Gathered.count(Acc.Array))
      Acc.Kind = NDAccess::Gathered;
  std::vector<DistArray *> Keep;
  for (DistArray *X : L.CheckAligned)
    if (!Gathered.count(X)) {
      Keep.push_back(X);
      if (!L.Written.count(X)) {
        L.GatherIfMisaligned.insert(X);
        R.remark(D.HashLoc, "alignment of '" + X->Name + "' with '" + H->Name +
                                "' is checked at run time; if they differ, "
                                "its " +
                                std::to_string(X->Extent) +
                                " elements are gathered on every rank before "
                                "the loop (one MPI_Allgatherv)");
      } else {
        R.remark(D.HashLoc, "alignment of '" + X->Name + "' with '" + H->Name +
                                "' is checked at run time");
      }
    }
  L.CheckAligned = std::move(Keep);
  // Gathered 1-D arrays use the 1-D copy (std::vector, same subscript).
  std::vector<NDAccess> KeepND;
  for (NDAccess &Acc : L.NDAccesses) {
    if (Acc.Array->rank() == 1 && Acc.Kind == NDAccess::Gathered)
      L.Gathers.push_back({Acc.Subs.whole(), Acc.Array});
    else
      KeepND.push_back(std::move(Acc));
  }
  L.NDAccesses = std::move(KeepND);
  bool AnyLocal = false;
  for (const NDAccess &Acc : L.NDAccesses)
    AnyLocal |= Acc.Kind == NDAccess::Local;
  remarkGathers(L);
  if (!AnyLocal) {
    // Everything is read from copies: the nest runs on every rank.
    L.Home = nullptr;
    for (NestLevel &Lv : L.Levels)
      Lv.Dim = -1;
    R.remark(D.HashLoc, "independent loop nest writes no distributed array "
                        "and reads none at its indices: it runs on every "
                        "rank");
    return;
  }
  std::string Levels;
  for (const NestLevel &Lv : L.Levels) {
    Levels += Levels.empty() ? "" : ", ";
    Levels += "'" + Lv.IndVar->getName().str() + "' ";
    if (Lv.Dim < 0)
      Levels += "over its whole range";
    else if (HM &&
             HM->Formats[std::size_t(Lv.Dim)].Kind == FormatKind::Collapsed)
      Levels += "over dimension " + std::to_string(Lv.Dim) +
                " (not distributed: every index)";
    else
      Levels += "over the owned indices of dimension " + std::to_string(Lv.Dim);
  }
  R.remark(D.HashLoc, "independent loop nest over '" + H->Name + "' (" +
                          Describe(H) + "): " + Levels + "; owner computes" +
                          (L.Reductions.empty()
                               ? std::string()
                               : ", " + std::to_string(L.Reductions.size()) +
                                     " reduction(s) combined across ranks"));
}

// --- uses of distributed arrays outside loops ------------------------------

class UseChecker : public RecursiveASTVisitor<UseChecker> {
public:
  UseChecker(ASTContext &Ctx, Program &P,
             const std::set<const DeclRefExpr *> &Allowed, Reporter &R)
      : Ctx(Ctx), P(P), Allowed(Allowed), R(R) {}
  bool TraverseTypeAliasDecl(TypeAliasDecl *D) {
    if (D->getIdentifier() && pragma::parseCarrierName(D->getName().str()))
      return true; // carriers name arrays on purpose
    return RecursiveASTVisitor::TraverseTypeAliasDecl(D);
  }
  // Pre-order: the whole access M[i][j] is seen before M[i] and before its
  // base's DeclRefExpr.
  bool VisitArraySubscriptExpr(ArraySubscriptExpr *E) {
    if (Inner.count(E))
      return true;
    Subscripts S;
    const DeclRefExpr *Base = subscriptChain(E, S);
    if (!Base || Allowed.count(Base))
      return true;
    auto It = P.ArrayByVar.find(dyn_cast<VarDecl>(Base->getDecl()));
    if (It == P.ArrayByVar.end())
      return true;
    Inner.insert(S.Levels.begin(), S.Levels.end() - 1);
    Handled.insert(Base);
    element(E, S, It->second);
    return true;
  }
  bool VisitDeclRefExpr(DeclRefExpr *E) {
    const auto *VD = dyn_cast<VarDecl>(E->getDecl());
    auto It = P.ArrayByVar.find(VD);
    if (It == P.ArrayByVar.end() || Allowed.count(E) || Handled.count(E))
      return true;
    const DistArray &A = *It->second;
    R.error(E->getLocation(),
            "distributed array '" + A.Name + "' can only be used as '" +
                elementSpelling(A) +
                (A.rank() == 1 ? std::string("' in an independent loop over i")
                               : std::string("' in an independent loop nest")) +
                " or as an element '" + elementSpelling(A, "k") +
                "' in other code (other uses are not supported yet)");
    return true;
  }

private:
  ASTContext &Ctx;
  Program &P;
  const std::set<const DeclRefExpr *> &Allowed;
  std::set<const DeclRefExpr *> Handled;
  std::set<const ArraySubscriptExpr *> Inner; ///< M[i] inside M[i][j]
  Reporter &R;

  const Stmt *parentOf(const Stmt *S) {
    auto Ps = Ctx.getParents(*S);
    return Ps.empty() ? nullptr : Ps[0].get<Stmt>();
  }
  /// The nearest parent that is not a ParenExpr or ExprWithCleanups (and
  /// the child below it).
  const Stmt *userParent(const Stmt *&Child) {
    const Stmt *Par = parentOf(Child);
    while (Par && (isa<ParenExpr>(Par) || isa<ExprWithCleanups>(Par))) {
      Child = Par;
      Par = parentOf(Par);
    }
    return Par;
  }
  static const char *elemOp(BinaryOperatorKind K) {
    switch (K) {
    case BO_AddAssign:
      return "add";
    case BO_SubAssign:
      return "sub";
    case BO_MulAssign:
      return "mul";
    case BO_DivAssign:
      return "div";
    case BO_RemAssign:
      return "rem";
    case BO_ShlAssign:
      return "shl";
    case BO_ShrAssign:
      return "shr";
    case BO_AndAssign:
      return "bit_and";
    case BO_OrAssign:
      return "bit_or";
    case BO_XorAssign:
      return "bit_xor";
    default:
      return nullptr;
    }
  }

  /// Classifies A[k] in replicated code: a read, the target of `=` or
  /// `op=` whose value is not used, or an error.
  void element(const ArraySubscriptExpr *E, const Subscripts &S, DistArray *A) {
    std::string N = A->Name;
    if (int(S.Levels.size()) != A->rank()) {
      R.error(E->getBeginLoc(),
              "'" + N + "' has " + std::to_string(A->rank()) +
                  " dimensions: use its elements as '" +
                  elementSpelling(*A, "k") +
                  "' (rows of a distributed array are not supported)");
      return;
    }
    if (!plainSubscripts(S)) {
      R.error(E->getBeginLoc(),
              "element of distributed array '" + N + "' must be written '" +
                  elementSpelling(*A, "k") + "' outside macros");
      return;
    }
    const Stmt *Child = E;
    const Stmt *Par = userParent(Child);
    if (const auto *IC = dyn_cast_or_null<ImplicitCastExpr>(Par);
        IC && IC->getCastKind() == CK_LValueToRValue) {
      P.Elements.push_back({ElementAccess::Read, E, S, nullptr, "", A});
      return;
    }
    if (const auto *BO = dyn_cast_or_null<BinaryOperator>(Par);
        BO && BO->isAssignmentOp() && BO->getLHS() == Child) {
      const Stmt *BOChild = BO;
      const Stmt *Use = userParent(BOChild);
      const Expr *RHS = BO->getRHS();
      if (Use && isa<Expr>(Use)) {
        R.error(BO->getOperatorLoc(),
                "the value of an assignment to an element of distributed "
                "array '" +
                    N + "' cannot be used (not supported yet)");
        return;
      }
      if (BO->getOperatorLoc().isMacroID()) {
        R.error(BO->getOperatorLoc(),
                "assignment to an element of distributed array '" + N +
                    "' must be written outside macros");
        return;
      }
      if (BO->getOpcode() == BO_Assign) {
        P.Elements.push_back({ElementAccess::Assign, E, S, RHS, "", A});
        return;
      }
      P.Elements.push_back(
          {ElementAccess::Compound, E, S, RHS, elemOp(BO->getOpcode()), A});
      return;
    }
    if (const auto *UO = dyn_cast_or_null<UnaryOperator>(Par);
        UO && UO->isIncrementDecrementOp()) {
      R.error(UO->getOperatorLoc(),
              "'++'/'--' on an element of distributed array '" + N +
                  "' is not supported; write '" + N + "[k] += 1'");
      return;
    }
    R.error(E->getBeginLoc(),
            "element of distributed array '" + N +
                "' can only be read or assigned ('=', 'op=') outside "
                "independent loops (no address, reference or member "
                "access)");
  }
};

void Analyzer::checkUses() {
  UseChecker U(Ctx, P, AllowedRefs, R);
  U.TraverseDecl(Ctx.getTranslationUnitDecl());
}

// --- flow: the mapping of each array before each redistribute -------------

/// Calls made in a statement and redistributes written inside it.
class EffectCollector : public RecursiveASTVisitor<EffectCollector> {
public:
  std::set<const FunctionDecl *> Callees;
  bool Indirect = false;
  bool VisitCallExpr(CallExpr *E) {
    if (const FunctionDecl *FD = E->getDirectCallee())
      Callees.insert(FD->getCanonicalDecl());
    else
      Indirect = true;
    return true;
  }
  bool VisitCXXConstructExpr(CXXConstructExpr *E) {
    if (const auto *C = E->getConstructor())
      Callees.insert(C->getCanonicalDecl());
    return true;
  }
};

class FlowWalker {
public:
  FlowWalker(Analyzer &A) : A(A) {}

  /// The arrays a statement may redistribute (directly or through calls).
  std::set<DistArray *> changedIn(const Stmt *S) {
    std::set<DistArray *> Out;
    SourceRange SR = S->getSourceRange();
    for (Redistribution &RD : A.P.Redistributions) {
      SourceLocation L = A.State.Directives[RD.DirId].HashLoc;
      if (A.SM.isBeforeInTranslationUnit(SR.getBegin(), L) &&
          A.SM.isBeforeInTranslationUnit(L, SR.getEnd()))
        Out.insert(RD.Array);
    }
    EffectCollector EC;
    EC.TraverseStmt(const_cast<Stmt *>(S));
    addCallEffects(EC, Out);
    return Out;
  }
  void addCallEffects(const EffectCollector &EC, std::set<DistArray *> &Out) {
    if (EC.Indirect) {
      for (Redistribution &RD : A.P.Redistributions)
        Out.insert(RD.Array);
      return;
    }
    for (const FunctionDecl *F : EC.Callees) {
      if (A.MayRedistAll.count(F))
        for (Redistribution &RD : A.P.Redistributions)
          Out.insert(RD.Array);
      if (auto It = A.MayRedist.find(F); It != A.MayRedist.end())
        Out.insert(It->second.begin(), It->second.end());
    }
  }

  void forget(FlowState &S, const std::set<DistArray *> &Arrays) {
    for (DistArray *Arr : Arrays)
      S[Arr] = std::nullopt;
  }
  static FlowState join(const FlowState &X, const FlowState &Y) {
    FlowState Out;
    for (const auto &[Arr, M] : X) {
      auto It = Y.find(Arr);
      if (It != Y.end() && M && It->second && *M == *It->second)
        Out[Arr] = M;
      else
        Out[Arr] = std::nullopt;
    }
    for (const auto &[Arr, M] : Y)
      if (!X.count(Arr))
        Out[Arr] = std::nullopt;
    return Out;
  }

  void walk(const Stmt *S, FlowState &St) {
    if (!S)
      return;
    if (auto It = A.Carriers.AnchorStmts.find(S);
        It != A.Carriers.AnchorStmts.end()) {
      anchor(It->second, St);
      return;
    }
    if (isa<LambdaExpr>(S) || isa<BlockExpr>(S))
      return; // a separate function body
    if (const auto *If = dyn_cast<IfStmt>(S)) {
      walk(If->getInit(), St);
      walk(If->getConditionVariableDeclStmt(), St);
      walk(If->getCond(), St);
      FlowState Then = St, Else = St;
      walk(If->getThen(), Then);
      walk(If->getElse(), Else);
      St = join(Then, Else);
      return;
    }
    if (isa<ForStmt>(S) || isa<WhileStmt>(S) || isa<DoStmt>(S) ||
        isa<CXXForRangeStmt>(S) || isa<SwitchStmt>(S) || isa<CXXTryStmt>(S)) {
      forget(St, changedIn(S));
      for (const Stmt *C : S->children()) {
        FlowState Inner = St;
        walk(C, Inner);
      }
      return;
    }
    if (isa<LabelStmt>(S)) {
      for (auto &[Arr, M] : St)
        M = std::nullopt;
    }
    for (const Stmt *C : S->children())
      walk(C, St);
    if (const auto *CE = dyn_cast<CallExpr>(S)) {
      EffectCollector EC;
      if (const FunctionDecl *FD = CE->getDirectCallee())
        EC.Callees.insert(FD->getCanonicalDecl());
      else
        EC.Indirect = true;
      std::set<DistArray *> Changed;
      addCallEffects(EC, Changed);
      forget(St, Changed);
    } else if (const auto *CC = dyn_cast<CXXConstructExpr>(S)) {
      EffectCollector EC;
      EC.Callees.insert(CC->getConstructor()->getCanonicalDecl());
      std::set<DistArray *> Changed;
      addCallEffects(EC, Changed);
      forget(St, Changed);
    }
  }

  void anchor(unsigned Dir, FlowState &St) {
    const ParsedDirective &D = A.State.Directives[Dir];
    switch (D.Dir.Kind) {
    case DirectiveKind::Distribute:
      for (auto &Arr : A.P.Arrays)
        if (Arr->DistributeDir == Dir) {
          // A static local is created once: on later calls it keeps the
          // mapping the previous call left.
          bool Redistributed = false;
          for (const Redistribution &RD : A.P.Redistributions)
            Redistributed |= RD.Array == Arr.get();
          St[Arr.get()] = Arr->Var->isStaticLocal() && Redistributed
                              ? std::nullopt
                              : std::optional<Mapping>(Arr->Initial);
        }
      break;
    case DirectiveKind::Redistribute:
      for (Redistribution &RD : A.P.Redistributions)
        if (RD.DirId == Dir) {
          auto It = St.find(RD.Array);
          RD.Source = It == St.end() ? std::nullopt : It->second;
          St[RD.Array] = RD.Target;
        }
      break;
    case DirectiveKind::Independent:
      A.LoopStates[Dir] = St;
      break;
    default:
      break;
    }
  }

private:
  Analyzer &A;
};

void Analyzer::flow() {
  // Which functions may redistribute which arrays (transitively).
  std::map<const FunctionDecl *, EffectCollector> Calls;
  std::vector<const FunctionDecl *> Funcs;
  class FuncFinder : public RecursiveASTVisitor<FuncFinder> {
  public:
    std::vector<const FunctionDecl *> &Out;
    explicit FuncFinder(std::vector<const FunctionDecl *> &O) : Out(O) {}
    bool shouldVisitLambdaBody() const { return true; }
    bool VisitFunctionDecl(FunctionDecl *F) {
      if (F->doesThisDeclarationHaveABody())
        Out.push_back(F);
      return true;
    }
  } Finder(Funcs);
  Finder.TraverseDecl(Ctx.getTranslationUnitDecl());
  for (const FunctionDecl *F : Funcs) {
    EffectCollector &EC = Calls[F->getCanonicalDecl()];
    EC.TraverseStmt(F->getBody());
  }
  for (Redistribution &RD : P.Redistributions) {
    const auto *F = dyn_cast<FunctionDecl>(P.Anchors[RD.DirId].Context);
    if (F)
      MayRedist[F->getCanonicalDecl()].insert(RD.Array);
  }
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (auto &[F, EC] : Calls) {
      std::set<DistArray *> &Mine = MayRedist[F];
      std::size_t Before = Mine.size();
      bool All = MayRedistAll.count(F);
      if (EC.Indirect && !All && !P.Redistributions.empty()) {
        MayRedistAll.insert(F);
        Changed = true;
      }
      for (const FunctionDecl *G : EC.Callees) {
        if (MayRedistAll.count(G) && !MayRedistAll.count(F)) {
          MayRedistAll.insert(F);
          Changed = true;
        }
        if (auto It = MayRedist.find(G); It != MayRedist.end() && G != F)
          Mine.insert(It->second.begin(), It->second.end());
      }
      Changed |= Mine.size() != Before;
    }
  }
  // Walk every function. Global arrays enter main with their declared
  // mapping (main cannot be called); other functions know only the arrays
  // nobody redistributes.
  std::set<DistArray *> Redistributed;
  for (Redistribution &RD : P.Redistributions)
    Redistributed.insert(RD.Array);
  FlowWalker W(*this);
  for (const FunctionDecl *F : Funcs) {
    FlowState St;
    for (auto &Arr : P.Arrays)
      if (!Arr->Var->isLocalVarDecl())
        St[Arr.get()] = F->isMain() || !Redistributed.count(Arr.get())
                            ? std::optional<Mapping>(Arr->Initial)
                            : std::nullopt;
    W.walk(F->getBody(), St);
  }
}

/// Gathered arrays read only at i + c (constant c) get a halo when the
/// loop's and the array's distributions may be contiguous (block,
/// block(k), gen_block, or not known here: the runtime gathers if they are
/// not). Cyclic and indirect keep the gather.
void Analyzer::chooseHalos(OwnerLoop &L, const FlowState &St) {
  auto MayBeContiguous = [&](DistArray *A) {
    auto It = St.find(A);
    if (It == St.end() || !It->second)
      return true; // not known here: the runtime decides
    if (It->second->Formats.size() != 1)
      return false;
    FormatKind K = It->second->Formats[0].Kind;
    return K == FormatKind::Block || K == FormatKind::GenBlock;
  };
  if (!L.Home || !MayBeContiguous(L.Home))
    return;
  std::set<DistArray *> No;
  for (const Access &G : L.Gathers) {
    if (No.count(G.Array))
      continue;
    std::optional<int64_t> C;
    const auto *Ref =
        dyn_cast<DeclRefExpr>(G.Expr->getIdx()->IgnoreParenImpCasts());
    if (Ref && Ref->getDecl() == L.IndVar)
      C = 0;
    else
      C = offsetFrom(Ctx, G.Expr->getIdx(), L.IndVar);
    if (!C || !MayBeContiguous(G.Array)) {
      No.insert(G.Array);
      L.Halos.erase(G.Array);
      continue;
    }
    auto [It, New] = L.Halos.try_emplace(G.Array, *C, *C);
    It->second.first = std::min<long long>(It->second.first, *C);
    It->second.second = std::max<long long>(It->second.second, *C);
  }
}

/// "i - 1 .. i + 1", "i + 2".
static std::string offsetsText(const std::string &I, long long Lo,
                               long long Hi) {
  auto One = [&](long long C) {
    return C == 0  ? I
           : C < 0 ? I + " - " + std::to_string(-C)
                   : I + " + " + std::to_string(C);
  };
  return Lo == Hi ? One(Lo) : One(Lo) + " .. " + One(Hi);
}

/// What a gathered read (or a halo) costs, once per array and loop.
void Analyzer::remarkGathers(const OwnerLoop &L) {
  std::set<DistArray *> Done;
  std::vector<Access> All = L.Gathers;
  for (const NDAccess &Acc : L.NDAccesses)
    if (Acc.Kind == NDAccess::Gathered)
      All.push_back({Acc.Subs.whole(), Acc.Array});
  for (const Access &G : All) {
    if (!Done.insert(G.Array).second)
      continue;
    QualType ET = G.Array->Var->getType();
    while (const ArrayType *AT = Ctx.getAsArrayType(ET))
      ET = AT->getElementType();
    long long ES = Ctx.getTypeSizeInChars(ET).getQuantity();
    if (auto H = L.Halos.find(G.Array); H != L.Halos.end()) {
      long long CMin = H->second.first, CMax = H->second.second;
      const FlowState &St = LoopStates[L.DirId];
      auto MappingOf = [&](DistArray *A) -> const Mapping * {
        auto It = St.find(A);
        return It == St.end() || !It->second ? nullptr : &*It->second;
      };
      auto Dist = [&](const Mapping *M, DistArray *A) {
        std::optional<plan::Distribution> D;
        try {
          if (M)
            D = staticDistribution(*M, A->Extent, nullptr);
        } catch (const plan::PlanError &) {
        }
        return D;
      };
      const Mapping *MA = MappingOf(G.Array), *MH = MappingOf(L.Home);
      std::optional<plan::Distribution> DA = Dist(MA, G.Array),
                                        DH = Dist(MH, L.Home);
      // Same array, same mapping (also with run-time parameters), or the
      // same distribution: the halo comes from the neighbours.
      bool Aligned =
          G.Array == L.Home ||
          (MA && MH && *MA == *MH && G.Array->Extent == L.Home->Extent) ||
          (DA && DH && DA->sameMapping(*DH));
      std::string I = L.IndVar->getName().str();
      std::string Msg = "'" + G.Array->Name + "' is read at " +
                        offsetsText(I, CMin, CMax) +
                        ": before the loop each rank receives ";
      if (Aligned) {
        long long Below = std::max(0LL, -CMin), Above = std::max(0LL, CMax);
        std::string Parts;
        if (Below)
          Parts = std::to_string(Below) + " element" + (Below > 1 ? "s" : "") +
                  " below";
        if (Above)
          Parts +=
              (Parts.empty() ? "" : " and ") + std::to_string(Above) +
              (Parts.empty() ? std::string(" element") + (Above > 1 ? "s" : "")
                             : std::string()) +
              " above";
        Msg += "a halo of " + Parts + " its block from the nearest owners (" +
               std::to_string((Below + Above) * ES) + " bytes per rank)";
      } else {
        auto Shift = [](long long C) {
          return C == 0  ? std::string()
                 : C < 0 ? " - " + std::to_string(-C)
                         : " + " + std::to_string(C);
        };
        Msg += "the elements [s" + Shift(CMin) + ", e" + Shift(CMax) +
               ") for its part [s, e) of '" + L.Home->Name +
               "' from the ranks that own them";
      }
      Msg += " instead of a copy of all " + std::to_string(G.Array->Extent) +
             " elements";
      // Kinds known here are block-like (chooseHalos); unknown ones are
      // checked at run time.
      if (!MA || !MH)
        Msg += "; if a distribution is not contiguous at run time, the "
               "whole array is gathered";
      R.remark(G.Expr->getBeginLoc(), Msg);
      continue;
    }
    long long Bytes = static_cast<long long>(G.Array->Extent) * ES;
    R.remark(G.Expr->getBeginLoc(),
             "'" + G.Array->Name +
                 "' is read at subscripts that are not "
                 "aligned with the loop: before the loop its " +
                 std::to_string(G.Array->Extent) +
                 " elements are gathered on every rank (one MPI_Allgatherv, " +
                 std::to_string(Bytes) + " bytes per rank)");
  }
}

void Analyzer::decide() {
  plan::PlanOptions PO;
  PO.Scheduler = Opts.Scheduler;
  for (Redistribution &RD : P.Redistributions) {
    const ParsedDirective &D = State.Directives[RD.DirId];
    try {
      RD.Decision =
          RD.Array->rank() > 1
              ? decidePlanND(RD.Source, RD.Target, RD.Array->Extents, PO)
              : decidePlan(RD.Source, RD.Target, RD.Array->Extent, PO);
    } catch (const plan::PlanError &E) {
      R.error(D.HashLoc,
              std::string("cannot plan this redistribution: ") + E.what());
      continue;
    }
    std::string What = "redistribute '" + RD.Array->Name + "' ";
    std::string From = RD.Source ? RD.Source->describe() : "?";
    switch (RD.Decision.Decision) {
    case PlanDecision::NoOp:
      R.remark(D.HashLoc, What + "removed: " + From + " and " +
                              RD.Target.describe() +
                              " place every element at the same place");
      break;
    case PlanDecision::Static:
      R.remark(D.HashLoc,
               What + "static plan (" + From + " -> " + RD.Target.describe() +
                   ", " + std::to_string(RD.Array->Extent) +
                   " elements): " + summarizePlan(*RD.Decision.Plan));
      break;
    case PlanDecision::Runtime:
      R.remark(D.HashLoc, What + "plan made at run time: " + RD.Decision.Why);
      break;
    }
  }
}

void Analyzer::checkLoopsAlignment() {
  for (OwnerLoop &L : P.Loops) {
    const ParsedDirective &D = State.Directives[L.DirId];
    if (L.ND) {
      checkNest(L);
      continue;
    }
    for (const OwnerLoop &O : P.Loops)
      if (&O != &L &&
          SM.isBeforeInTranslationUnit(O.For->getBeginLoc(),
                                       L.For->getBeginLoc()) &&
          SM.isBeforeInTranslationUnit(L.For->getBeginLoc(),
                                       O.For->getEndLoc())) {
        R.error(D.HashLoc, "nested independent loops are not supported yet");
        break;
      }
    if (!L.Home) {
      remarkGathers(L);
      R.remark(D.HashLoc, L.Gathers.empty()
                              ? "independent loop uses no distributed array: "
                                "it runs on every rank"
                              : "independent loop writes no distributed array "
                                "and reads none at its index: it runs on "
                                "every rank");
      continue;
    }
    const FlowState &St = LoopStates[L.DirId];
    auto Known = [&](DistArray *A) -> std::optional<plan::Distribution> {
      auto It = St.find(A);
      if (It == St.end() || !It->second)
        return std::nullopt;
      try {
        return staticDistribution(*It->second, A->Extent, nullptr);
      } catch (const plan::PlanError &) {
        return std::nullopt;
      }
    };
    std::optional<plan::Distribution> HomeDist = Known(L.Home);
    std::set<DistArray *> Seen{L.Home}, ToGather;
    for (const Access &Acc : L.Accesses) {
      if (!Seen.insert(Acc.Array).second)
        continue;
      // Read-only and not aligned (or gathered anyway for other
      // subscripts): read from the gathered copy.
      if (!L.Written.count(Acc.Array)) {
        bool Gathered = false;
        for (const Access &G : L.Gathers)
          Gathered |= G.Array == Acc.Array;
        if (Gathered) {
          ToGather.insert(Acc.Array);
          continue;
        }
        std::optional<plan::Distribution> Other = Known(Acc.Array);
        if (Acc.Array->Extent != L.Home->Extent ||
            (HomeDist && Other && !HomeDist->sameMapping(*Other))) {
          ToGather.insert(Acc.Array);
          continue;
        }
      }
      if (Acc.Array->Extent != L.Home->Extent) {
        R.error(Acc.Expr->getBeginLoc(),
                "'" + Acc.Array->Name + "' (" +
                    std::to_string(Acc.Array->Extent) +
                    " elements) is not aligned with '" + L.Home->Name + "' (" +
                    std::to_string(L.Home->Extent) +
                    " elements) in this loop (not supported yet)");
        continue;
      }
      std::optional<plan::Distribution> Other = Known(Acc.Array);
      if (HomeDist && Other) {
        if (!HomeDist->sameMapping(*Other))
          R.error(Acc.Expr->getBeginLoc(),
                  "'" + Acc.Array->Name + "' (" + Other->format() +
                      ") is not aligned with '" + L.Home->Name + "' (" +
                      HomeDist->format() +
                      ") here: element i lives on different ranks (general "
                      "communication in loops is not supported yet)");
        continue;
      }
      L.CheckAligned.push_back(Acc.Array);
      if (!L.Written.count(Acc.Array)) {
        L.GatherIfMisaligned.insert(Acc.Array);
        R.remark(Acc.Expr->getBeginLoc(),
                 "alignment of '" + Acc.Array->Name + "' with '" +
                     L.Home->Name +
                     "' is checked at run time; if they differ, its " +
                     std::to_string(Acc.Array->Extent) +
                     " elements are gathered on every rank before the loop "
                     "(one MPI_Allgatherv)");
        continue;
      }
      R.remark(Acc.Expr->getBeginLoc(), "alignment of '" + Acc.Array->Name +
                                            "' with '" + L.Home->Name +
                                            "' is checked at run time");
    }
    if (!ToGather.empty()) {
      std::vector<Access> Keep;
      for (const Access &Acc : L.Accesses)
        (ToGather.count(Acc.Array) ? L.Gathers : Keep).push_back(Acc);
      L.Accesses = std::move(Keep);
    }
    chooseHalos(L, St);
    remarkGathers(L);
    std::string Desc = "?";
    if (auto It = St.find(L.Home); It != St.end() && It->second)
      Desc = It->second->describe();
    R.remark(D.HashLoc, "independent loop over '" + L.Home->Name + "' (" +
                            Desc +
                            "): owner computes on local elements, no "
                            "per-element owner test" +
                            (L.Reductions.empty()
                                 ? std::string()
                                 : ", " + std::to_string(L.Reductions.size()) +
                                       " reduction(s) combined across ranks"));
  }
}

bool Analyzer::run() {
  Carriers.TraverseDecl(Ctx.getTranslationUnitDecl());
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
  for (const ParsedDirective &D : State.Directives) {
    if (D.Dir.Kind == DirectiveKind::Redistribute)
      redistribute(D);
    else if (D.Dir.Kind == DirectiveKind::Independent)
      independent(D);
  }
  checkUses();
  if (CI.getDiagnostics().hasErrorOccurred() && !R.failed())
    return false;
  // The flow walk only uses directives that passed their checks, so the
  // loop checks below still report with errors elsewhere.
  flow();
  checkLoopsAlignment();
  if (R.failed())
    return false;
  decide();
  return !R.failed();
}

} // namespace

bool analyze(CompilerInstance &CI, ASTContext &Ctx,
             const pragma::PragmaState &State, const Options &Opts,
             Program &Out) {
  return Analyzer(CI, Ctx, State, Opts, Out).run();
}

} // namespace hpf::analysis
