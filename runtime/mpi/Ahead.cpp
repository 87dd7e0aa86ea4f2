//===- mpi/Ahead.cpp - slices sent one step ahead -------------------------===//
//
// The pending slice of mpi/Ahead.h: one at a time, its requests (the
// owner's sends, or this rank's receives) and, on a receiving rank, the
// buffer.
//
//===----------------------------------------------------------------------===//
#include "mpi/Ahead.h"

#include "mpi/Comm.h"
#include "mpi/DArray.h"

#include <mpi.h>

#include <algorithm>
#include <vector>

namespace hpf::rt {
namespace {

constexpr int AheadTag = 7412;

struct Pending {
  const void *Id = nullptr;
  index_t At = -1;
  std::size_t Bytes = 0;
  const void *Data = nullptr; ///< the owner's storage, or a buffer
  /// Takeable: false once the loop that sent it has ended (its requests
  /// are still completed later).
  bool Live = false;
  std::vector<MPI_Request> Requests;
  /// Two, in turn: a slice taken from one may still be read (until its
  /// nest ends) when the next receive is posted.
  std::vector<char> Buffers[2];
  int Next = 0;
  /// The copy a value sent ahead is sent from.
  std::vector<char> Sent;
  std::size_t Taken = 0, Pairs = 0;
};

/// Never destroyed: finalize may run after static destructors.
Pending &pending() {
  static Pending *P = new Pending;
  return *P;
}

void complete(Pending &P) {
  if (!P.Requests.empty())
    check(MPI_Waitall(int(P.Requests.size()), P.Requests.data(),
                      MPI_STATUSES_IGNORE),
          "MPI_Waitall", "slice sent ahead", nullptr);
  P.Requests.clear();
  P.Id = nullptr;
  P.At = -1;
  P.Live = false;
}

/// Completes what is pending before MPI_Finalize (both sides posted it).
void completeAtFinalize() { complete(pending()); }

void start(Pending &P, const void *Id, index_t At, std::size_t Bytes) {
  static const bool Registered = [] {
    atFinalize(completeAtFinalize);
    return true;
  }();
  (void)Registered;
  complete(P);
  P.Id = Id;
  P.At = At;
  P.Bytes = Bytes;
  P.Live = true;
}

} // namespace

void sendAhead(const void *Id, index_t At, const void *Data, std::size_t Bytes,
               bool Copy) {
  Pending &P = pending();
  start(P, Id, At, Bytes);
  const char *From = static_cast<const char *>(Data);
  if (Copy) {
    P.Sent.assign(From, From + Bytes);
    From = P.Sent.data();
  }
  P.Data = From;
  for (int R = 0; R < nranks(); ++R)
    if (R != rank())
      forEachPiece(Bytes, eagerPiece(), [&](std::size_t Off, std::size_t N) {
        P.Requests.emplace_back();
        check(MPI_Isend(From + Off, int(N), MPI_BYTE, R, AheadTag, comm(),
                        &P.Requests.back()),
              "MPI_Isend", "slice sent ahead", nullptr);
      });
}

void receiveAhead(const void *Id, index_t At, std::size_t Bytes, int Owner) {
  Pending &P = pending();
  start(P, Id, At, Bytes);
  std::vector<char> &Buffer = P.Buffers[P.Next];
  P.Next ^= 1;
  Buffer.resize(std::max<std::size_t>(Bytes, 1));
  P.Data = Buffer.data();
  forEachPiece(Bytes, eagerPiece(), [&](std::size_t Off, std::size_t N) {
    P.Requests.emplace_back();
    check(MPI_Irecv(Buffer.data() + Off, int(N), MPI_BYTE, Owner, AheadTag,
                    comm(), &P.Requests.back()),
          "MPI_Irecv", "slice sent ahead", nullptr);
  });
}

const void *takeAhead(const void *Id, index_t At, std::size_t Bytes,
                      bool Count) {
  Pending &P = pending();
  if (!P.Id)
    return nullptr;
  const bool Match = P.Live && P.Id == Id && P.At == At && P.Bytes == Bytes;
  const void *Data = P.Data;
  complete(P);
  if (!Match)
    return nullptr;
  P.Taken += Count;
  return Data;
}

void retireAhead() { pending().Live = false; }

std::size_t aheadTaken() { return pending().Taken; }

void countPair() { ++pending().Pairs; }

std::size_t aheadPairs() { return pending().Pairs; }

} // namespace hpf::rt
