//===- analysis/ProgramWrites.h - who can write a variable -----*- C++ -*-===//
//
// Whole-program questions about a variable an inspector reads
// (InspectionWindow.cpp): whether it is used only by name, so that every
// write to it is an assignment a walk can see, and whether a function that
// writes it can run without a direct call the walk follows (a signal
// handler, a thread, a coroutine, a callback).
//
//===----------------------------------------------------------------------===//
#ifndef HPF_ANALYSIS_PROGRAMWRITES_H
#define HPF_ANALYSIS_PROGRAMWRITES_H

#include "clang/Basic/SourceLocation.h"
#include "clang/Basic/SourceManager.h"

#include <set>
#include <string>

namespace clang {
class ASTContext;
class VarDecl;
} // namespace clang

namespace hpf::analysis {

inline bool inSystemHeader(const clang::SourceManager &SM,
                           clang::SourceLocation L) {
  return L.isValid() && SM.isInSystemHeader(SM.getExpansionLoc(L));
}

inline std::string lineOf(const clang::SourceManager &SM,
                          clang::SourceLocation L) {
  return std::to_string(SM.getExpansionLineNumber(L));
}

/// Why V cannot be followed (empty if it can): a number or an array of
/// numbers, used only by name (read, or assigned element by element) in
/// the translation unit (in its function, for a local).
std::string untrackedVariable(clang::ASTContext &Ctx, const clang::VarDecl *V);

/// Why a write to one of Vars (canonical declarations, each used only by
/// name) may happen outside the direct calls a walk from a loop follows
/// (empty if none can): a function that writes one, or calls one that
/// does, whose address is taken, or that is a coroutine, a virtual
/// function, a lambda whose closure is handed on, a replacement operator
/// new or delete, or the initializer of a thread_local variable; or an asm
/// statement anywhere.
std::string indirectWriter(clang::ASTContext &Ctx,
                           const std::set<const clang::VarDecl *> &Vars);

} // namespace hpf::analysis

#endif // HPF_ANALYSIS_PROGRAMWRITES_H
