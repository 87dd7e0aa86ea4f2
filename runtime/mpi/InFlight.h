//===- mpi/InFlight.h - requests posted now, waited for later ---*- C++ -*-===//
//
// Internal to hpfrt. A split halo's receives and a slice's message are
// posted where the loop's prologue makes them and waited for later (at the
// first run that reads the halo's copy, before the nest for the slices).
// The objects that hold them live in generated code, which does not see
// <mpi.h>: they keep a handle, an index into the runtime's table of
// request sets. A set with no request is free.
//
//===----------------------------------------------------------------------===//
#ifndef HPF_MPI_INFLIGHT_H
#define HPF_MPI_INFLIGHT_H

#include <mpi.h>

#include <vector>

namespace hpf::rt {

/// A free request set, empty, and its handle in Handle. The caller posts
/// into it at once (a set left empty stays free); the reference holds
/// until the next claim.
std::vector<MPI_Request> &claimRequests(int &Handle);
/// Waits for every request of set Handle (-1: none) under the hang
/// watchdog, naming What and Where, frees the set and sets Handle to -1.
void finishRequests(int &Handle, const char *What, const char *Where);

} // namespace hpf::rt

#endif // HPF_MPI_INFLIGHT_H
