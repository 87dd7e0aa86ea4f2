//===- plan/regular/LocalSearch.cpp - Kempe-chain local search ------------===//

#include "plan/regular/LocalSearch.h"
#include "plan/regular/Grouping.h"

#include <algorithm>
#include <numeric>

namespace hpf::plan::regular {

namespace {

class Kempe {
public:
  Kempe(const CommTable &T, const Schedule &S, const CostWeights &W)
      : T(T), D(int(S.Steps.size())), Colour(T.Messages.size(), -1),
        At(size_t(T.P + T.Q) * size_t(D), -1), Weight(T.Messages.size()),
        Members(S.Steps), InPath(T.Messages.size(), 0), Top(size_t(D), 0) {
    for (std::size_t E = 0; E < T.Messages.size(); ++E)
      Weight[E] = W.weight(T.Messages[E]);
    for (int C = 0; C < D; ++C)
      for (std::size_t E : S.Steps[size_t(C)]) {
        Colour[E] = C;
        at(src(E), C) = int(E);
        at(dst(E), C) = int(E);
      }
  }

  double stepMax(int C) {
    double M = 0;
    for (std::size_t E : Members[size_t(C)])
      M = std::max(M, Weight[E]);
    int Cnt = 0;
    for (std::size_t E : Members[size_t(C)])
      Cnt += Weight[E] >= M - 1e-9;
    Top[size_t(C)] = Cnt;
    Visits += Members[size_t(C)].size();
    return M;
  }

  /// The a/b alternating path through edge E (colour A).
  std::vector<int> chain(int E, int A, int B) {
    std::vector<int> Path = {E};
    for (int Start : {src(size_t(E)), dst(size_t(E))}) {
      int V = Start, Want = B;
      while (true) {
        int F = at(V, Want);
        if (F < 0)
          break;
        if (F == E) // an even cycle: the first walk has it all
          return Path;
        Path.push_back(F);
        V = other(size_t(F), V);
        Want = Want == A ? B : A;
      }
    }
    Visits += Path.size();
    return Path;
  }

  /// Tries to lower the cost by swapping a chain through E into colour B.
  bool tryMove(int E, int B, std::vector<double> &Max) {
    int A = Colour[size_t(E)];
    std::vector<int> Path = chain(E, A, B);
    // New maxima of A and B after the swap.
    double NewA = 0, NewB = 0;
    for (int F : Path)
      InPath[size_t(F)] = 1;
    for (int F : Path) {
      if (Colour[size_t(F)] == A)
        NewB = std::max(NewB, Weight[size_t(F)]);
      else
        NewA = std::max(NewA, Weight[size_t(F)]);
    }
    auto Mark = [&](int C, double &M) {
      for (std::size_t F : Members[size_t(C)])
        if (!InPath[F])
          M = std::max(M, Weight[F]);
      Visits += Members[size_t(C)].size();
    };
    Mark(A, NewA);
    Mark(B, NewB);
    // Secondary objective: messages at their step's maximum. A swap that
    // keeps the sum but lowers this count consolidates large messages and
    // opens the way for a later improvement; the pair (sum, count) only
    // ever decreases, so the search cannot cycle.
    int TopA = 0, TopB = 0;
    auto CountTop = [&](int C, double NewMax, bool Moving, int &Cnt) {
      for (std::size_t F : Members[size_t(C)])
        if (InPath[F] == Moving && Weight[F] >= NewMax - 1e-9)
          ++Cnt;
    };
    CountTop(A, NewA, false, TopA); // stays in A
    CountTop(B, NewA, true, TopA);  // moves B -> A
    CountTop(B, NewB, false, TopB);
    CountTop(A, NewB, true, TopB);
    for (int F : Path)
      InPath[size_t(F)] = 0;
    double Old = Max[size_t(A)] + Max[size_t(B)], New = NewA + NewB;
    bool Better =
        New < Old - 1e-9 ||
        (New <= Old + 1e-9 && TopA + TopB < Top[size_t(A)] + Top[size_t(B)]);
    if (!Better)
      return false;
    Top[size_t(A)] = TopA;
    Top[size_t(B)] = TopB;
    for (int F : Path) { // unassign, then reassign swapped
      int C = Colour[size_t(F)];
      at(src(size_t(F)), C) = -1;
      at(dst(size_t(F)), C) = -1;
    }
    for (int F : Path) {
      int C = Colour[size_t(F)] == A ? B : A;
      Colour[size_t(F)] = C;
      at(src(size_t(F)), C) = F;
      at(dst(size_t(F)), C) = F;
    }
    Members[size_t(A)].clear();
    Members[size_t(B)].clear();
    rebuildMembers(A, B);
    Max[size_t(A)] = NewA;
    Max[size_t(B)] = NewB;
    return true;
  }

private:
  void rebuildMembers(int A, int B) {
    // Members of A and B from the vertex table: every edge of colour C is
    // at(src, C); scan the sources.
    for (int V = 0; V < T.P; ++V)
      for (int C : {A, B}) {
        int F = at(V, C);
        if (F >= 0)
          Members[size_t(C)].push_back(size_t(F));
      }
    Visits += size_t(T.P);
  }
  int src(std::size_t E) const { return T.Messages[E].Src; }
  int dst(std::size_t E) const { return T.P + T.Messages[E].Dst; }
  int other(std::size_t E, int V) const {
    return V == src(E) ? dst(E) : src(E);
  }
  int &at(int V, int C) { return At[size_t(V) * size_t(D) + size_t(C)]; }

  const CommTable &T;

public:
  int D;
  std::vector<int> Colour;

private:
  std::vector<int> At;

public:
  std::vector<double> Weight;
  std::vector<std::vector<std::size_t>> Members;
  std::vector<char> InPath;
  std::vector<int> Top; ///< messages at the step's maximum
  std::size_t Visits = 0;
};

} // namespace

std::vector<std::size_t> stepsByLargestMessage(const CommTable &T,
                                               const Schedule &S,
                                               const CostWeights &W) {
  std::vector<double> Max(S.Steps.size(), 0);
  for (std::size_t St = 0; St < S.Steps.size(); ++St)
    for (std::size_t E : S.Steps[St])
      Max[St] = std::max(Max[St], W.weight(T.Messages[E]));
  std::vector<std::size_t> Order(S.Steps.size());
  std::iota(Order.begin(), Order.end(), 0);
  std::stable_sort(Order.begin(), Order.end(),
                   [&](size_t A, size_t B) { return Max[A] > Max[B]; });
  return Order;
}

void sortStepsByLargestMessage(const CommTable &T, Schedule &S,
                               const CostWeights &W) {
  std::vector<std::vector<std::size_t>> Sorted;
  for (std::size_t I : stepsByLargestMessage(T, S, W)) {
    Sorted.push_back(std::move(S.Steps[I]));
    std::sort(Sorted.back().begin(), Sorted.back().end());
  }
  S.Steps = std::move(Sorted);
}

bool kempeLocalSearch(const CommTable &T, Schedule &S, const CostWeights &W,
                      std::size_t MaxEdgeVisits) {
  S.Groups.clear();
  if (S.Steps.size() < 2)
    return false;
  Kempe K(T, S, W);
  std::vector<double> Max(S.Steps.size());
  for (int C = 0; C < K.D; ++C)
    Max[size_t(C)] = K.stepMax(C);
  bool Improved = false, Progress = true;
  while (Progress && K.Visits < MaxEdgeVisits) {
    Progress = false;
    std::vector<int> Order(size_t(K.D));
    std::iota(Order.begin(), Order.end(), 0);
    std::sort(Order.begin(), Order.end(),
              [&](int A, int B) { return Max[size_t(A)] > Max[size_t(B)]; });
    for (int A : Order) {
      // The messages that set step A's maximum; moving one of them (with
      // its chain) is the only way to lower it.
      std::vector<std::size_t> Top;
      for (std::size_t E : K.Members[size_t(A)])
        if (K.Weight[E] >= Max[size_t(A)] - 1e-9)
          Top.push_back(E);
      for (std::size_t E : Top) {
        if (K.Colour[E] != A)
          continue;
        for (int B = 0; B < K.D && K.Visits < MaxEdgeVisits; ++B)
          if (B != A && K.tryMove(int(E), B, Max)) {
            Progress = Improved = true;
            break;
          }
        if (Progress)
          break;
      }
      if (Progress || K.Visits >= MaxEdgeVisits)
        break;
    }
  }
  if (!Improved)
    return false;
  S.Steps = K.Members;
  sortStepsByLargestMessage(T, S, W);
  S.dropEmptySteps();
  return true;
}

void reduceToMaxDegree(const CommTable &T, Schedule &S, const CostWeights &W) {
  S.Groups.clear();
  const int D = T.maxDegree();
  if (int(S.Steps.size()) <= D)
    return;
  const std::vector<std::size_t> Order = stepsByLargestMessage(T, S, W);
  const int V = T.P + T.Q;
  std::vector<int> At(size_t(V) * size_t(D), -1), Colour(T.Messages.size(), -1);
  auto at = [&](int Vx, int C) -> int & {
    return At[size_t(Vx) * size_t(D) + size_t(C)];
  };
  std::vector<double> CMax(size_t(D), 0);
  auto Assign = [&](std::size_t E, int C) {
    Colour[E] = C;
    at(T.Messages[E].Src, C) = int(E);
    at(T.P + T.Messages[E].Dst, C) = int(E);
    CMax[size_t(C)] = std::max(CMax[size_t(C)], W.weight(T.Messages[E]));
  };
  std::vector<std::size_t> Pending;
  for (std::size_t K = 0; K < Order.size(); ++K)
    for (std::size_t E : S.Steps[Order[K]]) {
      if (int(K) < D)
        Assign(E, int(K));
      else
        Pending.push_back(E);
    }
  std::stable_sort(Pending.begin(), Pending.end(), [&](size_t A, size_t B) {
    return W.weight(T.Messages[A]) > W.weight(T.Messages[B]);
  });
  for (std::size_t E : Pending) {
    int U = T.Messages[E].Src, Vd = T.P + T.Messages[E].Dst;
    double Wt = W.weight(T.Messages[E]);
    // A step free at both ends: the tightest one that already holds a
    // message this large, else the one with the largest maximum.
    int Pick = -1;
    for (int C = 0; C < D; ++C) {
      if (at(U, C) >= 0 || at(Vd, C) >= 0)
        continue;
      if (Pick < 0)
        Pick = C;
      else {
        bool FitC = CMax[size_t(C)] >= Wt, FitP = CMax[size_t(Pick)] >= Wt;
        if (FitC != FitP ? FitC
                         : (FitC ? CMax[size_t(C)] < CMax[size_t(Pick)]
                                 : CMax[size_t(C)] > CMax[size_t(Pick)]))
          Pick = C;
      }
    }
    if (Pick >= 0) {
      Assign(E, Pick);
      continue;
    }
    // Konig: A free at U (used at Vd), B free at Vd (used at U); flip the
    // A/B path from Vd, which cannot reach U, so A becomes free at Vd.
    int A = -1, B = -1;
    for (int C = 0; C < D && (A < 0 || B < 0); ++C) {
      if (A < 0 && at(U, C) < 0)
        A = C;
      if (B < 0 && at(Vd, C) < 0)
        B = C;
    }
    std::vector<int> Path;
    for (int Vx = Vd, Want = A;;) {
      int F = at(Vx, Want);
      if (F < 0)
        break;
      Path.push_back(F);
      const Message &M = T.Messages[size_t(F)];
      Vx = Vx == M.Src ? T.P + M.Dst : M.Src;
      Want = Want == A ? B : A;
    }
    for (int F : Path) {
      int C = Colour[size_t(F)];
      at(T.Messages[size_t(F)].Src, C) = -1;
      at(T.P + T.Messages[size_t(F)].Dst, C) = -1;
    }
    for (int F : Path)
      Assign(size_t(F), Colour[size_t(F)] == A ? B : A);
    Assign(E, A);
  }
  S.Steps.assign(size_t(D), {});
  for (std::size_t E = 0; E < T.Messages.size(); ++E)
    if (Colour[E] >= 0)
      S.Steps[size_t(Colour[E])].push_back(E);
  S.dropEmptySteps();
}

namespace {

/// Steps after swapping the A/B Kempe chain through message E (A = its step).
std::vector<std::vector<std::size_t>>
swapChain(const CommTable &T,
          const std::vector<std::vector<std::size_t>> &Steps, std::size_t E,
          std::size_t B) {
  const std::size_t D = Steps.size();
  std::vector<std::size_t> Colour(T.Messages.size(), 0);
  std::vector<int> At(size_t(T.P + T.Q) * D, -1);
  for (std::size_t C = 0; C < D; ++C)
    for (std::size_t M : Steps[C]) {
      Colour[M] = C;
      At[size_t(T.Messages[M].Src) * D + C] = int(M);
      At[size_t(T.P + T.Messages[M].Dst) * D + C] = int(M);
    }
  const std::size_t A = Colour[E];
  std::vector<char> In(T.Messages.size(), 0);
  In[E] = 1;
  for (int Start : {T.Messages[E].Src, T.P + T.Messages[E].Dst}) {
    int V = Start;
    std::size_t Want = B;
    while (true) {
      int F = At[size_t(V) * D + Want];
      if (F < 0 || In[size_t(F)])
        break;
      In[size_t(F)] = 1;
      const Message &M = T.Messages[size_t(F)];
      V = V == M.Src ? T.P + M.Dst : M.Src;
      Want = Want == A ? B : A;
    }
  }
  std::vector<std::vector<std::size_t>> Out(D);
  for (std::size_t C = 0; C < D; ++C)
    for (std::size_t M : Steps[C]) {
      std::size_t NC = !In[M] ? C : C == A ? B : A;
      Out[NC].push_back(M);
    }
  for (auto &St : Out)
    std::sort(St.begin(), St.end());
  return Out;
}

} // namespace

double groupedLocalSearch(const CommTable &T, Schedule &S, const CostWeights &W,
                          std::size_t MaxEvaluations) {
  Schedule Cur;
  Cur.Steps = S.Steps;
  double CurCost = chooseGroups(T, Cur, W);
  std::size_t Evals = 0;
  auto TryCand = [&](std::vector<std::vector<std::size_t>> Steps) {
    ++Evals;
    Schedule C;
    C.Steps = std::move(Steps);
    double Cost = chooseGroups(T, C, W);
    if (Cost < CurCost - 1e-9 * std::max(1.0, Cost)) {
      Cur = std::move(C);
      CurCost = Cost;
      return true;
    }
    return false;
  };
  const std::size_t D = Cur.Steps.size();
  bool Progress = true;
  while (Progress && Evals < MaxEvaluations) {
    Progress = false;
    for (std::size_t A = 0; A < D && !Progress && Evals < MaxEvaluations; ++A)
      for (std::size_t K = 0;
           K < Cur.Steps[A].size() && !Progress && Evals < MaxEvaluations; ++K)
        for (std::size_t B = 0; B < D && !Progress && Evals < MaxEvaluations;
             ++B)
          if (B != A)
            Progress = TryCand(swapChain(T, Cur.Steps, Cur.Steps[A][K], B));
    for (std::size_t A = 0; A < D && !Progress && Evals < MaxEvaluations; ++A)
      for (std::size_t B = A + 1; B < D && !Progress && Evals < MaxEvaluations;
           ++B) {
        auto Steps = Cur.Steps;
        std::swap(Steps[A], Steps[B]);
        Progress = TryCand(std::move(Steps));
      }
  }
  Cur.Notes = S.Notes;
  S = std::move(Cur);
  S.dropEmptySteps();
  return CurCost;
}

} // namespace hpf::plan::regular
