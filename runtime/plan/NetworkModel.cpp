//===- plan/NetworkModel.cpp - Predicted redistribution time on a network -===//
//
// Loads are accumulated sparsely (only the links a flow set touches are
// visited and reset), so one step of a plan at 10^5 ranks costs its
// messages, not the machine size.
//
//===----------------------------------------------------------------------===//

#include "plan/NetworkModel.h"
#include "plan/HostSchedule.h"

#include <algorithm>
#include <map>
#include <utility>

namespace hpf::plan {

double Network::trunkRate() const {
  if (TrunkBytesPerSecond > 0)
    return TrunkBytesPerSecond;
  return LinkBytesPerSecond * std::max(1, HostsPerRack / 2);
}

namespace {

/// Sparse per-key counters that are cheap to clear after a flow set.
template <class V> class SparseLoads {
public:
  void add(std::size_t Key, V Amount) {
    if (Key >= Values.size())
      Values.resize(Key + 1, V{});
    if (Values[Key] == V{})
      Touched.push_back(Key);
    Values[Key] += Amount;
  }
  V max() const {
    V M{};
    for (std::size_t K : Touched)
      M = std::max(M, Values[K]);
    return M;
  }
  void clear() {
    for (std::size_t K : Touched)
      Values[K] = V{};
    Touched.clear();
  }

private:
  std::vector<V> Values;
  std::vector<std::size_t> Touched;
};

/// One set of flows in flight together.
class FlowSet {
public:
  explicit FlowSet(const Network &Net) : Net(Net) {}

  /// A message of Bytes between two end points (ranks, or hosts for a
  /// node-level set) on the given hosts and racks.
  void add(int SrcHost, int DstHost, int SrcRack, int DstRack,
           std::size_t SrcEnd, std::size_t DstEnd, Index Bytes) {
    Sends.add(SrcEnd, 1);
    Recvs.add(DstEnd, 1);
    if (SrcHost == DstHost) {
      Memory.add(std::size_t(SrcHost), Bytes);
      return;
    }
    Up.add(std::size_t(SrcHost), Bytes);
    Down.add(std::size_t(DstHost), Bytes);
    if (SrcRack != DstRack) {
      TrunkOut.add(std::size_t(SrcRack), Bytes);
      TrunkIn.add(std::size_t(DstRack), Bytes);
    }
  }
  void addMemory(int Host, Index Bytes) {
    Memory.add(std::size_t(Host), Bytes);
  }

  Index busiestLinkBytes() const { return std::max(Up.max(), Down.max()); }
  double linkSeconds() const {
    double Host = double(busiestLinkBytes()) / Net.LinkBytesPerSecond;
    double Trunk =
        double(std::max(TrunkOut.max(), TrunkIn.max())) / Net.trunkRate();
    return std::max(Host, Trunk);
  }
  double memorySeconds() const {
    return double(Memory.max()) / Net.ShmBytesPerSecond;
  }
  double startupSeconds() const {
    return Net.StartupSeconds * double(std::max(Sends.max(), Recvs.max()));
  }
  void clear() {
    for (auto *L : {&Up, &Down, &TrunkOut, &TrunkIn, &Memory})
      L->clear();
    Sends.clear();
    Recvs.clear();
  }

private:
  const Network &Net;
  SparseLoads<Index> Up, Down, TrunkOut, TrunkIn, Memory;
  SparseLoads<int> Sends, Recvs;
};

void addRankMessage(FlowSet &F, const Network &Net, const Message &M) {
  F.add(Net.hostOf(M.Src), Net.hostOf(M.Dst), Net.rackOf(M.Src),
        Net.rackOf(M.Dst), std::size_t(M.Src), std::size_t(M.Dst),
        M.Size * Net.ElementBytes);
}

} // namespace

NetworkTimes predictOnNetwork(const CommTable &T, const Schedule &S,
                              const Network &Net) {
  NetworkTimes R;
  FlowSet All(Net);
  for (const Message &M : T.Messages)
    addRankMessage(All, Net, M);
  R.BusiestLinkBytes = All.busiestLinkBytes();
  R.Ideal = All.linkSeconds();
  // Copies inside a host overlap the network; startups are the ranks' CPU.
  R.AllAtOnce =
      std::max(All.linkSeconds(), All.memorySeconds()) + All.startupSeconds();

  // Local messages are copies outside the steps (Schedule.h): they overlap
  // the first step, so they count only if they take longer than all steps.
  FlowSet Step(Net);
  double StepsSeconds = 0;
  for (const auto &G : S.effectiveGroups()) {
    for (std::size_t St : G)
      for (std::size_t Idx : S.Steps[St])
        addRankMessage(Step, Net, T.Messages[Idx]);
    StepsSeconds += std::max(Step.linkSeconds(), Step.memorySeconds()) +
                    Step.startupSeconds();
    Step.clear();
  }
  FlowSet Local(Net);
  for (const Message &M : T.Messages)
    if (M.isLocal())
      addRankMessage(Local, Net, M);
  R.Steps = std::max(StepsSeconds, Local.memorySeconds());

  // Host steps: copies inside a host run with the first step.
  std::vector<int> HostOf(std::size_t(std::max(T.P, T.Q)));
  for (std::size_t Rk = 0; Rk < HostOf.size(); ++Rk)
    HostOf[Rk] = Net.hostOf(int(Rk));
  for (const auto &HS : hostSteps(T, HostOf).Steps) {
    for (std::size_t Idx : HS)
      addRankMessage(Step, Net, T.Messages[Idx]);
    R.HostSteps += std::max(Step.linkSeconds(), Step.memorySeconds()) +
                   Step.startupSeconds();
    Step.clear();
  }

  // Node-aware: one message per host pair; every byte that leaves or enters
  // a host is packed or unpacked once in memory, before or after the
  // network phase.
  std::map<std::pair<int, int>, Index> Pairs;
  FlowSet Node(Net);
  for (const Message &M : T.Messages) {
    int SH = Net.hostOf(M.Src), DH = Net.hostOf(M.Dst);
    Index Bytes = M.Size * Net.ElementBytes;
    if (SH == DH) {
      Node.addMemory(SH, Bytes);
      continue;
    }
    Pairs[{SH, DH}] += Bytes;
  }
  for (const auto &[Hosts, Bytes] : Pairs) {
    Node.addMemory(Hosts.first, Bytes);
    Node.addMemory(Hosts.second, Bytes);
  }
  const double Pack = Node.memorySeconds();
  Node.clear();
  for (const auto &[Hosts, Bytes] : Pairs) {
    int RackS = Net.HostsPerRack > 0 ? Hosts.first / Net.HostsPerRack : 0;
    int RackD = Net.HostsPerRack > 0 ? Hosts.second / Net.HostsPerRack : 0;
    Node.add(Hosts.first, Hosts.second, RackS, RackD, std::size_t(Hosts.first),
             std::size_t(Hosts.second), Bytes);
  }
  R.NodeAware = Pack + Node.linkSeconds() + Node.startupSeconds();
  return R;
}

} // namespace hpf::plan
