//===- plan/CommTableND.cpp - messages of an N-D redistribution -----------===//

#include "plan/CommTableND.h"

#include <algorithm>
#include <cstdint>
#include <numeric>
#include <string>

namespace hpf::plan {

namespace {

/// A collapsed dimension is, for the table, a one-processor block.
Distribution asOneD(const Distribution &D) {
  return D.kind() == DistKind::Collapsed ? Distribution::block(D.size(), 1) : D;
}

/// Grid dimension driven by each array dimension (-1 for collapsed).
std::vector<int> gridDims(const DistributionND &D) {
  std::vector<int> Out;
  int Next = 0;
  for (const Distribution &Dim : D.dims())
    Out.push_back(Dim.kind() == DistKind::Collapsed ? -1 : Next++);
  return Out;
}

int rankOf(const std::vector<int> &Coords, const std::vector<int> &Grid) {
  int R = 0;
  for (size_t K = 0; K < Grid.size(); ++K)
    R = R * Grid[K] + Coords[K];
  return R;
}

} // namespace

namespace {

/// The table, or (Rank >= 0) Rank's messages only: then each dimension's
/// 1-D table is restricted to the rank's grid coordinates (its row as a
/// source, its column as a destination), their product holds every message
/// of the rank (and a few more, dropped here).
CommTableND tableND(const DistributionND &Src, const DistributionND &Dst,
                    bool WithRuns, int Rank) {
  if (Src.rank() != Dst.rank())
    throw PlanError("source and destination distributions have different "
                    "ranks (" +
                    std::to_string(Src.rank()) + " vs " +
                    std::to_string(Dst.rank()) + " dimensions)");
  CommTableND Out;
  const int D = Src.rank();
  for (int K = 0; K < D; ++K) {
    const Distribution &S = Src.dims()[size_t(K)], &T = Dst.dims()[size_t(K)];
    if (S.size() != T.size())
      throw PlanError("dimension " + std::to_string(K) +
                      " has different extents (" + std::to_string(S.size()) +
                      " vs " + std::to_string(T.size()) + ")");
  }
  std::vector<int> GS = gridDims(Src), GD = gridDims(Dst);
  const bool InSrc = Rank >= 0 && Rank < Src.procs(),
             InDst = Rank >= 0 && Rank < Dst.procs();
  std::vector<int> RS = InSrc ? Src.coordinates(Rank) : std::vector<int>{},
                   RD = InDst ? Dst.coordinates(Rank) : std::vector<int>{};
  for (int K = 0; K < D; ++K) {
    Distribution S = asOneD(Src.dims()[size_t(K)]),
                 T = asOneD(Dst.dims()[size_t(K)]);
    if (Rank < 0) {
      Out.Dims.push_back(computeCommTable(S, T, WithRuns));
      continue;
    }
    // A collapsed dimension is coordinate 0 of its one processor.
    int CS = !InSrc ? -1 : GS[size_t(K)] < 0 ? 0 : RS[size_t(GS[size_t(K)])];
    int CD = !InDst ? -1 : GD[size_t(K)] < 0 ? 0 : RD[size_t(GD[size_t(K)])];
    Out.Dims.push_back(computeRankTable(S, T, CS, CD, WithRuns));
  }
  Out.Table.P = Src.procs();
  Out.Table.Q = Dst.procs();
  Out.Table.N = Src.size();

  // Odometer over the per-dimension message lists.
  for (const CommTable &T : Out.Dims)
    if (T.Messages.empty())
      return Out; // an empty dimension: nothing to send
  std::vector<size_t> Pick(size_t(D), 0);
  std::vector<int> CS(Src.grid().size()), CD(Dst.grid().size());
  std::vector<Message> Msgs;
  std::vector<std::vector<size_t>> Parts;
  while (true) {
    Index Size = 1;
    for (int K = 0; K < D; ++K) {
      const Message &M = Out.Dims[size_t(K)].Messages[Pick[size_t(K)]];
      Size *= M.Size;
      if (GS[size_t(K)] >= 0)
        CS[size_t(GS[size_t(K)])] = M.Src;
      if (GD[size_t(K)] >= 0)
        CD[size_t(GD[size_t(K)])] = M.Dst;
    }
    Message M{rankOf(CS, Src.grid()), rankOf(CD, Dst.grid()), Size};
    if (Rank < 0 || M.Src == Rank || M.Dst == Rank) {
      Msgs.push_back(M);
      Parts.push_back(Pick);
    }
    int K = D - 1;
    while (K >= 0 && ++Pick[size_t(K)] == Out.Dims[size_t(K)].Messages.size()) {
      Pick[size_t(K)] = 0;
      --K;
    }
    if (K < 0)
      break;
  }
  std::vector<size_t> Order(Msgs.size());
  std::iota(Order.begin(), Order.end(), 0);
  std::sort(Order.begin(), Order.end(), [&](size_t A, size_t B) {
    return std::pair{Msgs[A].Src, Msgs[A].Dst} <
           std::pair{Msgs[B].Src, Msgs[B].Dst};
  });
  for (size_t I : Order) {
    Out.Table.Messages.push_back(Msgs[I]);
    Out.Parts.push_back(std::move(Parts[I]));
  }
  return Out;
}

} // namespace

CommTableND computeCommTableND(const DistributionND &Src,
                               const DistributionND &Dst, bool WithRuns) {
  return tableND(Src, Dst, WithRuns, -1);
}

CommTableND computeRankTableND(const DistributionND &Src,
                               const DistributionND &Dst, int Rank,
                               bool WithRuns) {
  return tableND(Src, Dst, WithRuns, Rank < 0 ? INT32_MAX : Rank);
}

} // namespace hpf::plan
