//===- mpi/LoopException.h - an exception leaving a loop --------*- C++ -*-===//
//
// In the sequential program an exception thrown by an iteration leaves the
// loop: the iterations after it do not run and the program's `catch` runs.
// Split over the ranks, the iteration that throws runs on one rank only.
// Generated code wraps each independent loop that may throw (one that
// reaches a throw expression: analysis/loops/LoopEffects.cpp):
//
//   hpf::rt::loop_exception __hpf_exc7(2);
//   try { ... the loop, each level's body first calling
//         __hpf_exc7.at(level, index) ... }
//   catch (...) { __hpf_exc7.caught(); }
//   __hpf_exc7.agree("f.cpp:12:1", "+-");
//
// A rank stops at its first exception (its later iterations come after it
// in the sequential order too). agree() is collective: the ranks compare
// the iterations that threw in the loop's order ('+' a level counting up,
// '-' down) and the first one's exception is thrown on every rank: the
// original object on its rank, a copy elsewhere. Copies can be made of
// the standard library's exception types, of strings, C strings and
// arithmetic values; any other type ends the job with a message naming it.
//
//===----------------------------------------------------------------------===//
#ifndef HPF_MPI_LOOPEXCEPTION_H
#define HPF_MPI_LOOPEXCEPTION_H

#include "mpi/IndependentScope.h"

#include <array>
#include <exception>

namespace hpf::rt {

class loop_exception {
public:
  explicit loop_exception(int Levels) : Levels(Levels) { ++agreedDepth(); }
  ~loop_exception() {
    if (!Agreed)
      --agreedDepth();
  }
  loop_exception(const loop_exception &) = delete;
  loop_exception &operator=(const loop_exception &) = delete;

  /// The index of a level's iteration that starts.
  void at(int Level, long long Index) noexcept {
    Now[std::size_t(Level)] = Index;
  }
  /// In the catch handler around the loop: keeps the first exception.
  void caught() noexcept {
    if (Pending)
      return;
    Pending = std::current_exception();
    Where = Now;
  }
  /// Collective: rethrows the first exception in the loop's order on every
  /// rank, or returns if no rank caught one.
  void agree(const char *Directive, const char *Directions);

private:
  static constexpr int MaxLevels = 8;
  int Levels;
  bool Agreed = false;
  std::exception_ptr Pending;
  std::array<long long, MaxLevels> Now{}, Where{};
};

/// After a loop whose iterations may call exit (or abort) on one rank:
/// every rank waits here until all have finished the loop. A rank that
/// exits ends the job from its exit handler (mpi/Env.cpp) while the others
/// wait, so none of them goes on to print what the sequential program,
/// ended in that iteration, never prints.
void wait_for_exits(const char *Directive);

} // namespace hpf::rt

#endif // HPF_MPI_LOOPEXCEPTION_H
