//===- pragma-parser/fuzz/DirectiveFuzzer.cpp - libFuzzer target
//-----------===//
//
// Feeds arbitrary text through the directive tokenizer and parser and checks
// the parser's contract: it returns (no crash, no hang, no sanitizer report),
// an error points at an existing token, and every token range of a parsed
// directive lies inside the token list.
//
//===----------------------------------------------------------------------===//
#include "Directive.h"

#include <cstdint>
#include <cstdlib>
#include <string>

using namespace hpf::pragma;

static void require(bool Ok) {
  if (!Ok)
    std::abort();
}

static void checkRange(const std::vector<Token> &T, TokRange R) {
  require(R.Begin <= R.End && R.End < T.size());
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *Data,
                                      std::size_t Size) {
  std::string Text(reinterpret_cast<const char *>(Data), Size);
  std::vector<Token> Toks = lexDirectiveText(Text);
  require(!Toks.empty() && Toks.back().Kind == TokKind::End);
  ParseResult R = parseDirective(Toks);
  if (!R.Ok) {
    require(R.Error.Tok < Toks.size());
    require(!R.Error.Message.empty());
    if (R.Error.Fix.Action != FixIt::None)
      require(R.Error.Fix.Tok < Toks.size());
    return 0;
  }
  const Directive &D = R.Dir;
  require(D.KindTok < Toks.size());
  for (const Extent &E : D.Extents)
    if (!E.Star) {
      checkRange(Toks, E.Expr);
      require(!E.Expr.empty());
    }
  for (const Format &F : D.Formats)
    if (F.HasArg)
      checkRange(Toks, F.Arg);
  for (const ReductionClause &C : D.Reductions)
    require(!C.Vars.empty());
  (void)spell(Toks, {0, static_cast<unsigned>(Toks.size())});
  return 0;
}
