//===- test/mpi/ShmTest.cpp - the shm executor's storage life cycle -------===//
//
// The shm strategy moves darray storage into shared windows inside
// redistributions and parks released windows until every rank has released
// them. Checked here, with every element's value after every step:
//   - round trips: after the first one no window is created or reused
//     (no allocation on the hot path);
//   - growth: a target that needs more room on one rank replaces the
//     windows, on every rank alike;
//   - several arrays alive at once, move construction and move assignment,
//     strategies mixed on one array (shm after steps and back);
//   - an array destroyed on rank 0 only while the others keep using theirs
//     (not SPMD: its window must simply stay parked, nothing may hang);
//   - parked windows of destroyed arrays are reused by new arrays.
// Exits non-zero on every rank if anything is wrong.
//
//===----------------------------------------------------------------------===//

#include "mpi/hpfrt.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>

namespace {

long Errors = 0;

void expect(bool Ok, const std::string &What) {
  if (!Ok) {
    ++Errors;
    std::fprintf(stderr, "rank %d: FAILED %s\n", hpf::rank(), What.c_str());
  }
}

double valueOf(hpf::index_t G, int Salt) { return double(G) * 3 + Salt; }

void fill(hpf::darray<double> &A, int Salt) {
  for (hpf::index_t G : A.owned())
    A[G] = valueOf(G, Salt);
}

/// Every local element has its value and the local size is the layout's.
void check(const hpf::darray<double> &A, int Salt, const std::string &What) {
  int Me = hpf::rank();
  hpf::index_t Want =
      A.procs().contains(Me) ? A.distribution().localCount(Me) : 0;
  bool Ok = A.local_size() == Want;
  for (hpf::index_t L = 0; Ok && L < A.local_size(); ++L)
    Ok = A.local(L) == valueOf(A.global_index(L), Salt);
  expect(Ok, What);
}

hpf::redistribute_options with(const char *Strategy) {
  hpf::redistribute_options O;
  O.strategy = Strategy;
  O.where = "ShmTest.cpp";
  return O;
}

} // namespace

int main(int argc, char **argv) {
  hpf::init(&argc, &argv);
  const int W = hpf::nranks();
  hpf::processors All(W), One(1);
  const hpf::index_t N = 100003;
  auto Shm = with("shm"), Steps = with("steps");

  // Round trips: windows made once, then reused in place.
  hpf::darray<double> A(N, hpf::block(), All);
  fill(A, 1);
  hpf::redistribute(A, hpf::cyclic(3), All, Shm);
  check(A, 1, "first shm redistribution");
  const auto PageOffset = [](const double *P) {
    return reinterpret_cast<std::uintptr_t>(P) % 4096;
  };
  const std::uintptr_t FirstOffset = PageOffset(A.local_data());
  // From private storage every rank pushes its elements into one new
  // window (the destination): no window for the old layout, no copy in.
  hpf::rt::ShmStats SFirst = hpf::rt::shmStats();
  // HPF_SHM_PUSH=0 (mpi.shm.nopush.n2): the storage is copied into a
  // window of its own first, as before pushes existed.
  const char *PushEnv = std::getenv("HPF_SHM_PUSH");
  const bool Push = !(PushEnv && std::string(PushEnv) == "0");
  const std::uint64_t Pushes = Push ? 1 : 0;
  if (W > 1)
    expect(SFirst.Pushes == Pushes && SFirst.WindowsCreated == 2 - Pushes,
           "first shm redistribution pushes into one new window (created " +
               std::to_string(SFirst.WindowsCreated) + ", pushes " +
               std::to_string(SFirst.Pushes) + ")");
  hpf::redistribute(A, hpf::block(), All, Shm);
  check(A, 1, "second shm redistribution");
  hpf::rt::ShmStats S0 = hpf::rt::shmStats();
  // Windows made one after the other start at different offsets in their
  // first page (against 4K aliasing between arrays swept together).
  if (W > 1)
    expect(PageOffset(A.local_data()) != FirstOffset,
           "successive windows at different offsets modulo 4 KB (" +
               std::to_string(FirstOffset) + " both)");
  // The second reads the window the first wrote; only its destination
  // (the private old storage) becomes a window.
  if (W > 1)
    expect(S0.Pushes == Pushes && S0.WindowsCreated == 2,
           "second shm redistribution pulls (created " +
               std::to_string(S0.WindowsCreated) + ", pushes " +
               std::to_string(S0.Pushes) + ")");
  // On one rank every mapping of a 1-D array places every element alike:
  // the redistributions are no-ops found at run time and copy nothing.
  if (W > 1)
    expect(S0.Runs == 2 && S0.Fallbacks == 0, "shm ran twice");
  else
    expect(S0.Runs == 0 && hpf::rt::cacheStats().NoOps == 2,
           "one rank: no-ops, no shm run");
  for (int I = 0; I < 6; ++I) {
    hpf::redistribute(A, I % 2 ? hpf::block() : hpf::cyclic(4), All, Shm);
    check(A, 1, "round trip " + std::to_string(I));
  }
  hpf::rt::ShmStats S1 = hpf::rt::shmStats();
  expect(S1.WindowsCreated == S0.WindowsCreated &&
             S1.WindowsReused == S0.WindowsReused,
         "round trips create or take no windows");

  // Growth: everything onto rank 0 (its segment must grow), and back.
  hpf::redistribute(A, hpf::block(), One, Shm);
  check(A, 1, "onto one rank");
  hpf::redistribute(A, hpf::cyclic(2), All, Shm);
  check(A, 1, "back from one rank");
  if (W > 1)
    expect(hpf::rt::shmStats().WindowsCreated > S1.WindowsCreated,
           "growth made a window");

  // Strategies mixed on one array.
  hpf::redistribute(A, hpf::cyclic(5), All, Steps);
  check(A, 1, "steps after shm");
  hpf::redistribute(A, hpf::block(), All, Shm);
  check(A, 1, "shm after steps");

  // Several arrays; moves.
  {
    hpf::darray<double> B(N, hpf::cyclic(), All), C(N / 2, hpf::block(), One);
    fill(B, 2);
    fill(C, 3);
    hpf::redistribute(B, hpf::block(), All, Shm);
    hpf::redistribute(C, hpf::cyclic(7), All, Shm);
    hpf::darray<double> D(std::move(B));
    check(D, 2, "moved-to array");
    hpf::redistribute(D, hpf::cyclic(2), All, Shm);
    check(D, 2, "moved-to array redistributed");
    D = std::move(C); // D's windows are released (parked)
    check(D, 3, "move-assigned array");
    hpf::redistribute(D, hpf::block(), All, Shm);
    check(D, 3, "move-assigned array redistributed");
    check(A, 1, "first array untouched by the others");
  }
  // New arrays take the parked windows of the destroyed ones.
  hpf::rt::ShmStats S2 = hpf::rt::shmStats();
  {
    hpf::darray<double> E(N / 2, hpf::cyclic(3), All);
    fill(E, 4);
    hpf::redistribute(E, hpf::block(), All, Shm);
    check(E, 4, "array on reused windows");
  }
  hpf::rt::ShmStats S3 = hpf::rt::shmStats();
  if (W > 1) // one rank made no windows (no-ops)
    expect(S3.WindowsReused > S2.WindowsReused &&
               S3.WindowsCreated == S2.WindowsCreated,
           "parked windows reused");

  // Destroyed on rank 0 only: the ranks' parked sets differ from then on,
  // so nothing is freed or reused, but everything keeps working.
  auto F = std::make_unique<hpf::darray<double>>(N, hpf::block(), All);
  fill(*F, 5);
  hpf::redistribute(*F, hpf::cyclic(), All, Shm);
  if (hpf::rank() == 0)
    F.reset();
  for (int I = 0; I < 3; ++I) {
    hpf::darray<double> G(N, hpf::cyclic(3), All);
    fill(G, 6);
    hpf::redistribute(G, hpf::block(), All, Shm);
    check(G, 6, "after a one-rank destruction " + std::to_string(I));
    hpf::redistribute(A, I % 2 ? hpf::cyclic(6) : hpf::block(), All, Shm);
    check(A, 1, "first array after a one-rank destruction");
  }
  if (F) // not collective any more: only local checks
    check(*F, 5, "array kept on the other ranks");
  F.reset();

  hpf::rt::ShmStats End = hpf::rt::shmStats();
  expect(End.Fallbacks == 0, "no fallbacks");
  hpf::printf("shm: %llu runs, %llu windows created, %llu reused, %llu freed\n",
              (unsigned long long)End.Runs,
              (unsigned long long)End.WindowsCreated,
              (unsigned long long)End.WindowsReused,
              (unsigned long long)End.WindowsFreed);
  long Total = hpf::allreduce_sum(Errors);
  hpf::printf("shm test: %d ranks, %ld failures\n", W, Total);
  return Total == 0 ? 0 : 1;
}
