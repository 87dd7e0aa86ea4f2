//===- mpi/ShmExecutor.cpp - one copy per element through shared memory ---===//
//
// On one node MPI's point-to-point path copies every byte twice (into a
// shared cell and out of it) on top of the runtime's packing; the minimum is
// one copy. With the array's storage in shared windows (mpi/Shm.h) a
// redistribution is:
//   1. one MPI_Iallgather of what each rank holds (window numbers, sizes,
//      parked windows): every rank then takes the same decisions, e.g. to
//      move storage into windows, without further messages;
//   2. each rank copies its share of the elements, reading the source
//      ranks' segments and writing the destination ranks' segments directly
//      (index runs of the plan, the same walking code as pack/unpack);
//   3. one MPI_Ibarrier; the caller swaps the buffers.
//
// An array's first shm redistribution finds its storage private on every
// rank. Copying it into a new window first would cost that window and a
// full copy (the first transpose of fft2d took 3-6x a steps run): instead
// each rank writes the elements it holds ("push") straight into the
// destination window, which becomes the array's storage, so an array
// redistributed once never pays for a window of its old layout. Its next
// redistribution reads from that window as usual. HPF_SHM_PUSH=0 turns
// this off (before/after measurements).
//
// Shares (plan/CopyShares.h): a destination's owner copies what goes into
// it (reading remote lines once); an overloaded destination (P -> 1,
// uneven gen_block) hands message tails to their source ranks, which then
// read only their own lines; what is still above the share goes to ranks
// with room as disjoint stretches of the destination. Inside a share, the
// messages into one destination are interleaved in slices of 256 KiB of
// destination (HPF_CHUNK_BYTES), so a slice is still in cache when the
// next message writes into it.
//
//===----------------------------------------------------------------------===//

#include "mpi/CopyKernel.h"
#include "mpi/Exec.h"
#include "mpi/Poll.h"
#include "mpi/Shm.h"
#include "plan/CopyShares.h"

#include <sched.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <string>

namespace hpf::rt {

namespace {

std::size_t sliceBytes() {
  static const std::size_t Bytes = [] {
    const char *V = env("HPF_CHUNK_BYTES");
    long long B = V ? std::atoll(V) : 0;
    return B > 0 ? std::size_t(B) : std::size_t(256) << 10;
  }();
  return Bytes;
}

void ok(int Code, const char *Fn, const char *Where) {
  check(Code, Fn, "redistribute (shm)", Where);
}

/// More ranks than cores (every rank is on this node when shm runs).
bool oversubscribed() {
  static const bool Over = [] {
    cpu_set_t Set;
    CPU_ZERO(&Set);
    if (sched_getaffinity(0, sizeof Set, &Set) != 0)
      return false;
    return nranks() > CPU_COUNT(&Set);
  }();
  return Over;
}

/// Completes R. Every rank calls the same non-blocking collective (a
/// blocking collective on one rank cannot match a non-blocking one on
/// another, and oversubscribed() is a per-rank answer: ranks bound to
/// different CPU sets may disagree). Only the waiting differs: when
/// oversubscribed, the waiting rank yields its core between polls (MPICH's
/// blocking calls spin), so the ranks still copying run.
void complete(MPI_Request &R, const char *Fn, const char *Where) {
  pollUntil(
      [&] {
        int Done = 0;
        ok(MPI_Test(&R, &Done, MPI_STATUS_IGNORE), Fn, Where);
        return Done != 0;
      },
      {.BusyTests = 0, .Yield = oversubscribed()});
}

/// What each rank reports at the start (step 1).
struct Report {
  std::int64_t DataWin;   ///< Data's window number, 0 if private
  std::int64_t DataBytes; ///< bytes Data holds
  std::int64_t SpareWin;  ///< Spare's window number, 0 if private
  std::int64_t SpareFits; ///< 1 if Spare has room for SpareBytes
  std::int64_t SpareBytes;
  std::int64_t Parked; ///< parked windows: count and hash
  std::int64_t ParkedHash;
};
constexpr int ReportWords = 7;
static_assert(sizeof(Report) == ReportWords * sizeof(std::int64_t));

std::int64_t windowOf(const Storage &S) {
  return S.window() ? std::int64_t(S.window()->Id) : 0;
}

/// A window fitting Need[r] on every rank: a parked one if the pool is the
/// same everywhere and one fits, else a new one (null if unavailable).
SharedWindow *windowFor(const std::vector<std::int64_t> &Need,
                        std::size_t Bytes, bool PoolAgreed, const char *Where) {
  SharedWindow *W = PoolAgreed ? takeParked(Need) : nullptr;
  return W ? W : createWindow(Bytes, Where);
}

/// HPF_SHM_PUSH=0: private storage is copied into a window first, as
/// before pushes existed (for before/after measurements).
bool pushAllowed() {
  static const bool On = [] {
    const char *V = env("HPF_SHM_PUSH");
    return !(V && std::string(V) == "0");
  }();
  return On;
}

/// Step 2 from windows: this rank's share of the copies (see above).
void pullShare(CacheEntry &E, const SharedWindow &From, const SharedWindow &To,
               std::size_t ES) {
  const int N = nranks(), Me = rank();
  auto It = E.ShmWork.find(ES);
  if (It == E.ShmWork.end())
    It = E.ShmWork
             .emplace(ES, plan::shareCopies(
                              E.Plan.Table, N,
                              {ES, sliceBytes(), 4096})[std::size_t(Me)])
             .first;
  const plan::CommTable &T = E.Plan.Table;
  for (const plan::CopyPiece &P : It->second) {
    const plan::Message &M = T.Messages[P.Msg];
    copyRuns(T.Runs[P.Msg].SrcRuns, From.Bases[std::size_t(M.Src)],
             T.Runs[P.Msg].DstRuns, To.Bases[std::size_t(M.Dst)], ES, P.First,
             P.Last);
  }
}

/// Step 2 from private storage: every message this rank is the source of,
/// from its own storage Own into the destinations' segments.
void pushOwn(CacheEntry &E, const char *Own, const SharedWindow &To,
             std::size_t ES) {
  const int Me = rank();
  const plan::CommTable &T = E.Plan.Table;
  for (std::size_t I = 0; I < T.Messages.size(); ++I) {
    const plan::Message &M = T.Messages[I];
    if (M.Src == Me && M.Size > 0)
      copyRuns(T.Runs[I].SrcRuns, Own, T.Runs[I].DstRuns,
               To.Bases[std::size_t(M.Dst)], ES, 0, M.Size);
  }
}

} // namespace

bool runShm(CacheEntry &E, Storage &Data, std::size_t DataBytes, Storage &Spare,
            std::size_t SpareBytes, std::size_t ES, const char *Where) {
  if (!shmUsable())
    return false;
  const int N = nranks(), Me = rank();
  MPI_Comm C = comm();

  // 1. Reports; every decision below is a function of them alone, so
  // every rank takes the same one.
  if (Data.window())
    ok(MPI_Win_sync(Data.window()->Win), "MPI_Win_sync", Where);
  Report Mine{windowOf(Data),
              std::int64_t(DataBytes),
              windowOf(Spare),
              Spare.capacity() >= SpareBytes,
              std::int64_t(SpareBytes),
              parkedCount(),
              std::int64_t(parkedHash())};
  static std::vector<Report> All;
  All.resize(std::size_t(N));
  MPI_Request Req;
  ok(MPI_Iallgather(&Mine, ReportWords, MPI_INT64_T, All.data(), ReportWords,
                    MPI_INT64_T, C, &Req),
     "MPI_Iallgather", Where);
  complete(Req, "MPI_Iallgather", Where);
  const Report &R0 = All[0];
  bool DataSame = true, SpareSame = true, SpareFits = true, PoolAgreed = true;
  for (const Report &R : All) {
    DataSame &= R.DataWin == R0.DataWin;
    SpareSame &= R.SpareWin == R0.SpareWin;
    SpareFits &= R.SpareFits != 0;
    PoolAgreed &= R.Parked == R0.Parked && R.ParkedHash == R0.ParkedHash;
  }
  // Private storage on every rank: this rank pushes what it holds.
  const bool Push = DataSame && R0.DataWin == 0 && pushAllowed();
  bool DataOk = DataSame && (R0.DataWin > 0 || Push);
  bool SpareOk = SpareSame && R0.SpareWin > 0 && SpareFits;
  if (!DataOk || !SpareOk) {
    // Both windows are chosen before either storage lets its old window go
    // (which parks it), so both choices see the same pool on every rank.
    static std::vector<std::int64_t> Need;
    Need.resize(std::size_t(N));
    SharedWindow *ForData = nullptr, *ForSpare = nullptr;
    if (!DataOk) {
      for (int R = 0; R < N; ++R)
        Need[std::size_t(R)] = All[std::size_t(R)].DataBytes;
      if (!(ForData = windowFor(Need, DataBytes, PoolAgreed, Where)))
        return false;
    }
    if (!SpareOk) {
      for (int R = 0; R < N; ++R)
        Need[std::size_t(R)] = All[std::size_t(R)].SpareBytes;
      if (!(ForSpare = windowFor(Need, SpareBytes, PoolAgreed, Where))) {
        if (ForData)
          parkWindow(ForData);
        return false;
      }
    }
    if (ForData) {
      if (DataBytes > 0)
        std::memcpy(ForData->Bases[std::size_t(Me)], Data.data(), DataBytes);
      Data.adopt(ForData);
    }
    if (ForSpare)
      Spare.adopt(ForSpare);
  }
  // The pool is still the same everywhere if the storages replaced above
  // were the same windows (or private) on every rank.
  if (PoolAgreed && DataSame && SpareSame && parkedCount() > 0)
    trimParked(/*All=*/false, Where);
  if (!DataOk || !SpareOk) {
    // Data copied into new segments must be visible before others read
    // it, and new segments mapped everywhere before others write them.
    if (Data.window())
      ok(MPI_Win_sync(Data.window()->Win), "MPI_Win_sync", Where);
    ok(MPI_Barrier(C), "MPI_Barrier", Where);
  }
  SharedWindow &To = *Spare.window();
  if (Push) {
    pushOwn(E, Data.data(), To, ES);
    ++shmCounters().Pushes;
  } else {
    SharedWindow &From = *Data.window();
    ok(MPI_Win_sync(From.Win), "MPI_Win_sync", Where);
    pullShare(E, From, To, ES);
  }

  // 3. Every destination complete before anyone uses it.
  ok(MPI_Win_sync(To.Win), "MPI_Win_sync", Where);
  ok(MPI_Ibarrier(C, &Req), "MPI_Ibarrier", Where);
  complete(Req, "MPI_Ibarrier", Where);
  ok(MPI_Win_sync(To.Win), "MPI_Win_sync", Where);
  ++shmCounters().Runs;
  return true;
}

} // namespace hpf::rt
