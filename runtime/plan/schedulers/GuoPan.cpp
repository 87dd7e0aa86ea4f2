//===- plan/schedulers/GuoPan.cpp - paper 000 -----------------------------===//
//
// `guo-pan`: cyclic(x) on p -> cyclic(y) on q (block and block(k) read as
// cyclic(b) with their block size b). The schedule is computed on the
// reduced slice pattern (gcd reduction, Lemma 2) and mapped onto the actual
// messages; when n is not a multiple of the slice, the pairs of the partial
// last slice are a subset of the pattern's, so the schedule stays valid (its
// cost may then exceed the paper's optimum, and a note says so).
//
// Algorithm 1 when gcd(x', q) = gcd(y', p) = 1 (for p > q on the transpose),
// else Algorithm 2 with large steps; both Algorithm 2 fillings (greedy and
// edge colouring) are built and the cheaper valid one kept. A large step
// that would contend is split (legalizeGroups). See GuoPanAlgorithms.h for
// the corrections to the paper.
//
// Limits (applicable): the pattern rows must cost at most 2^24 segments and
// Algorithm 2's greedy O(p * q) per small step needs p * q <= 2^20.
//
//===----------------------------------------------------------------------===//

#include "plan/regular/GuoPanAlgorithms.h"
#include "plan/regular/SlicePattern.h"
#include "plan/schedulers/Schedulers.h"

namespace hpf::plan {

namespace {

constexpr double MaxPatternWork = double(1 << 24);
constexpr double MaxAlgorithm2Cells = double(1 << 20);

class GuoPan final : public Scheduler {
public:
  std::string_view name() const override { return "guo-pan"; }
  std::string_view description() const override {
    return "Guo & Pan 2005 (paper 000): cyclic(x) on p -> cyclic(y) on q, "
           "equal-size steps (Algorithm 1) or large steps (Algorithm 2)";
  }

  bool applicable(const PlanRequest &Req, std::string *WhyNot) const override {
    regular::ReducedPair R;
    if (!regular::readReducedPair(Req, R, WhyNot))
      return false;
    if (regular::guoPanPatternWork(R) > MaxPatternWork)
      return regular::refuse(
          WhyNot, "the slice lcm(x*p, y*q) = " + std::to_string(R.Slice) +
                      " is too long to walk (more than 2^24 segments)");
    if (!regular::guoPanAlgorithm1Applies(R) &&
        double(R.P) * double(R.Q) > MaxAlgorithm2Cells)
      return regular::refuse(
          WhyNot, "Algorithm 2 costs O(p*q) per small step; p*q > 2^20");
    return true;
  }

  Schedule schedule(const PlanRequest &Req) const override {
    regular::ReducedPair R;
    if (!regular::readReducedPair(Req, R, nullptr))
      throw PlanError("guo-pan needs block-cyclic distributions");
    const CommTable &T = *Req.Table;
    Schedule Best;
    if (regular::guoPanAlgorithm1Applies(R)) {
      Best = regular::toSchedule(T, regular::guoPanAlgorithm1(R));
    } else {
      double BestCost = 0;
      bool Have = false;
      for (auto Fill :
           {regular::SmallSteps::Greedy, regular::SmallSteps::EdgeColouring}) {
        Schedule S = regular::toSchedule(T, regular::guoPanAlgorithm2(R, Fill));
        std::size_t Before = S.effectiveGroups().size();
        regular::legalizeGroups(T, S, Req.Weights);
        std::size_t After = S.effectiveGroups().size();
        if (After != Before)
          S.Notes.push_back("guo-pan: split large steps that would contend (" +
                            std::to_string(Before) + " -> " +
                            std::to_string(After) + " groups)");
        if (!validate(T, S).Ok)
          continue;
        double C = weightedScheduleCost(T, S, Req.Weights);
        if (!Have || C < BestCost ||
            (C == BestCost && S.stepCount() < Best.stepCount())) {
          Best = std::move(S);
          BestCost = C;
          Have = true;
        }
      }
    }
    Index Slice;
    if (__builtin_mul_overflow(R.Slice, R.Z, &Slice) || T.N % Slice != 0)
      Best.Notes.push_back("guo-pan: n = " + std::to_string(T.N) +
                           " is not a multiple of the slice lcm(x*p, y*q)" +
                           "; scheduled by the whole-slice pattern");
    return Best;
  }
};

} // namespace

const Scheduler &guoPanScheduler() {
  static const GuoPan S;
  return S;
}

} // namespace hpf::plan
