//===- codegen/Emitter.h - state and helpers shared by the emitters -*- C++
//-*-//
//
// The code generator is one Emitter (the Rewriter over the main file, the
// analysed program, the static plan tables collected so far) and one
// emitter function per construct, each in its own file:
//
//   ArrayEmitter.cpp         processors and distribute directives, the
//                            declarations they move
//   RedistributeEmitter.cpp  redistribute directives (+ static plan tables)
//   LoopEmitter.cpp          independent loops and nests (owner computes)
//   AlgorithmEmitter.cpp     standard algorithms on distributed arrays
//                            (std::fill, std::accumulate, std::swap, ...)
//   ElementEmitter.cpp       elements of distributed arrays in replicated
//                            code
//   IoEmitter.cpp            I/O of replicated code (rank 0 does it)
//
// Rewrite.cpp runs them in order and assembles the output. Every edit keeps
// the line structure of the user's file.
//
//===----------------------------------------------------------------------===//
#ifndef HPF_CODEGEN_EMITTER_H
#define HPF_CODEGEN_EMITTER_H

#include "../analysis/Analyzer.h"

#include "clang/Basic/SourceLocation.h"
#include "clang/Rewrite/Core/Rewriter.h"

#include <functional>
#include <set>
#include <string>
#include <vector>

namespace clang {
class ASTContext;
class Expr;
class ForStmt;
class LangOptions;
class SourceManager;
} // namespace clang

namespace hpf::codegen {

class Emitter {
public:
  Emitter(clang::ASTContext &Ctx, const pragma::PragmaState &State,
          const analysis::Program &P);

  clang::ASTContext &Ctx;
  clang::SourceManager &SM;
  const clang::LangOptions &LO;
  const pragma::PragmaState &State;
  const analysis::Program &P;
  clang::Rewriter RW;
  /// Static plan tables, emitted before the user's code.
  std::string Tables;
  /// Edits that need the rewritten text of replicated code (its elements
  /// and owner values): run by rewrite() after those emitters.
  std::vector<std::function<void()>> AfterElements;

  // ---- source text and locations ----
  /// The main file's name as the user wrote it.
  std::string fileName() const;
  /// "file.cpp:12:3", the location that generated code passes to the
  /// runtime for its messages.
  std::string where(clang::SourceLocation L) const;
  /// where(L) as a C++ string literal.
  std::string whereLiteral(clang::SourceLocation L) const {
    return quote(where(L));
  }
  /// S as a C++ string literal.
  static std::string quote(const std::string &S);
  /// The file range of an expression (at its macro expansion, if any).
  clang::SourceRange fileRange(const clang::Expr *E) const;
  std::string text(const clang::Expr *E) const;
  /// At lies inside R (both ends included).
  bool contains(clang::SourceRange R, clang::SourceLocation At) const;
  /// After the loop's last token (after the ';' of a non-compound body).
  clang::SourceLocation afterLoop(const clang::Stmt *Loop) const;

  // ---- directives ----
  /// Replaces a directive's text by itself as a comment and Code, keeping
  /// its number of lines.
  void replaceDirective(const pragma::ParsedDirective &D,
                        const std::string &Code);
  const pragma::ParsedDirective &directive(unsigned Id) const {
    return State.Directives[Id];
  }
  /// Directives not replaced yet become comments.
  void commentOutRest();

  // ---- elements ----
  /// `M[s0][s1]` -> `M<Open>s0, s1]`: the tokens from the base to the first
  /// subscript become Open, each `][` a comma. The last `]` is left.
  void openSubscripts(const analysis::Subscripts &S, const std::string &Open);
  /// Replaces the base `M` of an element.
  void replaceBase(const analysis::Subscripts &S, const std::string &Name);

  // ---- runtime expressions ----
  /// The arrangement's variable, or every rank.
  static std::string procsExpr(const analysis::Arrangement *A);
  /// `hpf::cyclic(4)`, `hpf::gen_block(sizes)`, ...
  static std::string formatExpr(const analysis::FormatValue &F);
  /// `hpf::cyclic(4)` for one dimension, `std::array<hpf::format, 2>{...}`
  /// for more (the type lets hpf::redistribute deduce the rank).
  static std::string formatsExpr(const analysis::Mapping &M);

private:
  std::string comment(const pragma::ParsedDirective &D) const;
  std::set<unsigned> Done;
  /// The directives' texts replaced, by the raw encoding of their '#'.
  std::set<unsigned> Replaced;
};

// ---- the emitters, one file each ----

/// ArrayEmitter.cpp
void emitProcessors(Emitter &E, const analysis::Arrangement &A);
void emitArray(Emitter &E, const analysis::DistArray &A);
void emitPointerArg(Emitter &E, const analysis::PointerArg &PA);
void emitInheritedDecl(Emitter &E, const analysis::InheritedDecl &ID);
std::string darrayType(const analysis::DistArray &A);
/// RedistributeEmitter.cpp
void emitRedistribution(Emitter &E, const analysis::Redistribution &R);
/// LoopEmitter.cpp
void emitLoop(Emitter &E, const analysis::OwnerLoop &L);
/// AlgorithmEmitter.cpp: a standard algorithm on distributed arrays.
void emitAlgorithm(Emitter &E, const analysis::AlgorithmCall &A);
/// A range-for over a distributed array (AlgorithmEmitter.cpp).
void emitRangeFor(Emitter &E, const analysis::RangeForLoop &L);
/// ElementEmitter.cpp
void emitElement(Emitter &E, const analysis::ElementAccess &El);
void emitOwnerValue(Emitter &E, const analysis::OwnerValue &V);
/// A replicated loop whose element reads are fetched before it in one
/// exchange: the inspector, and each read's slot (ReadBatchEmitter.cpp).
void emitReadBatch(Emitter &E, const analysis::ReadBatch &B);
/// The text emitOwnerValue inserts before V's expression,
/// `M.owner_value(W, [&] { return ` (empty if V is not emitted).
std::string ownerValueOpen(const Emitter &E, const analysis::OwnerValue &V);
/// IoEmitter.cpp: I/O of replicated code (stdio, iostreams, file streams),
/// outside the given ranges (distributed loops, whose I/O stays per rank).
void emitIo(Emitter &E, const std::vector<clang::SourceRange> &Skip);

} // namespace hpf::codegen

#endif // HPF_CODEGEN_EMITTER_H
