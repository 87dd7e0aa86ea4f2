//===- PayloadTest.cpp - where a darray's elements live -------------------===//
//
// mpi/Payload.h and the darray's Buffer without mpiexec: a small block is
// aligned operator new[] memory; a block of HugePayload bytes or more is a
// fresh mapping within 4 KB of a 2 MB boundary, all zero, advised
// MADV_HUGEPAGE (the "hg" flag of its mapping in /proc/self/smaps, whatever
// the kernel then does with the advice) where huge pages pay, else heap
// memory; a Buffer of doubles skips zeroing such a mapping but zeroes
// memory it reuses. (HPF_HUGE_PAGES=0: PayloadHugeOff.cpp.)
//
//===----------------------------------------------------------------------===//

#include "mpi/Payload.h"
#include "mpi/DArray.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>

using hpf::index_t;
using namespace hpf::rt;

namespace {

std::uintptr_t addr(const void *P) {
  return reinterpret_cast<std::uintptr_t>(P);
}

/// The VmFlags of the mapping of /proc/self/smaps that contains P.
std::string vmFlags(const void *P) {
  std::ifstream In("/proc/self/smaps");
  std::string Line;
  bool Inside = false;
  while (std::getline(In, Line)) {
    std::uintptr_t Lo = 0, Hi = 0;
    char Dash = 0;
    std::istringstream S(Line);
    if (S >> std::hex >> Lo >> Dash >> Hi && Dash == '-') {
      Inside = Lo <= addr(P) && addr(P) < Hi;
      continue;
    }
    if (Inside && Line.rfind("VmFlags:", 0) == 0)
      return Line;
  }
  return "";
}

TEST(Payload, SmallBlockIsAlignedHeapMemory) {
  bool Zeroed = true;
  char *P = allocPayload(1000, &Zeroed);
  EXPECT_EQ(addr(P) % PayloadAlignment, 0u);
  EXPECT_FALSE(Zeroed);
  freePayload(P, 1000);
}

TEST(Payload, LargeBlockIsAZeroMappingWhereHugePagesPay) {
  if (!hugePagesPay())
    GTEST_SKIP() << "no huge pages here: runtime.payload.huge-on runs this "
                    "with HPF_HUGE_PAGES=1";
  const std::size_t Bytes = HugePayload + 12345; // not a whole page
  bool Zeroed = false;
  char *P = allocPayload(Bytes, &Zeroed);
  EXPECT_EQ(addr(P) % PayloadAlignment, 0u);
  EXPECT_LT(addr(P) % HugePage, 4096u); // its colour, within the first page
  EXPECT_TRUE(Zeroed);
  for (std::size_t K = 0; K < Bytes; K += 4096)
    ASSERT_EQ(P[K], 0) << K;
  EXPECT_EQ(P[Bytes - 1], 0);
  P[Bytes - 1] = 1; // writable to the last byte
  EXPECT_NE(vmFlags(P).find(" hg"), std::string::npos) << vmFlags(P);
  freePayload(P, Bytes);
}

// Blocks allocated one after the other start at different offsets modulo
// 4 KB (no 4K aliasing between arrays swept together), and each is freed
// whole: the next mapping may reuse its pages.
TEST(Payload, SuccessiveLargeBlocksHaveDifferentColours) {
  if (!hugePagesPay())
    GTEST_SKIP() << "no huge pages here: runtime.payload.huge-on runs this "
                    "with HPF_HUGE_PAGES=1";
  const std::size_t Bytes = HugePayload;
  char *A = allocPayload(Bytes), *B = allocPayload(Bytes);
  EXPECT_NE(addr(A) % 4096, addr(B) % 4096);
  EXPECT_EQ(addr(A) % PayloadAlignment, 0u);
  EXPECT_EQ(addr(B) % PayloadAlignment, 0u);
  A[Bytes - 1] = B[Bytes - 1] = 1;
  freePayload(A, Bytes);
  freePayload(B, Bytes);
  EXPECT_EQ(vmFlags(A), ""); // unmapped
  EXPECT_EQ(vmFlags(B), "");
}

// Without huge pages a large block is heap memory, not known to be zero.
TEST(Payload, LargeBlockIsHeapMemoryWithoutHugePages) {
  if (hugePagesPay())
    GTEST_SKIP() << "huge pages here: runtime.payload.huge-off runs the heap "
                    "path";
  bool Zeroed = true;
  char *P = allocPayload(HugePayload, &Zeroed);
  EXPECT_EQ(addr(P) % PayloadAlignment, 0u);
  EXPECT_FALSE(Zeroed);
  freePayload(P, HugePayload);
}

// HPF_HUGE_PAGES decides when set (runtime.payload.huge-on runs this
// program with 1, runtime.payload.huge-off its own with 0); unset, a
// virtio balloon that reports free pages turns huge pages off
// (mpi/Payload.cpp).
TEST(Payload, HugePagesFollowTheSwitch) {
  const char *V = std::getenv("HPF_HUGE_PAGES");
  if (!V || !*V)
    GTEST_SKIP() << "HPF_HUGE_PAGES unset: the machine decides";
  EXPECT_EQ(hugePagesPay(), V[0] != '0');
}

TEST(Payload, BufferZeroesOnlyWhatItReuses) {
  const index_t N = index_t(HugePayload / sizeof(double)) + 7;
  Buffer<double> B;
  B.resize(N, /*Zero=*/true); // fresh mapping: zero without a fill
  double Sum = 0;
  for (index_t K = 0; K < N; ++K)
    Sum += B.data()[K];
  EXPECT_EQ(Sum, 0.0);
  for (index_t K = 0; K < N; ++K)
    B.data()[K] = 1.0;
  B.resize(N - 3, /*Zero=*/true); // the same memory, reused: filled
  for (index_t K = 0; K < N - 3; ++K)
    ASSERT_EQ(B.data()[K], 0.0) << K;
}

} // namespace
