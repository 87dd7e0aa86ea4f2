//===- plan/regular/SlicePattern.cpp - cyclic(x) -> cyclic(y) per slice ---===//

#include "plan/regular/SlicePattern.h"
#include "plan/regular/Grouping.h"

#include <algorithm>

namespace hpf::plan::regular {

ReducedPair ReducedPair::transposed() const {
  ReducedPair T = *this;
  std::swap(T.X, T.Y);
  std::swap(T.P, T.Q);
  return T;
}

double ReducedPair::rowWork(double Rows) const {
  double L = Slice < 0 ? 9.3e18 : double(Slice);
  return Rows * (L / (double(P) * double(X)) + L / (double(P) * double(Y)) + 1);
}

ReducedPair reducePair(Index X, int P, Index Y, int Q) {
  ReducedPair R;
  R.Z = gcd(X, Y);
  R.X = X / R.Z;
  R.Y = Y / R.Z;
  R.P = P;
  R.Q = Q;
  Index XP, YQ;
  if (__builtin_mul_overflow(R.X, Index(P), &XP) ||
      __builtin_mul_overflow(R.Y, Index(Q), &YQ))
    R.Slice = -1;
  else
    R.Slice = lcmOrOverflow(XP, YQ);
  return R;
}

bool refuse(std::string *WhyNot, std::string Why) {
  if (WhyNot)
    *WhyNot = std::move(Why);
  return false;
}

bool blockCyclicSides(const PlanRequest &Req, std::string *WhyNot,
                      std::string NotBlockCyclic) {
  if (!Req.Src || !Req.Dst)
    return refuse(WhyNot, "needs the two distributions, not just a table");
  if (!Req.Src->isBlockCyclic() || !Req.Dst->isBlockCyclic())
    return refuse(WhyNot, std::move(NotBlockCyclic));
  return true;
}

bool readReducedPair(const PlanRequest &Req, ReducedPair &Out,
                     std::string *WhyNot) {
  if (!blockCyclicSides(Req, WhyNot,
                        "needs block-cyclic distributions on both sides "
                        "(block, block(k), cyclic(k))"))
    return false;
  Out = reducePair(Req.Src->blockSize(), Req.Src->procs(), Req.Dst->blockSize(),
                   Req.Dst->procs());
  if (Out.Slice < 0)
    return refuse(WhyNot, "the period lcm(x*p, y*q) does not fit in 64 bits");
  return true;
}

std::vector<std::pair<int, Index>> sliceRow(const ReducedPair &R, int I) {
  std::vector<std::pair<int, Index>> Cells;
  const Index Blocks = R.Slice / (R.X * R.P);
  for (Index U = 0; U < Blocks; ++U) {
    Index G = (I + U * R.P) * R.X, End = G + R.X;
    while (G < End) {
      Index B = G / R.Y, E = std::min(End, (B + 1) * R.Y);
      Cells.push_back({int(B % R.Q), E - G});
      G = E;
    }
  }
  std::sort(Cells.begin(), Cells.end());
  std::vector<std::pair<int, Index>> Row;
  for (const auto &[J, Len] : Cells)
    if (!Row.empty() && Row.back().first == J)
      Row.back().second += Len;
    else
      Row.push_back({J, Len});
  return Row;
}

PairSchedule PairSchedule::flipped() const {
  PairSchedule F = *this;
  for (auto &Step : F.Steps)
    for (auto &[A, B] : Step)
      std::swap(A, B);
  return F;
}

Schedule toSchedule(const CommTable &T, const PairSchedule &PS) {
  Schedule S;
  S.Notes = PS.Notes;
  S.Steps.reserve(PS.Steps.size());
  for (const auto &Step : PS.Steps) {
    std::vector<std::size_t> Msgs;
    Msgs.reserve(Step.size());
    for (auto [I, J] : Step) {
      std::ptrdiff_t M = T.find(I, J);
      if (M >= 0)
        Msgs.push_back(std::size_t(M));
    }
    std::sort(Msgs.begin(), Msgs.end());
    S.Steps.push_back(std::move(Msgs));
  }
  S.Groups = PS.Groups;
  S.dropEmptySteps();
  return S;
}

void legalizeGroups(const CommTable &T, Schedule &S, const CostWeights &W) {
  if (S.Groups.empty())
    return;
  std::vector<std::vector<std::size_t>> Out;
  for (const auto &G : S.Groups) {
    if (groupRunsUncontended(T, S, G)) {
      Out.push_back(G);
      continue;
    }
    Schedule Sub;
    for (std::size_t St : G)
      Sub.Steps.push_back(S.Steps[St]);
    chooseGroups(T, Sub, W, G.size());
    for (const auto &SubG : Sub.effectiveGroups()) {
      std::vector<std::size_t> NG;
      for (std::size_t K : SubG)
        NG.push_back(G[K]);
      Out.push_back(std::move(NG));
    }
  }
  bool AnyLarge = std::any_of(Out.begin(), Out.end(),
                              [](const auto &G) { return G.size() > 1; });
  S.Groups =
      AnyLarge ? std::move(Out) : std::vector<std::vector<std::size_t>>{};
}

} // namespace hpf::plan::regular
