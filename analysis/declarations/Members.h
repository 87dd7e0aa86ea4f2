//===- analysis/declarations/Members.h - distributed members ----*- C++ -*-===//
//
// A distribute directive in a class body distributes a non-static data
// member: every object of the class owns an hpf::darray with the
// directive's mapping. The analysis knows distributed arrays as variables
// (DistArray::Var, found through DeclRefExprs): a member is given a
// variable that stands for it (in the class's context, so that it counts as
// a variable of static storage, like a global array), and the member's uses
// in the class's member functions (`T[i]`, implicitly `this->T[i]`) are
// replaced in the AST by references to that variable before any phase
// looks at a body. Inside a member function the member's name is what the
// rewritten code spells, so the code generator needs nothing else. A use
// through an object (`R.T[k]`) becomes a reference whose range spans the
// object: an element of replicated code is rewritten around it.
//
//===----------------------------------------------------------------------===//
#ifndef HPF_ANALYSIS_MEMBERS_H
#define HPF_ANALYSIS_MEMBERS_H

#include "../pragma-parser/HpfPragma.h"

#include <set>
#include <string>
#include <vector>

namespace clang {
class CXXCtorInitializer;
class Expr;
class DeclRefExpr;
class FieldDecl;
class VarDecl;
} // namespace clang

namespace hpf::analysis {

class Context;

/// The variable standing for member FD, or null if FD is not distributed
/// (nor declared together with a distributed member).
const clang::VarDecl *memberVar(const clang::FieldDecl *FD);
/// The member a variable stands for, or null for every other variable.
const clang::FieldDecl *memberOf(const clang::VarDecl *V);

/// Creates the variables of the members that distribute directives in
/// class bodies name, and replaces the members' uses in member functions by
/// references to them; reports the uses that cannot be rewritten (through
/// another object, `this->T`) and copies or moves of objects that own
/// distributed members. Runs first, before anything asks for the parents
/// of an AST node.
void bindMembers(Context &C);

/// `(n)` or `(n, v)` of a std::vector's construction Init (its size and
/// value as written; Fill empty for `(n)`); false for any other.
bool sizedConstruction(Context &C, const clang::Expr *Init, std::string &Extent,
                       std::string &Fill);

/// A distributed std::vector member sized by a constructor's member
/// initializer (`Grid(int n) : T(n) {}`): the initializer becomes the
/// hpf::darray's construction.
struct MemberSize {
  const clang::CXXCtorInitializer *Init = nullptr;
  std::string Extent, Fill;
};
const std::vector<MemberSize> &memberSizes(const clang::VarDecl *V);

/// The size of distributed std::vector member V: its default member
/// initializer `= std::vector<T>(n)` (Extent, Fill), or else every
/// user-declared constructor's `T(n)` (memberSizes; Extent empty); false
/// (reported) if it has neither.
bool memberVectorSize(Context &C, const pragma::ParsedDirective &D,
                      const clang::VarDecl *V, std::string &Extent,
                      std::string &Fill);

/// After the element phase: a member used through an object (`R.T`,
/// `P->T`, `this->T`) must be an element's array in replicated code (the
/// rewritten code keeps the object in front of the member's name); such a
/// use that another phase claimed (Claimed: an independent loop, a
/// standard algorithm, an argument) is reported.
void checkMemberUses(Context &C,
                     const std::set<const clang::DeclRefExpr *> &Claimed);

/// The variables of the members declared in one declaration with the
/// member V stands for (`double T[N], Next[N];`), in source order; empty if
/// V stands for no member.
std::vector<const clang::VarDecl *> memberGroupOf(const clang::VarDecl *V);

} // namespace hpf::analysis

#endif // HPF_ANALYSIS_MEMBERS_H
