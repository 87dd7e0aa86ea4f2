//===- plan/schedulers/Tpdr.cpp - two-phase degree reduction --------------===//
//
// TPDR and E-TPDR (paper 004, Hsu et al., PaCT 2005), with the rules the
// surviving text leaves open (tie-breaks, which minimum message, when the
// edge complement runs) fixed as follows:
//
// Phase 1, for step = max degree D down to 3: the vertices whose current
// degree is `step` are served in decreasing order of the current total weight
// of their unscheduled messages (tie: senders before receivers, lower rank
// first). A vertex already marked red in this step is skipped; otherwise its
// minimum-weight message whose other end is not red (tie: lower message
// index) goes into this step and both ends turn red. E-TPDR then runs the
// edge complement once per step, after all the step's vertices: unscheduled
// messages lighter than the step's largest, heaviest first, join the step
// when both their ends are still unmarked.
//
// Phase 2 (max degree <= 2): the rest is a set of paths ("consecutive
// sections"), each a run of consecutive messages in staircase order. Each is
// coloured red/blue alternately from red (red = step 1, blue = step 2), and,
// merging left to right, its colours are exchanged when that makes
// max(L1, .) + max(L2, .) strictly smaller.
//
// On a staircase table this never fails and uses exactly D steps: a vertex
// of degree >= 3 has an interior message to a vertex of degree 1, which
// cannot be red unless the vertex itself is, so every vertex of degree
// `step` loses exactly one message per step (and no vertex loses two).
// Weights are the LMR weights, so a ratio set with --lmr is optimised.
//
// Cost: O(E log E + sum over steps of the served vertices), E = messages.
//
//===----------------------------------------------------------------------===//

#include "plan/irregular/MessageGraph.h"
#include "plan/schedulers/Schedulers.h"

#include <algorithm>
#include <numeric>

namespace hpf::plan {

namespace {

using irregular::MessageGraph;

class DegreeReduction {
public:
  DegreeReduction(const MessageGraph &G, bool Extended)
      : G(G), Extended(Extended), Done(G.messages(), 0),
        StepOf(G.messages(), -1), Deg(std::size_t(G.vertices())),
        Tot(std::size_t(G.vertices()), 0), RedAt(std::size_t(G.vertices()), -1),
        SeenAt(std::size_t(G.vertices()), -1) {}

  std::vector<std::vector<std::size_t>> run() {
    const int D = G.maxDegree();
    if (D == 0)
      return {};
    prepare(D);
    for (int Step = D; Step >= 3; --Step)
      reduce(Step);
    colourLastTwo();
    return irregular::stepsFromAssignment(StepOf);
  }

private:
  void prepare(int D) {
    Bucket.resize(std::size_t(D) + 1);
    ByWeight.resize(std::size_t(G.vertices()));
    Ptr.assign(std::size_t(G.vertices()), 0);
    for (int V = 0; V < G.vertices(); ++V) {
      const auto &Inc = G.Incident[std::size_t(V)];
      Deg[std::size_t(V)] = int(Inc.size());
      for (std::size_t M : Inc)
        Tot[std::size_t(V)] += G.W[M];
      if (Inc.size() >= 3) {
        Bucket[Inc.size()].push_back(V);
        auto &BW = ByWeight[std::size_t(V)];
        BW = Inc;
        std::stable_sort(
            BW.begin(), BW.end(),
            [&](std::size_t A, std::size_t B) { return G.W[A] < G.W[B]; });
      }
    }
    if (Extended) {
      Cand.resize(G.messages());
      std::iota(Cand.begin(), Cand.end(), 0);
      std::stable_sort(
          Cand.begin(), Cand.end(),
          [&](std::size_t A, std::size_t B) { return G.W[A] > G.W[B]; });
    }
  }

  bool red(int V, int Step) const { return RedAt[std::size_t(V)] == Step; }

  void schedule(std::size_t M, int Step) {
    Done[M] = 1;
    StepOf[M] = Step - 1;
    ++DoneCount;
    for (int V : {G.From[M], G.To[M]}) {
      int &Dg = Deg[std::size_t(V)];
      --Dg;
      Tot[std::size_t(V)] -= G.W[M];
      RedAt[std::size_t(V)] = Step;
      if (Dg >= 3)
        Bucket[std::size_t(Dg)].push_back(V);
    }
  }

  /// The lightest unscheduled message of V whose other end is not red.
  std::ptrdiff_t pickMinimal(int V, int Step) {
    auto &BW = ByWeight[std::size_t(V)];
    std::size_t &P = Ptr[std::size_t(V)];
    while (P < BW.size() && Done[BW[P]])
      ++P;
    for (std::size_t K = P; K < BW.size(); ++K) {
      std::size_t M = BW[K];
      if (Done[M])
        continue;
      int Other = G.From[M] == V ? G.To[M] : G.From[M];
      if (!red(Other, Step))
        return std::ptrdiff_t(M);
    }
    return -1; // impossible on a staircase table; validation catches it
  }

  void reduce(int Step) {
    std::vector<int> Blue;
    for (int V : Bucket[std::size_t(Step)])
      if (Deg[std::size_t(V)] == Step && SeenAt[std::size_t(V)] != Step) {
        SeenAt[std::size_t(V)] = Step;
        Blue.push_back(V);
      }
    Bucket[std::size_t(Step)].clear();
    Bucket[std::size_t(Step)].shrink_to_fit();
    std::sort(Blue.begin(), Blue.end(), [&](int A, int B) {
      if (Tot[std::size_t(A)] != Tot[std::size_t(B)])
        return Tot[std::size_t(A)] > Tot[std::size_t(B)];
      return A < B; // senders (ids < P) first, then lower rank
    });
    double L = 0;
    for (int V : Blue) {
      if (red(V, Step))
        continue;
      std::ptrdiff_t M = pickMinimal(V, Step);
      if (M < 0)
        continue;
      L = std::max(L, G.W[std::size_t(M)]);
      schedule(std::size_t(M), Step);
    }
    if (Extended && L > 0)
      complement(Step, L);
  }

  /// E-TPDR: lighter messages with both ends unmarked join the step.
  void complement(int Step, double L) {
    if (DoneCount - Compacted > Cand.size() / 2) { // drop stale entries
      std::erase_if(Cand, [&](std::size_t M) { return Done[M] != 0; });
      Compacted = DoneCount;
    }
    auto First = std::partition_point(
        Cand.begin(), Cand.end(), [&](std::size_t M) { return G.W[M] >= L; });
    for (auto It = First; It != Cand.end(); ++It) {
      std::size_t M = *It;
      if (Done[M] || red(G.From[M], Step) || red(G.To[M], Step))
        continue;
      schedule(M, Step);
    }
  }

  void colourLastTwo() {
    double L1 = 0, L2 = 0;
    std::vector<std::size_t> Section;
    auto Flush = [&] {
      if (Section.empty())
        return;
      double R = 0, B = 0;
      for (std::size_t K = 0; K < Section.size(); ++K) {
        double &Max = K % 2 == 0 ? R : B;
        Max = std::max(Max, G.W[Section[K]]);
      }
      bool Swap =
          std::max(L1, B) + std::max(L2, R) < std::max(L1, R) + std::max(L2, B);
      if (Swap)
        std::swap(R, B);
      for (std::size_t K = 0; K < Section.size(); ++K)
        StepOf[Section[K]] = (K % 2 == 0) != Swap ? 0 : 1;
      L1 = std::max(L1, R);
      L2 = std::max(L2, B);
      Section.clear();
    };
    for (std::size_t M = 0; M < G.messages(); ++M) {
      if (Done[M])
        continue;
      if (!Section.empty() && !G.shareEnd(Section.back(), M))
        Flush();
      Section.push_back(M);
    }
    Flush();
  }

  const MessageGraph &G;
  bool Extended;
  std::vector<char> Done;
  std::vector<int> StepOf;
  std::vector<int> Deg;
  std::vector<double> Tot;
  std::vector<int> RedAt, SeenAt;
  std::vector<std::vector<int>> Bucket;           // degree -> vertices
  std::vector<std::vector<std::size_t>> ByWeight; // lightest first
  std::vector<std::size_t> Ptr;                   // first maybe-live entry
  std::vector<std::size_t> Cand;                  // heaviest first (E-TPDR)
  std::size_t DoneCount = 0, Compacted = 0;
};

class Tpdr final : public Scheduler {
public:
  explicit Tpdr(bool Extended) : Extended(Extended) {}
  std::string_view name() const override { return Extended ? "etpdr" : "tpdr"; }
  std::string_view description() const override {
    return Extended ? "E-TPDR: TPDR plus the edge complement (paper 004, "
                      "gen_block-like tables); max-degree steps"
                    : "two-phase degree reduction + adjustable colouring "
                      "(paper 004, gen_block-like tables); max-degree steps";
  }
  bool applicable(const PlanRequest &Req, std::string *WhyNot) const override {
    return irregular::isStaircase(*Req.Table, WhyNot);
  }
  Schedule schedule(const PlanRequest &Req) const override {
    MessageGraph G(*Req.Table, Req.Weights);
    Schedule S;
    S.Steps = DegreeReduction(G, Extended).run();
    return S;
  }

private:
  bool Extended;
};

} // namespace

const Scheduler &tpdrScheduler() {
  static const Tpdr S(false);
  return S;
}
const Scheduler &etpdrScheduler() {
  static const Tpdr S(true);
  return S;
}

} // namespace hpf::plan
