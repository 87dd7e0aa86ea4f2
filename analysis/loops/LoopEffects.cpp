//===- analysis/loops/LoopEffects.cpp - what a loop does through calls ----===//
//
// The iterations of an independent loop run split over the ranks, so what
// they change must be theirs: the elements they own, their own variables,
// reductions. The body's own statements are checked as they are written
// (LoopBody.cpp); this asks the effects analysis (effects/Effects.h) what
// the loop may do through the functions and lambdas it calls, and through
// calls that change a variable without assigning it (a non-const reference
// argument), and reports each write at the write, with the calls that lead
// there from the loop. Reads of distributed arrays through calls are served
// from a copy made before the loop (OwnerLoop::CallReads): the arrays the
// called functions read by name, and those the calls in the loop pass to
// parameters whose elements the callees read (`f(A, k)`, `X[k]` in f: the
// parameter is the same hpf::darray, so its reads find the copy).
//
//===----------------------------------------------------------------------===//
#include "Expressions.h"
#include "Phases.h"
#include "effects/ProgramWrites.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Stmt.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/Support/Path.h"

#include "declarations/Members.h"

#include <algorithm>

using namespace clang;

namespace hpf::analysis {

void checkLoopEffects(Context &C, OwnerLoop &L,
                      const std::set<const VarDecl *> &Handled,
                      LoopPrivates &Privates) {
  const DeclContext *Owner = enclosingFunction(C.Ctx, L.outer());
  if (!Owner)
    return;
  const effects::Effects E = C.Effects.ofStatement(L.outer(), Owner);
  const std::string Loop =
      "the independent loop at line " + lineOf(C.SM, L.outer()->getForLoc());
  auto IsReduction = [&L](const VarDecl *V) { return L.reduces(V); };
  for (const auto &[V, W] : E.Writes) {
    if (C.P.arrayOfAnyDecl(V))
      continue; // its elements: the owner stores (checked at run time)
    if (std::any_of(L.Levels.begin(), L.Levels.end(), [V](const NestLevel &Lv) {
          return Lv.IndVar->getCanonicalDecl() == V;
        }))
      continue; // an index declared before its loop: checkLoopBody's
    const std::string Name = "'" + V->getName().str() + "'";
    // Assigned before it is read in every iteration and not read after
    // the loop: each rank's own (LoopPrivates.cpp).
    const std::string Shared =
        IsReduction(V) ? "a reduction variable" : Privates.whyShared(V);
    if (Shared.empty()) {
      L.addPrivate(V);
      continue;
    }
    if (W.Path.empty()) {
      // In the body itself: assignments are LoopBody.cpp's; this is a
      // change it does not see (a non-const reference or pointer taken).
      if (Handled.count(V) || IsReduction(V))
        continue;
      L.IfParallel.push_back(
          {OwnerLoop::ParallelOnly::Error,
           W.Loc,
           Name + " is declared outside " + Loop +
               " and may be changed here (passed by non-const reference or "
               "pointer, or a non-const member function): each rank would "
               "keep a different value; declare it inside the loop, or "
               "compute it after the loop (it cannot be each rank's own: " +
               Shared + ")",
           {},
           {}});
      continue;
    }
    const std::string Why =
        IsReduction(V) ? "a reduction variable is updated only in the loop "
                         "body ('" +
                             V->getName().str() + " += ...')"
                       : "each rank would keep a different value";
    L.IfParallel.push_back(
        {OwnerLoop::ParallelOnly::Error, W.Loc,
         Name + " is written here, reached from " + Loop + " through " +
             C.Effects.pathText(W) + ": " + Why +
             "; return the value to the loop instead, or make the change "
             "after the loop" +
             (IsReduction(V)
                  ? ""
                  : " (it cannot be each rank's own: " + Shared + ")"),
         W.Path.front().first, "called here from " + Loop});
  }
  for (const auto &[V, W] : E.Reads) {
    if (W.Path.empty())
      continue; // the body's own reads: LoopBody.cpp
    DistArray *A = C.P.arrayOfAnyDecl(V);
    if (!A)
      continue;
    bool Written = false;
    for (const LoopAccess &Acc : L.Accesses)
      Written |= Acc.Array == A && !Acc.Read;
    // A call passing the array to a non-const reference counts as a write
    // (E.Writes, with no path); what the callees do is PassedWrites.
    auto ByCall = E.Writes.find(V);
    const bool CallsWrite =
        E.PassedWrites.count(V) ||
        (ByCall != E.Writes.end() && !ByCall->second.Path.empty());
    if ((Written || CallsWrite) && W.Passed.isValid()) {
      // Through a parameter: the call in the loop passes the array, which
      // is where the program must change.
      const std::string Where =
          std::string(llvm::sys::path::filename(
              C.SM.getFilename(C.SM.getExpansionLoc(W.Loc)))) +
          ":" + lineOf(C.SM, W.Loc);
      L.IfParallel.push_back(
          {OwnerLoop::ParallelOnly::Error, W.Passed,
           "'" + A->Name + "' is passed to " + C.Effects.pathText(W) +
               ", which reads its elements (at " + Where + "), and " + Loop +
               " writes it: the call would read the elements other ranks' "
               "iterations may be changing; read the element in the loop "
               "body ('" +
               A->Name + "[i]') and pass the value",
           W.Loc, "the element read through the parameter"});
      continue;
    }
    if (!W.Passed.isValid() && (Written || E.Writes.count(V))) {
      L.IfParallel.push_back(
          {OwnerLoop::ParallelOnly::Error, W.Loc,
           "'" + A->Name + "' is read here, reached from " + Loop +
               " through " + C.Effects.pathText(W) +
               ", and the loop writes it: a call reads the elements other "
               "ranks' iterations may be changing; read it in the loop body "
               "('" +
               A->Name + "[i]') and pass the value",
           W.Path.front().first, "called here from " + Loop});
      continue;
    }
    // The copy made before the loop names the array, which for a member
    // names the loop's own object's (if any), not necessarily the one the
    // call reads.
    if (memberOf(A->Var)) {
      C.R.error(W.Loc, "distributed member '" + A->Name +
                           "' is read here, reached from " + Loop +
                           " through " + C.Effects.pathText(W) +
                           ": hpfcc copies what calls in a loop read before "
                           "the loop, and cannot tell which object's member "
                           "this is; loop in a member function of '" +
                           memberOf(A->Var)->getParent()->getName().str() +
                           "' that reads '" + A->Name +
                           "[i]' in the loop's body");
      C.R.note(W.Path.front().first, "called here from " + Loop);
      continue;
    }
    bool Seen = false;
    for (const OwnerLoop::CallRead &R : L.CallReads)
      Seen |= R.Array == A;
    L.CallReads.push_back({A, W});
    if (!Seen)
      L.IfParallel.push_back(
          {OwnerLoop::ParallelOnly::Level,
           W.Path.front().first,
           "'" + A->Name + "' is read through " + C.Effects.pathText(W) +
               ": before the loop its elements are gathered on every rank "
               "(one MPI_Allgatherv), and the call reads that copy",
           {},
           {}});
  }
  if (E.Opaque) {
    std::string What = E.Opaque->What;
    if (!What.empty() && What.back() == ',')
      What.pop_back();
    L.IfParallel.push_back(
        {OwnerLoop::ParallelOnly::Warning,
         E.Opaque->Loc,
         "this independent loop reaches " + What +
             (E.Opaque->Path.empty()
                  ? std::string()
                  : " (through " + C.Effects.pathText(*E.Opaque) + ")") +
             ": hpfcc assumes it changes nothing declared outside the loop "
             "and does no I/O (declare a function [[gnu::pure]] or "
             "[[gnu::const]] if so, or define it in this file)",
         {},
         {}});
  }
  if (E.WritesThrough && !E.WritesThrough->Path.empty())
    L.IfParallel.push_back(
        {OwnerLoop::ParallelOnly::Error, E.WritesThrough->Loc,
         "this writes through a pointer that is not a variable (a member, "
         "a call's result), reached from " +
             Loop + " through " + C.Effects.pathText(*E.WritesThrough) +
             ": hpfcc cannot tell what it changes, and each rank would "
             "change its own copy; return the value to the loop instead",
         E.WritesThrough->Path.front().first, "called here from " + Loop});
  if (E.Throws)
    L.MayThrow = true;
  if (E.Exits)
    L.MayExit = true;
}

} // namespace hpf::analysis
