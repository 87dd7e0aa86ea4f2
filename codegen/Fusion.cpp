//===- codegen/Fusion.cpp - adjacent nests fused row by row ---------------===//
//
// The LoopEmitter members that emit a pair of nests the analysis fused
// (analysis/loops/Fusion.cpp): the first nest (directive 5) becomes a lambda of
// a function it calls after each of its rows; the second (directive 7),
// right after it, runs its rows through a lambda of their range, calling
// the first nest with a function that runs the rows up to the lag behind
// the first nest's row, then the rows left:
//
//   { const auto __hpf_fused5 = [&](auto &&__hpf_after5) { <nest 5>
//       ... for (int i = ...) { <row i> __hpf_after5(i); } ... };
//   { <prologue 7> const auto __hpf_rows7 = [&](const hpf::index_t
//         __hpf_lo7, const hpf::index_t __hpf_hi7) { for (... :
//         hpfcc::owned_segments(In, 0, __hpf_lo7, __hpf_hi7)) ... };
//     const hpf::index_t __hpf_batch7 = (hpfcc::fused_batch)(In);
//     hpf::index_t __hpf_next7 = lo;
//     __hpf_fused5([&](const hpf::index_t __hpf_t7) {
//       const hpf::index_t __hpf_upto7 = __hpf_t7 - Lag + 1 < (hi)
//           ? __hpf_t7 - Lag + 1 : hpf::index_t(hi);
//       if (__hpf_upto7 - __hpf_next7 >= __hpf_batch7) {
//         __hpf_rows7(__hpf_next7, __hpf_upto7); __hpf_next7 = __hpf_upto7; }
//     });
//     __hpf_rows7(__hpf_next7, hi); } }
//
// The second nest's rows run in batches (hpfcc::fused_batch: about 16 KB
// of rows, one row of the stencil kernel's 2000 doubles, 64 rows of 8):
// each call of its rows lambda finds its owned segments, about 20 ns.
// Both nests stand where they did (the first nest's prologue, its halo
// exchange included, runs when it is called, after nothing else: the
// second nest's directive follows its loop).
//
//===----------------------------------------------------------------------===//
#include "LoopEmitter.h"

#include "clang/AST/Decl.h"
#include "clang/AST/Stmt.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace hpf::codegen {

std::string LoopEmitter::fusedHead() const {
  if (L.FusedNext < 0)
    return "";
  return "{ const auto __hpf_fused" + Id + " = [&](auto &&__hpf_after" + Id +
         ") ";
}

std::string LoopEmitter::fusedCall() const {
  return " __hpf_after" + Id + "(" + L.Levels.front().IndVar->getName().str() +
         "); ";
}

std::string LoopEmitter::fusedBodyEnd() const {
  if (L.FusedNext < 0 || isa<CompoundStmt>(L.outer()->getBody()))
    return "";
  return fusedCall() + "}";
}

void LoopEmitter::fusedHook() {
  if (L.FusedNext < 0)
    return;
  const Stmt *Body = L.outer()->getBody();
  if (const auto *CS = dyn_cast<CompoundStmt>(Body))
    E.RW.InsertTextAfter(E.SM.getExpansionLoc(CS->getRBracLoc()), fusedCall());
  else // after `)`: the body may start with a directive's statement form;
       // closed by fusedBodyEnd(), first after the body
    E.RW.InsertTextAfter(
        Lexer::getLocForEndOfToken(
            E.SM.getExpansionLoc(L.outer()->getRParenLoc()), 0, E.SM, E.LO),
        " {");
  E.RW.InsertTextAfter(E.afterLoop(L.outer()), ";");
}

std::string LoopEmitter::fusedTail() const {
  const NestLevel &Lv = L.Levels.front();
  const auto [Lo, Hi] = interval(Lv);
  const std::string Next = "__hpf_next" + Id, Upto = "__hpf_upto" + Id,
                    T = "__hpf_t" + Id, Batch = "__hpf_batch" + Id,
                    Rows = valueRowsName();
  // The program's macros stay in force here: the runtime's name in
  // parentheses (a function-like `fused_batch` macro does not expand) and
  // no std::min (an object-like `min` would). Hi has no side effects.
  const std::string Ahead = T + " - " + std::to_string(L.FuseLag) + " + 1";
  return "; const hpf::index_t " + Batch + " = (hpfcc::fused_batch)(" +
         L.Home->Name + "); hpf::index_t " + Next + " = " + Lo +
         "; __hpf_fused" + std::to_string(L.FusedInto) +
         "([&](const hpf::index_t " + T + ") { const hpf::index_t " + Upto +
         " = " + Ahead + " < (" + Hi + ") ? " + Ahead + " : hpf::index_t(" +
         Hi + "); if (" + Upto + " - " + Next + " >= " + Batch + ") { " + Rows +
         "(" + Next + ", " + Upto + "); " + Next + " = " + Upto + "; } }); " +
         Rows + "(" + Next + ", " + Hi + ");";
}

void LoopEmitter::fusedClose() {
  if (L.FusedInto >= 0)
    E.RW.InsertTextAfter(E.afterLoop(L.outer()), " }");
}

} // namespace hpf::codegen
