//===- analysis/reads/RowArgs.h - rows passed as pointers -------*- C++ -*-===//
//
// `f(A[i], n)` in an independent loop over A's rows: a row (fewer
// subscripts than A's rank) whose value decays to a pointer is a pointer
// into the rank's local storage when the iteration owns the row and the
// dimensions the row spans are `*` (stored contiguously on the owner).
// Everywhere else a row is an error that says why and what to write.
//
//===----------------------------------------------------------------------===//
#ifndef HPF_ANALYSIS_ROWARGS_H
#define HPF_ANALYSIS_ROWARGS_H

#include "Context.h"

#include "llvm/ADT/STLFunctionalExtras.h"

#include <string>
#include <utility>
#include <vector>

namespace hpf::analysis {

/// True if Acc is a row: fewer subscripts than its array's rank.
bool isRowAccess(const LoopAccess &Acc);

/// Where a row was found.
enum class RowSite { Loop, Replicated };

/// S (a row of A: fewer subscripts than A's rank) in the body of an
/// independent loop: true if it decays to a pointer, with Read set when the
/// pointer only reads (its elements are const). Otherwise reports why at E
/// and returns false.
bool loopRow(Context &C, const clang::Expr *E, const Subscripts &S,
             const DistArray &A, bool &Read);

/// Reports a row of A used in replicated code (M: A's mapping there, null
/// if unknown).
void replicatedRowError(Reporter &R, const clang::Expr *E, const Subscripts &S,
                        const DistArray &A, const Mapping *M);

/// Places the rows of nest L (home mapping HM, null if unknown): a row of an
/// array Aligned says has the home's mapping, at the levels' indices in its
/// distributed dimensions, over `*` dimensions only, becomes Local (a
/// pointer into the local storage); any other row adds an error to Errors.
/// MapOf gives an array's mapping at the loop (null: unknown).
void placeRows(
    OwnerLoop &L, const Mapping *HM,
    llvm::function_ref<bool(DistArray *)> Aligned,
    llvm::function_ref<const Mapping *(DistArray *)> MapOf,
    std::vector<std::pair<clang::SourceLocation, std::string>> &Errors);

/// Rows of arrays that the nest reads from copies (Gathered), or every row
/// of a nest that runs on every rank over copies (Replicated): reported,
/// since a copy is no pointer into the owner's storage; false if any.
bool rowsStayLocal(Reporter &R, const OwnerLoop &L, bool Replicated);

} // namespace hpf::analysis

#endif // HPF_ANALYSIS_ROWARGS_H
