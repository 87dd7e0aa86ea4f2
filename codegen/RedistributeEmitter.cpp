//===- codegen/RedistributeEmitter.cpp - redistribute directives ----------===//
//
// `#pragma hpf redistribute A(cyclic(3)) onto Q` becomes a call of
// hpf::redistribute. When the analysis computed the plan at compile time
// (PlanDecision::Static), its constant tables are emitted before the user's
// code and passed to the call; a redistribution to the mapping the array
// already has is removed.
//
//===----------------------------------------------------------------------===//
#include "Emitter.h"
#include "plan/StaticPlanCodec.h"

namespace hpf::codegen {

void emitRedistribution(Emitter &E, const analysis::Redistribution &R) {
  const pragma::ParsedDirective &D = E.directive(R.DirId);
  const analysis::PlanDecision &Dec = R.Decision;
  if (Dec.Decision == analysis::PlanDecision::NoOp) {
    E.replaceDirective(D, "/* removed: '" + R.Array->Name +
                              "' already has this mapping */");
    return;
  }
  std::string Call = "hpf::redistribute(" + R.Array->Name + ", " +
                     Emitter::formatsExpr(R.Target) + ", " +
                     Emitter::procsExpr(R.Target.Onto) + ", ";
  if (Dec.Decision == analysis::PlanDecision::Static) {
    std::string Name = "__hpf_plan_" + std::to_string(R.DirId);
    plan::StaticPlanTables T = plan::toTables(*Dec.Plan, *Dec.Src, *Dec.Dst);
    std::string Comment = "// " + E.where(D.HashLoc) + ": redistribute " +
                          R.Array->Name + " " + R.Source->describe() + " -> " +
                          R.Target.describe() + ", " +
                          std::to_string(R.Array->Extent) + " elements\n// " +
                          analysis::summarizePlan(*Dec.Plan) + "\n";
    E.Tables += plan::toSource(T, Name, Comment);
    Call += Name + ", ";
  }
  E.replaceDirective(D, Call + E.whereLiteral(D.HashLoc) + ");");
}

} // namespace hpf::codegen
