//===- StaticPlanCodecTest.cpp - static plan tables, text and load check --===//
//
// A static plan (computed at compile time and emitted as tables) equals the
// plan the runtime computes for the same parameters: same messages, same
// steps and groups, same fingerprint, for any rank. The runtime asks for
// index runs (WithRuns) and the compiler does not; that must not change the
// plan. The load check accepts the tables of the right redistribution and
// names what differs otherwise.
//
//===----------------------------------------------------------------------===//

#include "plan/StaticPlanCodec.h"
#include "plan/FormatSpec.h"

#include <gtest/gtest.h>

using namespace hpf;
using plan::DistributionND;

namespace {

struct Case {
  const char *Src, *Dst;
  plan::Index N;
  int P, Q;
};

plan::Distribution dist(const char *F, plan::Index N, int P) {
  return plan::parseFormat(F).instantiate(N, P);
}

DistributionND rank1(const char *F, plan::Index N, int P) {
  return DistributionND::rank1(dist(F, N, P));
}

TEST(StaticPlanCodec, StaticPlanEqualsRuntimePlan) {
  const Case Cases[] = {
      {"cyclic(4)", "cyclic(3)", 1 << 20, 4, 5}, // DESIGN.md section 1
      {"block", "cyclic", 1000, 4, 4},
      {"cyclic(2)", "cyclic(8)", 960, 3, 5},
      {"block", "block", 100, 3, 5},
      {"gen_block(2,6,4,4)", "block", 16, 4, 4},
      {"block(30)", "cyclic(7)", 100, 4, 2},
  };
  for (const char *Sched : {"auto", "round-robin", "coloring"})
    for (const Case &C : Cases) {
      SCOPED_TRACE(std::string(C.Src) + " -> " + C.Dst + " " + Sched);
      DistributionND S = rank1(C.Src, C.N, C.P), D = rank1(C.Dst, C.N, C.Q);
      plan::PlanOptions Compile;
      Compile.Scheduler = Sched;
      plan::Plan AtCompileTime = plan::makePlan(S, D, Compile);
      plan::StaticPlanTables T = plan::toTables(AtCompileTime, S, D);
      plan::Plan FromTables = plan::toPlan(T);

      plan::PlanOptions Run = Compile;
      Run.WithRuns = true; // what the runtime asks for
      plan::Plan AtRunTime = plan::makePlan(S, D, Run);

      EXPECT_EQ(FromTables.Table.Messages, AtRunTime.Table.Messages);
      EXPECT_EQ(FromTables.Sched.Steps, AtRunTime.Sched.Steps);
      EXPECT_EQ(FromTables.Sched.Groups, AtRunTime.Sched.Groups);
      EXPECT_EQ(T.Fingerprint, plan::fingerprint(AtRunTime));
      EXPECT_EQ(plan::fingerprint(FromTables), plan::fingerprint(AtRunTime));
      EXPECT_EQ(T.P, C.P);
      EXPECT_EQ(T.Q, C.Q);
      EXPECT_EQ(T.N, C.N);
      EXPECT_EQ(T.Extents, std::vector<long long>{C.N});

      // The load check accepts the emitted tables and rebuilds the plan
      // with index runs.
      plan::Plan Loaded;
      static_plan V = T.view();
      EXPECT_EQ(plan::checkStaticPlan(V, S, D, Loaded), "");
      EXPECT_EQ(plan::fingerprint(Loaded), T.Fingerprint);
      EXPECT_EQ(Loaded.Table.Runs.size(), Loaded.Table.Messages.size());
      // The tables survive a copy from the plain data.
      EXPECT_EQ(plan::toPlan(plan::toTables(V)).Sched.Steps,
                FromTables.Sched.Steps);
    }
}

TEST(StaticPlanCodec, TwoDimensionalPlans) {
  DistributionND S({dist("block", 37, 2), dist("cyclic(4)", 53, 1)}, {2, 1});
  DistributionND D({dist("cyclic(2)", 37, 1), dist("block", 53, 2)}, {1, 2});
  DistributionND C({plan::Distribution::collapsed(37), dist("cyclic", 53, 3)},
                   {3});
  for (const auto &[From, To] :
       {std::pair{&S, &D}, std::pair{&D, &C}, std::pair{&C, &S}}) {
    plan::Plan Pl = plan::makePlan(*From, *To);
    plan::StaticPlanTables T = plan::toTables(Pl, *From, *To);
    EXPECT_EQ(T.Extents, (std::vector<long long>{37, 53}));
    EXPECT_EQ(T.SrcGrid, From->grid());
    EXPECT_EQ(T.DstGrid, To->grid());
    plan::Plan WithRuns;
    EXPECT_EQ(plan::checkStaticPlan(T.view(), *From, *To, WithRuns), "");
    plan::PlanOptions O;
    O.WithRuns = true;
    EXPECT_EQ(plan::fingerprint(WithRuns),
              plan::fingerprint(plan::makePlan(*From, *To, O)));
  }
  // A plan for other grids, or a tampered table, is refused with a reason.
  plan::StaticPlanTables T = plan::toTables(plan::makePlan(S, D), S, D);
  plan::Plan Out;
  std::string Why = plan::checkStaticPlan(T.view(), D, S, Out);
  EXPECT_NE(Why.find("static plan (block, cyclic(4)) -> (cyclic(2), block) "
                     "does not fit this redistribution: "),
            std::string::npos)
      << Why;
  EXPECT_NE(Why.find("grids"), std::string::npos) << Why;
  T.Messages[0].size += 1;
  Why = plan::checkStaticPlan(T.view(), S, D, Out);
  EXPECT_NE(Why.find("message 0 is"), std::string::npos) << Why;
  T = plan::toTables(plan::makePlan(S, D), S, D);
  T.Fingerprint ^= 1;
  Why = plan::checkStaticPlan(T.view(), S, D, Out);
  EXPECT_NE(Why.find("fingerprint"), std::string::npos) << Why;
  T.Extents[1] = 54;
  Why = plan::checkStaticPlan(T.view(), S, D, Out);
  EXPECT_NE(Why.find("extents (37, 54)"), std::string::npos) << Why;
}

TEST(StaticPlanCodec, EmissionIsIndependentOfN) {
  // The table size depends on the messages, not on the extent.
  auto Emit = [](plan::Index N) {
    DistributionND S = rank1("cyclic(4)", N, 4), D = rank1("cyclic(3)", N, 5);
    plan::Plan Pl = plan::makePlan(S, D);
    return plan::toSource(plan::toTables(Pl, S, D), "__p", "");
  };
  std::string Small = Emit(1 << 12), Big = Emit(plan::Index(1) << 40);
  EXPECT_LT(Big.size(), Small.size() + 400); // only the numbers get longer
  EXPECT_NE(Big.find("hpf::static_plan_version, 1099511627776, 4, 5"),
            std::string::npos);
}

TEST(StaticPlanCodec, EmittedTextMatchesTables) {
  DistributionND S = rank1("block", 16, 2), D = rank1("cyclic", 16, 2);
  plan::Plan Pl = plan::makePlan(S, D);
  plan::StaticPlanTables T = plan::toTables(Pl, S, D);
  std::string Text = plan::toSource(T, "__hpf_plan_1", "// c\n");
  EXPECT_EQ(Text.rfind("// c\n", 0), 0u);
  EXPECT_NE(
      Text.find("static const hpf::static_message __hpf_plan_1_msg[] = {"),
      std::string::npos);
  EXPECT_NE(Text.find("{0, 0, 4}, {0, 1, 4}, {1, 0, 4}, {1, 1, 4}"),
            std::string::npos)
      << Text;
  EXPECT_NE(Text.find("\"block\", \"cyclic\""), std::string::npos) << Text;
  EXPECT_NE(Text.find("static const long long __hpf_plan_1_extents[] = {\n"
                      "    16};"),
            std::string::npos)
      << Text;
  EXPECT_NE(Text.find("static const int __hpf_plan_1_grids[] = {\n    2, 2};"),
            std::string::npos)
      << Text;
  EXPECT_NE(
      Text.find("    1, __hpf_plan_1_extents, 1, 1, __hpf_plan_1_grids};"),
      std::string::npos)
      << Text;
}

TEST(StaticPlanCodec, StringLiteralsEscapeWhatCxxNeeds) {
  EXPECT_EQ(plan::cppStringLiteral("f.cpp:3:1"), "\"f.cpp:3:1\"");
  EXPECT_EQ(plan::cppStringLiteral("a\"b\\c"), "\"a\\\"b\\\\c\"");
  // A control character becomes three octal digits, so a digit after it
  // stays a digit: "\n1" is not read as one escape.
  EXPECT_EQ(plan::cppStringLiteral("x\n1"), "\"x\\0121\"");
}

} // namespace
