//===- plan/schedulers/Relocation.cpp - list scheduling + relocation ------===//
//
// Yook & Park's relocation algorithm for gen_block redistribution, as papers
// 002 and 004 summarise it (the left- and right-side relocation below are
// our reading of that summary).
//
// Phase 1, list scheduling: messages in decreasing weight (tie: staircase
// order) each go to the first of the D = max-degree steps that has neither
// of their ends busy.
//
// Phase 2, relocation, when a message x finds no free step: x splits the
// staircase into a left side (messages before x) and a right side (after).
// Right-side relocation keeps the left side's placements, puts x into the
// first step free of its left-side neighbours (one exists: on a staircase
// all of x's earlier neighbours share one end of x, at most D - 1 of them)
// and re-places the right side's messages around it, heaviest first,
// recursively relocating inside that narrower range. Left-side relocation
// is the mirror image. The cheaper result is kept (tie: right). A side
// fails when x has no free step or a nested relocation fails (constraints
// from outside a nested range can block it). If both sides of a top-level
// relocation fail, x opens an extra step: the schedule stays valid, with a
// step more than the minimum, and says so. A work budget bounds the
// recursion: past it the left side is tried only when the right one fails.
//
// Applies to staircase (gen_block-like) tables. Weights are LMR weights.
//
//===----------------------------------------------------------------------===//

#include "plan/irregular/MessageGraph.h"
#include "plan/schedulers/Schedulers.h"

#include <algorithm>
#include <numeric>

namespace hpf::plan {

namespace {

using irregular::MessageGraph;

class ListRelocation {
public:
  explicit ListRelocation(const MessageGraph &G)
      : G(G), StepOf(G.messages(), -1), Occ(std::size_t(G.vertices())),
        Steps(G.maxDegree()), Budget(4 * G.messages() + 64) {}

  std::vector<std::vector<std::size_t>> run() {
    std::vector<std::size_t> Order(G.messages());
    std::iota(Order.begin(), Order.end(), 0);
    byWeight(Order);
    place(0, G.messages(), Order, /*Top=*/true);
    return irregular::stepsFromAssignment(StepOf);
  }

  int extraSteps() const {
    return int(irregular::stepsFromAssignment(StepOf).size()) - G.maxDegree();
  }
  int relocations() const { return Relocations; }

private:
  void byWeight(std::vector<std::size_t> &Msgs) const {
    std::stable_sort(Msgs.begin(), Msgs.end(),
                     [&](std::size_t A, std::size_t B) {
                       return G.W[A] > G.W[B] || (G.W[A] == G.W[B] && A < B);
                     });
  }

  // Sorted busy steps per vertex; the first step >= From not in the set.
  static int firstGap(const std::vector<int> &Set, int From) {
    auto It = std::lower_bound(Set.begin(), Set.end(), From);
    std::size_t P = std::size_t(It - Set.begin());
    if (P == Set.size() || Set[P] != From)
      return From;
    // Set[P + i] - i is non-decreasing; find the first i where it exceeds From.
    std::size_t Lo = P, Hi = Set.size();
    while (Lo < Hi) {
      std::size_t Mid = (Lo + Hi) / 2;
      if (Set[Mid] - int(Mid - P) == From)
        Lo = Mid + 1;
      else
        Hi = Mid;
    }
    return From + int(Lo - P);
  }

  int firstFree(std::size_t M) const {
    const auto &A = Occ[std::size_t(G.From[M])], &B = Occ[std::size_t(G.To[M])];
    int T = 0;
    while (true) {
      int T1 = firstGap(A, T);
      int T2 = firstGap(B, T1);
      if (T2 == T1)
        return T1 < Steps ? T1 : -1;
      T = T2;
    }
  }

  void set(std::size_t M, int Step) {
    if (StepOf[M] == Step)
      return;
    Journal.push_back({M, StepOf[M]});
    apply(M, Step);
  }

  void apply(std::size_t M, int Step) {
    int Old = StepOf[M];
    for (int V : {G.From[M], G.To[M]}) {
      auto &Set = Occ[std::size_t(V)];
      if (Old >= 0)
        Set.erase(std::lower_bound(Set.begin(), Set.end(), Old));
      if (Step >= 0)
        Set.insert(std::lower_bound(Set.begin(), Set.end(), Step), Step);
    }
    StepOf[M] = Step;
  }

  void undo(std::size_t Mark) {
    while (Journal.size() > Mark) {
      auto [M, Old] = Journal.back();
      Journal.pop_back();
      apply(M, Old);
    }
  }

  double partialCost() const {
    std::vector<double> Max(std::size_t(Steps), 0);
    for (std::size_t M = 0; M < G.messages(); ++M)
      if (StepOf[M] >= 0)
        Max[std::size_t(StepOf[M])] =
            std::max(Max[std::size_t(StepOf[M])], G.W[M]);
    return std::accumulate(Max.begin(), Max.end(), 0.0);
  }

  /// Places Msgs (heaviest first) inside [Lo, Hi). Nested calls report a
  /// message that cannot be placed, so that the relocation trying them
  /// fails; the top level opens an extra step instead.
  bool place(std::size_t Lo, std::size_t Hi,
             const std::vector<std::size_t> &Msgs, bool Top) {
    for (std::size_t M : Msgs) {
      if (StepOf[M] >= 0)
        continue;
      int T = firstFree(M);
      if (T >= 0) {
        set(M, T);
        continue;
      }
      if (relocate(M, Lo, Hi))
        continue;
      if (!Top)
        return false;
      set(M, Steps++); // last resort: an extra step keeps it valid
    }
    return true;
  }

  /// Re-places one side of X with X pinned; false if X has no free step
  /// or the side cannot be re-placed.
  bool relocateSide(std::size_t X, std::size_t Lo, std::size_t Hi, bool Right) {
    std::size_t SideLo = Right ? X + 1 : Lo, SideHi = Right ? Hi : X;
    std::vector<std::size_t> Displaced;
    for (std::size_t M = SideLo; M < SideHi; ++M)
      if (StepOf[M] >= 0) {
        Displaced.push_back(M);
        set(M, -1);
      }
    int T = firstFree(X);
    if (T < 0)
      return false;
    set(X, T);
    byWeight(Displaced);
    return place(SideLo, SideHi, Displaced, /*Top=*/false);
  }

  /// Right- and left-side relocation of X; keeps the cheaper success
  /// (tie: right). False, with nothing changed, if both fail.
  bool relocate(std::size_t X, std::size_t Lo, std::size_t Hi) {
    ++Relocations;
    bool Both = Budget > 0;
    if (Budget > 0)
      --Budget;
    std::size_t Mark = Journal.size();
    bool RightOk = relocateSide(X, Lo, Hi, /*Right=*/true);
    if (RightOk && !Both)
      return true;
    double RightCost = RightOk ? partialCost() : 0;
    std::vector<std::pair<std::size_t, int>> RightFinal;
    if (RightOk)
      for (std::size_t K = Mark; K < Journal.size(); ++K)
        RightFinal.push_back({Journal[K].first, StepOf[Journal[K].first]});
    undo(Mark);
    bool LeftOk = relocateSide(X, Lo, Hi, /*Right=*/false);
    if (LeftOk && (!RightOk || partialCost() < RightCost))
      return true;
    undo(Mark);
    if (!RightOk)
      return false;
    for (auto &[M, S] : RightFinal)
      set(M, -1);
    for (auto &[M, S] : RightFinal)
      set(M, S);
    return true;
  }

  const MessageGraph &G;
  std::vector<int> StepOf;
  std::vector<std::vector<int>> Occ;
  std::vector<std::pair<std::size_t, int>> Journal; // (message, old step)
  int Steps;
  std::size_t Budget;
  int Relocations = 0;
};

class Relocation final : public Scheduler {
public:
  std::string_view name() const override { return "relocation"; }
  std::string_view description() const override {
    return "list scheduling + left/right relocation (Yook & Park, via papers "
           "002/004; gen_block-like tables)";
  }
  bool applicable(const PlanRequest &Req, std::string *WhyNot) const override {
    return irregular::isStaircase(*Req.Table, WhyNot);
  }
  Schedule schedule(const PlanRequest &Req) const override {
    MessageGraph G(*Req.Table, Req.Weights);
    ListRelocation R(G);
    Schedule S;
    S.Steps = R.run();
    if (R.extraSteps() > 0)
      S.Notes.push_back("relocation needed " + std::to_string(R.extraSteps()) +
                        " step(s) beyond the minimum");
    return S;
  }
};

} // namespace

const Scheduler &relocationScheduler() {
  static const Relocation S;
  return S;
}

} // namespace hpf::plan
