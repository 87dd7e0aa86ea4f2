// The #pragma hpf grammar: every directive kind, and an error at the right
// token (with a fix-it where one is obvious) for malformed input.
#include "pragma-parser/Directive.h"

#include <gtest/gtest.h>

using namespace hpf::pragma;

namespace {

ParseResult parse(const std::string &Text) {
  return parseDirective(lexDirectiveText(Text));
}

/// The text of the token an error points at ("" for the end).
std::string errorToken(const std::string &Text) {
  auto Toks = lexDirectiveText(Text);
  ParseResult R = parseDirective(Toks);
  EXPECT_FALSE(R.Ok) << Text;
  return Toks[R.Error.Tok].Text;
}

TEST(DirectiveParser, Processors) {
  ParseResult R = parse("processors G(2, n * 3)");
  ASSERT_TRUE(R.Ok) << R.Error.Message;
  EXPECT_EQ(R.Dir.Kind, DirectiveKind::Processors);
  EXPECT_EQ(R.Dir.ProcName.Name, "G");
  ASSERT_EQ(R.Dir.Extents.size(), 2u);
  auto Toks = lexDirectiveText("processors G(2, n * 3)");
  EXPECT_EQ(spell(Toks, R.Dir.Extents[1].Expr), "n*3");
  R = parse("processors P(*)");
  ASSERT_TRUE(R.Ok);
  EXPECT_TRUE(R.Dir.Extents[0].Star);
}

TEST(DirectiveParser, DistributeFormats) {
  ParseResult R = parse("distribute A(cyclic(K * (B + 1))) onto P");
  ASSERT_TRUE(R.Ok) << R.Error.Message;
  EXPECT_EQ(R.Dir.Array.Name, "A");
  ASSERT_EQ(R.Dir.Formats.size(), 1u);
  EXPECT_EQ(R.Dir.Formats[0].Kind, FormatKind::Cyclic);
  EXPECT_TRUE(R.Dir.Formats[0].HasArg);
  EXPECT_TRUE(R.Dir.HasOnto);
  EXPECT_EQ(R.Dir.Onto.Name, "P");
  R = parse("redistribute M(block, *, gen_block(s), indirect(map), cyclic)");
  ASSERT_TRUE(R.Ok) << R.Error.Message;
  ASSERT_EQ(R.Dir.Formats.size(), 5u);
  EXPECT_EQ(R.Dir.Formats[1].Kind, FormatKind::Collapsed);
  EXPECT_EQ(R.Dir.Formats[2].Kind, FormatKind::GenBlock);
  EXPECT_EQ(R.Dir.Formats[3].Kind, FormatKind::Indirect);
  EXPECT_FALSE(R.Dir.Formats[4].HasArg);
  EXPECT_FALSE(R.Dir.HasOnto);
  // Commas inside the argument do not end it.
  R = parse("distribute A(block(f(a, b[1, 2])))");
  ASSERT_TRUE(R.Ok) << R.Error.Message;
}

// HPF's attributed form: one mapping for every array named after '::'.
TEST(DirectiveParser, DistributeSeveralArrays) {
  ParseResult R = parse("distribute (block, *) onto P :: A, B, C");
  ASSERT_TRUE(R.Ok) << R.Error.Message;
  ASSERT_EQ(R.Dir.Arrays.size(), 3u);
  EXPECT_EQ(R.Dir.Arrays[2].Name, "C");
  EXPECT_EQ(R.Dir.Array.Name, "A");
  ASSERT_EQ(R.Dir.Formats.size(), 2u);
  EXPECT_EQ(R.Dir.Formats[1].Kind, FormatKind::Collapsed);
  EXPECT_EQ(R.Dir.Onto.Name, "P");
  R = parse("redistribute (cyclic(2)) :: X");
  ASSERT_TRUE(R.Ok) << R.Error.Message;
  EXPECT_EQ(R.Dir.Arrays.size(), 1u);
  R = parse("distribute (block) A, B");
  ASSERT_FALSE(R.Ok);
  EXPECT_NE(R.Error.Message.find("'::'"), std::string::npos)
      << R.Error.Message;
  R = parse("distribute (block) :: A,");
  ASSERT_FALSE(R.Ok);
  EXPECT_NE(R.Error.Message.find("an array name"), std::string::npos)
      << R.Error.Message;
}

TEST(DirectiveParser, DynamicAndIndependent) {
  ParseResult R = parse("dynamic A, B");
  ASSERT_TRUE(R.Ok);
  ASSERT_EQ(R.Dir.Arrays.size(), 2u);
  EXPECT_EQ(R.Dir.Arrays[1].Name, "B");
  R = parse("independent, reduction(+: s, t) reduction(max: m)");
  ASSERT_TRUE(R.Ok) << R.Error.Message;
  ASSERT_EQ(R.Dir.Reductions.size(), 2u);
  EXPECT_EQ(R.Dir.Reductions[0].Op, ReductionOp::Sum);
  EXPECT_EQ(R.Dir.Reductions[0].Vars.size(), 2u);
  EXPECT_EQ(R.Dir.Reductions[1].Op, ReductionOp::Max);
  EXPECT_TRUE(parse("independent").Ok);
  EXPECT_TRUE(parse("INDEPENDENT REDUCTION(*: p)").Ok); // HPF is Fortran
  R = parse("independent, new(t, x) reduction(+: s) NEW(u)");
  ASSERT_TRUE(R.Ok) << R.Error.Message;
  ASSERT_EQ(R.Dir.NewVars.size(), 3u);
  EXPECT_EQ(R.Dir.NewVars[1].Name, "x");
  EXPECT_EQ(R.Dir.NewVars[2].Name, "u");
  EXPECT_EQ(R.Dir.Reductions.size(), 1u);
}

TEST(DirectiveParser, ReductionSections) {
  const std::string Text =
      "independent reduction(+: rms[0 : 5], s) reduction(max: p[:f(n, 2)])";
  ParseResult R = parse(Text);
  ASSERT_TRUE(R.Ok) << R.Error.Message;
  ASSERT_EQ(R.Dir.Reductions.size(), 2u);
  const ReductionClause &Sum = R.Dir.Reductions[0];
  ASSERT_EQ(Sum.Vars.size(), 2u);
  ASSERT_EQ(Sum.Sections.size(), 2u);
  EXPECT_EQ(Sum.Vars[0].Name, "rms");
  EXPECT_TRUE(Sum.Sections[0].Has);
  EXPECT_FALSE(Sum.Sections[1].Has);
  auto Toks = lexDirectiveText(Text);
  EXPECT_EQ(spell(Toks, Sum.Sections[0].Lower), "0");
  EXPECT_EQ(spell(Toks, Sum.Sections[0].Length), "5");
  const Section &P = R.Dir.Reductions[1].Sections[0];
  EXPECT_TRUE(P.Has);
  EXPECT_TRUE(P.Lower.empty());
  EXPECT_EQ(spell(Toks, P.Length), "f(n,2)");
  EXPECT_EQ(errorToken("independent reduction(+: p[0])"), "]");
  EXPECT_EQ(errorToken("independent reduction(+: p[0:])"), "]");
  EXPECT_EQ(errorToken("independent reduction(+: p[0:n)"), ")");
}

TEST(DirectiveParser, Inherit) {
  ParseResult R = parse("inherit A, x");
  ASSERT_TRUE(R.Ok) << R.Error.Message;
  EXPECT_EQ(R.Dir.Kind, DirectiveKind::Inherit);
  ASSERT_EQ(R.Dir.Arrays.size(), 2u);
  EXPECT_EQ(R.Dir.Arrays[1].Name, "x");
  EXPECT_EQ(errorToken("inherit"), "");
  EXPECT_EQ(errorToken("inherit A B"), "B");
  EXPECT_EQ(errorToken("inherit A(block)"), "(");
}

TEST(DirectiveParser, ErrorsPointAtTheToken) {
  EXPECT_EQ(errorToken("scatter A"), "scatter");
  EXPECT_EQ(errorToken("distribute A(blok)"), "blok");
  EXPECT_EQ(errorToken("distribute A(block) onto"), "");
  EXPECT_EQ(errorToken("distribute A(block) junk"), "junk");
  EXPECT_EQ(errorToken("distribute A(cyclic(4)"), "");
  EXPECT_EQ(errorToken("distribute A(gen_block)"), ")");
  EXPECT_EQ(errorToken("processors P"), "");
  EXPECT_EQ(errorToken("processors P()"), ")");
  EXPECT_EQ(errorToken("independent reduction(- : s)"), "-");
  EXPECT_EQ(errorToken("independent reduction(+ s)"), "s");
  EXPECT_EQ(errorToken("independent new(x"), "");
  EXPECT_EQ(errorToken("independent new(,)"), ",");
  EXPECT_EQ(errorToken("align A(i) with B(i)"), "align");
  EXPECT_EQ(errorToken("dynamic"), "");
  EXPECT_EQ(errorToken("distribute A(block(1)))"), ")");
}

TEST(DirectiveParser, FixIts) {
  ParseResult R = parse("distrbute A(block)");
  ASSERT_FALSE(R.Ok);
  EXPECT_EQ(R.Error.Fix.Action, FixIt::Replace);
  EXPECT_EQ(R.Error.Fix.Text, "distribute");
  R = parse("distribute A(cylic(3))");
  EXPECT_EQ(R.Error.Fix.Text, "cyclic");
  R = parse("distribute A(block) on P");
  EXPECT_EQ(R.Error.Fix.Text, "onto");
  R = parse("independent reduction(+ s)");
  EXPECT_EQ(R.Error.Fix.Action, FixIt::InsertAfter);
  EXPECT_EQ(R.Error.Fix.Text, ":");
  R = parse("distribute A(cyclic(4)");
  EXPECT_EQ(R.Error.Fix.Text, ")");
  // MINLOC/MAXLOC: a min or max reduction whose if records the location.
  R = parse("independent reduction(MAXLOC: best, where)");
  ASSERT_FALSE(R.Ok);
  EXPECT_EQ(R.Error.Fix.Action, FixIt::Replace);
  EXPECT_EQ(R.Error.Fix.Text, "max");
  EXPECT_NE(R.Error.Message.find("the locations need no clause"),
            std::string::npos);
  // No fix-it for words that are nothing like a keyword.
  R = parse("frobnicate A");
  EXPECT_EQ(R.Error.Fix.Action, FixIt::None);
}

TEST(DirectiveParser, NeverThrowsOnJunk) {
  for (std::string S : {"", "(", ")", "((((", "distribute", "distribute (",
                        "processors P(*", "independent reduction(",
                        "distribute A(block(]))", "\x01\x02", "* * *"}) {
    ParseResult R = parse(S);
    EXPECT_FALSE(R.Ok) << S;
    EXPECT_FALSE(R.Error.Message.empty());
  }
}

} // namespace
