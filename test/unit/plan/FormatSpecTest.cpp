//===- FormatSpecTest.cpp - parsing distribution formats ------------------===//

#include "plan/FormatSpec.h"

#include <gtest/gtest.h>

using namespace hpf::plan;

TEST(FormatSpec, ParsesEveryKind) {
  EXPECT_EQ(parseFormat("block").Kind, DistKind::Block);
  EXPECT_EQ(parseFormat(" BLOCK ( 5 ) ").Param, 5);
  EXPECT_EQ(parseFormat("block(5)").Kind, DistKind::BlockSize);
  EXPECT_EQ(parseFormat("cyclic").Param, 1);
  EXPECT_EQ(parseFormat("cyclic(4)").Param, 4);
  EXPECT_EQ(parseFormat("gen_block(3, 0,9)").Values,
            (std::vector<Index>{3, 0, 9}));
  EXPECT_EQ(parseFormat("indirect(1,0,1)").Kind, DistKind::Indirect);
  EXPECT_EQ(parseFormat("*").Kind, DistKind::Collapsed);
}

TEST(FormatSpec, InstantiatesWithImpliedValues) {
  FormatSpec G = parseFormat("gen_block(3,5,9)");
  EXPECT_EQ(G.impliedProcs(), 3);
  EXPECT_EQ(G.impliedExtent(), 17);
  EXPECT_EQ(G.instantiate(17, 3).localCount(2), 9);
  EXPECT_THROW(G.instantiate(18, 3), PlanError);
  EXPECT_THROW(G.instantiate(17, 4), PlanError);
  EXPECT_EQ(parseFormat("cyclic(3)").instantiate(10, 2).blockSize(), 3);
}

TEST(FormatSpec, RejectsJunkWithClearMessages) {
  auto Message = [](const char *Text) -> std::string {
    try {
      parseFormat(Text);
    } catch (const PlanError &E) {
      return E.what();
    }
    return "";
  };
  EXPECT_EQ(Message("cyclic(x)"), "cyclic(k): 'x' is not a number");
  EXPECT_EQ(Message("cyclic(0)"), "cyclic(k) must be >= 1, got 0");
  EXPECT_EQ(Message("cyclic(4"), "distribution format 'cyclic(4' lacks a "
                                 "closing ')'");
  EXPECT_EQ(Message("gen_block(3,-1)"), "gen_block size -1 is negative");
  EXPECT_EQ(Message("gen_block"),
            "gen_block needs its block sizes: gen_block(s0,s1,...)");
  EXPECT_NE(Message("scatter").find("unknown distribution format 'scatter'"),
            std::string::npos);
  EXPECT_EQ(Message("cyclic(99999999999999999999)"),
            "cyclic(k): '99999999999999999999' is out of range");
}
