//===- pragma-parser/HpfPragma.cpp - lex, check, push carriers
//-------------===//
#include "HpfPragma.h"

#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/DiagnosticParse.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Preprocessor.h"

#include <cstdlib>

namespace hpf::pragma {

int ParsedDirective::slotOf(TokRange R) const {
  for (unsigned S = 1; S < Slots.size(); ++S)
    if (Slots[S].Begin == R.Begin && !Slots[S].empty())
      return static_cast<int>(S);
  return -1;
}

clang::SourceLocation ParsedDirective::locOf(unsigned Tok) const {
  if (Tok >= ClangToks.size() || ClangToks[Tok].is(clang::tok::eod))
    return EndLoc;
  return ClangToks[Tok].getLocation();
}

std::string ParsedDirective::text() const {
  std::string S = "hpf ";
  S += spell(Toks, {0, static_cast<unsigned>(Toks.size())});
  return S;
}

std::optional<std::pair<unsigned, unsigned>>
parseCarrierName(const std::string &Name) {
  std::string P = CarrierPrefix;
  if (Name.compare(0, P.size(), P) != 0)
    return std::nullopt;
  std::string Rest = Name.substr(P.size());
  auto Us = Rest.find('_');
  if (Us == std::string::npos || Us == 0 || Us + 1 >= Rest.size())
    return std::nullopt;
  char *End = nullptr;
  unsigned long D = std::strtoul(Rest.c_str(), &End, 10);
  if (End != Rest.c_str() + Us)
    return std::nullopt;
  unsigned long S = std::strtoul(Rest.c_str() + Us + 1, &End, 10);
  if (*End != '\0')
    return std::nullopt;
  return std::make_pair(static_cast<unsigned>(D), static_cast<unsigned>(S));
}

/// HPF's NUMBER_OF_PROCESSORS(), spelled `number_of_processors()` in a
/// directive's expressions (`processors P(number_of_processors())`): the
/// carrier calls a function it declares under a reserved name, so Clang
/// parses the call without a declaration in the user's program and does
/// not fold it to a constant; the run-time text becomes
/// hpf::number_of_processors() (analysis/Context.cpp, intrinsicText).
bool isIntrinsicCall(const std::vector<clang::Token> &Expr, std::size_t I) {
  const clang::Token &T = Expr[I];
  if (!T.is(clang::tok::identifier) ||
      T.getIdentifierInfo()->getName() != IntrinsicName)
    return false;
  if (I > 0 && Expr[I - 1].isOneOf(clang::tok::coloncolon, clang::tok::period,
                                   clang::tok::arrow))
    return false; // hpf::number_of_processors() or a member: the user's own
  return I + 1 < Expr.size() && Expr[I + 1].is(clang::tok::l_paren);
}

namespace {

TokKind neutralKind(const clang::Token &T) {
  using namespace clang;
  switch (T.getKind()) {
  case tok::identifier:
    return TokKind::Identifier;
  case tok::kw_new:      // "independent, new(x)"
  case tok::kw_template: // "template T(100)"
    return TokKind::Identifier;
  case tok::numeric_constant:
    return TokKind::Number;
  case tok::l_paren:
    return TokKind::LParen;
  case tok::r_paren:
    return TokKind::RParen;
  case tok::l_square:
    return TokKind::LSquare;
  case tok::r_square:
    return TokKind::RSquare;
  case tok::l_brace:
    return TokKind::LBrace;
  case tok::r_brace:
    return TokKind::RBrace;
  case tok::comma:
    return TokKind::Comma;
  case tok::colon:
    return TokKind::Colon;
  case tok::star:
    return TokKind::Star;
  case tok::plus:
    return TokKind::Plus;
  case tok::eod:
  case tok::eof:
    return TokKind::End;
  default:
    // Keywords that may name directive parts would be identifiers in HPF;
    // none of the grammar's words is a C++ keyword, so keywords are Other.
    return TokKind::Other;
  }
}

/// Builds the synthetic tokens of carrier declarations.
class CarrierBuilder {
public:
  CarrierBuilder(clang::Preprocessor &PP, clang::SourceLocation Loc)
      : PP(PP), Loc(Loc) {}

  void anchor(unsigned Dir) {
    head(Dir, 0);
    word("void");
    punct(clang::tok::semi);
  }
  void carrier(unsigned Dir, unsigned Slot,
               const std::vector<clang::Token> &Expr) {
    for (std::size_t I = 0; I < Expr.size(); ++I)
      if (isIntrinsicCall(Expr, I)) {
        // extern int __hpf_number_of_processors(void); valid at namespace
        // and block scope (`(void)`: no -Wvexing-parse there); never
        // defined, never called: decltype does not evaluate.
        word("extern");
        word("int");
        word(IntrinsicCarrierName);
        punct(clang::tok::l_paren);
        word("void");
        punct(clang::tok::r_paren);
        punct(clang::tok::semi);
        break;
      }
    head(Dir, Slot);
    decltypeOf(Expr);
    punct(clang::tok::semi);
  }
  /// Statement form (before a for loop): each carrier is the init-statement
  /// of an `if` whose else branch is the rest, so that the carriers and the
  /// loop are one statement, also as the unbraced body of a loop or if:
  ///   if (typedef decltype((<tokens>)) __hpf_carrier_D_S [[maybe_unused]];
  ///       false) ; else <the next carrier or the loop>
  /// A typedef is a simple-declaration (valid in C++17 init-statements, an
  /// alias-declaration there is C++23), and the `else` taken here leaves no
  /// `if` without one for a following `else` to bind to.
  void ifAnchor(unsigned Dir) {
    ifHead();
    word("void");
    ifTail(Dir, 0);
  }
  void ifCarrier(unsigned Dir, unsigned Slot,
                 const std::vector<clang::Token> &Expr) {
    ifHead();
    decltypeOf(Expr);
    ifTail(Dir, Slot);
  }
  std::vector<clang::Token> take() { return std::move(Out); }

private:
  clang::Preprocessor &PP;
  clang::SourceLocation Loc;
  std::vector<clang::Token> Out;

  void decltypeOf(const std::vector<clang::Token> &Expr) {
    word("decltype");
    punct(clang::tok::l_paren);
    punct(clang::tok::l_paren);
    for (std::size_t I = 0; I < Expr.size(); ++I) {
      clang::Token T = Expr[I];
      T.clearFlag(clang::Token::StartOfLine);
      if (isIntrinsicCall(Expr, I)) // keeps the user's location
        T.setIdentifierInfo(PP.getIdentifierInfo(IntrinsicCarrierName));
      Out.push_back(T);
    }
    punct(clang::tok::r_paren);
    punct(clang::tok::r_paren);
  }
  void ifHead() {
    word("if");
    punct(clang::tok::l_paren);
    word("typedef");
  }
  void ifTail(unsigned Dir, unsigned Slot) {
    name(Dir, Slot);
    maybeUnused();
    punct(clang::tok::semi);
    word("false");
    punct(clang::tok::r_paren);
    punct(clang::tok::semi);
    word("else");
  }
  void name(unsigned Dir, unsigned Slot) {
    word(std::string(CarrierPrefix) + std::to_string(Dir) + "_" +
         std::to_string(Slot));
  }
  void maybeUnused() {
    punct(clang::tok::l_square);
    punct(clang::tok::l_square);
    word("maybe_unused");
    punct(clang::tok::r_square);
    punct(clang::tok::r_square);
  }
  void head(unsigned Dir, unsigned Slot) {
    word("using");
    name(Dir, Slot);
    maybeUnused();
    punct(clang::tok::equal);
  }
  void word(const std::string &Spelling) {
    clang::Token T;
    T.startToken();
    T.setLocation(Loc);
    T.setLength(0);
    clang::IdentifierInfo *II = PP.getIdentifierInfo(Spelling);
    T.setIdentifierInfo(II);
    T.setKind(II->getTokenID());
    Out.push_back(T);
  }
  void punct(clang::tok::TokenKind K) {
    clang::Token T;
    T.startToken();
    T.setLocation(Loc);
    T.setLength(0);
    T.setKind(K);
    Out.push_back(T);
  }
};

} // namespace

/// Slots: the anchor, then every C++ expression or name in the directive.
static void addSlots(ParsedDirective &PD) {
  PD.Slots.push_back({});
  const Directive &D = PD.Dir;
  switch (D.Kind) {
  case DirectiveKind::Processors:
    for (const Extent &E : D.Extents)
      if (!E.Star)
        PD.Slots.push_back(E.Expr);
    break;
  case DirectiveKind::Distribute:
  case DirectiveKind::Redistribute:
    PD.Slots.push_back({D.Array.Tok, D.Array.Tok + 1});
    for (const Format &F : D.Formats)
      if (F.HasArg)
        PD.Slots.push_back(F.Arg);
    break;
  case DirectiveKind::Dynamic:
    for (const NameRef &N : D.Arrays)
      PD.Slots.push_back({N.Tok, N.Tok + 1});
    break;
  case DirectiveKind::Independent:
    for (const ReductionClause &C : D.Reductions)
      for (std::size_t K = 0; K < C.Vars.size(); ++K) {
        PD.Slots.push_back({C.Vars[K].Tok, C.Vars[K].Tok + 1});
        if (C.Sections[K].Has && !C.Sections[K].Lower.empty())
          PD.Slots.push_back(C.Sections[K].Lower);
        if (C.Sections[K].Has)
          PD.Slots.push_back(C.Sections[K].Length);
      }
    for (const NameRef &N : D.NewVars)
      PD.Slots.push_back({N.Tok, N.Tok + 1});
    break;
  case DirectiveKind::Inherit:
    // The parameters are not in scope before their function: the analysis
    // finds them in the declaration after the anchor.
    break;
  }
}

void HpfPragmaHandler::HandlePragma(clang::Preprocessor &PP,
                                    clang::PragmaIntroducer Intro,
                                    clang::Token &FirstTok) {
  clang::DiagnosticsEngine &Diags = PP.getDiagnostics();
  clang::SourceManager &SM = PP.getSourceManager();
  unsigned ErrID = Diags.getCustomDiagID(clang::DiagnosticsEngine::Error, "%0");

  ParsedDirective PD;
  PD.HashLoc = Intro.Loc;
  clang::Token Tok;
  PP.Lex(Tok);
  while (true) {
    PD.ClangToks.push_back(Tok);
    Token N;
    N.Kind = neutralKind(Tok);
    if (N.Kind != TokKind::End)
      N.Text = PP.getSpelling(Tok);
    PD.Toks.push_back(std::move(N));
    if (Tok.isOneOf(clang::tok::eod, clang::tok::eof))
      break;
    PP.Lex(Tok);
  }
  PD.EndLoc = Tok.getLocation();

  if (Intro.Kind != clang::PIK_HashPragma || Intro.Loc.isMacroID()) {
    PP.Diag(FirstTok.getLocation(), ErrID)
        << "hpf directives must be written as '#pragma hpf', not produced "
           "by _Pragma or a macro";
    return;
  }
  if (!PP.getLangOpts().CPlusPlus) {
    PP.Diag(FirstTok.getLocation(), ErrID)
        << "hpf directives need C++ (compile as C++)";
    return;
  }

  ParseResult R = parseDirective(PD.Toks);
  if (!R.Ok) {
    const ParseError &E = R.Error;
    clang::SourceLocation Loc = PD.locOf(E.Tok);
    auto DB = PP.Diag(Loc, ErrID);
    DB << E.Message;
    const FixIt &F = E.Fix;
    clang::SourceLocation FLoc = PD.locOf(F.Tok);
    if (FLoc.isFileID()) {
      switch (F.Action) {
      case FixIt::None:
        break;
      case FixIt::InsertBefore:
        DB << clang::FixItHint::CreateInsertion(FLoc, F.Text);
        break;
      case FixIt::InsertAfter:
        DB << clang::FixItHint::CreateInsertion(PP.getLocForEndOfToken(FLoc),
                                                F.Text);
        break;
      case FixIt::Replace:
        DB << clang::FixItHint::CreateReplacement(
            clang::CharSourceRange::getTokenRange(FLoc), F.Text);
        break;
      case FixIt::Remove:
        if (PD.EndLoc.isFileID())
          DB << clang::FixItHint::CreateRemoval(
              clang::CharSourceRange::getCharRange(FLoc, PD.EndLoc));
        break;
      }
    }
    return;
  }
  // A header is shared by the files that include it; only `inherit`,
  // which declares what a function's parameters take and rewrites nothing,
  // may stand there (every file that calls or defines the function must
  // see it).
  if (!SM.isInMainFile(Intro.Loc) && R.Dir.Kind != DirectiveKind::Inherit) {
    PP.Diag(FirstTok.getLocation(), ErrID)
        << "hpf directives are only supported in the main source file, not "
           "in included headers (except 'inherit' before a function "
           "declaration)";
    return;
  }
  // `distribute (fmt) :: A, B` is one directive per array, each with the
  // directive's tokens (and source range).
  std::vector<ParsedDirective> Parts;
  const bool PerArray = (R.Dir.Kind == DirectiveKind::Distribute ||
                         R.Dir.Kind == DirectiveKind::Redistribute) &&
                        !R.Dir.Arrays.empty();
  const std::vector<NameRef> Names = PerArray ? R.Dir.Arrays
                                              : std::vector<NameRef>();
  PD.Dir = std::move(R.Dir);
  if (!PerArray)
    Parts.push_back(std::move(PD));
  for (const NameRef &N : Names) {
    ParsedDirective Part = PD;
    Part.Dir.Array = N;
    Part.Dir.Arrays.clear();
    Parts.push_back(std::move(Part));
  }

  // An independent directive before a for loop takes the statement form, so
  // that it may be the unbraced body of a loop or if; the token after the
  // directive tells (it goes back into the stream after the carriers). A
  // loop with attributes (`[[...]] for`, `#pragma clang loop` or `#pragma
  // unroll` before it) takes it too, so the analysis sees the loop and
  // says what it cannot do with the attributes.
  std::optional<clang::Token> Next;
  if (Parts.front().Dir.Kind == DirectiveKind::Independent) {
    Next.emplace();
    PP.Lex(*Next);
  }
  const bool StatementForm =
      Next && Next->isOneOf(clang::tok::kw_for, clang::tok::l_square,
                            clang::tok::annot_pragma_loop_hint);
  if (StatementForm) {
    // The injected `if (...) ; else` would make Clang warn "add explicit
    // braces to avoid dangling else" at the directive when it is the
    // unbraced body of an `if` with no else (`if (c) #pragma hpf
    // independent for ...`): the sequential program has no such else. The
    // warning is off for the directive's own tokens only, as
    // `#pragma clang diagnostic push/ignored/pop` around them would do.
    // (A dangling else of the user's inside the loop body is then not
    // reported by this pass either: Clang reports it at the outermost
    // trailing else, here the injected one. The sequential build reports
    // it; a spurious warning would break -Werror builds of valid code.)
    clang::DiagnosticsEngine &DE = PP.getDiagnostics();
    DE.pushMappings(FirstTok.getLocation());
    DE.setSeverity(clang::diag::warn_dangling_else,
                   clang::diag::Severity::Ignored, FirstTok.getLocation());
    DE.popMappings(Next->getLocation());
  }
  std::vector<clang::Token> Toks;
  for (ParsedDirective &Part : Parts) {
    Part.Id = static_cast<unsigned>(State->Directives.size());
    addSlots(Part);
    CarrierBuilder B(PP, FirstTok.getLocation());
    if (StatementForm)
      B.ifAnchor(Part.Id);
    else
      B.anchor(Part.Id);
    for (unsigned S = 1; S < Part.Slots.size(); ++S) {
      std::vector<clang::Token> Expr(Part.ClangToks.begin() +
                                         Part.Slots[S].Begin,
                                     Part.ClangToks.begin() +
                                         Part.Slots[S].End);
      if (StatementForm)
        B.ifCarrier(Part.Id, S, Expr);
      else
        B.carrier(Part.Id, S, Expr);
    }
    std::vector<clang::Token> PartToks = B.take();
    Toks.insert(Toks.end(), PartToks.begin(), PartToks.end());
    State->Directives.push_back(std::move(Part));
  }
  if (Next)
    Toks.push_back(*Next);

  auto Buf = std::make_unique<clang::Token[]>(Toks.size());
  std::copy(Toks.begin(), Toks.end(), Buf.get());
  PP.EnterTokenStream(std::move(Buf), Toks.size(),
                      /*DisableMacroExpansion=*/true, /*IsReinject=*/false);
}

void MisspelledHpfPragmaHandler::HandlePragma(clang::Preprocessor &PP,
                                              clang::PragmaIntroducer,
                                              clang::Token &FirstTok) {
  clang::DiagnosticsEngine &Diags = PP.getDiagnostics();
  unsigned ID = Diags.getCustomDiagID(
      clang::DiagnosticsEngine::Warning,
      "'#pragma %0' is not an hpfcc directive and is ignored (directives are "
      "spelled in lower case); did you mean 'hpf'?");
  Diags.Report(FirstTok.getLocation(), ID)
      << getName()
      << clang::FixItHint::CreateReplacement(FirstTok.getLocation(), "hpf");
  clang::Token Tok;
  do
    PP.Lex(Tok);
  while (Tok.isNot(clang::tok::eod) && Tok.isNot(clang::tok::eof));
}

} // namespace hpf::pragma
