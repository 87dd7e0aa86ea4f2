//===- codegen/Emitter.cpp - state and helpers shared by the emitters -----===//
#include "Emitter.h"

#include "../analysis/Expressions.h"

#include "plan/StaticPlanCodec.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

#include <algorithm>

using namespace clang;

namespace hpf::codegen {

using pragma::FormatKind;
using pragma::ParsedDirective;

Emitter::Emitter(ASTContext &Ctx, const pragma::PragmaState &State,
                 const analysis::Program &P)
    : Ctx(Ctx), SM(Ctx.getSourceManager()), LO(Ctx.getLangOpts()), State(State),
      P(P) {
  RW.setSourceMgr(SM, LO);
}

std::string Emitter::fileName() const {
  PresumedLoc PL =
      SM.getPresumedLoc(SM.getLocForStartOfFile(SM.getMainFileID()));
  return PL.isValid() ? PL.getFilename() : "input.cpp";
}

std::string Emitter::where(SourceLocation L) const {
  PresumedLoc PL = SM.getPresumedLoc(SM.getExpansionLoc(L));
  if (PL.isInvalid())
    return "?";
  return std::string(PL.getFilename()) + ":" + std::to_string(PL.getLine()) +
         ":" + std::to_string(PL.getColumn());
}

std::string Emitter::quote(const std::string &S) {
  return plan::cppStringLiteral(S);
}

SourceRange Emitter::fileRange(const Expr *E) const {
  return SourceRange(SM.getExpansionLoc(E->getBeginLoc()),
                     SM.getExpansionRange(E->getEndLoc()).getEnd());
}

std::string Emitter::text(const Expr *E) const {
  SourceRange R = fileRange(E);
  std::string T =
      Lexer::getSourceText(CharSourceRange::getTokenRange(R), SM, LO).str();
  // With the folded uses inside it (`n < std::size(A)` as a loop's bound,
  // which loops copy as text), last first so that offsets hold.
  const unsigned Begin = SM.getFileOffset(R.getBegin());
  std::vector<std::pair<unsigned, const analysis::FoldedUse *>> Inside;
  for (const analysis::FoldedUse &F : P.Folded)
    if (contains(R, F.Range.getBegin()) && contains(R, F.Range.getEnd()))
      Inside.push_back({SM.getFileOffset(F.Range.getBegin()) - Begin, &F});
  std::sort(Inside.rbegin(), Inside.rend());
  for (const auto &[Off, F] : Inside) {
    const unsigned End = SM.getFileOffset(F->Range.getEnd()) - Begin +
                         Lexer::MeasureTokenLength(F->Range.getEnd(), SM, LO);
    if (Off <= End && End <= T.size())
      T.replace(Off, End - Off, F->Text);
  }
  return T;
}

bool Emitter::contains(SourceRange R, SourceLocation At) const {
  return !SM.isBeforeInTranslationUnit(At, R.getBegin()) &&
         !SM.isBeforeInTranslationUnit(R.getEnd(), At);
}

SourceLocation Emitter::afterLoop(const Stmt *Loop) const {
  SourceLocation End = SM.getExpansionRange(Loop->getEndLoc()).getEnd();
  // A do loop ends at `)`, before its `;`.
  if (!isa<DoStmt>(Loop) &&
      isa_and_nonnull<CompoundStmt>(analysis::loopBody(Loop)))
    return Lexer::getLocForEndOfToken(End, 0, SM, LO);
  SourceLocation After =
      Lexer::findLocationAfterToken(End, tok::semi, SM, LO,
                                    /*SkipTrailingWhitespaceAndNewLine=*/false);
  if (After.isInvalid())
    After = Lexer::getLocForEndOfToken(End, 0, SM, LO);
  return After;
}

/// The directive as a comment, for the reader of the output: one line,
/// without continuations, and no `*/` that would end the comment.
std::string Emitter::comment(const ParsedDirective &D) const {
  std::string T =
      Lexer::getSourceText(CharSourceRange::getCharRange(D.HashLoc, D.EndLoc),
                           SM, LO)
          .str();
  std::string Out;
  for (std::size_t I = 0; I < T.size(); ++I) {
    if (T[I] == '\\' && I + 1 < T.size() &&
        (T[I + 1] == '\n' || T[I + 1] == '\r'))
      continue;
    if (T[I] == '\n' || T[I] == '\r') {
      Out += ' ';
      continue;
    }
    if (T[I] == '*' && I + 1 < T.size() && T[I + 1] == '/') {
      Out += "* ";
      continue;
    }
    Out += T[I];
  }
  return "/* " + Out + " */";
}

void Emitter::replaceDirective(const ParsedDirective &D,
                               const std::string &Code) {
  Done.insert(D.Id);
  // The directives of one pragma (`distribute (block) :: A, B`) share its
  // text: the first replaces it, the others' code follows.
  if (!Replaced.insert(D.HashLoc.getRawEncoding()).second) {
    if (!Code.empty())
      RW.InsertTextAfter(D.EndLoc, " " + Code);
    return;
  }
  CharSourceRange R = CharSourceRange::getCharRange(D.HashLoc, D.EndLoc);
  unsigned Lines = Lexer::getSourceText(R, SM, LO).count('\n');
  RW.ReplaceText(R, comment(D) + (Code.empty() ? "" : " " + Code) +
                        std::string(Lines, '\n'));
}

void Emitter::commentOutRest() {
  for (const ParsedDirective &D : State.Directives)
    if (!Done.count(D.Id))
      replaceDirective(D, "");
}

void Emitter::openSubscripts(const analysis::Subscripts &S,
                             const std::string &Open) {
  SourceLocation AfterBase =
      Lexer::getLocForEndOfToken(S.base()->getEndLoc(), 0, SM, LO);
  RW.ReplaceText(CharSourceRange::getCharRange(
                     AfterBase, SM.getExpansionLoc(S.sub(0)->getBeginLoc())),
                 Open);
  for (std::size_t D = 1; D < S.Levels.size(); ++D)
    RW.ReplaceText(CharSourceRange::getCharRange(
                       analysis::rbracketLoc(S.Levels[D - 1]),
                       SM.getExpansionLoc(S.sub(D)->getBeginLoc())),
                   ", ");
}

void Emitter::replaceBase(const analysis::Subscripts &S,
                          const std::string &Name) {
  RW.ReplaceText(fileRange(S.base()->IgnoreParenImpCasts()), Name);
}

std::string Emitter::procsExpr(const analysis::Arrangement *A) {
  return A ? A->CxxName : "hpf::processors::all()";
}

std::string Emitter::formatsExpr(const analysis::Mapping &M) {
  if (M.Formats.size() == 1)
    return formatExpr(M.Formats[0]);
  std::string S =
      "std::array<hpf::format, " + std::to_string(M.Formats.size()) + ">{";
  for (std::size_t I = 0; I < M.Formats.size(); ++I)
    S += (I ? ", " : "") + formatExpr(M.Formats[I]);
  return S + "}";
}

std::string Emitter::formatExpr(const analysis::FormatValue &F) {
  auto Int = [](const analysis::Value &V) {
    return V.Const ? std::to_string(*V.Const)
                   : "static_cast<hpf::index_t>(" + V.Text + ")";
  };
  switch (F.Kind) {
  case FormatKind::Block:
    return F.HasParam ? "hpf::block(" + Int(F.Param) + ")" : "hpf::block()";
  case FormatKind::Cyclic:
    return F.HasParam ? "hpf::cyclic(" + Int(F.Param) + ")" : "hpf::cyclic()";
  case FormatKind::GenBlock:
    return "hpf::gen_block(" + F.Param.Text + ")";
  case FormatKind::Indirect:
    return "hpf::indirect(" + F.Param.Text + ")";
  case FormatKind::Collapsed:
    return "hpf::collapsed()";
  }
  return "/* unsupported format */";
}

} // namespace hpf::codegen
