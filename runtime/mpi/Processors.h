//===- mpi/Processors.h - processor arrangements ----------------*- C++ -*-===//
//
// `#pragma hpf processors P(4)` becomes `hpf::processors P(4, "f.cpp:3:1");`:
// the arrangement is MPI ranks 0..3 of MPI_COMM_WORLD. Different
// arrangements may have different sizes (P -> Q redistribution); ranks
// outside an arrangement own nothing of an array distributed onto it but
// still take part in every collective call (the program is SPMD).
//
// The shape is kept for multi-dimensional arrangements (row-major rank
// numbering); one-dimensional arrays use size().
//
//===----------------------------------------------------------------------===//
#ifndef HPF_MPI_PROCESSORS_H
#define HPF_MPI_PROCESSORS_H

#include "mpi/Env.h"

#include <initializer_list>
#include <vector>

namespace hpf {

class processors {
public:
  /// Ranks 0..n-1. Fails (on every rank) if n < 1 or n > the world size.
  explicit processors(int n, const char *where = nullptr);
  /// An n1 x n2 x ... arrangement of ranks 0..(n1*n2*...)-1.
  processors(std::initializer_list<int> shape, const char *where = nullptr);
  /// `processors P(*)`: every rank of the world.
  static processors all();
  /// `processors G(*, 2)`, `G(*, *)`: extents given as 0 are chosen at run
  /// time, like MPI_Dims_create: the given extents' product m must not
  /// exceed the world size n; the chosen ones multiply to n / m (rounded
  /// down: ranks beyond own nothing) and are as close to each other as
  /// possible, largest first.
  static processors fitted(std::initializer_list<int> shape,
                           const char *where = nullptr);

  /// Number of ranks in the arrangement.
  int size() const { return Size; }
  const std::vector<int> &shape() const { return Shape; }
  /// Whether world rank r / this process belongs to the arrangement.
  bool contains(int r) const { return r >= 0 && r < Size; }
  bool contains_me() const;

  bool operator==(const processors &O) const { return Shape == O.Shape; }

private:
  processors() = default;
  void checkFits(const char *Where) const;
  std::vector<int> Shape;
  int Size = 0;
};

} // namespace hpf

#endif // HPF_MPI_PROCESSORS_H
