//===- analysis/loops/Replicated.h - nests run on every rank ----*- C++ -*-===//
//
// The question the loop phases ask before reporting a write that no rank
// owns: does it make the nest run on every rank over copies instead
// (Replicated.cpp)? replicate() (Phases.h) then does it.
//
//===----------------------------------------------------------------------===//
#ifndef HPF_ANALYSIS_REPLICATED_H
#define HPF_ANALYSIS_REPLICATED_H

#include "Analyzer.h"

namespace hpf::analysis {

/// The index of an inner loop not marked independent that S, a subscript
/// of the written Element, uses (unmarkedIndex), if Element depends on
/// every loop the user marked independent (through its subscripts or the
/// bounds of those inner loops); else null: the marked loop's iterations
/// would all write it, a false assertion that stays an error.
const clang::VarDecl *recurrenceIndex(const OwnerLoop &L,
                                      const Subscripts &Element,
                                      const clang::Expr *S);

} // namespace hpf::analysis

#endif // HPF_ANALYSIS_REPLICATED_H
