//===- plan/FormatSpec.h - parse HPF distribution formats -------*- C++ -*-===//
//
// The textual form of a distribution format, as written in a directive or on
// a command line: block, block(k), cyclic, cyclic(k), gen_block(s0,s1,...),
// indirect(o0,o1,...), '*'. Spaces are allowed; keywords are case-insensitive
// (HPF is Fortran). Errors are PlanErrors with one-line messages.
//
//===----------------------------------------------------------------------===//
#ifndef HPF_PLAN_FORMATSPEC_H
#define HPF_PLAN_FORMATSPEC_H

#include "plan/Distribution.h"

#include <optional>
#include <string_view>
#include <vector>

namespace hpf::plan {

struct FormatSpec {
  DistKind Kind = DistKind::Block;
  Index Param = 0;           ///< k of block(k) / cyclic(k); 0 = none written
  std::vector<Index> Values; ///< gen_block sizes or indirect owners

  /// Builds the distribution over `Procs` processors for extent `N`. For
  /// gen_block the processor count and extent are the list's; passing
  /// different ones is an error (as is for indirect a list of the wrong
  /// length).
  Distribution instantiate(Index N, int Procs) const;
  /// Processor count implied by the format (gen_block), if any.
  std::optional<int> impliedProcs() const;
  /// Extent implied by the format (gen_block sum, indirect length), if any.
  std::optional<Index> impliedExtent() const;
};

FormatSpec parseFormat(std::string_view Text);

/// Parses a decimal integer, rejecting junk, signs where not allowed and
/// overflow; `What` names the value in the error message.
Index parseIndex(std::string_view Text, std::string_view What);

} // namespace hpf::plan

#endif // HPF_PLAN_FORMATSPEC_H
