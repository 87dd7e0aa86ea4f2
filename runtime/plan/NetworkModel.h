//===- plan/NetworkModel.h - Predicted redistribution time on a network ---===//
//
// A cost model of a redistribution on a cluster, for `hpf-plan simulate`
// (issue 15: predicted times at 10^4-10^5 ranks, where neither the
// emulated cluster nor SimGrid reaches).
//
// The network: ranks placed in blocks of RanksPerHost on hosts, each host
// with one full-duplex link to its switch; hosts grouped HostsPerRack to a
// rack switch, the racks joined by one full-duplex trunk per rack (0 = one
// switch, a star). Messages between ranks of one host are memory copies.
//
// The model is the bottleneck (fluid) model: a set of flows in flight at
// once takes as long as its busiest link needs to carry its bytes, plus one
// startup per message its busiest rank sends or receives. That is what
// TCP's fair sharing reaches when every flow stays in flight until the end
// (measured on the emulated cluster: all-at-once at 0.99-1.04x of the
// bottleneck, docs/bench-cluster.md); it cannot show incast loss, switch
// buffers or the CPU cost of many flows, so it favours all-at-once.
//
// Strategies, each the way hpfrt runs it:
//  - all-at-once (`async`): every message of the table in flight together;
//  - steps (`steps`): the plan's steps one after another, each waiting for
//    its slowest flow; a step contention-free at the ranks can still put
//    two flows on one host link or trunk, and pays for it here;
//  - host steps (`host-steps`, plan/HostSchedule.h): the steps of the host
//    graph's colouring one after another, each with all the messages of
//    its host pairs in flight; no host link is shared within a step;
//  - node-aware: messages aggregated per host pair (one message per pair,
//    packed and unpacked in memory), all at once.
//
//===----------------------------------------------------------------------===//

#ifndef HPF_PLAN_NETWORKMODEL_H
#define HPF_PLAN_NETWORKMODEL_H

#include "plan/CommTable.h"
#include "plan/Schedule.h"

namespace hpf::plan {

struct Network {
  int RanksPerHost = 1;
  int HostsPerRack = 0; ///< 0: one switch (star)
  /// Payload bytes per second of a host link, each way (1 Gbit/s with
  /// TCP's 1448 payload bytes per 1514 wire bytes).
  double LinkBytesPerSecond = 1e9 / 8 * 1448 / 1514;
  /// A rack's trunk, each way (0: HostsPerRack / 2 host links, i.e. 2:1
  /// oversubscribed as the emulated two-rack cluster).
  double TrunkBytesPerSecond = 0;
  double ShmBytesPerSecond = 10e9; ///< copies inside a host, all its ranks
  double StartupSeconds = 50e-6;   ///< per message, TCP
  int ElementBytes = 8;

  int hostOf(int Rank) const { return Rank / RanksPerHost; }
  int rackOf(int Rank) const {
    return HostsPerRack > 0 ? hostOf(Rank) / HostsPerRack : 0;
  }
  double trunkRate() const;
};

struct NetworkTimes {
  double Ideal = 0;     ///< busiest link's bytes / its rate (all messages)
  double AllAtOnce = 0; ///< `async`
  double Steps = 0;     ///< the schedule's steps one after another
  double NodeAware = 0; ///< aggregated per host pair, all at once
  double HostSteps = 0; ///< host steps one after another (`host-steps`)
  Index BusiestLinkBytes = 0;
};

/// Predicted seconds of each strategy for Table scheduled by S.
NetworkTimes predictOnNetwork(const CommTable &Table, const Schedule &S,
                              const Network &Net);

} // namespace hpf::plan

#endif // HPF_PLAN_NETWORKMODEL_H
