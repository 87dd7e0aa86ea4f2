//===- codegen/ReadBatchEmitter.cpp - a replicated loop's reads, batched --===//
//
// A loop whose element reads the analysis batched (ReadBatches.cpp) is
// wrapped in a block that first runs the inspector, the loop's header with
// the declarations the subscripts use and one add() per read, then one
// fetch(); the loop's body starts each iteration with next_iteration(),
// and each read becomes the value of its slot (hpfcc/read_batch.h):
//
//   { hpfcc::read_batch __hpf_rb12(1);
//     for (int j = 1; j <= 1024; j++) { int q = j % NX;
//       __hpf_rb12.add(U, "ft.cpp:14:17", q); }
//
// (an assignment `q = j % NX;` to a variable declared before the loop
// becomes `decltype(q) q = j % NX;` in the inspector)
//     __hpf_rb12.fetch("ft.cpp:12:3");
//   for (int j = 1; j <= 1024; j++) { __hpf_rb12.next_iteration();
//     int q = j % NX; s += __hpf_rb12.at<double>(0); } }
//
//===----------------------------------------------------------------------===//
#include "Emitter.h"

#include "../analysis/Expressions.h"

#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

#include <algorithm>

using namespace clang;

namespace hpf::codegen {

void emitReadBatch(Emitter &E, const analysis::ReadBatch &B) {
  const ForStmt *L = B.Loop;
  const SourceLocation For = E.SM.getExpansionLoc(L->getForLoc());
  const std::string Name =
      "__hpf_rb" + std::to_string(E.SM.getExpansionLineNumber(For)) + "_" +
      std::to_string(E.SM.getExpansionColumnNumber(For));
  auto Source = [&](CharSourceRange R) {
    return Lexer::getSourceText(R, E.SM, E.LO).str();
  };
  const std::string Header = Source(CharSourceRange::getCharRange(
      E.SM.getExpansionLoc(L->getLParenLoc()).getLocWithOffset(1),
      E.SM.getExpansionLoc(L->getRParenLoc())));
  std::string Inspector = "{ hpfcc::read_batch " + Name + "(" +
                          std::to_string(B.Reads.size()) + "); for (" + Header +
                          ") {";
  for (const Stmt *S : B.Setup) {
    if (const auto *BO = dyn_cast<BinaryOperator>(S)) {
      const std::string V = cast<DeclRefExpr>(BO->getLHS()->IgnoreParens())
                                ->getDecl()
                                ->getName()
                                .str();
      Inspector +=
          " decltype(" + V + ") " + V + " = " + E.text(BO->getRHS()) + ";";
      continue;
    }
    Inspector += " " + Source(E.SM.getExpansionRange(S->getSourceRange()));
  }
  for (std::size_t K = 0; K < B.Reads.size(); ++K) {
    const analysis::ElementAccess *El = nullptr;
    for (const analysis::ElementAccess &A : E.P.Elements)
      if (A.Expr == B.Reads[K])
        El = &A;
    const analysis::Subscripts &S = El->Subs;
    Inspector += " " + Name + ".add(" + E.text(S.base()) + ", " +
                 E.whereLiteral(S.base()->getBeginLoc());
    for (std::size_t D = 0; D < S.Levels.size(); ++D)
      Inspector += ", " + E.text(S.sub(D));
    Inspector += ");";
    // The read itself: its slot's value.
    E.RW.ReplaceText(
        SourceRange(E.SM.getExpansionLoc(S.base()->getBeginLoc()),
                    E.SM.getExpansionLoc(analysis::rbracketLoc(S.whole()))),
        Name + ".at<" + El->Array->ElemType + ">(" + std::to_string(K) + ")");
  }
  Inspector += " } " + Name + ".fetch(" + E.whereLiteral(For) + "); ";
  E.RW.InsertTextBefore(For, Inspector);
  // A body that is not a block becomes one, after the `)` of the header.
  const auto *Block = dyn_cast<CompoundStmt>(L->getBody());
  if (Block)
    E.RW.InsertTextAfterToken(E.SM.getExpansionLoc(Block->getLBracLoc()),
                              " " + Name + ".next_iteration();");
  else
    E.RW.InsertTextAfterToken(E.SM.getExpansionLoc(L->getRParenLoc()),
                              " { " + Name + ".next_iteration();");
  E.RW.InsertTextAfter(E.afterLoop(L), Block ? " }" : " } }");
}

} // namespace hpf::codegen
