//===- hpf-bench/Bench2D.h - redistribution of a 2-D matrix -----*- C++ -*-===//
//
//   mpiexec.mpich -n 2 hpf-bench --rows 4096 --cols 4096
//       --src '(block, cyclic(4))' --grid-src 2x1
//       --dst '(cyclic(2), block)' --grid-dst 1x2
//
// Times hpfrt's N-D redistribution of a Rows x Cols matrix of doubles
// (hpf::darray<double, 2>, one table over the ranks of both grids) per
// executor strategy, next to ScaLAPACK pdgemr2d on the same data (2-D
// block-cyclic on BLACS grids, natively) and memcpy, measured in the same
// run; every element is checked after each implementation. A grid lists one
// extent per distributed dimension ("2x1", or "2" with one '*'); without
// one, every rank goes to the first distributed dimension. The report is
// that of the 1-D mode plus the grids and the plan's run count.
//
//===----------------------------------------------------------------------===//
#ifndef HPF_BENCH_BENCH2D_H
#define HPF_BENCH_BENCH2D_H

#include "plan/Distribution.h"

#include <string>

namespace hpf::bench {

struct Options2D {
  plan::Index Rows = 0, Cols = 0;
  std::string Src, Dst, GridSrc, GridDst;
  std::string Strategies = "all", Baselines = "all", Scheduler = "auto";
  std::string Format = "text";
  int Reps = 0; ///< 0: by size
};

/// Runs the 2-D benchmark; returns the exit code (non-zero on wrong values).
/// Bad formats or grids end the run with a one-line error.
int run2D(const Options2D &O);

} // namespace hpf::bench

#endif // HPF_BENCH_BENCH2D_H
