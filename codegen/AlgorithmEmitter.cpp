//===- codegen/AlgorithmEmitter.cpp - std algorithms on distributed arrays ===//
//
// A standard algorithm on distributed arrays in replicated code
// (analysis/replicated/Algorithms.cpp) becomes a call of its runtime
// version (runtime/hpfcc/algorithms.h): the tokens from the start of the
// whole expression to the first argument kept as written (the value, the
// initial value, the function) become `hpfcc::algo::<fn>(W, A, lo, hi, `
// with W the call's location; without a kept argument, everything up to
// the call's `)`. `- std::begin(A)` after a min_element's position goes.
//
//   std::fill(std::begin(A), std::end(A), 0.0);
//   -> hpfcc::algo::fill("f.cpp:9:3", A, 0, A.size(), 0.0);
//   m = *std::max_element(V.begin(), V.end());
//   -> m = hpfcc::algo::max_element_value("f.cpp:10:8", V, 0, V.size());
//
// Each edit keeps the lines of what it replaces (newlines follow the
// text), and runs before the elements' edits inside the kept arguments.
//
//===----------------------------------------------------------------------===//
#include "Emitter.h"
#include "LoopEmitter.h"

#include "clang/AST/Expr.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

#include <algorithm>

using namespace clang;

namespace hpf::codegen {

namespace {

/// Text replacing Range: New, then the newlines Range held.
void replaceKeepingLines(Emitter &E, CharSourceRange Range,
                         const std::string &New) {
  const std::string Old =
      Lexer::getSourceText(Range, E.SM, E.LO).str();
  E.RW.ReplaceText(Range,
                   New + std::string(std::size_t(std::count(
                                         Old.begin(), Old.end(), '\n')),
                                     '\n'));
}

} // namespace

void emitAlgorithm(Emitter &E, const analysis::AlgorithmCall &A) {
  std::string Open = "hpfcc::algo::" + A.Function + "(" +
                     E.whereLiteral(A.Call->getBeginLoc());
  for (const analysis::AlgorithmRange &R : A.Ranges) {
    Open += ", " + R.Name;
    if (!R.Lo.empty())
      Open += ", " + R.Lo;
    if (!R.Hi.empty())
      Open += ", " + R.Hi;
  }
  const SourceLocation Begin = E.SM.getExpansionLoc(A.Whole->getBeginLoc());
  if (A.Kept >= 0) {
    const SourceLocation Kept =
        E.fileRange(A.Call->getArg(unsigned(A.Kept))).getBegin();
    replaceKeepingLines(E, CharSourceRange::getCharRange(Begin, Kept),
                        Open + ", ");
  } else {
    replaceKeepingLines(
        E, CharSourceRange::getCharRange(Begin, A.Call->getRParenLoc()), Open);
  }
  // `call - std::begin(A)`: what follows the call's `)` goes.
  if (E.SM.getExpansionLoc(A.Whole->getEndLoc()) != A.Call->getRParenLoc())
    replaceKeepingLines(
        E,
        CharSourceRange::getTokenRange(
            Lexer::getLocForEndOfToken(A.Call->getRParenLoc(), 0, E.SM, E.LO),
            A.Whole->getEndLoc()),
        "");
}

void emitRangeFor(Emitter &E, const analysis::RangeForLoop &L) {
  const std::string W = E.whereLiteral(L.Loop->getRangeInit()->getBeginLoc());
  const char *Fn = L.DirId >= 0 ? "owned_elements"
                   : L.Writes   ? "elements_kept"
                                : "elements";
  E.RW.ReplaceText(E.fileRange(L.Loop->getRangeInit()),
                   std::string("hpfcc::algo::") + Fn + "(" + W + ", " +
                       L.Name + ")");
  if (L.DirId < 0)
    return;
  // As an independent loop's: each rank's part of a reduction starts at
  // the operator's identity (or, idempotent, at the value before), the
  // ranks' parts combine after the loop.
  const pragma::ParsedDirective &D = E.directive(unsigned(L.DirId));
  const std::string Id = std::to_string(L.DirId);
  std::string Pro = "{", Epi;
  for (const analysis::LoopReduction &Red : L.Reductions) {
    const std::string V = Red.Var->getName().str();
    const std::string Saved = "__hpf_" + V + "0_" + Id;
    LoopEmitter::scalarReduction(V, LoopEmitter::combineOf(Red.Op), Saved,
                                 Pro, Epi);
  }
  Pro += " const hpf::rt::independent_scope __hpf_scope" + Id + "(" +
         E.whereLiteral(D.HashLoc) + ");";
  E.replaceDirective(D, Pro);
  E.RW.InsertTextAfter(E.afterLoop(L.Loop), Epi + " }");
}

} // namespace hpf::codegen
