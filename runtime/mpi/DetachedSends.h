//===- mpi/DetachedSends.h - sends from a copy, completed later -*- C++ -*-===//
//
// Internal to hpfrt. A large message travels by rendezvous: it moves when
// its receiver asks for it (between ranks of one host, MPICH copies it
// then), so a sender that waits for its send to complete waits for the
// receiver to get that far. A halo_split exchange
// (mpi/Halo.h) does not: its sends are packed into buffers of the
// runtime's and left in flight, and the loop that posted them, and the
// next one, go on. The array's storage may then change freely: the message
// is the copy.
//
//===----------------------------------------------------------------------===//
#ifndef HPF_MPI_DETACHEDSENDS_H
#define HPF_MPI_DETACHEDSENDS_H

#include <mpi.h>

namespace hpf::rt {

/// Packs Count items of Type at Data into a buffer and sends it to Peer
/// with Tag (MPI_Isend of MPI_PACKED, which the receiver may take with any
/// type of the same signature); returns at once. Completed sends are
/// reaped (their buffers reused) as later ones start, and all are waited
/// for at finalize. Fails naming Where on an MPI error.
void sendDetached(const void *Data, MPI_Count Count, MPI_Datatype Type,
                  int Peer, int Tag, const char *Where);

} // namespace hpf::rt

#endif // HPF_MPI_DETACHEDSENDS_H
