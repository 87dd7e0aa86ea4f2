//===- PayloadHugeOff.cpp - HPF_HUGE_PAGES=0: large blocks on the heap ---===//
//
// Run by the test runtime.payload.huge-off with HPF_HUGE_PAGES=0 (the
// switch is read once per process, hence its own program): a block of
// HugePayload bytes or more comes from operator new[] like a small one, is
// not known to be zero and is not advised MADV_HUGEPAGE, and a Buffer of
// doubles zeroes it with a fill. PayloadTest.cpp checks the default.
//
//===----------------------------------------------------------------------===//

#include "mpi/DArray.h"
#include "mpi/Payload.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <string>

using hpf::index_t;
using namespace hpf::rt;

namespace {

/// True if a mapping of /proc/self/smaps containing P has the "hg" flag.
bool hugeAdvised(const void *P) {
  const auto A = reinterpret_cast<std::uintptr_t>(P);
  std::ifstream In("/proc/self/smaps");
  std::string Line;
  bool Inside = false;
  while (std::getline(In, Line)) {
    std::size_t Dash = Line.find('-');
    if (Dash != std::string::npos && Dash > 0 &&
        Line.find_first_not_of("0123456789abcdef") == Dash) {
      const std::uintptr_t Lo = std::stoull(Line.substr(0, Dash), nullptr, 16);
      const std::uintptr_t Hi = std::stoull(Line.substr(Dash + 1), nullptr, 16);
      Inside = Lo <= A && A < Hi;
    } else if (Inside && Line.rfind("VmFlags:", 0) == 0) {
      return Line.find(" hg") != std::string::npos;
    }
  }
  return false;
}

TEST(PayloadHugeOff, LargeBlocksStayOnTheHeap) {
  ASSERT_STREQ(std::getenv("HPF_HUGE_PAGES"), "0");
  ASSERT_FALSE(hugePagesPay());
  const std::size_t Bytes = HugePayload + 12345;
  bool Zeroed = true;
  char *P = allocPayload(Bytes, &Zeroed);
  EXPECT_EQ(reinterpret_cast<std::uintptr_t>(P) % PayloadAlignment, 0u);
  EXPECT_FALSE(Zeroed);
  EXPECT_FALSE(hugeAdvised(P));
  freePayload(P, Bytes);
  Buffer<double> B; // zeroed by a fill
  B.resize(index_t(Bytes / sizeof(double)), /*Zero=*/true);
  for (index_t K = 0; K < B.size(); K += 512)
    ASSERT_EQ(B.data()[K], 0.0) << K;
}

} // namespace
