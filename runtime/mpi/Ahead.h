//===- mpi/Ahead.h - slices sent one step ahead ----------------*- C++ -*-===//
//
// Step k of an elimination (`for k: independent for i = k + 1 ..: M[i][j]
// -= f(M[k][j])`) reads pivot row k, broadcast before the nest
// (hpfcc::row). Row k + 1 is final as soon as step k has updated it, which
// its owner does first (its loop over i starts at k + 1); the other ranks
// then wait, at step k + 1, for the owner to finish all of step k. Sent
// ahead, the owner posts row k + 1 to every other rank right after
// updating it and the others post its receive after their step k: each
// rank reads it at step k + 1 without waiting for the owner's step
// (codegen/Lookahead.cpp decides where this holds).
//
// One slice is pending at a time. Messages go in pieces small enough to be
// sent eagerly (mpi/DArray.cpp's broadcast pieces), so the owner's sends
// complete without the receivers. Point-to-point, not collective: posted
// at different places by the owner and the others, they match whatever
// collectives run in between. The slice the loop's last step sends is
// never taken: a guard around the loop retires it (hpfcc::ahead_scope),
// and the next takeAhead or finalize completes it.
//
//===----------------------------------------------------------------------===//
#ifndef HPF_MPI_AHEAD_H
#define HPF_MPI_AHEAD_H

#include "mpi/Env.h"

#include <cstddef>

namespace hpf::rt {

/// The owner of slice At of the array Id, right after writing it: sends
/// its Bytes at Data (unchanged until taken) to every other rank. Copy:
/// Data is a value that will not outlive the call (the next step's owner
/// value, codegen/ValueAhead.cpp); it is sent from a copy.
void sendAhead(const void *Id, index_t At, const void *Data, std::size_t Bytes,
               bool Copy = false);
/// Any other rank: receives slice At of array Id, Bytes, from Owner.
void receiveAhead(const void *Id, index_t At, std::size_t Bytes, int Owner);
/// Slice At of array Id (Bytes) if it was sent ahead, once it is complete;
/// else null. Another pending slice is completed and dropped. Counted
/// (aheadTaken) when a step takes it at its start, not when the second
/// step of a pair does (Count false; those are countPair's).
const void *takeAhead(const void *Id, index_t At, std::size_t Bytes,
                      bool Count = true);
/// The loop whose steps sent slices ahead has ended: what its last step
/// sent is not taken (the array may change before the next read of that
/// slice); its requests complete at the next takeAhead or at finalize. No
/// MPI call: safe in a destructor.
void retireAhead();
/// How many slices were taken at a step's start (tests).
std::size_t aheadTaken();
/// Two steps run in one pass (codegen/Lookahead.cpp): counted on every
/// rank, for tests (aheadPairs).
void countPair();
std::size_t aheadPairs();

} // namespace hpf::rt

#endif // HPF_MPI_AHEAD_H
