//===- analysis/replicated/Algorithms.cpp - std algorithms on arrays ------===//
//
// Replicated code may hand a distributed array to a standard algorithm as
// a range: `std::fill(std::begin(A), std::end(A), 0.0)`, `std::copy(A, A +
// N, B)`, `std::accumulate(V.begin(), V.end(), 0.0)`, `*std::max_element(
// ...)`, `std::swap(Cur, Next)`. Iterators into a distributed array would
// see only this rank's part of it, so the call is recognised as a whole,
// with its ranges as global positions, and becomes a call of the runtime's
// version of the algorithm (runtime/hpfcc/algorithms.h), which keeps the
// sequential result: an owner-computes loop for fill, copy and transform,
// exact reductions for count and equal, the first best element for
// min_element and max_element, the sequential order for floating-point
// accumulate and reduce, and the storage (or the elements) swapped.
//
// The function an algorithm is given (a lambda, a function of the file, a
// std:: function object) runs on the rank owning each element, as the body
// of an independent loop does: the effects analysis must find that it
// changes nothing outside itself, reads no distributed array, does no I/O,
// does not throw or end the process. Every other use of an iterator into a
// distributed array is an error at the token naming the supported forms.
//
//===----------------------------------------------------------------------===//
#include "Expressions.h"
#include "replicated/Ranges.h"
#include "effects/ProgramWrites.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace hpf::analysis {

namespace {

const char *const Supported =
    "hpfcc supports, in replicated code, std::fill, std::copy, "
    "std::transform, std::count, std::count_if, std::equal, "
    "std::accumulate, std::reduce, std::sort, std::stable_sort, "
    "'*std::min_element(...)', "
    "'*std::max_element(...)' and 'std::min_element(...) - std::begin(A)' "
    "on ranges of one-dimensional distributed arrays ('std::begin(A), "
    "std::end(A)', 'A, A + N', 'V.begin(), V.end()', or a part 'A + k, A + "
    "m'), and 'std::swap(A, B)' of two distributed arrays";

class CallFinder : public RecursiveASTVisitor<CallFinder> {
public:
  std::vector<const CallExpr *> Calls;
  bool shouldVisitTemplateInstantiations() const { return false; }
  bool VisitCallExpr(CallExpr *E) {
    Calls.push_back(E);
    return true;
  }
};

class Recognizer : public RangeReader {
public:
  Recognizer(Context &C, CheckedRefs &Checked) : RangeReader(C, Checked) {}

  void run() {
    CallFinder F;
    F.TraverseDecl(C.Ctx.getTranslationUnitDecl());
    // Outer calls first (pre-order): an algorithm claims its iterators.
    for (const CallExpr *CE : F.Calls) {
      if (Consumed.count(CE))
        continue;
      const FunctionDecl *FD = CE->getDirectCallee();
      if (!FD || !FD->isInStdNamespace() || !FD->getIdentifier() ||
          isa<CXXMethodDecl>(FD))
        continue;
      if (!arrayArg(CE) || Checked.count(arrayArg(CE)))
        continue;
      if (inLoop(CE)) {
        const DeclRefExpr *Any = arrayArg(CE);
        refuse(CE, Any->getLocation(),
               "'std::" + FD->getName().str() + "' on distributed array '" +
                   arrayOf(Any)->Name +
                   "' in an independent loop: a standard algorithm on a "
                   "distributed array runs on every rank together, in "
                   "replicated code, and the loop's iterations run on "
                   "different ranks; call it before or after the loop");
        continue;
      }
      algorithm(CE, FD->getName().str());
    }
    // `V.begin()` of a distributed vector left over: not a range.
    for (const CallExpr *CE : F.Calls) {
      const auto *MC = dyn_cast<CXXMemberCallExpr>(CE);
      if (!MC || Consumed.count(MC))
        continue;
      Position Pos;
      if (!part(MC, Pos) || Checked.count(Pos.Ref))
        continue;
      Checked.insert(Pos.Ref);
      const std::string M = MC->getMethodDecl()->getNameAsString();
      C.R.error(MC->getExprLoc(),
                "'" + Pos.Array->Name + "." + M +
                    "()' is an iterator into distributed std::vector '" +
                    Pos.Array->Name +
                    "', which would see only this rank's part of it: use "
                    "its elements '" +
                    Pos.Array->Name + "[i]', or a standard algorithm on the "
                    "whole range (" +
                    Supported + ")");
    }
  }

private:
  void refuse(const CallExpr *CE, SourceLocation At, const std::string &Why) {
    C.R.error(At, Why);
    claimAll(CE);
  }

  /// The function an algorithm runs per element: a lambda, a function of
  /// the program or a std:: function object, whose effects are those an
  /// independent loop's body may have. False if reported.
  bool callable(const CallExpr *CE, unsigned Arg, const std::string &Algo) {
    const Expr *E = stripCopies(CE->getArg(Arg));
    const FunctionDecl *FD = nullptr;
    if (const CXXRecordDecl *RD = E->getType()->getAsCXXRecordDecl()) {
      if (RD->isLambda())
        FD = RD->getLambdaCallOperator();
      else if (RD->isInStdNamespace())
        return true; // std::plus<>, std::less<>, ...: pure
    } else if (const auto *Ref = dyn_cast<DeclRefExpr>(E)) {
      FD = dyn_cast<FunctionDecl>(Ref->getDecl());
    } else if (const auto *UO = dyn_cast<UnaryOperator>(E);
               UO && UO->getOpcode() == UO_AddrOf) {
      if (const auto *Named =
              dyn_cast<DeclRefExpr>(UO->getSubExpr()->IgnoreParens()))
        FD = dyn_cast<FunctionDecl>(Named->getDecl());
    }
    if (!FD) {
      refuse(CE, CE->getArg(Arg)->getBeginLoc(),
             "the function given to '" + Algo +
                 "' on a distributed array must be a lambda, a function of "
                 "this file or a std:: function object (std::plus<>, "
                 "std::less<>, ...): hpfcc checks what it does on each "
                 "element, as for an independent loop's body");
      return false;
    }
    const effects::Effects &Eff = C.Effects.ofFunction(FD);
    const std::string Given =
        "the function given to '" + Algo + "' at line " +
        lineOf(C.SM, CE->getBeginLoc());
    const std::string Runs =
        ", and it runs on the rank that owns each element, as an independent "
        "loop's body does";
    auto Through = [&](const effects::Witness &W) {
      return W.Path.empty() ? std::string()
                            : " (through " + C.Effects.pathText(W) + ")";
    };
    if (!Eff.Writes.empty()) {
      const auto &[V, W] = *Eff.Writes.begin();
      refuse(CE, W.Loc,
             "'" + V->getName().str() + "' is written here, by " + Given +
                 Through(W) + Runs +
                 ": each rank would keep a different value; compute it "
                 "from the algorithm's result instead");
      C.R.note(CE->getArg(Arg)->getBeginLoc(), "given here");
      return false;
    }
    auto ReadsArray = [&](const VarDecl *V, const effects::Witness &W) {
      const DistArray *A = C.P.arrayOfAnyDecl(V);
      if (!A)
        return false;
      refuse(CE, W.Loc,
             "distributed array '" + A->Name + "' is read here, by " + Given +
                 Through(W) + Runs +
                 ": an element read there is collective and ranks run "
                 "different elements; pass the array as a range of the "
                 "algorithm (std::transform of two ranges, std::equal) or "
                 "read the element before the call");
      C.R.note(CE->getArg(Arg)->getBeginLoc(), "given here");
      return true;
    };
    for (const auto &[V, W] : Eff.Reads)
      if (ReadsArray(V, W))
        return false;
    for (const auto &[V, W] : Eff.ParamReads)
      if (ReadsArray(V, W))
        return false;
    // Throws, exits, writes through a pointer, I/O: errors; a call hpfcc
    // cannot follow: a warning saying what is assumed.
    effects::Effects Known = Eff;
    Known.Opaque.reset();
    Known.Callback.reset();
    if (auto [What, W] = effects::firstOther(Known); W) {
      refuse(CE, W->Loc,
             Given + " " + What + Through(*W) + Runs +
                 ": ranks would do it for their own elements only, in "
                 "another order; use an independent loop, or a loop in "
                 "replicated code");
      C.R.note(CE->getArg(Arg)->getBeginLoc(), "given here");
      return false;
    }
    if (auto [What, W] = effects::firstOther(Eff); W)
      C.R.warning(W->Loc, Given + " " + What + Through(*W) +
                              ": hpfcc assumes it changes nothing outside it "
                              "and does no I/O (declare a function "
                              "[[gnu::pure]] or [[gnu::const]] if so, or "
                              "define it in this file)");
    return true;
  }

  /// std::accumulate and std::reduce take `+` or the function object of
  /// an operator the reductions support.
  bool reductionOp(const CallExpr *CE, unsigned Arg, const std::string &Algo) {
    const Expr *E = stripCopies(CE->getArg(Arg));
    const auto *RD = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
        E->getType()->getAsCXXRecordDecl());
    static const std::set<std::string> Ops = {
        "plus",   "multiplies", "bit_and",    "bit_or",
        "bit_xor", "logical_and", "logical_or"};
    if (RD && RD->isInStdNamespace() && Ops.count(RD->getName().str()))
      return true;
    refuse(CE, CE->getArg(Arg)->getBeginLoc(),
           "'" + Algo +
               "' on a distributed array takes the operators of reductions "
               "only: '+' (no operation given), std::plus<>, "
               "std::multiplies<>, std::bit_and<>, std::bit_or<>, "
               "std::bit_xor<>, std::logical_and<> or std::logical_or<> "
               "(user-defined operations are not supported: write an "
               "independent loop with a reduction clause)");
    return false;
  }

  /// Positions Args[First..First + N) of CE into ranges: each range's
  /// array must be the same for its first and last position.
  bool positions(const CallExpr *CE, unsigned First, unsigned N,
                 std::vector<Position> &Out, const std::string &Algo) {
    for (unsigned I = First; I < First + N; ++I) {
      Position Pos;
      if (!position(CE->getArg(I), Pos)) {
        refuse(CE, CE->getArg(I)->getBeginLoc(),
               "'" + Algo +
                   "' on a distributed array needs every range in "
                   "distributed arrays: this argument is not a position in "
                   "one ('std::begin(A)', 'std::end(A)', 'A', 'A + k', "
                   "'V.begin()', 'V.end()'); " +
                   Supported);
        return false;
      }
      if (Pos.Array->rank() != 1) {
        refuse(CE, CE->getArg(I)->getBeginLoc(),
               "'" + Algo + "' on distributed array '" + Pos.Array->Name +
                   "' of rank " + std::to_string(Pos.Array->rank()) +
                   ": iterators of a multi-dimensional array run over its "
                   "rows; only one-dimensional arrays are supported (use "
                   "an independent loop nest)");
        return false;
      }
      if (!inFile(CE->getArg(I))) {
        refuse(CE, CE->getArg(I)->getBeginLoc(),
               "a range of distributed array '" + Pos.Array->Name +
                   "' given to '" + Algo +
                   "' must be written outside macros (hpfcc rewrites the "
                   "call)");
        return false;
      }
      Out.push_back(Pos);
    }
    return true;
  }

  /// A range from two positions (or one, for a destination).
  bool range(const CallExpr *CE, const Position &Lo, const Position *Hi,
             AlgorithmRange &R, const std::string &Algo) {
    if (Hi && Hi->Array != Lo.Array) {
      refuse(CE, Hi->Ref->getLocation(),
             "the range given to '" + Algo + "' starts in '" + Lo.Array->Name +
                 "' and ends in '" + Hi->Array->Name +
                 "': a range lies in one array");
      return false;
    }
    R.Array = Lo.Array;
    R.Name = text(Lo.Ref);
    R.Lo = positionText(Lo);
    if (R.Lo.empty()) {
      claimAll(CE);
      return false;
    }
    if (Hi) {
      R.Hi = positionText(*Hi);
      if (R.Hi.empty()) {
        claimAll(CE);
        return false;
      }
    }
    return true;
  }

  void record(const CallExpr *CE, const Expr *Whole, const std::string &Fn,
              std::vector<AlgorithmRange> Ranges, int Kept,
              const std::vector<Position> &Pos) {
    for (const Position &P : Pos)
      claim(P);
    C.P.Algorithms.push_back({Fn, Whole, CE, std::move(Ranges), Kept});
  }

  void algorithm(const CallExpr *CE, const std::string &Name) {
    const std::string Algo = "std::" + Name;
    const unsigned N = CE->getNumArgs();
    const DeclRefExpr *Any = arrayArg(CE);
    if (CE->getBeginLoc().isMacroID() || CE->getRParenLoc().isMacroID() ||
        !C.SM.isInMainFile(CE->getBeginLoc())) {
      refuse(CE, Any->getLocation(),
             "'" + Algo + "' on distributed array '" + arrayOf(Any)->Name +
                 "' must be written outside macros (hpfcc rewrites the "
                 "call)");
      return;
    }
    if (Name == "swap") {
      swap(CE, Algo);
      return;
    }
    if (Name == "begin" || Name == "end" || Name == "cbegin" ||
        Name == "cend" || Name == "data") {
      refuse(CE, Any->getLocation(),
             "'" + Algo + "(" + arrayOf(Any)->Name +
                 ")' is an iterator into distributed array '" +
                 arrayOf(Any)->Name +
                 "', which would see only this rank's part of it: use its "
                 "elements, or a standard algorithm on a range of it (" +
                 Supported + ")");
      return;
    }
    std::vector<Position> Pos;
    std::vector<AlgorithmRange> Ranges;
    auto Statement = [&]() {
      if (discarded(CE))
        return true;
      refuse(CE, CE->getBeginLoc(),
             "the value of '" + Algo +
                 "' on a distributed array is an iterator into it, which "
                 "would see only this rank's part: call it as a statement "
                 "of its own");
      return false;
    };
    auto Two = [&](unsigned First, AlgorithmRange &R) {
      return range(CE, Pos[First], &Pos[First + 1], R, Algo);
    };
    if (Name == "fill" && N == 3) {
      if (!Statement() || !positions(CE, 0, 2, Pos, Algo))
        return;
      Ranges.resize(1);
      if (Two(0, Ranges[0]))
        record(CE, CE, "fill", Ranges, 2, Pos);
      return;
    }
    if (Name == "copy" && N == 3) {
      if (!Statement() || !positions(CE, 0, 3, Pos, Algo))
        return;
      Ranges.resize(2);
      if (Two(0, Ranges[0]) && range(CE, Pos[2], nullptr, Ranges[1], Algo))
        record(CE, CE, "copy", Ranges, -1, Pos);
      return;
    }
    if (Name == "transform" && (N == 4 || N == 5)) {
      const unsigned Iters = N - 1;
      if (!Statement() || !positions(CE, 0, Iters, Pos, Algo) ||
          !callable(CE, N - 1, Algo))
        return;
      Ranges.resize(Iters - 1);
      if (!Two(0, Ranges[0]))
        return;
      for (unsigned K = 2; K < Iters; ++K)
        if (!range(CE, Pos[K], nullptr, Ranges[K - 1], Algo))
          return;
      record(CE, CE, "transform", Ranges, int(N - 1), Pos);
      return;
    }
    if ((Name == "count" || Name == "count_if") && N == 3) {
      if (!positions(CE, 0, 2, Pos, Algo) ||
          (Name == "count_if" && !callable(CE, 2, Algo)))
        return;
      Ranges.resize(1);
      if (Two(0, Ranges[0]))
        record(CE, CE, Name, Ranges, 2, Pos);
      return;
    }
    if (Name == "equal" && N >= 3 && N <= 5) {
      // (f1, l1, f2), (f1, l1, f2, pred), (f1, l1, f2, l2), (f1, l1, f2,
      // l2, pred): the fourth is an iterator if its parameter has the
      // third's type.
      const FunctionDecl *FD = CE->getDirectCallee();
      const bool Four =
          N == 5 || (N == 4 && FD->getNumParams() == 4 &&
                     C.Ctx.hasSameType(FD->getParamDecl(2)->getType(),
                                       FD->getParamDecl(3)->getType()));
      const unsigned Iters = Four ? 4 : 3;
      const bool Pred = N > Iters;
      if (!positions(CE, 0, Iters, Pos, Algo) ||
          (Pred && !callable(CE, N - 1, Algo)))
        return;
      Ranges.resize(2);
      if (!Two(0, Ranges[0]) ||
          !range(CE, Pos[2], Four ? &Pos[3] : nullptr, Ranges[1], Algo))
        return;
      record(CE, CE, Four ? "equal_ranges" : "equal", Ranges,
             Pred ? int(N - 1) : -1, Pos);
      return;
    }
    if ((Name == "accumulate" && (N == 3 || N == 4)) ||
        (Name == "reduce" && N >= 2 && N <= 4)) {
      if (!positions(CE, 0, 2, Pos, Algo) ||
          (N == 4 && !reductionOp(CE, 3, Algo)))
        return;
      Ranges.resize(1);
      if (!Two(0, Ranges[0]))
        return;
      remarkFold(CE, Algo, *Pos[0].Array, N >= 3 ? CE->getArg(2) : nullptr,
                 N == 4 ? CE->getArg(3) : nullptr);
      record(CE, CE, Name, Ranges, N >= 3 ? 2 : -1, Pos);
      return;
    }
    if ((Name == "sort" || Name == "stable_sort") && (N == 2 || N == 3)) {
      if (!Statement() || !positions(CE, 0, 2, Pos, Algo) ||
          (N == 3 && !callable(CE, 2, Algo)))
        return;
      Ranges.resize(1);
      if (!Two(0, Ranges[0]))
        return;
      remarkSort(CE, Algo, *Pos[0].Array, Ranges[0],
                 N == 3 ? CE->getArg(2) : nullptr);
      record(CE, CE, Name, Ranges, N == 3 ? 2 : -1, Pos);
      return;
    }
    if ((Name == "min_element" || Name == "max_element") &&
        (N == 2 || N == 3)) {
      if (!positions(CE, 0, 2, Pos, Algo) || (N == 3 && !callable(CE, 2, Algo)))
        return;
      Ranges.resize(1);
      if (!Two(0, Ranges[0]))
        return;
      const Expr *Whole = nullptr;
      std::string Fn;
      elementUse(CE, Pos[0], Whole, Fn);
      if (!Whole) {
        refuse(CE, CE->getBeginLoc(),
               "'" + Algo +
                   "' on a distributed array is supported as the element's "
                   "value ('*" +
                   Algo + "(...)', read only) or its position ('" + Algo +
                   "(...) - std::begin(" + Pos[0].Array->Name +
                   ")'): an iterator into the array would see only this "
                   "rank's part of it");
        return;
      }
      record(CE, Whole, Name + Fn, Ranges, N == 3 ? 2 : -1, Pos);
      return;
    }
    refuse(CE, Any->getLocation(),
           "'" + Algo + "' on distributed array '" + arrayOf(Any)->Name +
               "' is not supported: iterators into a distributed array would "
               "see only this rank's part of it; " +
               Supported);
  }

  /// `*call` (read only) -> "_value"; `call - begin` of the same array
  /// (`std::begin(A)`, `A`, `V.begin()`) -> "_index", Whole the
  /// subtraction (the begin position is claimed).
  void elementUse(const CallExpr *CE, const Position &First,
                  const Expr *&Whole, std::string &Fn) {
    const Stmt *Child = CE;
    const Stmt *Par = parentOf(Child);
    while (Par && (isa<ImplicitCastExpr>(Par) ||
                   isa<MaterializeTemporaryExpr>(Par) ||
                   isa<CXXBindTemporaryExpr>(Par))) {
      Child = Par;
      Par = parentOf(Par);
    }
    const Expr *Deref = nullptr, *Minuend = nullptr, *Subtrahend = nullptr;
    if (const auto *UO = dyn_cast_or_null<UnaryOperator>(Par);
        UO && UO->getOpcode() == UO_Deref)
      Deref = UO;
    else if (const auto *BO = dyn_cast_or_null<BinaryOperator>(Par);
             BO && BO->getOpcode() == BO_Sub && BO->getLHS() == Child) {
      Minuend = BO;
      Subtrahend = BO->getRHS();
    } else if (const auto *OC = dyn_cast_or_null<CXXOperatorCallExpr>(Par)) {
      if (OC->getOperator() == OO_Star && OC->getNumArgs() == 1)
        Deref = OC;
      else if (OC->getOperator() == OO_Minus && OC->getNumArgs() == 2 &&
               OC->getArg(0) == Child) {
        Minuend = OC;
        Subtrahend = OC->getArg(1);
      }
    }
    if (Deref && onlyRead(C.Ctx, Deref) && inFile(Deref)) {
      Whole = Deref;
      Fn = "_value";
      return;
    }
    Position Sub;
    if (Minuend && inFile(Minuend) && position(Subtrahend, Sub) &&
        Sub.Array == First.Array && !Sub.FromEnd && Sub.Offsets.empty()) {
      claim(Sub);
      Whole = Minuend;
      Fn = "_index";
    }
  }

  /// -Rhpf: how accumulate or reduce keeps the sequential result (mirrors
  /// hpfcc/algorithms.h: integral accumulator and elements with an
  /// operation of the accumulator's type are combined from partial values,
  /// anything else is folded in order over a gathered copy).
  void remarkFold(const CallExpr *CE, const std::string &Algo,
                  const DistArray &A, const Expr *Init, const Expr *Op) {
    QualType Acc = Init ? Init->getType().getNonReferenceType().getUnqualifiedType()
                        : QualType();
    QualType Elem = elementType(A);
    if (Acc.isNull())
      Acc = Elem;
    bool Partials = !Acc.isNull() && !Elem.isNull() &&
                    Acc->isIntegralType(C.Ctx) && !Acc->isBooleanType() &&
                    Elem->isIntegralType(C.Ctx);
    if (Partials && Op) {
      const auto *RD = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
          stripCopies(Op)->getType()->getAsCXXRecordDecl());
      const std::string N = RD ? RD->getName().str() : "";
      Partials = N == "plus" || N == "multiplies" || N == "bit_and" ||
                 N == "bit_or" || N == "bit_xor";
      if (Partials && RD->getTemplateArgs().size() == 1 &&
          RD->getTemplateArgs()[0].getKind() == TemplateArgument::Type) {
        QualType X = RD->getTemplateArgs()[0].getAsType();
        Partials = X->isVoidType() || C.Ctx.hasSameUnqualifiedType(X, Acc);
      }
    }
    C.R.remark(CE->getBeginLoc(),
               Partials
                   ? "'" + Algo + "' over distributed array '" + A.Name +
                         "': integers, each rank's partial value combined "
                         "with one MPI_Allreduce (exact)"
                   : "'" + Algo + "' over distributed array '" + A.Name +
                         "': not an integer operation, so computed in the "
                         "sequential order: the array is gathered on every "
                         "rank (one MPI_Allgatherv) and the algorithm runs "
                         "over the copy");
  }

  /// -Rhpf: how sort or stable_sort keeps the sequential result (mirrors
  /// hpfcc/algorithms.h: a sample sort where the order of equivalent
  /// elements is fixed or invisible, over the whole array; otherwise the
  /// range gathered and sorted as sequentially).
  void remarkSort(const CallExpr *CE, const std::string &Algo,
                  const DistArray &A, const AlgorithmRange &R,
                  const Expr *Comp) {
    QualType Elem = elementType(A);
    bool Invisible = false;
    if (!Elem.isNull() && Elem->isIntegralType(C.Ctx)) {
      Invisible = !Comp;
      if (const auto *RD = Comp ? dyn_cast_or_null<ClassTemplateSpecializationDecl>(
                                      stripCopies(Comp)->getType()->getAsCXXRecordDecl())
                                : nullptr;
          RD && RD->isInStdNamespace() &&
          (RD->getName() == "less" || RD->getName() == "greater")) {
        const TemplateArgument &X = RD->getTemplateArgs()[0];
        Invisible = X.getKind() == TemplateArgument::Type &&
                    (X.getAsType()->isVoidType() ||
                     C.Ctx.hasSameUnqualifiedType(X.getAsType(), Elem));
      }
    }
    const bool Stable = Algo == "std::stable_sort";
    const bool Whole = R.Lo == "0" && R.Hi == R.Name + ".size()";
    const std::string Gathered =
        "the array is gathered on every rank (one MPI_Allgatherv, " +
        std::string("O(N) memory per rank), sorted there by '") + Algo +
        "' as sequentially, and each rank keeps its elements";
    std::string Why;
    if (!Stable && !Invisible)
      Why = "the order '" + Algo +
            "' gives equivalent elements is unspecified and they may be "
            "told apart (not integers by '<' or '>'), so only the sequential "
            "algorithm gives the sequential result: ";
    if (!Why.empty()) {
      C.R.remark(CE->getBeginLoc(), "'" + Algo + "' of distributed array '" +
                                        A.Name + "': " + Why + Gathered);
      return;
    }
    std::string Else;
    if (!Whole)
      Else += "; if the range is a part of the array (known at run time), " +
              Gathered;
    if (!Comp && !Elem.isNull() && Elem->isFloatingType())
      Else += "; if a NaN is in the array (one MPI_Allreduce tells), " +
              Gathered;
    C.R.remark(CE->getBeginLoc(),
               "'" + Algo + "' of distributed array '" + A.Name + "': " +
                   (Stable ? "stable, so the order of equivalent elements is "
                             "fixed"
                           : "integers by '<' or '>', whose equivalent "
                             "elements are equal") +
                   ": a sample sort (each rank sorts its elements, one "
                   "MPI_Allgather of P - 1 samples per rank, one "
                   "MPI_Alltoallv of the elements, one redistribution of the "
                   "sorted blocks to the array's mapping; O(N/P) memory per "
                   "rank)" +
                   Else);
  }

  /// The element type of a one-dimensional distributed array.
  QualType elementType(const DistArray &A) const {
    QualType Elem = vectorElement(A.Var->getType());
    if (Elem.isNull()) {
      if (const ArrayType *AT =
              C.Ctx.getAsArrayType(A.Var->getType().getNonReferenceType()))
        Elem = AT->getElementType();
      else if (A.Var->getType()->isPointerType())
        Elem = A.Var->getType()->getPointeeType();
    }
    return Elem;
  }

  /// std::swap(A, B) of two distributed arrays.
  void swap(const CallExpr *CE, const std::string &Algo) {
    if (CE->getNumArgs() != 2)
      return refuse(CE, CE->getBeginLoc(), "'" + Algo + "' of arrays takes two");
    const auto *R0 = dyn_cast<DeclRefExpr>(CE->getArg(0)->IgnoreParenImpCasts());
    const auto *R1 = dyn_cast<DeclRefExpr>(CE->getArg(1)->IgnoreParenImpCasts());
    DistArray *A = arrayOf(R0), *B = arrayOf(R1);
    if (!A || !B) {
      const DeclRefExpr *Dist = A ? R0 : R1;
      refuse(CE, Dist->getLocation(),
             "'std::swap' of distributed array '" +
                 arrayOf(Dist)->Name +
                 "' with an array that is not distributed: distribute the "
                 "other array too (then their storage or elements are "
                 "swapped), or copy the elements in an independent loop");
      return;
    }
    if (!discarded(CE) || !inFile(CE->getArg(0)) || !inFile(CE->getArg(1))) {
      refuse(CE, CE->getBeginLoc(),
             "'std::swap' of distributed arrays must be a statement of its "
             "own, written outside macros");
      return;
    }
    Checked.insert(R0);
    Checked.insert(R1);
    C.P.Algorithms.push_back({"swap_arrays",
                              CE,
                              CE,
                              {{A, text(R0), "", ""}, {B, text(R1), "", ""}},
                              -1});
    C.R.remark(CE->getBeginLoc(),
               "std::swap of distributed arrays '" + A->Name + "' and '" +
                   B->Name +
                   "': their storage is swapped when their mappings agree "
                   "(no message), else their elements (each keeps its "
                   "mapping: two redistributions)");
  }
};

} // namespace

void Algorithms::check(const std::set<const clang::Stmt *> &Independent) {
  Recognizer R(C, Checked);
  R.IndependentRangeFors = Independent;
  R.run();
}

} // namespace hpf::analysis
