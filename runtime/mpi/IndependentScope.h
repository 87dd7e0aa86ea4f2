//===- mpi/IndependentScope.h - which owner-computes loop is running -*- C++
//-*-//
//
// Generated code opens an independent_scope around every owner-computes
// loop. Collective operations that replicated code performs (an element read
// of a distributed array, replicated I/O) look at it: inside such a loop the
// ranks run different iterations, so a collective call there would pair up
// with a different call on another rank or wait forever. They fail instead,
// naming the loop.
//
//===----------------------------------------------------------------------===//
#ifndef HPF_MPI_INDEPENDENTSCOPE_H
#define HPF_MPI_INDEPENDENTSCOPE_H

#include "mpi/Env.h"

#include <exception>
#include <string>

namespace hpf::rt {

/// Depth of owner-computes loops being run (hpfcc/segments.h holds a scope).
inline int &independentDepth() {
  static int Depth = 0;
  return Depth;
}
/// The innermost running loop's directive ("file.cpp:12:1"), or null: an
/// element read that fails inside the loop names it.
inline const char *&independentWhere() {
  static const char *Where = nullptr;
  return Where;
}
/// Depth of those loops among them whose iterations are split over the
/// ranks (not a nest that fell back to running on every rank): replicated
/// I/O cannot be done there (mpi/ReplicatedIo.cpp).
inline int &splitIterationsDepth() {
  static int Depth = 0;
  return Depth;
}
/// Depth of loops whose exceptions the ranks agree on after the loop
/// (mpi/LoopException.h): an exception leaving such a loop's iterations on
/// one rank is caught there, not lost.
inline int &agreedDepth() {
  static int Depth = 0;
  return Depth;
}
/// "the independent loop at f.cpp:20:1", or without a location.
inline std::string runningLoop() {
  const char *Loop = independentWhere();
  return Loop ? std::string("the independent loop at ") + Loop
              : std::string("an independent loop");
}

/// Tag: every rank runs every iteration of the loop (a nest that fell back
/// to running on every rank over copies of its arrays).
struct all_iterations_t {};
inline constexpr all_iterations_t all_iterations{};

/// Marks the lifetime of an owner-computes loop; generated code opens one
/// with the directive's location around the whole loop.
class independent_scope {
public:
  independent_scope() : independent_scope(true) {}
  explicit independent_scope(const char *where) : independent_scope(true) {
    independentWhere() = where;
  }
  independent_scope(const char *where, all_iterations_t)
      : independent_scope(false) {
    independentWhere() = where;
  }
  independent_scope(const independent_scope &O) : independent_scope(O.Split) {}
  independent_scope &operator=(const independent_scope &) = default;
  ~independent_scope() {
    // An exception leaves the iterations of this rank only: the other
    // ranks would wait for it in the next collective operation, or go on
    // with another result. Unless a loop_exception around the loop
    // carries it to every rank, the job ends here, saying so.
    if (Split && std::uncaught_exceptions() > Unwinding &&
        agreedDepth() == 0 && nranks() > 1)
      fail("exception",
           "an exception left " + runningLoop() +
               " on this rank only, while the other ranks run other "
               "iterations; hpfcc saw no throw in the loop (it came from "
               "a library function or code it cannot see), so it cannot "
               "be rethrown on every rank: catch it inside the loop body",
           independentWhere());
    --independentDepth();
    splitIterationsDepth() -= Split;
    independentWhere() = Outer;
  }

private:
  explicit independent_scope(bool Split)
      : Outer(independentWhere()), Split(Split),
        Unwinding(std::uncaught_exceptions()) {
    ++independentDepth();
    splitIterationsDepth() += Split;
  }
  const char *Outer;
  bool Split;
  int Unwinding; ///< exceptions in flight when the loop started
};

} // namespace hpf::rt

#endif // HPF_MPI_INDEPENDENTSCOPE_H
