//===- tools/hpf-plugin/HpfPlugin.cpp - the clang plugin "hpf" ------------===//
//
// The compiler's composition root: the only file that sees every stage.
// The action registers the pragma handler (pragma-parser/HpfPragma.h) that
// records `#pragma hpf` directives while clang parses; at the end of the
// translation unit the consumer runs the analysis (analysis/Analyzer.h:
// checks, plan decisions, the program model) and, if it succeeded and
// out= was given, the code generator (codegen/Rewrite.h), and writes the
// rewritten file.
//
// clang -fplugin=libHpfPlugin.so [-fplugin-arg-hpf-ARG ...] ...
//   out=FILE        write the rewritten source to FILE ("-": stdout)
//   remarks         report every decision as a remark (static/dynamic plan,
//                   steps, cost, lower bound; removed redistributions; loops)
//   scheduler=NAME  plan-library scheduler for static plans (default auto)
//   reproducible-sums  floating-point `+` reductions add exactly (the same
//                   bits at every rank count; mpi/ExactSum.h)
//
// The action is AddBeforeMainAction: with -c the same run also produces
// the object of the original (sequential) program; hpfcc uses
// -fsyntax-only. The action object dies right after CreateASTConsumer
// (clang's FrontendAction::CreateWrappedASTConsumer keeps a plugin action
// in a loop-local unique_ptr), so options are copied into the consumer and
// the pragma state is shared through a shared_ptr.
//
//===----------------------------------------------------------------------===//
#include "../../analysis/Analyzer.h"
#include "../../codegen/Rewrite.h"
#include "../../codegen/RuntimeIncludes.h"
#include "../../codegen/Templates.h"
#include "../../pragma-parser/HpfPragma.h"

#include "plan/Scheduler.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ASTContext.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendActions.h"
#include "clang/Frontend/FrontendPluginRegistry.h"
#include "clang/Frontend/TextDiagnosticPrinter.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Lex/PreprocessorOptions.h"
#include "llvm/Support/BuryPointer.h"
#include "llvm/Support/raw_ostream.h"

#include <memory>
#include <string>

namespace hpf {
namespace {

struct PluginOptions {
  std::string Out;
  analysis::Options Analysis;
  /// How many times the program was analysed again with copies of
  /// template instantiations (Templates.h): a template whose copy calls
  /// another template with its array parameter needs one more.
  unsigned Copies = 0;
};

class HpfConsumer : public clang::ASTConsumer {
public:
  HpfConsumer(clang::CompilerInstance &CI,
              std::shared_ptr<pragma::PragmaState> State, PluginOptions Opts)
      : CI(CI), State(std::move(State)), Opts(std::move(Opts)) {}

  void HandleTranslationUnit(clang::ASTContext &Ctx) override {
    clang::DiagnosticsEngine &D = CI.getDiagnostics();
    if (D.hasErrorOccurred())
      return;
    analysis::Program P;
    const bool Ok = analysis::analyze(CI, Ctx, *State, Opts.Analysis, P);
    if (!P.TemplateCalls.empty()) {
      // Also after errors: those of the copies are reported with them.
      std::optional<std::string> Text = codegen::copyTemplates(Ctx, D, P);
      if (Ok && Text)
        analyseCopies(*Text);
      return;
    }
    if (!Ok)
      return;
    if (Opts.Out.empty())
      return;
    std::string Text =
        State->Directives.empty()
            ? Ctx.getSourceManager()
                  .getBufferData(Ctx.getSourceManager().getMainFileID())
                  .str()
            : codegen::rewrite(Ctx, *State, P, commandLineMacros());
    if (Opts.Out == "-") {
      llvm::outs() << Text;
      llvm::outs().flush();
      return;
    }
    std::error_code EC;
    llvm::raw_fd_ostream OS(Opts.Out, EC);
    if (EC) {
      D.Report(
          D.getCustomDiagID(clang::DiagnosticsEngine::Error,
                            "cannot write the rewritten source to '%0': %1"))
          << Opts.Out << EC.message();
      return;
    }
    OS << Text;
  }

private:
  /// Parses and analyses Text (the main file with the copies of template
  /// instantiations) in place of the main file, with the same options;
  /// that run writes the output. Its diagnostics go to stderr, at the
  /// user's lines (the copies carry `#line`).
  void analyseCopies(const std::string &Text) {
    clang::DiagnosticsEngine &D = CI.getDiagnostics();
    const unsigned Depth = 8;
    if (Opts.Copies == Depth) {
      D.Report(D.getCustomDiagID(
          clang::DiagnosticsEngine::Error,
          "functions pass distributed arrays on to other functions that "
          "hpfcc copies (template instantiations, functions called with "
          "plain arrays too) more than %0 deep; hpfcc stops copying them"))
          << Depth;
      return;
    }
    auto Inv = std::make_shared<clang::CompilerInvocation>(CI.getInvocation());
    clang::FrontendOptions &FO = Inv->getFrontendOpts();
    if (FO.Inputs.size() != 1 || !FO.Inputs[0].isFile())
      return;
    const std::string File = FO.Inputs[0].getFile().str();
    // Clang adds this plugin to every action it runs: that instance, told
    // how many copies were made, does the analysis.
    FO.ProgramAction = clang::frontend::ParseSyntaxOnly;
    FO.OutputFile.clear();
    std::vector<std::string> &Args = FO.PluginArgs["hpf"];
    llvm::erase_if(
        Args, [](const std::string &A) { return A.rfind("copies=", 0) == 0; });
    Args.push_back("copies=" + std::to_string(Opts.Copies + 1));
    Inv->getDependencyOutputOpts() = clang::DependencyOutputOptions();
    Inv->getDiagnosticOpts().VerifyDiagnostics = false;
    // The previous run's text is that run's to free: this run replaces it.
    Inv->getPreprocessorOpts().clearRemappedFiles();
    Inv->getPreprocessorOpts().addRemappedFile(
        File, llvm::MemoryBuffer::getMemBufferCopy(Text, File).release());
    auto Copies = std::make_unique<clang::CompilerInstance>(
        CI.getPCHContainerOperations());
    Copies->setInvocation(std::move(Inv));
    Copies->createDiagnostics(new clang::TextDiagnosticPrinter(
        llvm::errs(), &Copies->getDiagnosticOpts()));
    clang::SyntaxOnlyAction Action;
    const bool Ok = Copies->ExecuteAction(Action) &&
                    !Copies->getDiagnostics().hasErrorOccurred() &&
                    !copiesFailed();
    // As clang's own instance (-disable-free): what the action leaves
    // alive (the AST, with -disable-free) refers to the source manager.
    llvm::BuryPointer(std::move(Copies));
    // One message, from the first run: a later run's failure reaches it
    // through copiesFailed().
    if (!Ok && Opts.Copies > 0)
      copiesFailed() = true;
    else if (!Ok)
      D.Report(D.getCustomDiagID(
          clang::DiagnosticsEngine::Error,
          "hpfcc could not compile the copies it makes of the functions "
          "called with distributed arrays (template instantiations, "
          "functions called with plain arrays too; errors above)"));
  }

  /// A run of the copies (nested in this process) failed.
  static bool &copiesFailed() {
    static bool Failed = false;
    return Failed;
  }

  /// The names of the macros the command line defines or undefines.
  std::vector<std::string> commandLineMacros() const {
    std::vector<std::string> Names;
    for (const auto &[Definition, Undef] : CI.getPreprocessorOpts().Macros)
      Names.push_back(codegen::macroName(Definition));
    return Names;
  }

  clang::CompilerInstance &CI;
  std::shared_ptr<pragma::PragmaState> State;
  PluginOptions Opts;
};

class HpfAction : public clang::PluginASTAction {
protected:
  std::unique_ptr<clang::ASTConsumer>
  CreateASTConsumer(clang::CompilerInstance &CI, llvm::StringRef) override {
    auto State = std::make_shared<pragma::PragmaState>();
    CI.getPreprocessor().AddPragmaHandler(new pragma::HpfPragmaHandler(State));
    for (const char *Other : {"HPF", "Hpf"})
      CI.getPreprocessor().AddPragmaHandler(
          new pragma::MisspelledHpfPragmaHandler(Other));
    return std::make_unique<HpfConsumer>(CI, State, Opts);
  }

  bool ParseArgs(const clang::CompilerInstance &CI,
                 const std::vector<std::string> &Args) override {
    clang::DiagnosticsEngine &D = CI.getDiagnostics();
    unsigned Err =
        D.getCustomDiagID(clang::DiagnosticsEngine::Error, "hpf plugin: %0");
    for (const std::string &A : Args) {
      if (A.rfind("out=", 0) == 0) {
        Opts.Out = A.substr(4);
      } else if (A == "remarks") {
        Opts.Analysis.Remarks = true;
      } else if (A == "reproducible-sums") {
        Opts.Analysis.ReproducibleSums = true;
      } else if (A.rfind("copies=", 0) == 0) {
        // Internal: this run analyses the copies of template instantiations
        // a previous run made (HpfConsumer::analyseCopies).
        Opts.Copies = static_cast<unsigned>(std::stoul(A.substr(7)));
      } else if (A == "whole-program") {
        Opts.Analysis.WholeProgram = true;
      } else if (A.rfind("scheduler=", 0) == 0) {
        Opts.Analysis.Scheduler = A.substr(10);
        if (!plan::findScheduler(Opts.Analysis.Scheduler)) {
          D.Report(Err) << "unknown scheduler '" + Opts.Analysis.Scheduler +
                               "' (known: " + plan::schedulerNames() + ")";
          return false;
        }
      } else {
        D.Report(Err) << "unknown argument '" + A +
                             "' (expected out=FILE, remarks, "
                             "reproducible-sums, whole-program, "
                             "scheduler=NAME)";
        return false;
      }
    }
    return true;
  }

  ActionType getActionType() override { return AddBeforeMainAction; }

private:
  PluginOptions Opts;
};

} // namespace
} // namespace hpf

static clang::FrontendPluginRegistry::Add<hpf::HpfAction>
    X("hpf", "HPF directives: distribute, redistribute, independent");
