//===- plan/schedulers/Park.cpp - paper 003 -------------------------------===//
//
// `park`: R_x(P, K, Q), cyclic(x) on P -> cyclic(K*x) on Q with P <= Q, by
// the generalized-circulant send table of Park, Prasanna & Raghavendra
// (ParkTables.h): L_s steps of one block per superblock when G > K, Q steps
// with folded messages when G <= K. The reverse, cyclic(K*x) on Q ->
// cyclic(x) on P, is the dual: the same steps with send and receive swapped.
// block and block(k) count as cyclic(b) with their block size b.
//
// Not applicable (WhyNot), so makePlan uses coloring and says so:
//  * block sizes that are not multiples of each other (use guo-pan);
//  * P > Q, more ranks on the cyclic(x) side than on the cyclic(K*x) side:
//    a row of C_send then holds P entries over Q < P values, so collisions
//    are unavoidable, and the paper gives no rule (its Theorem 1 needs
//    P <= Q);
//  * more than 2^22 steps x sources (the tables are O(steps * P) to list).
//
// When n is not a multiple of the superblock the pairs of the partial one
// are a subset, so the steps stay valid.
//
//===----------------------------------------------------------------------===//

#include "plan/regular/ParkTables.h"
#include "plan/regular/SlicePattern.h"
#include "plan/schedulers/Schedulers.h"

namespace hpf::plan {

namespace {

struct ParkShape {
  int P = 1, Q = 1; ///< cyclic(x) ranks, cyclic(K*x) ranks
  Index K = 1, X = 1;
  bool Dual = false; ///< the request is cyclic(K*x) -> cyclic(x)
};

bool readShape(const PlanRequest &Req, ParkShape &Out, std::string *WhyNot) {
  if (!regular::blockCyclicSides(
          Req, WhyNot,
          "needs cyclic(x) -> cyclic(K*x) or cyclic(K*x) -> cyclic(x)"))
    return false;
  Index BS = Req.Src->blockSize(), BD = Req.Dst->blockSize();
  int PS = Req.Src->procs(), PD = Req.Dst->procs();
  bool Fwd = BD % BS == 0, Rev = BS % BD == 0;
  if (!Fwd && !Rev)
    return regular::refuse(
        WhyNot, "needs block sizes x -> K*x or K*x -> x (got " +
                    std::to_string(BS) + " -> " + std::to_string(BD) + ")");
  if (Fwd && PS <= PD) {
    Out = {PS, PD, BD / BS, BS, false};
  } else if (Rev && PD <= PS) {
    Out = {PD, PS, BS / BD, BD, true};
  } else {
    int P = Fwd ? PS : PD, Q = Fwd ? PD : PS;
    return regular::refuse(
        WhyNot, "the cyclic(x) side has more ranks (" + std::to_string(P) +
                    ") than the cyclic(K*x) side (" + std::to_string(Q) +
                    "); paper 003's circulant schedule needs P <= Q");
  }
  if (lcmOrOverflow(Out.P, Out.K * Out.Q) < 0 || Out.K > (Index(1) << 40))
    return regular::refuse(
        WhyNot, "the superblock lcm(P, K*Q) does not fit in 64 bits");
  return true;
}

class Park final : public Scheduler {
public:
  std::string_view name() const override { return "park"; }
  std::string_view description() const override {
    return "Park, Prasanna & Raghavendra 1998 (paper 003): cyclic(x) on P -> "
           "cyclic(K*x) on Q (and back), generalized circulant, P <= Q";
  }

  bool applicable(const PlanRequest &Req, std::string *WhyNot) const override {
    ParkShape Sh;
    if (!readShape(Req, Sh, WhyNot))
      return false;
    regular::ParkTables T = regular::ParkTables::make(Sh.P, Sh.K, Sh.Q);
    if (double(T.Steps) * double(T.P) > double(1 << 22))
      return regular::refuse(WhyNot,
                             "more than 2^22 (step, source) entries to list");
    return true;
  }

  Schedule schedule(const PlanRequest &Req) const override {
    ParkShape Sh;
    std::string Why;
    if (!readShape(Req, Sh, &Why))
      throw PlanError("park: " + Why);
    regular::ParkTables T = regular::ParkTables::make(Sh.P, Sh.K, Sh.Q);
    regular::PairSchedule PS;
    PS.Steps.resize(size_t(T.Steps));
    for (Index I = 0; I < T.Steps; ++I)
      for (int J = 0; J < T.P; ++J) {
        int D = T.cSend(I, J);
        PS.Steps[size_t(I)].push_back(Sh.Dual ? std::pair{D, J}
                                              : std::pair{J, D});
      }
    std::string Pattern =
        T.G > T.K ? "not all-to-all (G > K): L_s = " + std::to_string(T.Ls) +
                        " steps of 1 block"
        : T.K % T.G == 0
            ? "all-to-all, equal sizes (G | K): Q = " + std::to_string(T.Q) +
                  " steps of " + std::to_string(T.K / T.G) + " blocks"
            : "all-to-all, two sizes (G < K): Q = " + std::to_string(T.Q) +
                  " folded steps";
    PS.Notes.push_back("park: R_" + std::to_string(Sh.X) + "(" +
                       std::to_string(T.P) + "," + std::to_string(T.K) + "," +
                       std::to_string(T.Q) + "), G = " + std::to_string(T.G) +
                       ", " + Pattern + (Sh.Dual ? " (dual direction)" : ""));
    return regular::toSchedule(*Req.Table, PS);
  }
};

} // namespace

const Scheduler &parkScheduler() {
  static const Park S;
  return S;
}

} // namespace hpf::plan
