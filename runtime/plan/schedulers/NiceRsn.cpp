//===- plan/schedulers/NiceRsn.cpp - NICE random scheduling (RS_N) --------===//
//
// NICE's RS_N scheme (paper 001, Fig. 6, partly garbled in the paper and
// reconstructed here): each phase is a greedy maximal matching. Starting at
// a random row x, the rows (senders) are visited in rotation x, x+1, ...;
// each takes the
// first destination of its compacted destination list (CCOM row) that has
// not yet been claimed in this phase, and the taken entry is deleted by
// moving the row's last active entry into its place. Phases repeat until
// every message is sent; the paper's analysis gives about d + log d phases
// for d messages per rank.
//
// The random start comes from PlanRequest::Seed through splitmix64 (fully
// specified, unlike std::uniform_int_distribution), so the compiler and
// every rank compute the same schedule. Message sizes are ignored, as in the
// paper (RS_NH, which splits large messages, is out of scope). Works on any
// communication matrix; a local message occupies its rank's send and
// receive slot like any other. Cost: O(phases * active senders + E).
//
//===----------------------------------------------------------------------===//

#include "plan/schedulers/Schedulers.h"

#include <algorithm>
#include <cstdint>

namespace hpf::plan {

namespace {

std::uint64_t splitmix64(std::uint64_t &State) {
  std::uint64_t Z = (State += 0x9e3779b97f4a7c15ull);
  Z = (Z ^ (Z >> 30)) * 0xbf58476d1ce4e5b9ull;
  Z = (Z ^ (Z >> 27)) * 0x94d049bb133111ebull;
  return Z ^ (Z >> 31);
}

class NiceRsn final : public Scheduler {
public:
  std::string_view name() const override { return "nice-rsn"; }
  std::string_view description() const override {
    return "NICE RS_N: random-start greedy matchings, seeded (paper 001; "
           "any pattern)";
  }
  Schedule schedule(const PlanRequest &Req) const override {
    const CommTable &T = *Req.Table;
    const auto &Msgs = T.Messages;
    // CCOM: row i = message indices of sender i, in destination order.
    std::vector<std::vector<std::size_t>> Row(std::size_t(T.P));
    for (std::size_t I = 0; I < Msgs.size(); ++I)
      Row[std::size_t(Msgs[I].Src)].push_back(I);
    std::vector<int> Active; // senders with messages left, ascending
    for (int I = 0; I < T.P; ++I)
      if (!Row[std::size_t(I)].empty())
        Active.push_back(I);

    std::uint64_t State = Req.Seed;
    std::vector<int> ReceivedAt(std::size_t(T.Q), -1);
    Schedule S;
    for (int Phase = 0; !Active.empty(); ++Phase) {
      std::vector<std::size_t> Step;
      int X = T.P > 0 ? int(splitmix64(State) % std::uint64_t(T.P)) : 0;
      std::size_t Start = std::size_t(
          std::lower_bound(Active.begin(), Active.end(), X) - Active.begin());
      for (std::size_t Y = 0; Y < Active.size(); ++Y) {
        auto &R = Row[std::size_t(Active[(Start + Y) % Active.size()])];
        for (std::size_t J = 0; J < R.size(); ++J) {
          std::size_t M = R[J];
          int &Recv = ReceivedAt[std::size_t(Msgs[M].Dst)];
          if (Recv == Phase)
            continue;
          Recv = Phase;
          Step.push_back(M);
          R[J] = R.back(); // delete by moving the last active entry here
          R.pop_back();
          break;
        }
      }
      std::sort(Step.begin(), Step.end());
      S.Steps.push_back(std::move(Step));
      std::erase_if(Active, [&](int I) { return Row[std::size_t(I)].empty(); });
    }
    return S;
  }
};

} // namespace

const Scheduler &niceRsnScheduler() {
  static const NiceRsn S;
  return S;
}

} // namespace hpf::plan
