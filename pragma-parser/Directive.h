//===- pragma-parser/Directive.h - parsed #pragma hpf directives -*- C++
//-*-===//
//
// The syntax of one `#pragma hpf` directive (DESIGN.md section 2), as the
// directive parser produces it. Deliberately free of Clang headers: the
// parser works on a neutral token list, so it can be unit-tested and fuzzed
// without a compiler instance, and the analysis can include this cheaply.
//
// Argument expressions are not parsed here. They are token ranges that the
// pragma handler hands to Clang's own parser (carrier declarations), so that
// name lookup, macros and diagnostics are Clang's.
//
//===----------------------------------------------------------------------===//
#ifndef HPF_PRAGMA_DIRECTIVE_H
#define HPF_PRAGMA_DIRECTIVE_H

#include <cstdint>
#include <string>
#include <vector>

namespace hpf::pragma {

/// The neutral token kinds the directive grammar needs. Everything else
/// (operators, literals other than integers, keywords) is `Other` and only
/// ever appears inside argument expressions.
enum class TokKind : std::uint8_t {
  Identifier,
  Number,
  LParen,
  RParen,
  LSquare,
  RSquare,
  LBrace,
  RBrace,
  Comma,
  Colon,
  Star,
  Plus,
  Other,
  End, ///< end of the directive (Clang's eod); always the last token
};

struct Token {
  TokKind Kind = TokKind::End;
  std::string Text; ///< spelling
};

/// [Begin, End) indices into the directive's token list.
struct TokRange {
  unsigned Begin = 0;
  unsigned End = 0;
  bool empty() const { return Begin == End; }
};

enum class DirectiveKind : std::uint8_t {
  Processors,
  Distribute,
  Dynamic,
  Redistribute,
  Independent,
  Inherit, ///< HPF's INHERIT: parameters of the function declared next
};

const char *directiveName(DirectiveKind K);

/// A C++ name written in a directive (array, reduction variable), resolved
/// later by Clang through a carrier.
struct NameRef {
  std::string Name;
  unsigned Tok = 0;
};

enum class FormatKind : std::uint8_t {
  Block,    ///< block or block(k)
  Cyclic,   ///< cyclic or cyclic(k)
  GenBlock, ///< gen_block(sizes)
  Indirect, ///< indirect(map)
  Collapsed ///< '*'
};

const char *formatName(FormatKind K);

struct Format {
  FormatKind Kind = FormatKind::Block;
  unsigned Tok = 0; ///< the keyword (or '*')
  bool HasArg = false;
  TokRange Arg; ///< the argument expression, if HasArg
};

/// One extent of a processor arrangement: an expression or '*' (all ranks).
struct Extent {
  bool Star = false;
  unsigned Tok = 0; ///< first token
  TokRange Expr;
};

enum class ReductionOp : std::uint8_t {
  Sum,
  Product,
  Min,
  Max,
  LogicalAnd, ///< &&
  LogicalOr,  ///< ||
  BitAnd,     ///< &
  BitOr,      ///< |
  BitXor      ///< ^
};

const char *reductionOpSpelling(ReductionOp Op);

/// `p[lower : length]` after a reduction variable (OpenMP's array section):
/// the elements of what a pointer points to that the reduction covers.
struct Section {
  bool Has = false;
  TokRange Lower; ///< empty: from element 0 (`p[:n]`)
  TokRange Length;
};

struct ReductionClause {
  ReductionOp Op = ReductionOp::Sum;
  unsigned OpTok = 0;
  std::vector<NameRef> Vars;
  std::vector<Section> Sections; ///< one per variable
};

struct Directive {
  DirectiveKind Kind = DirectiveKind::Processors;
  unsigned KindTok = 0;

  /// processors NAME(extent, ...)
  NameRef ProcName;
  std::vector<Extent> Extents;

  /// distribute / redistribute ARRAY(fmt, ...) [onto NAME]
  NameRef Array;
  std::vector<Format> Formats;
  bool HasOnto = false;
  NameRef Onto;

  /// dynamic ARRAY, ... / inherit PARAMETER, ...
  std::vector<NameRef> Arrays;

  /// independent [reduction(op: var[[lower : length]], ...)]...
  /// [new(var, ...)]...
  std::vector<ReductionClause> Reductions;
  /// HPF's NEW: variables each iteration assigns before it reads them and
  /// that nothing reads after the loop (the user's assertion).
  std::vector<NameRef> NewVars;
};

/// A fix-it suggested with an error, expressed on the token list.
struct FixIt {
  enum Kind : std::uint8_t { None, InsertBefore, InsertAfter, Replace, Remove };
  Kind Action = None;
  unsigned Tok = 0;
  std::string Text;
};

struct ParseError {
  unsigned Tok = 0; ///< the token the error points at (may be the End token)
  std::string Message;
  FixIt Fix;
};

/// Either a directive or the first error found.
struct ParseResult {
  bool Ok = false;
  Directive Dir;
  ParseError Error;
};

/// Parses the tokens after `#pragma hpf` (the last token must be End).
/// Never throws; every malformed input yields an error at a token.
ParseResult parseDirective(const std::vector<Token> &Toks);

/// Splits directive text into neutral tokens the way Clang would for the
/// grammar's purposes (used by unit tests and the fuzzer; the plugin gets
/// its tokens from Clang's lexer). The result always ends in End.
std::vector<Token> lexDirectiveText(const std::string &Text);

/// Joins the spellings of a token range with single spaces where needed,
/// e.g. for messages and for run-time expressions in remarks.
std::string spell(const std::vector<Token> &Toks, TokRange R);

} // namespace hpf::pragma

#endif // HPF_PRAGMA_DIRECTIVE_H
