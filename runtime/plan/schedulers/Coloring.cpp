//===- plan/schedulers/Coloring.cpp - bipartite edge colouring ------------===//
//
// König's theorem: the edges of a bipartite graph of maximum degree D can be
// coloured with exactly D colours, so D contention-free steps always suffice.
// Messages are coloured in decreasing size, each taking the lowest colour
// free at both ends; when no colour is free at both, an alternating-path
// (Kempe chain) swap frees one. Taking the lowest common colour first groups
// the largest messages into the same early steps, which keeps the sum of the
// step maxima low. Steps are then ordered by decreasing largest message, as
// the papers print them.
//
// Cost: O(E * D) for the colour search plus the alternating paths (O(P + Q)
// each in the worst case, short in practice).
//
//===----------------------------------------------------------------------===//

#include "plan/regular/LocalSearch.h"
#include "plan/schedulers/Schedulers.h"

#include <algorithm>
#include <numeric>

namespace hpf::plan {

namespace {

class EdgeColouring {
public:
  EdgeColouring(const CommTable &T, int Colours)
      : T(T), D(Colours), At(size_t(T.P + T.Q) * size_t(Colours), -1),
        Colour(T.Messages.size(), -1) {}

  void colour(std::size_t E) {
    int U = T.Messages[E].Src, V = T.P + T.Messages[E].Dst;
    for (int C = 0; C < D; ++C)
      if (at(U, C) < 0 && at(V, C) < 0) {
        assign(E, C);
        return;
      }
    int A = firstFree(U), B = firstFree(V);
    // A is used at V, B at U. Flip the A/B alternating path that starts at
    // V with its A-edge; in a bipartite graph it cannot reach U, so A
    // becomes free at V and stays free at U.
    flipPath(V, A, B);
    assign(E, A);
  }

  const std::vector<int> &colours() const { return Colour; }

private:
  int &at(int Vertex, int C) {
    return At[size_t(Vertex) * size_t(D) + size_t(C)];
  }
  int firstFree(int Vertex) {
    for (int C = 0; C < D; ++C)
      if (at(Vertex, C) < 0)
        return C;
    return -1; // unreachable: degree <= D
  }
  void assign(std::size_t E, int C) {
    Colour[E] = C;
    at(T.Messages[E].Src, C) = int(E);
    at(T.P + T.Messages[E].Dst, C) = int(E);
  }
  int other(std::size_t E, int Vertex) const {
    int U = T.Messages[E].Src, V = T.P + T.Messages[E].Dst;
    return Vertex == U ? V : U;
  }
  void flipPath(int Start, int A, int B) {
    std::vector<int> Path;
    int Vertex = Start, Want = A;
    while (true) {
      int E = at(Vertex, Want);
      if (E < 0)
        break;
      Path.push_back(E);
      Vertex = other(size_t(E), Vertex);
      Want = Want == A ? B : A;
    }
    for (int E : Path) { // unassign, then reassign swapped
      int C = Colour[size_t(E)];
      at(T.Messages[size_t(E)].Src, C) = -1;
      at(T.P + T.Messages[size_t(E)].Dst, C) = -1;
    }
    for (int E : Path)
      assign(size_t(E), Colour[size_t(E)] == A ? B : A);
  }

  const CommTable &T;
  int D;
  std::vector<int> At; // (vertex, colour) -> message or -1
  std::vector<int> Colour;
};

class Coloring final : public Scheduler {
public:
  std::string_view name() const override { return "coloring"; }
  std::string_view description() const override {
    return "bipartite edge colouring (Konig): exactly max-degree steps, "
           "largest messages grouped together";
  }
  Schedule schedule(const PlanRequest &Req) const override {
    const CommTable &T = *Req.Table;
    const int D = T.maxDegree();
    Schedule S;
    if (D == 0)
      return S;
    std::vector<std::size_t> Order(T.Messages.size());
    std::iota(Order.begin(), Order.end(), 0);
    std::stable_sort(Order.begin(), Order.end(), [&](size_t A, size_t B) {
      return Req.Weights.weight(T.Messages[A]) >
             Req.Weights.weight(T.Messages[B]);
    });
    EdgeColouring EC(T, D);
    for (std::size_t E : Order)
      EC.colour(E);
    S.Steps.resize(size_t(D));
    for (std::size_t E = 0; E < T.Messages.size(); ++E)
      S.Steps[size_t(EC.colours()[E])].push_back(E);
    regular::sortStepsByLargestMessage(T, S, Req.Weights);
    S.dropEmptySteps();
    return S;
  }
};
} // namespace

const Scheduler &coloringScheduler() {
  static const Coloring S;
  return S;
}

} // namespace hpf::plan
