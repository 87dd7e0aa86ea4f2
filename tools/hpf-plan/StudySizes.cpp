//===- hpf-plan/StudySizes.cpp - random gen_block workloads ---------------===//

#include "Study.h"

#include <algorithm>
#include <charconv>

namespace hpf::tools::study {

using plan::Index;

std::uint64_t Rng::next() { // splitmix64
  std::uint64_t Z = (State += 0x9e3779b97f4a7c15ull);
  Z = (Z ^ (Z >> 30)) * 0xbf58476d1ce4e5b9ull;
  Z = (Z ^ (Z >> 27)) * 0x94d049bb133111ebull;
  return Z ^ (Z >> 31);
}

Index Rng::uniform(Index Lo, Index Hi) {
  return Lo + Index(next() % std::uint64_t(Hi - Lo + 1));
}

Sizes parseSizes(const std::string &S) {
  if (S == "uneven")
    return Sizes::Uneven;
  if (S == "even")
    return Sizes::Even;
  if (S == "bound")
    return Sizes::Bound;
  throw plan::PlanError("--sizes must be uneven, even or bound (got '" + S +
                        "')");
}

namespace {

std::vector<Index> cuts(Rng &R, int P, Index N) {
  std::vector<Index> C{0, N};
  for (int I = 0; I + 1 < P; ++I)
    C.push_back(R.uniform(0, N));
  std::sort(C.begin(), C.end());
  std::vector<Index> Sizes;
  for (std::size_t I = 1; I < C.size(); ++I)
    Sizes.push_back(C[I] - C[I - 1]);
  return Sizes;
}

/// Blocks uniform in [Lo, Hi], then unit moves on random blocks (within the
/// bounds) until they sum to Total. Needs P * Lo <= Total <= P * Hi.
std::vector<Index> bounded(Rng &R, int P, Index Lo, Index Hi, Index Total) {
  std::vector<Index> S(static_cast<std::size_t>(P));
  Index Sum = 0;
  for (Index &X : S)
    Sum += X = R.uniform(Lo, Hi);
  while (Sum != Total) {
    Index &X = S[std::size_t(R.uniform(0, P - 1))];
    if (Sum < Total && X < Hi)
      ++X, ++Sum;
    else if (Sum > Total && X > Lo)
      --X, --Sum;
  }
  return S;
}

} // namespace

Workload makeWorkload(Rng &R, Sizes Kind, int P, Index N, Index U) {
  Workload W;
  switch (Kind) {
  case Sizes::Uneven:
    W.Src = cuts(R, P, N);
    W.Dst = cuts(R, P, N);
    break;
  case Sizes::Even: {
    // Every block within +-30% of the mean (rounded inwards).
    Index Lo = (7 * N + 10 * P - 1) / (10 * P), Hi = 13 * N / (10 * P);
    if (Lo * P > N || Hi * P < N)
      throw plan::PlanError("--sizes even needs n large enough for blocks "
                            "within +-30% of n / p");
    W.Src = bounded(R, P, Lo, Hi, N);
    W.Dst = bounded(R, P, Lo, Hi, N);
    break;
  }
  case Sizes::Bound: {
    Index Total = 0;
    for (int I = 0; I < P; ++I)
      Total += W.Src.emplace_back(R.uniform(0, U));
    W.Dst = bounded(R, P, 0, U, Total);
    break;
  }
  }
  return W;
}

std::vector<int> parseProcessorList(const std::string &Spec) {
  auto Bad = [&] {
    return plan::PlanError("--p: expected A..B, A..B:STEP, A..B*FACTOR or a "
                           "comma list of processor counts >= 1 (got '" +
                           Spec + "')");
  };
  auto Num = [&](std::string_view S) {
    int V = 0;
    auto [Ptr, Ec] = std::from_chars(S.data(), S.data() + S.size(), V);
    if (Ec != std::errc() || Ptr != S.data() + S.size() || V < 1 ||
        V > (1 << 20))
      throw Bad();
    return V;
  };
  std::vector<int> Out;
  std::string_view S = Spec;
  auto Dots = S.find("..");
  if (Dots == std::string_view::npos) {
    while (!S.empty()) {
      auto Comma = S.find(',');
      Out.push_back(Num(S.substr(0, Comma)));
      S = Comma == std::string_view::npos ? "" : S.substr(Comma + 1);
    }
    if (Out.empty())
      throw Bad();
    return Out;
  }
  int From = Num(S.substr(0, Dots));
  std::string_view Rest = S.substr(Dots + 2);
  auto Op = Rest.find_first_of(":*");
  int To = Num(Rest.substr(0, Op));
  char Kind = Op == std::string_view::npos ? ':' : Rest[Op];
  int Step = Op == std::string_view::npos ? 1 : Num(Rest.substr(Op + 1));
  if (From > To || (Kind == '*' && Step < 2))
    throw Bad();
  for (long long P = From; P <= To; P = Kind == '*' ? P * Step : P + Step)
    Out.push_back(int(P));
  return Out;
}

} // namespace hpf::tools::study
