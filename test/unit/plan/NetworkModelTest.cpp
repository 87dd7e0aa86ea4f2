// plan/NetworkModel.h: hand-computed vectors for each strategy, and the
// properties the model must keep over a sweep (no strategy beats the
// ideal; all-at-once is within its startup term of the ideal; a step that
// puts two flows on one host link costs twice its message).

#include "plan/NetworkModel.h"
#include "plan/Plan.h"

#include <gtest/gtest.h>

using namespace hpf::plan;

namespace {

Network unitNetwork() {
  Network Net;
  Net.LinkBytesPerSecond = 1.0; // one byte per second: times are bytes
  Net.ShmBytesPerSecond = 1e30; // copies free
  Net.StartupSeconds = 0;
  Net.ElementBytes = 1;
  return Net;
}

} // namespace

TEST(NetworkModel, TwoHostsExchange) {
  // 0 -> 1: 10 bytes, 1 -> 0: 6 bytes, own copies 5 and 7 (free here).
  CommTable T = commTableFromMatrix({{5, 10}, {6, 7}});
  Schedule S;
  S.Steps = {{1, 2}};
  NetworkTimes R = predictOnNetwork(T, S, unitNetwork());
  EXPECT_DOUBLE_EQ(R.Ideal, 10); // host 0's up link
  EXPECT_DOUBLE_EQ(R.AllAtOnce, 10);
  EXPECT_DOUBLE_EQ(R.Steps, 10);
  EXPECT_DOUBLE_EQ(R.NodeAware, 10);
  EXPECT_EQ(R.BusiestLinkBytes, 10);
}

TEST(NetworkModel, StepsPayForTwoFlowsOnOneHostLink) {
  // Two ranks per host: ranks 0,1 on host 0, ranks 2,3 on host 1. One
  // contention-free step at the ranks (0->2, 1->3) puts both flows on
  // host 0's up link: 8 + 8 bytes; spreading them over two steps costs the
  // same, all at once too: the model charges the link, not the step.
  CommTable T = commTableFromMatrix(
      {{0, 0, 8, 0}, {0, 0, 0, 8}, {0, 0, 0, 0}, {0, 0, 0, 0}});
  Network Net = unitNetwork();
  Net.RanksPerHost = 2;
  Schedule One;
  One.Steps = {{0, 1}};
  Schedule Two;
  Two.Steps = {{0}, {1}};
  EXPECT_DOUBLE_EQ(predictOnNetwork(T, One, Net).Steps, 16);
  EXPECT_DOUBLE_EQ(predictOnNetwork(T, Two, Net).Steps, 16);
  EXPECT_DOUBLE_EQ(predictOnNetwork(T, One, Net).Ideal, 16);
}

TEST(NetworkModel, UnevenStepsWaitForTheirSlowestFlow) {
  // Step 1: 0->1 (10), 1->0 (2); step 2: 0->2 (2), 2->0 (10). Each step
  // waits for its 10-byte flow: 20, where all at once needs host 0's
  // 12 bytes each way.
  CommTable T = commTableFromMatrix({{0, 10, 2}, {2, 0, 0}, {10, 0, 0}});
  Schedule S;
  S.Steps = {{0, 2}, {1, 3}};
  NetworkTimes R = predictOnNetwork(T, S, unitNetwork());
  EXPECT_DOUBLE_EQ(R.Ideal, 12);
  EXPECT_DOUBLE_EQ(R.AllAtOnce, 12);
  EXPECT_DOUBLE_EQ(R.Steps, 20);
}

TEST(NetworkModel, TrunkAndStartups) {
  // Four hosts, two per rack, trunk as fast as one link (2:1): every host
  // sends 4 bytes to the host in the other rack: the trunk carries 8 each
  // way. Startups: each rank has one message out and one in.
  CommTable T = commTableFromMatrix(
      {{0, 0, 4, 0}, {0, 0, 0, 4}, {4, 0, 0, 0}, {0, 4, 0, 0}});
  Network Net = unitNetwork();
  Net.HostsPerRack = 2;
  Net.StartupSeconds = 0.5;
  Schedule S;
  S.Steps = {{0, 1, 2, 3}};
  NetworkTimes R = predictOnNetwork(T, S, Net);
  EXPECT_DOUBLE_EQ(Net.trunkRate(), 1);
  EXPECT_DOUBLE_EQ(R.Ideal, 8);
  EXPECT_DOUBLE_EQ(R.AllAtOnce, 8.5);
  EXPECT_DOUBLE_EQ(R.Steps, 8.5);
  EXPECT_DOUBLE_EQ(R.NodeAware, 8.5);
}

TEST(NetworkModel, NodeAwarePaysPackingOnce) {
  // Two ranks per host, ranks 0,1 -> 2,3 (4 bytes each) and a copy 0->1 of
  // 6 bytes inside host 0. Memory at 1 byte/s: host 0 copies 6 and packs
  // 8; then 8 bytes cross the link in one message (startup 1).
  CommTable T = commTableFromMatrix(
      {{0, 6, 4, 0}, {0, 0, 0, 4}, {0, 0, 0, 0}, {0, 0, 0, 0}});
  Network Net = unitNetwork();
  Net.RanksPerHost = 2;
  Net.ShmBytesPerSecond = 1;
  Net.StartupSeconds = 1;
  Schedule S;
  S.Steps = {{0, 2}, {1}};
  NetworkTimes R = predictOnNetwork(T, S, Net);
  EXPECT_DOUBLE_EQ(R.Ideal, 8);
  EXPECT_DOUBLE_EQ(R.NodeAware, 14 + 8 + 1);
  // All at once: the link (8) and the 6-byte copy overlap; rank 0 has
  // two messages out (the copy counts as one).
  EXPECT_DOUBLE_EQ(R.AllAtOnce, 8 + 2);
}

TEST(NetworkModel, SweepNoStrategyBeatsTheIdeal) {
  Network Net;
  Net.RanksPerHost = 2;
  for (int P : {2, 4, 8, 12})
    for (int Rack : {0, 2})
      for (Index X : {1, 3, 4})
        for (Index Y : {2, 5}) {
          Net.HostsPerRack = Rack;
          Plan Pl = makePlan(Distribution::cyclic(4800, P, X),
                             Distribution::cyclic(4800, P, Y));
          NetworkTimes R = predictOnNetwork(Pl.Table, Pl.Sched, Net);
          SCOPED_TRACE(std::to_string(P) + " ranks, cyclic(" +
                       std::to_string(X) + ") -> cyclic(" + std::to_string(Y) +
                       ")");
          EXPECT_GE(R.AllAtOnce, R.Ideal);
          EXPECT_GE(R.Steps, R.Ideal);
          EXPECT_GE(R.NodeAware, R.Ideal);
          // All at once pays at most the copies and its startups on top.
          EXPECT_LE(R.AllAtOnce, R.Ideal + double(P) * Net.StartupSeconds +
                                     4800.0 * 8 / Net.ShmBytesPerSecond);
        }
}

TEST(NetworkModel, HostStepsKeepEachHostLinkToOnePair) {
  // Two ranks on each of 3 hosts (ranks 2h, 2h+1 on host h); ranks 0 and
  // 1 send 6 bytes each to ranks 2 and 4. Rank steps (0->2, 1->4) and
  // (0->4, 1->2) put two flows on host 0's up link: 12 each, 24 in all,
  // the ideal (host 0 sends 24). Host steps send host 0 -> host 1 (0->2,
  // 1->2) then host 0 -> host 2: 12 each, 24 too. But rank 2 receives
  // two messages in the first host step and rank 4 two in the second: two
  // startups per host step where the rank steps pay one.
  CommTable T = commTableFromMatrix({{0, 0, 6, 0, 6, 0},
                                     {0, 0, 6, 0, 6, 0},
                                     {0, 0, 0, 0, 0, 0},
                                     {0, 0, 0, 0, 0, 0},
                                     {0, 0, 0, 0, 0, 0},
                                     {0, 0, 0, 0, 0, 0}});
  Network Net = unitNetwork();
  Net.RanksPerHost = 2;
  Schedule S;
  // Messages sorted by (Src, Dst): 0->2, 0->4, 1->2, 1->4.
  S.Steps = {{0, 3}, {1, 2}};
  NetworkTimes R = predictOnNetwork(T, S, Net);
  EXPECT_DOUBLE_EQ(R.Ideal, 24);
  EXPECT_DOUBLE_EQ(R.Steps, 24);
  EXPECT_DOUBLE_EQ(R.HostSteps, 24);
  Net.StartupSeconds = 1;
  R = predictOnNetwork(T, S, Net);
  EXPECT_DOUBLE_EQ(R.Steps, 24 + 2);
  EXPECT_DOUBLE_EQ(R.HostSteps, 24 + 4);
}
