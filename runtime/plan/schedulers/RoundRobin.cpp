//===- plan/schedulers/RoundRobin.cpp - the caterpillar -------------------===//
//
// Step k: source rank i sends to destination (i + k) mod n, n = max(p, q)
// (Prylli & Tourancheau's caterpillar; Guo, Nakata & Yamashita's
// contention-free baseline in paper 000). For a fixed k the map i -> i + k
// is injective, so every step is contention-free. Steps without messages are
// dropped. O(messages).
//
//===----------------------------------------------------------------------===//

#include "plan/schedulers/Schedulers.h"

#include <algorithm>

namespace hpf::plan {

namespace {
class RoundRobin final : public Scheduler {
public:
  std::string_view name() const override { return "round-robin"; }
  std::string_view description() const override {
    return "caterpillar: step k sends i -> (i + k) mod max(p, q) "
           "(Prylli & Tourancheau; paper 000's baseline)";
  }
  Schedule schedule(const PlanRequest &Req) const override {
    const CommTable &T = *Req.Table;
    const int N = std::max(T.P, T.Q);
    Schedule S;
    S.Steps.resize(size_t(N));
    for (std::size_t I = 0; I < T.Messages.size(); ++I) {
      const Message &M = T.Messages[I];
      S.Steps[size_t(((M.Dst - M.Src) % N + N) % N)].push_back(I);
    }
    S.dropEmptySteps();
    return S;
  }
};
} // namespace

const Scheduler &roundRobinScheduler() {
  static const RoundRobin S;
  return S;
}

} // namespace hpf::plan
