//===- mpi/Comm.h - the runtime's communicator ------------------*- C++ -*-===//
//
// Internal to hpfrt (it includes <mpi.h>). Every message and collective of
// the runtime goes over rt::comm(), a duplicate of MPI_COMM_WORLD, so that
// the runtime's messages never match a user's MPI code's, and its errors
// come back as codes for rt::check. hpf::init makes it on every rank, as
// part of the first use of the runtime: a collective, it cannot wait for the
// first message or collective of the runtime, which may involve only some
// of the ranks (a slice sent ahead, a halo). Its ranks are the world ranks.
//
// The runtime names MPI_COMM_WORLD only to make this communicator, to ask
// for error codes (calls that name no communicator report on it), to name
// a rank in an error before init, and to end the job (MPI_Abort).
//
//===----------------------------------------------------------------------===//
#ifndef HPF_MPI_COMM_H
#define HPF_MPI_COMM_H

#include <mpi.h>

namespace hpf::rt {

/// The runtime's communicator (mpi/Env.cpp owns it): initialises the
/// runtime if nobody has yet.
MPI_Comm comm();

} // namespace hpf::rt

#endif // HPF_MPI_COMM_H
