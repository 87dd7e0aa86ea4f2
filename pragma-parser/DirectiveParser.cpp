//===- pragma-parser/DirectiveParser.cpp - the #pragma hpf grammar
//---------===//
//
// A recursive-descent parser over neutral tokens. It checks the shape of a
// directive and delimits argument expressions (balanced token ranges up to a
// ',' or ')' at nesting depth 0); the expressions themselves are Clang's to
// parse. Keywords are case-insensitive (HPF is Fortran). The first error
// stops parsing; it points at a token and carries a fix-it where the repair
// is obvious (a missing ')' or ':', a misspelt keyword).
//
//===----------------------------------------------------------------------===//
#include "Directive.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <string_view>

namespace hpf::pragma {

const char *directiveName(DirectiveKind K) {
  switch (K) {
  case DirectiveKind::Processors:
    return "processors";
  case DirectiveKind::Distribute:
    return "distribute";
  case DirectiveKind::Dynamic:
    return "dynamic";
  case DirectiveKind::Redistribute:
    return "redistribute";
  case DirectiveKind::Independent:
    return "independent";
  case DirectiveKind::Inherit:
    return "inherit";
  }
  return "?";
}

const char *formatName(FormatKind K) {
  switch (K) {
  case FormatKind::Block:
    return "block";
  case FormatKind::Cyclic:
    return "cyclic";
  case FormatKind::GenBlock:
    return "gen_block";
  case FormatKind::Indirect:
    return "indirect";
  case FormatKind::Collapsed:
    return "*";
  }
  return "?";
}

const char *reductionOpSpelling(ReductionOp Op) {
  switch (Op) {
  case ReductionOp::Sum:
    return "+";
  case ReductionOp::Product:
    return "*";
  case ReductionOp::Min:
    return "min";
  case ReductionOp::Max:
    return "max";
  case ReductionOp::LogicalAnd:
    return "&&";
  case ReductionOp::LogicalOr:
    return "||";
  case ReductionOp::BitAnd:
    return "&";
  case ReductionOp::BitOr:
    return "|";
  case ReductionOp::BitXor:
    return "^";
  }
  return "?";
}

namespace {

std::string lower(std::string_view S) {
  std::string R(S);
  for (char &C : R)
    C = static_cast<char>(std::tolower(static_cast<unsigned char>(C)));
  return R;
}

/// Levenshtein distance, capped: only used to suggest a keyword.
unsigned editDistance(std::string_view A, std::string_view B) {
  if (A.size() > 64 || B.size() > 64)
    return 1000;
  std::vector<unsigned> Row(B.size() + 1);
  for (unsigned J = 0; J <= B.size(); ++J)
    Row[J] = J;
  for (unsigned I = 1; I <= A.size(); ++I) {
    unsigned Diag = Row[0];
    Row[0] = I;
    for (unsigned J = 1; J <= B.size(); ++J) {
      unsigned Up = Row[J];
      Row[J] = std::min({Row[J] + 1, Row[J - 1] + 1,
                         Diag + (A[I - 1] == B[J - 1] ? 0u : 1u)});
      Diag = Up;
    }
  }
  return Row[B.size()];
}

/// The closest keyword within distance 2 (and less than the word's length),
/// or empty.
template <std::size_t N>
std::string closest(std::string_view Word,
                    const std::array<const char *, N> &Keywords) {
  std::string Best;
  unsigned BestD = 3;
  std::string W = lower(Word);
  for (const char *K : Keywords) {
    unsigned D = editDistance(W, K);
    if (D < BestD && D < W.size()) {
      BestD = D;
      Best = K;
    }
  }
  return Best;
}

constexpr std::array<const char *, 6> DirectiveKeywords = {
    "processors",   "distribute",  "dynamic",
    "redistribute", "independent", "inherit"};
constexpr std::array<const char *, 4> FormatKeywords = {
    "block", "cyclic", "gen_block", "indirect"};

class Parser {
public:
  explicit Parser(const std::vector<Token> &Toks) : Toks(Toks) {}

  ParseResult run() {
    ParseResult R;
    if (Toks.empty() || Toks.back().Kind != TokKind::End) {
      R.Error = {0, "internal error: directive tokens must end in End", {}};
      return R;
    }
    R.Ok = parse(R.Dir);
    if (!R.Ok)
      R.Error = Err;
    return R;
  }

private:
  const std::vector<Token> &Toks;
  unsigned Pos = 0;
  ParseError Err;

  const Token &cur() const { return Toks[Pos]; }
  bool at(TokKind K) const { return cur().Kind == K; }
  bool atKeyword(std::string_view K) const {
    return at(TokKind::Identifier) && lower(cur().Text) == K;
  }
  void advance() {
    if (Pos + 1 < Toks.size())
      ++Pos;
  }

  bool fail(unsigned Tok, std::string Message, FixIt Fix = {}) {
    Err = {Tok, std::move(Message), std::move(Fix)};
    return false;
  }
  std::string describe(unsigned Tok) const {
    if (Toks[Tok].Kind == TokKind::End)
      return "end of directive";
    return "'" + Toks[Tok].Text + "'";
  }
  /// Error "expected X" at the current token; with a fix-it inserting
  /// `Insert` after the previous token when given.
  bool expected(const std::string &What, const std::string &Insert = "") {
    FixIt F;
    if (!Insert.empty() && Pos > 0) {
      F = {FixIt::InsertAfter, Pos - 1, Insert};
    }
    return fail(Pos, "expected " + What + ", found " + describe(Pos), F);
  }

  bool expect(TokKind K, const char *Spelling) {
    if (at(K)) {
      advance();
      return true;
    }
    return expected(std::string("'") + Spelling + "'", Spelling);
  }

  bool parseName(NameRef &N, const char *What) {
    if (!at(TokKind::Identifier))
      return expected(What);
    N = {cur().Text, Pos};
    advance();
    return true;
  }

  bool expectEnd() {
    if (at(TokKind::End))
      return true;
    FixIt F{FixIt::Remove, Pos, ""};
    return fail(Pos, "extra tokens at end of hpf directive: " + describe(Pos),
                F);
  }

  /// An argument expression: tokens up to ',' or ')' at depth 0 (in a
  /// section, ':' or ']').
  bool parseExpr(TokRange &R, const char *What, bool InSection = false) {
    R.Begin = Pos;
    std::vector<TokKind> Open;
    while (true) {
      TokKind K = cur().Kind;
      if (K == TokKind::End) {
        if (!Open.empty()) {
          const char *Close = Open.back() == TokKind::LParen    ? ")"
                              : Open.back() == TokKind::LSquare ? "]"
                                                                : "}";
          return expected(std::string("'") + Close + "'", Close);
        }
        break;
      }
      if (Open.empty() && !InSection &&
          (K == TokKind::Comma || K == TokKind::RParen))
        break;
      if (Open.empty() && InSection &&
          (K == TokKind::Colon || K == TokKind::RSquare))
        break;
      if (K == TokKind::LParen || K == TokKind::LSquare ||
          K == TokKind::LBrace) {
        if (Open.size() > 256)
          return fail(Pos, "expression nested too deeply");
        Open.push_back(K);
      } else if (K == TokKind::RParen || K == TokKind::RSquare ||
                 K == TokKind::RBrace) {
        TokKind Want = K == TokKind::RParen    ? TokKind::LParen
                       : K == TokKind::RSquare ? TokKind::LSquare
                                               : TokKind::LBrace;
        if (Open.empty() || Open.back() != Want)
          return fail(Pos, "unbalanced '" + cur().Text + "' in " + What);
        Open.pop_back();
      }
      advance();
    }
    R.End = Pos;
    if (R.empty())
      return expected(What);
    return true;
  }

  bool parse(Directive &D) {
    if (!at(TokKind::Identifier))
      return fail(Pos, "expected an hpf directive (processors, distribute, "
                       "dynamic, redistribute, independent or inherit)");
    std::string Word = lower(cur().Text);
    D.KindTok = Pos;
    if (Word == "processors")
      D.Kind = DirectiveKind::Processors;
    else if (Word == "distribute")
      D.Kind = DirectiveKind::Distribute;
    else if (Word == "dynamic")
      D.Kind = DirectiveKind::Dynamic;
    else if (Word == "redistribute")
      D.Kind = DirectiveKind::Redistribute;
    else if (Word == "independent")
      D.Kind = DirectiveKind::Independent;
    else if (Word == "inherit")
      D.Kind = DirectiveKind::Inherit;
    else if (Word == "align" || Word == "realign" || Word == "template" ||
             Word == "shadow" || Word == "on" ||
             Word == "resident" || Word == "task_region" ||
             Word == "sequence" || Word == "range")
      return fail(Pos, "hpf directive '" + cur().Text +
                           "' is not supported (supported: processors, "
                           "distribute, dynamic, redistribute, independent, "
                           "inherit)");
    else {
      std::string Guess = closest(cur().Text, DirectiveKeywords);
      if (!Guess.empty())
        return fail(Pos,
                    "unknown hpf directive '" + cur().Text +
                        "'; did you mean '" + Guess + "'?",
                    {FixIt::Replace, Pos, Guess});
      return fail(Pos, "unknown hpf directive '" + cur().Text +
                           "' (expected processors, distribute, dynamic, "
                           "redistribute, independent or inherit)");
    }
    advance();
    switch (D.Kind) {
    case DirectiveKind::Processors:
      return parseProcessors(D);
    case DirectiveKind::Distribute:
    case DirectiveKind::Redistribute:
      return parseDistribute(D);
    case DirectiveKind::Dynamic:
      return parseDynamic(D);
    case DirectiveKind::Independent:
      return parseIndependent(D);
    case DirectiveKind::Inherit:
      return parseNames(D, "a parameter name");
    }
    return false;
  }

  bool parseProcessors(Directive &D) {
    if (!parseName(D.ProcName, "a processor arrangement name"))
      return false;
    if (!at(TokKind::LParen))
      return fail(Pos,
                  "expected '(' and the extents of processor arrangement '" +
                      D.ProcName.Name + "', e.g. " + D.ProcName.Name +
                      "(4) or " + D.ProcName.Name + "(*)");
    advance();
    return parseItems([&] {
             Extent E;
             E.Tok = Pos;
             if (at(TokKind::Star) && (Toks[Pos + 1].Kind == TokKind::Comma ||
                                       Toks[Pos + 1].Kind == TokKind::RParen)) {
               E.Star = true;
               advance();
             } else if (!parseExpr(E.Expr, "a processor count")) {
               return false;
             }
             D.Extents.push_back(E);
             return true;
           }) &&
           expectEnd();
  }

  bool parseFormat(Format &F) {
    F.Tok = Pos;
    if (at(TokKind::Star)) {
      F.Kind = FormatKind::Collapsed;
      advance();
      return true;
    }
    if (!at(TokKind::Identifier))
      return expected("a distribution format (block, cyclic, gen_block, "
                      "indirect or *)");
    std::string Word = lower(cur().Text);
    bool ArgRequired = false;
    if (Word == "block")
      F.Kind = FormatKind::Block;
    else if (Word == "cyclic")
      F.Kind = FormatKind::Cyclic;
    else if (Word == "gen_block") {
      F.Kind = FormatKind::GenBlock;
      ArgRequired = true;
    } else if (Word == "indirect") {
      F.Kind = FormatKind::Indirect;
      ArgRequired = true;
    } else {
      std::string Guess = closest(cur().Text, FormatKeywords);
      if (!Guess.empty())
        return fail(Pos,
                    "unknown distribution format '" + cur().Text +
                        "'; did you mean '" + Guess + "'?",
                    {FixIt::Replace, Pos, Guess});
      return fail(Pos, "unknown distribution format '" + cur().Text +
                           "' (expected block, cyclic, gen_block, indirect "
                           "or *)");
    }
    advance();
    if (!at(TokKind::LParen)) {
      if (ArgRequired)
        return fail(Pos, std::string(formatName(F.Kind)) +
                             " needs an argument: " + formatName(F.Kind) +
                             (F.Kind == FormatKind::GenBlock
                                  ? "(array of block sizes)"
                                  : "(array of owners)"));
      return true;
    }
    advance();
    F.HasArg = true;
    if (!parseExpr(F.Arg,
                   F.Kind == FormatKind::GenBlock   ? "an array of block sizes"
                   : F.Kind == FormatKind::Indirect ? "an array of owners"
                                                    : "a block size"))
      return false;
    return expect(TokKind::RParen, ")");
  }

  bool parseDistribute(Directive &D) {
    // HPF's attributed form: `distribute (block, *) [onto P] :: A, B`, the
    // same mapping for each array named.
    if (at(TokKind::LParen)) {
      advance();
      if (!parseFormats(D) || !parseOnto(D))
        return false;
      if (!at(TokKind::Other) || cur().Text != "::")
        return expected("'::' and the names of the arrays after the "
                        "distribution format");
      advance();
      while (true) {
        NameRef N;
        if (!parseName(N, "an array name"))
          return false;
        D.Arrays.push_back(N);
        if (!at(TokKind::Comma))
          break;
        advance();
      }
      D.Array = D.Arrays.front();
      return expectEnd();
    }
    if (!parseName(D.Array, "an array name"))
      return false;
    if (!at(TokKind::LParen))
      return expected("'(' and a distribution format after '" + D.Array.Name +
                      "'");
    advance();
    if (!parseFormats(D) || !parseOnto(D))
      return false;
    return expectEnd();
  }

  /// fmt, ... ) after the '(' of a distribution.
  bool parseFormats(Directive &D) {
    return parseItems([&] {
      Format F;
      if (!parseFormat(F))
        return false;
      D.Formats.push_back(F);
      return true;
    });
  }

  /// [onto NAME]
  bool parseOnto(Directive &D) {
    if (at(TokKind::Identifier) && lower(cur().Text) == "onto") {
      advance();
      D.HasOnto = true;
      if (!parseName(D.Onto, "a processor arrangement name after 'onto'"))
        return false;
    } else if (at(TokKind::Identifier) &&
               (lower(cur().Text) == "on" || lower(cur().Text) == "to" ||
                lower(cur().Text) == "into" || lower(cur().Text) == "unto")) {
      return fail(Pos, "expected 'onto', found '" + cur().Text + "'",
                  {FixIt::Replace, Pos, "onto"});
    }
    return true;
  }

  bool parseDynamic(Directive &D) { return parseNames(D, "an array name"); }

  /// NAME, NAME, ... (dynamic arrays, inherited parameters).
  bool parseNames(Directive &D, const char *What) {
    while (true) {
      NameRef N;
      if (!parseName(N, What))
        return false;
      D.Arrays.push_back(N);
      if (at(TokKind::Comma)) {
        advance();
        continue;
      }
      return expectEnd();
    }
  }

  bool parseIndependent(Directive &D) {
    while (!at(TokKind::End)) {
      if (at(TokKind::Comma) && Toks[Pos + 1].Kind == TokKind::Identifier)
        advance(); // HPF writes "INDEPENDENT, REDUCTION(...)"
      if (atKeyword("reduction")) {
        advance();
        if (!parseReduction(D))
          return false;
        continue;
      }
      if (atKeyword("new")) {
        advance();
        if (!parseNames(D.NewVars, "a variable name"))
          return false;
        continue;
      }
      if (at(TokKind::Identifier)) {
        std::string Guess = closest(
            cur().Text, std::array<const char *, 2>{"reduction", "new"});
        if (!Guess.empty())
          return fail(Pos,
                      "unknown clause '" + cur().Text + "'; did you mean '" +
                          Guess + "'?",
                      {FixIt::Replace, Pos, Guess});
      }
      return expected("'reduction(op: variables)', 'new(variables)' or end "
                      "of directive");
    }
    return true;
  }

  bool parseReduction(Directive &D) {
    if (!expect(TokKind::LParen, "("))
      return false;
    ReductionClause C;
    C.OpTok = Pos;
    if (at(TokKind::Plus))
      C.Op = ReductionOp::Sum;
    else if (at(TokKind::Star))
      C.Op = ReductionOp::Product;
    else if (atKeyword("min"))
      C.Op = ReductionOp::Min;
    else if (atKeyword("max"))
      C.Op = ReductionOp::Max;
    else if (at(TokKind::Other) && cur().Text == "&&")
      C.Op = ReductionOp::LogicalAnd;
    else if (at(TokKind::Other) && cur().Text == "||")
      C.Op = ReductionOp::LogicalOr;
    else if (at(TokKind::Other) && cur().Text == "&")
      C.Op = ReductionOp::BitAnd;
    else if (at(TokKind::Other) && cur().Text == "|")
      C.Op = ReductionOp::BitOr;
    else if (at(TokKind::Other) && cur().Text == "^")
      C.Op = ReductionOp::BitXor;
    else if (atKeyword("minloc") || atKeyword("maxloc")) {
      // HPF's MINLOC/MAXLOC are intrinsics; the loop form is a min or max
      // reduction whose if also records where (analysis/loops/LoopBody.cpp).
      const bool Min = lower(cur().Text) == "minloc";
      const std::string Op = Min ? "min" : "max";
      return fail(Pos,
                  "reduction operator '" + cur().Text +
                      "' is not supported: declare 'reduction(" + Op +
                      ": best)' and record the location in the if that "
                      "updates it ('if (a[i] " +
                      (Min ? "<" : ">") +
                      " best) { best = a[i]; where = i; }'): the locations "
                      "need no clause",
                  {FixIt::Replace, Pos, Op});
    } else if (at(TokKind::Other) || at(TokKind::Identifier))
      return fail(Pos, "reduction operator '" + cur().Text +
                           "' is not supported (use +, *, min, max, &&, ||, "
                           "&, | or ^)");
    else
      return expected("a reduction operator (+, *, min, max, &&, ||, &, | or "
                      "^)");
    advance();
    if (!expect(TokKind::Colon, ":"))
      return false;
    // Variables, each maybe with an array section: `p[lo : n]`, `p[:n]`.
    if (!parseItems([&] {
          NameRef N;
          if (!parseName(N, "a reduction variable"))
            return false;
          Section S;
          if (at(TokKind::LSquare)) {
            advance();
            S.Has = true;
            if (!at(TokKind::Colon) &&
                !parseExpr(S.Lower, "the section's first index", true))
              return false;
            if (!expect(TokKind::Colon, ":") ||
                !parseExpr(S.Length, "the section's length", true) ||
                !expect(TokKind::RSquare, "]"))
              return false;
          }
          C.Vars.push_back(N);
          C.Sections.push_back(S);
          return true;
        }))
      return false;
    D.Reductions.push_back(std::move(C));
    return true;
  }

  /// "(name, ...)" of a clause.
  bool parseNames(std::vector<NameRef> &Out, const char *What) {
    return expect(TokKind::LParen, "(") && parseNameList(Out, What);
  }

  /// "name, ...)": the names of a clause and its closing parenthesis.
  bool parseNameList(std::vector<NameRef> &Out, const char *What) {
    return parseItems([&] {
      NameRef N;
      if (!parseName(N, What))
        return false;
      Out.push_back(N);
      return true;
    });
  }

  /// "item, ...)": items parsed by Item (false: an error, reported),
  /// separated by commas, and the closing parenthesis.
  template <class ItemFn> bool parseItems(ItemFn Item) {
    while (Item()) {
      if (!at(TokKind::Comma))
        return expect(TokKind::RParen, ")");
      advance();
    }
    return false;
  }
};

} // namespace

ParseResult parseDirective(const std::vector<Token> &Toks) {
  return Parser(Toks).run();
}

std::string spell(const std::vector<Token> &Toks, TokRange R) {
  std::string S;
  for (unsigned I = R.Begin; I < R.End && I < Toks.size(); ++I) {
    const Token &T = Toks[I];
    bool Word = T.Kind == TokKind::Identifier || T.Kind == TokKind::Number;
    if (!S.empty() && Word) {
      const Token &P = Toks[I - 1];
      if (P.Kind == TokKind::Identifier || P.Kind == TokKind::Number ||
          P.Kind == TokKind::Other)
        S += ' ';
    } else if (!S.empty() && T.Kind == TokKind::Other &&
               (Toks[I - 1].Kind == TokKind::Identifier ||
                Toks[I - 1].Kind == TokKind::Number)) {
      S += ' ';
    }
    S += T.Text;
  }
  return S;
}

} // namespace hpf::pragma
