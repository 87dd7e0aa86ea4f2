//===- pragma-parser/HpfPragma.h - the #pragma hpf handler ------*- C++ -*-===//
//
// HpfPragmaHandler lexes `#pragma hpf ...`, checks the grammar (Directive.h)
// and, for a well-formed directive, pushes carrier declarations back into
// the token stream (PP.EnterTokenStream). A pragma handler runs when the
// lexer reaches the pragma, before the parser has seen the declarations in
// front of it, and a plugin can neither add annotation tokens nor call the
// Parser, so argument expressions are handed to the parser as ordinary
// declarations instead:
//
//   using __hpf_carrier_D_0 [[maybe_unused]] = void;                // anchor
//   using __hpf_carrier_D_S [[maybe_unused]] = decltype((<tokens>)); // slot S
//
// Clang's parser then resolves every argument expression at the directive's
// position. An independent directive before a for loop takes the statement
// form instead (one `if (typedef ... __hpf_carrier_D_S ...; false) ; else`
// per carrier, the loop last), so that carriers and loop are one statement
// even as the unbraced body of a loop or if.
// The anchor marks where the directive sits in the AST (scope and
// statement position, e.g. the loop an `independent` applies to).
//
// The handler does no semantic work. Its results live in a PragmaState that
// the handler and the AST consumer share through a shared_ptr (the plugin
// action dies right after CreateASTConsumer).
//
//===----------------------------------------------------------------------===//
#ifndef HPF_PRAGMA_HPFPRAGMA_H
#define HPF_PRAGMA_HPFPRAGMA_H

#include "Directive.h"

#include "clang/Basic/SourceLocation.h"
#include "clang/Lex/Pragma.h"
#include "clang/Lex/Token.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace hpf::pragma {

/// Prefix of every carrier alias name.
inline constexpr const char *CarrierPrefix = "__hpf_carrier_";
/// The intrinsic a directive's expressions may call (HPF's
/// NUMBER_OF_PROCESSORS()), and what its carrier calls instead.
inline constexpr const char *IntrinsicName = "number_of_processors";
inline constexpr const char *IntrinsicCarrierName =
    "__hpf_number_of_processors";

/// Whether Expr[I] is the intrinsic called unqualified
/// (`number_of_processors(`).
bool isIntrinsicCall(const std::vector<clang::Token> &Expr, std::size_t I);

/// A directive as the handler saw it.
struct ParsedDirective {
  unsigned Id = 0; ///< index in PragmaState::Directives, used in carrier names
  Directive Dir;
  std::vector<Token> Toks;             ///< neutral tokens (last is End)
  std::vector<clang::Token> ClangToks; ///< the same tokens (last is eod)
  clang::SourceLocation HashLoc;       ///< the '#' of '#pragma'
  clang::SourceLocation EndLoc;        ///< end of the directive's line
  /// Token ranges carried, by slot; slot 0 is the anchor (empty range).
  std::vector<TokRange> Slots;

  /// The carrier slot of a token range (by its first token), or -1.
  int slotOf(TokRange R) const;
  int slotOfToken(unsigned Tok) const { return slotOf({Tok, Tok + 1}); }
  /// Location of a token (End maps to the end of the line).
  clang::SourceLocation locOf(unsigned Tok) const;
  /// The directive's own text after "#pragma ", for comments and remarks.
  std::string text() const;
};

struct PragmaState {
  std::vector<ParsedDirective> Directives;
};

/// Parses a carrier alias name "__hpf_carrier_D_S" into (D, S).
std::optional<std::pair<unsigned, unsigned>>
parseCarrierName(const std::string &Name);

class HpfPragmaHandler : public clang::PragmaHandler {
public:
  explicit HpfPragmaHandler(std::shared_ptr<PragmaState> State)
      : clang::PragmaHandler("hpf"), State(std::move(State)) {}
  void HandlePragma(clang::Preprocessor &PP, clang::PragmaIntroducer Intro,
                    clang::Token &FirstTok) override;

private:
  std::shared_ptr<PragmaState> State;
};

/// `#pragma HPF ...` (another spelling of the lower-case `hpf`): Clang would
/// ignore it silently without -Wunknown-pragmas, so the directive would be
/// lost; warn with a fix-it instead.
class MisspelledHpfPragmaHandler : public clang::PragmaHandler {
public:
  explicit MisspelledHpfPragmaHandler(llvm::StringRef Spelling)
      : clang::PragmaHandler(Spelling) {}
  void HandlePragma(clang::Preprocessor &PP, clang::PragmaIntroducer Intro,
                    clang::Token &FirstTok) override;
};

} // namespace hpf::pragma

#endif // HPF_PRAGMA_HPFPRAGMA_H
