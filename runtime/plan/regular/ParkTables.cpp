//===- plan/regular/ParkTables.cpp - paper 003's closed forms -------------===//

#include "plan/regular/ParkTables.h"
#include "plan/regular/NumberTheory.h"

#include <algorithm>
#include <string>

namespace hpf::plan::regular {

ParkTables ParkTables::make(int P, Index K, int Q) {
  if (P < 1 || Q < 1 || K < 1 || P > Q)
    throw PlanError(
        "park needs 1 <= P <= Q and K >= 1 (got P = " + std::to_string(P) +
        ", K = " + std::to_string(K) + ", Q = " + std::to_string(Q) + ")");
  ParkTables T;
  T.P = P;
  T.Q = Q;
  T.K = K;
  Index KQ;
  if (__builtin_mul_overflow(K, Index(Q), &KQ) ||
      (T.Superblock = lcmOrOverflow(P, KQ)) < 0)
    throw PlanError("park: the superblock lcm(P, K*Q) does not fit in 64 bits");
  T.G1 = gcd(P, K);
  T.K1 = K / T.G1;
  T.P1 = P / T.G1;
  T.G2 = gcd(T.P1, Q);
  T.Q1 = Q / T.G2;
  T.P2 = T.P1 / T.G2;
  T.G = T.G1 * T.G2;
  T.Ls = T.Superblock / P;
  T.Ld = T.Superblock / Q;
  Bezout B = extendedGcd(T.K1, T.P1); // U*K1 + V*P1 = 1
  T.NCoef = B.U;
  T.MCoef = -B.V;
  T.InvKQ = modInverse((KQ / T.G) % (P / T.G), P / T.G);
  T.InvP2 = modInverse(T.P2 % T.Q1, T.Q1);
  T.AllToAll = T.G <= K;
  T.Steps = T.AllToAll ? Q : T.Ls;
  return T;
}

int ParkTables::cSend(Index Step, int J) const {
  Index I1 = Step / Q1, I2 = Step % Q1, J1 = J / G1, J2 = J % G1;
  Index X = Index(floorMod128(Wide(NCoef) * (J1 - I1), P1));
  return int((X + floorMod(I2 - J2, Q1) * P1) % Q);
}

Index ParkTables::dSend(Index Step, int J) const {
  Index I1 = Step / Q1, I2 = Step % Q1, J1 = J / G1, J2 = J % G1;
  Index Y = Index(floorMod128(Wide(MCoef) * (J1 - I1), K1));
  return Y + floorMod(I2 - J2, Q1) * K1;
}

int ParkTables::cRecv(Index Step, int D) const {
  // Source j = j1*G1 + j2 sends to D in Step iff, with a2 = (i2 - j2) mod Q1,
  // X = Xhi*G2 + (D mod G2) where Xhi = (D div G2 - a2*P2) mod Q1 < P2, and
  // j1 = (i1 + K1*X) mod P1. Either try every j2 (G1 of them) or every
  // Xhi < P2 (then a2 = (D div G2 - Xhi) / P2 mod Q1 and j2 = i2 - a2).
  Index I1 = Step / Q1, I2 = Step % Q1, XLo = D % G2, DHi = D / G2;
  auto Source = [&](Index XHi, Index J2) {
    Index X = XHi * G2 + XLo;
    Index J1 = Index(floorMod128(Wide(I1) + Wide(K1) * X, P1));
    return int(J1 * G1 + J2);
  };
  if (G1 <= P2) {
    for (Index J2 = 0; J2 < G1; ++J2) {
      Index A2 = floorMod(I2 - J2, Q1);
      Index XHi = Index(floorMod128(Wide(DHi) - Wide(A2) * P2, Q1));
      if (XHi < P2)
        return Source(XHi, J2);
    }
    return -1;
  }
  for (Index XHi = 0; XHi < P2; ++XHi) {
    Index A2 = Index(floorMod128(Wide(DHi - XHi) * InvP2, Q1));
    Index J2 = floorMod(I2 - A2, Q1);
    if (J2 < G1)
      return Source(XHi, J2);
  }
  return -1;
}

Index ParkTables::rowOfLocalBlock(Index L, int J) const {
  // D = Y + a2*K1 with Y = m(j1 - i1) mod K1, a2 = (i2 - j2) mod Q1, and
  // m^-1 = -P1 (mod K1) because n*K1 - m*P1 = 1.
  Index A2 = L / K1, Y = L % K1, J1 = J / G1, J2 = J % G1;
  Index I1 = Index(floorMod128(Wide(J1) + Wide(Y) * P1, K1));
  Index I2 = (A2 + J2) % Q1;
  return I1 * Q1 + I2;
}

Index ParkTables::stepBlocks(Index Step) const {
  if (!AllToAll)
    return 1;
  Index Big = (K1 % G2) * Q1;
  return Step < Big ? (K1 + G2 - 1) / G2 : K1 / G2;
}

Index ParkTables::messageBlocks(int Src, int Dst) const {
  Index R = Index(floorMod128(Wide(Src) - Wide(K) * Dst, G));
  return R <= K - 1 ? (K - 1 - R) / G + 1 : 0;
}

std::vector<ParkSend> parkSourceSteps(const ParkTables &T, int J) {
  std::vector<ParkSend> Out(size_t(T.Steps));
  if (!T.AllToAll) {
    for (Index I = 0; I < T.Steps; ++I)
      Out[size_t(I)] = {T.cSend(I, J), {T.dSend(I, J)}};
    return Out;
  }
  // Folding: step s < Q carries every local block whose destination is
  // C_send(s, j), taken in row order (row s first).
  std::vector<Index> StepOfDst(size_t(T.Q), -1);
  for (Index I = 0; I < T.Q; ++I) {
    int D = T.cSend(I, J);
    StepOfDst[size_t(D)] = I;
    Out[size_t(I)].Dst = D;
  }
  for (Index I = 0; I < T.Ls; ++I) {
    Index S = StepOfDst[size_t(T.cSend(I, J))];
    Out[size_t(S)].Blocks.push_back(T.dSend(I, J));
  }
  return Out;
}

std::vector<ParkRecv> parkDestinationSteps(const ParkTables &T, int D) {
  std::vector<ParkRecv> Out(size_t(T.Steps));
  for (Index I = 0; I < T.Steps; ++I) {
    int Src = T.cRecv(I, D);
    Out[size_t(I)].Src = Src;
    if (Src < 0)
      continue;
    // Blocks g = (Q n + D) K + k with g = Src (mod P): k runs over the
    // residue class (Src - K D) mod G (Lemma 1), and n is then unique
    // modulo P/G. Ordered by the source's row so both sides agree.
    std::vector<std::pair<Index, Index>> RowAndLocal;
    const Index PG = T.P / T.G;
    const Index First = Index(floorMod128(Wide(Src) - Wide(T.K) * D, T.G));
    for (Index Kk = First; Kk < T.K; Kk += T.G) {
      Wide Num = Wide(Src) - Wide(D) * T.K - Kk; // = 0 mod G
      Index N = Index(floorMod128((Num / T.G) * T.InvKQ, PG));
      Index Gb = (Index(T.Q) * N + D) * T.K + Kk;
      RowAndLocal.push_back({T.rowOfLocalBlock(Gb / T.P, Src), N * T.K + Kk});
    }
    std::sort(RowAndLocal.begin(), RowAndLocal.end());
    for (const auto &RL : RowAndLocal)
      Out[size_t(I)].LocalBlocks.push_back(RL.second);
  }
  return Out;
}

} // namespace hpf::plan::regular
