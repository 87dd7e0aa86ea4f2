//===- mpi/InFlight.cpp - requests posted now, waited for later -----------===//

#include "mpi/InFlight.h"
#include "mpi/Env.h"
#include "mpi/Watchdog.h"

#include <algorithm>

namespace hpf::rt {

namespace {

/// The request sets in flight, by handle; an empty set is free.
std::vector<std::vector<MPI_Request>> &requestSets() {
  static std::vector<std::vector<MPI_Request>> Sets;
  return Sets;
}

} // namespace

std::vector<MPI_Request> &claimRequests(int &Handle) {
  std::vector<std::vector<MPI_Request>> &Sets = requestSets();
  auto Free = std::find_if(Sets.begin(), Sets.end(),
                           [](const auto &R) { return R.empty(); });
  if (Free == Sets.end())
    Free = Sets.emplace(Sets.end());
  Handle = int(Free - Sets.begin());
  return *Free;
}

void finishRequests(int &Handle, const char *What, const char *Where) {
  if (Handle < 0)
    return;
  const watchdog_scope Watch(What, Where);
  std::vector<MPI_Request> &Reqs = requestSets()[std::size_t(Handle)];
  check(MPI_Waitall(int(Reqs.size()), Reqs.data(), MPI_STATUSES_IGNORE),
        "MPI_Waitall", What, Where);
  Reqs.clear();
  Handle = -1;
}

} // namespace hpf::rt
