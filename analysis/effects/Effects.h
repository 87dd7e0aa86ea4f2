//===- analysis/effects/Effects.h - what code may do ------------*- C++ -*-===//
//
// One answer to "what may running this code do?", for a function or for a
// statement (an independent loop's body), transitively through every call
// the translation unit lets the compiler follow: the variables declared
// outside it that it may write (found by Clang's ExprMutationAnalyzer, so
// an assignment, ++, a non-const member call, a non-const reference or
// pointer taken all count) and read, whether it may throw, end the process
// (exit, abort, longjmp), set errno, do replicated I/O, or call code the
// compiler cannot see.
//
// Functions are the nodes of a call graph; a node's effects are its own
// plus its callees' (a fixpoint, so recursion is exact). An effect keeps
// one witness: where it happens and the calls that lead there, so that a
// diagnostic can stand at the write and name the path from the loop.
//
// What counts as a call (an edge): a call to a function whose body is in
// the translation unit, a constructor, the destructor of a local or
// temporary, operator new and delete, default arguments and member
// initializers, every lambda or function named in the code (it may be
// called by whatever it is handed to), and for a call through a pointer
// every function of the program whose address is taken and whose type it
// has (a function of another file it may also reach stays opaque).
// Library functions (system headers) are not entered: what they change through
// their arguments is the mutation analysis' answer at the call; the C library's
// exits and I/O are effects of their own.
//
// The same graph answers a narrower question, for code whose effects do
// not matter but what it may run does (the flow walk: which arrays a
// statement may redistribute): the function definitions reached,
// transitively, and whether a call on the way could not be followed.
//
//===----------------------------------------------------------------------===//
#ifndef HPF_ANALYSIS_EFFECTS_EFFECTS_H
#define HPF_ANALYSIS_EFFECTS_EFFECTS_H

#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/ArrayRef.h"

#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace clang {
class ASTContext;
class QualType;
class SourceManager;
class TemplateArgument;
class DeclContext;
class Expr;
class FunctionDecl;
class ParmVarDecl;
class Stmt;
class VarDecl;
} // namespace clang

namespace hpf::analysis::effects {

/// Where an effect happens, and how the code asked about reaches it.
struct Witness {
  clang::SourceLocation Loc; ///< the write, read, throw, call, ...
  std::string What; ///< e.g. "exit", "std::cout", "a call through a pointer"
  /// The calls from the code asked about to the function holding Loc,
  /// outermost first: each call's location and its callee.
  std::vector<std::pair<clang::SourceLocation, const clang::FunctionDecl *>>
      Path;
  /// A read of an element through a parameter (Effects::ParamReads): the
  /// argument, in the code asked about, that passes the array read.
  clang::SourceLocation Passed = {};
};

struct Effects {
  /// Variables that are not the code's own automatic variables (globals,
  /// statics, and for a lambda or a loop body the variables around it),
  /// by canonical declaration.
  std::map<const clang::VarDecl *, Witness> Writes, Reads;
  /// Elements read through parameters (`X[k]`, `X` a parameter `T (&X)[N]`,
  /// `const T *X` or `const std::vector<T> &X`): a call's argument is what
  /// is read. At a call that passes a variable (`f(A)`, `f(&A[0])`) such a
  /// read becomes a read of that variable (in Reads, with Witness::Passed),
  /// or, the variable being the caller's own parameter, the caller's
  /// ParamReads. Also a lambda's reads of the parameters it captures.
  std::map<const clang::ParmVarDecl *, Witness> ParamReads;
  /// The same for writes: the reference and pointer parameters whose
  /// elements the function may change (ParamWrites), and the variables a
  /// call passes to such a parameter (PassedWrites). The mutation analysis
  /// at a call counts every non-const reference argument as a write
  /// (Writes); these say what the callee does with it.
  std::map<const clang::ParmVarDecl *, Witness> ParamWrites;
  std::map<const clang::VarDecl *, Witness> PassedWrites;
  std::optional<Witness> Throws; ///< a throw expression of the program
  std::optional<Witness> Exits;  ///< exit, abort, longjmp, terminate, ...
  std::optional<Witness> Opaque; ///< a call the compiler cannot follow
  /// A library call given a callable or a user type it may call back (its
  /// members are followed as calls; a library class's virtual functions
  /// an override of the program's may replace are not).
  std::optional<Witness> Callback;
  /// A write through a pointer that names no variable (a member's, a
  /// call's result): what it changes cannot be told.
  std::optional<Witness> WritesThrough;
  /// Replicated I/O: output (stdout, std::cout), input (stdin, std::cin),
  /// files (collective: rank 0 opens and reads them for every rank).
  std::optional<Witness> Output, Input, File;
  /// A C library function that writes nothing but errno (log, sqrt, exp:
  /// Clang's builtin table), under -fmath-errno (the default).
  std::optional<Witness> Errno;
};

/// What code may run: the calls of the graph above, followed through.
struct Reach {
  /// The function definitions it may run, transitively (for a function:
  /// itself too).
  std::set<const clang::FunctionDecl *> Functions;
  /// A call on the way whose callee cannot be told
  /// (Effects::Opaque: through a pointer or a std::function, a virtual
  /// call, a function defined in another file, setjmp), or a library call
  /// given a callable or a user type (Effects::Callback), which may call
  /// more than the edges to what it was given (what a pointer points to,
  /// an override of a library class's virtual function).
  std::optional<Witness> Unfollowed;
  /// The code itself (not a function it calls) calls a function that may
  /// return twice (setjmp): what follows that call in its function may run
  /// again after anything the function runs later.
  bool ReturnsTwice = false;
};

/// The analysis of one translation unit. Summaries are computed on demand
/// and kept.
class Analysis {
public:
  explicit Analysis(clang::ASTContext &Ctx);
  ~Analysis();
  Analysis(const Analysis &) = delete;
  Analysis &operator=(const Analysis &) = delete;

  /// What calling FD may do (its definition's effects, transitively).
  const Effects &ofFunction(const clang::FunctionDecl *FD);

  /// What running S may do, S being a statement of function Owner, where
  /// the variables declared inside S are its own. Direct effects of S
  /// itself are included (a write in S has an empty path); a variable
  /// written or read both in S and through a call keeps the call's
  /// witness, the one S's own statements do not show.
  Effects ofStatement(const clang::Stmt *S, const clang::DeclContext *Owner);

  /// What calling FD may run (nothing if its definition is not in the
  /// translation unit).
  const Reach &reachOf(const clang::FunctionDecl *FD);

  /// What running S may run. Cheaper than ofStatement: no variable is
  /// looked at.
  Reach reachOf(const clang::Stmt *S);

  /// "'f' (called at line 12) -> 'g' (line 30)": a witness' path.
  std::string pathText(const Witness &W) const;
  /// " at line 30", and ", reached through " and the path if it has one.
  std::string whereText(const Witness &W) const;

private:
  struct Impl;
  std::unique_ptr<Impl> P;
};

/// The first of E's effects that is not a variable read or written (a
/// throw, an exit, code not seen, I/O; not Errno), as what the code does
/// ("throws", "prints ('printf')") and its witness; null if none.
std::pair<std::string, const Witness *> firstOther(const Effects &E);

/// Whether a library function given a value of type T cannot call back
/// into the program: numbers, pointers to them, and library classes of
/// such (std::vector<double>, std::ostream); not a function, lambda, user
/// class or std::function (a function type argument).
bool harmlessToLibrary(const clang::SourceManager &SM, clang::QualType T,
                       int Depth = 0);
/// The types among template arguments, through packs (std::tuple<Ts...>);
/// false if one is a template (what it instantiates cannot be followed).
bool typeArguments(llvm::ArrayRef<clang::TemplateArgument> Args,
                   std::vector<clang::QualType> &Types);
/// Whether E, a reference to a function (`f`, `S::f`, `obj.f`), names the
/// callee of the call around it: any other use takes its address, and a
/// pointer to it may then be called anywhere.
bool namesCallee(clang::ASTContext &Ctx, const clang::Expr *E);

} // namespace hpf::analysis::effects

#endif // HPF_ANALYSIS_EFFECTS_EFFECTS_H
