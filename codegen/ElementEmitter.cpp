//===- codegen/ElementEmitter.cpp - elements in replicated code -----------===//
//
// A[k] in replicated code (outside owner-computes loops): reads become
// A.get_at(W, k) (collective: the owner broadcasts), A[k] = v becomes
// A.set_at(W, k, v) and A[k] op= v becomes
// A.update_at<hpf::elem_op::op>(W, k, v) (the owner stores), W being the
// literal "file.cpp:L:C" of the element's base; M[i][j] the same with one
// argument per subscript. A field A[k].p.x = v becomes
// A.set_part_at(W, <lambda naming .p.x>, k, v) (and update_part_at for
// op=). `in >> A[k]` becomes `in >> A.extract_at(W, k)` (hpf::element_in:
// read, extracted into, stored back). Only the tokens around k and v are
// replaced, so nested accesses (A[B[j]]) compose.
//
// Reads that one owner evaluates together (analysis/replicated/OwnerReads.cpp)
// become M.owned_at(W, k, j) inside M.owner_value(W, [&] { return <expr>; }, k,
// N), the subscripts being the first read's: the owner of that element
// computes <expr> and broadcasts its value.
//
//===----------------------------------------------------------------------===//
#include "Emitter.h"

#include "../analysis/Expressions.h"

#include "clang/AST/Expr.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

#include <algorithm>

using namespace clang;

namespace hpf::codegen {

namespace {

/// The group of reads that read El belongs to, if any.
const analysis::OwnerValue *ownerValueOf(const Emitter &E, const Expr *Read) {
  for (const analysis::OwnerValue &V : E.P.OwnerValues)
    if (std::find(V.Reads.begin(), V.Reads.end(), Read) != V.Reads.end())
      return &V;
  return nullptr;
}

/// The first read of V, whose subscripts name the owner.
const analysis::ElementAccess *firstRead(const Emitter &E,
                                         const analysis::OwnerValue &V) {
  for (const analysis::ElementAccess &El : E.P.Elements)
    if (El.Expr == V.Reads.front())
      return &El;
  return nullptr;
}

} // namespace

std::string ownerValueOpen(const Emitter &E, const analysis::OwnerValue &V) {
  const analysis::ElementAccess *First = firstRead(E, V);
  if (!First)
    return "";
  return E.text(First->Subs.base()) + ".owner_value(" +
         E.whereLiteral(E.fileRange(V.Value).getBegin()) + ", [&] { return ";
}

void emitOwnerValue(Emitter &E, const analysis::OwnerValue &V) {
  const analysis::ElementAccess *First = firstRead(E, V);
  if (!First)
    return;
  const analysis::Subscripts &S = First->Subs;
  std::string Subs;
  for (std::size_t D = 0; D < S.Levels.size(); ++D)
    Subs += ", " + E.text(S.sub(D));
  SourceRange R = E.fileRange(V.Value);
  E.RW.InsertTextBefore(R.getBegin(), ownerValueOpen(E, V));
  // Before the `)` that closes an enclosing set_at/update_at there.
  E.RW.InsertTextBefore(Lexer::getLocForEndOfToken(R.getEnd(), 0, E.SM, E.LO),
                        "; }" + Subs + ")");
}

void emitElement(Emitter &E, const analysis::ElementAccess &El) {
  using analysis::ElementAccess;
  const analysis::Subscripts &S = El.Subs;
  // Macros inside k or v are fine (the analysis requires 'A', '[', ']' and
  // the operator in the file): edit at their expansion locations.
  // A field `A[k].p.x = v` is stored through a generic lambda naming it.
  std::string Part = El.Member.empty()
                         ? ""
                         : "[](auto &__hpf_e) -> auto & { return __hpf_e" +
                               El.Member + "; }, ";
  // The first argument is the element's own location (a literal: nothing
  // is built at run time), which the runtime names when the access fails,
  // e.g. a read inside an independent loop (in a function the loop calls).
  std::string Where = E.whereLiteral(S.base()->getBeginLoc()) + ", ";
  if (El.Kind == ElementAccess::Extract) {
    // `in >> A[k].x` -> `in >> A.extract_part_at(W, <part>, k)`.
    E.openSubscripts(S, Part.empty() ? ".extract_at(" + Where
                                     : ".extract_part_at(" + Where + Part);
    SourceLocation RB = analysis::rbracketLoc(S.whole());
    SourceLocation End = RB;
    if (!El.Member.empty())
      End = E.SM.getExpansionLoc(
          analysis::memberTop(E.Ctx, El.Expr)->getEndLoc());
    E.RW.ReplaceText(SourceRange(RB, End), ")");
    return;
  }
  std::string Open =
      El.Kind == ElementAccess::Read
          ? (ownerValueOf(E, El.Expr) ? ".owned_at(" : ".get_at(") + Where
      : El.Kind == ElementAccess::Assign
          ? (Part.empty() ? ".set_at(" + Where : ".set_part_at(" + Where + Part)
          : std::string(Part.empty() ? ".update_at<" : ".update_part_at<") +
                "hpf::elem_op::" + El.Op + ">(" + Where + Part;
  E.openSubscripts(S, Open);
  SourceLocation RB = analysis::rbracketLoc(S.whole());
  if (El.Kind == ElementAccess::Read) {
    E.RW.ReplaceText(SourceRange(RB, RB), ")");
    return;
  }
  // `] = ` / `] += ` up to the value becomes `, `; `)` after the value.
  E.RW.ReplaceText(CharSourceRange::getCharRange(
                       RB, E.SM.getExpansionLoc(El.Value->getBeginLoc())),
                   ", ");
  E.RW.InsertTextAfter(
      Lexer::getLocForEndOfToken(
          E.SM.getExpansionRange(El.Value->getEndLoc()).getEnd(), 0, E.SM,
          E.LO),
      ")");
}

} // namespace hpf::codegen
