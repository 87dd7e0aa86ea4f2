//===- plan/regular/GuoPanAlgorithms.cpp - paper 000's two algorithms -----===//

#include "plan/regular/GuoPanAlgorithms.h"
#include "plan/regular/NumberTheory.h"
#include "plan/schedulers/Schedulers.h"

#include <algorithm>
#include <functional>

namespace hpf::plan::regular {

namespace {

/// gcd(A * B, M) without overflow, A, B >= 0, M >= 1.
Index gcdOfProduct(Index A, Index B, Index M) {
  return gcd(Index((Wide(A % M) * (B % M)) % M), M);
}

/// Algorithm 1 for p <= q (or the sub-step rule for p > q).
PairSchedule algorithm1Direct(const ReducedPair &R, bool SubSteps) {
  PairSchedule PS;
  const auto Row0 = sliceRow(R, 0);
  const Index InvY = modInverse(R.Y % R.P, R.P), XQ = R.X % R.Q;
  const int Sub = SubSteps ? int((R.P + R.Q - 1) / R.Q) : 1;
  // k_i: sender i is sender 0 shifted k_i times by (y', x') (Theorem 1).
  std::vector<Index> K(size_t(R.P));
  for (int I = 0; I < R.P; ++I)
    K[size_t(I)] = (Index(I) * InvY) % R.P;
  for (const auto &[J0, Size] : Row0) {
    (void)Size;
    std::vector<std::vector<std::pair<int, int>>> Steps(
        static_cast<size_t>(Sub));
    for (int I = 0; I < R.P; ++I) {
      Index KI = K[size_t(I)];
      int J = int((J0 + (XQ * KI) % R.Q) % R.Q);
      Steps[size_t(SubSteps ? KI / R.Q : 0)].push_back({I, J});
    }
    for (auto &St : Steps)
      PS.Steps.push_back(std::move(St));
  }
  return PS;
}

struct Cell {
  int A;      // row of C (sender residue)
  int Beta;   // column of C (receiver residue)
  Index Size; // elements per slice
};

} // namespace

bool guoPanAlgorithm1Applies(const ReducedPair &R) {
  return gcd(R.X, R.Q) == 1 && gcd(R.Y, R.P) == 1;
}

PairSchedule guoPanAlgorithm1(const ReducedPair &R, ManySenders Mode) {
  if (R.P <= R.Q) {
    PairSchedule PS = algorithm1Direct(R, false);
    PS.Notes.push_back("guo-pan: Algorithm 1 (gcd(x',q) = gcd(y',p) = 1), " +
                       std::to_string(PS.Steps.size()) +
                       " steps of equal-size messages");
    return PS;
  }
  if (Mode == ManySenders::SubSteps) {
    PairSchedule PS = algorithm1Direct(R, true);
    PS.Notes.push_back("guo-pan: Algorithm 1 with p > q split into sub-steps "
                       "(k div q)");
    return PS;
  }
  PairSchedule PS = algorithm1Direct(R.transposed(), false).flipped();
  PS.Notes.push_back("guo-pan: Algorithm 1 on the reverse redistribution "
                     "(p > q: the paper's steps would collide), " +
                     std::to_string(PS.Steps.size()) +
                     " steps of equal-size messages");
  return PS;
}

GuoPanPeriods guoPanPeriods(const ReducedPair &R) {
  GuoPanPeriods G;
  G.S = gcd(R.Y, R.P);
  G.T = gcd(R.X, R.Q);
  G.SStar = gcdOfProduct(R.Y, R.Q / G.T, R.P);
  G.TStar = gcdOfProduct(R.X, R.P / G.S, R.Q);
  return G;
}

double guoPanPatternWork(const ReducedPair &R) {
  if (guoPanAlgorithm1Applies(R))
    return R.P <= R.Q ? R.rowWork(1) : R.transposed().rowWork(1);
  GuoPanPeriods G = guoPanPeriods(R);
  bool Transpose = R.P / G.SStar > R.Q / G.TStar;
  return Transpose ? R.transposed().rowWork(double(G.TStar))
                   : R.rowWork(double(G.SStar));
}

PairSchedule guoPanAlgorithm2(const ReducedPair &R, SmallSteps Fill) {
  GuoPanPeriods G = guoPanPeriods(R);
  const Index SS = G.SStar, TS = G.TStar;
  const Index Rb = R.P / SS, Cb = R.Q / TS;
  if (Rb > Cb) {
    // The note of the inner call gives s, t, s* and t* of the reverse
    // problem; say so, with its s and t, so they are not read as this one's.
    ReducedPair Rev = R.transposed();
    GuoPanPeriods GR = guoPanPeriods(Rev);
    PairSchedule PS = guoPanAlgorithm2(Rev, Fill).flipped();
    PS.Notes.push_back("guo-pan: p/s* = " + std::to_string(Rb) +
                       " > q/t* = " + std::to_string(Cb) +
                       ", so Algorithm 2 ran on the reverse redistribution "
                       "(its s = " +
                       std::to_string(GR.S) + ", t = " + std::to_string(GR.T) +
                       ")");
    return PS;
  }
  // C = M'[0..s*-1][0..t*-1]; M'(i, j) = C(i mod s*, j mod t*).
  std::vector<Cell> Cells;
  std::vector<std::vector<std::size_t>> CellsOfRow(static_cast<size_t>(SS));
  for (int A = 0; A < SS; ++A)
    for (const auto &[J, Size] : sliceRow(R, A))
      if (J < TS) {
        CellsOfRow[size_t(A)].push_back(Cells.size());
        Cells.push_back({A, J, Size});
      }
  std::vector<Index> Sizes;
  for (const Cell &C : Cells)
    Sizes.push_back(C.Size);
  std::sort(Sizes.begin(), Sizes.end(), std::greater<>());
  Sizes.erase(std::unique(Sizes.begin(), Sizes.end()), Sizes.end());
  std::vector<std::vector<std::size_t>> CellsOfSize(Sizes.size());
  for (std::size_t C = 0; C < Cells.size(); ++C)
    CellsOfSize[size_t(std::find(Sizes.begin(), Sizes.end(), Cells[C].Size) -
                       Sizes.begin())]
        .push_back(C);

  // Large step 0 by the reconstructed greedy: each small step walks the
  // block diagonals n, sizes descending, row blocks h (column block
  // c = h + n); a sender stays in the column block of its first message.
  std::vector<std::vector<char>> Need(size_t(R.P));
  std::size_t Remaining = 0;
  for (int I = 0; I < R.P; ++I) {
    Need[size_t(I)].assign(Cells.size(), 0);
    for (std::size_t C : CellsOfRow[size_t(I % SS)]) {
      Need[size_t(I)][C] = 1;
      ++Remaining;
    }
  }
  std::vector<Index> Blk(size_t(R.P), -1);
  std::vector<std::vector<std::pair<int, int>>> Small;
  std::vector<std::pair<int, int>> Edges; // large step 0 (for colouring)
  std::vector<Index> EdgeSize;
  while (Remaining > 0) {
    std::vector<char> S1(size_t(R.P), 0), S2(size_t(R.Q), 0);
    std::vector<std::pair<int, int>> Step;
    for (Index N = 0; N < Cb; ++N)
      for (const auto &OfSize : CellsOfSize)
        for (Index H = 0; H < Rb; ++H) {
          Index C = (H + N) % Cb;
          for (std::size_t Ci : OfSize) {
            const Cell &Cl = Cells[Ci];
            int I = int(H * SS + Cl.A), J = int(C * TS + Cl.Beta);
            if (S1[size_t(I)] || S2[size_t(J)] || !Need[size_t(I)][Ci])
              continue;
            if (Blk[size_t(I)] >= 0 && Blk[size_t(I)] != C)
              continue;
            Step.push_back({I, J});
            Edges.push_back({I, J});
            EdgeSize.push_back(Cl.Size);
            S1[size_t(I)] = S2[size_t(J)] = 1;
            Blk[size_t(I)] = C;
            Need[size_t(I)][Ci] = 0;
            --Remaining;
          }
        }
    if (Step.empty())
      break; // cannot happen: some sender with needs always fits
    Small.push_back(std::move(Step));
  }
  std::string How = "greedy small steps";

  if (Fill == SmallSteps::EdgeColouring) {
    // Recolour large step 0 with exactly its max degree small steps.
    std::vector<std::size_t> Order(Edges.size());
    for (std::size_t E = 0; E < Order.size(); ++E)
      Order[E] = E;
    std::sort(Order.begin(), Order.end(), [&](std::size_t A, std::size_t B) {
      return Edges[A] < Edges[B];
    });
    CommTable Sub;
    Sub.P = R.P;
    Sub.Q = R.Q;
    for (std::size_t E : Order)
      Sub.Messages.push_back({Edges[E].first, Edges[E].second, EdgeSize[E]});
    PlanRequest Req;
    Req.Table = &Sub;
    Schedule Col = coloringScheduler().schedule(Req);
    Small.clear();
    for (const auto &St : Col.Steps) {
      std::vector<std::pair<int, int>> Step;
      for (std::size_t M : St)
        Step.push_back({Sub.Messages[M].Src, Sub.Messages[M].Dst});
      Small.push_back(std::move(Step));
    }
    How = "edge-coloured small steps";
  }

  PairSchedule PS;
  for (Index N = 0; N < Cb; ++N) {
    std::vector<std::size_t> Group;
    for (const auto &St : Small) {
      std::vector<std::pair<int, int>> Shifted;
      for (auto [I, J] : St)
        Shifted.push_back({I, int((J + TS * N) % R.Q)});
      Group.push_back(PS.Steps.size());
      PS.Steps.push_back(std::move(Shifted));
    }
    PS.Groups.push_back(std::move(Group));
  }
  PS.Notes.push_back(
      "guo-pan: Algorithm 2 (s = " + std::to_string(G.S) +
      ", t = " + std::to_string(G.T) + "; periods s* = " + std::to_string(SS) +
      ", t* = " + std::to_string(TS) + "), " + std::to_string(Cb) +
      " large steps of " + std::to_string(Small.size()) + " " + How);
  return PS;
}

} // namespace hpf::plan::regular
