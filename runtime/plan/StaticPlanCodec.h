//===- plan/StaticPlanCodec.h - static plans: tables, text, checks -*- C++ -*-//
//
// The one codec of compile-time plans (plan/StaticPlan.h), for any rank:
//   plan -> tables     toTables(Plan, Src, Dst): what the compiler emits
//   tables -> C++      toSource(Tables, Name, Comment): the text the plugin
//                      pastes into the rewritten program
//   tables -> plan     toPlan(Tables): the table and schedule they describe
//   static_plan -> plan  checkStaticPlan(S, Src, Dst): the runtime's load
//                      check against the distributions it is applied to
// The plugin, the runtime and their tests all use these functions, so the
// table format is written down once (here and in plan/StaticPlan.h).
//
//===----------------------------------------------------------------------===//
#ifndef HPF_PLAN_STATICPLANCODEC_H
#define HPF_PLAN_STATICPLANCODEC_H

#include "plan/DistributionND.h"
#include "plan/Plan.h"
#include "plan/StaticPlan.h"

#include <cstdint>
#include <string>
#include <vector>

namespace hpf::plan {

/// The static tables of one plan, owning their storage.
struct StaticPlanTables {
  long long N = 0; ///< element count
  int P = 0, Q = 0;
  std::string SrcFormat, DstFormat, Scheduler;
  std::uint64_t Fingerprint = 0;
  std::vector<static_message> Messages;
  std::vector<int> StepOffsets;  ///< steps + 1
  std::vector<int> StepMessages; ///< message indices
  std::vector<int> GroupOffsets; ///< empty, or groups + 1
  std::vector<long long> Extents;
  std::vector<int> SrcGrid, DstGrid;
  std::vector<int> Grids; ///< SrcGrid then DstGrid (what view() points to)

  /// A static_plan pointing into this object (keep it alive, unchanged).
  static_plan view() const;
};

/// The tables of Pl, a plan of Src -> Dst.
StaticPlanTables toTables(const Plan &Pl, const DistributionND &Src,
                          const DistributionND &Dst);
/// A copy of emitted tables (e.g. to inspect or tamper with them in tests).
StaticPlanTables toTables(const static_plan &S);
/// The table (without index runs) and schedule the tables describe.
Plan toPlan(const StaticPlanTables &T);
/// A C++ string literal with the bytes of S (quotes, backslashes and control
/// characters escaped): what generated code spells a format or a source
/// location with, in plan tables and in every other emitted call.
std::string cppStringLiteral(const std::string &S);
/// C++ definitions of `static const hpf::static_plan <Name>` and its arrays
/// (<Name>_msg, _stepoff, _stepmsg, _groupoff, _extents, _grids), after
/// Comment (which should end in a newline).
std::string toSource(const StaticPlanTables &T, const std::string &Name,
                     const std::string &Comment = "");

/// The load check: S against Src -> Dst (extents, grids, processor counts,
/// every message against the table computed from the distributions, the
/// validator on its schedule, the fingerprint). On success Out is the plan
/// (the computed table with index runs, S's schedule) and the result is
/// empty; otherwise the result is the reason, e.g. "static plan cyclic(4)
/// -> cyclic(3) does not fit this redistribution: 12 messages, ...".
std::string checkStaticPlan(const static_plan &S, const DistributionND &Src,
                            const DistributionND &Dst, Plan &Out);

} // namespace hpf::plan

#endif // HPF_PLAN_STATICPLANCODEC_H
