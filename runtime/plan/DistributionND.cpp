//===- plan/DistributionND.cpp - N-D distributions over a grid ------------===//

#include "plan/DistributionND.h"

#include <string>

namespace hpf::plan {

DistributionND::DistributionND(std::vector<Distribution> D, std::vector<int> G)
    : Dims(std::move(D)), Grid(std::move(G)) {
  if (Dims.empty())
    throw PlanError("a distribution needs at least one dimension");
  size_t Next = 0;
  for (const Distribution &Dim : Dims) {
    if (Dim.kind() == DistKind::Collapsed) {
      GridDimOf.push_back(-1);
      continue;
    }
    if (Next >= Grid.size())
      throw PlanError("the distribution has more distributed dimensions "
                      "than the processor grid (" +
                      std::to_string(Grid.size()) + ")");
    if (Dim.procs() != Grid[Next])
      throw PlanError("dimension " + std::to_string(GridDimOf.size()) +
                      " is distributed over " + std::to_string(Dim.procs()) +
                      " processors, but grid dimension " +
                      std::to_string(Next) + " has " +
                      std::to_string(Grid[Next]));
    GridDimOf.push_back(int(Next++));
  }
  if (Next != Grid.size())
    throw PlanError("the processor grid has " + std::to_string(Grid.size()) +
                    " dimensions but only " + std::to_string(Next) +
                    " array dimensions are distributed");
}

int DistributionND::procs() const {
  int P = 1;
  for (int E : Grid)
    P *= E;
  return P;
}

Index DistributionND::size() const {
  Index N = 1;
  for (const Distribution &D : Dims)
    N *= D.size();
  return N;
}

std::vector<int> DistributionND::coordinates(int Rank) const {
  std::vector<int> C(Grid.size());
  for (size_t K = 0; K < Grid.size(); ++K)
    C[K] = coordinate(Rank, K);
  return C;
}

int DistributionND::coordinate(int Rank, std::size_t K) const {
  for (size_t After = Grid.size(); After-- > K + 1;)
    Rank /= Grid[After];
  return Rank % Grid[K];
}

int DistributionND::owner(const std::vector<Index> &Global) const {
  return owner(Global.data());
}

int DistributionND::owner(const Index *Global) const {
  // Row-major over the grid: grid dimension K weighs the product of the
  // extents after it.
  int Rank = 0;
  for (size_t D = 0; D < Dims.size(); ++D) {
    if (GridDimOf[D] < 0)
      continue;
    int Weight = 1;
    for (size_t K = size_t(GridDimOf[D]) + 1; K < Grid.size(); ++K)
      Weight *= Grid[K];
    Rank += Dims[D].owner(Global[D]) * Weight;
  }
  return Rank;
}

Index DistributionND::localOffset(const std::vector<Index> &Global) const {
  std::vector<Index> E = localExtents(owner(Global));
  Index Off = 0;
  for (size_t D = 0; D < Dims.size(); ++D)
    Off = Off * E[D] + Dims[D].localIndex(Global[D]);
  return Off;
}

std::vector<Index> DistributionND::localExtents(int Rank) const {
  std::vector<int> C = coordinates(Rank);
  std::vector<Index> E;
  for (size_t D = 0; D < Dims.size(); ++D)
    E.push_back(
        Dims[D].localCount(GridDimOf[D] >= 0 ? C[size_t(GridDimOf[D])] : 0));
  return E;
}

Index DistributionND::localCount(int Rank) const {
  Index N = 1;
  for (Index E : localExtents(Rank))
    N *= E;
  return N;
}

std::string DistributionND::format(bool Full) const {
  if (Dims.size() == 1)
    return Dims[0].format(Full);
  std::string S = "(";
  for (std::size_t D = 0; D < Dims.size(); ++D)
    S += (D ? ", " : "") + Dims[D].format(Full);
  return S + ")";
}

bool DistributionND::sameMapping(const DistributionND &O) const {
  if (Grid != O.Grid || Dims.size() != O.Dims.size())
    return false;
  for (std::size_t D = 0; D < Dims.size(); ++D)
    if (Dims[D].procs() != O.Dims[D].procs() || !Dims[D].sameMapping(O.Dims[D]))
      return false;
  return true;
}

DistributionND DistributionND::rank1(Distribution D) {
  std::vector<int> G;
  if (D.kind() != DistKind::Collapsed)
    G.push_back(D.procs());
  return DistributionND({std::move(D)}, std::move(G));
}

} // namespace hpf::plan
