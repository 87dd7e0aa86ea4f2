//===- mpi/hpfrt.h - the hpfcc MPI runtime (umbrella header) ----*- C++ -*-===//
//
// What a program rewritten by hpfcc includes (`#include "mpi/hpfrt.h"`,
// link with hpfrt, hpfplan and MPICH). The API, one header each:
//   mpi/Env.h           hpf::init/finalize, rank, nranks, is_root, fail
//   mpi/Processors.h    hpf::processors P(4, "f.cpp:3:1")
//   mpi/Format.h        hpf::block(), cyclic(k), gen_block(sizes),
//                       indirect(map), collapsed()
//   mpi/DArray.h        hpf::darray<T> A(N, hpf::cyclic(4), P, "f.cpp:5:1"),
//                       A.owned(lo, hi), A[g], A.local_data(), A.get(g) ...;
//                       hpf::darray<double, 2> M({R, C}, {hpf::block(),
//                       hpf::cyclic(2)}, G, where), M.owned(d, lo, hi), M(i, j)
//   mpi/Halo.h          hpf::halo<T> H(A, Home, lo, hi, cmin, cmax, where):
//                       A[i + c] reads of stencil loops (neighbours only)
//   mpi/Redistribute.h  hpf::redistribute(A, hpf::cyclic(3), Q[, plan], where),
//                       hpf::redistribute(M, {hpf::collapsed(),
//                       hpf::block()}, H[, plan], where)
//   plan/StaticPlan.h   hpf::static_plan: compiler-emitted plan tables
//   mpi/Reduce.h        hpf::allreduce_sum(x) ... (reduction loops)
//   mpi/LocReduce.h     hpf::loc_reduction: min/max reductions that record
//                       where the value came from (MINLOC/MAXLOC loops)
//   mpi/ReplicatedIo.h  I/O of replicated code: hpf::printf, scanf, fopen,
//                       in(), out(), ifstream ... (rank 0 acts, all see)
//   mpi/ReplicatedWrites.h  hpf::replicated_writes: stores of an independent
//                       loop into a replicated array, delivered to all ranks
//
// A minimal rewritten program:
//   #include "mpi/hpfrt.h"
//   hpf::processors P(4, "f.cpp:2:1");
//   hpf::darray<double> A(1 << 20, hpf::cyclic(4), P, "f.cpp:4:1");
//   int main(int argc, char **argv) {
//     hpf::init(&argc, &argv);
//     for (hpf::index_t i : A.owned(0, A.size())) A[i] = i;
//     hpf::redistribute(A, hpf::cyclic(3), hpf::processors(5), "f.cpp:9:3");
//     double s = 0;
//     for (hpf::index_t i : A.owned(0, A.size())) s += A[i];
//     s = hpf::allreduce_sum(s);
//     hpf::printf("%.0f\n", s);
//   }
//
//===----------------------------------------------------------------------===//
#ifndef HPF_MPI_HPFRT_H
#define HPF_MPI_HPFRT_H

#include "mpi/DArray.h"
#include "mpi/Env.h"
#include "mpi/Format.h"
#include "mpi/Halo.h"
#include "mpi/LocReduce.h"
#include "mpi/LoopException.h"
#include "mpi/Processors.h"
#include "mpi/Redistribute.h"
#include "mpi/Reduce.h"
#include "mpi/ReplicatedIo.h"
#include "mpi/ReplicatedWrites.h"
#include "plan/StaticPlan.h"

#endif // HPF_MPI_HPFRT_H
