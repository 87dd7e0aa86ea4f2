//===- plan/HostSchedule.cpp - steps contention-free at the host links ----===//

#include "plan/HostSchedule.h"
#include "plan/Scheduler.h"

#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <utility>

namespace hpf::plan {

namespace {

int hostCount(const std::vector<int> &HostOf) {
  int H = 0;
  for (int X : HostOf)
    H = std::max(H, X + 1);
  return H;
}

/// Bytes (elements) per ordered host pair, inside-host pairs left out.
std::vector<std::vector<Index>>
hostMatrix(const CommTable &T, const std::vector<int> &HostOf, int H) {
  std::vector<std::vector<Index>> M(std::size_t(H),
                                    std::vector<Index>(std::size_t(H), 0));
  for (const Message &Msg : T.Messages) {
    int S = HostOf.at(std::size_t(Msg.Src)),
        D = HostOf.at(std::size_t(Msg.Dst));
    if (S != D)
      M[std::size_t(S)][std::size_t(D)] += Msg.Size;
  }
  return M;
}

} // namespace

int hostDegree(const CommTable &T, const std::vector<int> &HostOf) {
  int H = hostCount(HostOf);
  std::vector<std::vector<Index>> M = hostMatrix(T, HostOf, H);
  int Best = 0;
  for (int A = 0; A < H; ++A) {
    int Out = 0, In = 0;
    for (int B = 0; B < H; ++B) {
      Out += M[std::size_t(A)][std::size_t(B)] > 0;
      In += M[std::size_t(B)][std::size_t(A)] > 0;
    }
    Best = std::max({Best, Out, In});
  }
  return Best;
}

HostSteps hostSteps(const CommTable &T, const std::vector<int> &HostOf) {
  HostSteps R;
  R.Hosts = hostCount(HostOf);
  CommTable Hosts = commTableFromMatrix(hostMatrix(T, HostOf, R.Hosts));
  // Step of each host pair, from the colouring of the host graph.
  std::map<std::pair<int, int>, std::size_t> StepOf;
  if (!Hosts.Messages.empty()) {
    PlanRequest Req;
    Req.Table = &Hosts;
    Schedule S = findScheduler("coloring")->schedule(Req);
    for (std::size_t St = 0; St < S.Steps.size(); ++St)
      for (std::size_t M : S.Steps[St])
        StepOf[{Hosts.Messages[M].Src, Hosts.Messages[M].Dst}] = St;
    R.Steps.resize(S.Steps.size());
  }
  if (R.Steps.empty())
    R.Steps.resize(1);
  for (std::size_t M = 0; M < T.Messages.size(); ++M) {
    int S = HostOf[std::size_t(T.Messages[M].Src)];
    int D = HostOf[std::size_t(T.Messages[M].Dst)];
    R.Steps[S == D ? 0 : StepOf.at({S, D})].push_back(M);
  }
  return R;
}

Validation validateHostSteps(const CommTable &T, const HostSteps &S,
                             const std::vector<int> &HostOf) {
  Validation V;
  auto Error = [&](std::string E) {
    V.Ok = false;
    if (V.Errors.size() < 20)
      V.Errors.push_back(std::move(E));
  };
  std::vector<int> Seen(T.Messages.size(), 0);
  for (std::size_t St = 0; St < S.Steps.size(); ++St) {
    std::map<int, int> SendsTo, RecvsFrom; // host -> the one partner host
    for (std::size_t M : S.Steps[St]) {
      if (M >= T.Messages.size()) {
        Error("step " + std::to_string(St) + ": message index " +
              std::to_string(M) + " out of range");
        continue;
      }
      ++Seen[M];
      int A = HostOf.at(std::size_t(T.Messages[M].Src));
      int B = HostOf.at(std::size_t(T.Messages[M].Dst));
      if (A == B)
        continue;
      auto [It, New] = SendsTo.emplace(A, B);
      if (!New && It->second != B)
        Error("step " + std::to_string(St) + ": host " + std::to_string(A) +
              " sends to hosts " + std::to_string(It->second) + " and " +
              std::to_string(B));
      auto [Jt, New2] = RecvsFrom.emplace(B, A);
      if (!New2 && Jt->second != A)
        Error("step " + std::to_string(St) + ": host " + std::to_string(B) +
              " receives from hosts " + std::to_string(Jt->second) + " and " +
              std::to_string(A));
    }
  }
  for (std::size_t M = 0; M < Seen.size(); ++M)
    if (Seen[M] != 1)
      Error("message " + std::to_string(T.Messages[M].Src) + "->" +
            std::to_string(T.Messages[M].Dst) + " appears " +
            std::to_string(Seen[M]) + " times");
  return V;
}

} // namespace hpf::plan
