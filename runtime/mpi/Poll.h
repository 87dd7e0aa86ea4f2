//===- mpi/Poll.h - waiting for MPI progress by testing ---------*- C++ -*-===//
//
// Where an executor cannot block in MPI (it must keep other requests moving,
// or match a non-blocking collective), it tests in a loop. MPICH's own
// blocking calls spin; a rank that spins where ranks outnumber cores takes
// the core from the ranks still copying and from the kernel's TCP. One loop
// for every executor, with what differs as parameters.
//
//===----------------------------------------------------------------------===//

#ifndef HPF_RT_MPI_POLL_H
#define HPF_RT_MPI_POLL_H

#include <sched.h>
#include <time.h>

namespace hpf::rt {

/// How to pass the time between tests that found nothing.
struct PollWait {
  int BusyTests = 64; ///< tests in a row before pausing at all
  long SleepUs = 0;   ///< then sleep this long between tests, if > 0
  bool Yield = false; ///< else yield the core between tests, if true
};

/// Calls Done() until it returns true.
template <class DoneFn> void pollUntil(DoneFn &&Done, PollWait W) {
  for (int Idle = 0; !Done(); ++Idle) {
    if (Idle < W.BusyTests)
      continue;
    if (W.SleepUs > 0) {
      timespec Ts{W.SleepUs / 1000000, (W.SleepUs % 1000000) * 1000};
      nanosleep(&Ts, nullptr);
    } else if (W.Yield) {
      sched_yield();
    }
  }
}

} // namespace hpf::rt

#endif
