//===- test/mpi/ApiTest.cpp - the API generated code uses -----------------===//
//
// Owned-index iteration, global/local maps, get/set/gather, reductions and a
// round of redistributions, on any number of ranks. Exits non-zero (on
// every rank, after an allreduce of the error count) if anything is wrong.
//
//===----------------------------------------------------------------------===//

#include "mpi/hpfrt.h"

#include <malloc.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

namespace {
long Errors = 0;
void expect(bool Ok, const char *What, long long A = 0, long long B = 0) {
  if (!Ok) {
    ++Errors;
    std::fprintf(stderr, "rank %d: FAILED %s (%lld vs %lld)\n", hpf::rank(),
                 What, A, B);
  }
}
} // namespace

int main(int argc, char **argv) {
  hpf::init(&argc, &argv);
  const int W = hpf::nranks(), Me = hpf::rank();
  // MPI_Init ran without hwloc's I/O discovery, unless the user chose.
  const char *Hwloc = std::getenv("HWLOC_COMPONENTS");
  expect(Hwloc && *Hwloc, "HWLOC_COMPONENTS set before MPI_Init");
  // A freed block below 32 MB stays in the heap for the next allocation
  // (glibc would unmap it, or trim it once the heap's free top is past
  // twice the largest block freed so far), unless HPF_KEEP_HEAP=0.
  {
    const std::size_t Bytes = 24 << 20;
    const std::size_t FreeBefore = mallinfo2().fordblks;
    char *Block = static_cast<char *>(std::malloc(Bytes));
    std::memset(Block, 1, Bytes);
    // The compiler may not elide the block.
    asm volatile("" : : "r"(Block) : "memory");
    std::free(Block);
    const std::size_t FreeAfter = mallinfo2().fordblks;
    // The runtime leaves glibc alone where the user chose its settings.
    const char *Keep = std::getenv("HPF_KEEP_HEAP");
    bool UserChose = Keep && std::strcmp(Keep, "0") == 0;
    for (const char *Name :
         {"GLIBC_TUNABLES", "MALLOC_TRIM_THRESHOLD_", "MALLOC_MMAP_THRESHOLD_",
          "MALLOC_TOP_PAD_", "MALLOC_MMAP_MAX_"})
      UserChose = UserChose || std::getenv(Name);
    if (!UserChose)
      expect(FreeAfter >= FreeBefore + Bytes, "freed 24 MB kept in the heap",
             static_cast<long long>(FreeAfter),
             static_cast<long long>(FreeBefore));
  }
  hpf::processors P(W), Q(W > 1 ? W - 1 : 1);
  const hpf::index_t N = 1003;

  // Owned iteration visits every index exactly once over all ranks, in
  // increasing order, and agrees with the local view.
  std::vector<hpf::format> Formats = {hpf::block(), hpf::cyclic(),
                                      hpf::cyclic(7), hpf::block(600)};
  for (const hpf::format &F : Formats) {
    if (F.spec().Kind == hpf::plan::DistKind::BlockSize && 600 * W < N)
      continue;
    hpf::darray<long> A(N, F, P);
    hpf::index_t Prev = -1, Count = 0;
    for (auto It = A.owned().begin(); It != A.owned().end(); ++It) {
      hpf::index_t G = *It;
      expect(G > Prev, "owned order", G, Prev);
      expect(A.is_local(G), "owned is local", G);
      expect(A.global_index(It.local()) == G, "local->global", G);
      expect(A.local_index(G) == It.local(), "global->local", G);
      A[G] = G * 3;
      Prev = G;
      ++Count;
    }
    expect(Count == A.local_size(), "owned count", Count, A.local_size());
    expect(hpf::allreduce_sum(Count) == N, "owned total");
    // A sub-range.
    hpf::index_t Sub = 0;
    for (hpf::index_t G : A.owned(100, 357)) {
      expect(G >= 100 && G < 357, "sub-range bounds", G);
      ++Sub;
    }
    expect(hpf::allreduce_sum(Sub) == 257, "sub-range total");
    // Collective reads and the gathered array.
    expect(A.get(0) == 0 && A.get(N - 1) == (N - 1) * 3, "get");
    std::vector<long> All = A.gather();
    for (hpf::index_t G = 0; G < N; ++G)
      expect(All[std::size_t(G)] == G * 3, "gather", G);
    A.set(5, -1);
    expect(A.get(5) == -1, "set");
    // Compound assignment of one element: only the owner changes it.
    A.update<hpf::elem_op::add>(5, 10);
    A.update<hpf::elem_op::mul>(5, 3);
    A.update<hpf::elem_op::shl>(7, 2);
    A.update<hpf::elem_op::bit_xor>(7, 1);
    expect(A.get(5) == 27 && A.get(7) == ((7 * 3) << 2 ^ 1), "update");
    expect(A.gather()[6] == 18, "update leaves neighbours");
  }

  // Reductions.
  expect(hpf::allreduce_sum(1) == W, "sum");
  expect(hpf::allreduce_max(Me) == W - 1, "max");
  expect(hpf::allreduce_min(Me) == 0, "min");
  expect(hpf::allreduce_land(true), "land");
  expect(hpf::allreduce_sum(0.5) == 0.5 * W, "double sum");

  // Redistribution through every strategy, onto a smaller arrangement and
  // back: ranks outside Q own nothing in between.
  hpf::darray<double> A(N, hpf::cyclic(4), P, "ApiTest.cpp:70");
  for (hpf::index_t I : A.owned())
    A[I] = double(I) * 1.5;
  for (const std::string &S : hpf::strategies()) {
    hpf::redistribute_options O;
    O.strategy = S.c_str();
    hpf::redistribute(A, hpf::cyclic(3), Q, O);
    expect(Q.contains(Me) || A.local_size() == 0, "outside Q owns nothing");
    for (hpf::index_t I : A.owned())
      expect(A[I] == double(I) * 1.5, "value after cyclic(3)", I);
    hpf::redistribute(A, hpf::block(), P, O);
    for (hpf::index_t I : A.owned())
      expect(A[I] == double(I) * 1.5, "value after block", I);
  }
  // A redistribution to a mapping that places every element where it is
  // (cyclic(ceil(N/P)) is block) moves nothing and makes no plan, on every
  // executor; the array takes the new format and keeps its values.
  for (const std::string &S : hpf::strategies()) {
    hpf::redistribute_options O;
    O.strategy = S.c_str();
    const hpf::rt::CacheStats Before = hpf::rt::cacheStats();
    const double *Local = A.local_data();
    hpf::redistribute(A, hpf::cyclic((N + W - 1) / W), P, O);
    const hpf::rt::CacheStats After = hpf::rt::cacheStats();
    expect(After.NoOps == Before.NoOps + 1, "no-op counted",
           (long long)After.NoOps, (long long)Before.NoOps);
    expect(After.Misses == Before.Misses && After.Hits == Before.Hits,
           "no-op looks up no plan");
    expect(A.local_data() == Local, "no-op keeps the storage");
    for (hpf::index_t I : A.owned())
      expect(A[I] == double(I) * 1.5, "value after a no-op", I);
    hpf::redistribute(A, hpf::block(), P, O);
  }
  hpf::printf("api: %d ranks, %s\n", W, "done");
  long Total = hpf::allreduce_sum(Errors);
  if (Total != 0)
    hpf::printf("api: %ld errors\n", Total);
  return Total == 0 ? 0 : 1;
}
