//===- mpi/Watchdog.h - Ending the job when a wait makes no progress -----===//
//
// A host that dies mid-redistribution must end the job with a clear error,
// not a hang (issue 15). A killed process is noticed by Hydra, which ends
// the job; a host that vanishes from the network (power, cable, switch) is
// not: TCP sends no reset, MPI waits for the missing messages for ever and
// so does mpiexec for the missing proxy (measured on the emulated cluster:
// still waiting after 12 minutes).
//
// So every wait the runtime does on other ranks in a redistribution or a
// halo exchange runs inside a watchdog_scope. A thread (started on first
// use; it never calls MPI, so MPI_THREAD_FUNNELED holds) checks once a
// second; a scope with no progress (watchdog_progress) for HPF_TIMEOUT
// seconds (default 300; 0 or "off": never) prints
//   hpfrt: error: rank R: redistribute at f.cpp:12:1: no progress for 300 s
//   (HPF_TIMEOUT): another rank or its host may have died, ...
// and calls MPI_Abort (status 124), which makes mpiexec end every rank it
// can reach (a rank that only exits leaves the others waiting in mpiexec:
// measured). A rank that is only late (load imbalance longer than
// the limit) ends the job too: the message says how to raise the limit.
//
//===----------------------------------------------------------------------===//

#ifndef HPF_MPI_WATCHDOG_H
#define HPF_MPI_WATCHDOG_H

namespace hpf::rt {

/// Arms the watchdog for the scope's lifetime (scopes nest: the outermost
/// one counts). What: "redistribute", "halo exchange"; Where: the
/// directive's location or null.
class watchdog_scope {
public:
  watchdog_scope(const char *What, const char *Where);
  ~watchdog_scope();
  watchdog_scope(const watchdog_scope &) = delete;
  watchdog_scope &operator=(const watchdog_scope &) = delete;

private:
  bool Outermost;
};

/// A wait made progress (a message arrived, a step ended): the limit counts
/// again from now. Executors that wait message by message call it, so a
/// long redistribution that keeps moving is never ended; inside one MPI
/// collective (alltoallv, alltoallw, a shared-window barrier) the whole call
/// counts as one wait.
void watchdog_progress();

/// HPF_TIMEOUT in seconds (0: the watchdog is off).
double watchdogSeconds();

} // namespace hpf::rt

#endif // HPF_MPI_WATCHDOG_H
