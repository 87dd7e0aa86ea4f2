//===- plan/DistributionND.h - N-D distributions over a grid ----*- C++ -*-===//
//
// HPF distributes each dimension of an array independently over one
// dimension of a processor arrangement: `distribute M(block, cyclic(2)) onto
// G` with `processors G(2, 3)`. A collapsed dimension ('*') is not
// distributed and uses no grid dimension. Ranks are numbered row-major over
// the grid (the last grid dimension varies fastest), and local elements are
// stored row-major over the local extents.
//
//===----------------------------------------------------------------------===//
#ifndef HPF_PLAN_DISTRIBUTIONND_H
#define HPF_PLAN_DISTRIBUTIONND_H

#include "plan/Distribution.h"

#include <string>
#include <vector>

namespace hpf::plan {

class DistributionND {
public:
  /// One distribution per array dimension; the non-collapsed ones take the
  /// grid dimensions in order, and their processor counts must match the
  /// grid extents. Throws PlanError otherwise.
  DistributionND(std::vector<Distribution> Dims, std::vector<int> Grid);

  int rank() const { return int(Dims.size()); }
  const std::vector<Distribution> &dims() const { return Dims; }
  const std::vector<int> &grid() const { return Grid; }
  /// Number of processors of the arrangement (product of the grid).
  int procs() const;
  /// Total element count.
  Index size() const;

  /// The MPI rank (within the arrangement) owning the element at Global.
  int owner(const std::vector<Index> &Global) const;
  /// The same for the rank() indices at Global: no allocation (element
  /// reads of replicated code ask it once per read).
  int owner(const Index *Global) const;
  /// Row-major offset of the element in its owner's local storage.
  Index localOffset(const std::vector<Index> &Global) const;
  /// The local extent of every array dimension on a rank (row-major local
  /// storage: the stride of dimension d is the product of the extents after
  /// it).
  std::vector<Index> localExtents(int Rank) const;
  /// Elements a rank of the arrangement owns.
  Index localCount(int Rank) const;
  /// Grid coordinates of a rank.
  std::vector<int> coordinates(int Rank) const;
  /// Its coordinate in grid dimension K alone, without allocating.
  int coordinate(int Rank, std::size_t K) const;
  /// The HPF spelling: "cyclic(4)" for rank 1, "(block, cyclic(2))"
  /// otherwise (Distribution::format of each dimension).
  std::string format(bool Full = false) const;

  /// The one "same mapping": the same grid, and every dimension places its
  /// elements on the same grid coordinate at the same local index
  /// (Distribution::sameMapping), so a redistribution between the two moves
  /// nothing and a loop over one may touch the other at the same indices.
  bool sameMapping(const DistributionND &Other) const;
  /// Same dimensions (operator== of each) and grid: the plan-cache key.
  bool operator==(const DistributionND &Other) const {
    return Grid == Other.Grid && Dims == Other.Dims;
  }

  /// A one-dimensional distribution as rank 1 on the grid {procs}, or on no
  /// grid when collapsed.
  static DistributionND rank1(Distribution D);
  /// True for one distributed dimension on a one-dimensional grid: the
  /// distribution the 1-D closed forms and schedulers work on.
  bool isRank1() const { return Dims.size() == 1 && Grid.size() == 1; }

private:
  std::vector<Distribution> Dims;
  std::vector<int> Grid;
  std::vector<int> GridDimOf; ///< grid dimension of each array dim, or -1
};

} // namespace hpf::plan

#endif // HPF_PLAN_DISTRIBUTIONND_H
