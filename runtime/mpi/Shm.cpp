//===- mpi/Shm.cpp - MPI-3 shared-memory windows for darray storage -------===//

#include "mpi/Shm.h"
#include "mpi/Env.h"
#include "mpi/Exec.h"
#include "mpi/Payload.h"
#include "mpi/Storage.h"

#include <algorithm>
#include <cstdio>
#include <new>
#include <string>

namespace hpf::rt {

namespace {

constexpr std::size_t Align = Storage::Alignment;
/// Segments are rounded up to pages and to at least this size, so the
/// windows of small arrays fit the next small array (reuse, not MPI calls).
constexpr std::size_t MinSegment = 64 * 1024;

/// Parked windows kept for reuse: at most this many, none larger.
constexpr std::size_t PoolCount = 8;
constexpr std::size_t PoolMaxBytes = std::size_t(64) << 20;

struct State {
  bool Probed = false, Usable = false;
  MPI_Comm Node = MPI_COMM_NULL; ///< the world's ranks, in world order
  std::uint64_t NextId = 1;
  std::vector<SharedWindow *> Parked; ///< oldest (smallest Id) first
};

/// Never destroyed (static destructors may run before finalize).
State &state() {
  static State *S = new State;
  return *S;
}

bool mpiAlive() {
  int Inited = 0, Done = 0;
  MPI_Initialized(&Inited);
  MPI_Finalized(&Done);
  return Inited && !Done;
}

std::uint64_t mixId(std::uint64_t Id) {
  Id *= 0x9e3779b97f4a7c15ull;
  Id ^= Id >> 29;
  return Id * 0xbf58476d1ce4e5b9ull;
}

void destroy(SharedWindow *W) {
  if (mpiAlive() && W->Win != MPI_WIN_NULL) {
    ++shmCounters().WindowsFreed;
    MPI_Win_unlock_all(W->Win);
    MPI_Win_free(&W->Win);
  }
  delete W;
}

} // namespace

ShmStats &shmCounters() {
  static ShmStats S;
  return S;
}

ShmStats shmStats() { return shmCounters(); }

bool shmUsable() {
  State &S = state();
  if (!S.Probed) {
    S.Probed = true;
    // Every rank probes in the same call, so every rank frees in finalize.
    atFinalize(releaseParkedWindows);
    const char *Off = env("HPF_SHM");
    if (Off && std::string(Off) == "0")
      return false;
    MPI_Comm W = comm();
    int Me = rank(), N = nranks();
    check(MPI_Comm_split_type(W, MPI_COMM_TYPE_SHARED, Me, MPI_INFO_NULL,
                              &S.Node),
          "MPI_Comm_split_type", "redistribute", nullptr);
    int NodeSize = 0, NodeRank = -1;
    MPI_Comm_size(S.Node, &NodeSize);
    MPI_Comm_rank(S.Node, &NodeRank);
    // Every rank sees the same answer: either one node holds the world
    // (then every rank's node communicator is the world) or no node does.
    S.Usable = NodeSize == N && NodeRank == Me;
    if (!S.Usable) {
      MPI_Comm_free(&S.Node);
      S.Node = MPI_COMM_NULL;
    } else {
      MPI_Comm_set_errhandler(S.Node, MPI_ERRORS_RETURN);
    }
  }
  return S.Usable;
}

MPI_Win allocateSharedWindow(MPI_Comm C, std::size_t Seg,
                             std::vector<char *> &Bases,
                             std::vector<std::size_t> &Sizes,
                             const char *Operation, const char *Where) {
  MPI_Info Info;
  MPI_Info_create(&Info);
  // Each segment on its own pages (page-aligned, placed near its rank).
  MPI_Info_set(Info, "alloc_shared_noncontig", "true");
  void *Base = nullptr;
  MPI_Win Win = MPI_WIN_NULL;
  int Rc = MPI_Win_allocate_shared(MPI_Aint(Seg), 1, Info, C, &Base, &Win);
  MPI_Info_free(&Info);
  int Ok = Rc == MPI_SUCCESS, All = 0;
  check(MPI_Allreduce(&Ok, &All, 1, MPI_INT, MPI_MIN, C), "MPI_Allreduce",
        Operation, Where);
  if (!All) {
    if (Ok)
      fail(Operation,
           "MPI_Win_allocate_shared failed on some ranks only (" +
               std::to_string(Seg) + " bytes here)",
           Where);
    return MPI_WIN_NULL;
  }
  int N = 0;
  MPI_Comm_size(C, &N);
  Bases.resize(std::size_t(N));
  Sizes.resize(std::size_t(N));
  for (int R = 0; R < N; ++R) {
    MPI_Aint Size = 0;
    int Unit = 0;
    void *P = nullptr;
    check(MPI_Win_shared_query(Win, R, &Size, &Unit, &P),
          "MPI_Win_shared_query", Operation, Where);
    Bases[std::size_t(R)] = static_cast<char *>(P);
    Sizes[std::size_t(R)] = std::size_t(Size);
  }
  // One passive-target epoch for the window's life: MPI_Win_sync then
  // orders this rank's loads and stores against the barriers.
  check(MPI_Win_lock_all(MPI_MODE_NOCHECK, Win), "MPI_Win_lock_all", Operation,
        Where);
  return Win;
}

SharedWindow *createWindow(std::size_t Bytes, const char *Where) {
  State &S = state();
  std::size_t Seg =
      std::max(MinSegment, (Bytes + 4095) / 4096 * 4096) + Align + MaxColour;
  auto *W = new SharedWindow;
  W->Win = allocateSharedWindow(S.Node, Seg, W->Bases, W->Sizes, "redistribute",
                                Where);
  if (W->Win == MPI_WIN_NULL) {
    delete W;
    S.Usable = false;
    if (rank() == 0)
      std::fprintf(stderr,
                   "hpfrt: note: MPI_Win_allocate_shared(%zu bytes) failed; "
                   "the shm strategy falls back to steps from now on\n",
                   Seg);
    return nullptr;
  }
  ++shmCounters().WindowsCreated;
  W->Id = S.NextId++;
  // Segments start at the window's colour (mpi/Payload.h), by its number:
  // the same on every rank.
  const std::size_t Colour = colourOf(W->Id);
  for (std::size_t R = 0; R < W->Bases.size(); ++R) {
    // Segments are page-aligned on several ranks, but not necessarily on
    // one: the segment was allocated Align bytes larger, so round up.
    std::uintptr_t Raw = reinterpret_cast<std::uintptr_t>(W->Bases[R]);
    std::size_t Skip = (Align - Raw % Align) % Align + Colour;
    W->Bases[R] += Skip;
    W->Sizes[R] = W->Sizes[R] >= Skip ? W->Sizes[R] - Skip : 0;
    W->TotalBytes += W->Sizes[R];
  }
  return W;
}

void parkWindow(SharedWindow *W) {
  if (!mpiAlive()) {
    delete W; // after MPI_Finalize: MPI has let go of the memory
    return;
  }
  auto &P = state().Parked;
  P.insert(std::upper_bound(P.begin(), P.end(), W,
                            [](auto *A, auto *B) { return A->Id < B->Id; }),
           W);
}

std::int64_t parkedCount() { return std::int64_t(state().Parked.size()); }

std::uint64_t parkedHash() {
  std::uint64_t H = 0;
  for (SharedWindow *W : state().Parked)
    H += mixId(W->Id);
  return H;
}

SharedWindow *takeParked(const std::vector<std::int64_t> &Need) {
  auto &P = state().Parked;
  for (auto It = P.begin(); It != P.end(); ++It) {
    SharedWindow *W = *It;
    bool Fits = true;
    for (std::size_t R = 0; R < Need.size() && Fits; ++R)
      Fits = std::size_t(Need[R]) <= W->Sizes[R];
    if (Fits) {
      ++shmCounters().WindowsReused;
      P.erase(It);
      return W;
    }
  }
  return nullptr;
}

void trimParked(bool All, const char *Where) {
  (void)Where;
  auto &P = state().Parked;
  // Keeps the newest small windows; P is oldest first.
  std::vector<SharedWindow *> Keep;
  std::size_t Kept = 0;
  for (auto It = P.rbegin(); It != P.rend(); ++It) {
    SharedWindow *W = *It;
    if (!All && Kept < PoolCount && W->TotalBytes <= PoolMaxBytes) {
      Keep.push_back(W);
      ++Kept;
    } else {
      destroy(W); // collective; every rank frees the same windows in order
    }
  }
  std::reverse(Keep.begin(), Keep.end());
  P = std::move(Keep);
}

void releaseParkedWindows() {
  if (!mpiAlive() || !state().Usable)
    return;
  std::uint64_t Mine[2] = {std::uint64_t(parkedCount()), parkedHash()};
  std::uint64_t Lo[2], Hi[2];
  if (MPI_Allreduce(Mine, Lo, 2, MPI_UINT64_T, MPI_MIN, comm()) !=
          MPI_SUCCESS ||
      MPI_Allreduce(Mine, Hi, 2, MPI_UINT64_T, MPI_MAX, comm()) != MPI_SUCCESS)
    return;
  if (Lo[0] == Hi[0] && Lo[1] == Hi[1])
    trimParked(/*All=*/true, nullptr);
}

bool Storage::reserve(std::size_t Bytes) {
  if (Bytes <= Cap)
    return false;
  release();
  bool Zeroed = false;
  Ptr = allocPayload(Bytes, &Zeroed);
  Cap = Bytes;
  return Zeroed;
}

void Storage::adopt(SharedWindow *W) {
  release();
  int Me = rank();
  Win = W;
  Ptr = W->Bases[std::size_t(Me)];
  Cap = W->Sizes[std::size_t(Me)];
}

void Storage::release() {
  if (Win)
    parkWindow(Win);
  else
    freePayload(Ptr, Cap);
  Ptr = nullptr;
  Cap = 0;
  Win = nullptr;
}

} // namespace hpf::rt
