//===- codegen/Rewrite.cpp - emit the SPMD program
//--------------------------===//
#include "Rewrite.h"

#include "plan/StaticPlanCodec.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "clang/Rewrite/Core/Rewriter.h"

#include <set>

using namespace clang;

namespace hpf::codegen {
namespace {

using analysis::Arrangement;
using analysis::DistArray;
using analysis::FormatValue;
using analysis::Mapping;
using analysis::OwnerLoop;
using analysis::PlanDecision;
using pragma::DirectiveKind;
using pragma::FormatKind;
using pragma::ParsedDirective;

/// Replaces output of replicated code by the runtime's rank-0 versions.
class PrintRewriter : public RecursiveASTVisitor<PrintRewriter> {
public:
  PrintRewriter(ASTContext &Ctx, Rewriter &RW,
                const std::vector<SourceRange> &Skip)
      : Ctx(Ctx), SM(Ctx.getSourceManager()), RW(RW), Skip(Skip) {}

  bool VisitCallExpr(CallExpr *E) {
    const FunctionDecl *FD = E->getDirectCallee();
    if (!FD || !FD->getIdentifier() || !inUserCode(E->getBeginLoc()))
      return true;
    StringRef N = FD->getName();
    if (N != "printf" && N != "puts")
      return true;
    if (!SM.isInSystemHeader(SM.getExpansionLoc(FD->getLocation())))
      return true;
    const Expr *Callee = E->getCallee()->IgnoreImpCasts();
    SourceRange R = Callee->getSourceRange();
    if (R.getBegin().isMacroID() || R.getEnd().isMacroID())
      return true;
    RW.ReplaceText(R, ("hpf::" + N).str());
    return true;
  }
  bool VisitDeclRefExpr(DeclRefExpr *E) {
    const auto *VD = dyn_cast<VarDecl>(E->getDecl());
    if (!VD || !VD->getIdentifier() || VD->getName() != "cout" ||
        !VD->isInStdNamespace() || !inUserCode(E->getBeginLoc()))
      return true;
    SourceRange R = E->getSourceRange();
    if (R.getBegin().isMacroID() || R.getEnd().isMacroID())
      return true;
    RW.ReplaceText(R, "hpf::out()");
    return true;
  }

private:
  ASTContext &Ctx;
  SourceManager &SM;
  Rewriter &RW;
  const std::vector<SourceRange> &Skip;

  bool inUserCode(SourceLocation L) const {
    if (!L.isFileID() || !SM.isInMainFile(L))
      return false;
    for (const SourceRange &R : Skip)
      if (!SM.isBeforeInTranslationUnit(L, R.getBegin()) &&
          !SM.isBeforeInTranslationUnit(R.getEnd(), L))
        return false;
    return true;
  }
};

class Emitter {
public:
  Emitter(ASTContext &Ctx, const pragma::PragmaState &State,
          const analysis::Program &P)
      : Ctx(Ctx), SM(Ctx.getSourceManager()), LO(Ctx.getLangOpts()),
        State(State), P(P) {
    RW.setSourceMgr(SM, LO);
  }

  std::string run();

private:
  void element(const analysis::ElementAccess &El);
  void openSubscripts(const analysis::Subscripts &S, const std::string &Open);
  ASTContext &Ctx;
  SourceManager &SM;
  const LangOptions &LO;
  const pragma::PragmaState &State;
  const analysis::Program &P;
  Rewriter RW;
  std::string Tables; ///< static plan tables, emitted before the user code
  std::set<unsigned> Done;

  std::string fileName() const {
    PresumedLoc PL =
        SM.getPresumedLoc(SM.getLocForStartOfFile(SM.getMainFileID()));
    return PL.isValid() ? PL.getFilename() : "input.cpp";
  }
  std::string where(SourceLocation L) const {
    PresumedLoc PL = SM.getPresumedLoc(SM.getExpansionLoc(L));
    if (PL.isInvalid())
      return "?";
    return std::string(PL.getFilename()) + ":" + std::to_string(PL.getLine()) +
           ":" + std::to_string(PL.getColumn());
  }
  static std::string quote(const std::string &S) {
    std::string R = "\"";
    for (char C : S) {
      if (C == '"' || C == '\\')
        R += '\\';
      R += C;
    }
    return R + "\"";
  }
  std::string text(SourceRange R) const {
    CharSourceRange CR = CharSourceRange::getTokenRange(
        SM.getExpansionLoc(R.getBegin()),
        SM.getExpansionRange(R.getEnd()).getEnd());
    return Lexer::getSourceText(CR, SM, LO).str();
  }
  std::string text(const Expr *E) const { return text(E->getSourceRange()); }

  /// The directive as a comment, for the reader of the output.
  std::string comment(const ParsedDirective &D) const {
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
  static unsigned newlines(StringRef S) {
    return static_cast<unsigned>(S.count('\n'));
  }
  /// Replaces a directive's text, keeping its number of lines.
  void replaceDirective(const ParsedDirective &D, const std::string &Code) {
    CharSourceRange R = CharSourceRange::getCharRange(D.HashLoc, D.EndLoc);
    unsigned Lines = newlines(Lexer::getSourceText(R, SM, LO));
    RW.ReplaceText(R, comment(D) + (Code.empty() ? "" : " " + Code) +
                          std::string(Lines, '\n'));
    Done.insert(D.Id);
  }

  std::string procsExpr(const Arrangement *A) const {
    return A ? A->CxxName : "hpf::processors::all()";
  }
  std::string intArg(const analysis::Value &V) const {
    if (V.Const)
      return std::to_string(*V.Const);
    return "static_cast<hpf::index_t>(" + V.Text + ")";
  }
  std::string formatExpr(const FormatValue &F) const {
    switch (F.Kind) {
    case FormatKind::Block:
      return F.HasParam ? "hpf::block(" + intArg(F.Param) + ")"
                        : "hpf::block()";
    case FormatKind::Cyclic:
      return F.HasParam ? "hpf::cyclic(" + intArg(F.Param) + ")"
                        : "hpf::cyclic()";
    case FormatKind::GenBlock:
      return "hpf::gen_block(" + F.Param.Text + ")";
    case FormatKind::Indirect:
      return "hpf::indirect(" + F.Param.Text + ")";
    case FormatKind::Collapsed:
      return "hpf::collapsed()";
    }
    return "/* unsupported format */";
  }
  /// `hpf::cyclic(4)` for 1-D, `std::array<hpf::format, 2>{...}` for N-D.
  std::string formatsExpr(const Mapping &M) const {
    if (M.Formats.size() == 1)
      return formatExpr(M.Formats[0]);
    std::string S =
        "std::array<hpf::format, " + std::to_string(M.Formats.size()) + ">{";
    for (std::size_t I = 0; I < M.Formats.size(); ++I)
      S += (I ? ", " : "") + formatExpr(M.Formats[I]);
    return S + "}";
  }

  void processors(const Arrangement &A) {
    const ParsedDirective &D = State.Directives[A.DirId];
    bool Global = !P.Anchors.at(A.DirId).Context->isFunctionOrMethod();
    std::string Var = "__hpf_procs_" + A.Name;
    std::string Where = quote(where(D.HashLoc));
    std::string Code = Global ? "static " : "";
    if (A.Extents.size() == 1 && A.Extents[0].Text == "*" &&
        !A.Extents[0].Const) {
      Code += "const hpf::processors " + Var + " = hpf::processors::all();";
    } else if (A.Extents.size() == 1) {
      const analysis::Value &E = A.Extents[0];
      Code += "const hpf::processors " + Var + "(" +
              (E.Const ? std::to_string(*E.Const)
                       : "static_cast<int>(" + E.Text + ")") +
              ", " + Where + ");";
    } else {
      Code += "const hpf::processors " + Var + "({";
      for (std::size_t I = 0; I < A.Extents.size(); ++I) {
        const analysis::Value &E = A.Extents[I];
        Code += I ? ", " : "";
        Code += E.Const         ? std::to_string(*E.Const)
                : E.Text == "*" ? "hpf::nranks()"
                                : "static_cast<int>(" + E.Text + ")";
      }
      Code += "}, " + Where + ");";
    }
    replaceDirective(D, Code);
  }

  void array(const DistArray &A) {
    const ParsedDirective &D = State.Directives[A.DistributeDir];
    const VarDecl *VD = A.Var;
    // The declaration moves to the directive (which may use names declared
    // in between); the analysis checked that nothing else refers to it.
    SourceLocation B = SM.getExpansionLoc(VD->getBeginLoc());
    SourceLocation E = SM.getExpansionRange(VD->getEndLoc()).getEnd();
    std::optional<Token> Semi = Lexer::findNextToken(E, SM, LO);
    SourceLocation End =
        Semi ? Semi->getEndLoc() : Lexer::getLocForEndOfToken(E, 0, SM, LO);
    CharSourceRange DeclR = CharSourceRange::getCharRange(B, End);
    unsigned Lines = newlines(Lexer::getSourceText(DeclR, SM, LO));
    RW.ReplaceText(DeclR, "/* '" + A.Name +
                              "' is declared at its distribute directive */" +
                              std::string(Lines, '\n'));
    std::string Code;
    if (VD->getStorageClass() == SC_Static)
      Code += "static ";
    if (A.rank() == 1) {
      Code += "hpf::darray<" + A.ElemType + "> " + A.Name + "(" +
              std::to_string(A.Extent) + ", " +
              formatExpr(A.Initial.Formats[0]) + ", ";
      if (A.Initial.Onto)
        Code += procsExpr(A.Initial.Onto) + ", ";
    } else {
      Code += "hpf::darray<" + A.ElemType + ", " + std::to_string(A.rank()) +
              "> " + A.Name + "({";
      for (int I = 0; I < A.rank(); ++I)
        Code += (I ? ", " : "") + std::to_string(A.Extents[std::size_t(I)]);
      Code += "}, {";
      for (std::size_t I = 0; I < A.Initial.Formats.size(); ++I)
        Code += (I ? ", " : "") + formatExpr(A.Initial.Formats[I]);
      Code += "}, " + procsExpr(A.Initial.Onto) + ", ";
    }
    Code += quote(where(D.HashLoc)) + ");";
    replaceDirective(D, Code);
  }

  void redistribution(const analysis::Redistribution &R) {
    const ParsedDirective &D = State.Directives[R.DirId];
    const PlanDecision &Dec = R.Decision;
    if (Dec.Decision == PlanDecision::NoOp) {
      replaceDirective(D, "/* removed: '" + R.Array->Name +
                              "' already has this mapping */");
      return;
    }
    std::string Call = "hpf::redistribute(" + R.Array->Name + ", " +
                       formatsExpr(R.Target) + ", " + procsExpr(R.Target.Onto) +
                       ", ";
    if (Dec.Decision == PlanDecision::Static) {
      std::string Name = "__hpf_plan_" + std::to_string(R.DirId);
      plan::StaticPlanTables T = plan::toTables(
          *Dec.Plan,
          Dec.SrcND ? *Dec.SrcND : plan::DistributionND::rank1(*Dec.Src),
          Dec.DstND ? *Dec.DstND : plan::DistributionND::rank1(*Dec.Dst));
      std::string Comment = "// " + where(D.HashLoc) + ": redistribute " +
                            R.Array->Name + " " + R.Source->describe() +
                            " -> " + R.Target.describe() + ", " +
                            std::to_string(R.Array->Extent) + " elements\n// " +
                            analysis::summarizePlan(*Dec.Plan) + "\n";
      Tables += plan::toSource(T, Name, Comment);
      Call += Name + ", ";
    }
    Call += quote(where(D.HashLoc)) + ");";
    replaceDirective(D, Call);
  }

  /// Reduction set-up before a distributed loop and the combination
  /// across ranks after it.
  void reductions(const OwnerLoop &L, const std::string &Id, std::string &Pro,
                  std::string &Epi) {
    for (const analysis::LoopReduction &Red : L.Reductions) {
      std::string V = Red.Var->getName().str();
      std::string Saved = "__hpf_" + V + "0_" + Id;
      switch (Red.Op) {
      case pragma::ReductionOp::Sum:
        Pro += " const auto " + Saved + " = " + V + "; " + V + " = 0;";
        Epi += " " + V + " = " + Saved + " + hpf::allreduce_sum(" + V + ");";
        break;
      case pragma::ReductionOp::Product:
        Pro += " const auto " + Saved + " = " + V + "; " + V + " = 1;";
        Epi += " " + V + " = " + Saved + " * hpf::allreduce_prod(" + V + ");";
        break;
      case pragma::ReductionOp::Min:
        Epi += " " + V + " = hpf::allreduce_min(" + V + ");";
        break;
      case pragma::ReductionOp::Max:
        Epi += " " + V + " = hpf::allreduce_max(" + V + ");";
        break;
      }
    }
  }

  void loop(const OwnerLoop &L) {
    if (L.ND) {
      nest(L);
      return;
    }
    const ParsedDirective &D = State.Directives[L.DirId];
    std::string Id = std::to_string(L.DirId);
    // Reads at other subscripts use a copy of the whole array gathered
    // before the loop (global indexing: only the array's name changes).
    // Reads at i + c of contiguous distributions use a halo instead: only
    // the neighbouring elements, same global indexing.
    std::string Lo = text(L.Lower), Hi = text(L.Upper);
    if (L.Inclusive)
      Hi = "(" + Hi + ") + 1";
    std::string Gathers;
    std::set<const DistArray *> GatheredArrays;
    for (const analysis::Access &G : L.Gathers) {
      auto H = L.Halos.find(G.Array);
      bool Halo = H != L.Halos.end() && L.Home;
      std::string Copy =
          (Halo ? "__hpf_halo_" : "__hpf_all_") + G.Array->Name + Id;
      if (GatheredArrays.insert(G.Array).second) {
        if (Halo)
          Gathers += " const hpf::halo<" + G.Array->ElemType + "> " + Copy +
                     "(" + G.Array->Name + ", " + L.Home->Name + ", " + Lo +
                     ", " + Hi + ", " + std::to_string(H->second.first) + ", " +
                     std::to_string(H->second.second) + ", " +
                     quote(where(D.HashLoc)) + ");";
        else
          Gathers += " const std::vector<" + G.Array->ElemType + "> " + Copy +
                     " = " + G.Array->Name + ".gather();";
      }
      const Expr *Base = G.Expr->getBase()->IgnoreParenImpCasts();
      RW.ReplaceText(
          SourceRange(SM.getExpansionLoc(Base->getBeginLoc()),
                      SM.getExpansionRange(Base->getEndLoc()).getEnd()),
          Copy);
    }
    if (!L.Home) {
      // Runs on every rank, like replicated code.
      replaceDirective(D, Gathers.empty() ? "" : "{" + Gathers);
      if (!Gathers.empty())
        RW.InsertTextAfter(afterLoop(L.For), " }");
      return;
    }
    std::string Seg = "__hpf_seg" + Id;
    std::string IV = L.IndVar->getName().str();
    auto Ptr = [&](const DistArray *A) { return "__hpf_" + A->Name + Id; };
    auto Copy = [&](const DistArray *A) { return "__hpf_all_" + A->Name + Id; };
    auto Aligned = [&](const DistArray *A) {
      return "__hpf_aligned_" + A->Name + Id;
    };
    // Prologue (replaces the directive): local data, alignment checks,
    // reduction set-up. It opens a block that the epilogue closes.
    // The local buffers of distinct distributed arrays never overlap, and
    // the analysis rejects every other use of the arrays, so the pointers
    // are __restrict: the loop vectorises like the sequential one.
    std::string Pro = "{" + Gathers;
    std::set<const DistArray *> Arrays;
    for (const analysis::Access &Acc : L.Accesses)
      if (Arrays.insert(Acc.Array).second)
        Pro += " " + Acc.Array->ElemType + " *__restrict const " +
               Ptr(Acc.Array) + " = " + Acc.Array->Name + ".local_data();";
    for (const DistArray *A : L.CheckAligned) {
      if (L.GatherIfMisaligned.count(const_cast<DistArray *>(A))) {
        // Read-only: when the mappings differ, the elements this rank's
        // iterations read, fetched from their owners (a halo with c = 0;
        // it gathers the whole array if a mapping is not contiguous).
        std::string HaloT = "hpf::halo<" + A->ElemType + ">";
        Pro += " const bool " + Aligned(A) + " = " + A->Name +
               ".distribution().sameMapping(" + L.Home->Name +
               ".distribution()); const " + HaloT + " " + Copy(A) + " = " +
               Aligned(A) + " ? " + HaloT + "() : " + HaloT + "(" + A->Name +
               ", " + L.Home->Name + ", " + Lo + ", " + Hi + ", 0, 0, " +
               quote(where(D.HashLoc)) + ");";
        continue;
      }
      Pro += " if (!" + A->Name + ".distribution().sameMapping(" +
             L.Home->Name +
             ".distribution())) hpf::fail(\"independent\", "
             "std::string(\"'" +
             A->Name + "' (\") + " + A->Name +
             ".format_string() + \") is not aligned with '" + L.Home->Name +
             "' (\" + " + L.Home->Name + ".format_string() + \")\", " +
             quote(where(D.HashLoc)) + ");";
    }
    std::string Epi;
    reductions(L, Id, Pro, Epi);
    replaceDirective(D, Pro);
    // The loop: an outer loop over owned segments, the user's loop inside
    // with its bounds replaced by the segment's.
    const ForStmt *F = L.For;
    // The extra braces keep the epilogue, on the loop's last line, from
    // looking like part of the loop (-Wmisleading-indentation).
    RW.InsertTextBefore(F->getForLoc(), "{ for (const hpfcc::segment " + Seg +
                                            " : hpfcc::owned_segments(" +
                                            L.Home->Name + ", " + Lo + ", " +
                                            Hi + ")) ");
    RW.ReplaceText(
        SourceRange(SM.getExpansionLoc(L.Lower->getBeginLoc()),
                    SM.getExpansionRange(L.Lower->getEndLoc()).getEnd()),
        Seg + ".lo");
    std::string Bound = Seg + ".hi";
    if (L.IndVar->getType()->isUnsignedIntegerType())
      Bound = "static_cast<" + L.IndVar->getType().getAsString() + ">(" +
              Bound + ")";
    RW.ReplaceText(
        SourceRange(SM.getExpansionLoc(F->getCond()->getBeginLoc()),
                    SM.getExpansionRange(F->getCond()->getEndLoc()).getEnd()),
        IV + " < " + Bound);
    for (const analysis::Access &Acc : L.Accesses) {
      std::string Local = Ptr(Acc.Array) + "[" + IV + " + " + Seg + ".off]";
      if (L.GatherIfMisaligned.count(Acc.Array))
        Local = "(" + Aligned(Acc.Array) + " ? " + Local + " : " +
                Copy(Acc.Array) + "[" + IV + "])";
      RW.ReplaceText(Acc.Expr->getSourceRange(), Local);
    }
    RW.InsertTextAfter(afterLoop(F), " }" + Epi + " }");
  }

  /// A loop nest over multi-dimensional arrays: each level over a dimension
  /// of the home array runs over the owned segments of that dimension (the
  /// rank's grid coordinate); elements become `M(i, j)` (global indices),
  /// reads from gathered copies `__hpf_all_M7(i, j)`.
  void nest(const OwnerLoop &L) {
    const ParsedDirective &D = State.Directives[L.DirId];
    std::string Id = std::to_string(L.DirId);
    auto Copy = [&](const DistArray *A) { return "__hpf_all_" + A->Name + Id; };
    auto Gathered = [&](const DistArray *A) {
      return "hpfcc::gathered<" + A->ElemType + ", " +
             std::to_string(A->rank()) + ">";
    };
    auto Base = [&](const analysis::Subscripts &S) {
      const Expr *B = S.base()->IgnoreParenImpCasts();
      return SourceRange(SM.getExpansionLoc(B->getBeginLoc()),
                         SM.getExpansionRange(B->getEndLoc()).getEnd());
    };
    std::string Pro = "{";
    std::set<const DistArray *> Copies;
    for (const analysis::Access &G : L.Gathers) {
      if (Copies.insert(G.Array).second)
        Pro += " const std::vector<" + G.Array->ElemType + "> " +
               Copy(G.Array) + " = " + G.Array->Name + ".gather();";
      const Expr *B = G.Expr->getBase()->IgnoreParenImpCasts();
      RW.ReplaceText(SourceRange(SM.getExpansionLoc(B->getBeginLoc()),
                                 SM.getExpansionRange(B->getEndLoc()).getEnd()),
                     Copy(G.Array));
    }
    for (const analysis::NDAccess &Acc : L.NDAccesses)
      if (Acc.Kind == analysis::NDAccess::Gathered &&
          Copies.insert(Acc.Array).second)
        Pro += " const " + Gathered(Acc.Array) + " " + Copy(Acc.Array) + "(" +
               Acc.Array->Name + ");";
    // Alignment known only at run time: read-only arrays are read through a
    // view that picks the local element or a gathered copy; written ones
    // must be aligned.
    std::set<const DistArray *> Views;
    for (const DistArray *A : L.CheckAligned) {
      std::string Same =
          "hpfcc::same_mapping(" + A->Name + ", " + L.Home->Name + ")";
      if (L.GatherIfMisaligned.count(const_cast<DistArray *>(A))) {
        Views.insert(A);
        std::string Al = "__hpf_aligned_" + A->Name + Id;
        Pro += " const bool " + Al + " = " + Same + "; const " + Gathered(A) +
               " " + Copy(A) + " = " + Al + " ? " + Gathered(A) +
               "() : " + Gathered(A) + "(" + A->Name +
               "); const auto __hpf_view_" + A->Name + Id +
               " = [&](auto... __hpf_i) { return " + Al + " ? " + A->Name +
               "(__hpf_i...) : " + Copy(A) + "(__hpf_i...); };";
        continue;
      }
      Pro += " if (!" + Same + ") hpf::fail(\"independent\", std::string(\"'" +
             A->Name + "' (\") + " + A->Name +
             ".format_string() + \") is not aligned with '" + L.Home->Name +
             "' (\" + " + L.Home->Name + ".format_string() + \")\", " +
             quote(where(D.HashLoc)) + ");";
    }
    // Copies and views: M[a][b] -> copy(a, b) / view(a, b).
    std::set<const DistArray *> Pointers;
    for (const analysis::NDAccess &Acc : L.NDAccesses) {
      bool View = Views.count(Acc.Array);
      if (Acc.Kind == analysis::NDAccess::Local && !View) {
        localElement(Acc, Id);
        if (Pointers.insert(Acc.Array).second) {
          std::string Ptr = "__hpf_" + Acc.Array->Name + Id;
          Pro += " " + Acc.Array->ElemType + " *__restrict const " + Ptr +
                 " = " + Acc.Array->Name + ".local_data();";
          for (int Dm = 1; Dm < Acc.Array->rank(); ++Dm)
            Pro += " const hpf::index_t " + Ptr + "_e" + std::to_string(Dm) +
                   " = " + Acc.Array->Name + ".local_extent(" +
                   std::to_string(Dm) + ");";
        }
        continue;
      }
      RW.ReplaceText(Base(Acc.Subs), View ? "__hpf_view_" + Acc.Array->Name + Id
                                          : Copy(Acc.Array));
      openSubscripts(Acc.Subs, "(");
      SourceLocation RB = Acc.Subs.whole()->getRBracketLoc();
      RW.ReplaceText(SourceRange(RB, RB), ")");
    }
    if (!L.Home) {
      // Runs on every rank, like replicated code.
      replaceDirective(D, Pro);
      RW.InsertTextAfter(afterLoop(L.For), " }");
      return;
    }
    std::string Epi;
    reductions(L, Id, Pro, Epi);
    replaceDirective(D, Pro);
    // Innermost level first: closing braces at the same place nest.
    for (std::size_t K = L.Levels.size(); K-- > 0;) {
      const analysis::NestLevel &Lv = L.Levels[K];
      std::string Close = K == 0 ? Epi + " }" : "";
      if (Lv.Dim >= 0) {
        std::string Seg = "__hpf_seg" + Id + "_" + std::to_string(K);
        std::string Lo = text(Lv.Lower), Hi = text(Lv.Upper);
        if (Lv.Inclusive)
          Hi = "(" + Hi + ") + 1";
        RW.InsertTextBefore(Lv.For->getForLoc(),
                            "{ for (const hpfcc::segment " + Seg +
                                " : hpfcc::owned_segments(" + L.Home->Name +
                                ", " + std::to_string(Lv.Dim) + ", " + Lo +
                                ", " + Hi + ")) ");
        RW.ReplaceText(
            SourceRange(SM.getExpansionLoc(Lv.Lower->getBeginLoc()),
                        SM.getExpansionRange(Lv.Lower->getEndLoc()).getEnd()),
            Seg + ".lo");
        std::string Bound = Seg + ".hi";
        if (Lv.IndVar->getType()->isUnsignedIntegerType())
          Bound = "static_cast<" + Lv.IndVar->getType().getAsString() + ">(" +
                  Bound + ")";
        const Expr *Cond = Lv.For->getCond();
        RW.ReplaceText(
            SourceRange(SM.getExpansionLoc(Cond->getBeginLoc()),
                        SM.getExpansionRange(Cond->getEndLoc()).getEnd()),
            Lv.IndVar->getName().str() + " < " + Bound);
        Close = " }" + Close;
      }
      if (!Close.empty())
        RW.InsertTextAfter(afterLoop(Lv.For), Close);
    }
  }

  /// A local element M[a][b] of a nest -> `__hpf_M7[((a) + s0.off) *
  /// __hpf_M7_e1 + ((b) + s1.off)]`: row-major local storage, the local
  /// index of each dimension is the subscript plus the offset of the owned
  /// segment it runs over (nothing for a collapsed dimension). No owner
  /// test and no index translation per element, as for 1-D loops.
  void localElement(const analysis::NDAccess &Acc, const std::string &Id) {
    const analysis::Subscripts &S = Acc.Subs;
    const std::size_t Rank = S.Levels.size();
    std::string Ptr = "__hpf_" + Acc.Array->Name + Id;
    auto Off = [&](std::size_t Dm) {
      int K = Acc.Segment[Dm];
      return K < 0 ? std::string()
                   : " + __hpf_seg" + Id + "_" + std::to_string(K) + ".off";
    };
    const Expr *B = S.base()->IgnoreParenImpCasts();
    RW.ReplaceText(SourceRange(SM.getExpansionLoc(B->getBeginLoc()),
                               SM.getExpansionRange(B->getEndLoc()).getEnd()),
                   Ptr);
    SourceLocation AfterBase =
        Lexer::getLocForEndOfToken(S.base()->getEndLoc(), 0, SM, LO);
    RW.ReplaceText(CharSourceRange::getCharRange(
                       AfterBase, SM.getExpansionLoc(S.sub(0)->getBeginLoc())),
                   "[" + std::string(Rank >= 2 ? Rank - 2 : 0, '(') + "((");
    for (std::size_t Dm = 1; Dm < Rank; ++Dm)
      RW.ReplaceText(CharSourceRange::getCharRange(
                         S.Levels[Dm - 1]->getRBracketLoc(),
                         SM.getExpansionLoc(S.sub(Dm)->getBeginLoc())),
                     ")" + Off(Dm - 1) + ")" + (Dm >= 2 ? ")" : "") + " * " +
                         Ptr + "_e" + std::to_string(Dm) + " + ((");
    SourceLocation RB = S.whole()->getRBracketLoc();
    RW.ReplaceText(SourceRange(RB, RB), ")" + Off(Rank - 1) + ")]");
  }

  /// After the loop's last token (after the ';' of a non-compound body).
  SourceLocation afterLoop(const ForStmt *F) {
    SourceLocation End = SM.getExpansionRange(F->getEndLoc()).getEnd();
    if (isa<CompoundStmt>(F->getBody()))
      return Lexer::getLocForEndOfToken(End, 0, SM, LO);
    SourceLocation After = Lexer::findLocationAfterToken(
        End, tok::semi, SM, LO,
        /*SkipTrailingWhitespaceAndNewLine=*/false);
    if (After.isInvalid())
      After = Lexer::getLocForEndOfToken(End, 0, SM, LO);
    return After;
  }
};

/// A[k] in replicated code: reads become A.get(k) (collective: the owner
/// broadcasts), A[k] = v becomes A.set(k, v) and A[k] op= v becomes
/// A.update<hpf::elem_op::op>(k, v) (the owner stores). Only the tokens
/// around k and v are replaced, so nested accesses (A[B[j]]) compose.
void Emitter::element(const analysis::ElementAccess &El) {
  const analysis::Subscripts &S = El.Subs;
  // Macros inside k or v are fine (the analysis requires 'A', '[', ']' and
  // the operator in the file): edit at their expansion locations.
  std::string Open = El.Kind == analysis::ElementAccess::Read ? ".get("
                     : El.Kind == analysis::ElementAccess::Assign
                         ? ".set("
                         : ".update<hpf::elem_op::" + El.Op + ">(";
  openSubscripts(S, Open);
  const ArraySubscriptExpr *Whole = S.whole();
  if (El.Kind == analysis::ElementAccess::Read) {
    RW.ReplaceText(
        SourceRange(Whole->getRBracketLoc(), Whole->getRBracketLoc()), ")");
    return;
  }
  // `] = ` / `] += ` up to the value becomes `, `; `)` after the value.
  RW.ReplaceText(
      CharSourceRange::getCharRange(
          Whole->getRBracketLoc(), SM.getExpansionLoc(El.Value->getBeginLoc())),
      ", ");
  RW.InsertTextAfter(
      Lexer::getLocForEndOfToken(
          SM.getExpansionRange(El.Value->getEndLoc()).getEnd(), 0, SM, LO),
      ")");
}

/// `M[s0][s1]` -> `M<Open>s0, s1]`: the tokens from the base to the first
/// subscript become Open, each `][` a comma. The last `]` is left.
void Emitter::openSubscripts(const analysis::Subscripts &S,
                             const std::string &Open) {
  SourceLocation AfterBase =
      Lexer::getLocForEndOfToken(S.base()->getEndLoc(), 0, SM, LO);
  RW.ReplaceText(CharSourceRange::getCharRange(
                     AfterBase, SM.getExpansionLoc(S.sub(0)->getBeginLoc())),
                 Open);
  for (std::size_t D = 1; D < S.Levels.size(); ++D)
    RW.ReplaceText(CharSourceRange::getCharRange(
                       S.Levels[D - 1]->getRBracketLoc(),
                       SM.getExpansionLoc(S.sub(D)->getBeginLoc())),
                   ", ");
}

std::string Emitter::run() {
  for (const auto &A : P.Arrangements)
    processors(*A);
  for (const auto &A : P.Arrays)
    array(*A);
  for (const auto &R : P.Redistributions)
    redistribution(R);
  std::vector<SourceRange> LoopRanges;
  for (const OwnerLoop &L : P.Loops) {
    loop(L);
    // Output inside distributed loops stays per rank (the analysis warns);
    // loops over no distributed array are replicated code like any other.
    if (L.Home)
      LoopRanges.push_back(L.For->getSourceRange());
  }
  for (const analysis::ElementAccess &El : P.Elements)
    element(El);
  // Remaining directives (dynamic, and anything only checked) become
  // comments.
  for (const ParsedDirective &D : State.Directives)
    if (!Done.count(D.Id))
      replaceDirective(D, "");
  PrintRewriter PR(Ctx, RW, LoopRanges);
  PR.TraverseDecl(Ctx.getTranslationUnitDecl());

  std::string Head = "// Generated by hpfcc from " + fileName() +
                     ": HPF directives rewritten for the MPI runtime.\n"
                     "#include \"mpi/hpfrt.h\"\n"
                     "#include \"hpfcc/loops.h\"\n";
  if (!Tables.empty())
    Head += "\n// Redistribution plans computed at compile time "
            "(hpf::static_plan, runtime/plan/StaticPlan.h).\n" +
            Tables + "\n";
  Head += "#line 1 " + quote(fileName()) + "\n";
  FileID Main = SM.getMainFileID();
  std::string Out = Head;
  if (const RewriteBuffer *Buf = RW.getRewriteBufferFor(Main))
    Out += std::string(Buf->begin(), Buf->end());
  else
    Out += SM.getBufferData(Main).str();
  return Out;
}

} // namespace

std::string rewrite(ASTContext &Ctx, const pragma::PragmaState &State,
                    const analysis::Program &P) {
  return Emitter(Ctx, State, P).run();
}

} // namespace hpf::codegen
