//===- plan/schedulers/NiceLp.cpp - NICE linear (XOR) permutation ---------===//
//
// NICE's LP scheme (paper 001, Fig. 5): in phase k every rank i exchanges
// with rank i XOR k, so the phases are pairwise exchanges (i sends to j and
// j sends to i in the same phase) and every phase is a permutation, hence
// contention free. The paper assumes n = 2^k ranks and says the scheme
// "can be easily extended"; here n is rounded up to the next power of two
// and partners outside the arrangement are skipped, which keeps the
// pairwise-exchange property for any p and q. Phase 0 (i XOR 0 = i) holds
// the local messages, which in our model occupy a step like any other.
//
// LP ignores message sizes: it is the zero-scheduling-cost baseline for
// dense patterns. Works on any communication matrix. Cost: O(E log E).
//
//===----------------------------------------------------------------------===//

#include "plan/schedulers/Schedulers.h"

#include <map>

namespace hpf::plan {

namespace {

class NiceLp final : public Scheduler {
public:
  std::string_view name() const override { return "nice-lp"; }
  std::string_view description() const override {
    return "NICE linear permutation: phase k pairs rank i with i XOR k "
           "(paper 001; any pattern)";
  }
  Schedule schedule(const PlanRequest &Req) const override {
    std::map<unsigned, std::vector<std::size_t>> Phases;
    const auto &Msgs = Req.Table->Messages;
    for (std::size_t I = 0; I < Msgs.size(); ++I)
      Phases[unsigned(Msgs[I].Src) ^ unsigned(Msgs[I].Dst)].push_back(I);
    Schedule S;
    for (auto &[K, Step] : Phases)
      S.Steps.push_back(std::move(Step));
    return S;
  }
};

} // namespace

const Scheduler &niceLpScheduler() {
  static const NiceLp S;
  return S;
}

} // namespace hpf::plan
