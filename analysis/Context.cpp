//===- analysis/Context.cpp - shared context of the analysis phases -------===//
//
// The reporter, the carrier declarations (one per directive argument, put
// into the token stream by the pragma handler so that Clang parses and
// type-checks each argument where the directive stands), the anchors, and
// the folding of arguments to constants.
//
//===----------------------------------------------------------------------===//
#include "Context.h"
#include "Expressions.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace hpf::analysis {

using pragma::FormatKind;

Reporter::Reporter(DiagnosticsEngine &D, bool Remarks)
    : D(D), Remarks(Remarks) {
  ErrID = D.getCustomDiagID(DiagnosticsEngine::Error, "%0");
  WarnID = D.getCustomDiagID(DiagnosticsEngine::Warning, "%0");
  NoteID = D.getCustomDiagID(DiagnosticsEngine::Note, "%0");
  RemarkID = D.getCustomDiagID(DiagnosticsEngine::Remark, "%0");
}

namespace {

/// M with the names of template copies (codegen/Templates.h: `'__hpf_dot_1'`)
/// given back as the user wrote them (`'dot'`).
std::string userNames(std::string M) {
  const std::string Prefix = "'__hpf_";
  for (std::size_t At = M.find(Prefix); At != std::string::npos;
       At = M.find(Prefix, At + 1)) {
    const std::size_t Close = M.find('\'', At + 1);
    if (Close == std::string::npos)
      break;
    const std::string Tmpl =
        templateOfCopy(StringRef(M).substr(At + 1, Close - At - 1)).str();
    if (!Tmpl.empty())
      M.replace(At + 1, Close - At - 1, Tmpl);
  }
  return M;
}

} // namespace

void Reporter::releaseRemarks() {
  Holding = false;
  LastHeld = false;
  for (const HeldReport &H : Held)
    D.Report(H.Loc, H.ID) << H.Message;
  Held.clear();
}

void Reporter::dropRemarks() {
  Holding = false;
  LastHeld = false;
  Held.clear();
}

DiagnosticBuilder Reporter::error(SourceLocation L, const std::string &M) {
  releaseRemarks();
  Failed = true;
  DiagnosticBuilder DB = D.Report(L, ErrID);
  DB << userNames(M);
  return DB;
}

void Reporter::note(SourceLocation L, const std::string &M) {
  if (LastHeld)
    Held.push_back({NoteID, L, userNames(M)});
  else
    D.Report(L, NoteID) << userNames(M);
}

void Reporter::warning(SourceLocation L, const std::string &M) {
  releaseRemarks();
  D.Report(L, WarnID) << userNames(M);
}

void Reporter::remark(SourceLocation L, const std::string &M) {
  if (!Remarks) {
    LastHeld = false;
    return;
  }
  if (Holding) {
    Held.push_back({RemarkID, L, userNames(M)});
    LastHeld = true;
    return;
  }
  D.Report(L, RemarkID) << userNames(M);
}

namespace {

/// Finds the carriers and where each directive's anchor sits.
class CarrierCollector : public RecursiveASTVisitor<CarrierCollector> {
public:
  std::map<std::pair<unsigned, unsigned>, const TypedefNameDecl *> Carriers;
  std::map<unsigned, Anchor> Anchors;
  std::map<const Stmt *, unsigned> AnchorStmts;

  bool VisitTypedefNameDecl(TypedefNameDecl *D) {
    if (!D->getIdentifier())
      return true;
    if (auto Key = pragma::parseCarrierName(D->getName().str()))
      Carriers[*Key] = D;
    return true;
  }
  /// The statement form: the anchor is the init-statement of the first `if`
  /// of a chain whose last else is the loop (pragma-parser/HpfPragma.h).
  bool VisitIfStmt(IfStmt *If) {
    const auto *DS = dyn_cast_or_null<DeclStmt>(If->getInit());
    if (!DS || !DS->isSingleDecl())
      return true;
    const auto *TD = dyn_cast<TypedefDecl>(DS->getSingleDecl());
    if (!TD || !TD->getIdentifier())
      return true;
    if (auto Key = pragma::parseCarrierName(TD->getName().str()))
      if (Key->second == 0) {
        Anchors[Key->first] = {TD->getDeclContext(), If, 0};
        AnchorStmts[DS] = Key->first;
      }
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
const Expr *carriedExpr(const TypedefNameDecl *TD) {
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

} // namespace

Context::Context(CompilerInstance &CI, ASTContext &Ctx,
                 const pragma::PragmaState &State, const Options &Opts,
                 Program &P)
    : CI(CI), Ctx(Ctx), SM(Ctx.getSourceManager()), State(State), Opts(Opts),
      P(P), R(CI.getDiagnostics(), Opts.Remarks), Effects(Ctx) {}

void Context::collectCarriers() {
  CarrierCollector C;
  C.TraverseDecl(Ctx.getTranslationUnitDecl());
  Carriers = std::move(C.Carriers);
  BodyAnchors = std::move(C.Anchors);
  AnchorStmts = std::move(C.AnchorStmts);
}

const Expr *Context::slotExpr(const ParsedDirective &D, int Slot) {
  if (Slot < 0)
    return nullptr;
  auto It = Carriers.find({D.Id, static_cast<unsigned>(Slot)});
  return It == Carriers.end() ? nullptr : carriedExpr(It->second);
}

std::string Context::slotText(const ParsedDirective &D, pragma::TokRange TR) {
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
  return intrinsicText(D, TR, B, T.str());
}

std::string Context::intrinsicText(const ParsedDirective &D,
                                   pragma::TokRange TR, SourceLocation Begin,
                                   std::string Text) {
  // Last first, so that earlier offsets stay valid.
  std::vector<clang::Token> Toks(D.ClangToks.begin() + TR.Begin,
                                 D.ClangToks.begin() + TR.End);
  for (std::size_t I = Toks.size(); I-- > 0;) {
    if (!pragma::isIntrinsicCall(Toks, I))
      continue;
    SourceLocation L = SM.getExpansionLoc(Toks[I].getLocation());
    unsigned Off = SM.getFileOffset(L) - SM.getFileOffset(Begin);
    if (SM.getFileID(L) == SM.getFileID(Begin) && Off < Text.size())
      Text.insert(Off, "hpf::");
  }
  return Text;
}

const VarDecl *Context::slotVar(const ParsedDirective &D, unsigned NameTok,
                                const char *What) {
  const Expr *E = slotExpr(D, D.slotOfToken(NameTok));
  if (!E)
    return nullptr; // Clang reported why
  const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
  const VarDecl *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  if (!VD) {
    R.error(D.locOf(NameTok), std::string("'") + D.Toks[NameTok].Text +
                                  "' is not a variable; expected " + What);
    return nullptr;
  }
  return VD;
}

const Anchor *Context::anchorOf(const ParsedDirective &D) {
  auto CIt = Carriers.find({D.Id, 0});
  if (CIt == Carriers.end()) {
    if (!CI.getDiagnostics().hasErrorOccurred())
      R.error(D.HashLoc, "this hpf directive is not at a declaration or "
                         "statement position (it must stand on its own "
                         "between declarations or statements)");
    return nullptr;
  }
  const TypedefNameDecl *TD = CIt->second;
  const DeclContext *DC = TD->getDeclContext();
  if (const auto *RD = dyn_cast<RecordDecl>(DC)) {
    // A distribute directive distributes a member (declarations/Members.h);
    // the other directives stand where code runs, or declare arrangements,
    // which are not per object.
    std::string Why;
    if (D.Dir.Kind != pragma::DirectiveKind::Distribute)
      Why = std::string("an hpf ") + pragma::directiveName(D.Dir.Kind) +
            " directive cannot stand in a class body (only distribute "
            "can, for a member); place it at namespace or function scope";
    else if (RD->isUnion())
      Why = "a member of a union cannot be distributed (its storage is "
            "shared with the other members); make it a struct or class";
    else if (DC->isDependentContext())
      Why = "members of class templates cannot be distributed yet; write "
            "the class for the element type and extent it is used with";
    else if (RD->isLambda() || !isa<CXXRecordDecl>(RD))
      Why = "distribute members of a named class or struct";
    if (!Why.empty()) {
      R.error(D.HashLoc, Why);
      return nullptr;
    }
    P.Anchors[D.Id] = {DC, nullptr, 0};
    return &P.Anchors[D.Id];
  }
  if (DC->isDependentContext()) {
    templateDirective(D, DC);
    return nullptr;
  }
  if (DC->isFunctionOrMethod()) {
    auto It = BodyAnchors.find(D.Id);
    if (It == BodyAnchors.end()) {
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

void Context::templateDirective(const ParsedDirective &D,
                                const DeclContext *DC) {
  const auto *Fn = dyn_cast<FunctionDecl>(DC);
  const bool FreeTemplate = Fn && !isa<CXXMethodDecl>(Fn) &&
                            Fn->getDescribedFunctionTemplate() &&
                            !Fn->getParent()->isDependentContext();
  if (!FreeTemplate) {
    R.error(D.HashLoc,
            "hpf directives in class templates, their members and generic "
            "lambdas are not supported; place them in a function template "
            "or a function");
    return;
  }
  // The template's own body runs for calls with plain arrays, where the
  // directive has no effect (as in the sequential program); the copies
  // made for calls with distributed arrays carry it and are analysed like
  // any function (TemplateCall in Analyzer.h).
  if (D.Dir.Kind == pragma::DirectiveKind::Independent) {
    R.remark(D.HashLoc, "independent loop in template '" +
                            Fn->getNameAsString() +
                            "': it applies in the copy hpfcc makes of each "
                            "instantiation called with distributed arrays");
    return;
  }
  // A distribute of a parameter prescribes the mapping the copy's body
  // works with (the call redistributes an argument that arrives in another
  // one), as in a function.
  if (D.Dir.Kind == pragma::DirectiveKind::Distribute &&
      llvm::any_of(Fn->parameters(), [&](const ParmVarDecl *P) {
        return P->getName() == D.Dir.Array.Name;
      })) {
    R.remark(D.HashLoc, "distribute of parameter '" + D.Dir.Array.Name +
                            "' in template '" + Fn->getNameAsString() +
                            "': it applies in the copy hpfcc makes of each "
                            "instantiation called with distributed arrays");
    return;
  }
  R.error(D.HashLoc,
          std::string("a ") + pragma::directiveName(D.Dir.Kind) +
              " directive in function template '" + Fn->getNameAsString() +
              "' is not supported (only 'independent', and 'distribute' of "
              "a parameter, are): declare the distributed array outside the "
              "template and pass it as an argument, whose mapping the "
              "template's copy inherits");
}

Value Context::foldValue(const ParsedDirective &D, pragma::TokRange TR,
                         const char *What, bool &Ok) {
  Value V;
  V.Text = slotText(D, TR);
  const Expr *E = slotExpr(D, D.slotOf(TR));
  if (!E) {
    Ok = false;
    return V;
  }
  if (E->isTypeDependent() || !E->getType()->isIntegralOrEnumerationType()) {
    R.error(D.locOf(TR.Begin), std::string(What) +
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

bool Context::foldArray(const ParsedDirective &D, pragma::TokRange TR,
                        FormatValue &F) {
  F.Param.Text = slotText(D, TR);
  const Expr *E = slotExpr(D, D.slotOf(TR));
  if (!E)
    return false;
  QualType T = E->getType().getNonReferenceType();
  if (!T->isArrayType() && !T->isRecordType()) {
    R.error(D.locOf(TR.Begin),
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
    R.error(D.locOf(TR.Begin),
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

} // namespace hpf::analysis
