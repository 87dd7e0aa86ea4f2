#include "plan/Distribution.h"

#include <gtest/gtest.h>

using namespace hpf::plan;

TEST(Distribution, BlockCyclicOwnerAndLocal) {
  // cyclic(4) on 5 (paper 000): g -> ((g / 4) mod 5, 4 * (g / 20) + g mod 4)
  Distribution D = Distribution::cyclic(60, 5, 4);
  for (Index G = 0; G < 60; ++G) {
    EXPECT_EQ(D.owner(G), int((G / 4) % 5));
    EXPECT_EQ(D.localIndex(G), 4 * (G / 20) + G % 4);
    EXPECT_EQ(D.globalIndex(D.owner(G), D.localIndex(G)), G);
  }
}
