//===- codegen/IoEmitter.cpp - I/O of replicated code ---------------------===//
//
// Replicated code runs on every rank, so its I/O would happen once per rank
// (output printed N times, files written N times, standard input read by
// ranks that have none: a hang). The runtime's replicated I/O
// (runtime/mpi/ReplicatedIo.h) does each operation once, on rank 0, and
// gives every rank its outcome; this emitter points replicated code at it:
//   - C functions that use a standard stream implicitly (printf, scanf,
//     getchar, ...) and those that open or change files (fopen, tmpfile,
//     remove, rename) -> hpf::printf, hpf::fopen, ...;
//   - stdin/stdout/stderr -> hpf::in_file() ..., std::cin/cout/cerr/clog ->
//     hpf::in(), out(), err();
//   - variables of type std::ifstream/ofstream/fstream -> hpf::ifstream ...;
//   - calls of the program's functions whose bodies it does not rewrite
//     (another file's, or a header's that may print): made with the other
//     ranks' output silenced (hpf::quiet_others), so that rank 0 prints it
//     once. Silencing costs system calls, so a call inside replicated
//     loops is silenced once around the outermost of them (NPB's create_seq
//     calls another file's randlc 2^25 times at class A: one silencing per
//     call made the other ranks run minutes behind rank 0).
// Everything else (fgets, fscanf, fprintf, fclose, getline, >>, FILE* and
// stream parameters) then works unchanged on the replicated FILE. I/O inside
// distributed loops stays per rank (the analysis warns or rejects), and
// calls spelled through macros are left alone (a warning if they read).
//
//===----------------------------------------------------------------------===//
#include "Emitter.h"

#include "../analysis/Expressions.h"
#include "../analysis/effects/Effects.h"
#include "../analysis/effects/IoCalls.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

#include <map>
#include <set>

using namespace clang;

namespace hpf::codegen {
namespace {

using analysis::IoKind;

/// hpf::ifstream ... for std::basic_ifstream<char> ..., or "".
std::string fileStreamType(QualType T) {
  std::string N = analysis::replicatedIoType(T);
  return N.empty() || N == "FILE" ? "" : "hpf::" + N;
}

class IoRewriter : public RecursiveASTVisitor<IoRewriter> {
public:
  IoRewriter(Emitter &E, const std::vector<SourceRange> &Skip,
             analysis::Reporter &R)
      : Emit(E), Ctx(E.Ctx), SM(E.SM), LO(E.LO), RW(E.RW), Skip(Skip), R(R) {}

  bool VisitCallExpr(CallExpr *E) {
    const FunctionDecl *FD = E->getDirectCallee();
    if (FD && unseen(FD))
      quietOthers(E);
    if (!FD || !FD->getIdentifier() || !FD->isExternC() ||
        !SM.isInSystemHeader(SM.getExpansionLoc(FD->getLocation())))
      return true;
    StringRef N = FD->getName();
    IoKind K = analysis::cIoFunction(N);
    if (K == IoKind::None || !inUserCode(SM.getExpansionLoc(E->getBeginLoc())))
      return true;
    if (K == IoKind::Unsupported) {
      R.warning(SM.getExpansionLoc(E->getBeginLoc()),
                "'" + N.str() +
                    "' in replicated code runs on every rank: hpfcc does "
                    "one-rank I/O for fopen, tmpfile, remove and rename "
                    "only");
      return true;
    }
    if (!replace(E->getCallee()->IgnoreImpCasts()->getSourceRange(),
                 ("hpf::" + N).str()) &&
        K != IoKind::Output)
      throughMacro(E->getBeginLoc(), N);
    return true;
  }

  bool VisitDeclRefExpr(DeclRefExpr *E) {
    const auto *VD = dyn_cast<VarDecl>(E->getDecl());
    StringRef To = VD ? analysis::standardStreamReplacement(VD) : "";
    SourceLocation L = E->getBeginLoc();
    if (To.empty() || !inUserCode(SM.getExpansionLoc(L)))
      return true;
    // glibc spells `#define stdin stdin`: the token in the user's file is
    // a macro whose expansion is the variable itself.
    if (L.isMacroID() && !E->getQualifier()) {
      CharSourceRange Range = SM.getImmediateExpansionRange(L);
      if (Range.getBegin().isFileID() &&
          Lexer::getSourceText(Range, SM, LO) == VD->getName()) {
        RW.ReplaceText(Range.getAsRange(), To);
        return true;
      }
    }
    if (!replace(E->getSourceRange(), To.str()) && To == "hpf::in()")
      throughMacro(L, VD->getName());
    return true;
  }

  bool VisitVarDecl(VarDecl *VD) {
    std::string To = fileStreamType(VD->getType());
    TypeSourceInfo *TSI = VD->getTypeSourceInfo();
    if (To.empty() || !TSI || isa<ParmVarDecl>(VD) ||
        !inUserCode(SM.getExpansionLoc(VD->getLocation())))
      return true;
    // `auto f = std::ifstream(...)` would need its initialiser rewritten
    // too: left per rank, with the warning of other temporaries.
    if (TSI->getType()->getContainedAutoType() ||
        !replace(TSI->getTypeLoc().getSourceRange(), To))
      return true;
    if (const Expr *Init = VD->getInit())
      Declared.insert(Init->IgnoreImplicit());
    return true;
  }

  /// A file stream that is not a variable (a temporary, a member, a new
  /// object) stays per rank.
  bool VisitCXXConstructExpr(CXXConstructExpr *E) {
    std::string To = fileStreamType(E->getType());
    if (!To.empty() && !Declared.count(E) &&
        inUserCode(SM.getExpansionLoc(E->getBeginLoc())))
      Constructed.push_back({E, To});
    return true;
  }

  void finish() {
    for (auto &[E, To] : Constructed)
      if (!Declared.count(E))
        unsupported(SM.getExpansionLoc(E->getBeginLoc()), To);
  }

private:
  /// A function of the program whose body hpfcc does not rewrite: defined
  /// in another file (or a header of the user's), not the C or C++
  /// library's, not the runtime's. Its output in replicated code would be
  /// printed by every rank.
  bool unseen(const FunctionDecl *FD) const {
    if (FD->getBuiltinID() || FD->isConstexpr() ||
        SM.isInSystemHeader(SM.getExpansionLoc(FD->getLocation())))
      return false;
    const std::string Name = FD->getQualifiedNameAsString();
    if (Name.rfind("hpf::", 0) == 0 || Name.rfind("hpfcc::", 0) == 0)
      return false;
    const FunctionDecl *Def = nullptr;
    if (!FD->hasBody(Def))
      return true;
    if (SM.isInMainFile(SM.getExpansionLoc(Def->getLocation())))
      return false;
    // A body in a header (an inline function, NPB's randlc) is seen but
    // not rewritten: silenced only if it may print, or call what cannot be
    // followed. Silencing costs system calls on every other rank.
    const analysis::effects::Effects &FE = Effects.ofFunction(Def);
    return FE.Output || FE.Input || FE.File || FE.Opaque || FE.Callback;
  }
  /// `f(x)` -> `((void)hpf::quiet_others{}, f(x))`: the other ranks'
  /// output is silenced until the end of the full expression. In a loop:
  /// `{ hpf::quiet_others __hpf_quiet; for (...) ... }` around the
  /// outermost loop (see quietLoop), once.
  void quietOthers(const CallExpr *Call) {
    const SourceRange Range = Call->getSourceRange();
    if (!Range.getBegin().isFileID() || !Range.getEnd().isFileID() ||
        !inUserCode(Range.getBegin()) || analysis::unevaluated(Ctx, Call))
      return;
    if (const Stmt *Loop = quietLoop(Call)) {
      if (QuietLoops.insert(Loop).second) {
        RW.InsertTextBefore(Loop->getBeginLoc(),
                            "{ hpf::quiet_others __hpf_quiet; ");
        RW.InsertTextAfter(Emit.afterLoop(Loop), " }");
      }
      return;
    }
    RW.InsertTextBefore(Range.getBegin(), "((void)hpf::quiet_others{}, ");
    RW.InsertTextAfterToken(Range.getEnd(), ")");
  }

  /// The outermost loop around the call, in the same function (a lambda's
  /// body may run after the loop), spelled in the user's file, with no
  /// distributed loop in it or in a function it calls (their iterations
  /// print on their own ranks); null if none. Replicated code prints on
  /// rank 0 only, and the runtime's errors go to the real standard error
  /// (hpf::fail), so the whole loop may run silenced on the other ranks.
  const Stmt *quietLoop(const CallExpr *Call) {
    const Stmt *Outermost = nullptr;
    DynTypedNodeList Parents = Ctx.getParents(*Call);
    while (!Parents.empty()) {
      const DynTypedNode &P = Parents[0];
      if (P.get<Decl>() || P.get<LambdaExpr>() || P.get<BlockExpr>())
        break;
      const Stmt *S = P.get<Stmt>();
      if (!S)
        break;
      if (isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt>(S) &&
          S->getBeginLoc().isFileID() && S->getEndLoc().isFileID() &&
          inUserCode(S->getBeginLoc()) && !holdsSkipped(S->getSourceRange()) &&
          !callsDistributedLoop(S))
        Outermost = S;
      Parents = Ctx.getParents(*S);
    }
    return Outermost;
  }
  /// Whether S calls, directly or through functions of this file, one
  /// whose body holds a distributed loop.
  bool callsDistributedLoop(const Stmt *S) {
    return !analysis::forEachStmt(S, [&](const Stmt *X) {
      const auto *Call = dyn_cast<CallExpr>(X);
      const FunctionDecl *FD = Call ? Call->getDirectCallee() : nullptr;
      return !(FD && reachesDistributedLoop(FD));
    });
  }
  bool reachesDistributedLoop(const FunctionDecl *FD) {
    const FunctionDecl *Def = nullptr;
    if (!FD->hasBody(Def) ||
        !SM.isInMainFile(SM.getExpansionLoc(Def->getLocation())))
      return false;
    auto [It, New] = Reaches.try_emplace(Def, false); // false while open
    if (!New)
      return It->second;
    const bool R = holdsSkipped(Def->getSourceRange()) ||
                   callsDistributedLoop(Def->getBody());
    Reaches[Def] = R;
    return R;
  }
  bool holdsSkipped(SourceRange Range) const {
    for (const SourceRange &Sk : Skip)
      if (Emit.contains(Range, Sk.getBegin()))
        return true;
    return false;
  }

  Emitter &Emit;
  ASTContext &Ctx;
  SourceManager &SM;
  const LangOptions &LO;
  Rewriter &RW;
  std::set<const Stmt *> QuietLoops;
  /// reachesDistributedLoop's answers (a function being walked: false, so
  /// recursion ends).
  std::map<const FunctionDecl *, bool> Reaches;
  /// What the functions of headers may do (the analysis' effects, asked
  /// again here: their summaries are computed on demand).
  mutable analysis::effects::Analysis Effects{Ctx};
  const std::vector<SourceRange> &Skip;
  analysis::Reporter &R;
  std::set<const Expr *> Declared;
  std::vector<std::pair<const CXXConstructExpr *, std::string>> Constructed;

  /// False (and no edit) when the range is spelled through a macro.
  bool replace(SourceRange Range, const std::string &Text) {
    if (Range.getBegin().isMacroID() || Range.getEnd().isMacroID())
      return false;
    RW.ReplaceText(Range, Text);
    return true;
  }
  void throughMacro(SourceLocation L, StringRef N) {
    R.warning(SM.getExpansionLoc(L),
              "'" + N.str() +
                  "' through a macro is not rewritten: every rank runs it, "
                  "and only rank 0 has standard input under mpiexec; call "
                  "it outside the macro");
  }
  void unsupported(SourceLocation L, StringRef To) {
    std::string N = "std::" + To.drop_front(5).str();
    R.warning(L, "a " + N +
                     " that is not a variable declared with that type (a "
                     "temporary, a member, 'auto') is opened by every rank; "
                     "declare it as '" +
                     N + " name(...)'");
  }
  bool inUserCode(SourceLocation L) const {
    if (!L.isFileID() || !SM.isInMainFile(L))
      return false;
    for (const SourceRange &Range : Skip)
      if (!SM.isBeforeInTranslationUnit(L, Range.getBegin()) &&
          !SM.isBeforeInTranslationUnit(Range.getEnd(), L))
        return false;
    return true;
  }
};

} // namespace

void emitIo(Emitter &E, const std::vector<SourceRange> &Skip) {
  analysis::Reporter R(E.Ctx.getDiagnostics(), false);
  IoRewriter V(E, Skip, R);
  V.TraverseDecl(E.Ctx.getTranslationUnitDecl());
  V.finish();
}

} // namespace hpf::codegen
