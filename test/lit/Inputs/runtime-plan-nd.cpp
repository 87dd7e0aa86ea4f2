// For static-plan-nd.cpp: the fingerprints of the plans the runtime makes
// for that test's two redistributions (its plan cache, as a program without
// a static plan gets them), one per line in directive order.
#include "mpi/hpfrt.h"

#include <cstdio>

int main(int argc, char **argv) {
  hpf::init(&argc, &argv);
  hpf::processors P(4, "P"), G({2, 2}, "G");
  auto map = [](const std::vector<hpf::format> &F, const hpf::processors &On) {
    return hpf::rt::makeDistribution({12, 10}, F, On, "test", "test");
  };
  const auto Rows = map({hpf::block(), hpf::collapsed()}, P);
  const auto Cols = map({hpf::collapsed(), hpf::block()}, P);
  const auto Grid = map({hpf::block(), hpf::cyclic(2)}, G);
  hpf::redistribute_options O;
  if (hpf::is_root()) {
    std::printf("0x%llx\n", (unsigned long long)hpf::plan::fingerprint(
                                hpf::rt::lookupPlan(Rows, Cols, O)));
    std::printf("0x%llx\n", (unsigned long long)hpf::plan::fingerprint(
                                hpf::rt::lookupPlan(Cols, Grid, O)));
  }
  return 0;
}
