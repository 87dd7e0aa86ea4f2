//===- codegen/RowPointer.cpp - a row passed as a pointer in a nest -------===//
//
// A row the iteration owns (analysis/RowArgs.cpp) becomes a pointer into
// the rank's local storage: the row-major offset of its first element,
// the row's own dimensions being `*` (local extent = extent):
//
//   scale(A[i], N, 2.0)  ->  scale((__hpf_A7 + (i + __hpf_seg7_0.off) *
//                                   __hpf_A7_e1), N, 2.0)
//
// A row of a rank-3 array `A[i]` points at rows itself:
// `reinterpret_cast<double (*)[M]>(...)`, the sequential type it decays
// to. Only the tokens around the subscripts change (nested rewrites of the
// subscripts compose), as for local elements.
//
//===----------------------------------------------------------------------===//
#include "LoopEmitter.h"

#include "../analysis/Expressions.h"

#include "clang/AST/Expr.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace hpf::codegen {

void LoopEmitter::rowPointer(const LoopAccess &El) {
  const Subscripts &S = El.Subs;
  const DistArray &A = *El.Array;
  const std::size_t K = S.Levels.size();
  const std::size_t Rank = std::size_t(A.rank());
  const std::string Ptr = name("__hpf_", &A);
  auto Off = [&](std::size_t Dm) {
    int Lv = El.Segment[Dm];
    return Lv < 0 || !segmented(std::size_t(Lv)) ? std::string()
                                                 : " + " + segment(Lv) + ".off";
  };
  auto Simple = [&](std::size_t Dm) {
    const Expr *X = S.sub(Dm)->IgnoreImpCasts();
    return S.sub(Dm)->getBeginLoc().isFileID() &&
           S.sub(Dm)->getEndLoc().isFileID() &&
           (isa<DeclRefExpr>(X) || isa<IntegerLiteral>(X) || isa<ParenExpr>(X));
  };
  auto Open = [&](std::size_t Dm) {
    return std::string(Off(Dm).empty() ? "" : "(") + (Simple(Dm) ? "" : "(");
  };
  auto Close = [&](std::size_t Dm) {
    return std::string(Simple(Dm) ? "" : ")") + Off(Dm) +
           (Off(Dm).empty() ? "" : ")");
  };
  // The pointer's sequential type when it points at arrays (rank - K > 1).
  std::string Cast, Trail;
  for (std::size_t Dm = K; Dm < Rank; ++Dm)
    Trail += " * " + Ptr + "_e" + std::to_string(Dm);
  if (Rank - K > 1) {
    Cast = "reinterpret_cast<" + A.ElemType + " (*)";
    for (std::size_t Dm = K + 1; Dm < Rank; ++Dm)
      Cast += "[" + std::to_string(A.Extents[Dm]) + "]";
    Cast += ">";
  }
  E.replaceBase(S, Cast + "(" + Ptr);
  SourceLocation AfterBase =
      Lexer::getLocForEndOfToken(S.base()->getEndLoc(), 0, E.SM, E.LO);
  E.RW.ReplaceText(
      CharSourceRange::getCharRange(
          AfterBase, E.SM.getExpansionLoc(S.sub(0)->getBeginLoc())),
      " + " + std::string(K - 1, '(') + Open(0));
  for (std::size_t Dm = 1; Dm < K; ++Dm)
    E.RW.ReplaceText(CharSourceRange::getCharRange(
                         analysis::rbracketLoc(S.Levels[Dm - 1]),
                         E.SM.getExpansionLoc(S.sub(Dm)->getBeginLoc())),
                     Close(Dm - 1) + (Dm >= 2 ? ")" : "") + " * " + Ptr + "_e" +
                         std::to_string(Dm) + " + " + Open(Dm));
  SourceLocation RB = analysis::rbracketLoc(S.whole());
  E.RW.ReplaceText(SourceRange(RB, RB),
                   Close(K - 1) + (K >= 2 ? ")" : "") + Trail + ")");
}

} // namespace hpf::codegen
