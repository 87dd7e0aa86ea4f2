//===- analysis/replicated/Ranges.h - ranges in distributed arrays -*- C++ -*-===//
//
// The positions and ranges a standard algorithm or a range-for is given in
// a distributed array, read from the AST: `std::begin(A)`, `std::end(A)`,
// `A` (decayed), `V.begin()`, `V.end()`, each plus or minus an integer. An
// iterator into a distributed array would see only this rank's part of
// it, so hpfcc never keeps one: a recognised position becomes a global
// index ("0", "A.size() - (1)") copied into the generated call.
//
// Shared by Algorithms.cpp (the algorithms' checks) and RangeFor.cpp (loops
// over a whole array); nothing here reports but an offset that cannot be
// copied.
//
//===----------------------------------------------------------------------===//
#ifndef HPF_ANALYSIS_REPLICATED_RANGES_H
#define HPF_ANALYSIS_REPLICATED_RANGES_H

#include "Phases.h"

#include "clang/AST/Expr.h"

#include <set>
#include <string>
#include <utility>
#include <vector>

namespace hpf::analysis {

/// Through implicit nodes, parentheses and the copies of an iterator or a
/// function object passed by value.
const clang::Expr *stripCopies(const clang::Expr *E);

/// A position in a distributed array: its reference, whether counted from
/// the end, and the offsets added or subtracted.
struct Position {
  const clang::DeclRefExpr *Ref = nullptr;
  DistArray *Array = nullptr;
  bool FromEnd = false;
  std::vector<std::pair<char, const clang::Expr *>> Offsets;
  /// The calls `std::begin(A)` / `V.begin()` it is made of.
  std::vector<const clang::Expr *> Parts;
};

/// Reads positions in distributed arrays; remembers the references and
/// iterator calls it has claimed (Checked, Consumed) so that each is
/// judged once.
class RangeReader {
public:
  RangeReader(Context &C, CheckedRefs &Checked) : C(C), Checked(Checked) {}

  /// The distributed array Ref names (null if none).
  DistArray *arrayOf(const clang::DeclRefExpr *Ref) const;
  /// A reference of one of the call's arguments to a distributed array, as
  /// a whole or an iterator into one (not its elements).
  const clang::DeclRefExpr *arrayArg(const clang::CallExpr *CE);
  /// Inside an independent loop (a for loop of P.Loops, or a range-for in
  /// IndependentRangeFors).
  bool inLoop(const clang::Stmt *S);
  /// `std::begin(A)`, `std::end(A)` (and cbegin, cend), `V.begin()`,
  /// `V.end()` (and cbegin, cend).
  bool part(const clang::Expr *E, Position &Pos);
  /// A position: `A` (decayed), a part above, and either plus or minus an
  /// integer (`A + k`, `std::end(A) - 1`, `V.begin() + k`).
  bool position(const clang::Expr *Arg, Position &Pos);
  /// E as written (its expansion range).
  std::string text(const clang::Expr *E) const;
  /// The position as text ("0", "A.size() - (1)", "(k) + (2)"); empty
  /// (reported) if an offset cannot be copied into the generated call.
  std::string positionText(const Position &Pos);
  /// Whether E is written in the main file outside macros, but for a
  /// macro that ends it (`A + N`).
  bool inFile(const clang::Expr *E) const;
  /// Pos's reference and iterator calls are judged.
  void claim(const Position &Pos);
  /// Claims every reference to a distributed array in S (after an error:
  /// one error per call or loop).
  void claimAll(const clang::Stmt *S);
  const clang::Stmt *parentOf(const clang::Stmt *S) const;
  /// The call's value is not used: it is a statement of its own (in a
  /// block, a label's, an unbraced body, a for's increment), or cast to
  /// void.
  bool discarded(const clang::CallExpr *CE) const;

  /// The range-fors marked independent (RangeFor.cpp adds them).
  std::set<const clang::Stmt *> IndependentRangeFors;

protected:
  Context &C;
  CheckedRefs &Checked;
  std::set<const clang::Expr *> Consumed;

private:
  std::set<const clang::Stmt *> LoopStmts;
};

} // namespace hpf::analysis

#endif // HPF_ANALYSIS_REPLICATED_RANGES_H
