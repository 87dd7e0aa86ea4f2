//===- mpi/Strategy.cpp - choosing and running an executor ----------------===//

#include "mpi/Strategy.h"
#include "mpi/Exec.h"
#include "mpi/Shm.h"

#include <string>

namespace hpf {

namespace {

const char *const DefaultStrategy = "shm";

enum class Strategy { Shm, Steps, Async, Alltoallv, Alltoallw };

Strategy parseStrategy(const char *Name, const char *Where) {
  std::string S = Name;
  if (S == "shm")
    return Strategy::Shm;
  if (S == "steps")
    return Strategy::Steps;
  if (S == "async")
    return Strategy::Async;
  if (S == "alltoallv")
    return Strategy::Alltoallv;
  if (S == "alltoallw")
    return Strategy::Alltoallw;
  fail("redistribute",
       "unknown strategy '" + S +
           "' (HPF_STRATEGY or option; known: shm, steps, async, "
           "alltoallv, alltoallw)",
       Where);
}

} // namespace

const std::vector<std::string> &strategies() {
  static const std::vector<std::string> S = {"shm", "steps", "async",
                                             "alltoallv", "alltoallw"};
  return S;
}

const char *default_strategy() { return DefaultStrategy; }

namespace rt {

const char *strategyFor(const redistribute_options &O) {
  const char *Name = O.strategy ? O.strategy : env("HPF_STRATEGY");
  Name = Name ? Name : DefaultStrategy;
  parseStrategy(Name, O.where);
  return Name;
}

void runStrategy(CacheEntry &E, const char *Name, Storage &Data,
                 std::size_t DataBytes, Storage &Spare, std::size_t SpareBytes,
                 std::size_t ES, const char *Where) {
  Strategy S = parseStrategy(Name, Where);
  if (S == Strategy::Shm &&
      runShm(E, Data, DataBytes, Spare, SpareBytes, ES, Where))
    return;
  Spare.reserve(SpareBytes);
  ExecArgs A{&E, Data.data(), Spare.data(), ES, Where};
  switch (S) {
  case Strategy::Shm:
    ++shmCounters().Fallbacks;
    [[fallthrough]];
  case Strategy::Steps:
    runSteps(A, /*AllAtOnce=*/false);
    break;
  case Strategy::Async:
    runSteps(A, /*AllAtOnce=*/true);
    break;
  case Strategy::Alltoallv:
    runAlltoallv(A);
    break;
  case Strategy::Alltoallw:
    runAlltoallw(A, E);
    break;
  }
}

} // namespace rt

} // namespace hpf
