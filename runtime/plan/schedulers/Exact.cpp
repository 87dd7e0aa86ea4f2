//===- plan/schedulers/Exact.cpp - minimum-cost schedule by branch and bound -//
//
// The optimum the heuristics are measured against: among schedules with the
// minimum number of steps D (the max degree; the papers' "minimal step
// condition"), one with the least sum of step maxima (LMR-weighted).
//
// Messages are assigned in decreasing weight, so the first message placed
// in a step fixes that step's cost; empty steps are interchangeable, so a
// message tries every open step free at both its ends and then one empty
// step. A branch is cut when its cost plus a bound reaches the best schedule
// so far. The bound: a vertex v with k unplaced messages and o open steps
// where it is still free must open at least k - o new steps, each costing at
// least one of v's remaining (lightest) weights. The search starts from the
// best of coloring and (on staircase tables) E-TPDR, TPDR and relocation,
// and stops as soon as it meets the volume lower bound.
//
// Exponential in the worst case, so it is refused beyond kMaxMessages
// messages, and stops with an error after kMaxNodes search nodes. Works on
// any communication matrix. Not part of `auto`.
//
//===----------------------------------------------------------------------===//

#include "plan/irregular/MessageGraph.h"
#include "plan/schedulers/Schedulers.h"

#include <algorithm>
#include <numeric>

namespace hpf::plan {

namespace {

using irregular::MessageGraph;

constexpr std::size_t kMaxMessages = 48;
constexpr long long kMaxNodes = 20'000'000;

class BranchAndBound {
public:
  BranchAndBound(const MessageGraph &G, const std::vector<int> &Initial,
                 double InitialCost)
      : G(G), D(G.maxDegree()), Best(Initial), BestCost(InitialCost),
        Cur(G.messages(), -1),
        Busy(std::size_t(G.vertices()) * std::size_t(D), 0),
        Used(std::size_t(G.vertices()), 0) {
    Order.resize(G.messages());
    std::iota(Order.begin(), Order.end(), 0);
    std::stable_sort(
        Order.begin(), Order.end(),
        [&](std::size_t A, std::size_t B) { return G.W[A] > G.W[B]; });
    // Per vertex: its weights in placement order and their suffix sums, so
    // that the k lightest unplaced weights of v cost O(1).
    Left.assign(std::size_t(G.vertices()), 0);
    Suffix.resize(std::size_t(G.vertices()));
    for (std::size_t M : Order)
      for (int V : {G.From[M], G.To[M]})
        Suffix[std::size_t(V)].push_back(G.W[M]);
    for (auto &S : Suffix) {
      S.push_back(0);
      for (std::size_t I = S.size() - 1; I-- > 0;)
        S[I] += S[I + 1];
    }
    for (int V = 0; V < G.vertices(); ++V)
      Left[std::size_t(V)] = int(G.Incident[std::size_t(V)].size());
    Volume = 0;
    for (int V = 0; V < G.vertices(); ++V)
      Volume = std::max(Volume, Suffix[std::size_t(V)].front());
  }

  /// Returns false when the node budget ran out.
  bool solve() {
    if (BestCost > Volume * (1 + 1e-12))
      search(0, 0.0);
    return Nodes <= kMaxNodes;
  }
  const std::vector<int> &best() const { return Best; }

private:
  bool busy(int V, int S) const {
    return Busy[std::size_t(V) * std::size_t(D) + std::size_t(S)] != 0;
  }
  void mark(int V, int S, char On) {
    Busy[std::size_t(V) * std::size_t(D) + std::size_t(S)] = On;
    Used[std::size_t(V)] += On ? 1 : -1;
    Left[std::size_t(V)] += On ? -1 : 1;
  }

  double bound() const {
    double Extra = 0;
    for (int V = 0; V < G.vertices(); ++V) {
      int K = Left[std::size_t(V)];
      int Free = Open - Used[std::size_t(V)];
      if (K > Free) {
        const auto &S = Suffix[std::size_t(V)];
        Extra = std::max(Extra, S[S.size() - 1 - std::size_t(K - Free)]);
      }
    }
    return Extra;
  }

  void search(std::size_t I, double Cost) {
    if (++Nodes > kMaxNodes || Done)
      return;
    if (I == Order.size()) {
      if (Cost < BestCost) {
        BestCost = Cost;
        Best = Cur;
        Done = BestCost <= Volume * (1 + 1e-12);
      }
      return;
    }
    if (Cost + bound() >= BestCost * (1 - 1e-12))
      return;
    std::size_t M = Order[I];
    int U = G.From[M], V = G.To[M];
    for (int S = 0; S <= Open && S < D; ++S) {
      if (busy(U, S) || busy(V, S))
        continue;
      bool New = S == Open;
      double Add = New ? G.W[M] : 0;
      Cur[M] = S;
      mark(U, S, 1);
      mark(V, S, 1);
      Open += New;
      search(I + 1, Cost + Add);
      Open -= New;
      mark(U, S, 0);
      mark(V, S, 0);
      Cur[M] = -1;
      if (Done)
        return;
    }
  }

  const MessageGraph &G;
  int D;
  std::vector<int> Best;
  double BestCost;
  std::vector<int> Cur;
  std::vector<char> Busy;
  std::vector<int> Used, Left;
  std::vector<std::vector<double>> Suffix;
  std::vector<std::size_t> Order;
  double Volume = 0;
  int Open = 0;
  long long Nodes = 0;
  bool Done = false;
};

std::vector<int> assignmentOf(const Schedule &S, std::size_t Messages) {
  std::vector<int> StepOf(Messages, -1);
  for (std::size_t St = 0; St < S.Steps.size(); ++St)
    for (std::size_t M : S.Steps[St])
      StepOf[M] = int(St);
  return StepOf;
}

class Exact final : public Scheduler {
public:
  std::string_view name() const override { return "exact"; }
  std::string_view description() const override {
    static_assert(kMaxMessages == 48, "keep the description in step");
    return "branch and bound: minimum cost with max-degree steps (at most 48 "
           "messages; for measuring, not used by auto)";
  }
  bool applicable(const PlanRequest &Req, std::string *WhyNot) const override {
    if (Req.Table->Messages.size() <= kMaxMessages)
      return true;
    if (WhyNot)
      *WhyNot = tooLarge(Req.Table->Messages.size());
    return false;
  }
  Schedule schedule(const PlanRequest &Req) const override {
    const CommTable &T = *Req.Table;
    if (T.Messages.size() > kMaxMessages)
      throw PlanError(tooLarge(T.Messages.size()));
    MessageGraph G(T, Req.Weights);
    // Start from the best heuristic schedule with exactly D steps.
    Schedule Start;
    double StartCost = 0;
    bool Have = false;
    for (const Scheduler *S :
         {&etpdrScheduler(), &tpdrScheduler(), &coloringScheduler()}) {
      if (!S->applicable(Req, nullptr))
        continue;
      Schedule C = S->schedule(Req);
      C.dropEmptySteps();
      if (int(C.stepCount()) != G.maxDegree() || !validate(T, C).Ok)
        continue;
      double Cost = irregular::stepsCost(G, C.Steps);
      if (!Have || Cost < StartCost) {
        Start = std::move(C);
        StartCost = Cost;
        Have = true;
      }
    }
    Schedule Out;
    if (!Have)
      return Out; // no messages
    BranchAndBound BB(G, assignmentOf(Start, T.Messages.size()), StartCost);
    if (!BB.solve())
      throw PlanError("exact: search stopped after " +
                      std::to_string(kMaxNodes) +
                      " nodes without proving the optimum; use a heuristic "
                      "scheduler for this table");
    Out.Steps = irregular::stepsFromAssignment(BB.best());
    return Out;
  }

private:
  static std::string tooLarge(std::size_t N) {
    return "exact is limited to " + std::to_string(kMaxMessages) +
           " messages (this table has " + std::to_string(N) +
           "); use a heuristic scheduler";
  }
};

} // namespace

const Scheduler &exactScheduler() {
  static const Exact S;
  return S;
}

} // namespace hpf::plan
