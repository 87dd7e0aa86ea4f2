//===- plan/regular/Grouping.cpp - choose the large steps -----------------===//

#include "plan/regular/Grouping.h"

#include <algorithm>
#include <limits>

namespace hpf::plan::regular {

namespace {

/// Extends a candidate group one step at a time, running it self-timed
/// (groupRunsUncontended, Schedule.h) and tracking the largest (weighted)
/// volume one rank moves inside it.
class GroupGrower {
public:
  GroupGrower(const CommTable &T, const CostWeights &W)
      : T(T), W(W), SendFree(size_t(T.P), 0), RecvFree(size_t(T.Q), 0),
        SendRaw(size_t(T.P), 0), RecvRaw(size_t(T.Q), 0),
        SendVol(size_t(T.P), 0), RecvVol(size_t(T.Q), 0) {}

  void reset() {
    for (int R : TouchedSrc)
      SendFree[size_t(R)] = SendRaw[size_t(R)] = 0, SendVol[size_t(R)] = 0;
    for (int R : TouchedDst)
      RecvFree[size_t(R)] = RecvRaw[size_t(R)] = 0, RecvVol[size_t(R)] = 0;
    TouchedSrc.clear();
    TouchedDst.clear();
    End = RawVolume = 0;
    Volume = 0;
  }

  /// Adds a step; returns whether the group so far runs at its cost.
  bool add(const std::vector<std::size_t> &Step) {
    for (std::size_t Idx : Step) {
      const Message &M = T.Messages[Idx];
      size_t S = size_t(M.Src), D = size_t(M.Dst);
      if (SendRaw[S] == 0)
        TouchedSrc.push_back(M.Src);
      if (RecvRaw[D] == 0)
        TouchedDst.push_back(M.Dst);
      Index Start = std::max(SendFree[S], RecvFree[D]);
      SendFree[S] = RecvFree[D] = Start + M.Size;
      End = std::max(End, Start + M.Size);
      RawVolume =
          std::max({RawVolume, SendRaw[S] += M.Size, RecvRaw[D] += M.Size});
      double Wt = W.weight(M);
      Volume = std::max({Volume, SendVol[S] += Wt, RecvVol[D] += Wt});
    }
    return End == RawVolume;
  }

  double volume() const { return Volume; }

private:
  const CommTable &T;
  const CostWeights &W;
  std::vector<Index> SendFree, RecvFree, SendRaw, RecvRaw;
  std::vector<double> SendVol, RecvVol;
  std::vector<int> TouchedSrc, TouchedDst;
  Index End = 0, RawVolume = 0;
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
      if (!Grow.add(S.Steps[E]) && E > A)
        continue; // late as one group; a longer one may not be
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
