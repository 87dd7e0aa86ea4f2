//===- analysis/Mapping.h - mappings the compiler knows ---------*- C++ -*-===//
//
// A mapping is a distribution format per dimension plus a processor
// arrangement, with every parameter either folded to a constant or kept as
// source text for run time. Free of Clang headers: the static/dynamic plan
// decision and the remark texts are plain functions, unit-tested directly.
//
//===----------------------------------------------------------------------===//
#ifndef HPF_ANALYSIS_MAPPING_H
#define HPF_ANALYSIS_MAPPING_H

#include "../pragma-parser/Directive.h"
#include "plan/Distribution.h"
#include "plan/DistributionND.h"
#include "plan/Plan.h"

#include <optional>
#include <string>
#include <vector>

namespace hpf::analysis {

using plan::Index;

/// An integer parameter: a compile-time constant, or an expression (C++
/// source text) evaluated at run time.
struct Value {
  std::optional<Index> Const;
  std::string Text; ///< source text (also set for constants)
  bool known() const { return Const.has_value(); }
  /// The constant in decimal, else the text.
  std::string str() const;
  bool operator==(const Value &O) const;
};

/// A processor arrangement `processors P(e1, ...)`; '*' is all MPI ranks.
struct Arrangement {
  std::string Name;
  std::vector<Value> Extents; ///< '*' extents have Text "*" and no constant
  unsigned DirId = 0;
  /// The C++ name of the generated processor-count variable, qualified
  /// when the arrangement is declared at namespace scope.
  std::string CxxName;
  /// Declared in a function: its name is known only there.
  bool Local = false;
  /// The total processor count, if every extent is a constant.
  std::optional<Index> count() const;
  std::string describe() const; ///< "P(4)", "P(*)"
};

struct FormatValue {
  pragma::FormatKind Kind = pragma::FormatKind::Block;
  bool HasParam = false;
  Value Param; ///< block(k) / cyclic(k): k; gen_block/indirect: the array
  /// gen_block sizes / indirect owners folded from a constant array.
  std::optional<std::vector<Index>> Values;
  bool operator==(const FormatValue &O) const;
  std::string describe() const; ///< "cyclic(4)", "gen_block(sizes)"
};

struct Mapping {
  std::vector<FormatValue> Formats;
  const Arrangement *Onto = nullptr; ///< null: all MPI ranks
  bool operator==(const Mapping &O) const;
  std::string describe() const; ///< "cyclic(3) onto Q(5)"
};

/// The distribution of a mapping of an array with these extents (one
/// format per extent; a 1-D array is rank 1 on a grid {p}), when everything
/// about it is a compile-time constant; otherwise nullopt and `WhyNot`
/// (if given) says which part is only known at run time. Throws
/// plan::PlanError for constant parameters that make no distribution (the
/// analysis checks those first).
std::optional<plan::DistributionND>
staticDistribution(const Mapping &M, const std::vector<Index> &Extents,
                   std::string *WhyNot);

/// The outcome of the compile-time look at one redistribution.
struct PlanDecision {
  enum Kind { Static, Runtime, NoOp } Decision = Runtime;
  std::string Why;                ///< for Runtime: what is not constant
  std::optional<plan::Plan> Plan; ///< for Static
  /// For Static and NoOp: the source and target distributions.
  std::optional<plan::DistributionND> Src, Dst;
};

/// Decides static vs run-time vs removal for a redistribution of an array
/// with these extents whose source mapping is `Src` (nullopt: not known at
/// this point) and target `Dst`. Removal when both mappings are constant
/// and place every element identically; a static plan when both are
/// constant (any rank: rank 1 through the closed forms, a higher rank as one
/// table over the ranks of both grids, exactly as the runtime plans it);
/// otherwise the run-time path, with Why.
PlanDecision decidePlan(const std::optional<Mapping> &Src, const Mapping &Dst,
                        const std::vector<Index> &Extents,
                        const plan::PlanOptions &Opts);

/// One line for a remark: "20 messages in 5 steps (lower bound 5), cost 12
/// elements (lower bound 12), scheduler auto, chose guo-pan + local search"
/// ("scheduler park -> coloring" when the requested one did not apply).
std::string summarizePlan(const plan::Plan &P);

} // namespace hpf::analysis

#endif // HPF_ANALYSIS_MAPPING_H
