//===- PayloadTest.cpp - where a darray's elements live -------------------===//
//
// mpi/Payload.h and the darray's Buffer without mpiexec: a small block is
// aligned operator new[] memory; a block of HugePayload bytes or more is a
// fresh mapping, all zero, at successive offsets modulo 4 KB; where huge
// pages pay, within 4 KB of a 2 MB boundary and advised MADV_HUGEPAGE (the
// "hg" flag of its mapping in /proc/self/smaps, whatever the kernel then
// does with the advice), else resident at once (mincore); a Buffer of
// doubles skips zeroing such a mapping but zeroes memory it reuses.
// (runtime.payload.huge-on and huge-off run them with HPF_HUGE_PAGES=1, 0.)
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
#include <vector>

#include <sys/mman.h>

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

/// The 4 KB pages [P, P + Bytes) touches, and how many of them are
/// resident (mincore).
std::size_t pagesOf(const char *P, std::size_t Bytes) {
  return (addr(P + Bytes - 1) / 4096) - (addr(P) / 4096) + 1;
}
std::size_t residentPages(const char *P, std::size_t Bytes) {
  char *First = reinterpret_cast<char *>(addr(P) & ~std::uintptr_t(4095));
  std::vector<unsigned char> In(pagesOf(P, Bytes));
  if (::mincore(First, In.size() * 4096, In.data()) != 0)
    return 0;
  std::size_t N = 0;
  for (unsigned char C : In)
    N += C & 1;
  return N;
}

TEST(Payload, SmallBlockIsAlignedHeapMemory) {
  bool Zeroed = true;
  char *P = allocPayload(1000, &Zeroed);
  EXPECT_EQ(addr(P) % PayloadAlignment, 0u);
  EXPECT_FALSE(Zeroed);
  freePayload(P, 1000);
}

TEST(Payload, LargeBlockIsAZeroMapping) {
  const std::size_t Bytes = HugePayload + 12345; // not a whole page
  bool Zeroed = false;
  char *P = allocPayload(Bytes, &Zeroed);
  EXPECT_EQ(addr(P) % PayloadAlignment, 0u);
  EXPECT_TRUE(Zeroed);
  for (std::size_t K = 0; K < Bytes; K += 4096)
    ASSERT_EQ(P[K], 0) << K;
  EXPECT_EQ(P[Bytes - 1], 0);
  P[Bytes - 1] = 1; // writable to the last byte
  // Huge pages: advised, near a 2 MB boundary (within its colour); else
  // resident at once (the next test).
  EXPECT_EQ(vmFlags(P).find(" hg") != std::string::npos, hugePagesPay())
      << vmFlags(P);
  if (hugePagesPay()) {
    EXPECT_LT(addr(P) % HugePage, 4096u);
  }
  freePayload(P, Bytes);
}

TEST(Payload, WithoutHugePagesALargeBlockIsResidentAtOnce) {
  if (hugePagesPay())
    GTEST_SKIP() << "huge pages here: runtime.payload.huge-off runs this";
  const std::size_t Bytes = HugePayload;
  char *P = allocPayload(Bytes);
  EXPECT_EQ(residentPages(P, Bytes), pagesOf(P, Bytes));
  freePayload(P, Bytes);
}

// Blocks allocated one after the other start at different offsets modulo
// 4 KB (no 4K aliasing between arrays swept together), and each is freed
// whole.
TEST(Payload, SuccessiveLargeBlocksHaveDifferentColours) {
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
