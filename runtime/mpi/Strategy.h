//===- mpi/Strategy.h - choosing and running an executor --------*- C++ -*-===//
//
// Internal to hpfrt. The strategy of a call (its option, else HPF_STRATEGY,
// else the default "shm") and the dispatch of a cached plan to that
// executor (mpi/Exec.h); see mpi/Redistribute.h for what each one does.
//
//===----------------------------------------------------------------------===//
#ifndef HPF_MPI_STRATEGY_H
#define HPF_MPI_STRATEGY_H

#include "mpi/Redistribute.h"

#include <cstddef>

namespace hpf::rt {

struct CacheEntry;

/// The call's strategy, else HPF_STRATEGY, else the default; fails (naming
/// O.where) on an unknown name.
const char *strategyFor(const redistribute_options &O);

/// Runs E's plan on an array held in storages (Data: DataBytes now; Spare:
/// room for SpareBytes) with the named executor. shm may turn both storages
/// into window segments; where it cannot run (ranks on several nodes,
/// windows unavailable) it falls back to steps. The caller swaps them.
void runStrategy(CacheEntry &E, const char *Strategy, Storage &Data,
                 std::size_t DataBytes, Storage &Spare, std::size_t SpareBytes,
                 std::size_t ElemSize, const char *Where);

} // namespace hpf::rt

#endif // HPF_MPI_STRATEGY_H
