//===- analysis/effects/ProgramWrites.h - who writes a variable -*- C++ -*-===//
//
// Whole-program questions about a variable an inspector reads
// (InspectionWindow.cpp): whether it is used only by name, so that every
// write to it is one the effects analysis (effects/Effects.h) sees, and
// whether a function that writes it can run without a direct call the
// analysis follows (a signal handler, a thread, a coroutine, a callback).
//
//===----------------------------------------------------------------------===//
#ifndef HPF_ANALYSIS_PROGRAMWRITES_H
#define HPF_ANALYSIS_PROGRAMWRITES_H

#include "effects/Effects.h"
#include "clang/Basic/SourceLocation.h"
#include "clang/Basic/SourceManager.h"

#include <map>
#include <set>
#include <string>
#include <vector>

namespace clang {
class ASTContext;
class Expr;
class FunctionDecl;
class Stmt;
class VarDecl;
} // namespace clang

namespace hpf::analysis {

inline bool inSystemHeader(const clang::SourceManager &SM,
                           clang::SourceLocation L) {
  return L.isValid() && SM.isInSystemHeader(SM.getExpansionLoc(L));
}

inline std::string lineOf(const clang::SourceManager &SM,
                          clang::SourceLocation L) {
  return std::to_string(SM.getPresumedLineNumber(SM.getExpansionLoc(L)));
}

/// Why V cannot be followed (empty if it can): a number or an array of
/// numbers, used only by name (read, or assigned element by element) in
/// the translation unit (in its function, for a local).
std::string untrackedVariable(clang::ASTContext &Ctx, const clang::VarDecl *V);

/// Why running S (a loop) may write one of Vars (empty if it cannot): a
/// jump into it, or what the effects analysis finds: a write in it or in
/// anything it reaches, transitively, or a call it cannot follow.
std::string writesIn(effects::Analysis &A, clang::ASTContext &Ctx,
                     const std::set<const clang::VarDecl *> &Vars,
                     const clang::Stmt *S);

/// The code of the program that may run without a direct call the effects
/// analysis follows.
struct IndirectEntries {
  /// Functions that may so run, each with the reason: its address taken,
  /// a coroutine, a virtual function, a function object's call operator, a
  /// lambda handed on or without captures, a member of a class handed to
  /// the library, a replacement operator new or delete.
  std::map<const clang::FunctionDecl *, std::string> Functions;
  /// The definitions another file may call by name: external linkage, but
  /// main.
  std::vector<const clang::FunctionDecl *> External;
  /// Initializers of thread_local variables: each runs at the first use
  /// of its variable, in whatever function.
  std::vector<const clang::Expr *> ThreadInits;
  /// Initializers of the other variables of static storage but local
  /// statics: they run before main.
  std::vector<const clang::Expr *> StaticInits;
  /// Why nothing can be told (an asm statement, a function alias), or
  /// empty.
  std::string Other;
};
IndirectEntries indirectEntries(clang::ASTContext &Ctx);

/// Why a write to one of Vars (canonical declarations, each used only by
/// name) may happen outside the direct calls a walk from a loop follows
/// (empty if none can): a function that may write one when it runs (as
/// writesIn), which may run without a direct call: its address taken, a
/// coroutine, a virtual function, a function object's call operator, a
/// lambda handed on or without captures, a member of a class handed to the
/// library, a replacement operator new or delete, a thread_local's
/// initializer; or an asm statement or a function alias anywhere.
std::string indirectWriter(effects::Analysis &A, clang::ASTContext &Ctx,
                           const std::set<const clang::VarDecl *> &Vars);

} // namespace hpf::analysis

#endif // HPF_ANALYSIS_PROGRAMWRITES_H
