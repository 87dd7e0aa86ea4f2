//===- test/mpi/StaticPlanTest.cpp - compiler-emitted plans ---------------===//
//
// Runs redistributions with plans emitted as C++ tables by the codec (the
// compiler's path): values arrive, the static plan is used (not
// recomputed), and its fingerprint equals the run-time plan's for the same
// scheduler; 1-D and 2-D (a change of grid). Run with 3 ranks, the plans
// use 2 and 3, so some ranks hold nothing. Mode `tampered`: the 2-D tables
// with one message changed must fail naming the redistribute's location.
//
//===----------------------------------------------------------------------===//

#include "mpi/hpfrt.h"
#include "plan/StaticPlanCodec.h"

#include "StaticPlans.inc"

#include <cstdio>
#include <string>

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
  const hpf::plan::Plan &Computed =
      hpf::rt::lookupPlan(hpf::plan::DistributionND::rank1(S),
                          hpf::plan::DistributionND::rank1(D), O);
  check(hpf::plan::fingerprint(Computed) == Plan.fingerprint, Name);
}
void run2D(const hpf::static_plan &Plan) {
  hpf::processors G({2, 1}), H({1, 2});
  hpf::darray<double, 2> M({37, 53}, {hpf::block(), hpf::cyclic(4)}, G,
                           "StaticPlanTest.cpp");
  auto Value = [](hpf::index_t I, hpf::index_t J) {
    return double(I * 53 + J) + 0.25;
  };
  for (hpf::index_t I : M.owned(0))
    for (hpf::index_t J : M.owned(1))
      M(I, J) = Value(I, J);
  hpf::plan::DistributionND Src = M.mapping();
  auto Before = hpf::rt::cacheStats();
  hpf::redistribute(M, {hpf::cyclic(2), hpf::block()}, H, Plan,
                    "StaticPlanTest.cpp");
  auto After = hpf::rt::cacheStats();
  check(After.StaticPlans == Before.StaticPlans + 1, "2-D static plan used");
  for (hpf::index_t I : M.owned(0))
    for (hpf::index_t J : M.owned(1))
      check(M(I, J) == Value(I, J), "2-D values");
  // The static plan is the one the runtime computes for the same mappings.
  hpf::redistribute_options O;
  O.scheduler = Plan.scheduler;
  check(hpf::plan::fingerprint(hpf::rt::lookupPlan(Src, M.mapping(), O)) ==
            Plan.fingerprint,
        "2-D fingerprint");
  // Back (computed), and again with the static plan (cached now).
  hpf::redistribute(M, {hpf::block(), hpf::cyclic(4)}, G, "StaticPlanTest.cpp");
  hpf::redistribute(M, {hpf::cyclic(2), hpf::block()}, H, Plan,
                    "StaticPlanTest.cpp");
  check(hpf::rt::cacheStats().StaticPlans == After.StaticPlans,
        "2-D static plan cached");
  for (hpf::index_t I : M.owned(0))
    for (hpf::index_t J : M.owned(1))
      check(M(I, J) == Value(I, J), "2-D values after the round trip");
}

/// One message size of the 2-D tables changed: refused before running.
void tampered() {
  hpf::plan::StaticPlanTables T = hpf::plan::toTables(plan_2d);
  T.Messages.at(1).size += 1;
  hpf::static_plan Bad = T.view();
  hpf::processors G({2, 1}), H({1, 2});
  hpf::darray<double, 2> M({37, 53}, {hpf::block(), hpf::cyclic(4)}, G);
  hpf::redistribute(M, {hpf::cyclic(2), hpf::block()}, H, Bad, "prog.cpp:17:1");
}
} // namespace

int main(int argc, char **argv) {
  hpf::init(&argc, &argv);
  const std::string Mode = argc > 1 ? argv[1] : "";
  if (Mode == "tampered") {
    tampered();
    std::fprintf(stderr, "not reached: rank %d\n", hpf::rank());
    return 0;
  }
  if (Mode == "2d") { // two ranks: the 1-D plans need three
    run2D(plan_2d);
    long Total = hpf::allreduce_sum(Errors);
    hpf::printf("static 2-D plan: %ld failures\n", Total);
    return Total == 0 ? 0 : 1;
  }
  run(plan_c4_c3, hpf::cyclic(4), hpf::cyclic(3), "cyclic(4)->cyclic(3)");
  run(plan_block_c2_pq, hpf::block(), hpf::cyclic(2), "block->cyclic(2)");
  const int G1[] = {0, 600, 397};
  const long G2[] = {500, 497};
  run(plan_gen_gen, hpf::gen_block(G1), hpf::gen_block(G2), "gen->gen");
  run(plan_c8_c6, hpf::cyclic(8), hpf::cyclic(6), "cyclic(8)->cyclic(6)");
  run2D(plan_2d);
  long Total = hpf::allreduce_sum(Errors);
  hpf::printf("static plans: %ld failures\n", Total);
  return Total == 0 ? 0 : 1;
}
