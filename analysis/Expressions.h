//===- analysis/Expressions.h - questions about expressions -----*- C++ -*-===//
//
// Small questions about Clang expressions that several phases ask: the
// subscript chain of an element `M[i][j]`, whether an expression is only
// read, whether a subscript is `i + c`, and the element spelling used in
// messages.
//
//===----------------------------------------------------------------------===//
#ifndef HPF_ANALYSIS_EXPRESSIONS_H
#define HPF_ANALYSIS_EXPRESSIONS_H

#include "Context.h"

#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace clang {
class DeclRefExpr;
class DeclStmt;
class ValueDecl;
class QualType;
} // namespace clang

namespace hpf::analysis {

/// True if E is a subscript: built in (`A[i]`, an ArraySubscriptExpr) or
/// std::vector's operator[] (a CXXOperatorCallExpr).
bool isSubscript(const clang::Expr *E);
/// E's source text as written, through the expansion of a macro it is in
/// (the macro's invocation, not its body).
std::string expansionText(clang::ASTContext &Ctx, const clang::Expr *E);

/// The base (`A`), the index (`i`) and the `]` of a subscript.
const clang::Expr *subscriptBase(const clang::Expr *E);
const clang::Expr *subscriptIndex(const clang::Expr *E);
clang::SourceLocation rbracketLoc(const clang::Expr *E);

/// The chain of subscripts whose outermost subscript is E
/// (`M[i][j]`: M[i] then M[i][j]), following bases of array type only, and
/// the variable it starts from (null if it does not start at a variable).
const clang::DeclRefExpr *subscriptChain(const clang::Expr *E, Subscripts &S);

/// The element type T of `std::vector<T>` (through references and const);
/// a null type for any other type.
clang::QualType vectorElement(clang::QualType T);

/// "M[i][j]" for messages: A with its first K subscripts (a row if K is
/// below its rank), the first named First and the others j, k, l, m in
/// turn (skipping First).
std::string subscriptSpelling(const DistArray &A, std::size_t K,
                              const char *First = "i");

/// An element of A for messages: all its subscripts.
std::string elementSpelling(const DistArray &A, const char *First = "i");

/// True if S is a whole element of A (one subscript per dimension) written
/// `A[k]` (not `k[A]`) outside macros; otherwise reports why at E, with
/// `First` naming the index in the suggested spelling. AllowRow: S may also
/// be a row (fewer subscripts, RowArgs.cpp); only the spelling is checked.
bool wholeElement(Reporter &R, const clang::Expr *E, const Subscripts &S,
                  const DistArray &A, const char *First, bool AllowRow = false);

/// True if E (skipping parentheses, and through `.field` accesses) is only
/// read: its parent converts it to an rvalue, or copies it trivially.
/// Anything else (assignment, ++, reference, address) may write.
bool onlyRead(clang::ASTContext &Ctx, const clang::Expr *E);

/// True if E (skipping parentheses, and through `.field` accesses) is the
/// target of a built-in `=`, `op=`, `++` or `--`, or of a trivial copy
/// assignment: written there, with no reference or address of it handed
/// on (through which a callee could reach the elements next to it).
bool assignedDirectly(clang::ASTContext &Ctx, const clang::Expr *E);

/// E is inside an unevaluated operand (`sizeof`, `alignof`, `noexcept`,
/// `decltype`) of its expression: it reads nothing.
bool unevaluated(clang::ASTContext &Ctx, const clang::Expr *E);

/// The outermost element `V[a][b]` whose base is DRE, through parentheses
/// and the array-to-pointer decay of the base (DRE itself if none): what
/// onlyRead asks about.
const clang::Expr *outermostElement(clang::ASTContext &Ctx,
                                    const clang::DeclRefExpr *DRE);

/// The outermost `.field` access above E (`A[k].p.x` for the element
/// `A[k]`), through parentheses; E itself if no field of it is named.
const clang::Expr *memberTop(clang::ASTContext &Ctx, const clang::Expr *E);

/// True if E, of class type, is only copied from by a trivial copy or move
/// (`T v = E;`, `v = E;`): a read of all its bytes.
bool trivialCopySource(clang::ASTContext &Ctx, const clang::Expr *E);

/// c if E is `i + c`, `c + i` or `i - c` for the variable I and a constant c.
std::optional<int64_t> offsetFrom(clang::ASTContext &Ctx, const clang::Expr *E,
                                  const clang::VarDecl *I);

/// Calls F on S and every statement under it (null: none), depth first,
/// until F returns false; whether it never did.
bool forEachStmt(const clang::Stmt *S,
                 llvm::function_ref<bool(const clang::Stmt *)> F);

/// Calls F on every variable or function reference in S (null: none) until
/// F returns false; whether it never did.
bool forEachDeclRef(const clang::Stmt *S,
                    llvm::function_ref<bool(const clang::DeclRefExpr *)> F);

/// Whether a loop body can end an iteration or the loop early: a break not
/// inside a loop or switch of its own, a continue not inside a loop of its
/// own (a switch does not catch it), or goto, return, throw anywhere. Then
/// a condition decides whether the code after it runs, and an inspector
/// that runs the body's subscripts first must not run them regardless
/// (NeededReads.cpp, ReadBatches.cpp).
bool leavesEarly(const clang::Stmt *S, int Loops = 0, int Switches = 0);

/// The body of a for, range for, while or do loop; null for another
/// statement.
const clang::Stmt *loopBody(const clang::Stmt *Loop);

/// The function whose body holds S: the enclosing function, or the call
/// operator of the enclosing lambda; null elsewhere (a global's
/// initializer, a block).
const clang::FunctionDecl *enclosingFunction(clang::ASTContext &Ctx,
                                             const clang::Stmt *S);

/// The first statement in S (null: none) that would change meaning as the
/// body of a `[&]` lambda: a static or thread_local local (one per
/// instantiation), a label, `__func__` or `__builtin_FUNCTION()` (the
/// lambda's name), coroutine statements, or a name the lambda cannot
/// capture (a structured binding, which may be a bit-field, or an anonymous
/// union's member, declared outside S). The code generator wraps loops in
/// lambdas in several places (codegen/StrideVersions.cpp, Fusion.cpp, ...).
const clang::Stmt *lambdaUnsafe(clang::ASTContext &Ctx, const clang::Stmt *S);

/// The statement a nest's directive and its loop occupy: the outermost `if`
/// of the statement form (its carriers), else the loop; null without an
/// anchor.
const clang::Stmt *directiveStatement(const Program &P, const OwnerLoop &L);

/// The array an argument of a call names, and its reference: `A`, or
/// `&A[0]` (AddrOf set: the whole array, for a pointer parameter); null
/// for anything else (`A + k`, `&A[k]`, `c ? A : B`), and for `&A[0]`
/// without AddrOf.
const clang::DeclRefExpr *arrayArgument(const clang::Expr *Arg,
                                        const clang::Expr **AddrOf = nullptr);

/// The variable E names (ignoring parentheses and implicit casts), or null.
const clang::VarDecl *bareVar(const clang::Expr *E);

/// The references to V in S, implicit code included, in traversal order.
std::vector<const clang::DeclRefExpr *> refsTo(const clang::Stmt *S,
                                               const clang::ValueDecl *V);

/// The `void *` parameter a local pointer views: `T (*X)[N][M] =
/// (T (*)[N][M])P;` (or `T *X = (T *)P`, any explicit cast) with P a
/// parameter of type `void *` of the function X is declared in (C-style
/// code passes arrays that way, as NAS FT does); null for anything else.
const clang::ParmVarDecl *viewedParameter(const clang::VarDecl *X);
/// A dimension of the rows a view points to: its extent, or -1 and the
/// size expression for a variable-length one (`[n1]`).
struct ViewDim {
  std::int64_t Extent = -1;
  const clang::Expr *Size = nullptr;
};
/// The dimensions of the rows view X points to, outermost first (`[n2][n1]`
/// of `double (*)[n2][n1]`), up to the first type that is neither, which
/// is left in Elem (the element type, or an array of no known length).
std::vector<ViewDim> viewDims(clang::ASTContext &Ctx, const clang::VarDecl *X,
                              clang::QualType &Elem);
/// The declaration of an untyped parameter's view (DistArray::Untyped),
/// which codegen drops; null for other arrays (declarations/Untyped.cpp).
const clang::DeclStmt *untypedView(const DistArray &A);

/// The template whose non-template copy hpfcc names Name (codegen/Templates.h:
/// `__hpf_dot_1` is a copy of `dot`), or "" if Name is no such copy's.
llvm::StringRef templateOfCopy(llvm::StringRef Name);
/// Whether F (a function, not a template) has such a copy beside it: it is
/// called with distributed arrays and with plain ones, and the calls with
/// distributed ones call the copy (declarations/Functions.cpp).
bool hasFunctionCopy(const clang::FunctionDecl *F);

/// The runtime's replicated I/O type (runtime/mpi/ReplicatedIo.h) that
/// replicated code gets for T: "FILE" for a FILE*, "ifstream", "ofstream" or
/// "fstream" for std::basic_*fstream<char>; "" for anything else.
std::string replicatedIoType(clang::QualType T);

} // namespace hpf::analysis

#endif // HPF_ANALYSIS_EXPRESSIONS_H
