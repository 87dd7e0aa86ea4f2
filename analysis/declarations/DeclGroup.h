//===- analysis/declarations/DeclGroup.h - declarations split ---*- C++ -*-===//
//-*-===//
//
// `double A[N], B[N];` declares several variables in one declaration. A
// distributed array moves to its distribute directive, so such a
// declaration is split: every declarator becomes a declaration of its own
// (the shared specifiers repeated), which means the same in C++.
//
//===----------------------------------------------------------------------===//
#ifndef HPF_ANALYSIS_DECLGROUP_H
#define HPF_ANALYSIS_DECLGROUP_H

#include "clang/Basic/SourceLocation.h"

#include <optional>
#include <string>
#include <vector>

namespace clang {
class ASTContext;
class VarDecl;
} // namespace clang

namespace hpf::analysis {

/// A declaration of several variables, cut into its text pieces.
struct DeclGroup {
  std::vector<const clang::VarDecl *> Vars; ///< in source order
  std::string Spec;                         ///< "static double"
  std::vector<std::string> Declarators;     ///< "A[N]", "*p = nullptr"
  clang::CharSourceRange Range;             ///< the whole declaration and ';'
};

/// The variables declared with VD in one declaration, in source order (VD
/// alone if it is declared alone).
std::vector<const clang::VarDecl *> declGroupOf(clang::ASTContext &Ctx,
                                                const clang::VarDecl *VD);

/// The pieces of VD's declaration, or nullopt if it cannot be split in the
/// source text (macros, a class defined in the specifiers).
std::optional<DeclGroup> splitDeclGroup(clang::ASTContext &Ctx,
                                        const clang::VarDecl *VD);

} // namespace hpf::analysis

#endif // HPF_ANALYSIS_DECLGROUP_H
