//===- hpf-bench/Baselines.h - what a user would use instead ----*- C++ -*-===//
//
// Redistributions hpfrt is measured against, each a self-contained
// implementation with its own set-up (not timed) and run (timed):
//
//  naive      MPI_Alltoallv with per-element packing: owner() of every
//             element on every call, counts exchanged with MPI_Alltoall,
//             everything (including the rank's own elements) through MPI.
//  darray     MPI alone: MPI_Type_create_darray describes each rank's
//             elements in the global index space, but MPI cannot intersect
//             two such types, so every rank sends its source elements to
//             every destination rank (one MPI_Alltoallw, received through
//             the source darray types into a global-size scratch array) and
//             keeps its own with the destination darray type (MPI_Pack).
//             Block and cyclic(k) only.
//  scalapack  pdgemr2d on an N x 1 matrix (block-cyclic only): the
//             redistribution routine of the standard dense library. In the
//             2-D mode, pdgemr2d on the matrix itself over 2-D BLACS grids
//             (block-cyclic or '*' in each dimension).
//  memcpy     one process copies the array's bytes: the node's limit.
//
//===----------------------------------------------------------------------===//
#ifndef HPF_BENCH_BASELINES_H
#define HPF_BENCH_BASELINES_H

#include "plan/Distribution.h"
#include "plan/DistributionND.h"

#include <memory>
#include <string>

namespace hpf::bench {

/// One baseline set up for a source and target distribution. run() moves
/// Src (local elements in the source layout) into Dst (target layout).
class Baseline {
public:
  virtual ~Baseline() = default;
  virtual void run(const double *Src, double *Dst) = 0;
};

/// Each returns null and sets WhyNot when the baseline does not apply.
std::unique_ptr<Baseline> makeNaive(const plan::Distribution &S,
                                    const plan::Distribution &D);
std::unique_ptr<Baseline> makeDarray(const plan::Distribution &S,
                                     const plan::Distribution &D,
                                     std::string &WhyNot);
std::unique_ptr<Baseline> makeScalapack(const plan::Distribution &S,
                                        const plan::Distribution &D,
                                        std::string &WhyNot);
/// 2-D: pdgemr2d of a row-major matrix between two 2-D mappings.
std::unique_ptr<Baseline> makeScalapack2D(const plan::DistributionND &S,
                                          const plan::DistributionND &D,
                                          std::string &WhyNot);
/// Copies the whole array's bytes on rank 0 (others do nothing).
std::unique_ptr<Baseline> makeMemcpy(plan::Index N);

} // namespace hpf::bench

#endif // HPF_BENCH_BASELINES_H
