//===- analysis/Context.h - what the analysis phases share ------*- C++ -*-===//
//
// Every phase of the analysis (Phases.h) works on one Context: the Clang
// compiler and AST, the handler's directive table, the reporter through
// which all diagnostics and remarks go, the carriers that hold each
// directive's argument expressions, and the Program being written. The
// context also folds directive arguments (constants now, source text for
// run time) and resolves where a directive is anchored.
//
//===----------------------------------------------------------------------===//
#ifndef HPF_ANALYSIS_CONTEXT_H
#define HPF_ANALYSIS_CONTEXT_H

#include "Analyzer.h"
#include "effects/Effects.h"

#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/SourceLocation.h"

#include <map>
#include <string>
#include <utility>

namespace clang {
class TypedefNameDecl;
class SourceManager;
} // namespace clang

namespace hpf::analysis {

using pragma::ParsedDirective;

/// Reports the plugin's diagnostics (all through one "%0" format each).
class Reporter {
public:
  Reporter(clang::DiagnosticsEngine &D, bool Remarks);
  clang::DiagnosticBuilder error(clang::SourceLocation L, const std::string &M);
  void note(clang::SourceLocation L, const std::string &M);
  void warning(clang::SourceLocation L, const std::string &M);
  /// Only with -Rhpf.
  void remark(clang::SourceLocation L, const std::string &M);
  bool failed() const { return Failed; }
  /// Remarks (and their notes) wait until released or dropped; an error or
  /// warning releases them first, so that the order stays the order of the
  /// reports.
  void holdRemarks() { Holding = true; }
  void releaseRemarks();
  void dropRemarks();

private:
  struct HeldReport {
    unsigned ID;
    clang::SourceLocation Loc;
    std::string Message;
  };
  clang::DiagnosticsEngine &D;
  bool Remarks;
  bool Holding = false;
  /// The last report was held: its notes are held with it.
  bool LastHeld = false;
  std::vector<HeldReport> Held;
  unsigned ErrID, WarnID, NoteID, RemarkID;
  bool Failed = false;
};

class Context {
public:
  Context(clang::CompilerInstance &CI, clang::ASTContext &Ctx,
          const pragma::PragmaState &State, const Options &Opts, Program &P);

  clang::CompilerInstance &CI;
  clang::ASTContext &Ctx;
  clang::SourceManager &SM;
  const pragma::PragmaState &State;
  const Options &Opts;
  Program &P;
  Reporter R;
  /// What code may read, write, throw or call (the one effects analysis).
  effects::Analysis Effects;

  /// Finds every carrier declaration in the translation unit (once, first).
  void collectCarriers();
  /// Carrier (directive, slot) -> its declaration.
  std::map<std::pair<unsigned, unsigned>, const clang::TypedefNameDecl *>
      Carriers;
  /// Directives whose first carrier stands in a function body: the anchor.
  std::map<unsigned, Anchor> BodyAnchors;
  /// The statement of each such first carrier -> its directive.
  std::map<const clang::Stmt *, unsigned> AnchorStmts;

  /// The anchor of a directive, recorded in P.Anchors; null (reported) if
  /// the directive stands where no directive can.
  const Anchor *anchorOf(const ParsedDirective &D);
  /// A directive in a template (DC dependent): only `independent` in a
  /// function template is accepted (its copies carry it); anything else is
  /// an error.
  void templateDirective(const ParsedDirective &D,
                         const clang::DeclContext *DC);
  /// The expression of a directive's argument slot (null: none, or Clang
  /// rejected it and said why).
  const clang::Expr *slotExpr(const ParsedDirective &D, int Slot);
  /// Source text of a token range of a directive, macros unexpanded.
  std::string slotText(const ParsedDirective &D, pragma::TokRange TR);
  /// Text (of TR, starting at Begin) with `number_of_processors()` spelled
  /// `hpf::number_of_processors()`, as the rewritten program calls it.
  std::string intrinsicText(const ParsedDirective &D, pragma::TokRange TR,
                            clang::SourceLocation Begin, std::string Text);
  /// The variable a name token refers to (null: reported, `What` saying
  /// what was expected).
  const clang::VarDecl *slotVar(const ParsedDirective &D, unsigned NameTok,
                                const char *What);
  /// An integer argument, folded to a constant if it is one; Ok = false if
  /// it is not an integer expression (reported).
  Value foldValue(const ParsedDirective &D, pragma::TokRange TR,
                  const char *What, bool &Ok);
  /// The array argument of gen_block / indirect, with its values if it is a
  /// constant array; false if it is no array of integers (reported).
  bool foldArray(const ParsedDirective &D, pragma::TokRange TR, FormatValue &F);
};

} // namespace hpf::analysis

#endif // HPF_ANALYSIS_CONTEXT_H
