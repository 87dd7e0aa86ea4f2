//===- mpi/DetachedSends.cpp - sends from a copy, completed later ---------===//

#include "mpi/DetachedSends.h"
#include "mpi/Comm.h"
#include "mpi/Env.h"
#include "mpi/Watchdog.h"

#include <memory>
#include <vector>

namespace hpf::rt {

namespace {

struct Buffer {
  std::unique_ptr<char[]> P;
  std::size_t Cap = 0;
};

/// The sends in flight (Reqs[k] sends Bufs[k]) and buffers to reuse.
struct Detached {
  std::vector<MPI_Request> Reqs;
  std::vector<Buffer> Bufs, Free;
};

/// Buffers kept for reuse: a halo loop's sends, a few loops deep.
constexpr std::size_t KeptBuffers = 16;

/// Never destroyed: finalize may run after static destructors.
Detached &detached() {
  static Detached *D = new Detached;
  return *D;
}

/// Drops the completed sends (all of them, waiting, if Wait), keeping
/// their buffers for reuse.
void reap(bool Wait) {
  Detached &D = detached();
  std::size_t Kept = 0;
  for (std::size_t K = 0; K < D.Reqs.size(); ++K) {
    int Done = 0;
    check(Wait ? MPI_Wait(&D.Reqs[K], MPI_STATUS_IGNORE)
               : MPI_Test(&D.Reqs[K], &Done, MPI_STATUS_IGNORE),
          Wait ? "MPI_Wait" : "MPI_Test", "halo exchange", nullptr);
    if (Wait || Done) {
      if (D.Free.size() < KeptBuffers)
        D.Free.push_back(std::move(D.Bufs[K]));
      continue;
    }
    D.Reqs[Kept] = D.Reqs[K];
    D.Bufs[Kept] = std::move(D.Bufs[K]);
    ++Kept;
  }
  D.Reqs.resize(Kept);
  D.Bufs.resize(Kept);
}

/// The receivers posted every receive (they reach finalize too); a dead
/// host ends the job instead of hanging it here.
void completeAtFinalize() {
  const watchdog_scope Watch("halo exchange", nullptr);
  reap(true);
}

/// A buffer of at least Bytes, reused if one is free.
Buffer take(std::size_t Bytes) {
  Detached &D = detached();
  for (std::size_t K = 0; K < D.Free.size(); ++K)
    if (D.Free[K].Cap >= Bytes) {
      Buffer B = std::move(D.Free[K]);
      D.Free.erase(D.Free.begin() + std::ptrdiff_t(K));
      return B;
    }
  return {std::make_unique_for_overwrite<char[]>(Bytes), Bytes};
}

} // namespace

void sendDetached(const void *Data, MPI_Count Count, MPI_Datatype Type,
                  int Peer, int Tag, const char *Where) {
  static const bool Registered = [] {
    atFinalize(completeAtFinalize);
    return true;
  }();
  (void)Registered;
  reap(false);
  MPI_Count Bytes = 0;
  check(MPI_Pack_size_c(Count, Type, comm(), &Bytes), "MPI_Pack_size",
        "halo exchange", Where);
  Buffer B = take(std::size_t(Bytes));
  MPI_Count Pos = 0;
  check(MPI_Pack_c(Data, Count, Type, B.P.get(), Bytes, &Pos, comm()),
        "MPI_Pack", "halo exchange", Where);
  MPI_Request Req;
  check(MPI_Isend_c(B.P.get(), Pos, MPI_PACKED, Peer, Tag, comm(), &Req),
        "MPI_Isend", "halo exchange", Where);
  Detached &D = detached();
  D.Reqs.push_back(Req);
  D.Bufs.push_back(std::move(B));
}

} // namespace hpf::rt
