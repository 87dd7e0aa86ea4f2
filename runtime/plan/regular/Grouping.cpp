//===- plan/regular/Grouping.cpp - choose the large steps -----------------===//

#include "plan/regular/Grouping.h"

#include <algorithm>
#include <limits>

namespace hpf::plan::regular {

namespace {

/// Extends a candidate group one step at a time, tracking whether it still
/// runs uncontended in either timing of groupRunsUncontended and the
/// largest (weighted) volume one rank moves inside it.
class GroupGrower {
public:
  GroupGrower(const CommTable &T, const CostWeights &W)
      : T(T), W(W), SendClock(size_t(T.P), 0), RecvClock(size_t(T.Q), 0),
        SendVol(size_t(T.P), 0), RecvVol(size_t(T.Q), 0), RecvBusy(size_t(T.Q)),
        SendBusy(size_t(T.P)) {}

  void reset() {
    for (int R : TouchedSrc) {
      SendClock[size_t(R)] = 0;
      SendVol[size_t(R)] = 0;
      SendBusy[size_t(R)].clear();
    }
    for (int R : TouchedDst) {
      RecvClock[size_t(R)] = 0;
      RecvVol[size_t(R)] = 0;
      RecvBusy[size_t(R)].clear();
    }
    TouchedSrc.clear();
    TouchedDst.clear();
    BySender = ByReceiver = true;
    Volume = 0;
  }

  /// Adds a step; returns false once the group can no longer run
  /// uncontended (it stays so for every longer group with the same start).
  bool add(const std::vector<std::size_t> &Step) {
    for (std::size_t Idx : Step) {
      const Message &M = T.Messages[Idx];
      size_t S = size_t(M.Src), D = size_t(M.Dst);
      if (SendBusy[S].empty() && SendClock[S] == 0)
        TouchedSrc.push_back(M.Src);
      if (RecvBusy[D].empty() && RecvClock[D] == 0)
        TouchedDst.push_back(M.Dst);
      // Sender-driven: the message occupies [SendClock, +Size) at D.
      if (BySender && overlaps(RecvBusy[D], SendClock[S], M.Size))
        BySender = false;
      // Receiver-driven: it occupies [RecvClock, +Size) at S.
      if (ByReceiver && overlaps(SendBusy[S], RecvClock[D], M.Size))
        ByReceiver = false;
      RecvBusy[D].push_back({SendClock[S], SendClock[S] + M.Size});
      SendBusy[S].push_back({RecvClock[D], RecvClock[D] + M.Size});
      SendClock[S] += M.Size;
      RecvClock[D] += M.Size;
      double Wt = W.weight(M);
      Volume = std::max({Volume, SendVol[S] += Wt, RecvVol[D] += Wt});
    }
    return BySender || ByReceiver;
  }

  double volume() const { return Volume; }

private:
  struct Span {
    Index Begin, End;
  };
  static bool overlaps(const std::vector<Span> &List, Index Begin, Index Size) {
    for (const Span &Sp : List)
      if (Begin < Sp.End && Sp.Begin < Begin + Size)
        return true;
    return false;
  }

  const CommTable &T;
  const CostWeights &W;
  std::vector<Index> SendClock, RecvClock;
  std::vector<double> SendVol, RecvVol;
  std::vector<std::vector<Span>> RecvBusy, SendBusy;
  std::vector<int> TouchedSrc, TouchedDst;
  bool BySender = true, ByReceiver = true;
  double Volume = 0;
};

} // namespace

double chooseGroups(const CommTable &T, Schedule &S, const CostWeights &W,
                    std::size_t MaxGroup) {
  const std::size_t N = S.Steps.size();
  const double Inf = std::numeric_limits<double>::infinity();
  std::vector<double> Best(N + 1, Inf);
  std::vector<std::size_t> From(N + 1, 0);
  Best[0] = 0;
  GroupGrower Grow(T, W);
  for (std::size_t A = 0; A < N; ++A) {
    Grow.reset();
    for (std::size_t E = A; E < N && E - A < std::max<std::size_t>(1, MaxGroup);
         ++E) {
      if (!Grow.add(S.Steps[E]))
        break;
      double C = Best[A] + Grow.volume();
      // Strictly better (relative tolerance against rounding in weighted
      // sums), or as good with a shorter last group: steps are merged only
      // when that pays.
      double Tol = 1e-9 * std::max(1.0, C);
      if (C < Best[E + 1] - Tol ||
          (C <= Best[E + 1] + Tol && A > From[E + 1])) {
        Best[E + 1] = C;
        From[E + 1] = A;
      }
    }
  }
  std::vector<std::vector<std::size_t>> Groups;
  bool AnyLarge = false;
  for (std::size_t E = N; E > 0; E = From[E]) {
    std::vector<std::size_t> G;
    for (std::size_t St = From[E]; St < E; ++St)
      G.push_back(St);
    AnyLarge |= G.size() > 1;
    Groups.push_back(std::move(G));
  }
  std::reverse(Groups.begin(), Groups.end());
  S.Groups =
      AnyLarge ? std::move(Groups) : std::vector<std::vector<std::size_t>>{};
  return Best[N];
}

} // namespace hpf::plan::regular
