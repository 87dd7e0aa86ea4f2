//===- codegen/LoopReductions.cpp - what a loop combines after it ---------===//
//
// The part of an owner-computes loop's code that joins the ranks' work
// after it: scalar and array reductions (sections of pointers included),
// min/max with their locations, reproducible sums (an exact term per
// iteration), and replicated arrays the loop stores into. Each emitter adds
// its set-up to the loop's prologue and its combination to the epilogue
// (LoopEmitter.cpp).
//
//===----------------------------------------------------------------------===//
#include "LoopEmitter.h"

#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace hpf::codegen {

/// Reduction set-up before the loop and the combination across ranks
/// after it.
void LoopEmitter::reductions(std::string &Pro, std::string &Epi) const {
  for (const analysis::LoopReduction &Red : L.Reductions) {
    std::string V = Red.Var->getName().str();
    std::string Saved = "__hpf_" + V + "0_" + Id;
    if (Red.Loc && !Red.Loc->TiesAlike) { // see locConditions()
      const bool Max = Red.Op == pragma::ReductionOp::Max;
      const std::vector<const NestLevel *> Around =
          levelsAround(Red.Loc->Compare);
      std::string Directions;
      for (const NestLevel *Lv : Around)
        Directions += Lv->Down ? '-' : '+';
      Pro += " hpf::loc_reduction<" + std::to_string(Around.size()) + "> " +
             locObject(Red) + "(hpf::loc_cmp::" +
             (Max ? (Red.Loc->Strict ? "gt" : "ge")
                  : (Red.Loc->Strict ? "lt" : "le")) +
             ", \"" + Directions + "\", " + E.whereLiteral(D.HashLoc) + ");";
      Epi += " " + locObject(Red) + ".combine(" + V;
      for (const VarDecl *Loc : Red.Loc->Locations)
        Epi += ", " + Loc->getName().str();
      Epi += ");";
      continue;
    }
    if (Red.Exact) { // see levels(): every iteration is an exact_term
      Pro += " hpf::exact_sum " + accumulator(Red) + "; const auto " + Saved +
             " = " + V + ";";
      Epi += " " + V + " = hpf::allreduce_exact_sum(" + accumulator(Red) +
             ", " + Saved + ");";
      continue;
    }
    // Idempotent operators (min, max, &&, ||, &, |): every rank starts
    // from the variable's value and the ranks' results combine. The
    // others (+, *, ^): the ranks' parts start at the identity and the
    // value before the loop joins once.
    const Combine K = combineOf(Red.Op);
    if (Red.Array) {
      arrayReduction(Red, K, Pro, Epi);
      continue;
    }
    scalarReduction(V, K, Saved, Pro, Epi);
  }
}

void LoopEmitter::replicatedWrites(std::string &Pro, std::string &Epi) const {
  for (const VarDecl *VD : L.ReplicatedWrites) {
    const std::string V = VD->getName().str();
    const std::string Obj = "__hpf_rw_" + V + Id;
    Pro += " hpf::replicated_writes " + Obj + "(" + V + ", \"" + V + "\", " +
           E.whereLiteral(D.HashLoc) + ");";
    Epi += " " + Obj + ".deliver();";
  }
}

LoopEmitter::Combine LoopEmitter::combineOf(pragma::ReductionOp Op) {
  switch (Op) {
  case pragma::ReductionOp::Sum:
    return {"sum", "0", "+"};
  case pragma::ReductionOp::Product:
    return {"prod", "1", "*"};
  case pragma::ReductionOp::BitXor:
    return {"bxor", "0", "^"};
  case pragma::ReductionOp::Min:
    return {"min"};
  case pragma::ReductionOp::Max:
    return {"max"};
  case pragma::ReductionOp::LogicalAnd:
    return {"land"};
  case pragma::ReductionOp::LogicalOr:
    return {"lor"};
  case pragma::ReductionOp::BitAnd:
    return {"band"};
  case pragma::ReductionOp::BitOr:
    return {"bor"};
  }
  llvm_unreachable("unknown reduction operator");
}

void LoopEmitter::scalarReduction(const std::string &V, const Combine &K,
                                  const std::string &Saved, std::string &Pro,
                                  std::string &Epi) {
  if (K.Identity) {
    Pro += " const auto " + Saved + " = " + V + "; " + V + " = " + K.Identity +
           ";";
    Epi += " " + V + " = " + Saved + " " + K.Join + " hpf::allreduce_" + K.Fn +
           "(" + V + ");";
  } else {
    Epi += " " + V + " = hpf::allreduce_" + K.Fn + "(" + V + ");";
  }
}

/// An array reduction (mpi/Reduce.h): for +, *, ^ rank 0 keeps the values
/// before the loop and the other ranks start from the identity, so one
/// MPI_Allreduce (hpf::reduce_op::<Fn>) over the whole array both combines
/// the ranks' parts and joins the values before the loop, with no copy of
/// the array.
void LoopEmitter::arrayReduction(const analysis::LoopReduction &Red,
                                 const Combine &K, std::string &Pro,
                                 std::string &Epi) const {
  std::string V = Red.Var->getName().str();
  if (Red.Section) {
    // `p[first : length]`: the bounds are evaluated once, before the loop.
    const std::string S = "__hpf_section_" + V + Id;
    Pro += " const hpf::section_reduction " + S + "(" + V + ", " +
           Red.SectionFirst + ", " + Red.SectionLength + ", " +
           Emitter::quote(V) + ", " + E.whereLiteral(D.HashLoc) + ");";
    if (K.Identity)
      Pro += " " + S + ".start(" + K.Identity + ");";
    Epi += " " + S + ".combine(hpf::reduce_op::" + K.Fn + ");";
    return;
  }
  if (K.Identity)
    Pro += " hpf::array_reduction_start(" + V + ", " + K.Identity + ");";
  Epi += " hpf::allreduce_array(" + V + ", hpf::reduce_op::" + K.Fn + ");";
}

std::string LoopEmitter::locObject(const analysis::LoopReduction &Red) const {
  return "__hpf_loc_" + Red.Var->getName().str() + Id;
}

std::vector<const NestLevel *>
LoopEmitter::levelsAround(const clang::Stmt *S) const {
  const SourceLocation At = E.SM.getExpansionLoc(S->getBeginLoc());
  std::vector<const NestLevel *> Around;
  for (const NestLevel &Lv : L.Levels) {
    const SourceRange R = Lv.For->getSourceRange();
    if (!E.SM.isBeforeInTranslationUnit(At,
                                        E.SM.getExpansionLoc(R.getBegin())) &&
        E.SM.isBeforeInTranslationUnit(At, E.SM.getExpansionLoc(R.getEnd())))
      Around.push_back(&Lv);
  }
  std::sort(Around.begin(), Around.end(),
            [this](const NestLevel *X, const NestLevel *Y) {
              return E.SM.isBeforeInTranslationUnit(
                  E.SM.getExpansionLoc(X->For->getBeginLoc()),
                  E.SM.getExpansionLoc(Y->For->getBeginLoc()));
            });
  return Around;
}

void LoopEmitter::locConditions() {
  for (const analysis::LoopReduction &Red : L.Reductions) {
    if (!Red.Loc || Red.Loc->TiesAlike)
      continue; // the if as written
    const BinaryOperator *Cmp = Red.Loc->Compare;
    std::string Indices;
    for (const NestLevel *Lv : levelsAround(Cmp))
      Indices += (Indices.empty() ? "" : ", ") + Lv->IndVar->getName().str();
    const char *Method = Cmp->getOpcode() == BO_LT   ? "lt"
                         : Cmp->getOpcode() == BO_LE ? "le"
                         : Cmp->getOpcode() == BO_GT ? "gt"
                                                     : "ge";
    const SourceRange R = E.fileRange(Cmp);
    E.RW.InsertTextBefore(R.getBegin(), locObject(Red) + ".at(" + Indices +
                                            ")." + Method + "(");
    E.RW.ReplaceText(
        Cmp->getOperatorLoc(),
        unsigned(BinaryOperator::getOpcodeStr(Cmp->getOpcode()).size()), ",");
    E.RW.InsertTextAfterToken(R.getEnd(), ")");
  }
}

std::string LoopEmitter::accumulator(const analysis::LoopReduction &Red) const {
  return "__hpf_" + Red.Var->getName().str() + "_acc" + Id;
}

/// Reproducible sums: every iteration of every level adds what it
/// contributes to the accumulator exactly (hpf::exact_term: the variable
/// is 0 during the iteration, its enclosing value comes back after it),
/// so neither the partition of the iterations nor their order changes the
/// bits. Inserted before the level's own closing braces at the same place.
/// An unbraced body is braced from the loop's `)`, not from the body's
/// first token: a body that is an inner level's directive (`for (...)
/// #pragma hpf independent for ...`) is the directive's statement form and
/// begins inside the directive's text, which the directive's comment
/// replaces together with anything inserted there.
void LoopEmitter::exactTerms(const NestLevel &Lv, std::size_t K) {
  std::string Terms;
  for (const analysis::LoopReduction &Red : L.Reductions)
    if (Red.Exact) {
      std::string V = Red.Var->getName().str();
      Terms += " hpf::exact_term __hpf_" + V + "_term" + Id + "_" +
               std::to_string(K) + "(" + accumulator(Red) + ", " + V + ");";
    }
  if (Terms.empty())
    return;
  const Stmt *Body = Lv.For->getBody();
  if (const auto *CS = dyn_cast<CompoundStmt>(Body)) {
    E.RW.InsertTextAfter(CS->getLBracLoc().getLocWithOffset(1), Terms);
    return;
  }
  E.RW.InsertTextAfter(
      Lexer::getLocForEndOfToken(E.SM.getExpansionLoc(Lv.For->getRParenLoc()),
                                 0, E.SM, E.LO),
      " {" + Terms);
  E.RW.InsertTextAfter(E.afterLoop(Lv.For), " }");
}

} // namespace hpf::codegen
