//===- test/mpi/ErrorTest.cpp - every error ends cleanly ------------------===//
//
// One bad input per mode. Each must end the whole run with a non-zero exit
// and a message naming the rank and the operation (checked by ctest through
// ExpectFailure.cmake), never hang (MPIEXEC_TIMEOUT) and never reach the
// "not reached" line.
//
//===----------------------------------------------------------------------===//

#include "mpi/hpfrt.h"
#include "plan/StaticPlanCodec.h"

#include <mpi.h>

#include <cstdio>
#include <string>

#include <unistd.h>

int main(int argc, char **argv) {
  hpf::init(&argc, &argv);
  std::string Mode = argc > 1 ? argv[1] : "";
  const int W = hpf::nranks();
  const auto Rank1 = hpf::plan::DistributionND::rank1;
  hpf::processors P(W);
  if (Mode == "genblock-sum") {
    const int Sizes[] = {4, 4};
    hpf::processors Two(2);
    hpf::darray<double> A(10, hpf::gen_block(Sizes), Two, "prog.cpp:7:9");
  } else if (Mode == "genblock-negative") {
    hpf::darray<double> A(10, hpf::cyclic(), P);
    std::vector<int> Sizes(std::size_t(W), 0);
    Sizes[0] = 12;
    Sizes[std::size_t(W) - 1] -= 2;
    hpf::redistribute(A, hpf::gen_block(Sizes), P, "prog.cpp:8:1");
  } else if (Mode == "procs-too-large") {
    hpf::processors Big(W + 1, "prog.cpp:3:1");
  } else if (Mode == "grid-negative") { // processors G(*, k), k < 0 at run time
    hpf::processors::fitted({0, -W}, "prog.cpp:4:1");
  } else if (Mode == "bad-strategy") {
    hpf::darray<double> A(10, hpf::block(), P);
    hpf::redistribute_options O;
    O.strategy = "fastest";
    O.where = "prog.cpp:9:1";
    hpf::redistribute(A, hpf::cyclic(), P, O);
  } else if (Mode == "bad-scheduler") { // HPF_SCHEDULER=nope in the test
    hpf::darray<double> A(10, hpf::block(), P);
    hpf::redistribute(A, hpf::cyclic(), P, "prog.cpp:10:1");
  } else if (Mode == "late-rank") {
    // A host that vanished: the last rank never arrives (it sleeps, as a
    // rank behind a dead link is silent). HPF_TIMEOUT=2 in the test: the
    // others give up after 2 s, and MPI_Abort ends the sleeper too.
    hpf::darray<double> A(1000, hpf::block(), P);
    if (hpf::rank() == W - 1)
      sleep(120);
    hpf::redistribute(A, hpf::cyclic(), P, "prog.cpp:17:1");
  } else if (Mode == "bad-timeout") { // HPF_TIMEOUT=soon in the test
    hpf::darray<double> A(1000, hpf::block(), P);
    hpf::redistribute(A, hpf::cyclic(), P, "prog.cpp:18:1");
  } else if (Mode == "quiet-rank") {
    // The last rank fails while replicated code has its output silenced
    // (a loop calling another file's function): its message must still
    // reach stderr.
    hpf::quiet_others Quiet;
    if (hpf::rank() == W - 1)
      hpf::fail("replicated loop", "simulated failure while silenced",
                "prog.cpp:18:1");
    hpf::barrier();
  } else if (Mode == "one-rank") {
    // Only the last rank fails; the others wait in a redistribution for
    // messages that never come. MPI_Abort must end them too.
    hpf::darray<double> A(1000, hpf::block(), P);
    if (hpf::rank() == W - 1)
      hpf::fail("redistribute", "simulated failure on one rank",
                "prog.cpp:11:1");
    hpf::redistribute(A, hpf::cyclic(), P, "prog.cpp:12:1");
    hpf::barrier();
  } else if (Mode == "static-mismatch") {
    // A plan for 1000 elements applied to 999.
    auto S = Rank1(hpf::plan::Distribution::cyclic(1000, W, 4));
    auto D = Rank1(hpf::plan::Distribution::cyclic(1000, W, 3));
    auto T = hpf::plan::toTables(hpf::plan::makePlan(S, D), S, D);
    hpf::static_plan SP = T.view();
    hpf::darray<double> A(999, hpf::cyclic(4), P);
    hpf::redistribute(A, hpf::cyclic(3), P, SP, "prog.cpp:13:1");
  } else if (Mode == "static-corrupt") {
    auto S = Rank1(hpf::plan::Distribution::cyclic(1000, W, 4));
    auto D = Rank1(hpf::plan::Distribution::cyclic(1000, W, 3));
    auto T = hpf::plan::toTables(hpf::plan::makePlan(S, D), S, D);
    if (T.StepMessages.size() > 1)
      T.StepMessages[1] = T.StepMessages[0]; // a message twice, one missing
    hpf::static_plan SP = T.view();
    hpf::darray<double> A(1000, hpf::cyclic(4), P);
    hpf::redistribute(A, hpf::cyclic(3), P, SP, "prog.cpp:14:1");
  } else if (Mode == "mpi-error") {
    // An MPI error code becomes a message naming the MPI function.
    double X = 0;
    hpf::rt::check(MPI_Send(&X, 1, MPI_DOUBLE, W + 5, 0, MPI_COMM_WORLD),
                   "MPI_Send", "test send", "prog.cpp:15:1");
  } else if (Mode == "get-in-loop") {
    // A collective element read inside an owner-computes loop would hang
    // (ranks run different iteration counts): it fails instead.
    hpf::darray<double> A(10, hpf::block());
    hpf::rt::independent_scope InLoop;
    (void)A.get(3);
  } else if (Mode == "bad-format") {
    hpf::parse_format("cyclic(0)", "prog.cpp:16:1");
  } else {
    std::fprintf(stderr, "unknown mode '%s'\n", Mode.c_str());
    return 2;
  }
  std::fprintf(stderr, "not reached: rank %d\n", hpf::rank());
  return 0;
}
