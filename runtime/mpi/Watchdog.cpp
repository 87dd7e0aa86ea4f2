//===- mpi/Watchdog.cpp - Ending the job when a wait makes no progress ---===//
//
// The state is three atomics (when the outermost scope opened, what and
// where), so arming costs two atomic stores per redistribution and the
// watchdog thread never takes a lock the waiting thread holds.
//
//===----------------------------------------------------------------------===//

#include "mpi/Watchdog.h"
#include "mpi/Env.h"

#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <string>
#include <thread>

#include <mpi.h>
#include <unistd.h>

namespace hpf::rt {
namespace {

using Clock = std::chrono::steady_clock;

std::atomic<long long> ArmedAt{0}; // Clock ticks; 0: disarmed
std::atomic<const char *> ArmedWhat{nullptr}, ArmedWhere{nullptr};
std::atomic<int> ArmedRank{-1};
thread_local int Depth = 0;

long long now() { return Clock::now().time_since_epoch().count() | 1; }

[[noreturn]] void expire(double Limit) {
  const char *Where = ArmedWhere.load();
  std::fprintf(stderr,
               "hpfrt: error: rank %d: %s%s%s: no progress for %.0f s "
               "(HPF_TIMEOUT): another rank or its host may have died; "
               "ending the job (set HPF_TIMEOUT=SECONDS, or 0 for never, if "
               "a rank can legitimately be this late)\n",
               ArmedRank.load(), ArmedWhat.load(), Where ? " at " : "",
               Where ? Where : "", Limit);
  std::fflush(stderr);
  // MPI_Abort from this thread breaks MPI_THREAD_FUNNELED's letter, but the
  // process ends either way: it is what makes mpiexec end the other ranks
  // (a rank that only exits leaves them waiting, measured). If it blocks
  // on the dead host, the alarm ends the process.
  alarm(5);
  // As fail() does (mpi/Env.cpp): mpiexec forwards stderr through a pipe,
  // and an abort right away lost the message above in about 1 run in 10.
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  MPI_Abort(MPI_COMM_WORLD, 124);
  std::_Exit(124);
}

void watch(double Limit) {
  const auto LimitTicks = std::chrono::duration_cast<Clock::duration>(
                              std::chrono::duration<double>(Limit))
                              .count();
  for (;;) {
    std::this_thread::sleep_for(std::chrono::milliseconds(
        Limit < 5 ? 100 : 1000)); // tests use a few seconds
    const long long Since = ArmedAt.load();
    if (Since != 0 && now() - Since > LimitTicks)
      expire(Limit);
  }
}

} // namespace

double watchdogSeconds() {
  static const double Seconds = [] {
    const char *V = env("HPF_TIMEOUT");
    if (!V)
      return 300.0;
    if (std::string(V) == "off")
      return 0.0;
    char *End = nullptr;
    const double S = std::strtod(V, &End);
    if (End == V || *End != '\0' || !(S >= 0))
      fail("HPF_TIMEOUT",
           std::string("expected seconds (e.g. 300) or 0/off, got '") + V +
               "'");
    return S;
  }();
  return Seconds;
}

watchdog_scope::watchdog_scope(const char *What, const char *Where)
    : Outermost(Depth++ == 0) {
  if (!Outermost)
    return;
  const double Limit = watchdogSeconds();
  if (Limit <= 0)
    return;
  static std::once_flag Started;
  std::call_once(Started, [Limit] { std::thread(watch, Limit).detach(); });
  ArmedWhat.store(What);
  ArmedWhere.store(Where);
  ArmedRank.store(rank());
  ArmedAt.store(now());
}

void watchdog_progress() {
  if (ArmedAt.load(std::memory_order_relaxed) != 0)
    ArmedAt.store(now(), std::memory_order_relaxed);
}

watchdog_scope::~watchdog_scope() {
  --Depth;
  if (Outermost)
    ArmedAt.store(0);
}

} // namespace hpf::rt
