//===- analysis/effects/PointerTargets.h - where own pointers point -*- C++ -*-===//
//
// What each pointer variable of a body may point into, when every value it
// is given can be traced back to variables: a Stockham FFT's
// `Complex (*in)[B] = X; ... std::swap(in, out)`-style ping-pong between
// two parameters, `double *row = A[i];`. A write through such a pointer is
// a write of those variables (a parameter's: of its argument), not of
// "anything". Flow-insensitive: every value the pointer is ever given
// counts, at every use.
//
//===----------------------------------------------------------------------===//
#ifndef HPF_ANALYSIS_EFFECTS_POINTERTARGETS_H
#define HPF_ANALYSIS_EFFECTS_POINTERTARGETS_H

#include "clang/AST/ASTContext.h"

#include <functional>
#include <map>
#include <set>
#include <vector>

namespace hpf::analysis::effects {

class PointerTargets {
public:
  /// Own: the body's own variables (its automatic variables and, for a
  /// function, its parameters); only own pointers are traced.
  PointerTargets(clang::ASTContext &Ctx, const clang::Stmt *Body,
                 std::function<bool(const clang::VarDecl *)> Own);

  /// The variables whose storage P may point into (arrays, or scalars whose
  /// address was taken, and pointers not traced here: parameters, globals),
  /// or null when a value P is given cannot be traced (a call's result, a
  /// member, an integer), or P itself escapes (`&P`, a reference to it).
  const std::set<const clang::VarDecl *> *
  targets(const clang::VarDecl *P) const;

private:
  /// Adds the roots of pointer value E to Out (pointers traced here as
  /// dependencies); false if some cannot be traced.
  bool valueRoots(const clang::Expr *E, std::set<const clang::VarDecl *> &Out);
  /// The same for the object E designates (`A[i]`, `s.f`, `*p`).
  bool objectRoots(const clang::Expr *E,
                   std::set<const clang::VarDecl *> &Out);
  bool traced(const clang::VarDecl *V) const;
  void solve();

  clang::ASTContext &Ctx;
  std::function<bool(const clang::VarDecl *)> Own;
  /// Every value each traced pointer is given (its initializer, `p = e`).
  std::map<const clang::VarDecl *, std::vector<const clang::Expr *>> Sources;
  std::set<const clang::VarDecl *> Untraceable;
  std::map<const clang::VarDecl *, std::set<const clang::VarDecl *>> Targets;
};

} // namespace hpf::analysis::effects

#endif
