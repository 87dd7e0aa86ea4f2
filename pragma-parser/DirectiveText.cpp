//===- pragma-parser/DirectiveText.cpp - directive text to tokens
//----------===//
//
// A small C-like tokenizer for directive text, for unit tests and the
// fuzzer. The plugin never uses it (Clang's lexer supplies its tokens); it
// only has to classify tokens the way the grammar sees them.
//
//===----------------------------------------------------------------------===//
#include "Directive.h"

#include <cctype>

namespace hpf::pragma {

std::vector<Token> lexDirectiveText(const std::string &Text) {
  std::vector<Token> Out;
  std::size_t I = 0, N = Text.size();
  auto isIdent = [](unsigned char C) { return std::isalnum(C) || C == '_'; };
  while (I < N) {
    unsigned char C = static_cast<unsigned char>(Text[I]);
    if (std::isspace(C)) {
      ++I;
      continue;
    }
    Token T;
    std::size_t Start = I;
    if (std::isalpha(C) || C == '_') {
      while (I < N && isIdent(static_cast<unsigned char>(Text[I])))
        ++I;
      T.Kind = TokKind::Identifier;
    } else if (std::isdigit(C)) {
      while (I < N && (isIdent(static_cast<unsigned char>(Text[I])) ||
                       Text[I] == '.' || Text[I] == '\''))
        ++I;
      T.Kind = TokKind::Number;
    } else {
      ++I;
      switch (C) {
      case '(':
        T.Kind = TokKind::LParen;
        break;
      case ')':
        T.Kind = TokKind::RParen;
        break;
      case '[':
        T.Kind = TokKind::LSquare;
        break;
      case ']':
        T.Kind = TokKind::RSquare;
        break;
      case '{':
        T.Kind = TokKind::LBrace;
        break;
      case '}':
        T.Kind = TokKind::RBrace;
        break;
      case ',':
        T.Kind = TokKind::Comma;
        break;
      case '*':
        T.Kind = TokKind::Star;
        break;
      case '+':
        T.Kind = TokKind::Plus;
        break;
      case ':':
        if (I < N && Text[I] == ':') {
          ++I;
          T.Kind = TokKind::Other; // '::' is not the clause colon
        } else {
          T.Kind = TokKind::Colon;
        }
        break;
      default:
        // Two-character operators stay one token, as in Clang.
        if (I < N && (Text[I] == '=' || (Text[I] == C && C != '"')))
          ++I;
        T.Kind = TokKind::Other;
        break;
      }
    }
    T.Text = Text.substr(Start, I - Start);
    Out.push_back(std::move(T));
  }
  Out.push_back(Token{TokKind::End, ""});
  return Out;
}

} // namespace hpf::pragma
