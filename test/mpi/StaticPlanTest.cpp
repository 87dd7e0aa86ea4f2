//===- test/mpi/StaticPlanTest.cpp - compiler-emitted plans ---------------===//
//
// Runs redistributions with plans emitted as C++ tables (the compiler's
// path): values arrive, the static plan is used (not recomputed), and its
// fingerprint equals the run-time plan's for the same scheduler. Run with
// 3 ranks: the plans use 2 and 3, so some ranks hold nothing.
//
//===----------------------------------------------------------------------===//

#include "mpi/hpfrt.h"

#include "StaticPlans.inc"

#include <cstdio>

namespace {
long Errors = 0;

void check(bool Ok, const char *What) {
  if (!Ok) {
    ++Errors;
    std::fprintf(stderr, "rank %d: FAILED %s\n", hpf::rank(), What);
  }
}

void run(const hpf::static_plan &Plan, const hpf::format &From,
         const hpf::format &To, const char *Name) {
  hpf::processors P(Plan.p), Q(Plan.q);
  hpf::darray<double> A(Plan.n, From, P, "StaticPlanTest.cpp");
  for (hpf::index_t G : A.owned())
    A[G] = double(G) + 0.5;
  auto Before = hpf::rt::cacheStats();
  hpf::redistribute(A, To, Q, Plan, "StaticPlanTest.cpp");
  hpf::redistribute(A, From, P, "StaticPlanTest.cpp");     // back, computed
  hpf::redistribute(A, To, Q, Plan, "StaticPlanTest.cpp"); // cached now
  auto After = hpf::rt::cacheStats();
  check(After.StaticPlans == Before.StaticPlans + 1, Name);
  for (hpf::index_t G : A.owned())
    check(A[G] == double(G) + 0.5, Name);
  // The static plan is the one the runtime would compute with its scheduler.
  hpf::redistribute_options O;
  O.scheduler = Plan.scheduler;
  hpf::plan::Distribution S = From.instantiate(Plan.n, Plan.p);
  hpf::plan::Distribution D = To.instantiate(Plan.n, Plan.q);
  const hpf::plan::Plan &Computed = hpf::rt::lookupPlan(S, D, O);
  check(hpf::plan::fingerprint(Computed) == Plan.fingerprint, Name);
}
} // namespace

int main(int argc, char **argv) {
  hpf::init(&argc, &argv);
  run(plan_c4_c3, hpf::cyclic(4), hpf::cyclic(3), "cyclic(4)->cyclic(3)");
  run(plan_block_c2_pq, hpf::block(), hpf::cyclic(2), "block->cyclic(2)");
  const int G1[] = {0, 600, 397};
  const long G2[] = {500, 497};
  run(plan_gen_gen, hpf::gen_block(G1), hpf::gen_block(G2), "gen->gen");
  run(plan_c8_c6, hpf::cyclic(8), hpf::cyclic(6), "cyclic(8)->cyclic(6)");
  long Total = hpf::allreduce_sum(Errors);
  hpf::printf("static plans: %ld failures\n", Total);
  return Total == 0 ? 0 : 1;
}
