//===- mpi/CopyKernel.h - the copy kernel: elements by index runs -*- C++ -*-//
//
// Internal to hpfrt; no MPI (unit-tested without mpiexec:
// test/unit/runtime/CopyKernelTest.cpp). Pack, unpack and local copies are one
// operation: copy the elements of a source run to the elements of a destination
// run with the same shape (a packed buffer region is the run {offset, Length,
// Length, Count}). Element sizes are bytes; the common sizes get fixed-size
// copies instead of a memcpy call per element.
//
// Element order of a message (the order of the packed buffer, the same on
// both sides because SrcRuns[r] and DstRuns[r] have the same shape):
// consecutive runs with the same block count form a bundle, walked block by
// block across all its runs ((block, run, element) order). A redistribution
// between block-cyclic layouts has one bundle per message, whose runs are
// the segments of one period: walking it period by period reads and writes
// memory in one sequential pass instead of one pass per run.
//
//===----------------------------------------------------------------------===//
#ifndef HPF_MPI_COPYKERNEL_H
#define HPF_MPI_COPYKERNEL_H

#include "plan/CommTable.h"

#include <cstddef>
#include <vector>

namespace hpf::rt {

using plan::Index;
using plan::Run;

/// Copies elements [First, Last) (in message order) of the runs SrcRuns over
/// Src to the same elements of DstRuns over Dst. Runs are parallel (same
/// Length and Count pairwise).
void copyRuns(const std::vector<Run> &SrcRuns, const char *Src,
              const std::vector<Run> &DstRuns, char *Dst, std::size_t ElemSize,
              Index First, Index Last);

/// Packs elements [First, Last) of Runs over Src into the contiguous Buf.
void packRuns(const std::vector<Run> &Runs, const char *Src, char *Buf,
              std::size_t ElemSize, Index First, Index Last);
/// Unpacks contiguous Buf into elements [First, Last) of Runs over Dst.
void unpackRuns(const std::vector<Run> &Runs, char *Dst, const char *Buf,
                std::size_t ElemSize, Index First, Index Last);

/// If Runs describe one contiguous range of local indices, its start.
bool contiguousStart(const std::vector<Run> &Runs, Index *Start);

} // namespace hpf::rt

#endif // HPF_MPI_COPYKERNEL_H
