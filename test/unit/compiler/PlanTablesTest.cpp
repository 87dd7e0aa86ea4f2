// A static plan (computed at compile time and emitted as tables) equals the
// plan the runtime computes for the same parameters: same messages, same
// steps and groups, same fingerprint. The runtime asks for index runs
// (WithRuns) and the compiler does not; that must not change the plan.
#include "codegen/PlanTables.h"
#include "plan/FormatSpec.h"

#include <gtest/gtest.h>

using namespace hpf;

namespace {

struct Case {
  const char *Src, *Dst;
  plan::Index N;
  int P, Q;
};

plan::Distribution dist(const char *F, plan::Index N, int P) {
  return plan::parseFormat(F).instantiate(N, P);
}

TEST(PlanTables, StaticPlanEqualsRuntimePlan) {
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
      plan::Distribution S = dist(C.Src, C.N, C.P), D = dist(C.Dst, C.N, C.Q);
      plan::PlanOptions Compile;
      Compile.Scheduler = Sched;
      plan::Plan AtCompileTime = plan::makePlan(S, D, Compile);
      codegen::PlanTables T = codegen::flattenPlan(AtCompileTime, S, D);
      plan::Plan FromTables = codegen::unflattenPlan(T);

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
    }
}

TEST(PlanTables, EmissionIsIndependentOfN) {
  // block -> cyclic(N/P)-like patterns: the table size depends on the
  // messages, not on the extent.
  auto Emit = [](plan::Index N) {
    plan::Distribution S = dist("cyclic(4)", N, 4), D = dist("cyclic(3)", N, 5);
    plan::Plan Pl = plan::makePlan(S, D);
    return codegen::emitPlanTables(codegen::flattenPlan(Pl, S, D), "__p", "");
  };
  std::string Small = Emit(1 << 12), Big = Emit(plan::Index(1) << 40);
  EXPECT_LT(Big.size(), Small.size() + 400); // only the numbers get longer
  EXPECT_NE(Big.find("hpf::static_plan_version, 1099511627776, 4, 5"),
            std::string::npos);
}

TEST(PlanTables, EmittedTextMatchesTables) {
  plan::Distribution S = dist("block", 16, 2), D = dist("cyclic", 16, 2);
  plan::Plan Pl = plan::makePlan(S, D);
  codegen::PlanTables T = codegen::flattenPlan(Pl, S, D);
  std::string Text = codegen::emitPlanTables(T, "__hpf_plan_1", "// c\n");
  EXPECT_EQ(Text.rfind("// c\n", 0), 0u);
  EXPECT_NE(
      Text.find("static const hpf::static_message __hpf_plan_1_msg[] = {"),
      std::string::npos);
  EXPECT_NE(Text.find("{0, 0, 4}, {0, 1, 4}, {1, 0, 4}, {1, 1, 4}"),
            std::string::npos)
      << Text;
  EXPECT_NE(Text.find("\"block\", \"cyclic\""), std::string::npos) << Text;
}

} // namespace
